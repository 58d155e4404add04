"""Searching the clauses in the referee's own words: stemming, folding, synonyms, ranking.

A referee at the table types "in den Skat geschaut", not the rules' "Skateinsicht". So the
search, in each language over that language's texts only:

* splits the text into words and clause numbers ("4.2.8" stays one token);
* folds case, accents and umlauts (``ä`` = ``ae`` = ``a``, ``ß`` = ``ss``, ``ó`` = ``o``);
* stems every word with the Snowball stemmer of the language (the ``snowballstemmer``
  package); German past participles also give the stem of their verb
  (``angesehen`` -> ``anseh`` as ``ansehen``, ``aufgelegt`` -> ``aufleg``), and German
  compounds in the texts are split where both parts are words of the catalogue or the
  thesaurus (``Skateinsicht`` = ``Skat`` + ``Einsicht``);
* reads the table words as the thesaurus says (``rules_kb/search/synonyms.yaml``): a query
  word or phrase in a synonym group finds every entry of the group ("geschaut" finds
  "einsehen", "renuncio" finds "servicio falso"); stopwords left over are dropped.

Ranking: the clauses that hold the most of the query's words (a synonym group counts as
one) are returned; if there are fewer than five, the best of those holding one word less
follow, up to five. Within each, hits in the id (a clause number), the
title, the infraction kinds and the summary weigh 16, 8, 6 and 2 (half for a word found
only inside a longer word), plus one for a word found in two places and one for a clause
that is not a heading; ties in document order. The same query always gives the same list.
A query is read up to its 400th character and 24th word.

>>> a = Analyzer("de", Thesaurus.empty())
>>> sorted(a.alternatives("angesehen")), sorted(a.alternatives("Spät")), a.alternatives("4.2.8")
(['angeseh', 'anseh'], ['spat'], frozenset({'4.2.8'}))
>>> sorted(Analyzer("es", Thesaurus.empty()).alternatives("Revocó"))
['revoc']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

from referee.core.errors import Unavailable
from referee.core.vocabulary import LANGUAGES, Language

__all__ = [
    "Analyzer",
    "Hit",
    "Searchable",
    "SearchIndex",
    "Thesaurus",
    "fold",
    "read_thesaurus",
]

#: Snowball algorithm per language
STEMMERS: dict[str, str] = {"en": "english", "de": "german", "es": "spanish"}
#: German separable prefixes before "ge" (auf-ge-legt) and "zu" (aus-zu-spielen)
_SEPARABLE = (
    "zusammen", "hinein", "heraus", "herein", "zurück", "zuruck", "weiter", "vorbei",
    "durch", "nach", "fest", "hoch", "raus", "rein", "auf", "aus", "ein", "mit", "vor",
    "weg", "hin", "her", "los", "ab", "an", "zu", "um", "",
)  # fmt: skip
_TOKEN = re.compile(r"\d+(?:\.\d+)*|[^\W\d_]+")
_NUMBER = re.compile(r"^\d+(?:\.\d+)*$")
#: weights of a hit by field; a word found only inside a longer word counts half
WEIGHTS: dict[str, int] = {"id": 16, "title": 8, "kinds": 6, "summary": 2, "section": 2}
MAX_QUERY, MAX_WORDS = 400, 24  # a query is read up to here (a search box, not a document)
FILL = 5  # fewer hits holding every word than this: add the best holding all but one
_WINDOW = 3  # the words of a phrase may stand this many words apart in a text
_MIN_PART = 4  # shortest compound part and shortest stem looked for inside longer words


def fold(text: str) -> str:
    """Lower case without accents or umlauts; ``ß`` is ``ss``.

    >>> fold("Durchführung ÉCARTER Straße")
    'durchfuhrung ecarter strasse'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# --------------------------------------------------------------------------- thesaurus


@dataclass(frozen=True)
class Thesaurus:
    """Stopwords and synonym groups per language, as written in the synonyms file."""

    stopwords: Mapping[str, frozenset[str]]
    groups: Mapping[str, tuple[tuple[str, ...], ...]]

    @classmethod
    def empty(cls) -> Thesaurus:
        return cls({}, {})


