"""Clause numbers per edition: the concordance from the 1998/99 catalogue to the ISkO in force.

The catalogue (``rules_kb/*.yaml``) is numbered as the 1998/99 edition. The Skat court
re-sorted the ISkO in 2018, and the 2022 congress amended it; ``rules_kb/editions/`` holds,
per later edition, each clause's number there and how well it is known. A ruling under such
an edition cites a number as the edition's own only where the data marks it certain; any
other clause keeps its 1998/99 number with a visible mark (a guessed number is never shown
as if it were certain).

>>> n = numbering(Edition.ISKO_2022)
>>> n.cite("ISkO 4.3.4")
Cited(id='ISkO 4.3.4', number='ISkO 4.4.4', established=True, probable=None)
>>> n.cite("ISkO 4.2.3")
Cited(id='ISkO 4.2.3', number='ISkO 4.2.3 (1998/99)', established=False, probable='ISkO 4.2.3')
>>> numbering(Edition.ISKO_1998).cite("ISkO 4.3.4").number
'ISkO 4.3.4'
>>> [c.id for c in n.find("4.4.4")]
['ISkO 4.3.4']

Texts (messages, clause summaries) are written in the 1998/99 numbering; under a later
edition :meth:`Numbering.cite_text` rewrites each clause number in them as a citation does:

>>> n.cite_text("decided by 4.1.3 to 4.1.6; schwarz is ISkO 5.2.4, see 5.2.6.")
'decided by 4.1.3 to 4.1.6; schwarz is ISkO 2.5.6, see 5.2.6 (1998/99).'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from referee.core.ruleset import EDITIONS, Edition
from referee.rules.catalogue import (
    Catalogue,
    CatalogueError,
    ClauseNotFound,
    default_catalogue,
    default_path,
)

__all__ = [
    "Cited",
    "Confidence",
    "Numbering",
    "Row",
    "later_numbers",
    "load_numbering",
    "numbering",
    "resolve",
]

_NUMBER = re.compile(r"^(ISkO|SkWO) \d+(?:\.\d+)*$")
#: a clause number in a text ("4.1.3", "ISkO 4.1.3", "SkWO 5.1"), not part of a longer token
#: such as a reading's id ("isko-4.3.5-null"), a date or a decimal
IN_TEXT = re.compile(r"(?<![\w.\-/])(?:(ISkO|SkWO) )?(\d+(?:\.\d+)+)(?![\w\-/]|\.\d)")
#: what follows a number cited by its 1998/99 id because its current one is not established
MARK = " (1998/99)"
#: how many rewritten texts a numbering keeps (then it starts again)
_TEXTS_KEPT = 4096
#: the file of each edition other than the catalogue's own, under rules_kb/editions/
FILES: Mapping[Edition, str] = MappingProxyType({Edition.ISKO_2022: "isko-2022.yaml"})
ROW_KEYS = frozenset(
    {"id", "number", "number_2018", "confidence", "place", "change", "sources", "note"}
)


class Confidence(StrEnum):
    """How a clause's number in a later edition is known."""

    CERTAIN = "certain"  # seen in a dated source for this content: cited as the edition's number
    INFERRED = "inferred"  # suggested by a secondary source or by its neighbours: not cited
    UNKNOWN = "unknown"  # no source


@dataclass(frozen=True, slots=True)
class Row:
    """One catalogue clause in a later edition."""

    id: str
    confidence: Confidence
    number: str | None = None
    number_2018: str | None = None
    place: str | None = None
    change: str | None = None
    sources: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Cited:
    """How a ruling under an edition cites one catalogue clause.

    ``number`` is what the ruling shows: the edition's number when ``established``, else
    the 1998/99 number followed by ``(1998/99)``; ``probable`` names an inferred number as
    such (never as the citation).
    """

    id: str
    number: str
    established: bool
    probable: str | None


