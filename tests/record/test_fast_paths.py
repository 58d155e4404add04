"""The fast paths behave exactly like the slow ones.

* ``replay`` takes an inline path for regular play (whole regular tricks); ``replay_steps``
  applies every event through ``Replayer.apply``. Both must give the same state after
  every event (or the same refusal).
* ``parse_record`` reuses parsed events through ``_EVENT_CACHE``; a warm cache must give
  exactly what a cold one gives (the same record, or the same refusal).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.cards import Card, cards_of
from referee.core.errors import RecordError
from referee.core.seats import SEATS
from referee.core.tricks import legal_mask
from referee.record import log
from referee.record.log import _EVENT_CACHE, EXAMPLE_DEAL, GameRecord, parse_record
from referee.record.replay import Replayer, replay, replay_steps
from referee.record.state import GameState
from tests.support.generate import INFRACTIONS, random_game

KINDS = (*INFRACTIONS, None)
CASES = Path(__file__).resolve().parents[1] / "cases"
PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- helpers ----------------------------------------------------------------------------------
def plain(value: Any) -> Any:
    """``value`` as plain data compared by value (objects by their fields), copied."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, Enum)):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [plain(v) for v in value])
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return (type(value).__name__, fields)
    if hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        return (type(value).__name__, {k: plain(v) for k, v in attributes(value).items()})
    return repr(value)


def attributes(obj: Any) -> dict[str, Any]:
    """Every instance attribute of ``obj``, whether it has a ``__dict__`` or slots."""
    out = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                out[name] = getattr(obj, name)
    return out


def snapshot(state: GameState) -> dict[str, Any]:
    """``to_dict()`` and every attribute of the state (the finer irregularity fields, the
    raw masks and tables that ``to_dict`` leaves out), copied so no later event changes it."""
    state_attributes = attributes(state)
    assert "hands" in state_attributes and "irregularities" in state_attributes
    return {
        "to_dict": state.to_dict(),
        "state": {k: plain(v) for k, v in state_attributes.items() if k != "record"},
    }


def outcome(fn, *args) -> tuple[Any, ...]:
    """What ``fn(*args)`` gave: a snapshot, or the refusal (code, where, message)."""
    try:
        return ("ok", snapshot(fn(*args)))
    except RecordError as exc:
        return ("refused", exc.code, exc.where, exc.message)


def slow_steps(record: GameRecord) -> list[tuple[Any, ...]]:
    """The slow path's state before any event (index 0) and after each event (index i+1)."""
    out: list[tuple[Any, ...]] = [("ok", snapshot(Replayer(record).state))]
    try:
        for _event, state in replay_steps(record):
            out.append(("ok", snapshot(state)))
    except RecordError as exc:
        out.append(("refused", exc.code, exc.where, exc.message))
    return out


def assert_paths_agree(record: GameRecord, uptos: list[int] | None = None) -> None:
    """replay(record) and replay(record, upto) equal the slow path at the same event."""
    steps = slow_steps(record)
    n = len(record.events)
    final = steps[-1]
    fast = outcome(replay, record)
    assert fast == final, "replay(record) differs from the last state of replay_steps"
    if final[0] == "ok":
        assert fast[1]["to_dict"] == final[1]["to_dict"]
    for upto in range(-1, n) if uptos is None else uptos:
        # the slow path stops at its first refusal: any later upto refuses the same way
        expected = steps[min(upto + 1, len(steps) - 1)]
        got = outcome(replay, record, upto)
        assert got == expected, f"replay(record, {upto}) differs from replay_steps at {upto}"


def doc(events: list[dict[str, Any]], deal: dict[str, list[str]] | None = None) -> dict:
    return {"format": "skat-log/1", "deal": copy.deepcopy(deal or EXAMPLE_DEAL), "events": events}


def play(seat: str, card: str) -> dict[str, str]:
    return {"type": "play", "seat": seat, "card": card}


