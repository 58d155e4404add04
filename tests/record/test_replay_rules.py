"""The rule set reaches the replayer: the readings it applies while it builds the game are
read from the rule set it is handed, which the ruling chooses once and hands on; a view
of a stored ruling replays under the rule set that ruling was made under."""

from __future__ import annotations

import copy
import importlib
from typing import Any

import pytest

from referee.core.ruleset import RuleSet
from referee.record.log import EXAMPLE_DEAL, parse_record
from referee.record.replay import Replayer, replay, replay_steps
from referee.record.replay_json import replay_document
from referee.rulings import rule

#: the module (``referee.record.replay`` is also the name of its function)
replay_module = importlib.import_module("referee.record.replay")
OTHER = RuleSet().with_option("isko-4.1.9-single-card", "ends_game")
NAMED = RuleSet().with_option("isko-5.2.5-schwarz-suffered", "announced_only")
DEFAULT = RuleSet()
SAID = {"readings": {"isko-5.2.5-schwarz-suffered": "announced_only"}}


def _doc(rules: dict[str, Any] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "skat-log/1",
        "deal": copy.deepcopy(EXAMPLE_DEAL),
        "events": [
            {"type": "bid", "seat": "middlehand", "value": 18},
            {"type": "pass", "seat": "forehand"},
            {"type": "pass", "seat": "rearhand"},
            {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True},
        ],
    }
    if rules is not None:
        doc["rules"] = rules
    return doc


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[RuleSet]:
    """The rule set every Replayer made from now on was handed."""
    seen: list[RuleSet] = []

    class Watched(Replayer):
        def __init__(self, record: Any, rules: RuleSet = DEFAULT) -> None:
            seen.append(rules)
            super().__init__(record, rules)

    monkeypatch.setattr(replay_module, "Replayer", Watched)
    return seen


def test_the_replayer_holds_the_rule_set_it_is_given() -> None:
    record = parse_record(_doc())
    assert Replayer(record).rules == RuleSet()
    assert Replayer(record, OTHER).rules is OTHER


def test_replay_and_replay_steps_hand_the_rule_set_on(handed: list[RuleSet]) -> None:
    record = parse_record(_doc())
    replay(record, rules=OTHER)
    replay(record, 1, rules=OTHER)
    list(replay_steps(record, rules=OTHER))
    replay(record)  # a record's own rule set is not read here: the caller chooses
    assert handed == [OTHER, OTHER, OTHER, RuleSet()]


def test_a_ruling_replays_under_the_rule_set_it_is_made_under(handed: list[RuleSet]) -> None:
    named = parse_record(_doc(SAID))
    rule(named)
    rule(named, OTHER)
    rule(parse_record(_doc()), default=OTHER)
    assert handed == [NAMED, OTHER, OTHER]


def test_a_replayed_document_uses_the_rule_set_given_else_the_one_it_names(
    handed: list[RuleSet],
) -> None:
    replay_document(_doc(SAID))
    replay_document(_doc(), at=2)
    replay_document(_doc(SAID), rules=OTHER)
    assert handed == [NAMED, RuleSet(), OTHER]


def test_a_stored_ruling_names_the_rule_set_its_replay_views_use() -> None:
    from datetime import UTC, datetime

    from referee.rulings import render
    from referee.service.model import Revision

    record = parse_record(_doc(SAID))
    texts = {"en": render(rule(record, OTHER))}
    revision = Revision(None, 1, 1, datetime(2026, 1, 1, tzinfo=UTC), "x", _doc(SAID), texts, None)
    assert revision.ruled_under() == OTHER
    texts["en"].pop("rules")
    assert revision.ruled_under() is None


def test_a_look_into_a_hand_in_the_bidding_frees_the_bidders_only_under_the_spanish_reading() -> (
    None
):
    """isko-3.3.9-hand-look: releases_bidding (Spanish 3.3.9) takes the looker out and
    restarts the bidding; bidding_stands (English 3.3.9, the skat only) keeps every bid."""
    doc = _doc()
    doc["events"] = [
        {"type": "bid", "seat": "middlehand", "value": 18},
        {"type": "hold", "seat": "forehand"},
        {"type": "look_into_hand", "seat": "rearhand", "into": "forehand"},
        {"type": "pass", "seat": "middlehand"},
        {"type": "pass", "seat": "rearhand"},
    ]
    record = parse_record(doc)
    spanish = replay(record)
    assert [(e, s.value) for e, s, _, _ in spanish.released] == [(2, "rearhand")]
    english = replay(record, rules=RuleSet().with_option("isko-3.3.9-hand-look", "bidding_stands"))
    assert english.released == [] and english.auction_kept is None
    assert (english.phase, english.declarer.value, english.bid) == ("declaring", "forehand", 18)
    assert [i.kind for i in english.irregularities] == ["hand_viewed"]
    assert record.to_dict() == parse_record(doc).to_dict()  # the record is never changed


def test_words_added_before_the_first_card_count_only_until_the_first_card() -> None:
    """isko-3.4.1-added-words: until_first_card completes the contract with the words;
    when_made (the announcement complete when made) keeps the contract as declared and
    notes the words only."""
    doc = _doc()
    doc["events"][-1] = {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True}
    doc["events"].append({"type": "announce", "seat": "middlehand", "schneider": True})
    record = parse_record(doc)
    completed = replay(record)
    assert completed.contract.schneider
    assert [i.kind for i in completed.irregularities] == ["announcement_completed"]
    made = replay(record, rules=RuleSet().with_option("isko-3.4.1-added-words", "when_made"))
    assert not made.contract.schneider and made.declared["schneider"] is False
    assert [(i.kind, i.subkind) for i in made.irregularities] == [
        ("late_announcement", "schneider")
    ]


