"""The rules a game is ruled under: an edition of the ISkO and a reading of each open question.

Where the ISkO is silent, or its translations say two things, the engine has to choose
(docs/interpretations.md). Each such choice is declared once, as a :class:`Reading`, in
:mod:`referee.core.readings`. A :class:`RuleSet` holds the edition and one option per
reading; the engine reads a reading from the rule set it is given and from nowhere else.

>>> rules = RuleSet()
>>> rules.edition, rules.single_card
(<Edition.ISKO_1998: '1998'>, <SingleCard.NOT_PUNISHED: 'not_punished'>)
>>> other = RuleSet.from_dict({"readings": {"isko-4.1.9-single-card": "ends_game"}})
>>> other.single_card is SingleCard.ENDS_GAME, other.to_dict()["edition"]
(True, '1998')
>>> try:
...     RuleSet.from_dict({"readings": {"isko-9.9": "x"}})
... except RuleSetError as exc:
...     print(exc.code, exc.where["pointer"], exc.message[:40])
rules.unknown /rules/readings/isko-9.9 unknown reading 'isko-9.9'; known: objec
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from referee.core import readings
from referee.core.errors import InvalidInput
from referee.core.reading import Applied, Reading
from referee.core.reading_options import (
    AddedWords,
    AnnouncedLevel,
    ClaimExplanation,
    ClaimPlayedOn,
    ConcessionRecordStops,
    DealerParty,
    DeclarerSkatInPlay,
    DefenderClaim,
    DefenderNull,
    DefenderThrowIn,
    EarlyCard,
    EntitledLead,
    HandLook,
    HandLookInBidding,
    NoAnnouncement,
    NotLaidOut,
    NullBelowBid,
    ObjectionAtEnd,
    OutstandingTricks,
    PartialClaim,
    SchwarzSuffered,
    SingleCard,
    TricksGathered,
    UnreachableLevel,
)
from referee.core.readings import FIXED_APPLIED, FIXED_READINGS

__all__ = [
    "APPLIED",
    "EDITIONS",
    "FIXED_READINGS",
    "READINGS",
    "AppliedReading",
    "Edition",
    "Reading",
    "RuleSet",
    "RuleSetError",
    "ObjectionAtEnd",
    "SingleCard",
    "OutstandingTricks",
    "EntitledLead",
    "EarlyCard",
    "DeclarerSkatInPlay",
    "ConcessionRecordStops",
    "ClaimExplanation",
    "PartialClaim",
    "DefenderClaim",
    "DefenderNull",
    "DefenderThrowIn",
    "AnnouncedLevel",
    "SchwarzSuffered",
    "UnreachableLevel",
    "NullBelowBid",
    "DealerParty",
    "HandLook",
    "HandLookInBidding",
    "AddedWords",
    "TricksGathered",
    "NotLaidOut",
    "NoAnnouncement",
    "ClaimPlayedOn",
]


class Edition(StrEnum):
    """The edition of the International Skat Order a game is ruled under."""

    ISKO_1998 = "1998"
    #: the 2018 re-sorting with the 2022 amendment (docs/editions.md)
    ISKO_2022 = "2022"


#: what each edition is called in a ruling's citations
EDITIONS: Mapping[Edition, str] = MappingProxyType(
    {Edition.ISKO_1998: "ISkO 1998/99", Edition.ISKO_2022: "ISkO 2018/2022"}
)


class RuleSetError(InvalidInput):
    """A rule set naming an edition, a reading or an option the referee does not know."""

    code = "rules.unknown"


def _field(declared: Reading) -> Any:
    """A field of :class:`RuleSet` that holds the option chosen for the reading ``declared``."""
    return field(default=declared.default, metadata={"reading": declared})


#: a rule set's readings as :meth:`RuleSet.to_dict` writes them (copied out, never shared)
_READINGS: dict[RuleSet, dict[str, str]] = {}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The edition and the reading of every open question a ruling is made under."""

    edition: Edition = Edition.ISKO_1998
    objection_at_end: ObjectionAtEnd = _field(readings.OBJECTION_AT_END)
    single_card: SingleCard = _field(readings.SINGLE_CARD)
    outstanding_tricks: OutstandingTricks = _field(readings.OUTSTANDING_TRICKS)
    entitled_lead: EntitledLead = _field(readings.ENTITLED_LEAD)
    early_card: EarlyCard = _field(readings.EARLY_CARD)
    declarer_skat_in_play: DeclarerSkatInPlay = _field(readings.DECLARER_SKAT_IN_PLAY)
    concession_record_stops: ConcessionRecordStops = _field(readings.CONCESSION_RECORD_STOPS)
    claim_explanation: ClaimExplanation = _field(readings.CLAIM_EXPLANATION)
    partial_claim: PartialClaim = _field(readings.PARTIAL_CLAIM)
    defender_claim: DefenderClaim = _field(readings.DEFENDER_CLAIM)
    defender_null: DefenderNull = _field(readings.DEFENDER_NULL)
    defender_throw_in: DefenderThrowIn = _field(readings.DEFENDER_THROW_IN)
    announced_level: AnnouncedLevel = _field(readings.ANNOUNCED_LEVEL)
    schwarz_suffered: SchwarzSuffered = _field(readings.SCHWARZ_SUFFERED)
    unreachable_level: UnreachableLevel = _field(readings.UNREACHABLE_LEVEL)
    null_below_bid: NullBelowBid = _field(readings.NULL_BELOW_BID)
    dealer_party: DealerParty = _field(readings.DEALER_PARTY)
    hand_look: HandLook = _field(readings.HAND_LOOK)
    hand_look_in_bidding: HandLookInBidding = _field(readings.HAND_LOOK_IN_BIDDING)
    added_words: AddedWords = _field(readings.ADDED_WORDS)
    tricks_gathered: TricksGathered = _field(readings.TRICKS_GATHERED)
    not_laid_out: NotLaidOut = _field(readings.NOT_LAID_OUT)
    no_announcement: NoAnnouncement = _field(readings.NO_ANNOUNCEMENT)
    claim_played_on: ClaimPlayedOn = _field(readings.CLAIM_PLAYED_ON)

    # -- reading the declarations ----------------------------------------------------------
    @staticmethod
    def readings() -> tuple[tuple[str, Reading], ...]:
        """(field name, declaration) of every reading, in declaration order."""
        return _FIELDS

    def option(self, reading_id: str) -> StrEnum:
        """The option this rule set chooses for the reading ``reading_id``."""
        name = _BY_ID[reading_id][0]
        value: StrEnum = getattr(self, name)
        return value

    def to_dict(self) -> dict[str, Any]:
        """``{"edition", "readings": {id: option}}`` as a ruling records it (a new dict
        each time; every ruling records one, and few rule sets are ever used)."""
        readings = _READINGS.get(self)
        if readings is None:
            readings = {r.id: getattr(self, name).value for name, r in _FIELDS}
            if len(_READINGS) >= 256:
                _READINGS.clear()
            _READINGS[self] = readings
        return {"edition": self.edition.value, "readings": dict(readings)}

    @classmethod
    def from_dict(cls, doc: Any, *, at: tuple[str, ...] = ("rules",)) -> RuleSet:
        """Read a rule set (``{"edition"?, "readings"?: {id: option}}``); what it leaves
        out is the default. An unknown edition, reading or option is a
        :class:`RuleSetError` naming the known ones at its place (``field``)."""
        if doc is None:
            return cls()
        if not isinstance(doc, dict):
            raise _unknown(at, "a rule set is an object", "object", None, ())
        extra = sorted(set(doc) - {"edition", "readings"})
        if extra:
            raise _unknown(
                (*at, extra[0]),
                f"unknown key {extra[0]!r}",
                "key",
                extra[0],
                ("edition", "readings"),
            )
        changes: dict[str, Any] = {}
        if "edition" in doc:
            edition = doc["edition"]
            known = tuple(e.value for e in Edition)
            if not isinstance(edition, str) or edition not in known:
                raise _unknown(
                    (*at, "edition"),
                    f"unknown edition {edition!r}"
                    if isinstance(edition, str)
                    else f"an edition is a string, such as {known[-1]!r}, not {edition!r}",
                    "edition" if isinstance(edition, str) else "edition_text",
                    edition,
                    known,
                )
            changes["edition"] = Edition(edition)
        readings = doc.get("readings", {})
        if not isinstance(readings, dict):
            raise _unknown(
                (*at, "readings"), "readings is an object", "object", None, tuple(_BY_ID)
            )
        for reading_id, option in readings.items():
            if reading_id not in _BY_ID:
                raise _unknown(
                    (*at, "readings", str(reading_id)),
                    f"unknown reading {reading_id!r}",
                    "reading",
                    reading_id,
                    tuple(_BY_ID),
                )
            name, declared = _BY_ID[reading_id]
            known = tuple(o.value for o in declared.options)
            if not isinstance(option, str) or option not in known:
                raise _unknown(
                    (*at, "readings", str(reading_id)),
                    f"unknown option {option!r} of reading {reading_id!r}",
                    "option",
                    option,
                    known,
                )
            changes[name] = declared.options(option)
        return dataclasses.replace(cls(), **changes) if changes else cls()

    def with_option(self, reading_id: str, option: str) -> RuleSet:
        """This rule set with one reading changed."""
        name, declared = _BY_ID[reading_id]
        changes: dict[str, Any] = {name: declared.options(option)}
        return dataclasses.replace(self, **changes)

    @property
    def is_default(self) -> bool:
        return self == RuleSet()


