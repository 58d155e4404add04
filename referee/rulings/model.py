"""What a ruling is made of: infractions, reasoning steps, and the ruling itself.

Texts are not written here: every step and explanation is a message ``key`` with
``params``, rendered into German, English or Spanish by the catalogue layer (``referee.rules``)
from ``rules_kb/messages.yaml``. A ruling therefore stays language-neutral data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from referee.core.contracts import Contract
from referee.core.ended import Ended
from referee.core.kinds import Kind
from referee.core.ruleset import RuleSet
from referee.core.seats import Seat
from referee.core.valuation import Matadors, Valuation
from referee.core.vocabulary import Status


class Outcome(StrEnum):
    """How a ruling decides the game."""

    WON = "won"
    LOST = "lost"
    PASSED_IN = "passed_in"
    REDEAL = "redeal"
    ANNULLED = "annulled"
    UNDETERMINED = "undetermined"


class Party(StrEnum):
    """The two sides of a game."""

    DECLARER = "declarer"
    DEFENDERS = "defenders"


class Message(NamedTuple):
    """A message key with its parameters (rendered later in the chosen language).

    Immutable, like every value a ruling is built from; a named tuple because a ruling
    makes several per game and a frozen dataclass costs ~130 ns a field to build.
    """

    key: str
    params: Mapping[str, Any]


class Step(NamedTuple):
    """One step of the reasoning, naming the clauses it applies."""

    clauses: tuple[str, ...]
    message: Message


_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Infraction:
    """An infraction found in the record and what became of it."""

    kind: Kind
    seat: Seat | None
    party: Party | None
    event: int | None
    trick: int | None
    status: Status
    clauses: tuple[str, ...]
    explanation: Message
    ends_at: int | None = None  # event index from which the game counts as ended
    #: lost whatever the count: a game already decided at ``ends_at`` does not stay
    #: decided (4.1.3 gives way to the rule the judge applied)
    whatever_the_count: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat.value
            if self.seat
            else self.explanation.params.get("sitting_out") or "dealer"
            if self.kind is Kind.DEALER_INFRACTION
            else None,
            "party": self.party.value if self.party else None,
            "event": self.event,
            "trick": self.trick,
            "status": self.status.value,
            "clauses": list(self.clauses),
        }


def infraction_step(inf: Infraction) -> Step:
    """The reasoning step that states an infraction and its status."""
    return Step(inf.clauses, inf.explanation)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruled result of one game (serialised as skat-ruling/1 by the catalogue layer).

    A value, made once by :func:`compose`: its fields cannot be set, its sequences are
    tuples and its mappings read-only (:func:`frozen`), down to the analysis entries.
    :func:`thawed` gives the plain JSON form of a field back at the render edge.
    """

    outcome: Outcome = Outcome.UNDETERMINED
    declarer: Seat | None = None
    contract: Contract | None = None
    bid: int | None = None
    matadors: Matadors | None = None
    levels: tuple[str, ...] = ()
    multiplier: int | None = None
    game_value: int | None = None
    overbid: bool = False
    score: int | None = None
    tournament_points: MappingProxyType[str, int] | None = None
    card_points: MappingProxyType[str, int] | None = None
    tricks: MappingProxyType[str, int] | None = None
    ended: Ended | None = None
    infractions: tuple[Infraction, ...] = ()
    reasoning: tuple[Step, ...] = ()
    analysis: tuple[MappingProxyType[str, Any], ...] = ()
    table_size: int = 3
    #: the edition and readings the ruling is made under
    rules: RuleSet = field(default_factory=RuleSet)

    @property
    def cited(self) -> list[str]:
        """Every clause the reasoning and the infractions used, in first-use order."""
        seen: dict[str, None] = {}
        for s in self.reasoning:
            for c in s.clauses:
                seen.setdefault(c, None)
        for inf in self.infractions:
            for c in inf.clauses:
                seen.setdefault(c, None)
        return list(seen)


