"""What a ruling is made of: infractions, reasoning steps, and the ruling itself.

Texts are not written here: every step and explanation is a message ``key`` with
``params``, rendered into German, English or Spanish by the catalogue layer (``referee.rules``)
from ``rules_kb/messages.yaml``. A ruling therefore stays language-neutral data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from referee.core.contracts import Contract
from referee.core.kinds import Kind
from referee.core.ruleset import RuleSet
from referee.core.seats import Seat
from referee.core.valuation import Matadors
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


@dataclass(slots=True)
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat.value
            if self.seat
            else "dealer"
            if self.kind is Kind.DEALER_INFRACTION
            else None,
            "party": self.party.value if self.party else None,
            "event": self.event,
            "trick": self.trick,
            "status": self.status.value,
            "clauses": list(self.clauses),
        }


@dataclass(slots=True)
class Ruling:
    """The ruled result of one game (serialised as skat-ruling/1 by the catalogue layer)."""

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
    tournament_points: dict[str, int] | None = None
    card_points: dict[str, int] | None = None
    tricks: dict[str, int] | None = None
    ended: dict[str, Any] | None = None
    infractions: list[Infraction] = field(default_factory=list)
    reasoning: list[Step] = field(default_factory=list)
    analysis: list[dict[str, Any]] = field(default_factory=list)
    table_size: int = 3
    #: the edition and readings the ruling is made under
    rules: RuleSet = field(default_factory=RuleSet)

    def step(self, clauses: tuple[str, ...] | list[str], key: str, **params: Any) -> None:
        """Append a reasoning step."""
        clauses = clauses if type(clauses) is tuple else tuple(clauses)
        # the named tuples' own constructor, without its Python-level wrapper (hot path)
        self.reasoning.append(_new(Step, (clauses, _new(Message, (key, params)))))

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
