"""The HTTP status of every error comes from one table (``referee/http_status.py``).

The API's views and the console's pages raise categorised errors or look a category's
status up (``status_for``); none answers with a number of its own. The only statuses
written out are the HTTP layer's own, which no error category stands for: 415 (a body
in a content type the endpoint does not read) and 429 (the rate limiter).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.core.errors import Gone
from referee.http_status import status_for
from referee.service.keys import SigninLinkRefused

ROOT = Path(__file__).resolve().parents[1] / "referee"
EDGES = sorted([*(ROOT / "api").glob("*.py"), *(ROOT / "web").glob("*.py")])
#: statuses of the HTTP layer itself, without an error category
HTTP_ONLY = {415, 429}
#: calls whose first argument is the status they answer with
ANSWERING = {"abort", "problem", "_error_page"}


def _is_error_status(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant)
        and type(node.value) is int
        and 400 <= node.value <= 599
        and node.value not in HTTP_ONLY
    )


def _written_statuses(tree: ast.AST) -> Iterator[tuple[int, int]]:
    """(line, status) of each error status a view answers with, written as a number."""
    for node in ast.walk(tree):
        found: list[ast.AST] = []
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ANSWERING and node.args:
                found.append(node.args[0])
            found += [k.value for k in node.keywords if k.arg == "status"]
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            found += node.value.elts[1:]  # (body, status[, headers])
        elif isinstance(node, ast.Assign):
            for target, value in _pairs(node.targets, node.value):
                if getattr(target, "id", None) == "status":
                    found.append(value)
        for item in found:
            if _is_error_status(item):
                yield item.lineno, item.value  # type: ignore[attr-defined]


def _pairs(targets: list[ast.expr], value: ast.expr) -> Iterator[tuple[ast.expr, ast.expr]]:
    for target in targets:
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
            yield from zip(target.elts, value.elts, strict=False)
        else:
            yield target, value


@pytest.mark.parametrize("path", EDGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_view_writes_an_error_status_of_its_own(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert list(_written_statuses(tree)) == []


def test_the_check_finds_a_written_status() -> None:
    tree = ast.parse(
        "def v():\n    status = 403\n    abort(404)\n    return page, 422\n"
        "def w():\n    return _error_page(status_for(NotFound), m)\n"
    )
    assert sorted(_written_statuses(tree)) == [(2, 403), (3, 404), (4, 422)]


def test_a_refused_sign_in_link_is_gone_by_the_table() -> None:
    """A used, expired, revoked or unknown one-time link: 410 by its category."""
    assert issubclass(SigninLinkRefused, Gone)
    assert status_for(SigninLinkRefused("used")) == 410
