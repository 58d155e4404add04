"""The full auction in the entry form (referee/web/entry_auction.py): the bids,
holds and passes in the order they were said become the record's bidding events; a step the
rules do not allow (ISkO 3.3.2) is entered as it happened and ruled as the JSON is."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from referee.service import engine
from referee.web import entry
from referee.web.entry_draft import draft_from_record
from tests.support.web import ROOT, example
from tests.web.test_entry import (
    EXAMPLE_NAMES,
    NOT_EXPRESSIBLE,
    analyse,
    comparable,
)

BIDDING = ("bid", "hold", "pass")
CASES = ROOT / "tests" / "cases"


def irregular_auction() -> dict[str, Any]:
    """revoke-objected with two bidding irregularities: rearhand bids 20 out of turn, and
    middlehand bids 18 after 20 was held (below the last bid). Forehand still plays at 20."""
    record = copy.deepcopy(example("revoke-objected"))
    events = record["events"]
    assert [e["type"] for e in events[:6]] == ["bid", "hold", "bid", "hold", "pass", "pass"]
    events[2:2] = [{"type": "bid", "seat": "rearhand", "value": 20}]
    events[5:5] = [{"type": "bid", "seat": "middlehand", "value": 18}]
    return record


def _bidding(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The bidding events as the form says them (it keeps no times)."""
    keep = ("type", "seat", "value")
    return [{k: e[k] for k in keep if k in e} for e in record["events"] if e["type"] in BIDDING]


def test_isko_3_3_2_a_bidding_irregularity_round_trips_through_the_form() -> None:
    record = irregular_auction()
    ruling = engine.adjudicate(record)
    noted = [s for s in ruling["reasoning"] if "ISkO 3.3.2" in s["clauses"]]
    assert len(noted) == 2  # the two steps out of order are noted, nothing else changes
    draft = draft_from_record(record)
    assert draft["auction"] == _bidding(record)  # the steps matter here: the form keeps them
    answer = analyse(draft)
    assert answer["problems"] == []
    assert answer["auction"]["flags"] == [False, False, True, False, False, True, False, False]
    assert answer["auction"]["declarer"] == "forehand" and answer["auction"]["bid"] == 20
    built = answer["record"]
    assert _bidding(built) == _bidding(record)  # in that order, not the shortest auction
    assert built["events"] == record["events"]
    assert comparable(engine.adjudicate(built)) == comparable(ruling)


def test_without_the_steps_the_irregular_auction_would_not_be_ruled_the_same() -> None:
    """The check above can fail: the auction's result alone loses the noted irregularities."""
    draft = draft_from_record(irregular_auction())
    del draft["auction"]
    built = analyse(draft)["record"]
    assert comparable(engine.adjudicate(built)) != comparable(
        engine.adjudicate(irregular_auction())
    )


@pytest.mark.parametrize("name", [n for n in EXAMPLE_NAMES if n not in NOT_EXPRESSIBLE])
def test_every_example_entered_with_its_full_auction_keeps_it_and_its_ruling(name: str) -> None:
    record = example(name)
    answer = analyse(draft_from_record(record, full_auction=True))
    assert answer["problems"] == [] and answer["record"] is not None
    assert _bidding(answer["record"]) == _bidding(record)
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_the_auctions_result_is_the_auctions_not_the_fields() -> None:
    """ISkO 3.3: with the steps entered, the declarer and the bid follow from them."""
    draft = draft_from_record(example("revoke-objected"))
    draft |= {"declarer": "rearhand", "bid": 48}
    draft["auction"] = [
        {"type": "bid", "seat": "middlehand", "value": 18},
        {"type": "pass", "seat": "forehand"},
        {"type": "bid", "seat": "rearhand", "value": 20},
        {"type": "hold", "seat": "middlehand"},
        {"type": "pass", "seat": "rearhand"},
    ]
    answer = analyse(draft)
    assert answer["auction"] | {"flags": None} == {
        "flags": None,
        "next": None,
        "over": True,
        "passed": False,
        "declarer": "middlehand",
        "bid": 20,
    }
    assert engine.adjudicate(answer["record"])["declarer"] == "middlehand"


