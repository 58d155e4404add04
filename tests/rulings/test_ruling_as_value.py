"""The ruling is built as a value: the steps of a ruling return their parts
(``rulings.model.Part``) and ``model.compose`` alone writes them into a ``Ruling``; no
function in ``referee/rulings`` changes a ruling it was handed, and one place makes it."""

from __future__ import annotations

import ast
from pathlib import Path

RULINGS = Path(__file__).resolve().parents[2] / "referee" / "rulings"

#: the composer, the only function that writes into a Ruling
_WRITERS = {("model.py", "compose")}


def _ruling_params(fn: ast.FunctionDef) -> set[str]:
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    return {
        a.arg
        for a in args
        if a.annotation is not None and "Ruling" in ast.unparse(a.annotation).split(" | ")
    }


def _root(node: ast.expr) -> str | None:
    """The name an attribute or item chain starts from (``r`` in ``r.a.b[0]``)."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _writes(fn: ast.FunctionDef, names: set[str]) -> list[str]:
    """Where ``fn`` changes an object named in ``names``: an assignment to one of its
    attributes or items, or a call of a mutating method on one of them."""
    found = []
    for node in ast.walk(fn):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            for el in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(el, ast.Attribute | ast.Subscript) and _root(el) in names:
                    found.append(f"line {node.lineno}: {ast.unparse(el)} =")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"append", "extend", "insert", "update", "step", "pop"}
            and _root(node.func.value) in names
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
    return found


def _functions() -> list[tuple[str, ast.FunctionDef]]:
    out = []
    for path in sorted(RULINGS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out += [
            (str(path.relative_to(RULINGS)), n)
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef)
        ]
    return out


def test_no_function_writes_into_a_ruling_it_was_handed() -> None:
    bad = []
    for file, fn in _functions():
        if (file, fn.name) in _WRITERS:
            continue
        names = _ruling_params(fn)
        bad += [f"{file} {fn.name} {w}" for w in _writes(fn, names)] if names else []
    assert not bad, "a step writes into a ruling made elsewhere: " + "; ".join(bad)


def test_one_place_makes_a_ruling() -> None:
    makers = [
        f"{file} {fn.name}"
        for file, fn in _functions()
        for node in ast.walk(fn)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "Ruling"
    ]
    assert makers == ["adjudicate.py rule"]


def test_the_check_sees_a_helper_that_patches_a_ruling() -> None:
    code = (
        "def void_after_end(r: Ruling, ended: int) -> None:\n"
        "    r.step(('ISkO 4.1.3',), 'infraction.after_end')\n"
        "    r.outcome, r.ended = 'lost', None\n"
        "    r.reasoning += []\n"
        "    r.tricks['declarer'] = 1\n"
    )
    fn = ast.parse(code).body[0]
    assert isinstance(fn, ast.FunctionDef)
    assert len(_writes(fn, _ruling_params(fn))) == 5