# Example deal: forehand CJ SJ HA HT HK HQ H9 SA ST DA; middlehand HJ H8 H7 SK SQ S9 S8 DT DK
# DQ; rearhand DJ CA CT CK CQ C9 C8 C7 S7 D9; skat D8 D7. Middlehand declares hearts hand.
BID = [
    {"type": "bid", "seat": "middlehand", "value": 18},
    {"type": "pass", "seat": "forehand"},
    {"type": "pass", "seat": "rearhand"},
]
HEARTS_HAND = {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True}


def played_out(events: list[dict[str, Any]], deal: dict | None = None) -> list[dict[str, Any]]:
    """``events`` followed by legal plays (lowest legal card of the seat to play) to the end."""
    events = list(events)
    while True:
        state = replay(parse_record(doc(events, deal)))
        if state.phase != "playing" or state.to_play is None:
            return events
        seat = state.to_play
        trick = state.current
        led = trick.plays[0][1] if trick and trick.plays else None
        legal = legal_mask(state.hands[seat.index], led, state.contract.game)
        if not legal:
            return events
        events.append(play(seat.value, next(iter(cards_of(legal))).name))


# -- a. replay: fast path == slow path, hand-made irregular records ---------------------------
HAND_MADE = {
    # a look at the skat after a bid releases the bidding (3.3.9): the table may start
    # over or go on as bid; a second 18 is only possible if it started over
    "bidding_started_over_after_a_look_at_the_skat": [
        {"type": "bid", "seat": "middlehand", "value": 18},
        {"type": "hold", "seat": "forehand"},
        {"type": "look_at_skat", "seat": "rearhand"},
        {"type": "bid", "seat": "middlehand", "value": 18},
        {"type": "pass", "seat": "forehand"},
        HEARTS_HAND,
        play("forehand", "SA"),
    ],
    # rearhand (a defender) revokes as the third card, completing trick 1; the declarer
    # (innocent) demands play goes on: trick 1 is reopened and C7 goes back to rearhand
    "revoke_third_card_then_continue_by_innocent": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("middlehand", "S8"),
        play("rearhand", "C7"),  # revoke: rearhand holds S7
        {"type": "objection", "seat": "middlehand"},
        {"type": "continue", "seat": "middlehand"},
        play("rearhand", "S7"),
        play("forehand", "ST"),
        play("middlehand", "S9"),
        play("rearhand", "C7"),
    ],
    # the same revoke, but the guilty side asks to go on: nothing is reopened
    "revoke_third_card_then_continue_by_guilty_side": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("middlehand", "S8"),
        play("rearhand", "C7"),
        {"type": "continue", "seat": "forehand"},
        play("forehand", "ST"),
        play("middlehand", "S9"),
        play("rearhand", "S7"),
    ],
    # a revoke as the second card, continue without a seat, the trick goes on in order
    "revoke_second_card_then_continue": BID
    + [
        HEARTS_HAND,
        play("forehand", "DA"),
        play("middlehand", "H7"),  # revoke: middlehand holds DT DK DQ
        {"type": "continue"},
        play("middlehand", "DQ"),
        play("rearhand", "D9"),
        play("forehand", "CJ"),
        play("middlehand", "HJ"),
        play("rearhand", "DJ"),
    ],
    # rearhand plays before middlehand, then middlehand completes the trick
    "play_out_of_turn": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("rearhand", "S7"),  # middlehand was to play
        play("middlehand", "S8"),
        play("forehand", "ST"),
        play("middlehand", "S9"),
        play("rearhand", "CA"),
    ],
    # out of turn, then the innocent side asks play to go on (the card goes back)
    "play_out_of_turn_then_continue": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("rearhand", "S7"),
        {"type": "continue", "seat": "middlehand"},
        play("middlehand", "S8"),
        play("rearhand", "S7"),
        play("forehand", "ST"),
    ],
    # forehand puts a second card to the same trick; the card stays in the hand
    "second_card_to_the_same_trick": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("forehand", "ST"),  # a second card to trick 1
        play("middlehand", "S8"),
        play("middlehand", "S9"),  # middlehand too
        play("rearhand", "S7"),
        play("rearhand", "CA"),  # and after the trick closed: a lead by the wrong seat
        play("forehand", "ST"),
    ],
    # middlehand leads although forehand is to lead; the others follow on
    "false_lead": BID
    + [
        HEARTS_HAND,
        play("middlehand", "H8"),  # forehand leads trick 1
        play("rearhand", "DJ"),
        play("forehand", "HA"),
        play("forehand", "SA"),
        play("middlehand", "S8"),
        play("rearhand", "S7"),
    ],
    # a false lead, then continue: the led card goes back and the right leader leads
    "false_lead_then_continue": BID
    + [
        HEARTS_HAND,
        play("middlehand", "H8"),
        {"type": "continue", "seat": "forehand"},
        play("forehand", "SA"),
        play("middlehand", "S8"),
        play("rearhand", "S7"),
    ],
    # forehand plays before the declaration (during bidding and while declaring)
    "play_before_the_declaration": [
        {"type": "bid", "seat": "middlehand", "value": 18},
        play("forehand", "SA"),  # during bidding
        {"type": "pass", "seat": "forehand"},
        {"type": "pass", "seat": "rearhand"},
        play("forehand", "SA"),  # while middlehand is declaring
        play("middlehand", "S8"),
        HEARTS_HAND,
        play("forehand", "SA"),  # SA is still a hand card
        play("middlehand", "S8"),
        play("rearhand", "S7"),
    ],
    # everyone passes: there is no game, and a card is played anyway
    "play_after_passed_in": [
        {"type": "pass", "seat": "middlehand"},
        {"type": "pass", "seat": "rearhand"},
        {"type": "pass", "seat": "forehand"},
        play("forehand", "SA"),
        play("middlehand", "S8"),
    ],
    # the leader plays again as the third card (a card it holds): a second card
    "leader_plays_the_third_card": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        play("middlehand", "S8"),
        play("forehand", "ST"),
        play("rearhand", "S7"),
        play("forehand", "ST"),
        play("middlehand", "S9"),
        play("rearhand", "CA"),
    ],
    # a card shown with the card just played, and after a completed trick
    "cards_exposed_with_the_play_and_after_a_trick": BID
    + [
        HEARTS_HAND,
        play("forehand", "SA"),
        {"type": "expose", "seat": "forehand", "cards": ["ST"]},
        play("middlehand", "S8"),
        play("rearhand", "S7"),
        {"type": "expose", "seat": "rearhand", "cards": ["CA", "HA"]},
        play("forehand", "ST"),
        {"type": "expose", "seat": "forehand", "cards": ["CA"]},  # not his card
    ],
    # the wrong seat completes a trick with a card the right seat holds: refused
    "third_card_by_the_wrong_seat_with_the_right_seats_card": BID
    + [HEARTS_HAND, play("forehand", "SA"), play("middlehand", "S8"), play("forehand", "S7")],
    # the leader plays the next seat's card as the second card: refused
    "second_card_by_the_leader_with_the_next_seats_card": BID
    + [HEARTS_HAND, play("forehand", "SA"), play("forehand", "S8"), play("rearhand", "S7")],
    # a card the seat does not hold: refused by both paths alike
    "card_not_held": BID + [HEARTS_HAND, play("forehand", "SA"), play("middlehand", "C7")],
    "card_not_held_second_in_a_trick_in_turn": BID
    + [HEARTS_HAND, play("forehand", "SA"), play("middlehand", "ST"), play("rearhand", "S7")],
    "card_not_held_third_in_a_trick_in_turn": BID
    + [HEARTS_HAND, play("forehand", "SA"), play("middlehand", "S8"), play("rearhand", "ST")],
    # the seat to play plays a card it does not hold: the fast path must not take it
    "card_not_held_by_the_seat_to_play": BID + [HEARTS_HAND, play("forehand", "DJ")],
    "card_not_held_first_in_a_trick_in_turn": BID
    + [HEARTS_HAND, play("forehand", "DT"), play("middlehand", "DK"), play("rearhand", "D9")],
    # the leader does something else, then the next two seats play: not a regular trick
    "leader_remarks_then_the_others_play": BID
    + [
        HEARTS_HAND,
        {"type": "remark", "seat": "forehand", "text": "Your turn?"},
        play("middlehand", "S8"),
        play("rearhand", "S7"),
        {"type": "consent", "seat": "forehand"},
        play("middlehand", "S9"),
        play("rearhand", "CA"),
    ],
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_fast_replay_equals_slow_replay_on_hand_made_records(name):
    assert_paths_agree(parse_record(doc(HAND_MADE[name])))


