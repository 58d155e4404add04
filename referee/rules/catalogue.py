"""The clause catalogue: every numbered ISkO/SkWO clause, loaded and validated from rules_kb/.

>>> cat = default_catalogue()
>>> cat.get("isko 3.2.14").section_path
('3', '3.2', '3.2.14')
>>> "ISkO 3.2.14" in cat, "ISkO 9.9.9" in cat
(True, False)
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

import referee
from referee.core.errors import NotFound, RefereeError
from referee.core.kinds import Kind, kinds_by_clause
from referee.core.vocabulary import LANGUAGES, Language
from referee.rules.search import (
    CatalogueError as CatalogueError,  # defined beside the search, which raises it too
)
from referee.rules.search import SearchIndex, Thesaurus, read_thesaurus

try:  # the C loader is several times faster; the catalogue loads at service start-up
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

SOURCES: frozenset[str] = frozenset({"en", "es"})
EDITIONS: dict[str, str] = {"ISkO": "ISkO 1998/99", "SkWO": "SkWO 1998/99"}
#: infraction kind codes (:mod:`referee.core.kinds` says which clauses deal with each)
KINDS: frozenset[str] = frozenset(Kind)
FILE_KEYS: frozenset[str] = frozenset({"document", "edition", "section", "title", "clauses"})
CLAUSE_KEYS: frozenset[str] = frozenset(
    {"id", "heading", "title", "summary", "refs", "kinds", "sources", "notes"}
)
ENV_VAR = "REFEREE_RULES_KB"
_ID = re.compile(r"^(ISkO|SkWO) (\d+(?:\.\d+)+)$")
_REF = re.compile(r"^\s*(?:(isko|skwo)\s*)?(\d+(?:\.\d+)*)\.?\s*$", re.IGNORECASE)
_FILE = re.compile(r"^(isko|skwo)-(\d+)\.yaml$")
#: the search's stopwords and synonyms, beside the clause files
THESAURUS = Path("search") / "synonyms.yaml"


class ClauseNotFound(NotFound, KeyError):
    """A clause reference that names no clause in the catalogue."""

    code = "kb.clause_not_found"

    def __str__(self) -> str:  # KeyError would quote the message
        return RefereeError.__str__(self)


@dataclass(frozen=True)
class Clause:
    """One numbered clause or numbered heading of the ISkO or SkWO."""

    id: str
    document: str
    edition: str
    number: str
    section_path: tuple[str, ...]
    heading: bool
    title: dict[str, str]
    summary: dict[str, str]
    refs: tuple[str, ...]
    kinds: tuple[str, ...]
    sources: tuple[str, ...]
    notes: str | None
    file: str

    def __hash__(self) -> int:  # the dicts are not hashable; the id is unique
        return hash(self.id)

    @property
    def sort_key(self) -> tuple[int, tuple[int, ...]]:
        """Document order: ISkO before SkWO, then numerically (4.1.10 after 4.1.9)."""
        return (list(EDITIONS).index(self.document), _number_key(self.number))

    def text(self, lang: Language = Language.EN) -> tuple[str, str]:
        """``(title, summary)`` in ``lang`` (every clause has both in every language: the
        loader refuses a file with a gap)."""
        return self.title[lang], self.summary[lang]


def _number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def normalize_ref(ref: str) -> str:
    """Canonical id for a loose reference; a bare number means the ISkO.

    >>> normalize_ref("  skwo   5.1 "), normalize_ref("4.2.3."), normalize_ref("ISKO4.1.10")
    ('SkWO 5.1', 'ISkO 4.2.3', 'ISkO 4.1.10')
    """
    m = _REF.match(ref or "")
    if not m:
        raise ClauseNotFound(f"not a clause reference: {ref!r}", where={"ref": ref})
    doc = "SkWO" if (m.group(1) or "").lower() == "skwo" else "ISkO"
    return f"{doc} {m.group(2)}"


class Catalogue:
    """All clauses, in document order, with lookup, search and cross-reference walks."""

    def __init__(
        self,
        clauses: Iterable[Clause],
        sections: dict[tuple[str, str], dict[str, str]] | None = None,
        unresolved_refs: Iterable[tuple[str, str]] = (),
        thesaurus: Thesaurus | None = None,
    ):
        self._clauses = tuple(sorted(clauses, key=lambda c: c.sort_key))
        self._by_id = {c.id: c for c in self._clauses}
        #: (document, section) -> section title per language
        self.sections: dict[tuple[str, str], dict[str, str]] = dict(sections or {})
        #: (clause id, ref) pairs pointing into a section whose file is not loaded
        self.unresolved_refs: tuple[tuple[str, str], ...] = tuple(unresolved_refs)
        #: stopwords and synonyms of the search (rules_kb/search/synonyms.yaml)
        self.thesaurus = thesaurus if thesaurus is not None else Thesaurus.empty()
        self._indexes: dict[str, SearchIndex] = {}
        self._citations: dict[tuple[str, str], dict[str, str]] = {}

    def __len__(self) -> int:
        return len(self._clauses)

    def __iter__(self) -> Iterator[Clause]:
        return iter(self._clauses)

    def __contains__(self, ref: object) -> bool:
        if isinstance(ref, Clause):
            return ref.id in self._by_id
        try:
            return isinstance(ref, str) and normalize_ref(ref) in self._by_id
        except ClauseNotFound:
            return False

    def get(self, ref: str) -> Clause:
        """The clause ``ref`` names ("ISkO 4.2.3", "4.2.3", "skwo 5.1")."""
        clause = self._by_id.get(ref)  # already canonical: every ruling cites this way
        if clause is not None:
            return clause
        key = normalize_ref(ref)
        try:
            return self._by_id[key]
        except KeyError:
            raise ClauseNotFound(f"no clause {key} in the catalogue", where={"ref": key}) from None

    def citation(self, ref: str, lang: Language = Language.EN) -> dict[str, str]:
        """The clause as a ruling cites it: id, edition, title and summary in ``lang``.

        Built once per clause and language; every call returns a fresh dict.

        >>> default_catalogue().citation("ISkO 4.2.3")["id"]
        'ISkO 4.2.3'
        """
        cached = self._citations.get((ref, lang))
        if cached is None:
            clause = self.get(ref)
            title, summary = clause.text(lang)
            cached = {
                "id": clause.id,
                "edition": clause.edition,
                "title": title,
                "summary": summary,
            }
            self._citations[(ref, lang)] = cached
        return dict(cached)

    def by_kind(self, kind: Kind) -> tuple[Clause, ...]:
        """The clauses that cite infraction kind ``kind``, in document order."""
        return tuple(c for c in self._clauses if kind in c.kinds)

    def refs_of(self, ref: str) -> tuple[Clause, ...]:
        """The clauses ``ref`` points to (refs into sections not loaded are left out)."""
        return tuple(self._by_id[r] for r in self.get(ref).refs if r in self._by_id)

    def walk(self, ref: str, depth: int = 1) -> list[tuple[int, Clause]]:
        """Breadth-first cross-reference walk: ``(distance, clause)``, each clause once."""
        start = self.get(ref)
        out, seen, frontier = [(0, start)], {start.id}, [start]
        for level in range(1, depth + 1):
            nxt = []
            for clause in frontier:
                for target in self.refs_of(clause.id):
                    if target.id not in seen:
                        seen.add(target.id)
                        out.append((level, target))
                        nxt.append(target)
            frontier = nxt
        return out

    def search(self, words: str | Iterable[str], lang: Language = Language.EN) -> list[Clause]:
        """The clauses for a query in ``lang``, best first (:mod:`referee.rules.search`).

        Each language searches its own texts (with the clause ids and infraction kind codes):
        words are folded (case, accents, umlauts), stemmed and read through the thesaurus'
        synonyms; the clauses holding the most of the query's words are returned, ranked by
        where the words stand (id, title, kind, summary), ties in document order.
        """
        if not isinstance(lang, Language):  # parsed by the caller, never guessed here
            raise TypeError(f"the language must be a Language (parse_language), not {lang!r}")
        query = words if isinstance(words, str) else " ".join(words)
        index = self._indexes.get(lang)
        if index is None:
            index = self._indexes[lang] = SearchIndex(self._clauses, lang, self.thesaurus)
        return [self._clauses[hit.index] for hit in index.search(query)]


# --------------------------------------------------------------------------- loading


def default_path() -> Path:
    """$REFEREE_RULES_KB, else the repository's rules_kb/ next to the package."""
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else Path(referee.__file__).resolve().parents[1] / "rules_kb"


