"""Parse and validate a ``skat-log/1`` record into an immutable :class:`GameRecord`.

Only a record that cannot describe a real game is refused, with one :class:`RecordError`
that names the event index and field. Irregular play is not refused here: judging it is
the referee's job.

>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL,
...                     "events": [{"type": "pass", "seat": "middlehand"}]})
>>> rec.events[0].type, rec.events[0].seat.value, rec.table_size
('pass', 'middlehand', 3)
>>> try:
...     parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL,
...                   "events": [{"type": "play", "seat": "forehand", "card": "XX"}]})
... except RecordError as exc:
...     print(exc.code, exc.where)
card.unknown {'event': 0, 'field': 'card'}
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field
from dataclasses import fields as dataclass_fields
from datetime import datetime
from typing import Any

import orjson

from referee.core.bidding import BID_VALUES
from referee.core.cards import ALL_CARDS_MASK, Card, cards_of
from referee.core.contracts import Game
from referee.core.deal import PARTS, Deal
from referee.core.errors import CardError, RecordError, RefereeError
from referee.core.seats import SEAT_NAMES, Seat
from referee.record.events import (
    CHOICES,
    COMMON_FIELDS,
    DEALER_EVENTS,
    EVENT_FIELDS,
    EXPOSE_HOW,
    OPTIONAL_FIELDS,
    Event,
)

FORMAT = "skat-log/1"
#: Event field -> position in its constructor, and the defaults in that order
_SLOTS: dict[str, int] = {f.name: i for i, f in enumerate(dataclass_fields(Event))}
_EVENT_DEFAULTS: tuple[Any, ...] = tuple(
    None if f.default is MISSING else f.default for f in dataclass_fields(Event)
)
_CARD_BY_TOKEN: dict[str, Card] = {c.name: c for c in Card}
TOP_LEVEL = {"format", "meta", "table_size", "players", "deal", "events"}
MAX_EVENTS = 2000

EXAMPLE_DEAL = {
    "forehand": ["CJ", "SJ", "HA", "HT", "HK", "HQ", "H9", "SA", "ST", "DA"],
    "middlehand": ["HJ", "H8", "H7", "SK", "SQ", "S9", "S8", "DT", "DK", "DQ"],
    "rearhand": ["DJ", "CA", "CT", "CK", "CQ", "C9", "C8", "C7", "S7", "D9"],
    "skat": ["D8", "D7"],
}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A validated record: the deal, the events in order, and the context.

    Every event's ``index`` is its position in ``events`` (the replayer and every ruling
    name events by it); a record built otherwise is refused.
    """

    deal: Deal
    events: tuple[Event, ...]
    table_size: int = 3
    meta: Mapping[str, Any] = field(default_factory=dict)
    players: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for position, event in enumerate(self.events):
            if event.index != position:
                raise RecordError(
                    f"event {position} carries index {event.index}",
                    code="record.event_index",
                    where={"event": position, "field": "index"},
                    params={"index": event.index},
                )

    def to_dict(self) -> dict[str, Any]:
        """The record as skat-log/1 JSON (normalised: defaults written out)."""
        out: dict[str, Any] = {"format": FORMAT}
        if self.meta:
            out["meta"] = dict(self.meta)
        out["table_size"] = self.table_size
        if self.players:
            out["players"] = dict(self.players)
        out["deal"] = self.deal.to_tokens()
        out["events"] = [e.to_dict() for e in self.events]
        return out


