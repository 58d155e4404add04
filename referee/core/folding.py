"""Names as people type them into a search field: ``Bremen``, ``turnier bremen`` and
``Turnier Bremen`` find the event "Turnier Bremen 2026"; ``Munster`` finds "Münster".

:func:`fold_name` maps each letter to itself without case and accent, one letter to one
letter, by a fixed table: the database does the same to the stored names
(``referee.storage.folding``: PostgreSQL's ``translate`` with this table, SQLite the same
function registered on each connection), so the two sides always agree.

>>> fold_name("Turnier BREMEN 2026"), fold_name("Münster Ça Å"), fold_name("Łódź")
('turnier bremen 2026', 'munster ca a', 'lodz')
"""

from __future__ import annotations

import unicodedata

__all__ = ["FOLD_FROM", "FOLD_TO", "fold_name"]

#: the letters folded: ASCII capitals and the accented Latin letters of Latin-1 and Latin
#: Extended-A (what tournament and club names in Europe use)
FOLD_FROM = "".join(
    c
    for c in (
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        + "".join(chr(n) for n in range(0xC0, 0x100))
        + "".join(chr(n) for n in range(0x100, 0x180))
    )
    if c.isalpha() and c not in "ßĸŉ"
)


def _base(c: str) -> str:
    """The letter without accent and case: its first decomposed character, lowered."""
    decomposed = unicodedata.normalize("NFKD", c)[0].lower()
    return {"ø": "o", "đ": "d", "ħ": "h", "ł": "l", "ŧ": "t", "ı": "i", "ŀ": "l"}.get(
        decomposed, decomposed
    )[:1]


FOLD_TO = "".join(_base(c) for c in FOLD_FROM)
_TABLE = str.maketrans(FOLD_FROM, FOLD_TO)


def fold_name(text: str) -> str:
    """``text`` without case and accents, letter for letter (the length is kept)."""
    return text.translate(_TABLE)