@functools.lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The catalogue from :func:`default_path`, loaded once per process, each clause
    listing the infraction kinds the registry (:mod:`referee.core.kinds`) gives it."""
    return load_catalogue(kinds=kinds_by_clause())


def load_catalogue(
    path: str | os.PathLike[str] | None = None,
    *,
    kinds: Mapping[str, tuple[str, ...]] | None = None,
) -> Catalogue:
    """Read and validate every ``*.yaml`` in ``path``; raise CatalogueError listing all faults.

    ``kinds`` (clause id -> kind codes) adds the registry's kinds to the clauses it names.
    A file may also list ``kinds:`` itself (a catalogue built outside the registry, as in
    tests); the project's own ``rules_kb/`` does not.
    """
    root = Path(path) if path is not None else default_path()
    files = sorted(root.glob("*.yaml"))
    if not root.is_dir() or not files:
        raise CatalogueError([f"{root}: no rules_kb *.yaml files found"], where={"file": str(root)})
    problems: list[str] = []
    where: dict[str, Any] = {}
    clauses: dict[str, Clause] = {}
    sections: dict[tuple[str, str], dict[str, str]] = {}
    declared: set[str] = set()  # every id written, valid or not (no cascade of dangling refs)

    def fault(file: str, clause: str | None, message: str) -> None:
        problems.append(f"{file}: {clause + ': ' if clause else ''}{message}")
        if not where:
            where.update({"file": file, **({"clause": clause} if clause else {})})

    for file in files:
        try:
            data = yaml.load(file.read_text(encoding="utf-8"), Loader=_Loader)
        except (OSError, yaml.YAMLError) as exc:
            fault(file.name, None, f"cannot read YAML: {exc}")
            continue
        for clause in _read_file(file.name, data, sections, declared, fault):
            if clause.id in clauses:
                fault(file.name, clause.id, f"duplicate id (also in {clauses[clause.id].file})")
            else:
                clauses[clause.id] = clause

    loaded_sections = {doc_section for doc_section in sections}
    unresolved = []
    for clause in clauses.values():
        for ref in clause.refs:
            if ref in clauses or ref in declared:
                continue
            m = _ID.match(ref)
            if m and (m.group(1), m.group(2).split(".")[0]) not in loaded_sections:
                unresolved.append((clause.id, ref))  # its section file is not written yet
            else:
                fault(clause.file, clause.id, f"dangling ref {ref!r}: no such clause")
    for cid, extra in (kinds or {}).items():
        found = clauses.get(cid)
        if found is None:  # a partial catalogue; tests check the full one holds them all
            continue
        merged = found.kinds + tuple(k for k in extra if k not in found.kinds)
        clauses[cid] = dataclasses.replace(found, kinds=tuple(str(k) for k in merged))
    thesaurus_file = root / THESAURUS
    if not thesaurus_file.is_file():  # a catalogue without its own: the project's
        thesaurus_file = Path(referee.__file__).resolve().parents[1] / "rules_kb" / THESAURUS
    thesaurus, thesaurus_problems = read_thesaurus(thesaurus_file)
    for problem in thesaurus_problems:
        name, _, message = problem.partition(": ")
        fault(name, None, message)
    if problems:
        raise CatalogueError(problems, where=where)
    return Catalogue(clauses.values(), sections, unresolved, thesaurus)


_Fault = Callable[[str, "str | None", str], None]


def _read_file(
    name: str,
    data: Any,
    sections: dict[tuple[str, str], dict[str, str]],
    declared: set[str],
    fault: _Fault,
) -> list[Clause]:
    """Validate one file's top level and return its well-formed clauses."""
    if not isinstance(data, dict):
        fault(name, None, "the file must be a mapping with document, edition, section, clauses")
        return []
    for key in sorted(set(data) - FILE_KEYS, key=str):
        fault(name, None, f"unknown top-level key {key!r}")
    for key in sorted(FILE_KEYS - set(data)):
        fault(name, None, f"missing top-level key {key!r}")
    document, edition, section = data.get("document"), data.get("edition"), str(data.get("section"))
    if document not in EDITIONS:
        fault(name, None, f"document must be ISkO or SkWO, not {document!r}")
        return []
    if edition != EDITIONS[document]:
        fault(
            name,
            None,
            f"edition {edition!r} does not match document {document} "
            f"(expected {EDITIONS[document]!r})",
        )
    m = _FILE.match(name)
    if m and (m.group(1) != document.lower() or m.group(2) != section):
        fault(name, None, f"file name does not match document {document} section {section}")
    if (document, section) in sections:
        fault(name, None, f"{document} section {section} is defined by another file too")
    sections[(document, section)] = _texts(
        "title", data.get("title"), lambda message: fault(name, None, message)
    )
    raw = data.get("clauses")
    if not isinstance(raw, list):
        fault(name, None, "clauses must be a list")
        return []
    out = []
    for index, entry in enumerate(raw):
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            declared.add(entry["id"])
        clause = _read_clause(name, index, entry, document, section, fault)
        if clause is not None:
            out.append(clause)
    return out


