"""The event tables of docs/skat-log.md, generated from the declarations in
:mod:`referee.record.event_types`.

Each section of the guide that lists event types holds its table between two markers,
``<!-- event-types:<section> -->`` and ``<!-- /event-types -->``; :func:`docs_text`
rewrites what is between them (``make spec`` runs ``python -m referee.record.event_docs``)
and a test holds the committed guide equal to it.

>>> print(table(Section.PLATFORM).splitlines()[3][:60])
| `left` | yes | | | An online platform recorded that the se
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from referee.core.generated import rewrite
from referee.record.event_model import CHOICES, EXPOSE_HOW, Dealer, EventDecl, FieldDecl, FieldKind
from referee.record.event_model import Section as Section
from referee.record.event_types import EVENT_TYPES

__all__ = ["DOCS_PATH", "docs_text", "table"]

#: the guide to the record format (in the source tree, not in an installed package)
DOCS_PATH = Path(__file__).parents[2] / "docs" / "skat-log.md"

_KIND_WORDS = {
    FieldKind.BID: "a game value",
    FieldKind.BOOL: "true or false",
    FieldKind.CARD: "a card",
    FieldKind.CARDS: "a list of cards",
    FieldKind.GAME: "a game",
    FieldKind.HOW: ", ".join(f"`{h}`" for h in EXPOSE_HOW),
    FieldKind.CHOICE: ", ".join(f"`{c}`" for c in CHOICES),
    FieldKind.SEAT: "a seat",
    FieldKind.STR: "text",
    FieldKind.TRICK: "a trick number, 1-10",
}
_MARKED = re.compile(r"(<!-- event-types:(\w+) -->\n)(.*?)(<!-- /event-types -->)", re.S)


def _seat(d: EventDecl) -> str:
    if d.dealer is Dealer.ONLY:
        return '`"dealer"` only'
    said = "yes" if d.seat_required else "optional"
    return f'{said}, or `"dealer"`' if d.dealer is Dealer.MAY else said


def _field(f: FieldDecl) -> str:
    words = _KIND_WORDS[f.kind] + (", optional" if f.optional else "")
    return f"`{f.name}` ({words})"


def _clauses(d: EventDecl) -> str:
    return ", ".join(d.clauses)


def _happened(d: EventDecl) -> str:
    parts = [d.description]
    parts += [f"`{f.name}`: {f.description}" for f in d.fields if f.description]
    return " ".join(parts).replace("|", "\\|")


def table(section: Section) -> str:
    """The Markdown table of the event types of ``section``."""
    rows = [
        "| Type | Seat | Own fields | Clauses | What happened |",
        "|---|---|---|---|---|",
    ]
    for d in EVENT_TYPES:
        if d.section is section:
            fields = ", ".join(_field(f) for f in d.fields)
            cells = (f"`{d.type}`", _seat(d), fields, _clauses(d), _happened(d))
            rows.append("|" + "|".join(f" {c} " if c else " " for c in cells) + "|")
    return "\n".join(rows) + "\n"


def docs_text(committed: str) -> str:
    """The guide ``committed`` with every marked event table generated."""
    return _MARKED.sub(lambda m: m[1] + table(Section(m[2])) + m[4], committed)


def main(argv: list[str]) -> int:
    """Rewrite the guide's event tables (or those of the file named)."""
    return rewrite(argv, DOCS_PATH, docs_text)


if __name__ == "__main__":  # pragma: no cover - make spec
    raise SystemExit(main(sys.argv[1:]))
