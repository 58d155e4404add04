"""``ended.reason``: declared once (core/ended.py), listed by the ruling schema as
generated, and every reason the rulings write is a declared one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.core.ended import END_REASONS, EndReason
from referee.rulings.ended_schema import SCHEMA_PATH, reason_schema, schema_text
from tests.support.casekit import case_names, rule

REFEREE = Path(__file__).resolve().parents[2] / "referee"


def test_committed_ruling_schema_lists_the_declared_reasons() -> None:
    committed = SCHEMA_PATH.read_text(encoding="utf-8")
    assert schema_text(committed) == committed, "run: make spec"
    assert reason_schema()["enum"] == list(END_REASONS) == [str(r) for r in EndReason]


def test_a_reason_missing_from_the_schema_is_drift() -> None:
    """A schema whose list lacks one declared reason is not what ``make spec`` writes."""
    committed = SCHEMA_PATH.read_text(encoding="utf-8")
    stale = committed.replace('"shuffle_fault",\n', "", 1)
    assert stale != committed
    assert schema_text(stale) != stale


def _is_ended(target: ast.expr) -> bool:
    return (isinstance(target, ast.Attribute) and target.attr == "ended") or (
        isinstance(target, ast.Name) and target.id == "ended"
    )


def _written_reasons(tree: ast.AST) -> set[str]:
    """The constant ``reason`` of every dict written to an ``ended`` (``x.ended = {...}``,
    ``ended={...}``), also inside a tuple assignment."""
    dicts: list[ast.Dict] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs = zip(target.elts, node.value.elts, strict=False)
                    dicts += [v for t, v in pairs if _is_ended(t) and isinstance(v, ast.Dict)]
                elif _is_ended(target) and isinstance(node.value, ast.Dict):
                    dicts.append(node.value)
        elif isinstance(node, ast.keyword) and node.arg == "ended":
            if isinstance(node.value, ast.Dict):
                dicts.append(node.value)
    out = set()
    for d in dicts:
        for k, v in zip(d.keys, d.values, strict=True):
            if isinstance(k, ast.Constant) and k.value == "reason":
                if isinstance(v, ast.Constant) and isinstance(v.value, str):
                    out.add(v.value)
    return out


def test_every_reason_the_rulings_write_is_declared() -> None:
    written: dict[str, str] = {}
    for path in sorted(REFEREE.rglob("*.py")):
        for reason in _written_reasons(ast.parse(path.read_text(encoding="utf-8"))):
            written.setdefault(reason, str(path.relative_to(REFEREE)))
    # the scan finds what the rulings write (a scan that finds nothing proves nothing)
    assert {"played_out", "dealt_out_of_turn", "shuffle_fault", "passed_in"} <= set(written)
    undeclared = {r: p for r, p in written.items() if r not in END_REASONS}
    assert not undeclared, f"declare these in referee/core/ended.py, then make spec: {undeclared}"


def test_the_scan_sees_a_new_reason() -> None:
    code = "r.ended = {'reason': 'walked_away', 'event': 1}\nr.ended, r.ends = None, False\n"
    code += "f(ended={'reason': 'kept', 'event': 2})\n"
    assert _written_reasons(ast.parse(code)) == {"walked_away", "kept"}


@pytest.mark.parametrize(("family", "name"), case_names(), ids=[n for _, n in case_names()])
def test_case_ruling_ends_with_a_declared_reason(family: str, name: str) -> None:
    ended = rule(family, name)["ended"]
    assert ended is None or ended["reason"] in END_REASONS
