"""The ruling is built as a value: the steps of a ruling return their parts
(``rulings.model.Part``) and ``model.compose`` alone writes them into a ``Ruling``; no
function in ``referee/rulings`` changes a ruling it was handed, and one place makes it.
A part and what it holds are frozen (a step makes a new part, never changes one), and how
a game ended is a frozen ``Ended``, not a dict."""

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


#: the methods that change a ruling (or a list or dict it holds)
_CHANGES = frozenset({"append", "extend", "insert", "update", "step", "pop"})


def _writes(fn: ast.FunctionDef, names: set[str], changes: frozenset[str] = _CHANGES) -> list[str]:
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
            and node.func.attr in changes
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
    fn = _function(code)
    assert len(_writes(fn, _ruling_params(fn))) == 5


def _function(code: str) -> ast.FunctionDef:
    fn = ast.parse(code).body[0]
    assert isinstance(fn, ast.FunctionDef)
    return fn


# -- parts are values ----------------------------------------------------------------------
#: a part's methods that return a new part (the part they are called on stays as it was)
_NEW_PART = {"step", "add", "valued", "found", "with_steps", "_replace"}
#: what a ruling's parts are made of: each must be frozen
_FROZEN = {
    ("rulings/model.py", "Part"),
    ("rulings/model.py", "Infraction"),
    ("rulings/model.py", "Step"),
    ("rulings/model.py", "Message"),
    ("rulings/shortened.py", "Award"),
    ("core/ended.py", "Ended"),
    ("core/valuation.py", "Valuation"),
    ("core/valuation.py", "Matadors"),
}
_MUTABLE = ("list[", "dict[", "set[", "List[", "Dict[")


def _classes() -> dict[tuple[str, str], ast.ClassDef]:
    out = {}
    for file in {file for file, _ in _FROZEN}:
        tree = ast.parse((RULINGS.parent / file).read_text(encoding="utf-8"))
        out |= {(file, n.name): n for n in tree.body if isinstance(n, ast.ClassDef)}
    return out


def _is_frozen(cls: ast.ClassDef) -> bool:
    """A named tuple, or a dataclass declared ``frozen=True``."""
    if any(ast.unparse(b) == "NamedTuple" for b in cls.bases):
        return True
    return any(
        isinstance(d, ast.Call)
        and ast.unparse(d.func) == "dataclass"
        and any(k.arg == "frozen" and ast.unparse(k.value) == "True" for k in d.keywords)
        for d in cls.decorator_list
    )


def _fields(cls: ast.ClassDef) -> dict[str, str]:
    return {
        n.target.id: ast.unparse(n.annotation)
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }


def test_a_part_and_what_it_holds_are_frozen() -> None:
    classes = _classes()
    assert set(_FROZEN) <= set(classes)
    thawed = [name for file, name in _FROZEN if not _is_frozen(classes[file, name])]
    assert not thawed, f"not frozen: {thawed}"
    mutable = {
        f"{name}.{field}": kind
        for file, name in _FROZEN
        for field, kind in _fields(classes[file, name]).items()
        if kind.startswith(_MUTABLE)
    }
    assert not mutable, f"a frozen value holds a mutable container: {mutable}"


def test_how_a_game_ended_is_typed_not_a_dict() -> None:
    classes = _classes()
    ruling = _fields(classes[("rulings/model.py", "Ruling")])
    part = _fields(classes[("rulings/model.py", "Part")])
    assert ruling["ended"] == part["ended"] == "Ended | None"


def _part_names(fn: ast.FunctionDef) -> set[str]:
    """The names in ``fn`` that hold a part: parameters annotated ``Part``, and names
    bound to a new part (``Part(...)``, ``NOTHING``, or a part's method that returns
    one)."""
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    names = {
        a.arg for a in args if a.annotation is not None and ast.unparse(a.annotation) == "Part"
    }
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and ast.unparse(node.value) == "NOTHING":
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            f = node.value.func
            if ast.unparse(f) == "Part" or (isinstance(f, ast.Attribute) and f.attr in _NEW_PART):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _lost_parts(fn: ast.FunctionDef) -> list[str]:
    """A part's method whose new part is thrown away (``r.step(...)`` as a statement:
    the step is lost, since the part it was called on does not change)."""
    return [
        f"line {n.lineno}: {ast.unparse(n.value.func)}(...)"
        for n in ast.walk(fn)
        if isinstance(n, ast.Expr)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Attribute)
        and n.value.func.attr in _NEW_PART - {"add"}
    ]


def _part_writes(fn: ast.FunctionDef) -> list[str]:
    names = _part_names(fn)
    found = _writes(fn, names, _CHANGES - {"step"}) if names else []
    found += [
        f"line {n.lineno}: {ast.unparse(n.value.func)}(...)"
        for n in ast.walk(fn)
        if isinstance(n, ast.Expr)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Attribute)
        and n.value.func.attr == "add"
        and _root(n.value.func.value) in names
    ]
    return sorted(set(found + _lost_parts(fn)))


def test_no_function_writes_into_a_part() -> None:
    bad = [f"{file} {fn.name} {w}" for file, fn in _functions() for w in _part_writes(fn)]
    assert not bad, "a part is changed, or a new part thrown away: " + "; ".join(bad)


def test_the_check_sees_a_write_into_a_part() -> None:
    code = (
        "def ending(state: GameState, r: Part) -> Part:\n"
        "    p = Part(ends=True)\n"
        "    p.ended = {'reason': 'claim', 'event': 1, 'trick': 2}\n"
        "    p.steps.append(step)\n"
        "    r.analysis += ({},)\n"
        "    p.step(('ISkO 4.3.4',), 'claim.failed')\n"
        "    r.add(p)\n"
        "    q = r.valued(v)\n"
        "    q.counts = None\n"
        "    e = NOTHING\n"
        "    e.steps += (step,)\n"
        "    return r\n"
    )
    assert len(_part_writes(_function(code))) == 7