class StrictJSONError(json.JSONDecodeError):
    """Text the JSON grammar allows (or Python's parser accepts) that a document here may
    not hold; ``msg`` says what and where (no line and column: they would point at the
    start of the document)."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg, "(document)", 0)  # doc non-empty: webargs treats "" as no body


def _reject_constant(name: str) -> Any:
    raise StrictJSONError(f"{name} is not valid JSON")


def strict_json_loads(text: str | bytes) -> Any:
    r"""``json.loads`` that refuses what JSON does not allow but Python accepts (NaN,
    Infinity), what no database column can store (NUL characters, lone UTF-16 surrogates,
    which are no characters at all: RFC 8259 8.2, I-JSON), and integers longer than
    :data:`MAX_INT_DIGITS` digits (Python refuses to read or write them beyond 4,300).
    Each refusal is a :class:`json.JSONDecodeError` that says what and, for a string,
    where (a JSON pointer).

    >>> strict_json_loads('{"a": 1}')
    {'a': 1}
    >>> strict_json_loads('[NaN]')
    Traceback (most recent call last):
    ...
    referee.record.log.StrictJSONError: NaN is not valid JSON: line 1 column 1 (char 0)
    >>> try:
    ...     strict_json_loads(r'{"note": ["ok", "\ud800"]}')
    ... except json.JSONDecodeError as exc:
    ...     print(exc.msg)
    a lone UTF-16 surrogate (\ud800) at /note/1 is not a character
    """
    binary = isinstance(text, (bytes, bytearray))
    # (type: ignore below) text and needle have the same type (bytes or str), by `binary`
    if (b"\x00" if binary else "\x00") in text:  # type: ignore[operator]
        raise StrictJSONError("NUL characters are not allowed (no database stores them)")
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
    else:
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a str holding a lone surrogate itself
            bad = f"\\u{ord(text[exc.start]):04x}"
            raise StrictJSONError(f"a lone UTF-16 surrogate ({bad}) is not a character") from None
    if b"\\u" in raw and (b"\\u0000" in raw or _SURROGATE_ESCAPE.search(raw)):
        # an escaped NUL or surrogate (or only a backslash written before "u0000" or
        # "ud800"): decode and look at every string
        doc = _standard_loads(text)
        _refuse_bad_strings(doc)
        return doc
    if _LONG_NUMBER not in raw.translate(_DIGITS):
        try:  # orjson reads valid JSON some 3x faster, to the same values
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # the standard parser explains it, or accepts what orjson is strict about
    return _standard_loads(text)


#: the longest integer a document may hold: far beyond any count or id, and far below
#: the 4,300 digits beyond which Python refuses to convert (a ValueError, not a JSON error)
MAX_INT_DIGITS = 1000
#: an escaped UTF-16 surrogate, ``\ud800`` to ``\udfff`` (a pair is two of them)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _standard_loads(text: str | bytes) -> Any:
    return json.loads(
        text, parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_bounded_int
    )


def _bounded_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise StrictJSONError(
            f"an integer of {digits} digits is too long (at most {MAX_INT_DIGITS})"
        )
    return int(text)


def _refuse_bad_strings(doc: Any) -> None:
    """Refuse a NUL or a lone surrogate in any string (key or value) of a decoded
    document, naming its JSON pointer; iterative, so a deeply nested document is judged
    like any other."""
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        item, pointer = stack.pop()
        if isinstance(item, str):
            problem = _bad_string(item)
            if problem:
                what, why = problem
                where = f" at {pointer}" if pointer else ""
                raise StrictJSONError(f"{what}{where} {why}")
        elif isinstance(item, dict):
            for key, value in item.items():
                path = pointer + "/" + key.replace("~", "~0").replace("/", "~1")
                stack.append((key, pointer))
                stack.append((value, path))
        elif isinstance(item, list):
            stack.extend((value, f"{pointer}/{i}") for i, value in enumerate(item))


def _bad_string(text: str) -> tuple[str, str] | None:
    """What makes ``text`` unstorable and why: a NUL, a lone surrogate, or None."""
    if "\x00" in text:
        return "a NUL character (\\u0000)", "is not allowed (no database stores it)"
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a lone UTF-16 surrogate (\\u{ord(text[exc.start]):04x})", "is not a character"
    return None


def _finite_float(text: str) -> float:
    """A JSON number as a float; one too large for a float (``1e400``) is refused rather
    than read as infinity, which JSON cannot write back."""
    value = float(text)
    if math.isinf(value):
        raise StrictJSONError(f"number {text} is too large")
    return value


#: 19 digits in a row: a number orjson would turn into a float beyond 64 bits (the
#: standard parser keeps Python's exact integers), so such text takes the standard road.
#: Found by mapping every digit byte to "0" and every other byte to " " (a C-speed
#: ``bytes.translate``; a regular expression costs 10x more on a 2 KB record).
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_NUMBER = b"0" * 19


def parse_record_text(text: str | bytes) -> GameRecord:
    """Parse JSON text; malformed JSON is refused with its line and column."""
    try:
        doc = strict_json_loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where: dict[str, Any] = {}
        msg = str(exc)
        if isinstance(exc, json.JSONDecodeError):
            where, msg = {"line": exc.lineno, "column": exc.colno}, exc.msg
        raise RecordError(
            f"malformed JSON: {msg}", code="record.json", where=where, params={"reason": msg}
        ) from None
    return parse_record(doc)


def _fail(
    message: str, code: str, params: dict[str, Any] | None = None, **where: Any
) -> RecordError:
    return RecordError(message, code=code, where=where, params=params)


def parse_record(doc: Any) -> GameRecord:
    """Validate a decoded skat-log/1 document and build the record."""
    if not isinstance(doc, dict):
        raise _fail("a skat-log/1 record is a JSON object", "record.not_object")
    unknown = sorted(set(doc) - TOP_LEVEL)
    if unknown:
        raise _fail(
            f"unknown top-level key {unknown[0]!r}",
            "record.unknown_key",
            {"variant": "top", "key": _short(unknown[0])},
            field=unknown[0],
        )
    if doc.get("format") != FORMAT:
        raise _fail(
            f"format must be {FORMAT!r}, got {doc.get('format')!r}",
            "record.format",
            {"format": FORMAT, "got": _short(doc.get("format"))},
            field="format",
        )
    meta = doc.get("meta", {})
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise _fail("meta must be an object", "record.meta", field="meta")
    table_size = doc.get("table_size", 3)
    if type(table_size) is not int or table_size not in (3, 4):
        raise _fail("table_size must be 3 or 4", "record.table_size", field="table_size")
    players = doc.get("players", {}) or {}
    if not isinstance(players, dict):
        raise _fail("players must be an object", "record.players", field="players")
    for seat, name in players.items():
        if seat not in SEAT_NAMES and not (seat == "dealer" and table_size == 4):
            why = "the dealer sits out only at a table of four" if seat == "dealer" else "unknown"
            variant = "dealer" if seat == "dealer" else "unknown"
            raise _fail(
                f"{why} seat {seat!r}",
                "record.seat",
                {"variant": variant, "seat": _short(seat)},
                field=f"players.{seat}",
            )
        if not isinstance(name, str):
            raise _fail(
                "a player name is a string",
                "record.players",
                {"variant": "name"},
                field=f"players.{seat}",
            )
    deal = _parse_deal(doc.get("deal"))
    events_doc = doc.get("events")
    if not isinstance(events_doc, list):
        raise _fail("events must be an array", "record.events", field="events")
    if len(events_doc) > MAX_EVENTS:
        raise _fail(
            f"more than {MAX_EVENTS} events",
            "record.too_many_events",
            {"count": MAX_EVENTS},
            field="events",
        )
    events = _parse_events(events_doc)
    if table_size != 4:
        for event in events:
            if event.by_dealer:
                raise _fail(
                    "the dealer sits out only at a table of four (table_size 4)",
                    "event.seat",
                    {"variant": "dealer"},
                    event=event.index,
                    field="seat",
                )
    return GameRecord(deal, events, table_size, meta, players)


def _parse_deal(deal: Any) -> Deal:
    if not isinstance(deal, dict):
        raise _fail(
            "deal must be an object with the three hands and the skat", "record.deal", field="deal"
        )
    unknown = sorted(set(deal) - set(PARTS))
    if unknown:
        raise _fail(
            f"unknown deal key {unknown[0]!r}",
            "record.unknown_key",
            {"variant": "deal", "key": _short(unknown[0])},
            field=f"deal.{unknown[0]}",
        )
    for part in PARTS:
        if not isinstance(deal.get(part), list):
            raise _fail(
                f"deal.{part} must be an array of cards",
                "record.deal",
                {"variant": "part", "part": part},
                field=f"deal.{part}",
            )
    if sum(len(deal[p]) for p in PARTS) > 32:
        raise _fail("the deal holds more than 32 cards", "record.deal_too_many", field="deal")
    parsed = _fast_deal(deal)
    if parsed is None:
        try:
            parsed = Deal.from_tokens(deal)
        except CardError as exc:
            raise RecordError(
                exc.message, code=exc.code, where=exc.where, params=exc.params
            ) from None
    if not parsed.is_complete:
        raise _incomplete(parsed)
    return parsed


def _incomplete(deal: Deal) -> RecordError:
    """An incomplete deal is a record that does not say where every card was, not a
    misdeal: it is refused, naming the cards it lacks (a misdeal has all 32, unevenly)."""
    missing = [c.name for c in cards_of(ALL_CARDS_MASK & ~deal.all_cards)]
    return _fail(
        f"the deal names {32 - len(missing)} of the 32 cards; missing: {', '.join(missing)} "
        "(a record must say where every card was; a misdeal deals all 32, unevenly)",
        "record.deal_incomplete",
        {"count": 32 - len(missing), "missing": ", ".join(missing)},
        field="deal",
        missing=missing,
    )


def _fast_deal(deal: dict[str, Any]) -> Deal | None:
    """The deal when every token is a known card and none repeats; else None (slow path)."""
    seen = 0
    masks = []
    by_token = _CARD_BY_TOKEN
    for part in PARTS:
        mask = 0
        for token in deal[part]:
            card = by_token.get(token) if type(token) is str else None
            if card is None or (seen >> card) & 1:
                return None
            mask |= 1 << card
            seen |= 1 << card
        masks.append(mask)
    return Deal(*masks)


#: event type -> (seat required?, allowed keys, [(field, kind, optional, slot)])
_SPECS: dict[str, tuple[bool, frozenset[str], tuple[tuple[str, str, bool, int], ...]]] = {
    kind: (
        seat_required,
        frozenset(COMMON_FIELDS) | frozenset(fields),
        tuple(
            (name, k.rstrip("?"), name in OPTIONAL_FIELDS or k.endswith("?"), _SLOTS[name])
            for name, k in fields.items()
        ),
    )
    for kind, (seat_required, fields) in EVENT_FIELDS.items()
}
_SEAT_BY_NAME: dict[str, Seat] = {s.value: s for s in Seat}


#: Parsed events by (index, type, seat, card, number of fields): events are immutable and
#: the common ones (a play, a pass) recur across records, so a repeat skips validation
#: and construction. Only events whose fields are all among type/seat/card and all
#: strings are stored, so a hit can only come from input that parses to the same event
#: (same index, same strings, no other field); the cache is emptied when it reaches
#: ``EVENT_CACHE_SIZE`` entries (about 2 MB).
_EVENT_CACHE: dict[tuple[Any, ...], Event] = {}
EVENT_CACHE_SIZE = 8192
_CACHED_FIELDS = ("type", "seat", "card")


def _parse_events(events_doc: list[Any]) -> tuple[Event, ...]:
    cache = _EVENT_CACHE
    out = []
    for index, e in enumerate(events_doc):
        if type(e) is dict:
            get = e.get
            key = (index, get("type"), get("seat"), get("card"), len(e))
            try:
                event = cache.get(key)
            except TypeError:  # an unhashable value where a string belongs: parse it
                # (type: ignore below) the cache key is unused when the event is not cacheable
                event = key = None  # type: ignore[assignment]
            if event is None:
                event = _parse_event(index, e)
                if key is not None and _cacheable(e):
                    if len(cache) >= EVENT_CACHE_SIZE:
                        cache.clear()
                    cache[key] = event
        else:
            event = _parse_event(index, e)
        out.append(event)
    return tuple(out)


def _cacheable(e: dict[str, Any]) -> bool:
    for name, value in e.items():
        if type(value) is not str or name not in _CACHED_FIELDS:
            return False
    return True


def _parse_event(index: int, e: Any) -> Event:
    if not isinstance(e, dict):
        raise _fail("an event is an object", "event.not_object", event=index)
    kind = e.get("type")
    spec = _SPECS.get(kind) if type(kind) is str else None
    if spec is None:
        raise _fail(
            f"unknown event type {kind!r}",
            "event.unknown_type",
            {"kind": _short(kind)},
            event=index,
            field="type",
        )
    seat_required, allowed, fields = spec
    for key in e:
        if key not in allowed:
            raise _fail(
                f"unknown field {key!r} in a {kind} event",
                "event.unknown_field",
                {"key": _short(key), "kind": kind},
                event=index,
                field=key,
            )
    values = list(_EVENT_DEFAULTS)
    values[0], values[1] = index, kind
    name = e.get("seat")
    if name == "dealer" and kind in DEALER_EVENTS:
        values[_SLOTS["by_dealer"]] = True
    elif kind == "look_into_hand":
        raise _fail(
            "only the dealer's look into a hand is recorded (ISkO 3.5.4): seat must be 'dealer'",
            "event.seat",
            {"variant": "look_into_hand"},
            event=index,
            field="seat",
        )
    elif "seat" in e or seat_required:
        seat = _SEAT_BY_NAME.get(name) if type(name) is str else None
        if seat is None:
            try:
                seat = Seat.parse(name)
            except RefereeError as exc:
                raise _fail(
                    exc.message,
                    "event.seat",
                    {"variant": "unknown", **exc.params},
                    event=index,
                    field="seat",
                ) from None
        values[2] = seat
    for name, kind_of, optional, slot in fields:
        if name not in e:
            if optional:
                continue
            raise _fail(
                f"a {kind} event needs {name!r}",
                "event.missing_field",
                {"kind": kind, "name": name},
                event=index,
                field=name,
            )
        values[slot] = _field(index, name, kind_of, e[name])
    for name in ("time", "note"):
        if name in e:
            values[_SLOTS[name]] = _field(index, name, "str", e[name])
    if "time" in e:
        _check_time(index, e["time"])
    return Event(*values)


_BID_SET = frozenset(BID_VALUES)


def _short(value: Any) -> str:
    """``repr`` of a value, cut to 40 characters (a 1,000-digit bid is not echoed whole)."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**40 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