def test_hand_made_records_really_are_irregular():
    """The records above reach the slow branches they are meant to reach."""
    kinds = {}
    for name, events in HAND_MADE.items():
        try:
            kinds[name] = {i.kind for i in replay(parse_record(doc(events))).irregularities}
        except RecordError as exc:
            kinds[name] = {exc.code}
    assert "revoke" in kinds["revoke_third_card_then_continue_by_innocent"]
    assert "play_before_turn" in kinds["play_out_of_turn"]
    assert "cards_exposed" in kinds["second_card_to_the_same_trick"]
    assert "false_lead" in kinds["false_lead"]
    assert "lead_before_declaration" in kinds["play_before_the_declaration"]
    assert kinds["play_after_passed_in"] == {"play_after_end"}
    assert kinds["card_not_held"] == {"replay.card_not_held"}
    # the reopened trick: C7 went back to rearhand, who then followed with S7
    state = replay(parse_record(doc(HAND_MADE["revoke_third_card_then_continue_by_innocent"])))
    assert [c.name for _s, c, _e in state.tricks[0].plays] == ["SA", "S8", "S7"]
    guilty = replay(parse_record(doc(HAND_MADE["revoke_third_card_then_continue_by_guilty_side"])))
    assert [c.name for _s, c, _e in guilty.tricks[0].plays] == ["SA", "S8", "C7"]