def _unknown(
    where: tuple[str, ...], message: str, variant: str, got: Any, known: tuple[str, ...]
) -> RuleSetError:
    """The error, placed by ``where`` (the path of keys: ``pointer`` is its RFC 6901 JSON
    Pointer, ``field`` the same path joined by dots for people)."""
    shown = got if isinstance(got, str | int | float | bool) or got is None else type(got).__name__
    text = f"{message}; known: {', '.join(known)}" if known else message
    pointer = "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in where)
    return RuleSetError(
        text,
        where={"pointer": pointer, "field": ".".join(where)},
        params={"variant": variant, "got": shown, "known": ", ".join(known)},
    )


_FIELDS: tuple[tuple[str, Reading], ...] = tuple(
    (f.name, f.metadata["reading"]) for f in dataclasses.fields(RuleSet) if "reading" in f.metadata
)
_BY_ID: Mapping[str, tuple[str, Reading]] = MappingProxyType({r.id: (n, r) for n, r in _FIELDS})

#: every reading a rule set can choose, by id
READINGS: Mapping[str, Reading] = MappingProxyType({r.id: r for _, r in _FIELDS})


@dataclass(frozen=True, slots=True)
class AppliedReading:
    """A reading a verdict applies (``reading``, by id), the key of the step that names it
    and the declaration it comes from (``applied``)."""

    reading: str
    message: str
    applied: Applied

    def holds(self, rules: RuleSet, params: Mapping[str, Any]) -> bool:
        """Whether a verdict with the explanation ``params`` applied it under ``rules``."""
        a = self.applied
        if a.when is not None and not params.get(a.when):
            return False
        return a.option is None or rules.option(self.reading) is a.option