def test_an_unfinished_auction_says_whose_turn_it_is_and_rules_nothing() -> None:
    draft = draft_from_record(example("revoke-objected"))
    draft["auction"] = [{"type": "bid", "seat": "middlehand", "value": 18}]
    answer = analyse(draft)
    assert answer["auction"]["next"] == "forehand" and not answer["auction"]["over"]
    assert answer["record"] is None and answer["ruling"] is None


def test_isko_3_3_7_all_three_pass_step_by_step() -> None:
    record = example("passed-in")
    answer = analyse(draft_from_record(record, full_auction=True))
    assert answer["auction"]["passed"] is True
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


@pytest.mark.parametrize(
    "step",
    [
        {"type": "bid", "seat": "middlehand", "value": 19},  # no game is worth 19
        {"type": "bid", "seat": "middlehand"},
        {"type": "say", "seat": "middlehand"},
        {"type": "pass", "seat": "dealer"},
    ],
)
def test_a_step_the_form_cannot_say_is_refused(step: dict[str, Any]) -> None:
    draft = draft_from_record(example("revoke-objected"))
    draft["auction"] = [step]
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.where["field"] == "auction/0"


def test_a_bid_after_the_game_was_taken_up_is_refused_not_moved() -> None:
    record = copy.deepcopy(example("revoke-objected"))
    at = next(i for i, e in enumerate(record["events"]) if e["type"] == "declare")
    record["events"].insert(at + 1, {"type": "bid", "seat": "rearhand", "value": 22})
    with pytest.raises(entry.EntryError):
        draft_from_record(record)


# -- how cards became visible (ISkO 4.1.9) and tricks shown on request (4.4.3 / 4.4.6) ------


@pytest.mark.parametrize(
    ("case", "kind", "key"),
    [
        (
            "isko_4_1_lead/isko_4_1_9_declarer_drops_a_card_right_after_playing_is_not_punished",
            "expose",
            "how",
        ),
        (
            "isko_4_4_tricks/isko_4_4_3_last_trick_shown_on_request_is_allowed",
            "review_tricks",
            "on_request",
        ),
        (
            "isko_4_4_tricks/isko_4_4_3_request_for_an_earlier_trick_is_reviewing",
            "review_tricks",
            "on_request",
        ),
        (
            "isko_4_4_tricks/isko_4_4_6_last_trick_looked_at_unasked_ends_game",
            "review_tricks",
            "on_request",
        ),
    ],
)
def test_isko_4_1_9_and_4_4_3_how_and_on_request_go_through_the_form(
    case: str, kind: str, key: str
) -> None:
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    said = next(e[key] for e in record["events"] if e["type"] == kind and key in e)
    draft = draft_from_record(record)
    assert next(i[key] for i in draft["incidents"] if i["type"] == kind) == said
    answer = analyse(draft)
    built = next(e for e in answer["record"]["events"] if e["type"] == kind)
    assert built[key] == said
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


@pytest.mark.parametrize(
    ("case", "kind", "key"),
    [
        (
            "isko_4_1_lead/isko_4_1_9_declarer_drops_a_card_right_after_playing_is_not_punished",
            "expose",
            "how",
        ),
        (
            "isko_4_4_tricks/isko_4_4_6_last_trick_looked_at_unasked_ends_game",
            "review_tricks",
            "on_request",
        ),
    ],
)
def test_without_how_or_on_request_these_cases_are_ruled_otherwise(
    case: str, kind: str, key: str
) -> None:
    """The two facts matter: the form that dropped them would bend these records."""
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    draft = draft_from_record(record)
    for inc in draft["incidents"]:
        inc.pop(key, None)
    built = analyse(draft)["record"]
    assert comparable(engine.adjudicate(built)) != comparable(engine.adjudicate(record))


def test_a_way_of_showing_cards_the_record_has_not_is_refused() -> None:
    draft = draft_from_record(example("expose"))
    inc = next(i for i in draft["incidents"] if i["type"] == "expose")
    inc["how"] = "thrown"
    with pytest.raises(entry.EntryError):
        entry.read_draft(draft)


# -- an incident during the bidding at its place among the steps (ISkO 3.3.9, 3.3.11) ------

