"""A ruling does not depend on the clock or on the machine.

The claim and level searches stop at a node count, never at a time: a clock that jumps
hours ahead on every reading changes nothing, and two separate processes that render the
same records in different language orders write byte-identical JSON.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.service.engine import adjudicate

ROOT = Path(__file__).resolve().parents[2]
#: records whose rulings run every kind of search (claims 4.3.4/4.3.5, null claims,
#: schneider and schwarz reachable from here and from the deal)
RECORDS = [
    ROOT / "examples" / "lay-down-claim.json",
    *(
        ROOT / "tests" / "cases" / name
        for name in (
            "isko_4_1_lead/isko_4_1_5_defenders_infraction_credits_needed_schneider.json",
            "isko_4_3_shortened/isko_4_3_4_declarer_claim_fails_by_analysis.json",
            "isko_4_3_shortened/isko_4_3_5_defender_claim_fails_declarer_wins_simple.json",
            "isko_5_value/isko_4_1_5_announced_schwarz_still_reachable_is_credited.json",
            "isko_5_value/isko_5_4_3_needed_schwarz_impossible_defender_holds_club_jack.json",
            "isko_null/isko_4_3_4_null_lay_down_fails.json",
            "review/01c_def_remark_midtrick_needs_schneider.json",
        )
    ),
]


def _docs() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in RECORDS]


def _dump(ruling: dict) -> str:
    return json.dumps(ruling, ensure_ascii=False, sort_keys=True)


def test_every_record_runs_a_search() -> None:
    for doc in _docs():
        assert adjudicate(doc)["analysis"], "the record must exercise a search"


def test_a_clock_that_jumps_hours_ahead_changes_no_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    docs = _docs()
    before = [_dump(adjudicate(d, lang=lang)) for d in docs for lang in ("en", "de")]
    now = [1_000_000.0]

    def jumping() -> float:
        now[0] += 3 * 3600.0  # three hours on every reading
        return now[0]

    monkeypatch.setattr(time, "perf_counter", jumping)
    monkeypatch.setattr(time, "monotonic", jumping)
    monkeypatch.setattr(time, "time", jumping)
    after = [_dump(adjudicate(d, lang=lang)) for d in docs for lang in ("en", "de")]
    assert after == before
    for text in after:
        for item in json.loads(text)["analysis"]:
            assert "seconds" not in item


_SCRIPT = """
import json, sys
from referee.service.engine import adjudicate
paths, langs = json.loads(sys.argv[1]), sys.argv[2].split(",")
out = {}
for path in paths:
    doc = json.load(open(path, encoding="utf-8"))
    for lang in langs:
        out[path + ":" + lang] = adjudicate(doc, lang=lang)
sys.stdout.write(json.dumps(out, ensure_ascii=False, sort_keys=True))
"""


def _run(langs: str) -> bytes:
    paths = json.dumps([str(p) for p in RECORDS])
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, paths, langs],
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def test_two_processes_in_different_language_orders_write_the_same_bytes() -> None:
    first, second = _run("en,de,es"), _run("es,de,en")
    assert first == second
    assert len(json.loads(first)) == 3 * len(RECORDS)


def test_a_search_that_reaches_its_node_limit_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """No silent fallback: the ruling names the node limit in a step and in the analysis."""
    import functools

    from referee.rulings import outcome, shortened

    monkeypatch.setattr(
        shortened, "can_force_trick", functools.partial(shortened.can_force_trick, node_limit=1)
    )
    monkeypatch.setattr(
        outcome, "can_reach_points", functools.partial(outcome.can_reach_points, node_limit=1)
    )
    claim = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    level = json.loads(RECORDS[7].read_text(encoding="utf-8"))
    for doc in (claim, level):
        for lang in ("en", "de", "es"):
            ruling = adjudicate(doc, lang=lang)
            assert any(a.get("node_limit_reached") for a in ruling["analysis"])
            texts = [s["text"] for s in ruling["reasoning"]]
            assert any("2" in t and ("node" in t or "Knoten" in t or "nodos" in t) for t in texts)
    assert adjudicate(claim)["outcome"] == "undetermined"
