"""House rules a reviewer would otherwise check by hand (docs/architecture.md)."""

from __future__ import annotations

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