def read_thesaurus(path: Path) -> tuple[Thesaurus, list[str]]:
    """The thesaurus in ``path`` and every problem found in it (an empty one if it is absent).

    The file holds ``stopwords: {lang: [word, ...]}`` and ``synonyms: {lang: [[entry, ...],
    ...]}``; an entry is a word or a phrase; each group lists at least two entries, and an
    entry stands in one group only.
    """
    name = f"{path.parent.name}/{path.name}"
    if not path.is_file():
        return Thesaurus.empty(), []
    try:
        # the C loader when PyYAML has it: this file is read whenever the catalogue loads
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        return Thesaurus.empty(), [f"{name}: cannot read YAML: {exc}"]
    problems: list[str] = []
    if not isinstance(data, dict):
        return Thesaurus.empty(), [f"{name}: must be a mapping with stopwords and synonyms"]
    for key in sorted(set(data) - {"stopwords", "synonyms"}, key=str):
        problems.append(f"{name}: unknown top-level key {key!r}")
    stopwords: dict[str, frozenset[str]] = {}
    for lang, words in _per_language(name, "stopwords", data.get("stopwords"), problems):
        if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
            problems.append(f"{name}: stopwords.{lang} must be a list of words")
            continue
        stopwords[lang] = frozenset(fold(w) for w in words)
    groups: dict[str, tuple[tuple[str, ...], ...]] = {}
    for lang, raw in _per_language(name, "synonyms", data.get("synonyms"), problems):
        if not isinstance(raw, list):
            problems.append(f"{name}: synonyms.{lang} must be a list of groups")
            continue
        seen: dict[str, int] = {}
        out = []
        for index, group in enumerate(raw, start=1):
            where = f"{name}: synonyms.{lang} group {index}"
            if (
                not isinstance(group, list)
                or len(group) < 2
                or not all(isinstance(e, str) and e.strip() for e in group)
            ):
                problems.append(f"{where}: must list at least two words or phrases")
                continue
            for entry in group:
                key = " ".join(fold(entry).split())
                if key in seen and seen[key] != index:
                    problems.append(f"{where}: {entry!r} is in group {seen[key]} too")
                seen[key] = index
            out.append(tuple(" ".join(e.split()) for e in group))
        groups[lang] = tuple(out)
    return Thesaurus(stopwords, groups), problems