@dataclass(frozen=True)
class Numbering:
    """The numbers of the catalogue's clauses in one edition."""

    edition: Edition
    rows: Mapping[str, Row]
    sources: Mapping[str, Mapping[str, str]]
    #: texts already rewritten by :meth:`cite_text` (clause summaries recur in every ruling)
    _texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def cite(self, clause_id: str) -> Cited:
        """The clause as a ruling under this edition cites it."""
        if self.edition is Edition.ISKO_1998:
            return Cited(clause_id, clause_id, True, None)
        row = self.rows.get(clause_id)
        if row is not None and row.confidence is Confidence.CERTAIN and row.number:
            return Cited(clause_id, row.number, True, None)
        probable = row.number if row is not None and row.number else None
        return Cited(clause_id, f"{clause_id}{MARK}", False, probable)

    def cite_text(self, text: str) -> str:
        """``text`` (in the 1998/99 numbering) with each clause number as this edition cites
        it: the established number, or the 1998/99 number followed by the mark. A number no
        catalogue clause has is left as it is; so is a number already marked."""
        if self.edition is Edition.ISKO_1998:
            return text
        done = self._texts.get(text)
        if done is None:
            if len(self._texts) >= _TEXTS_KEPT:
                self._texts.clear()
            done = self._texts[text] = IN_TEXT.sub(self._cite_match(text), text)
        return done

    def _cite_match(self, text: str) -> Callable[[re.Match[str]], str]:
        def one(match: re.Match[str]) -> str:
            doc, number = match.group(1), match.group(2)
            clause_id = f"{doc or 'ISkO'} {number}"
            if clause_id not in self.rows or text.startswith(MARK, match.end()):
                return match.group(0)
            cited = self.cite(clause_id)
            if not cited.established:
                return f"{match.group(0)}{MARK}"
            current = cited.number.partition(" ")[2]
            return f"{doc} {current}" if doc else current

        return one

    def find(self, number: str) -> tuple[Row, ...]:
        """The rows whose number in this edition is ``number`` ("4.4.4" or "ISkO 4.4.4");
        certain rows first."""
        want = _canonical(number)
        found = [r for r in self.rows.values() if r.number == want]
        return tuple(sorted(found, key=lambda r: r.confidence is not Confidence.CERTAIN))


def later_numbers(clause_id: str) -> list[dict[str, Any]]:
    """The clause's number in each edition after 1998/99, as the data knows it: ``edition``,
    ``name``, ``number`` (None where unknown), ``confidence`` and the ``sources`` keys. A
    rules_kb without the data of an edition shows no number for it.

    >>> later_numbers("ISkO 4.3.4")[0]["number"], later_numbers("ISkO 4.3.4")[0]["confidence"]
    ('ISkO 4.4.4', 'certain')
    """
    out: list[dict[str, Any]] = []
    for edition, name in FILES.items():
        if not (default_editions_path() / name).is_file():
            continue
        row = numbering(edition).rows.get(clause_id)
        out.append(
            {
                "edition": edition.value,
                "name": EDITIONS[edition],
                "number": row.number if row is not None else None,
                "confidence": (row.confidence if row is not None else Confidence.UNKNOWN).value,
                "sources": list(row.sources) if row is not None else [],
            }
        )
    return out


def resolve(number: str, edition: Edition) -> str:
    """The catalogue id of the clause numbered ``number`` ("4.4.4", "ISkO 4.4.4") in
    ``edition``: a certain row before an inferred one; :class:`ClauseNotFound` if none.

    >>> resolve("4.4.4", Edition.ISKO_2022), resolve("4.3.4", Edition.ISKO_1998)
    ('ISkO 4.3.4', 'ISkO 4.3.4')
    """
    if edition is Edition.ISKO_1998:
        return default_catalogue().get(number).id
    found = numbering(edition).find(number)
    if not found:
        raise ClauseNotFound(
            f"no clause of the catalogue is known as {_canonical(number)} in the "
            f"{EDITIONS[edition]} edition",
            where={"ref": _canonical(number), "edition": edition.value},
        )
    return found[0].id


def default_editions_path() -> Path:
    """``rules_kb/editions/`` beside the catalogue in use."""
    return default_path() / "editions"


def numbering(edition: Edition) -> Numbering:
    """The numbering of ``edition`` from the default rules_kb, loaded once per process (and
    per rules_kb, as ``REFEREE_RULES_KB`` names it)."""
    return _numbering(edition, default_editions_path())


