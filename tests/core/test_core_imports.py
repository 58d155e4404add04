"""The core is pure Python: it imports only the standard library and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import referee.core

CORE = Path(referee.core.__file__).parent


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_core_imports_only_the_standard_library():
    files = sorted(CORE.glob("*.py"))
    assert len(files) >= 10
    for path in files:
        outside = {
            root
            for root in imported_roots(path)
            if root not in sys.stdlib_module_names and root != "__future__"
        }
        if outside == {"referee"}:
            text = path.read_text(encoding="utf-8")
            assert "from referee.core" in text or "import referee.core" in text
        assert outside <= {"referee"}, (path.name, outside)
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(("from referee", "import referee")):
                assert line.startswith(("from referee.core", "import referee.core")), (
                    path.name,
                    line,
                )
