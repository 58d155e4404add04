"""The 2018/2022 shortenings (ISkO 4.4.4, 4.4.5, 4.4.6) on random games: properties that
follow from the rule text whatever the cards (the worked cases are the ``_1998``/``_2022``
pairs in tests/cases/)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from referee.core.ruleset import Edition, RuleSet
from referee.record.log import parse_record
from referee.rulings import rule
from tests.support.generate import random_game

UNDER_2022 = RuleSet(edition=Edition.ISKO_2022)
UNDER_1998 = RuleSet(edition=Edition.ISKO_1998)
SEATS = ("forehand", "middlehand", "rearhand")
RESULT = ("outcome", "game_value", "score", "card_points", "tricks")


def _games(seed: int, n: int) -> list[tuple[dict[str, Any], int, str]]:
    """(played-out suit/grand/null game, index of a play in it, the declarer's seat)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        doc = random_game(rng, passed_in_rate=0)
        events = doc["events"]
        declare = next((e for e in events if e["type"] == "declare"), None)
        plays = [k for k, e in enumerate(events) if e["type"] == "play"]
        if declare is None or len(plays) < 30:
            continue
        out.append((doc, rng.choice(plays[:-1]), declare["seat"]))
    return out


def _with(doc: dict[str, Any], at: int, inserted: list[dict[str, Any]], keep: bool) -> Any:
    d = copy.deepcopy(doc)
    d["events"] = d["events"][:at] + inserted + (d["events"][at:] if keep else [])
    return parse_record(d)


def _result(ruling: Any) -> tuple[Any, ...]:
    return tuple(getattr(ruling, k) for k in RESULT)


@pytest.mark.parametrize(("doc", "at", "declarer"), _games(2018, 40))
def test_a_refused_claim_played_on_rules_as_if_nobody_had_claimed(
    doc: dict[str, Any], at: int, declarer: str
) -> None:
    """4.4.4: a claim a defender refuses does not end the game; the play decides. So the
    record with the claim and the refusal rules as the one without them."""
    refuser = next(s for s in SEATS if s != declarer)
    plain = rule(parse_record(doc), UNDER_2022)
    claimed = _with(
        doc,
        at,
        [{"type": "lay_down", "seat": declarer}, {"type": "refuse", "seat": refuser}],
        keep=True,
    )
    assert _result(rule(claimed, UNDER_2022)) == _result(plain)


@pytest.mark.parametrize(("doc", "at", "declarer"), _games(2022, 40))
def test_a_claim_both_defenders_consent_to_wins_unless_already_lost(
    doc: dict[str, Any], at: int, declarer: str
) -> None:
    """4.4.4: every defender consents: the declarer wins the announced game, unless it was
    already lost (4.1.3) or the game is overbid (5.4)."""
    answers = [{"type": "consent", "seat": s} for s in SEATS if s != declarer]
    record = _with(doc, at, [{"type": "lay_down", "seat": declarer}, *answers], keep=False)
    ruling = rule(record, UNDER_2022)
    assert ruling.ended is not None and ruling.ended.reason == "claim"
    lost_before = any("already_lost" in s.message.key for s in ruling.reasoning)
    assert ruling.outcome.value == "won" or lost_before or ruling.overbid


@pytest.mark.parametrize(("doc", "at", "declarer"), _games(4406, 40))
def test_cards_thrown_open_never_count_more_than_under_1998(
    doc: dict[str, Any], at: int, declarer: str
) -> None:
    """4.4.6 keeps the 1998/99 count (the throwing party keeps what it has, the rest is the
    other's) and only drops levels that were already impossible: the count is the same,
    and the value is never higher."""
    for seat in SEATS:
        record = _with(doc, at, [{"type": "throw_in", "seat": seat}], keep=False)
        old, new = rule(record, UNDER_1998), rule(record, UNDER_2022)
        assert (new.card_points, new.tricks) == (old.card_points, old.tricks)
        # a level dropped can only leave a game overbid (5.4), never win one
        assert new.outcome == old.outcome or (new.overbid and new.outcome.value == "lost")
        if new.outcome == old.outcome and old.game_value is not None:
            assert new.game_value <= old.game_value


def test_a_consented_claim_wins_the_announced_game_with_its_announcement() -> None:
    """4.4.4: 'the declarer wins the game he announced': a grand hand with schneider
    announced, claimed after trick 1 and consented, is won with schneider announced
    (without 4, game, hand, schneider, announced: 8 x 24), not lost for the missing 90."""
    from tests.cases.build import Rec
    from tests.cases.build_editions import DEAL_D

    rec = Rec(DEAL_D, "grand hand, schneider announced, claimed and consented")
    rec.bids("Mp Rp F18").declare("F", "grand", hand=True, schneider=True)
    rec.play("F:HA M:SK R:H9").e("lay_down", "F").e("consent", "M").e("consent", "R")
    ruling = rule(parse_record(rec.doc()), UNDER_2022)
    assert (ruling.outcome.value, ruling.game_value, ruling.score) == ("won", 192, 192)
    assert "schneider_announced" in ruling.levels


def test_a_consented_claim_in_a_grand_ouvert_wins_it_with_schwarz() -> None:
    """An ouvert grand is declared with schwarz announced: consented, it is won with every
    level it announced (without 4, game, hand, schneider and schwarz with their
    announcements, ouvert: 11 x 24 = 264)."""
    from tests.cases.build import Rec
    from tests.cases.build_editions import DEAL_D

    rec = Rec(DEAL_D, "grand ouvert, claimed and consented")
    rec.bids("Mp Rp F18").declare(
        "F", "grand", hand=True, schneider=True, schwarz=True, ouvert=True
    )
    rec.play("F:HA M:SK R:H9").e("lay_down", "F").e("consent", "M").e("consent", "R")
    ruling = rule(parse_record(rec.doc()), UNDER_2022)
    assert (ruling.outcome.value, ruling.game_value) == ("won", 264)
    assert {"schwarz", "schwarz_announced", "ouvert"} <= set(ruling.levels)


def test_isko_4_4_4_a_consented_null_claim_names_no_reading_on_the_count() -> None:
    """Under 2022 a null claim every defender consents to wins the null game at its fixed
    value; the ruling shows no card points or tricks, and nothing in null depends on them.
    The reading isko-4.3.4-consented-count (who has the cards not yet played, so that no
    schneider or schwarz comes of them) has nothing to decide there and is not named; a
    suit game's consented claim still names it."""
    import json
    from pathlib import Path

    from referee.rulings.render import render

    cases = Path(__file__).resolve().parents[1] / "cases"
    null = cases / "isko_null" / "isko_4_3_4_null_claim_consented_2022.json"
    ruled = render(rule(parse_record(json.loads(null.read_text(encoding="utf-8")))))
    assert (ruled["outcome"], ruled["score"], ruled["card_points"]) == ("won", 23, None)
    assert not any(s.get("reading") == "isko-4.3.4-consented-count" for s in ruled["reasoning"])
    suit = cases / "isko_4_3_shortened" / "isko_4_3_4_claim_without_a_level_consented_2022.json"
    ruled = render(rule(parse_record(json.loads(suit.read_text(encoding="utf-8")))))
    assert any(s.get("reading") == "isko-4.3.4-consented-count" for s in ruled["reasoning"])
