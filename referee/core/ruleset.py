"""The rules a game is ruled under: an edition of the ISkO and a reading of each open question.

Where the ISkO is silent, or its translations say two things, the engine has to choose
(docs/interpretations.md). Each such choice is declared here once, as a :class:`Reading`:
its id (the anchor of its entry in docs/interpretations.md), the question, the clauses it
concerns, its options with the text or reason behind each, and the option the referee
applies by default. A :class:`RuleSet` holds the edition and one option per reading; the
engine reads a reading from the rule set it is given and from nowhere else.

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
from typing import Any, TypeVar

from referee.core.errors import InvalidInput
from referee.core.reading_options import (
    ClaimExplanation,
    ConcessionRecordStops,
    DealerParty,
    DeclarerSkatInPlay,
    DefenderClaim,
    DefenderThrowIn,
    EarlyCard,
    EntitledLead,
    HandLook,
    NullBelowBid,
    ObjectionAtEnd,
    OutstandingTricks,
    SchwarzSuffered,
    SingleCard,
    UnreachableLevel,
)

__all__ = [
    "EDITIONS",
    "FIXED_READINGS",
    "READINGS",
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
    "DefenderClaim",
    "DefenderThrowIn",
    "SchwarzSuffered",
    "UnreachableLevel",
    "NullBelowBid",
    "DealerParty",
    "HandLook",
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


E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class Reading:
    """One open question of the rule texts and the ways it can be read.

    ``sides`` gives, for every option, the text or reason it rests on (which translation
    says so, or why); ``default`` is the option the referee applies unless told otherwise.
    """

    id: str
    question: str
    clauses: tuple[str, ...]
    options: type[StrEnum]
    default: StrEnum
    sides: Mapping[str, str]

    def __post_init__(self) -> None:
        if set(self.sides) != {o.value for o in self.options}:
            raise ValueError(f"reading {self.id}: a text for every option, and only for them")
        if self.default not in list(self.options):
            raise ValueError(f"reading {self.id}: the default is not one of its options")

    @property
    def alternatives(self) -> tuple[StrEnum, ...]:
        """The options other than the default."""
        return tuple(o for o in self.options if o is not self.default)


def _reading(
    id: str,
    options: type[E],
    default: E,
    question: str,
    clauses: tuple[str, ...],
    **sides: str,
) -> Any:
    """A field of :class:`RuleSet` that holds the option chosen for a reading."""
    declared = Reading(id, question, clauses, options, default, MappingProxyType(sides))
    return field(default=default, metadata={"reading": declared})


#: a rule set's readings as :meth:`RuleSet.to_dict` writes them (copied out, never shared)
_READINGS: dict[RuleSet, dict[str, str]] = {}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The edition and the reading of every open question a ruling is made under."""

    edition: Edition = Edition.ISKO_1998
    objection_at_end: ObjectionAtEnd = _reading(
        "objection-at-record-end",
        ObjectionAtEnd,
        ObjectionAtEnd.OBJECTION,
        "A record that stops without cards_gathered shows no objection: was an "
        "infraction in it objected to?",
        ("ISkO 4.1.11", "ISkO 4.2.5"),
        objection="Records are submitted because the game is disputed, and 4.1.11 allows an "
        "objection until the cards are gathered: the end of the record counts as one.",
        none="Only an objection the record shows counts; an infraction nobody objected to "
        "goes unpunished.",
    )
    single_card: SingleCard = _reading(
        "isko-4.1.9-single-card",
        SingleCard,
        SingleCard.NOT_PUNISHED,
        "Does a single card a defender shows during play end the game?",
        ("ISkO 4.1.9",),
        not_punished="Spanish 4.1.9: two or more cards visible at once, or one played without "
        "right; a single card shown is not punished.",
        ends_game="English 4.1.9 read as listing a single flashed card among the acts that "
        "end the game.",
    )
    outstanding_tricks: OutstandingTricks = _reading(
        "isko-4.1.9-outstanding-tricks",
        OutstandingTricks,
        OutstandingTricks.POINTS_ONLY,
        "Who gets the outstanding tricks when the defenders' exposed cards end the game?",
        ("ISkO 4.1.9", "ISkO 4.1.4"),
        points_only="English 4.1.9 gives them to the declarer; with 4.1.4 (both texts) they "
        "add their points to his count but never raise the level.",
        no_award="Spanish 4.1.9: no award; 4.1.3 to 4.1.6 decide on the count as it stood.",
    )
    entitled_lead: EntitledLead = _reading(
        "isko-4.1.10-entitled-lead",
        EntitledLead,
        EntitledLead.AS_IF_ENTITLED,
        "Who wins a last trick led by the wrong player (a false lead there is irrelevant)?",
        ("ISkO 4.1.10",),
        as_if_entitled="Irrelevant means neither penalty nor gain: every card of the last "
        "trick is forced, so it is scored as if the entitled player had led.",
        as_played="Irrelevant means the false lead changes nothing: the trick is scored as "
        "it was played.",
    )
    early_card: EarlyCard = _reading(
        "isko-4.2.7-influence",
        EarlyCard,
        EarlyCard.FORCED_CARD_HARMLESS,
        "Is a card played before its turn an infraction when the skipped player had only one "
        "card he could play?",
        ("ISkO 4.2.7",),
        forced_card_harmless="Both texts forbid an early card that may influence the trick "
        "or the game; when the skipped player's card was forced, none could.",
        always_timed="Any card played before its turn is timed like a false lead (4.1.7), "
        "whether or not it could influence the trick.",
    )
    declarer_skat_in_play: DeclarerSkatInPlay = _reading(
        "isko-4.2.8-declarer-in-play",
        DeclarerSkatInPlay,
        DeclarerSkatInPlay.ISKO_4_2_8,
        "The declarer looks at the skat after a card has been played: 3.4.8 or 4.2.8?",
        ("ISkO 4.2.8", "ISkO 3.4.8"),
        isko_4_2_8="4.2.8 names the time of play and sends the outcome to 4.1.3 to 4.1.6: a "
        "game the declarer had already won stays won.",
        isko_3_4_8="3.4.8 forbids the declarer the skat after the announcement at any time: "
        "he loses at the simple level, even a game already won.",
    )
    concession_record_stops: ConcessionRecordStops = _reading(
        "isko-4.3.2-record-stops",
        ConcessionRecordStops,
        ConcessionRecordStops.AS_IT_STANDS,
        "The declarer concedes with fewer than nine cards, nobody consents, and the record "
        "stops: what follows?",
        ("ISkO 4.3.2", "ISkO 4.3.1"),
        as_it_stands="An unconsented concession changes nothing; the game is ruled as it "
        "stands, like any record that stops early.",
        thrown_in="The declarer gave his game up: it is counted like cards thrown in (4.3.6), "
        "the rest to the defenders.",
    )
    claim_explanation: ClaimExplanation = _reading(
        "isko-4.3.4-explanation",
        ClaimExplanation,
        ClaimExplanation.HELD_TO_LINE,
        "A declarer claims and states the line he will play: is the claim judged by that line?",
        ("ISkO 4.3.4",),
        held_to_line="Both texts let only a claim without an explanation stand for every trick, "
        "and the Spanish asks for an explanation that fits ('que corresponde'): what he says "
        "is his claim, and a line that loses a trick he claimed breaks it.",
        best_play="The explanation is evidence only: the claim is judged as if laid down "
        "without it, the declarer playing his best.",
    )
    defender_claim: DefenderClaim = _reading(
        "isko-4.3.5-claimer-alone",
        DefenderClaim,
        DefenderClaim.CLAIMER_ALONE,
        "What does a defender who lays his cards open claim?",
        ("ISkO 4.3.5",),
        claimer_alone="Spanish 4.3.5: that he himself takes every remaining trick.",
        declarer_no_trick="English 4.3.5: that the declarer takes no more tricks.",
    )
    defender_throw_in: DefenderThrowIn = _reading(
        "isko-4.3.6-defender-throw-in",
        DefenderThrowIn,
        DefenderThrowIn.COUNTED,
        "A defender throws his cards in: counted under 4.3.6, or judged as a concession "
        "under 4.3.3?",
        ("ISkO 4.3.6", "ISkO 4.3.3"),
        counted="4.3.6 (both texts): the defenders keep what they have, the declarer gets "
        "the rest, and schneider or schwarz follow from that count.",
        as_concession="4.3.3 (both texts): a defender who gives up ends the game, decided by "
        "4.1.3 to 4.1.6 at the simple level.",
    )
    schwarz_suffered: SchwarzSuffered = _reading(
        "isko-5.2.5-schwarz-suffered",
        SchwarzSuffered,
        SchwarzSuffered.AT_LEAST,
        "A declarer who missed announced schneider took no trick: does schwarz count?",
        ("ISkO 5.2.5",),
        at_least="Spanish 5.2.5 (and the German): lost at least at the announced level, a "
        "higher level reached counts as well.",
        announced_only="English 5.2.5: lost singularly in the announced values only.",
    )
    unreachable_level: UnreachableLevel = _reading(
        "isko-5.4.3-any-game",
        UnreachableLevel,
        UnreachableLevel.ANY_GAME,
        "Which games does 5.4.3 cover (a level these cards could never reach is not won "
        "through the opponents' infraction)?",
        ("ISkO 5.4.3", "ISkO 4.1.5"),
        any_game="English 5.4.3: every game, an announced level as well as one an overbid needs.",
        overbid_only="Spanish 5.4.2, last paragraph: only an overbid game whose needed level "
        "was impossible before the first trick.",
    )
    null_below_bid: NullBelowBid = _reading(
        "isko-3.4.4-cheapest-game",
        NullBelowBid,
        NullBelowBid.CHEAPEST_GAME,
        "A null game announced below the last bid cannot be played: what does the declarer lose?",
        ("ISkO 3.4.4", "ISkO 3.4.3", "ISkO 5.4.1"),
        cheapest_game="Both texts of 3.4.4: a suit game or grand with the last bid and the "
        "matadors; the cheapest of them, as the 3.4.3 worked examples value a game given up.",
        next_null_value="The overbid rule applied to the null game itself: the next null "
        "value that reaches the bid.",
    )
    dealer_party: DealerParty = _reading(
        "isko-3.5.1-dealer-party",
        DealerParty,
        DealerParty.DEFENDERS,
        "The dealer who sits out at a table of four makes a remark or looks at the skat "
        "during play: is that charged to the defenders?",
        ("ISkO 3.5.1", "ISkO 3.5.2", "ISkO 4.1.11", "SkWO 5.1"),
        defenders="Spanish 3.5.1/3.5.2: the other participating players belong to the "
        "opposing team, which answers for infractions all together; English 4.1.11 calls "
        "the dealer a player; SkWO 5.1 gives him the defenders' bonus.",
        neither="English 3.5.1: the three players form the two parties, so the dealer "
        "belongs to neither and no side loses the game for what he does.",
    )
    hand_look: HandLook = _reading(
        "isko-4.5.5-hand-look",
        HandLook,
        HandLook.ENDS_GAME,
        "A player looks into another player's cards once the bidding is over: does that end "
        "the game against his party?",
        ("ISkO 4.5.5", "ISkO 3.3.9", "ISkO 4.1.4"),
        ends_game="4.5.5 forbids it and 4.1.4 makes a party that went against the rules "
        "lose; the Spanish 3.3.9 treats a look into another's cards like a look at the "
        "skat, which 4.2.8 punishes in play.",
        not_punished="4.5.5 forbids it but names no consequence, and the English 3.3.9 "
        "speaks of the skat only: the look is noted and the game stands as played.",
    )

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

#: readings of docs/interpretations.md the engine applies with no alternative to choose yet
FIXED_READINGS: tuple[str, ...] = (
    "isko-4.1.1-declarer",
    "isko-4.1.1-defender",
    "isko-4.1.5-announced",
    "isko-4.3.5-null",
    "isko-4.3.4-partial-claim",
    "isko-3.3.9-hand-look",
    "isko-3.2.12-dealing-order",
    "isko-3.2.10-in-time",
    "isko-4.1.8-partner",
    "isko-2.2.5-not-laid-out",
    "isko-3.2.7-sitting-out",
    "isko-4.4.4-tricks-gathered",
    "isko-3.4.1-added-words",
)


def readings_markdown() -> str:
    """The table of every reading a rule set can choose, as docs/interpretations.md shows
    it (generated from the declarations: ``referee rules --readings``)."""
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