def _per_language(
    name: str, key: str, value: Any, problems: list[str]
) -> Iterable[tuple[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, dict):
        problems.append(f"{name}: {key} must map a language to its list")
        return []
    for lang in sorted(set(value) - set(LANGUAGES), key=str):
        problems.append(f"{name}: {key} has unknown language {lang!r}")
    return [(lang, value[lang]) for lang in LANGUAGES if lang in value]


# --------------------------------------------------------------------------- analysis

Alts = frozenset[str]


class Analyzer:
    """Words of one language to their sets of alternative stems (cached)."""

    def __init__(self, lang: Language, thesaurus: Thesaurus):
        self.lang = lang
        import snowballstemmer  # here: it loads every language's stemmer, a search needs it

        self._stemmer: Any = snowballstemmer.stemmer(STEMMERS[self.lang])
        self.stopwords: frozenset[str] = thesaurus.stopwords.get(self.lang, frozenset())
        self._cache: dict[str, Alts] = {}
        self.entries: list[tuple[int, tuple[Alts, ...]]] = []
        groups = thesaurus.groups.get(self.lang, ())
        for index, group in enumerate(groups):
            for entry in group:
                seq = tuple(self.alternatives(w) for w in self.words(entry))
                if seq:
                    self.entries.append((index, seq))
        #: each group's entries as alternative phrases
        self.groups: tuple[tuple[tuple[Alts, ...], ...], ...] = tuple(
            tuple(seq for i, seq in self.entries if i == index) for index in range(len(groups))
        )
        # longest phrases first, so "nicht bedient" wins over "bedient"
        self.entries.sort(key=lambda e: -len(e[1]))

    @staticmethod
    def words(text: str) -> list[str]:
        """The words and clause numbers of ``text``, case folded (accents kept for stemming)."""
        return _TOKEN.findall(text.casefold())

    def stem(self, word: str) -> str:
        return fold(str(self._stemmer.stemWord(word)))

    def alternatives(self, word: str) -> Alts:
        """The stems ``word`` may stand for (one, or two for a German participle)."""
        word = word.casefold()
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        if _NUMBER.match(word):
            alts = frozenset({word})
        else:
            stems = {self.stem(word)}
            if self.lang == "de":
                stems |= {self.stem(v) for v in _participle_infinitives(word)}
            alts = frozenset(s for s in stems if s)
        self._cache[word] = alts
        return alts

    def tokens(self, text: str) -> list[Alts]:
        return [self.alternatives(w) for w in self.words(text)]


def _participle_infinitives(word: str) -> list[str]:
    """Infinitives a German participle or zu-infinitive may come from.

    >>> _participle_infinitives("aufgedeckte"), _participle_infinitives("gesehen")
    (['aufdecken'], ['sehen'])
    >>> _participle_infinitives("auszuspielen"), _participle_infinitives("gelten")
    (['ausspielen'], [])
    """
    out: list[str] = []
    base = word
    for ending in ("en", "em", "er", "es", "e"):  # an adjective's ending: die aufgedeckte Karte
        if base.endswith("t" + ending):
            base = base[: -len(ending)]
            break
    for prefix in _SEPARABLE:
        for infix in ("ge", "zu"):
            if infix == "zu" and not prefix:
                continue  # "zuerst", "zugeben": only aus-zu-spielen
            head = prefix + infix
            if not base.startswith(head):
                continue
            rest = base[len(head) :]
            if infix == "zu":
                if rest.endswith("en") and len(rest) >= 5:
                    out.append(prefix + rest)
            elif rest.endswith("et") and len(rest) >= 5:  # ge-ordn-et
                out.append(prefix + rest[:-2] + "en")
            elif rest.endswith("t") and len(rest) >= 4:  # ge-schau-t
                out.append(prefix + rest[:-1] + "en")
            elif rest.endswith("en") and len(rest) >= 5:  # ge-seh-en
                out.append(prefix + rest)
        if out:
            break
    return out


# --------------------------------------------------------------------------- index


class Searchable(Protocol):
    """What the index needs of a clause."""

    @property
    def id(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def heading(self) -> bool: ...
    @property
    def kinds(self) -> tuple[str, ...]: ...
    @property
    def title(self) -> dict[str, str]: ...
    @property
    def summary(self) -> dict[str, str]: ...


@dataclass(frozen=True)
class _Field:
    tokens: tuple[Alts, ...]
    stems: frozenset[str]
    blob: str  # " stem stem … " for looking inside longer words


def _field(tokens: Sequence[Alts]) -> _Field:
    stems = frozenset(s for alts in tokens for s in alts)
    return _Field(tuple(tokens), stems, " " + " ".join(sorted(stems)) + " ")


@dataclass(frozen=True)
class Hit:
    """One clause found: how many of the query's words it holds and its score."""

    index: int
    coverage: int
    score: int


class CatalogueError(Unavailable):
    """Rules data that breaks the catalogue format; ``problems`` lists every finding
    (raised by the catalogue's loader, and by the search for a clause without its text)."""

    code = "kb.invalid"

    def __init__(self, problems: list[str], *, where: dict[str, Any] | None = None):
        super().__init__("\n".join(problems), where=where)
        self.problems = problems


def _text(clause: Searchable, name: str, lang: Language) -> str:
    """The clause's title or summary in ``lang``.

    Each language searches its own texts only: a clause without one in ``lang`` is broken
    rules data (the catalogue's loader refuses such a file), a :class:`CatalogueError`
    naming the clause and the language, never the English text in its place.
    """
    texts: dict[str, str] = getattr(clause, name)
    found = texts.get(lang)
    if not found:
        raise CatalogueError(
            [f"{clause.id}: {name} is missing language {lang.value!r}"],
            where={"clause": clause.id, "language": lang.value},
        )
    return found


@dataclass
class SearchIndex:
    """The clauses of a catalogue, analysed for one language (a :class:`Language`)."""

    clauses: Sequence[Searchable]
    lang: Language
    thesaurus: Thesaurus
    analyzer: Analyzer = field(init=False)
    fields: list[dict[str, _Field]] = field(init=False)

    def __post_init__(self) -> None:
        if not isinstance(self.lang, Language):
            raise TypeError(f"the language must be a Language (parse_language), not {self.lang!r}")
        self.analyzer = Analyzer(self.lang, self.thesaurus)
        texts = [
            {
                "title": self.analyzer.tokens(_text(c, "title", self.lang)),
                "summary": self.analyzer.tokens(_text(c, "summary", self.lang)),
                "kinds": self.analyzer.tokens(" ".join(k.replace("_", " ") for k in c.kinds)),
            }
            for c in self.clauses
        ]
        if self.analyzer.lang == "de":
            vocabulary = {s for t in texts for toks in t.values() for alts in toks for s in alts}
            vocabulary |= {s for _, seq in self.analyzer.entries for alts in seq for s in alts}
            texts = [{k: _split_compounds(v, vocabulary) for k, v in t.items()} for t in texts]
        self.fields = []
        for clause, text in zip(self.clauses, texts, strict=True):
            document, number = clause.id.split(" ", 1)
            parents = number.split(".")
            self.fields.append(
                {
                    "id": _field([frozenset({fold(document)}), frozenset({number})]),
                    "section": _field(
                        [frozenset({".".join(parents[:i])}) for i in range(1, len(parents))]
                    ),
                    **{name: _field(tokens) for name, tokens in text.items()},
                }
            )

    def search(self, query: str) -> list[Hit]:
        """The clauses holding the most of the query's words, best first."""
        concepts = self.concepts(query)
        if not concepts:
            return []
        hits = []
        for index, fields in enumerate(self.fields):
            coverage = score = 0
            for concept in concepts:
                best, places = 0, 0
                for name, fld in fields.items():
                    weight = _match(concept, fld, WEIGHTS[name])
                    if weight:
                        best, places = max(best, weight), places + 1
                if best:
                    coverage += 1
                    score += best + (1 if places > 1 else 0)
            if coverage:
                score += 0 if self.clauses[index].heading else 1
                hits.append(Hit(index, coverage, score))
        hits.sort(key=lambda h: (-h.coverage, -h.score, h.index))
        full = [h for h in hits if h.coverage == hits[0].coverage] if hits else []
        if len(full) >= FILL:
            return full
        # too few clauses hold every word: the best of those missing one word follow
        partial = [h for h in hits[len(full) :] if h.coverage == hits[0].coverage - 1]
        return full + partial[: FILL - len(full)]

    def concepts(self, query: str) -> list[tuple[tuple[Alts, ...], ...]]:
        """The query as a list of concepts; each one a tuple of alternative phrases."""
        words = self.analyzer.words(query[:MAX_QUERY])[:MAX_WORDS]
        tokens = [self.analyzer.alternatives(w) for w in words]
        out: list[tuple[tuple[Alts, ...], ...]] = []
        i = 0
        while i < len(tokens):
            for group, seq in self.analyzer.entries:
                n = len(seq)
                if i + n <= len(tokens) and all(seq[j] & tokens[i + j] for j in range(n)):
                    concept = self.analyzer.groups[group]
                    if concept not in out:
                        out.append(concept)
                    i += n
                    break
            else:
                if fold(words[i]) not in self.analyzer.stopwords:
                    concept = ((tokens[i],),)
                    if concept not in out:
                        out.append(concept)
                i += 1
        return out


def _match(concept: tuple[tuple[Alts, ...], ...], fld: _Field, weight: int) -> int:
    """``weight`` if one of the concept's phrases stands in the field, half of it if only
    inside a longer word, else 0."""
    inside = False
    for phrase in concept:
        if len(phrase) == 1:
            if phrase[0] & fld.stems:
                return weight
            inside = inside or any(
                len(s) >= _MIN_PART and not _NUMBER.match(s) and s in fld.blob for s in phrase[0]
            )
        elif _phrase_in(phrase, fld.tokens):
            return weight
    return weight // 2 if inside else 0


def _phrase_in(phrase: tuple[Alts, ...], tokens: tuple[Alts, ...]) -> bool:
    for start, alts in enumerate(tokens):
        if not phrase[0] & alts:
            continue
        at, ok = start, True
        for part in phrase[1:]:
            nxt = next(
                (k for k in range(at + 1, min(at + 1 + _WINDOW, len(tokens))) if part & tokens[k]),
                None,
            )
            if nxt is None:
                ok = False
                break
            at = nxt
        if ok:
            return True
    return False


def _split_compounds(tokens: list[Alts], vocabulary: set[str]) -> list[Alts]:
    """Add the parts of a German compound to its stems: ``skateinsicht`` also stands for
    ``skat`` and ``einsicht`` when both are words of the catalogue or the thesaurus (a
    joining ``s`` is allowed: ``einspruchsfrist``)."""
    out = []
    for alts in tokens:
        extra: set[str] = set()
        for stem in alts:
            for cut in range(_MIN_PART, len(stem) - _MIN_PART + 1):
                head, tail = stem[:cut], stem[cut:]
                if head not in vocabulary:
                    continue
                if tail in vocabulary:
                    extra |= {head, tail}
                elif tail.startswith("s") and tail[1:] in vocabulary and len(tail) > _MIN_PART:
                    extra |= {head, tail[1:]}
        out.append(alts | extra if extra else alts)
    return out