def _check_time(index: int, value: str) -> None:
    """An event's ``time`` is an RFC 3339 date-time (the schema's ``format: date-time``).

    >>> _check_time(0, "2026-05-02T14:00:00Z")
    >>> _check_time(1, "yesterday")  # doctest: +ELLIPSIS
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
            {"name": "time", "variant": "time", "got": _short(value)},
            event=index,
            field="time",
        )


def _field(index: int, name: str, kind: str, value: Any) -> Any:
    def bad(what: str, expected: str) -> RecordError:
        return _fail(
            f"{name} must be {what}, got {value!r}",
            "event.bad_field",
            {"name": name, "variant": expected, "got": _short(value)},
            event=index,
            field=name,
        )

    if kind == "int":
        if type(value) is not int:
            raise bad("an integer", "integer")
        return value
    if kind == "bid":
        # ISkO 3.3.1: a bid is a game value; a number that is none (19, -5, 10**30) is
        # refused like a card that does not exist (docs/interpretations.md, "Bid values")
        if type(value) is not int:
            raise bad("an integer", "integer")
        if value not in _BID_SET:
            raise _fail(
                f"a bid must be a game value (18, 20, 22, 23, 24, 27, ... 264; ISkO 3.3.1), "
                f"got {_short(value)}",
                "event.bid_value",
                {"got": _short(value)},
                event=index,
                field=name,
            )
        return value
    if kind == "trick":
        if type(value) is not int or not 1 <= value <= 10:
            raise bad("a trick number 1-10", "trick")
        return value
    if kind == "bool":
        if type(value) is not bool:
            raise bad("true or false", "bool")
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise bad("a string", "string")
        return value
    if kind == "how":
        if value not in EXPOSE_HOW:
            raise bad("one of " + ", ".join(EXPOSE_HOW), "how")
        return value
    if kind == "choice":
        if value not in CHOICES:
            raise bad("one of " + ", ".join(CHOICES), "choice")
        return value
    if kind == "seat":
        seat = _SEAT_BY_NAME.get(value) if type(value) is str else None
        if seat is None:
            raise bad("one of " + ", ".join(SEAT_NAMES), "seat")
        return seat
    if kind == "game":
        try:
            return Game.parse(value)
        except RefereeError:
            raise bad("one of clubs, spades, hearts, diamonds, grand, null", "game") from None
    if kind == "card":
        try:
            return Card.parse(value)
        except CardError as exc:
            raise _fail(exc.message, exc.code, exc.params, event=index, field=name) from None
    if kind == "cards":
        if not isinstance(value, list):
            raise bad("an array of cards", "cards")
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
    raise AssertionError(kind)  # pragma: no cover