def test_full_game_with_a_reopened_trick_then_plays_after_the_end():
    """A whole game after a reopened revoke; the declarer picked up the skat and never
    discarded, so two cards are left to play after the tenth trick."""
    events = played_out(
        BID
        + [
            {"type": "pickup", "seat": "middlehand"},
            {"type": "declare", "seat": "middlehand", "game": "hearts"},
            play("forehand", "SA"),
            play("middlehand", "S8"),
            play("rearhand", "C7"),  # revoke as the third card
            {"type": "continue", "seat": "middlehand"},
        ]
    )
    state = replay(parse_record(doc(events)))
    assert state.phase == "finished" and len(state.tricks) == 10
    left = [c.name for c in state.hand(state.declarer)]
    assert len(left) == 2
    events += [play("middlehand", left[0]), {"type": "cards_gathered"}]
    events += [play("middlehand", left[1])]
    record = parse_record(doc(events))
    assert [i.kind for i in replay(record).irregularities][-2:] == ["play_after_end"] * 2
    assert_paths_agree(record)


# -- a. replay: fast path == slow path on generated games ------------------------------------
@PROPERTY
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(KINDS), st.data())
def test_fast_replay_equals_slow_replay_on_generated_games(seed, infraction, data):
    record = parse_record(random_game(random.Random(seed), infraction=infraction))
    n = len(record.events)
    steps = slow_steps(record)
    final = replay(record).to_dict()
    assert final == steps[-1][1]["to_dict"]
    assert outcome(replay, record) == steps[-1]
    uptos = {-1, 0, n - 1, n // 2} | set(
        data.draw(st.lists(st.integers(min_value=-1, max_value=n - 1), max_size=6))
    )
    for upto in sorted(uptos):
        assert replay(record, upto).to_dict() == steps[upto + 1][1]["to_dict"], upto
        assert outcome(replay, record, upto) == steps[upto + 1], upto


