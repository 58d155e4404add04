"""The events of a skat-log/1 record, as frozen dataclasses in an append-only tuple.

An :class:`Event` keeps what the table did, never what it should have done: a play out
of turn is an ordinary ``play`` event whose irregularity the replayer notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.cards import Card
from referee.core.contracts import Game
from referee.core.seats import Seat
from referee.record.event_types import CHOICES, EVENT_TYPES, EXPOSE_HOW, Dealer, EventType

__all__ = [
    "CHOICES",
    "COMMON_FIELDS",
    "DEALER_EVENTS",
    "EVENT_FIELDS",
    "EXPOSE_HOW",
    "Event",
    "EventType",
]

#: event type -> (seat required?, its own fields with their kinds; "?": may be left out),
#: derived from the declarations in :mod:`referee.record.event_types`
EVENT_FIELDS: dict[str, tuple[bool, dict[str, str]]] = {
    d.type: (d.seat_required, {f.name: f.kind + ("?" if f.optional else "") for f in d.fields})
    for d in EVENT_TYPES
}
COMMON_FIELDS = ("type", "seat", "time", "note")
#: events the dealer at a table of four may be recorded as doing (``"seat": "dealer"``):
#: looking at the skat (ISkO 3.3.9, SkWO 8.5), remarks (4.2.9), looking into a hand (3.5.4),
#: objecting (4.1.11)
DEALER_EVENTS = frozenset(d.type for d in EVENT_TYPES if d.dealer is not Dealer.NO)


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded action. Fields that do not apply to its type are ``None``."""

    index: int
    type: EventType
    seat: Seat | None = None
    value: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] | None = None
    game: Game | None = None
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    trick: int | None = None
    text: str | None = None
    how: str | None = None  # expose: dropped | shown | with_play (ISkO 4.1.9 tells them apart)
    #: review_tricks: shown on request (4.4.3) or looked at unasked (4.4.6); None: not said
    on_request: bool | None = None
    #: declare: the declarer corrects his invalid announcement (ISkO 3.4.5)
    correction: bool | None = None
    choice: str | None = None  # choice: play | fold | win (ISkO 3.3.10, 3.3.11)
    to: Seat | None = None  # choice: the seat the corrected cards went to (3.3.10)
    #: play: cards that went into the trick with ``card`` and were gathered with it (ISkO 4.2.6)
    extra: tuple[Card, ...] | None = None
    into: Seat | None = None  # look_into_hand: whose cards were looked into (3.5.4, 4.5.5)
    #: dealt: the cards were dealt out of turn, or in an order gone wrong in the running
    #: round (ISkO 3.2.11, 3.2.12)
    out_of_turn: bool | None = None
    #: dealt: the wrong order arose in a round already finished, or where it arose cannot be
    #: established (ISkO 3.2.13)
    earlier_round: bool | None = None
    #: dealt: the same dealer dealt again after a game passed in (SkWO 9.4)
    dealt_again: bool | None = None
    #: dealt: the cards were not shuffled, cut or dealt as ISkO 3.2.2-3.2.4 require
    shuffle_fault: bool | None = None
    #: dealt: with shuffle_fault, a player objected before taking up his cards (3.2.10)
    objected_in_time: bool | None = None
    #: not_laid_out: asked to lay out his open game's cards, the declarer did not (ISkO 2.2.5)
    refused: bool | None = None
    #: lay_down: how many of the remaining tricks are claimed (None: all of them, ISkO 4.3.4)
    tricks: int | None = None
    #: lay_down: the line the claimant stated, his cards in the order he would play them
    line: tuple[Card, ...] | None = None
    #: tricks_not_gathered: gathered but mixed or not piled in order (ISkO 4.4.4, SkWO 8.6)
    mixed: bool | None = None
    #: the dealer at a table of four acted (``"seat": "dealer"``; ``seat`` is then None)
    by_dealer: bool = False
    #: one who sits out besides the dealer at a table of five or more acted (``"seat":
    #: "sitting_out"``; ISkO 3.2.7); ``by_dealer`` is then true as well: he is treated as
    #: the dealer at four is (reading isko-3.2.7-sitting-out)
    sitting_out: bool = False
    time: str | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as skat-log/1 JSON (only the fields its type has)."""
        out: dict[str, Any] = {"type": self.type.value}
        if self.seat is not None:
            out["seat"] = self.seat.value
        elif self.by_dealer:
            out["seat"] = "sitting_out" if self.sitting_out else "dealer"
        for name in EVENT_FIELDS[self.type][1]:
            v = getattr(self, name)
            if isinstance(v, Card):
                v = v.name
            elif isinstance(v, tuple):
                v = [c.name for c in v]
            elif isinstance(v, (Game, Seat)):
                v = v.value
            if v is not None:
                out[name] = v
        for name in ("time", "note"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out