DURING_THE_AUCTION = [
    "isko_3_declaration/isko_3_3_9_skat_viewed_during_bidding",
    "isko_3_declaration/isko_3_3_9_dealer_looks_at_the_skat_in_the_bidding_no_party_loses",
    "isko_3_declaration/isko_3_3_11_skat_seen_in_bidding_declarer_folds",
    "isko_3_declaration/isko_3_3_11_skat_seen_in_bidding_declarer_plays",
    # the bidding started over, or kept, after the look (3.3.9)
    "isko_3_declaration/isko_3_3_9_bidding_started_over_from_18_after_a_look_at_the_skat",
    "isko_3_declaration/isko_3_3_9_the_one_player_left_keeps_to_his_bid",
    "isko_3_declaration/isko_3_3_9_both_players_pass_after_a_look_at_the_skat_passed_in",
    "isko_3_declaration/isko_3_3_9_player_who_had_passed_stays_out_of_the_new_bidding",
]


def _said(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The events as the form says them: kind, seat, value (no times)."""
    return [(e["type"], e.get("seat"), e.get("value")) for e in record["events"]]


@pytest.mark.parametrize("case", DURING_THE_AUCTION)
def test_isko_3_3_9_an_incident_between_two_bids_keeps_its_place(case: str) -> None:
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    draft = draft_from_record(record)
    assert draft["auction"] == _bidding(record)
    assert any(i["at"] == -1 and i.get("step") for i in draft["incidents"])
    answer = analyse(draft)
    assert _said(answer["record"]) == _said(record)
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_an_incident_placed_beyond_the_steps_entered_is_refused() -> None:
    draft = draft_from_record(example("choice-fold"))
    look = next(i for i in draft["incidents"] if i["type"] == "look_at_skat")
    assert look["step"] == 2  # after middlehand's 18 and forehand's yes
    look["step"] = len(draft["auction"]) + 1
    with pytest.raises(entry.EntryError):
        entry.read_draft(draft)


def test_isko_3_3_9_a_look_at_the_skat_gets_no_place_in_the_auction_by_default() -> None:
    """With the auction's steps entered, a look at the skat during the bidding whose place
    among them was not chosen is not put before the first step (that would rule another
    game, ISkO 3.3.9): the form says what is missing, in the referee's language, and builds
    no record to submit until the place is chosen; *before the first step* chosen counts."""
    draft = draft_from_record(example("choice-fold"))
    look = next(i for i in draft["incidents"] if i["type"] == "look_at_skat")
    del look["step"]
    answer = analyse(draft, "de")
    assert answer["record"] is None and answer["ruling"] is None
    [problem] = answer["problems"]
    assert problem["field"] == f"incidents/{draft['incidents'].index(look)}"
    assert problem["message"].startswith(
        "Wann beim Reizen geschah es (Skat angesehen · Hinterhand)?"
    )
    assert answer["held"]["rearhand"]  # the rest of the form still answers
    look["step"] = 0  # chosen: before the first step
    answer = analyse(draft, "de")
    assert answer["problems"] == [] and answer["ruling"] is not None
    assert answer["record"]["events"][0]["type"] == "look_at_skat"


def test_a_look_at_the_skat_before_the_first_step_keeps_its_place_saying_so() -> None:
    """A record whose look at the skat came before the first bid, in a draft that holds the
    auction's steps, says the place (step 0) and is ruled as the record is."""
    record = copy.deepcopy(example("choice-fold"))
    events = record["events"]
    look = next(e for e in events if e["type"] == "look_at_skat")
    events.remove(look)
    first_bid = next(i for i, e in enumerate(events) if e["type"] in BIDDING)
    events.insert(first_bid, look)
    events.insert(first_bid + 2, {"type": "bid", "seat": "rearhand", "value": 20})  # irregular
    draft = draft_from_record(record)
    assert draft["auction"]  # the steps matter: the irregular bid
    [placed] = [i for i in draft["incidents"] if i["type"] == "look_at_skat"]
    assert placed["step"] == 0
    answer = analyse(draft)
    assert answer["problems"] == []
    assert _said(answer["record"]) == _said(record)


# -- a game that ended during the bidding (a player left, ISkO 4.3.1; the skat seen, 3.3.9) ---


@pytest.mark.parametrize("name", ["left", "look-at-skat-bidding"])
def test_a_game_that_ended_during_the_bidding_goes_through_the_form(name: str) -> None:
    record = example(name)
    draft = draft_from_record(record)
    assert draft["ended_in_bidding"] is True and draft["auction"] == _bidding(record)
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["ruling"] is not None
    assert _said(answer["record"]) == _said(record)
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_an_unfinished_auction_without_the_end_ticked_is_not_ruled() -> None:
    draft = draft_from_record(example("left"))
    draft["ended_in_bidding"] = False
    answer = analyse(draft)
    assert answer["record"] is None and answer["ruling"] is None


def test_an_incident_in_the_bidding_without_a_contract_points_to_the_end_in_the_bidding() -> None:
    """The referee called for rearhand's look at the skat enters the look and the objection
    in step 4 first, with no auction and no contract: what the ruling needs names the way to
    say that no game was declared, not only a declarer, a bid and a game."""
    record = example("look-at-skat-bidding")
    draft = draft_from_record(record)
    draft.update(auction=[], ended_in_bidding=False, declarer=None, bid=None)
    for incident in draft["incidents"]:
        incident.pop("step", None)
    for lang, words in (
        ("de", "Das Spiel endete beim Reizen"),
        ("en", "The game ended during the bidding"),
        ("es", "La partida terminó durante el remate"),
    ):
        needed = analyse(draft, lang)["knowledge"]["needed"]
        assert words in needed[0], needed
    # a contract still to enter after an incident of the play asks for the contract alone
    play = draft_from_record(example("revoke-objected"))
    play.update(declarer=None)
    needed = analyse(play, "en")["knowledge"]["needed"]
    assert needed[0] == "the declarer, the bid and the game (step “Game”)", needed


def test_a_game_ended_in_the_bidding_with_cards_played_is_refused() -> None:
    draft = draft_from_record(example("left"))
    draft["plays"] = [{"card": "CJ"}]
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.code == "console.entry.ended_plays"


# -- a card led before the declaration (ISkO 4.1.1) -----------------------------------------

EARLY_LEADS = ["isko_4_1_lead/isko_4_1_1_defender_leads_before_declaration_declarer_wins"]
#: the declarer led and never declared: the form's contract step has no place for that
NEVER_DECLARED = (
    "isko_4_1_lead/"
    "isko_4_1_1_declarer_leads_before_declaring_loses_the_cheapest_game_covering_the_bid"
)


def _taken_up(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The events from the first after the auction to the declaration, as the form says them."""
    said = _said(record)
    first = max(k for k, e in enumerate(said) if e[0] in BIDDING) + 1
    declared = next(k for k, e in enumerate(said) if e[0] == "declare")
    return said[first : declared + 1]


@pytest.mark.parametrize("case", EARLY_LEADS)
def test_isko_4_1_1_a_card_led_before_the_declaration_goes_through_the_form(case: str) -> None:
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    draft = draft_from_record(record)
    lead = next(i for i in draft["incidents"] if i["type"] == "early_lead")
    early = next(e for e in record["events"] if e["type"] == "play")
    assert lead["cards"] == [early["card"]] and lead["seat"] == early["seat"]
    answer = analyse(draft)
    assert answer["problems"] == []
    assert _taken_up(answer["record"]) == _taken_up(record)  # the lead before the declare
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_a_card_led_before_the_declaration_is_one_card() -> None:
    draft = draft_from_record(example("lead-before-declaration"))
    lead = next(i for i in draft["incidents"] if i["type"] == "early_lead")
    lead["cards"] = [*lead["cards"], "D7"]
    with pytest.raises(entry.EntryError):
        entry.read_draft(draft)


def test_a_card_led_by_a_declarer_who_never_declared_is_refused_not_bent() -> None:
    record = json.loads((CASES / f"{NEVER_DECLARED}.json").read_text(encoding="utf-8"))
    with pytest.raises(entry.EntryError):
        draft_from_record(record)


def test_the_example_lead_before_declaration_keeps_its_order_through_the_form() -> None:
    record = example("lead-before-declaration")
    answer = analyse(draft_from_record(record))
    assert _taken_up(answer["record"]) == _taken_up(record)
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))
