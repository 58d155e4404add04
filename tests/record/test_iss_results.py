"""The outside check: every real ISS game played to its end is ruled as the server scored it."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.record.iss import iter_iss_records
from referee.record.iss_convert import iss_to_skatlog
from referee.record.log import parse_record
from referee.record.replay import replay
from referee.rulings.adjudicate import rule

ISS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "iss"
SEATS = ("forehand", "middlehand", "rearhand")


def _records():
    out = []
    for path in sorted(ISS_DIR.glob("*.sgf")):
        with path.open(encoding="utf-8") as fh:
            for rec in iter_iss_records(fh):
                out.append(pytest.param(rec, id=f"{path.stem}-{rec.game_id}"))
    return out


RECORDS = _records()


def test_all_sixteen_records_are_there():
    assert len(RECORDS) == 16


def _played_to_end(rec) -> bool:
    raw = rec.result.raw
    return "passed" not in raw and " r:1" not in raw and "l:-1" in raw and "d:-1" not in raw


@pytest.mark.parametrize("rec", RECORDS)
def test_every_record_replays_without_error(rec):
    state = replay(parse_record(iss_to_skatlog(rec)))
    assert state.phase in ("passed_in", "playing", "finished", "bidding", "declaring")


@pytest.mark.parametrize("rec", [r for r in RECORDS if _played_to_end(r.values[0])])
def test_isko_5_ruling_equals_the_servers_result(rec):
    res = rec.result
    ruling = rule(parse_record(iss_to_skatlog(rec)))
    assert ruling.declarer is not None
    assert ruling.declarer.value == res.declarer
    assert (ruling.outcome == "won") == (res.outcome == "win")
    assert ruling.score == res.value
    assert ruling.overbid == res.overbid
    if ruling.matadors is not None:
        signed = ruling.matadors.count if ruling.matadors.with_ else -ruling.matadors.count
        assert signed == res.matadors
    assert ruling.card_points["declarer"] == res.card_points
    assert ruling.tricks["declarer"] == res.tricks
    c = ruling.contract
    if not (c.is_null or c.schneider or c.schwarz):  # ISS flags what play reached
        assert ("schneider" in ruling.levels) == bool(res.schneider)
        assert ("schwarz" in ruling.levels) == bool(res.schwarz)


def test_enough_records_are_compared():
    assert sum(_played_to_end(r.values[0]) for r in RECORDS) >= 9


@pytest.mark.parametrize("rec", [r for r in RECORDS if "passed" in r.values[0].result.raw])
def test_isko_3_3_7_passed_in(rec):
    assert rule(parse_record(iss_to_skatlog(rec))).outcome == "passed_in"
