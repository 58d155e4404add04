"""The events of a skat-log/1 record: each an instance of its type's frozen dataclass (a
subclass of :class:`Event` in :mod:`referee.record.event_types`,
:mod:`referee.record.event_types_table` or :mod:`referee.record.event_types_end`, imported
from there), in an append-only tuple; and the parser's tables derived from them.
"""

from __future__ import annotations

from referee.record.event_model import COMMON_FIELDS, Event, of_class
from referee.record.event_types import (
    CHOICES,
    EVENT_CLASSES,
    EVENT_TYPES,
    EXPOSE_HOW,
    Dealer,
    EventType,
)

__all__ = [
    "CHOICES",
    "CLASS_OF",
    "COMMON_FIELDS",
    "DEALER_EVENTS",
    "EVENT_CLASSES",
    "EVENT_FIELDS",
    "EXPOSE_HOW",
    "Event",
    "EventType",
    "of_class",
]

#: each event type's class
CLASS_OF: dict[EventType, type[Event]] = {c.type: c for c in EVENT_CLASSES}
#: event type -> (seat required?, its own fields with their kinds; "?": may be left out)
EVENT_FIELDS: dict[str, tuple[bool, dict[str, str]]] = {
    d.type: (d.seat_required, {f.name: f.kind + ("?" if f.optional else "") for f in d.fields})
    for d in EVENT_TYPES
}
#: events the dealer at a table of four may be recorded as doing (``"seat": "dealer"``):
#: looking at the skat (ISkO 3.3.9, SkWO 8.5), remarks (4.2.9), looking into a hand (3.5.4),
#: objecting (4.1.11)
DEALER_EVENTS = frozenset(d.type for d in EVENT_TYPES if d.dealer is not Dealer.NO)