def test_the_consoles_ruling_page_replays_under_the_revisions_rule_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from datetime import UTC, datetime

    from referee.service import engine
    from referee.service.model import Dispute, Revision
    from referee.web import views_disputes

    doc = _doc()
    doc["events"][2:] = [
        {"type": "look_into_hand", "seat": "rearhand", "into": "forehand"},
        {"type": "pass", "seat": "rearhand"},
    ]
    stands = RuleSet().with_option("isko-3.3.9-hand-look", "bidding_stands")
    texts = engine.adjudicate(doc, ("de", "en", "es"), rules=stands)
    now = datetime.now(UTC)
    revision = Revision(1, 1, 1, now, "me", doc, texts, texts["en"]["outcome"])
    dispute = Dispute(1, "me", None, now, doc, {}, "", rulings=[revision])
    seen: list[RuleSet | None] = []
    real = views_disputes.replay_document

    def watched(record: dict[str, Any], **kw: Any) -> dict[str, Any]:
        seen.append(kw.get("rules"))
        return real(record, **kw)

    monkeypatch.setattr(views_disputes, "replay_document", watched)
    views_disputes.ruling_context(dispute, revision, 1, "en")
    assert seen == [stands, stands]


def test_a_bidding_started_over_under_bids_that_stand_is_ruled_as_the_table_held_it() -> None:
    """ISkO 3.3.9 read as the English text (isko-3.3.9-hand-look: bidding_stands): a look
    into a hand in the bidding frees nobody, but the record shows the table started the
    bidding over anyway and played the game it gave. The record is evidence of what the
    table did: the bidding as held decides (F at 18), and the ruling says the start-over
    was not the rule set's; under the default reading the same record gives the same
    game. A record whose bidding really never ended (a seat that never spoke, no look)
    is still refused at the discard, with the text that says so."""
    import json
    from pathlib import Path

    from referee.core.errors import RecordError
    from referee.core.vocabulary import Language
    from referee.rulings.render import render
    from referee.web.error_text import error_text

    path = Path(__file__).resolve().parents[1] / "cases" / "isko_3_declaration"
    doc = json.loads(
        (
            path / "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_started_over.json"
        ).read_text(encoding="utf-8")
    )
    stands = {**doc, "rules": {"readings": {"isko-3.3.9-hand-look": "bidding_stands"}}}
    ruled = render(rule(parse_record(stands)))
    assert (ruled["outcome"], ruled["declarer"], ruled["bid"]) == ("won", "forehand", 18)
    held = [s for s in ruled["reasoning"] if "started the bidding over" in s["text"]]
    assert len(held) == 1 and "ISkO 3.3.9" in held[0]["clauses"]
    default = render(rule(parse_record(doc)))
    assert (default["outcome"], default["bid"], default["score"]) == ("won", 18, ruled["score"])
    assert not any("started the bidding over" in s["text"] for s in default["reasoning"])

    # M bids 18, F holds, M passes, and rearhand never speaks: the bidding has not ended
    events = doc["events"]
    unfinished = {**doc, "events": [*events[:2], {"type": "pass", "seat": "middlehand"}]}
    unfinished["events"] += events[11:]
    with pytest.raises(RecordError) as refused:
        rule(parse_record(unfinished))
    error = refused.value
    assert error.code == "replay.discard_before_pickup" and error.params["variant"] == "bidding"
    assert error.where == {"event": 4, "field": "cards"}
    assert "bevor das Reizen beendet ist" in error_text(error, Language.DE)
    assert "before the bidding has ended" in error_text(error, Language.EN)


def test_a_bidding_started_over_under_bids_that_stand_and_objected_to_does_not_decide() -> None:
    """The same start-over under bidding_stands, but rearhand objects right after its
    first call (the bids stand, 24 was held): the table did not accept it, so the ruling
    must not say nobody objected and let it decide. The bidding that stands is not over
    (middlehand never answered forehand's hold at 24), so the record is refused where the
    game needs the bidding over, as any record whose bidding never ended. An objection
    before the start-over began (to the look itself) leaves it deciding, as in the case."""
    import json
    from pathlib import Path

    from referee.core.errors import RecordError

    path = Path(__file__).resolve().parents[1] / "cases" / "isko_3_declaration"
    name = "isko_3_3_9_bidding_started_over_although_the_bids_stand_the_bidding_held_decides"
    doc = json.loads((path / f"{name}.json").read_text(encoding="utf-8"))
    events = doc["events"]
    look = next(i for i, e in enumerate(events) if e["type"] == "look_into_hand")
    assert events[look + 1]["type"] == "objection"  # the case: objected to the look
    assert rule(parse_record(doc)).outcome.value == "won"
    restart = next(i for i, e in enumerate(events) if i > look and e["type"] == "bid")
    objected = copy.deepcopy(doc)
    objected["events"].insert(restart + 1, {"type": "objection", "seat": "rearhand"})
    with pytest.raises(RecordError) as refused:
        rule(parse_record(objected))
    error = refused.value
    assert error.code == "replay.discard_before_pickup" and error.params["variant"] == "bidding"
