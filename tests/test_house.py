"""House rules a reviewer would otherwise check by hand (docs/architecture.md)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).parent
LIMIT = 500


def test_no_module_of_the_package_is_over_500_lines() -> None:
    """Small modules with one job each: a module past the limit is split, not grown."""
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 50  # the walk found the package
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}


def test_no_part_of_the_compiled_engine_is_over_500_lines() -> None:
    """The same for the C engine: ``_engine.c`` holds the glue and includes one part per
    search from ``search/engine/``."""
    engine = PACKAGE / "rulings" / "search"
    parts = [engine / "_engine.c", *sorted((engine / "engine").glob("*.h"))]
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in parts}
    assert len(sizes) > 5
    included = (engine / "_engine.c").read_text(encoding="utf-8")
    assert [p.name for p in parts[1:] if f'#include "engine/{p.name}"' not in included] == []
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}


def _modules() -> dict[str, Path | None]:
    """Every module of the package by dotted name (compiled ones without a source)."""
    out: dict[str, Path | None] = {}
    for path in PACKAGE.rglob("*"):
        if path.suffix not in (".py", ".so", ".pyd") or "docs_assets" in path.parts:
            continue
        rel = path.relative_to(PACKAGE.parent)
        name = ".".join((*rel.parent.parts, path.name.split(".")[0]))
        out[name.removesuffix(".__init__")] = path if path.suffix == ".py" else None
    return out


def _imports(name: str, path: Path, known: dict[str, Path | None]) -> set[str]:
    """The package's modules that ``name`` imports anywhere: at the top, inside a function
    or under ``TYPE_CHECKING`` (an import moved into a function still makes a circle)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in known else base)
    return {m for m in found if m in known and m != name}


def test_no_module_imports_itself_back_through_others() -> None:
    """No import circle, also none hidden by an import inside a function: the graph of
    every import the package's modules make is ordered (a circle raises CycleError)."""
    known = _modules()
    graph = {n: _imports(n, p, known) for n, p in known.items() if p is not None}
    assert len(graph) > 50 and "referee.rulings.search._engine" in known
    order = list(graphlib.TopologicalSorter(graph).static_order())
    assert order.index("referee.core") < order.index("referee.app")


#: the vocabulary that has types of its own (:mod:`referee.core.vocabulary`, ``Kind``,
#: ``EventType``, ``FieldKind``): a value under these names is never a bare string
TYPED_NAMES = frozenset({"lang", "kind", "phase", "status"})


def _str_typed(annotation: ast.expr | None) -> bool:
    return annotation is not None and ast.unparse(annotation) in ("str", "str | None")


def test_no_parameter_or_field_named_for_the_vocabulary_is_a_bare_string() -> None:
    """No function parameter, and no field of a dataclass or named tuple (its constructor's
    parameter), named ``lang``, ``kind``, ``phase`` or ``status`` is typed ``str``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                    if arg.arg in TYPED_NAMES and _str_typed(arg.annotation):
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {arg.arg}")
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (
                        isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)
                        and item.target.id in TYPED_NAMES
                        and _str_typed(item.annotation)
                    ):
                        found.append(f"{path.relative_to(PACKAGE)}:{item.lineno} {item.target.id}")
    assert not found, found