def chaos_record(rng: random.Random, infraction: str | None) -> GameRecord:
    """A generated game cut short, then random table events: plays by any seat of any card
    it still holds (mostly the seat to play, often legal), continues, objections..."""
    base = random_game(rng, infraction=infraction)
    deal, events = base["deal"], base["events"][: rng.randrange(len(base["events"]) + 1)]
    for _ in range(rng.randrange(10, 40)):
        state = replay(parse_record(doc(events, deal)))
        roll = rng.random()
        if roll < 0.12:
            seat = rng.choice([None, *SEATS])
            events.append({"type": "continue", **({"seat": seat.value} if seat else {})})
            continue
        if roll < 0.16:
            events.append({"type": rng.choice(["objection", "cards_gathered", "consent"])})
            if events[-1]["type"] == "consent":
                events[-1]["seat"] = rng.choice(SEATS).value
            continue
        if roll < 0.18:
            events.append({"type": "review_tricks", "seat": rng.choice(SEATS).value, "trick": 1})
            continue
        if roll < 0.22:
            seat = rng.choice(SEATS)
            shown = rng.sample(list(Card), rng.randrange(1, 3))  # held or not: only noted
            events.append({"type": "expose", "seat": seat.value, "cards": [c.name for c in shown]})
            continue
        if roll < 0.24:  # a card the seat does not hold: the record is refused from here on
            seat = state.to_play or rng.choice(SEATS)
            for _ in range(3):  # a trick in turn with the card not held anywhere in it
                if not rng.randrange(3):
                    card = rng.choice([c for c in Card if not (state.hands[seat.index] >> c) & 1])
                    events.append(play(seat.value, card.name))
                    break
                if state.hands[seat.index]:
                    events.append(play(seat.value, rng.choice(state.hand(seat)).name))
                seat = seat.next
            for other in (seat.next, seat.next.next):  # and the trick goes on after it
                if state.hands[other.index]:
                    events.append(play(other.value, rng.choice(state.hand(other)).name))
            return parse_record(doc(events, deal))
        seat = state.to_play if state.to_play and rng.random() < 0.75 else rng.choice(SEATS)
        hand = state.hands[seat.index]
        if not hand:
            continue
        trick = state.current
        if state.contract and trick and trick.plays and rng.random() < 0.7:
            hand = legal_mask(hand, trick.plays[0][1], state.contract.game)
        card = rng.choice(list(cards_of(hand)))
        events.append(play(seat.value, card.name))
    return parse_record(doc(events, deal))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(KINDS))
def test_fast_replay_equals_slow_replay_on_chaotic_tables(seed, infraction):
    """Irregular plays, reopened tricks and markers mixed into real games, every prefix."""
    assert_paths_agree(chaos_record(random.Random(seed), infraction))


_BIDDING_ACTS = st.one_of(
    st.tuples(st.just("bid"), st.sampled_from(SEATS), st.sampled_from([18, 20, 22, 23, 24])),
    st.tuples(st.sampled_from(["hold", "pass", "look_at_skat"]), st.sampled_from(SEATS)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_BIDDING_ACTS, min_size=1, max_size=12), st.booleans())
def test_fast_replay_equals_slow_replay_on_any_bidding(acts, declare):
    """Bids, holds and passes in any order, by any seat, legal or not (too low, out of
    turn, after the end), with looks at the skat that release the bidding, then a pickup
    and a declaration: the plain bidding taken in bulk equals event by event, every prefix."""
    events: list[dict[str, Any]] = []
    for act in acts:
        event: dict[str, Any] = {"type": act[0], "seat": act[1].value}
        if act[0] == "bid":
            event["value"] = act[2]
        events.append(event)
    if declare:
        events += [
            {"type": "pass", "seat": "forehand"},
            {"type": "declare", "seat": "forehand", "game": "grand", "hand": True},
            play("forehand", "CJ"),
        ]
    assert_paths_agree(parse_record(doc(events)))


# -- b. the parser's event cache ---------------------------------------------------------------
@pytest.fixture(autouse=True)
def cold_cache():
    _EVENT_CACHE.clear()
    yield
    _EVENT_CACHE.clear()


def parsed(document: Any) -> tuple[Any, ...]:
    """The parse outcome: the record (and its JSON), or the refusal's code, where, message."""
    try:
        record = parse_record(document)
    except RecordError as exc:
        return ("refused", exc.code, exc.where, exc.message)
    return ("ok", record, record.to_dict())


