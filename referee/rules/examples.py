"""The worked examples of the rule texts, read from ``rules_kb/examples/worked.yaml``.

The core recomputes each (:class:`referee.core.worked.WorkedExample`); ``referee
examples`` prints the printed and the computed result side by side, and the tests
require them to agree.

>>> ex = by_id("isko-5.4.2")
>>> ex.clause, ex.expected, ex.compute()
('ISkO 5.4.2', -80, -80)
>>> all(e.ok for e in EXAMPLES)
True
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from referee.core.errors import NotFound
from referee.core.worked import COMPUTE, WorkedExample
from referee.rules.catalogue import CatalogueError, default_path

__all__ = ["EXAMPLES", "WorkedExample", "by_id", "load_examples"]

_FIELDS = ("id", "clause", "description", "kind", "inputs", "expected", "source")


def _tuples(value: Any) -> Any:
    """YAML lists as tuples, as the core computes them (dicts stay dicts)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def load_examples(path: Path | None = None) -> tuple[WorkedExample, ...]:
    """Read and check the examples file (a CatalogueError names every fault)."""
    path = path or default_path() / "examples" / "worked.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogueError([f"{path}: {exc}"], where={"file": str(path)}) from None
    problems: list[str] = []
    out: list[WorkedExample] = []
    for i, entry in enumerate((data or {}).get("examples") or []):
        if not isinstance(entry, dict) or set(entry) != set(_FIELDS):
            problems.append(f"{path.name}: example {i} must have exactly {', '.join(_FIELDS)}")
            continue
        if entry["kind"] not in COMPUTE:
            problems.append(f"{path.name}: {entry['id']}: unknown kind {entry['kind']!r}")
            continue
        inputs = {k: v for k, v in entry["inputs"].items()}
        out.append(
            WorkedExample(
                entry["id"],
                entry["clause"],
                entry["description"],
                entry["kind"],
                inputs,
                _tuples(entry["expected"]),
                entry["source"],
            )
        )
    if problems or not out:
        raise CatalogueError(problems or [f"{path.name}: no examples"], where={"file": path.name})
    return tuple(out)


@functools.lru_cache(maxsize=1)
def default_examples() -> tuple[WorkedExample, ...]:
    return load_examples()


EXAMPLES: tuple[WorkedExample, ...] = default_examples()


def by_id(example_id: str) -> WorkedExample:
    """The example with this id; a coded error names an unknown one."""
    for example in EXAMPLES:
        if example.id == example_id:
            return example
    raise NotFound(f"no worked example {example_id!r}", code="examples.unknown")
