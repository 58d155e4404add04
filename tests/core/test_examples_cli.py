"""``referee examples``: the worked examples recomputed by the core, printed as a table."""

from __future__ import annotations

import io
import json

import pytest

from referee.cli import main
from referee.cli.examples import print_table, rows, show
from referee.core import RefereeError
from referee.rules.examples import EXAMPLES, WorkedExample, by_id


def test_examples_cli_prints_every_example_and_no_mismatch(capsys):
    assert main(["examples"]) == 0
    out = capsys.readouterr().out
    assert "MISMATCH" not in out
    assert out.splitlines()[0].split() == ["clause", "example", "computed", "expected", "result"]
    for clause in (
        "ISkO 3.4.3",
        "ISkO 5.2.5",
        "ISkO 5.2.6",
        "ISkO 5.4.1",
        "ISkO 5.4.2",
        "ISkO 5.6",
        "ISkO 5.5.5",
        "SkWO 5.1",
    ):
        assert clause in out
    for number in ("-288", "108", "264", "-100", "-120", "-80", "2107", "-1467", "+595"):
        assert number in out
    assert out.count(" OK") == len(EXAMPLES)
    assert f"{len(EXAMPLES)} of {len(EXAMPLES)} worked examples reproduced" in out


def test_examples_cli_full_puts_one_example_a_line(capsys):
    assert main(["examples", "--full", "--only", "isko-5.6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = [line for line in lines[2:] if line.strip() and "reproduced" not in line]
    assert len(table) == 7  # five rows, grand ouvert, null
    assert "18 27 36 45 54 63 72 81 90 99 108 117 126 135 144 153 162" in lines[2]


def test_examples_cli_json_lines(capsys):
    assert main(["examples", "--json", "--only", "skwo"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records == [
        {
            "id": "skwo-5.1",
            "clause": "SkWO 5.1/8.12",
            "description": records[0]["description"],
            "computed": 2107,
            "expected": 2107,
            "ok": True,
        }
    ]


def test_examples_cli_reports_a_mismatch_and_fails(capsys, monkeypatch):
    wrong = WorkedExample(
        "bad",
        "ISkO 5.4.2",
        "deliberately wrong",
        "performance",
        {"points": 0, "won": 0, "lost": 0, "others_lost": 0, "table_size": 3},
        1,
    )
    monkeypatch.setattr("referee.rules.examples.EXAMPLES", (*EXAMPLES, wrong))
    assert main(["examples"]) == 1
    out = capsys.readouterr().out
    assert out.count("MISMATCH") == 1
    assert f"{len(EXAMPLES)} of {len(EXAMPLES) + 1} worked examples reproduced" in out


def test_examples_every_example_agrees_and_ids_are_unique():
    assert len({e.id for e in EXAMPLES}) == len(EXAMPLES)
    for example in EXAMPLES:
        assert example.compute() == example.expected, example.id
        assert example.clause.startswith(("ISkO", "SkWO"))


def test_examples_by_id_unknown_is_a_coded_error():
    assert by_id("skwo-5.1").expected == 2107
    with pytest.raises(RefereeError) as info:
        by_id("nope")
    assert info.value.code == "examples.unknown"


def test_examples_table_wraps_long_cells():
    out = io.StringIO()
    print_table(rows(tuple(e for e in EXAMPLES if e.id == "isko-5.6-diamonds")), out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 + 3  # header, rule, a row wrapped over three lines
    assert lines[2].endswith("OK") and all(len(line) < 140 for line in lines)
    assert " ".join(lines[2:]).split().count("162") == 2
    assert show((1, 2)) == "1 2"
