"""``referee adjudicate --batch``: one ruling a line, in order, errors in place, exit code."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

from bench.games import to_iss
from referee.cli import main
from referee.cli.adjudicate import rule_stream
from tests.support.generate import INFRACTIONS, random_game

ROOT = Path(__file__).resolve().parents[2]


def _docs(n: int) -> list[dict]:
    rng = random.Random(11)
    return [random_game(rng, infraction=(None, *INFRACTIONS)[i % 9]) for i in range(n)]


def _strip_timing(line: str) -> dict:
    doc = json.loads(line)
    for item in doc.get("analysis") or []:
        item.pop("seconds", None)
    return doc


def test_batch_keeps_order_reports_bad_lines_in_place_and_exits_1(tmp_path, capsys) -> None:
    docs = _docs(12)
    lines = [json.dumps(d) for d in docs]
    lines[3] = "{not json"
    lines[7] = '{"format": "skat-log/1"}'
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines[:5]) + "\n\n" + "\n".join(lines[5:]) + "\n")
    assert main(["adjudicate", "--batch", str(path), "--lang", "de"]) == 1
    out = capsys.readouterr()
    rows = [json.loads(x) for x in out.out.splitlines()]
    assert len(rows) == 12  # blank line skipped, one output a record
    assert rows[3] == {
        "line": 4,
        "error": {
            "code": "record.json",
            "message": rows[3]["error"]["message"],
            "where": {"column": 2},
        },
    }
    assert rows[7]["line"] == 9 and rows[7]["error"]["code"] == "record.deal"  # after the blank
    ok = [r for i, r in enumerate(rows) if i not in (3, 7)]
    assert {r["format"] for r in ok} == {"skat-ruling/1"} and {r["language"] for r in ok} == {"de"}
    assert "2 line(s) could not be ruled" in out.err and "\r" not in out.err  # no bar: not a TTY


def test_jobs_give_the_same_lines_in_the_same_order(tmp_path) -> None:
    text = "".join(json.dumps(d) + "\n" for d in _docs(60))
    one, many = io.StringIO(), io.StringIO()
    assert rule_stream(io.StringIO(text), one) == (60, 0)
    assert rule_stream(io.StringIO(text), many, jobs=2) == (60, 0)
    a = [_strip_timing(x) for x in one.getvalue().splitlines()]
    b = [_strip_timing(x) for x in many.getvalue().splitlines()]
    assert a == b


def test_iss_lines_from_stdin_with_jobs(tmp_path) -> None:
    iss = "\n".join(to_iss(d, i) for i, d in enumerate(_docs(20))) + "\n(;GM[Skat];)\n"
    r = subprocess.run(
        [sys.executable, "-m", "referee", "adjudicate", "--batch", "-", "--iss", "--jobs", "2"],
        input=iss,
        capture_output=True,
        text=True,
        timeout=120,
    )
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 1 and len(rows) == 21
    assert all(row["format"] == "skat-ruling/1" for row in rows[:20])
    assert rows[20]["line"] == 21 and rows[20]["error"]["code"].startswith("iss.")


def test_file_and_batch_together_is_a_usage_error(tmp_path, capsys) -> None:
    assert main(["adjudicate", "x.json", "--batch", "y.jsonl"]) == 2
    assert main(["adjudicate", "--batch", str(tmp_path / "missing.jsonl")]) == 2
