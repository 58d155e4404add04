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

#: event type -> (seat required?, its own fields with their kinds)
EVENT_FIELDS: dict[str, tuple[bool, dict[str, str]]] = {
    "dealt": (False, {}),
    "bid": (True, {"value": "int"}),
    "hold": (True, {}),
    "pass": (True, {}),
    "pickup": (True, {}),
    "discard": (True, {"cards": "cards"}),
    "declare": (
        True,
        {"game": "game", "hand": "bool", "schneider": "bool", "schwarz": "bool", "ouvert": "bool"},
    ),
    "play": (True, {"card": "card"}),
    "look_at_skat": (True, {}),
    "expose": (True, {"cards": "cards", "how": "how?"}),
    "review_tricks": (True, {"trick": "trick", "on_request": "bool?"}),
    "remark": (True, {"text": "str"}),
    "concede": (True, {}),
    "consent": (True, {}),
    "refuse": (True, {}),
    "lay_down": (True, {}),
    "throw_in": (True, {}),
    "objection": (False, {"text": "str?"}),
    "continue": (False, {}),
    "cards_gathered": (False, {}),
    "timeout": (True, {}),
    "left": (True, {}),
}
COMMON_FIELDS = ("type", "seat", "time", "note")
#: how cards became visible (``expose.how``): dropped by accident, shown, or put down
#: together with the card the seat played (ISkO 4.1.9 treats them differently)
EXPOSE_HOW = ("dropped", "shown", "with_play")
OPTIONAL_FIELDS = {"hand", "schneider", "schwarz", "ouvert", "text"}


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded action. Fields that do not apply to its type are ``None``."""

    index: int
    type: str
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
    time: str | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as skat-log/1 JSON (only the fields its type has)."""
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat.value
        for name in EVENT_FIELDS[self.type][1]:
            v = getattr(self, name)
            if isinstance(v, Card):
                v = v.name
            elif isinstance(v, tuple):
                v = [c.name for c in v]
            elif isinstance(v, Game):
                v = v.value
            if v is not None:
                out[name] = v
        for name in ("time", "note"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out
