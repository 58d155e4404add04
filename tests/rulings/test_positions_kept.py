"""The positions the replayer keeps are the ones a second replay would find.

A ruling once replayed its record again to get the position just before an
event (``replay(record, event - 1)``) and when play began (``replay(record, declared_at)``).
The replayer now keeps them as it goes; these tests hold the kept positions to that
definition on every case and example.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.record import GameRecord, parse_record
from referee.record.replay import _HANDLERS, SHORTENING, Replayer, replay
from referee.record.state import position_of
from tests.support.casekit import case_names, load

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def records() -> list[tuple[str, GameRecord]]:
    out = [(name, parse_record(load(family, name)[0])) for family, name in case_names()]
    out += [(p.stem, parse_record(json.loads(p.read_text(encoding="utf-8")))) for p in EXAMPLES]
    return out


RECORDS = records()


@pytest.mark.parametrize(("name", "record"), RECORDS, ids=[n for n, _ in RECORDS])
def test_kept_positions_are_those_of_a_replay_up_to_the_event(
    name: str, record: GameRecord
) -> None:
    state = replay(record)
    for event, kept in state.positions.items():
        assert kept == position_of(replay(record, event - 1)), (name, event)
    cut_short = [e.index for e in record.events if e.type in SHORTENING]
    irregular = [i.event for i in state.irregularities if i.event is not None]
    assert set(state.positions) == {*cut_short, *irregular, *_first_not_gathered(record)}


def _first_not_gathered(record: GameRecord) -> set[int]:
    """The lead of the first trick each ``tricks_not_gathered`` event concerns (its
    ``trick``, or the last one complete before it): a declarer's tricks left lying are
    judged from there (ISkO 4.4.5)."""
    leads = set()
    for e in record.events:
        if e.type != "tricks_not_gathered":
            continue
        done = [t for t in replay(record, e.index - 1).tricks if t.complete]
        first = e.trick if e.trick is not None else (done[-1].number if done else 0)
        if 1 <= first <= len(done):
            leads.add(done[first - 1].plays[0][2])
    return leads


@pytest.mark.parametrize(("name", "record"), RECORDS, ids=[n for n, _ in RECORDS])
def test_the_start_is_the_position_after_the_declaration(name: str, record: GameRecord) -> None:
    state = replay(record)
    if state.declared_at is None:
        assert state.start is None
    else:
        assert state.start == position_of(replay(record, state.declared_at))


def test_every_shortening_event_keeps_its_position() -> None:
    rec = parse_record(json.loads((EXAMPLES[0].parent / "lay-down-claim.json").read_text()))
    replayer = Replayer(rec)
    for event in rec.events:
        replayer.apply(event)
    kept = replayer.state.positions
    assert any(rec.events[e].type == "lay_down" for e in kept)
    handlers = {c.type for c, h in _HANDLERS.items() if h is Replayer._cut_short}
    assert handlers == set(SHORTENING)
