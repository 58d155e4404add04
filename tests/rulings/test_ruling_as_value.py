"""The ruling is built as a value: the steps of a ruling return their parts
(``rulings.model.Part``) and ``model.compose`` alone makes a ``Ruling`` of them, in one
call. A ruling is frozen (its fields cannot be set, its sequences are tuples, its mappings
read-only down to the analysis entries), and no function in ``referee/`` writes into one.
A part and what it holds are frozen (a step makes a new part, never changes one), and how
a game ended is a frozen ``Ended``, not a dict."""

from __future__ import annotations

import ast
import re
from dataclasses import FrozenInstanceError, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from referee.record.log import parse_record
from referee.rulings.adjudicate import rule
from referee.rulings.model import Ruling
from tests.support import casekit

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
RULINGS = PACKAGE / "rulings"

#: the calls whose result is a ruling (a name bound to one holds a ruling)
_MAKERS = frozenset({"rule", "compose", "Ruling"})


def _ruling_params(fn: ast.FunctionDef) -> set[str]:
    """The names in ``fn`` that hold a ruling: parameters annotated ``Ruling``, and
    names bound to what :data:`_MAKERS` return."""
    args = fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs
    names = {
        a.arg
        for a in args
        if a.annotation is not None and "Ruling" in ast.unparse(a.annotation).split(" | ")
    }
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and ast.unparse(node.value.func).rsplit(".", 1)[-1] in _MAKERS
        ):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _root(node: ast.expr) -> str | None:
    """The name an attribute or item chain starts from (``r`` in ``r.a.b[0]``)."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


#: the methods that change a ruling (or a list or dict it holds)
_CHANGES = frozenset(
    {"append", "extend", "insert", "update", "step", "pop", "clear", "remove", "setdefault"}
)


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
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) in _FORCED
            and node.args
            and _root(node.args[0]) in names
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
    return found


#: the calls that set an attribute past a frozen dataclass's guard
_FORCED = frozenset({"object.__setattr__", "object.__delattr__", "setattr", "delattr"})


def _functions(root: Path = RULINGS) -> list[tuple[str, ast.FunctionDef]]:
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out += [
            (str(path.relative_to(root)), n)
            for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef)
        ]
    return out


def test_no_function_writes_into_a_ruling() -> None:
    """Not in the rulings, not in the renderer, the service, the API, the console or the
    CLI: a ruling is read, never written (``compose`` makes it whole)."""
    bad = []
    for file, fn in _functions(PACKAGE):
        names = _ruling_params(fn)
        bad += [f"{file} {fn.name} {w}" for w in _writes(fn, names)] if names else []
    assert not bad, "a function writes into a ruling: " + "; ".join(bad)


def test_one_place_makes_a_ruling() -> None:
    makers = [
        f"{file} {fn.name}"
        for file, fn in _functions(PACKAGE)
        for node in ast.walk(fn)
        if isinstance(node, ast.Call) and ast.unparse(node.func).rsplit(".", 1)[-1] == "Ruling"
    ]
    assert makers == ["rulings/model.py compose"]


def test_the_check_sees_a_helper_that_patches_a_ruling() -> None:
    code = (
        "def void_after_end(r: Ruling, ended: int) -> None:\n"
        "    r.step(('ISkO 4.1.3',), 'infraction.after_end')\n"
        "    r.outcome, r.ended = 'lost', None\n"
        "    r.reasoning += []\n"
        "    r.tricks['declarer'] = 1\n"
        "    object.__setattr__(r, 'score', 0)\n"
        "    made = rule(record)\n"
        "    made.analysis[0]['nodes'] = 1\n"
        "    made.infractions.clear()\n"
    )
    fn = _function(code)
    assert len(_writes(fn, _ruling_params(fn))) == 8


def _function(code: str) -> ast.FunctionDef:
    fn = ast.parse(code).body[0]
    assert isinstance(fn, ast.FunctionDef)
    return fn


# -- parts are values ----------------------------------------------------------------------
#: a part's methods that return a new part (the part they are called on stays as it was)
_NEW_PART = {"step", "add", "valued", "found", "with_steps", "_replace"}
#: what a ruling's parts are made of: each must be frozen
_FROZEN = {
    ("rulings/model.py", "Ruling"),
    ("rulings/model.py", "Part"),
    ("rulings/model.py", "Infraction"),
    ("rulings/model.py", "Step"),
    ("rulings/model.py", "Message"),
    ("rulings/shortened.py", "Award"),
    ("core/ended.py", "Ended"),
    ("core/valuation.py", "Valuation"),
    ("core/valuation.py", "Matadors"),
}
#: the annotations of a mutable container (a frozen value's field must name none)
_MUTABLE = re.compile(
    r"\b(list|dict|set|bytearray|List|Dict|Set|DefaultDict|OrderedDict"
    r"|MutableMapping|MutableSequence|MutableSet)\b"
)


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
        if _MUTABLE.search(kind)
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


def test_the_check_sees_a_mutable_field() -> None:
    code = (
        "@dataclass(frozen=True, slots=True)\n"
        "class Ruling:\n"
        "    tricks: dict[str, int] | None = None\n"
        "    reasoning: list[Step] = field(default_factory=list)\n"
        "    analysis: tuple[MutableMapping[str, Any], ...] = ()\n"
        "    levels: tuple[str, ...] = ()\n"
        "    card_points: Mapping[str, int] | None = None\n"
    )
    cls = ast.parse(code).body[0]
    assert isinstance(cls, ast.ClassDef) and _is_frozen(cls)
    assert sorted(f for f, kind in _fields(cls).items() if _MUTABLE.search(kind)) == [
        "analysis",
        "reasoning",
        "tricks",
    ]
    thawed = ast.parse("@dataclass(slots=True)\nclass Ruling:\n    score: int = 0\n").body[0]
    assert isinstance(thawed, ast.ClassDef) and not _is_frozen(thawed)


# -- a ruling, as made, is read-only all the way down --------------------------------------
def _mutable_inside(value: Any, where: str) -> list[str]:
    """Where ``value`` holds something that can be changed in place."""
    if isinstance(value, MappingProxyType):
        return [w for k, v in value.items() for w in _mutable_inside(v, f"{where}[{k!r}]")]
    if isinstance(value, tuple):
        return [w for n, v in enumerate(value) for w in _mutable_inside(v, f"{where}[{n}]")]
    if isinstance(value, list | dict | set | bytearray):
        return [f"{where}: {type(value).__name__}"]
    return []


#: cases whose ruling holds every collection a ruling has: infractions, card points and
#: tricks, tournament points, and an analysis (a search's answer with its line of play)
_FULL = [
    ("isko_4_3_shortened", "isko_4_3_4_declarer_claim_fails_by_analysis"),
    ("isko_4_3_shortened", "isko_4_3_5_defender_claim_fails_declarer_wins_simple"),
    ("isko_null", "isko_4_3_4_null_lay_down_fails"),
    ("isko_4_1_lead", "isko_4_1_5_defenders_infraction_credits_needed_schneider"),
]


def _ruled(family: str, name: str) -> Ruling:
    doc, _ = casekit.load(family, name)
    return rule(parse_record(doc))


@pytest.mark.parametrize(("family", "name"), _FULL)
def test_a_ruling_holds_nothing_that_can_change(family: str, name: str) -> None:
    r = _ruled(family, name)
    found = [
        w
        for f in fields(r)
        # the infractions and steps are frozen values (checked above); a message's params
        # are its own dict, made for it alone (and pickled with it)
        if f.name not in {"infractions", "reasoning"}
        for w in _mutable_inside(getattr(r, f.name), f.name)
    ]
    assert type(r.infractions) is tuple and type(r.reasoning) is tuple
    assert not found, f"a ruling holds a mutable container: {found}"
    with pytest.raises(FrozenInstanceError):
        r.score = 0  # type: ignore[misc]
    if r.card_points is not None:
        with pytest.raises(TypeError):
            r.card_points["declarer"] = 0  # type: ignore[index]


def test_the_cases_reach_every_collection() -> None:
    """The cases above are ruled with an analysis, infractions, counts and points (else
    the test before would pass on a ruling holding no collection at all)."""
    rulings = [_ruled(*c) for c in _FULL]
    assert any(r.analysis for r in rulings)
    assert any(r.infractions for r in rulings)
    assert any(r.card_points is not None and r.tricks is not None for r in rulings)
    assert any(r.tournament_points is not None for r in rulings)