@functools.cache
def _numbering(edition: Edition, root: Path) -> Numbering:
    if edition is Edition.ISKO_1998:
        return Numbering(edition, MappingProxyType({}), MappingProxyType({}))
    return load_numbering(edition, root, default_catalogue())


def load_numbering(edition: Edition, root: Path, catalogue: Catalogue) -> Numbering:
    """Read and validate ``root/<file of edition>``: every catalogue clause has one row, a
    certain or inferred row has a number, a source is declared under ``sources`` or is the
    address where the number was read (so that a confirmed number is one line of data). Faults raise
    :class:`CatalogueError` naming the file and the clause."""
    name = FILES[edition]
    path = root / name
    problems: list[str] = []

    def fault(where: str, message: str) -> None:
        problems.append(f"editions/{name}: {where}: {message}")

    try:
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogueError([f"editions/{name}: {exc}"], where={"file": name}) from None
    if not isinstance(data, dict) or not isinstance(data.get("clauses"), list):
        raise CatalogueError([f"editions/{name}: needs edition, sources and clauses"])
    if str(data.get("edition")) != edition.value:
        fault("edition", f"{data.get('edition')!r} is not {edition.value!r}")
    sources = data.get("sources") or {}
    rows: dict[str, Row] = {}
    for index, raw in enumerate(data["clauses"]):
        where = str(raw.get("id")) if isinstance(raw, dict) else f"entry #{index + 1}"
        if not isinstance(raw, dict):
            fault(where, "a row must be a mapping")
            continue
        for key in sorted(set(raw) - ROW_KEYS):
            fault(where, f"unknown field {key!r}")
        if raw.get("id") not in catalogue:
            fault(where, "no such clause in the catalogue")
            continue
        if raw["id"] in rows:
            fault(where, "a second row for this clause")
        try:
            confidence = Confidence(str(raw.get("confidence")))
        except ValueError:
            fault(where, f"confidence must be one of {', '.join(Confidence)}")
            continue
        number = raw.get("number")
        if number is not None and not (isinstance(number, str) and _NUMBER.match(number)):
            fault(where, f"number {number!r} is not like 'ISkO 4.4.4'")
            number = None
        if confidence is Confidence.CERTAIN and number is None:
            fault(where, "a certain row needs its number")
        if confidence is Confidence.INFERRED and number is None and not raw.get("place"):
            fault(where, "an inferred row needs its number or its place")
        if confidence is Confidence.UNKNOWN and number is not None:
            fault(where, "an unknown row has no number (use place for a guess)")
        row_sources = tuple(str(s) for s in raw.get("sources") or ())
        for s in row_sources:
            if s not in sources and not s.startswith(("https://", "http://")):
                fault(where, f"source {s!r} is neither declared under sources nor an address")
        if confidence is Confidence.CERTAIN and not row_sources:
            fault(where, "a certain row names its source")
        rows[raw["id"]] = Row(
            id=raw["id"],
            confidence=confidence,
            number=number,
            number_2018=_opt(raw.get("number_2018")),
            place=_opt(raw.get("place")),
            change=_opt(raw.get("change")),
            sources=row_sources,
            note=_opt(raw.get("note")),
        )
    for clause in catalogue:
        if clause.id not in rows:
            fault(clause.id, "the catalogue clause has no row")
    if problems:
        raise CatalogueError(problems, where={"file": f"editions/{name}"})
    return Numbering(
        edition,
        MappingProxyType(rows),
        MappingProxyType({str(k): MappingProxyType(dict(v)) for k, v in sources.items()}),
    )


def _canonical(number: str) -> str:
    """``4.4.4``, ``isko 4.4.4``, ``ISkO 4.4.4.`` as ``ISkO 4.4.4``."""
    text = number.strip()
    if not text.lower().startswith(("isko", "skwo")):
        text = f"ISkO {text}"
    doc, _, rest = text.partition(" ")
    return f"{'SkWO' if doc.lower() == 'skwo' else 'ISkO'} {rest.strip().rstrip('.')}"


def _opt(value: Any) -> str | None:
    return None if value is None else str(value)
