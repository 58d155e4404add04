"""The values of a ``skat-log/1`` event's fields: each field's kind (a seat, a card, a bid
value, a time, ...) checked and turned into its core type, or refused with a
:class:`RecordError` naming the event index and the field.

>>> field_value(0, "card", "card", "HK")
<Card.HK: 18>
>>> try:
...     field_value(2, "seat", "seat", "north")
... except RecordError as exc:
...     print(exc.code, exc.where)
event.bad_field {'event': 2, 'field': 'seat'}
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from referee.core.bidding import BID_VALUES
from referee.core.cards import Card
from referee.core.contracts import Game
from referee.core.errors import CardError, RecordError, RefereeError
from referee.core.seats import SEAT_NAMES, Seat
from referee.record.events import CHOICES, EXPOSE_HOW

__all__ = ["check_time", "field_value", "short"]

_SEAT_BY_NAME: dict[str, Seat] = {s.value: s for s in Seat}


def _fail(
    message: str, code: str, params: dict[str, Any] | None = None, **where: Any
) -> RecordError:
    return RecordError(message, code=code, where=where, params=params)


_BID_SET = frozenset(BID_VALUES)


def short(value: Any) -> str:
    """``repr`` of a value, cut to 40 characters (a 1,000-digit bid is not echoed whole)."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**40 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


def check_time(index: int, value: str) -> None:
    """An event's ``time`` is an RFC 3339 date-time (the schema's ``format: date-time``).

    >>> check_time(0, "2026-05-02T14:00:00Z")
    >>> check_time(1, "yesterday")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.core.errors.RecordError: ...got 'yesterday'
    """
    try:
        moment = datetime.fromisoformat(value.replace("z", "Z").replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None or "T" not in value.upper():
        raise _fail(
            "time must be an ISO-8601 date-time with an offset (e.g. 2026-05-02T14:00:00Z), "
            f"got {value!r}",
            "event.bad_field",
            {"name": "time", "variant": "time", "got": short(value)},
            event=index,
            field="time",
        )


def field_value(index: int, name: str, expects: str, value: Any) -> Any:
    def bad(what: str, expected: str) -> RecordError:
        return _fail(
            f"{name} must be {what}, got {value!r}",
            "event.bad_field",
            {"name": name, "variant": expected, "got": short(value)},
            event=index,
            field=name,
        )

    if expects == "int":
        if type(value) is not int:
            raise bad("an integer", "integer")
        return value
    if expects == "bid":
        # ISkO 3.3.1: a bid is a game value; a number that is none (19, -5, 10**30) is
        # refused like a card that does not exist (docs/interpretations.md, "Bid values")
        if type(value) is not int:
            raise bad("an integer", "integer")
        if value not in _BID_SET:
            raise _fail(
                f"a bid must be a game value (18, 20, 22, 23, 24, 27, ... 264; ISkO 3.3.1), "
                f"got {short(value)}",
                "event.bid_value",
                {"got": short(value)},
                event=index,
                field=name,
            )
        return value
    if expects == "trick":
        if type(value) is not int or not 1 <= value <= 10:
            raise bad("a trick number 1-10", "trick")
        return value
    if expects == "bool":
        if type(value) is not bool:
            raise bad("true or false", "bool")
        return value
    if expects == "str":
        if not isinstance(value, str):
            raise bad("a string", "string")
        return value
    if expects == "how":
        if value not in EXPOSE_HOW:
            raise bad("one of " + ", ".join(EXPOSE_HOW), "how")
        return value
    if expects == "choice":
        if value not in CHOICES:
            raise bad("one of " + ", ".join(CHOICES), "choice")
        return value
    if expects == "seat":
        seat = _SEAT_BY_NAME.get(value) if type(value) is str else None
        if seat is None:
            raise bad("one of " + ", ".join(SEAT_NAMES), "seat")
        return seat
    if expects == "game":
        try:
            return Game.parse(value)
        except RefereeError:
            raise bad("one of clubs, spades, hearts, diamonds, grand, null", "game") from None
    if expects == "card":
        try:
            return Card.parse(value)
        except CardError as exc:
            raise _fail(exc.message, exc.code, exc.params, event=index, field=name) from None
    if expects == "cards":
        if not isinstance(value, list) or not value:  # the schema's minItems: 1
            raise bad("an array of at least one card", "cards")
        out = []
        for i, token in enumerate(value):
            try:
                card = Card.parse(token)
            except CardError as exc:
                raise _fail(
                    exc.message, exc.code, exc.params, event=index, field=f"{name}[{i}]"
                ) from None
            if card in out:  # the schema's uniqueItems: a card is not shown or laid twice
                raise _fail(
                    f"{name} lists {token} twice",
                    "event.duplicate_card",
                    {"card": token},
                    event=index,
                    field=f"{name}[{i}]",
                )
            out.append(card)
        return tuple(out)
    raise AssertionError(expects)  # pragma: no cover
