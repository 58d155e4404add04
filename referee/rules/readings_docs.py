"""The table of readings in docs/interpretations.md, written from the declarations
(:func:`referee.core.ruleset.readings_markdown`) between its two markers; ``make spec``
runs :func:`main`, and a test holds the committed file equal to what it writes."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.core.generated import rewrite
from referee.core.ruleset import readings_markdown

__all__ = ["DOCS_PATH", "END", "START", "docs_text"]

DOCS_PATH = Path(__file__).parents[2] / "docs" / "interpretations.md"
START = "<!-- readings table: generated from the declarations by `make spec`, do not edit -->\n"
END = "<!-- end of the readings table -->"


def docs_text(committed: str) -> str:
    """``committed`` with the table between the markers generated anew."""
    head, rest = committed.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + START + readings_markdown() + END + tail


def main(argv: list[str]) -> int:
    """Rewrite the readings table of docs/interpretations.md (or of the file named)."""
    return rewrite(argv, DOCS_PATH, docs_text)


if __name__ == "__main__":  # pragma: no cover - make spec
    raise SystemExit(main(sys.argv[1:]))
