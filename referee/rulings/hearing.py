"""A hearing: one irregularity with everything a judge needs to decide what becomes of it.

Built by :func:`referee.rulings.detect.detect` for each irregularity the replayer noted;
a judge (:mod:`referee.rulings.judges`) reads it and returns an :class:`Infraction`
through :meth:`Hearing.verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.kinds import KINDS, Kind
from referee.core.ruleset import RuleSet
from referee.core.vocabulary import Status
from referee.record.event_model import EventType
from referee.record.replay import GameState, Irregularity, Marker
from referee.rulings.model import Infraction, Message, Party

__all__ = ["Hearing", "first_marker", "trick_closed", "trick_completion"]


def first_marker(markers: list[Marker], marker_type: str, after: int) -> Marker | None:
    """The first marker of type ``marker_type`` after event ``after``."""
    return next((m for m in markers if m.type == marker_type and m.event > after), None)


def trick_completion(state: GameState, event: int) -> tuple[int | None, int | None]:
    """(trick number, event index of its third card) for the trick holding ``event``."""
    for t in state.tricks:
        if any(e == event for _, _, e in t.plays):
            return t.number, t.last_event
    if state.current is not None and any(e == event for _, _, e in state.current.plays):
        return state.current.number, None
    return None, None


def trick_closed(state: GameState, event: int) -> int | None:
    """Event index of the first card played after the trick holding ``event`` was complete
    (until then an objection or a demand to play on still counts as immediate, 4.2.3)."""
    _, completed_at = trick_completion(state, event)
    if completed_at is None:
        return None
    for e in state.record.events[completed_at + 1 :]:
        if e.type == EventType.PLAY:
            return e.index
    return None


@dataclass(frozen=True, slots=True)
class Hearing:
    """One irregularity before its judge.

    ``event`` is the irregularity's event index (-1 for the deal itself); ``objection``
    the first objection after it; ``objected_at`` that objection's event, or the end of
    the record when the cards were never gathered (a submission is an objection).
    """

    state: GameState
    irr: Irregularity
    kind: Kind
    party: Party | None
    event: int
    objection: Marker | None
    objected_at: int | None
    gathered: Marker | None
    rules: RuleSet

    @property
    def cites(self) -> tuple[str, ...]:
        """The clauses the registry names for this kind."""
        return KINDS[self.kind].cites

    def by_phase(self, moment: str) -> tuple[str, ...]:
        """The kind's clauses for ``moment``: a :class:`Phase`, or a finer moment the
        registry names (see :attr:`KindSpec.by_phase`)."""
        return KINDS[self.kind].by_phase[moment]

    def verdict(
        self,
        status: Status,
        key: str,
        clauses: tuple[str, ...] | None = None,
        ends_at: int | None = None,
        **extra: object,
    ) -> Infraction:
        """The infraction as judged: its status, message key and the clauses applied."""
        irr = self.irr
        params: dict[str, Any] = {
            "seat": irr.seat.value if irr.seat else None,
            "detail": irr.detail,
            "card": irr.card.name if irr.card is not None else None,
            "event": irr.event,
            **extra,
        }
        return Infraction(
            self.kind,
            irr.seat,
            self.party,
            irr.event,
            irr.trick,
            status,
            self.cites if clauses is None else clauses,
            Message(key, params),
            ends_at,
        )