def refusal(document: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(RecordError) as err:
        parse_record(document)
    return err.value.code, err.value.where


def test_parsing_the_same_document_twice_gives_equal_records():
    game = random_game(random.Random(7))
    first = parse_record(copy.deepcopy(game))
    assert _EVENT_CACHE, "string-only events (plays, passes) are cached"
    second = parse_record(copy.deepcopy(game))
    assert second == first and second.to_dict() == first.to_dict()
    assert [e.index for e in second.events] == list(range(len(game["events"])))
    _EVENT_CACHE.clear()
    assert parse_record(copy.deepcopy(game)) == first


def test_only_string_valued_events_without_free_text_are_cached():
    events = [
        play("forehand", "SA"),  # cached
        {"type": "bid", "seat": "middlehand", "value": 18},  # int: not cached
        {**play("forehand", "SA"), "note": "slammed down"},  # free text: not cached
        {**play("forehand", "SA"), "time": "2026-01-01T10:00:00Z"},
        {"type": "remark", "seat": "rearhand", "text": "Trump now!"},
        {"type": "continue"},  # cached
    ]
    parse_record(doc(events))
    assert sorted(key[0] for key in _EVENT_CACHE) == [0, 5]


def test_a_cached_event_keeps_its_own_index():
    parse_record(doc([play("forehand", "SA")]))
    record = parse_record(doc([{"type": "pass", "seat": "middlehand"}, play("forehand", "SA")]))
    assert [e.index for e in record.events] == [0, 1]
    assert record.events[1].card is Card.SA


@pytest.mark.parametrize(
    "card",
    [1, 0, 1.5, ["SA"], True, False, None, {"card": "SA"}, "sa ", ""],
    ids=repr,
)
def test_a_non_string_card_is_refused_after_the_same_play_parsed(card):
    events = BID + [HEARTS_HAND, play("forehand", "SA")]
    assert parse_record(doc(events)).events[4].card is Card.SA
    bad = copy.deepcopy(events)
    bad[4]["card"] = card
    assert refusal(doc(bad)) == ("card.unknown", {"event": 4, "field": "card"})
    assert parse_record(doc(events)).events[4].card is Card.SA  # and the good one still parses


@pytest.mark.parametrize("extra", [("colour", "red"), ("card2", "ST"), ("Card", "SA")], ids=str)
def test_an_unknown_field_is_refused_after_the_same_play_parsed(extra):
    events = BID + [HEARTS_HAND, play("forehand", "SA")]
    parse_record(doc(events))
    bad = copy.deepcopy(events)
    bad[4][extra[0]] = extra[1]
    assert refusal(doc(bad)) == ("event.unknown_field", {"event": 4, "field": extra[0]})


def test_a_play_with_a_missing_card_or_bad_seat_is_refused_after_the_good_one_parsed():
    parse_record(doc([play("forehand", "SA")]))
    assert refusal(doc([{"type": "play", "seat": "forehand"}])) == (
        "event.missing_field",
        {"event": 0, "field": "card"},
    )
    assert refusal(doc([{"type": "play", "seat": 1, "card": "SA"}])) == (
        "event.seat",
        {"event": 0, "field": "seat"},
    )
    assert refusal(doc([{"type": "play", "seat": ["forehand"], "card": "SA"}])) == (
        "event.seat",
        {"event": 0, "field": "seat"},
    )


@pytest.mark.parametrize("value", [18.0, True, "18", None, [18]], ids=repr)
def test_a_bid_of_18_point_0_is_refused_after_a_bid_of_18(value):
    good = [{"type": "bid", "seat": "middlehand", "value": 18}]
    assert parse_record(doc(good)).events[0].value == 18
    bad = [{"type": "bid", "seat": "middlehand", "value": value}]
    assert refusal(doc(bad)) == ("event.bad_field", {"event": 0, "field": "value"})
    assert parse_record(doc(good)).events[0].value == 18


def test_the_cache_never_grows_beyond_its_size(monkeypatch):
    monkeypatch.setattr(log, "EVENT_CACHE_SIZE", 5)
    hand = EXAMPLE_DEAL["forehand"]
    sizes = []
    for n in range(1, 25):
        events = [play("forehand", hand[(i + n) % 10]) for i in range(n)]
        events += [{"type": "pass", "seat": SEATS[(n + i) % 3].value} for i in range(n % 4)]
        document = doc(events)
        warm = parsed(document)
        sizes.append(len(_EVENT_CACHE))
        assert len(_EVENT_CACHE) <= 5
        saved = dict(_EVENT_CACHE)
        _EVENT_CACHE.clear()
        assert parsed(document) == warm
        _EVENT_CACHE.clear()
        _EVENT_CACHE.update(saved)
    assert max(sizes) == 5, "the cache was used (and emptied when full)"


# mutations of a generated game: a field set to another JSON value, an unknown field added,
# a field removed, or the whole event replaced
TOKENS = (
    [c.name for c in Card]
    + [s.value for s in SEATS]
    + ["play", "pass", "bid", "hold", "continue", "declare", "hearts", "grand", "null", "18"]
)
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=30)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.sampled_from(TOKENS)
    | st.text(max_size=3)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=5,
)


