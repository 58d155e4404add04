"""Import of International Skat Server records into skat-log/1, and the published schema."""

from __future__ import annotations

import argparse
import io
import json
import re
import tracemalloc
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from referee.cli import import_iss as iss_cli
from referee.core.errors import RecordError
from referee.record.iss import IssRecord, iter_iss_records, parse_iss_record, parse_iss_result
from referee.record.iss_convert import iss_to_skatlog

ROOT = Path(__file__).resolve().parents[2]
ISS_DIR = ROOT.parent / "shared" / "data" / "iss"
ISS_FILES = ("jskat-samples.sgf", "gsilvan-samples.sgf")
SCHEMA = json.loads((ROOT / "api_spec" / "skat-log-1.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
CARD = re.compile(r"^[CSHD][AKQJT987]$")


def _lines() -> list[str]:
    return [
        line.strip()
        for name in ISS_FILES
        for line in (ISS_DIR / name).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


LINES = _lines()
FIRST = LINES[0]  # jskat: rearhand loses diamonds, 59 points


def _records() -> list[IssRecord]:
    records = []
    for name in ISS_FILES:
        with open(ISS_DIR / name, encoding="utf-8") as stream:
            records.extend(iter_iss_records(stream))
    return records


RECORDS = _records()


def _errors(doc: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(doc)]


# --------------------------------------------------------------------------- parsing


def test_all_16_records_parse():
    assert len(RECORDS) == 16
    assert Counter(rec.series is not None and rec.game_id is not None for rec in RECORDS) == {
        True: 16
    }
    assert all(rec.moves[0].actor == "w" for rec in RECORDS)


def test_line_numbers_count_blank_lines():
    stream = io.StringIO(f"\n{LINES[0]}\n  \n{LINES[1]}\n\n{LINES[2]}")
    records = iter_iss_records(stream)
    assert next(records).line_no == 2  # a generator: nothing is read ahead
    assert stream.tell() < len(stream.getvalue())
    assert [rec.line_no for rec in records] == [4, 6]


def test_record_header_fields():
    rec = parse_iss_record(FIRST, line_no=1)
    assert (rec.series, rec.game_id, rec.date) == (24072, 541932, "2010-12-06T18:59:24Z")
    assert rec.players == ("zoot", "kermit", "foo")
    assert rec.server == "International Skat Server"
    assert rec.raw == FIRST


def test_result_fields_of_a_lost_game():
    result = parse_iss_record(FIRST).result
    assert result.declarer == "rearhand" and result.outcome == "loss"
    assert (result.value, result.matadors, result.overbid) == (-54, -2, False)
    assert (result.card_points, result.tricks, result.schneider, result.schwarz) == (59, 4, 0, 0)
    assert result.penalties == (False, False, False)
    assert (result.left, result.timeout, result.resigned) == (None, None, False)


def test_result_of_penalty_and_old_record_without_r():
    result = parse_iss_result("d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:1 l:2 to:-1")
    assert result.declarer is None and result.outcome == "penalty"
    assert result.penalties == (False, False, True)
    assert result.left == "rearhand" and result.resigned is None


def test_result_passed_and_overbid():
    assert parse_iss_result("passed").passed
    assert sum(rec.result.passed for rec in RECORDS) == 1
    assert sum(rec.result.overbid for rec in RECORDS) == 2


# --------------------------------------------------------------------------- conversion


@pytest.mark.parametrize("index", range(16))
def test_converted_record_validates_against_schema(index):
    doc = iss_to_skatlog(RECORDS[index])
    assert _errors(doc) == []
    assert doc["meta"]["source"] == "iss" and doc["table_size"] == 3
    assert doc["meta"]["iss"]["result_raw"] == RECORDS[index].result.raw
    assert doc["meta"]["iss"]["result"] == RECORDS[index].result.to_dict()


@pytest.mark.parametrize("index", range(16))
def test_deal_has_32_distinct_cards(index):
    rec = RECORDS[index]
    deal = iss_to_skatlog(rec)["deal"]
    assert [len(deal[k]) for k in ("forehand", "middlehand", "rearhand", "skat")] == [10, 10, 10, 2]
    cards = [c for hand in deal.values() for c in hand]
    assert len(set(cards)) == 32
    assert cards == rec.moves[0].action.split(".")


def _expected_counts(rec: IssRecord) -> Counter:
    """Event counts derived from the moves, independently of the converter."""
    expected: Counter = Counter()
    for move in rec.moves[1:]:
        action = move.action
        if move.actor == "w":
            kinds = {"TI": "timeout", "LE": "left"}
            if action[:2] in kinds:
                expected[kinds[action[:2]]] += 1
        elif action.isdigit():
            expected["bid"] += 1
        elif action in ("y", "p", "s", "RE"):
            expected[{"y": "hold", "p": "pass", "s": "pickup", "RE": "concede"}[action]] += 1
        elif action.startswith("SC"):
            expected["lay_down"] += 1
        elif CARD.match(action):
            expected["play"] += 1
        elif re.match(r"^[GCSHDN][OHSZ]*(\.|$)", action):
            expected["declare"] += 1
    expected["discard"] = expected["pickup"]  # every pickup in the samples is followed by a game
    return +expected


@pytest.mark.parametrize("index", range(16))
def test_event_counts_match_moves(index):
    rec = RECORDS[index]
    events = iss_to_skatlog(rec)["events"]
    assert +Counter(e["type"] for e in events) == _expected_counts(rec)


def test_played_out_games_have_30_plays():
    plays = [
        sum(e["type"] == "play" for e in iss_to_skatlog(rec)["events"])
        for rec in RECORDS
        if not rec.result.passed
    ]
    assert plays.count(30) == 7


def test_separate_discard_move_comes_before_declare():
    rec = next(r for r in RECORDS if r.game_id == 596891)  # "2 D 2 D9.DQ"
    events = iss_to_skatlog(rec)["events"]
    kinds = [e["type"] for e in events]
    at = kinds.index("pickup")
    assert kinds[at : at + 3] == ["pickup", "discard", "declare"]
    assert events[at + 1]["cards"] == ["D9", "DQ"]
    assert events[at + 2]["game"] == "diamonds"


def test_inline_discard_and_skat_view_is_no_event():
    rec = parse_iss_record(FIRST)  # "2 s w H8.CK 2 D.ST.H8"
    events = iss_to_skatlog(rec)["events"]
    at = [e["type"] for e in events].index("pickup")
    assert events[at + 1] == {"type": "discard", "seat": "rearhand", "cards": ["ST", "H8"]}
    assert events[at + 2]["type"] == "declare"


def test_suit_and_grand_ouvert_imply_hand_schneider_schwarz():
    declares = [
        e
        for rec in RECORDS
        for e in iss_to_skatlog(rec)["events"]
        if e["type"] == "declare" and e["ouvert"] and e["game"] != "null"
    ]
    assert {e["game"] for e in declares} == {"grand", "clubs"}
    assert all(e["hand"] and e["schneider"] and e["schwarz"] for e in declares)


def test_schwarz_announced_includes_schneider():
    rec = next(r for r in RECORDS if r.game_id == 26496)  # "0 CHZ"
    (declare,) = [e for e in iss_to_skatlog(rec)["events"] if e["type"] == "declare"]
    assert declare == {
        "type": "declare",
        "seat": "forehand",
        "game": "clubs",
        "hand": True,
        "schneider": True,
        "schwarz": True,
        "ouvert": False,
    }


def test_null_ouvert_after_pickup_and_null_ouvert_hand():
    nulls = {}
    for rec in RECORDS:
        events = iss_to_skatlog(rec)["events"]
        for i, e in enumerate(events):
            if e["type"] == "declare" and e["game"] == "null":
                nulls[rec.game_id] = (e, events[i - 1])
    picked, before = nulls[1390253]  # "1 NO.HA.HQ"
    assert (picked["ouvert"], picked["hand"]) == (True, False)
    assert before == {"type": "discard", "seat": "middlehand", "cards": ["HA", "HQ"]}
    hand, _ = nulls[25]  # "1 NOH"
    assert (hand["ouvert"], hand["hand"], hand["schneider"]) == (True, True, False)


def test_null_ouvert_cards_shown_with_declaration_are_ignored():
    line = FIRST.replace("2 D.ST.H8", "2 NO.ST.H8." + ".".join(["DQ"] * 10))
    events = iss_to_skatlog(parse_iss_record(line))["events"]
    at = [e["type"] for e in events].index("discard")
    assert events[at]["cards"] == ["ST", "H8"] and events[at + 1]["game"] == "null"


def test_show_cards_resign_timeout_and_left():
    by_id = {rec.game_id: iss_to_skatlog(rec)["events"] for rec in RECORDS}
    tail = [(e["type"], e["seat"]) for e in by_id[727][-4:]]  # "0 SC 1 RE 1 H9 2 RE"
    assert tail == [
        ("lay_down", "forehand"),
        ("concede", "middlehand"),
        ("play", "middlehand"),
        ("concede", "rearhand"),
    ]
    assert by_id[30][-1] == {"type": "left", "seat": "rearhand"}
    line = FIRST.replace("0 SA 1 S7", "w TI.1 0 SA 1 S7")
    events = iss_to_skatlog(parse_iss_record(line))["events"]
    assert {"type": "timeout", "seat": "middlehand"} in events


def test_hidden_card_is_kept_in_meta_not_as_event():
    rec = next(r for r in RECORDS if r.game_id == 18358)  # "0 ?? w LE.1"
    doc = iss_to_skatlog(rec)
    assert doc["meta"]["iss"]["hidden_plays"] == [
        {"move": 8, "seat": "forehand", "before_event": 7}
    ]
    assert doc["events"][7] == {"type": "left", "seat": "middlehand"}


def test_players_from_p0_p1_p2():
    doc = iss_to_skatlog(parse_iss_record(FIRST))
    assert doc["players"] == {"forehand": "zoot", "middlehand": "kermit", "rearhand": "foo"}
    assert list(doc) == ["format", "meta", "table_size", "players", "deal", "events"]


# --------------------------------------------------------------------------- errors

BAD = [
    ("play of an unknown card", FIRST.replace("0 SA 1 S7", "0 XA 1 S7"), "iss.card", 7),
    ("discard of an unknown card", FIRST.replace("D.ST.H8", "D.ST.X8"), "iss.card", 6),
    ("bad seat", FIRST.replace("0 SA 1 S7", "3 SA 1 S7"), "iss.seat", 7),
    ("bad timeout seat", FIRST.replace("0 SA 1 S7", "w TI.7 0 SA"), "iss.seat", 7),
    ("odd move list", FIRST.replace("0 SA 1 S7", "0 SA 1"), "iss.moves", 36),
    ("short deal", FIRST.replace("w HA.", "w "), "iss.deal", 0),
    ("duplicate card in deal", FIRST.replace("w HA.SK", "w HA.HA"), "iss.deal", 0),
    ("no deal first", FIRST.replace("MV[w ", "MV[1 p w "), "iss.deal", 0),
    ("unknown move", FIRST.replace("1 p 2 18", "1 x 2 18"), "iss.move", 1),
    ("skat view differs", FIRST.replace("w H8.CK", "w H8.DK"), "iss.skat", 5),
]


@pytest.mark.parametrize(("why", "line", "code", "move"), BAD, ids=[b[0] for b in BAD])
def test_bad_move_names_line_and_move(why, line, code, move):
    with pytest.raises(RecordError) as caught:
        iss_to_skatlog(parse_iss_record(line, line_no=7))
    assert caught.value.code == code, why
    assert caught.value.where == {"line": 7, "move": move, "field": "MV"}
    assert str(caught.value).startswith(f"line 7, move {move}, field MV: ")


BAD_FIELDS = [
    ("missing MV", re.sub(r"MV\[[^\]]*\]", "", FIRST), "iss.missing", "MV"),
    ("missing R", re.sub(r"R\[[^\]]*\] ", "", FIRST), "iss.missing", "R"),
    ("bad result", FIRST.replace("v:-54", "v:lots"), "iss.result", "R"),
    ("bad declarer", FIRST.replace("d:2", "d:5"), "iss.seat", "R"),
    ("bad date", FIRST.replace("2010-12-06/", "06.12.2010/"), "iss.date", "DT"),
    ("duplicate label", FIRST.replace("ID[541932]", "ID[541932]ID[1]"), "iss.duplicate", "ID"),
]


@pytest.mark.parametrize(
    ("why", "line", "code", "field"), BAD_FIELDS, ids=[b[0] for b in BAD_FIELDS]
)
def test_bad_field_names_line_and_field(why, line, code, field):
    with pytest.raises(RecordError) as caught:
        parse_iss_record(line, line_no=3)
    assert caught.value.code == code, why
    assert caught.value.where == {"line": 3, "field": field}


@pytest.mark.parametrize("text", ["", "GM[Skat]", "(;GM[Skat] junk ;)", "(;GM[Skat]MV[w"])
def test_not_a_record_is_a_syntax_error(text):
    with pytest.raises(RecordError) as caught:
        parse_iss_record(text, line_no=4)
    assert caught.value.code == "iss.syntax" and caught.value.where == {"line": 4}


# --------------------------------------------------------------------------- CLI


def _run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    iss_cli.register(parser)
    args = parser.parse_args(list(argv))
    code = args.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_writes_one_compact_document_a_line(capsys):
    code, out, err = _run_cli(capsys, str(ISS_DIR / "jskat-samples.sgf"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 11
    docs = [json.loads(line) for line in lines]
    assert all(_errors(doc) == [] for doc in docs)
    assert ", " not in lines[0] and ": " not in lines[0].split('"players"')[0]


def test_cli_out_dir_writes_one_file_a_game(capsys, tmp_path):
    code, out, _ = _run_cli(capsys, str(ISS_DIR / "gsilvan-samples.sgf"), "--out", str(tmp_path))
    assert code == 0 and out == ""
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 5 and "iss-344037-6997010.json" in names
    doc = json.loads((tmp_path / "iss-344037-6997010.json").read_text(encoding="utf-8"))
    assert doc["players"]["forehand"] == "theCount"


def test_cli_reports_bad_record_and_goes_on(capsys, tmp_path, monkeypatch):
    bad = FIRST.replace("0 SA 1 S7", "0 XA 1 S7")
    source = tmp_path / "mixed.sgf"
    source.write_text("\n".join([FIRST, "", bad, "not a record", LINES[1]]) + "\n")
    code, out, err = _run_cli(capsys, str(source))
    assert code == 1
    assert len(out.splitlines()) == 2
    assert f"{source}:3: move 7, field MV: unknown card token 'XA' [iss.card]" in err
    assert f"{source}:4: " in err and "[iss.syntax]" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(FIRST + "\n"))
    assert _run_cli(capsys, "-")[0] == 0


def test_cli_missing_file(capsys, tmp_path):
    code, _, err = _run_cli(capsys, str(tmp_path / "nope.sgf"))
    assert code == 2 and "nope.sgf" in err


# --------------------------------------------------------------------------- streaming


class _Sink:
    """A text stream that forgets what it is given."""

    def write(self, text: str) -> int:
        return len(text)


def _peak_for(path: Path, count: int) -> int:
    with open(path, "w", encoding="utf-8") as stream:
        for i in range(count):
            stream.write(LINES[i % len(LINES)] + "\n")
    # warm up caches and CPython's free lists (which keep up to 2000 small tuples each and
    # count as traced memory), so that only what grows with the file is measured
    iss_cli.convert_stream(
        io.StringIO("\n".join(LINES * 200)), _Sink(), None, io.StringIO(), "warm"
    )
    tracemalloc.start()
    try:
        with open(path, encoding="utf-8") as stream:
            done, failed = iss_cli.convert_stream(stream, _Sink(), None, io.StringIO(), "big")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (done, failed) == (count, 0)
    return peak


def _assert_constant_memory(tmp_path: Path, small: int, large: int) -> None:
    peak_small = _peak_for(tmp_path / "small.sgf", small)
    peak_large = _peak_for(tmp_path / "large.sgf", large)
    assert peak_large < 4 * 1024 * 1024
    # ten times the records, the same peak (a few KB of noise allowed)
    assert peak_large < peak_small + 32 * 1024, (peak_small, peak_large)


@pytest.mark.slow  # conversion under tracemalloc: about 15 s of CPU
def test_streaming_memory_does_not_grow_with_file_size(tmp_path):
    _assert_constant_memory(tmp_path, 200, 2_000)


@pytest.mark.slow
def test_streaming_200k_records_in_constant_memory(tmp_path):
    _assert_constant_memory(tmp_path, 20_000, 200_000)


# --------------------------------------------------------------------------- schema + examples


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$id"].endswith("skat-log-1.schema.json")


def test_schema_refuses_unknown_keys_types_and_cards():
    doc = iss_to_skatlog(parse_iss_record(FIRST))
    for broken in (
        {**doc, "extra": 1},
        {**doc, "events": [{"type": "play", "seat": "forehand", "card": "X9"}]},
        {**doc, "events": [{"type": "play", "seat": "forehand", "card": "CJ", "why": 1}]},
        {**doc, "events": [{"type": "wave", "seat": "forehand"}]},
        {**doc, "events": [{"type": "bid", "seat": "forehand"}]},
        {**doc, "events": [{"type": "pass", "seat": "dealer"}]},
        {**doc, "events": [{"type": "declare", "seat": "forehand", "game": "ramsch"}]},
        {**doc, "table_size": 8},
    ):
        assert _errors(broken), broken
    assert _errors({**doc, "events": [{"type": "objection"}, {"type": "cards_gathered"}]}) == []


def test_examples_exist():
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_validates_against_schema(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert _errors(doc) == []
    cards = [c for hand in doc["deal"].values() for c in hand]
    assert len(cards) == 32 and len(set(cards)) == 32


def test_examples_cover_every_event_type():
    seen = {
        e["type"]
        for path in EXAMPLES
        for e in json.loads(path.read_text(encoding="utf-8"))["events"]
    }
    assert seen == set(SCHEMA["$defs"]["event"]["properties"]["type"]["enum"])
