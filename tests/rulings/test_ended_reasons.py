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


def _written_reasons(tree: ast.AST) -> set[str]:
    """The reason of every ``Ended(EndReason.NAME, ...)`` the code builds: the reason's
    value where ``NAME`` is declared, else ``NAME`` itself."""
    out = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "Ended" and node.args):
            continue
        first = node.args[0]
        if (
            isinstance(first, ast.Attribute)
            and isinstance(first.value, ast.Name)
            and first.value.id == "EndReason"
        ):
            name = first.attr
            out.add(EndReason[name].value if name in EndReason.__members__ else name)
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
    code = "r = r._replace(ended=Ended(EndReason.WALKED_AWAY, 1, None))\n"
    code += "f(ended=Ended(EndReason.PLAYED_OUT, 2, 10))\n"
    assert _written_reasons(ast.parse(code)) == {"WALKED_AWAY", "played_out"}


@pytest.mark.parametrize(("family", "name"), case_names(), ids=[n for _, n in case_names()])
def test_case_ruling_ends_with_a_declared_reason(family: str, name: str) -> None:
    ended = rule(family, name)["ended"]
    assert ended is None or ended["reason"] in END_REASONS
