"""The replayer: reconstruction, irregularities noted not refused, refusals naming the event."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import main
from referee.core.errors import RecordError
from referee.record.log import EXAMPLE_DEAL, parse_record, parse_record_text
from referee.record.replay import replay
from referee.record.replay_json import replay_document
from tests.support.generate import random_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
ISS_FILES = sorted((ROOT.parent / "shared" / "data" / "iss").glob("*.sgf"))


def doc(events, deal=None):
    return {"format": "skat-log/1", "deal": copy.deepcopy(deal or EXAMPLE_DEAL), "events": events}


BID = [
    {"type": "bid", "seat": "middlehand", "value": 18},
    {"type": "pass", "seat": "forehand"},
    {"type": "pass", "seat": "rearhand"},
]


# -- refusals: each names its event index and field ---------------------------------------
@pytest.mark.parametrize(
    "events, code, event, field",
    [
        ([{"type": "dance", "seat": "forehand"}], "event.unknown_type", 0, "type"),
        ([{"type": "pass", "seat": "dealer"}], "event.seat", 0, "seat"),
        ([{"type": "bid", "seat": "middlehand", "value": "18"}], "event.bad_field", 0, "value"),
        ([{"type": "play", "seat": "forehand", "card": "C1"}], "card.unknown", 0, "card"),
        (
            [{"type": "pass", "seat": "forehand", "colour": "red"}],
            "event.unknown_field",
            0,
            "colour",
        ),
        (
            BID + [{"type": "discard", "seat": "middlehand", "cards": ["HJ", "H8"]}],
            "replay.discard_before_pickup",
            3,
            "cards",
        ),
        (
            BID
            + [
                {"type": "declare", "seat": "middlehand", "game": "grand", "hand": True},
                {"type": "play", "seat": "forehand", "card": "DJ"},
            ],
            "replay.card_not_held",
            4,
            "card",
        ),
    ],
)
def test_refused_record_names_event_and_field(events, code, event, field):
    with pytest.raises(RecordError) as err:
        replay(parse_record(doc(events)))
    assert err.value.code == code
    assert err.value.where.get("event") == event
    assert err.value.where.get("field") == field
    assert f"event {event}" in str(err.value)


def test_duplicate_card_in_the_deal_is_refused_naming_the_place():
    deal = copy.deepcopy(EXAMPLE_DEAL)
    deal["skat"] = ["D8", "CJ"]
    with pytest.raises(RecordError) as err:
        parse_record(doc([], deal))
    assert err.value.code == "deal.duplicate_card" and err.value.where["field"] == "deal.skat[1]"


def test_more_than_32_cards_and_unknown_top_level_keys_are_refused():
    deal = copy.deepcopy(EXAMPLE_DEAL)
    deal["skat"] = ["D8", "D7", "D9"]
    with pytest.raises(RecordError, match="more than 32"):
        parse_record(doc([], deal))
    with pytest.raises(RecordError, match="unknown top-level key 'extra'"):
        parse_record({**doc([]), "extra": 1})


def test_malformed_json_names_line_and_column():
    with pytest.raises(RecordError) as err:
        parse_record_text('{"format": "skat-log/1",\n "deal": }')
    assert err.value.code == "record.json" and err.value.where["line"] == 2


# -- irregularities are noted, never refused, and the record is never changed ---------------
def test_irregular_play_is_noted_and_replay_goes_on():
    events = BID + [
        {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True},
        {"type": "play", "seat": "middlehand", "card": "HJ"},  # false lead: forehand leads
        {"type": "play", "seat": "rearhand", "card": "CA"},  # revoke: rearhand holds DJ
        {"type": "play", "seat": "forehand", "card": "CJ"},
    ]
    original = json.dumps(doc(events), sort_keys=True)
    record = parse_record(json.loads(original))
    state = replay(record)
    assert [(i.kind, i.event) for i in state.irregularities] == [("false_lead", 4), ("revoke", 5)]
    assert len(state.tricks) == 1 and state.tricks[0].winner.value == "forehand"
    # the record itself is untouched: same deal (as sets) and the very same events
    assert {k: sorted(v) for k, v in record.to_dict()["deal"].items()} == {
        k: sorted(v) for k, v in json.loads(original)["deal"].items()
    }
    assert record.to_dict()["events"] == [
        {
            **e,
            **(
                {"schneider": False, "schwarz": False, "ouvert": False}
                if e["type"] == "declare"
                else {}
            ),
        }
        for e in json.loads(original)["events"]
    ]


def test_state_at_any_event_index():
    events = BID + [
        {"type": "declare", "seat": "middlehand", "game": "grand", "hand": True},
        {"type": "play", "seat": "forehand", "card": "CJ"},
    ]
    at3 = replay_document(doc(events), at=3)
    assert at3["phase"] == "playing" and at3["current_trick"] is None
    at4 = replay_document(doc(events), at=4)
    assert at4["current_trick"]["cards"][0]["card"] == "CJ"
    assert "CJ" not in at4["hands"]["forehand"]
    with pytest.raises(RecordError):
        replay_document(doc(events), at=99)


# -- round trip: random legal games -------------------------------------------------------
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_games_round_trip(seed):
    game = random_game(random.Random(seed), passed_in_rate=0.0)
    record = parse_record(game)
    assert parse_record(json.loads(json.dumps(record.to_dict()))).to_dict() == record.to_dict()
    state = replay(record)
    assert state.phase == "finished" and not state.irregularities
    pts = state.card_points()
    assert pts["declarer"] + pts["defenders"] == 120
    assert sum(state.tricks_won().values()) == 10
    assert not any(state.hands)
    # the plays of the reconstruction are exactly the plays of the record
    plays = [(e["seat"], e["card"]) for e in game["events"] if e["type"] == "play"]
    assert [(s.value, c.name) for t in state.tricks for s, c, _ in t.plays] == plays


# -- the command line on every file we have ---------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_cli_replay_every_example(path, capsys):
    assert main(["replay", str(path)]) == 0
    assert "Deal" in capsys.readouterr().out
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["phase"]


def test_cli_replay_bad_file_exits_2_without_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skat-log/1", "deal": {}, "events": []}')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "deal" in err


@pytest.mark.parametrize("path", ISS_FILES, ids=lambda p: p.stem)
def test_cli_adjudicate_every_iss_record_in_three_languages(path, tmp_path, capsys):
    for i, line in enumerate(path.read_text().splitlines()):
        if not line.strip():
            continue
        f = tmp_path / f"{i}.sgf"
        f.write_text(line)
        for lang in ("en", "de", "es"):
            assert main(["adjudicate", str(f), "--lang", lang]) == 0
            out = json.loads(capsys.readouterr().out)
            assert out["format"] == "skat-ruling/1" and out["language"] == lang