def _read_clause(
    name: str, index: int, entry: Any, document: str, section: str, fault: _Fault
) -> Clause | None:
    """Validate one clause entry; report every problem and return None if it is unusable."""
    if not isinstance(entry, dict):
        fault(name, f"entry #{index + 1}", "a clause must be a mapping")
        return None
    cid = str(entry.get("id", f"entry #{index + 1}"))
    errors: list[str] = []

    def bad(message: str) -> None:
        errors.append(message)
        fault(name, cid, message)

    for key in sorted(set(entry) - CLAUSE_KEYS, key=str):
        bad(f"unknown field {key!r}")
    m = _ID.match(cid)
    if not m:
        bad("bad id syntax: expected 'ISkO 4.2.3' or 'SkWO 5.1'")
    elif m.group(1) != document:
        bad(f"id belongs to {m.group(1)}, but the file is {document}")
    elif m.group(2).split(".")[0] != section:
        bad(f"id is not in section {section}")
    heading = entry.get("heading", False)
    if not isinstance(heading, bool):
        bad("heading must be true or false")
    title = _texts("title", entry.get("title"), bad)
    summary = _texts("summary", entry.get("summary"), bad)
    refs = _str_list(entry.get("refs", []), "refs", bad)
    for ref in refs:
        if not _ID.match(ref):
            bad(f"bad ref syntax {ref!r}")
    kinds = _str_list(entry.get("kinds", []), "kinds", bad)
    for kind in kinds:
        if kind not in KINDS:
            bad(f"unknown kind code {kind!r}")
    sources = _str_list(entry.get("sources", ["en", "es"]), "sources", bad)
    if not sources or set(sources) - SOURCES:
        bad(f"sources must be a non-empty subset of en, es, not {sources!r}")
    notes = entry.get("notes")
    if notes is not None and (not isinstance(notes, str) or not notes.strip()):
        bad("notes must be a non-empty string")
    if set(sources) != SOURCES and not notes:
        bad("notes are required when only one translation numbers the clause")
    if errors:
        return None
    # (type: ignore below) the id matched the pattern above (no errors were recorded)
    number = m.group(2)  # type: ignore[union-attr]
    parts = number.split(".")
    return Clause(
        id=cid,
        document=document,
        edition=EDITIONS[document],
        number=number,
        section_path=tuple(".".join(parts[: i + 1]) for i in range(len(parts))),
        heading=heading,
        title=title,
        summary=summary,
        refs=tuple(refs),
        kinds=tuple(kinds),
        sources=tuple(sources),
        notes=notes.strip() if notes else None,
        file=name,
    )


def _texts(field: str, value: Any, bad: Callable[[str], None]) -> dict[str, str]:
    """A {en, de, es} mapping of non-empty strings, whitespace folded; each gap reported."""
    if not isinstance(value, dict):
        bad(f"{field} must be a mapping with en, de, es")
        return {}
    for lang in LANGUAGES:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            bad(f"{field} is missing language {lang.value!r}")
    for lang in sorted(set(value) - set(LANGUAGES), key=str):
        bad(f"{field} has unknown language {lang!r}")
    return {lang: " ".join(str(value.get(lang, "")).split()) for lang in LANGUAGES}


def _str_list(value: Any, field: str, bad: Callable[[str], None]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        bad(f"{field} must be a list of strings")
        return []
    return list(value)