@st.composite
def mutated_games(draw) -> tuple[dict[str, Any], dict[str, Any]]:
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    infraction = draw(st.sampled_from(KINDS))
    original = random_game(random.Random(seed), infraction=infraction)
    mutated = copy.deepcopy(original)
    events = mutated["events"]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        i = draw(st.integers(min_value=0, max_value=len(events) - 1))
        event = events[i]
        how = draw(st.sampled_from(["set", "set", "set", "add", "drop", "replace", "note"]))
        if not isinstance(event, dict) or not event:
            how = "replace"  # an earlier mutation left no fields to change
        if how == "set":
            key = draw(st.sampled_from(sorted(event)))
            event[key] = draw(json_values)
        elif how == "add":
            event[draw(st.sampled_from(["colour", "card", "value", "seat", "text", "cards"]))] = (
                draw(json_values)
            )
        elif how == "drop":
            del event[draw(st.sampled_from(sorted(event)))]
        elif how == "replace":
            events[i] = draw(json_values)
        else:
            event["note"] = draw(json_values)
    return original, mutated


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_games(), st.integers(min_value=0, max_value=2**32 - 1))
def test_a_warm_cache_parses_exactly_like_a_cold_one(games, other_seed):
    original, mutated = games
    _EVENT_CACHE.clear()
    cold = parsed(copy.deepcopy(mutated))
    # warm with the unmutated game (same indices, same fields but one) and another game
    _EVENT_CACHE.clear()
    parsed(copy.deepcopy(original))
    parsed(random_game(random.Random(other_seed)))
    assert parsed(copy.deepcopy(mutated)) == cold
    # warm with the mutated game itself
    assert parsed(copy.deepcopy(mutated)) == cold
    # and the original still parses as it does cold
    warm_original = parsed(copy.deepcopy(original))
    _EVENT_CACHE.clear()
    assert parsed(copy.deepcopy(original)) == warm_original
    # the JSON text route gives the same as well
    if cold[0] == "ok":
        assert parse_record(json.loads(json.dumps(mutated))) == cold[1]


def test_the_trick_fast_path_takes_only_play_events() -> None:
    """A ``take_back`` carries a ``card`` too: the trick fast path must not take one of a
    card still in the hand (drawn, never on the table: ISkO 4.1.2) for that seat's play,
    even when it stands where the seat's play would."""
    from referee.record.events import EVENT_FIELDS

    with_card = [kind for kind, (_, fields) in EVENT_FIELDS.items() if "card" in fields]
    # (a stop_partner's card is the one the partner held back: never a play either)
    assert with_card == ["play", "stop_partner", "take_back"]
    name = "isko_4_1_2_defender_takes_back_a_card_not_yet_on_the_table.json"
    doc = json.loads((CASES / "isko_4_1_lead" / name).read_text())
    events = doc["events"]
    at = next(i for i, e in enumerate(events) if e["type"] == "take_back")
    # M draws CT and puts it back, then R plays before M, then M plays CT
    events[at + 1], events[at + 2] = events[at + 2], events[at + 1]
    assert [e.get("card") for e in events[at : at + 3]] == ["CT", "CQ", "CT"]
    record = parse_record(doc)
    fast = replay(record)
    slow = list(replay_steps(record))[-1][1]
    assert [i.to_dict() for i in fast.irregularities] == [i.to_dict() for i in slow.irregularities]
    assert [t.to_dict() for t in fast.tricks] == [t.to_dict() for t in slow.tricks]
    kinds = [i.kind for i in fast.irregularities]
    assert kinds == ["card_taken_back", "play_before_turn", "play_before_turn"]


_JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text("abc\u00e9\u20ac", max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=500, deadline=None)
@given(_JSON_VALUES, st.booleans())
def test_strict_json_loads_reads_what_the_standard_parser_reads(value, as_bytes) -> None:
    """orjson is only a faster road: every document decodes to the standard parser's value
    (30-digit integers, which orjson refuses, included)."""
    import json

    from referee.record.log import strict_json_loads

    text = json.dumps(value)
    doc = text.encode() if as_bytes else text
    assert strict_json_loads(doc) == json.loads(text)


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity]", '{"a": 1', "[1,]", "\ufeff[]", ""])
def test_strict_json_loads_refuses_what_it_refused_before(text) -> None:
    import json

    from referee.record.log import strict_json_loads

    with pytest.raises(json.JSONDecodeError):
        strict_json_loads(text)


def test_a_written_backslash_before_u0000_is_text_not_a_nul() -> None:
    """Only a real NUL is refused: the six characters ``\\u0000`` typed in a note are text."""
    import json

    from referee.record.log import strict_json_loads

    assert strict_json_loads('{"note": "a\\\\u0000b"}') == {"note": "a\\u0000b"}
    with pytest.raises(json.JSONDecodeError, match="NUL"):
        strict_json_loads('{"note": "a\\u0000b"}')
    with pytest.raises(json.JSONDecodeError, match="NUL"):
        strict_json_loads(b'{"k\\u0000": 1}')


def test_a_record_whose_event_indices_are_not_positions_is_refused() -> None:
    """The replayer names events by index; a GameRecord built by hand must agree."""
    rec = parse_record(
        {
            "format": "skat-log/1",
            "deal": EXAMPLE_DEAL,
            "events": [
                {"type": "pass", "seat": "middlehand"},
                {"type": "pass", "seat": "rearhand"},
            ],
        }
    )
    with pytest.raises(RecordError) as err:
        GameRecord(rec.deal, rec.events[1:])
    assert err.value.code == "record.event_index"
    assert err.value.where == {"event": 0, "field": "index"}
    assert GameRecord(rec.deal, rec.events[:1]).events == rec.events[:1]  # a prefix is fine


def test_a_nul_deep_inside_nested_json_is_found_without_recursion() -> None:
    import json

    from referee.record.log import strict_json_loads

    deep = "[" * 900 + '"C:\\\\u0000"' + "]" * 900  # a written backslash: text, no NUL
    assert strict_json_loads(deep) == json.loads(deep)
    with pytest.raises(json.JSONDecodeError, match="NUL"):
        strict_json_loads("[" * 900 + '"a\\u0000"' + "]" * 900)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "1.5e999"])
def test_a_number_too_large_for_a_float_is_refused_not_read_as_infinity(number) -> None:
    import json

    from referee.record.log import strict_json_loads

    with pytest.raises(json.JSONDecodeError, match="too large"):
        strict_json_loads(f'{{"meta": {{"x": {number}}}}}')
    assert strict_json_loads("[1e308, 1e-400]") == [1e308, 0.0]


def test_reasoning_steps_survive_pickling() -> None:
    """Rulings may cross process boundaries (batch --jobs): their parts must pickle."""
    import pickle

    from referee.rulings.adjudicate import rule

    rec = parse_record(random_game(random.Random(3)))
    ruling = rule(rec)
    assert pickle.loads(pickle.dumps(ruling.reasoning)) == ruling.reasoning
