"""Committed files with generated parts (the guide's tables, the formats' schemas): each
generator module's ``main``, run by ``make spec``, rewrites its file through :func:`rewrite`,
and a test holds the committed file equal to what it writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["rewrite"]


def rewrite(argv: Sequence[str], default: Path, generate: Callable[[str], str]) -> int:
    """Rewrite the file named in ``argv`` (else ``default``) as ``generate`` makes it from
    its committed text; 0, a command's success."""
    path = Path(argv[0]) if argv else default
    path.write_text(generate(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0