def frozen(value: Any) -> Any:
    """``value`` made read-only throughout: a dict a read-only mapping, a list a tuple,
    and so on down (what a :class:`Ruling` holds is made so)."""
    kind = type(value)
    if kind is dict or kind is MappingProxyType:
        return MappingProxyType(
            {k: frozen(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
        )
    if kind is list or kind is tuple:
        return tuple([frozen(v) if type(v) in _CONTAINERS else v for v in value])
    return value


def thawed(value: Any) -> Any:
    """The plain JSON form of a :func:`frozen` value: mappings as dicts, tuples as lists
    (a copy: what the renderer hands on cannot reach into the ruling)."""
    kind = type(value)
    if kind is MappingProxyType or kind is dict:
        return {k: thawed(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is tuple or kind is list:
        return [thawed(v) if type(v) in _CONTAINERS else v for v in value]
    return value


#: the containers :func:`frozen` and :func:`thawed` turn into each other
_CONTAINERS = frozenset({dict, MappingProxyType, list, tuple})


#: a side's card points and tricks, or (None, None): nothing was played, nothing to count
Counts = tuple[Mapping[str, int] | None, Mapping[str, int] | None]


class Part(NamedTuple):
    """A piece of a ruling: what one step of the ruling found, returned by that step.

    A value: a step builds its part by making new ones (:meth:`step`, :meth:`valued`,
    ``_replace``, and :meth:`add` to take in the part of a step it asked) and hands the
    last one back; only :func:`compose` makes a ruling of the parts, in the order they
    were found. A field left ``None`` says nothing. A named tuple, as ``Step``: a
    ruling makes a few dozen per game and a frozen dataclass costs more to copy.
    """

    #: whether this part ends the game (the search for what ended it stops here)
    ends: bool = False
    steps: tuple[Step, ...] = ()
    analysis: tuple[Mapping[str, Any], ...] = ()
    #: infractions found while ruling the ending (a failed claim, a concession)
    infractions: tuple[Infraction, ...] = ()
    outcome: Outcome | None = None
    valuation: Valuation | None = None
    counts: Counts | None = None
    ended: Ended | None = None
    #: the game ended at this event: infractions penalized after it are void (4.1.3)
    void_after: int | None = None
    #: an infraction ``void_after`` leaves alone (the one that ended the game)
    keep: Infraction | None = None
    #: the matadors and the tournament points, and a score beside a valuation (passed in)
    matadors: Matadors | None = None
    tournament_points: Mapping[str, int] | None = None
    score: int | None = None

    def step(self, clauses: tuple[str, ...], key: str, **params: Any) -> Part:
        """This part with a reasoning step added."""
        said = _new(Step, (clauses, _new(Message, (key, params))))
        return _new(Part, self[:1] + (self[1] + (said,),) + self[2:])

    def with_steps(self, *steps: Step) -> Part:
        """This part with ``steps`` added."""
        return _new(Part, self[:1] + (self[1] + steps,) + self[2:])

    def found(self, inf: Infraction) -> Part:
        """This part with an infraction found and the step that states it."""
        return self._replace(
            infractions=(*self.infractions, inf), steps=(*self.steps, infraction_step(inf))
        )

    def valued(self, v: Valuation) -> Part:
        """This part with the game decided by ``v``: won or lost, at its value."""
        return _new(Part, self[:4] + (Outcome.WON if v.won else Outcome.LOST, v) + self[6:])

    def add(self, other: Part) -> Part:
        """This part followed by ``other``: its steps, analyses and infractions follow this
        part's, what it decides replaces what this part had decided, and the infractions
        it voids become void (the one place parts are put together)."""
        if other == NOTHING:  # (most parts a step asks for say nothing)
            return self
        s, o = self, other
        whole: Part = _new(
            Part,
            (
                s.ends,
                s.steps + o.steps,
                s.analysis + o.analysis,
                s.infractions + o.infractions,
                s.outcome if o.outcome is None else o.outcome,
                s.valuation if o.valuation is None else o.valuation,
                s.counts if o.counts is None else o.counts,
                s.ended if o.ended is None else o.ended,
                s.void_after,
                s.keep,
                s.matadors if o.matadors is None else o.matadors,
                s.tournament_points if o.tournament_points is None else o.tournament_points,
                s.score if o.score is None else o.score,
            ),
        )
        if o.void_after is None:
            return whole
        return _void_after(whole, o.void_after, o.keep)


#: a part that says nothing (where a step starts, or has nothing to say)
NOTHING = Part()


def joined(parts: Sequence[Part]) -> Part:
    """``parts``, in order, as one (see :meth:`Part.add`)."""
    if not parts:
        return NOTHING
    first, *rest = parts
    whole = first if first.void_after is None else NOTHING.add(first)
    for p in rest:
        whole = whole.add(p)
    return whole


def compose(
    parts: Sequence[Part],
    *,
    table_size: int,
    rules: RuleSet,
    declarer: Seat | None = None,
    bid: int | None = None,
    contract: Contract | None = None,
) -> Ruling:
    """The ruling ``parts`` make, in order (see :meth:`Part.add`), of a game at a table of
    ``table_size`` under ``rules``, with its declarer, bid and contract: the one place a
    ruling is made, in one call."""
    whole = joined(parts)
    v = whole.valuation
    matadors = v.matadors if v is not None else None
    if whole.matadors is not None:
        matadors = whole.matadors
    score = v.score if v is not None else None
    if whole.score is not None:
        score = whole.score
    points, tricks = whole.counts if whole.counts is not None else (None, None)
    return Ruling(
        outcome=Outcome.UNDETERMINED if whole.outcome is None else whole.outcome,
        declarer=declarer,
        contract=contract,
        bid=bid,
        matadors=matadors,
        levels=v.levels if v is not None else (),
        multiplier=v.multiplier if v is not None and v.matadors is not None else None,
        game_value=v.value if v is not None else None,
        overbid=v.overbid if v is not None else False,
        score=score,
        tournament_points=_counted(whole.tournament_points),
        card_points=_counted(points),
        tricks=_counted(tricks),
        ended=whole.ended,
        infractions=whole.infractions,
        reasoning=whole.steps,
        analysis=tuple(frozen(a) for a in whole.analysis),
        table_size=table_size,
        rules=rules,
    )


def _counted(counts: Mapping[str, int] | None) -> MappingProxyType[str, int] | None:
    """A side's (or a player's) numbers as a read-only mapping of its own."""
    return None if counts is None else MappingProxyType(dict(counts))


def _void_after(p: Part, ended: int, keep: Infraction | None) -> Part:
    """Infractions penalized after the game ended at event ``ended`` are not punished
    (4.1.3): each becomes ``void``, its explanation says why, and so does the reasoning."""
    infractions = list(p.infractions)
    for n, inf in enumerate(p.infractions):
        if (
            inf is not keep
            and inf.status is Status.PENALIZED
            and inf.event is not None
            and inf.event > ended
        ):
            infractions[n] = replace(
                inf,
                status=Status.VOID,
                ends_at=None,
                clauses=inf.clauses + ("ISkO 4.1.3",),
                explanation=Message(
                    "infraction.after_end", {"kind": inf.kind, "event": inf.event, "ended": ended}
                ),
            )
            p = p.step(
                ("ISkO 4.1.3",), "infraction.after_end", kind=inf.kind, event=inf.event, ended=ended
            )
    return p._replace(infractions=tuple(infractions))