def _applied() -> Mapping[str, tuple[AppliedReading, ...]]:
    table: dict[str, tuple[AppliedReading, ...]] = {}
    declared: list[tuple[str, StrEnum | None, tuple[Applied, ...]]]
    declared = [(r.id, r.default, r.applied) for r in READINGS.values()]
    declared += [(id, None, applied) for id, applied in FIXED_APPLIED.items()]
    for reading_id, default, applied in declared:
        for a in applied:
            said = AppliedReading(reading_id, a.message(reading_id, default), a)
            for key in a.verdicts:
                table[key] = (*table.get(key, ()), said)
    return MappingProxyType(table)


#: verdict explanation key -> the readings it may apply (built from the declarations: each
#: reading's :attr:`Reading.applied` and :data:`FIXED_APPLIED`); the first that holds is
#: the one applied
APPLIED: Mapping[str, tuple[AppliedReading, ...]] = _applied()


def readings_markdown() -> str:
    """The table of every reading a rule set can choose, as docs/interpretations.md shows
    it (``make spec`` writes it there; ``referee rules --readings`` prints it)."""
    lines = [
        "| reading | question | clauses | options (default first) |",
        "|---|---|---|---|",
    ]
    for _, r in _FIELDS:
        ordered = (r.default, *r.alternatives)
        options = "<br>".join(f"`{o.value}`: {r.sides[o.value]}" for o in ordered)
        lines.append(f"| `{r.id}` | {r.question} | {', '.join(r.clauses)} | {options} |")
    return "\n".join(lines) + "\n"


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of a rule set (``$defs/rules`` of skat-log/1 and skat-ruling/1),
    generated from the declarations."""
    return {
        "title": "Rule set",
        "description": "The edition of the ISkO and the option chosen for each reading of "
        "docs/interpretations.md; what a record leaves out is the default. A ruling lists "
        "every reading with the option it was made under.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "edition": {
                "description": "The edition of the International Skat Order.",
                "enum": [e.value for e in Edition],
                "default": RuleSet().edition.value,
            },
            "readings": {
                "description": "The option chosen for each reading, by its id.",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    r.id: {
                        "description": r.question,
                        "enum": [o.value for o in r.options],
                        "default": r.default.value,
                    }
                    for _, r in _FIELDS
                },
            },
        },
    }
