"""Parse and validate a ``skat-log/1`` record into an immutable :class:`GameRecord`.

Only a record that cannot describe a real game is refused, with one :class:`RecordError`
that names the event index and field. Irregular play is not refused here: judging it is
the referee's job.

>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL,
...                     "events": [{"type": "pass", "seat": "middlehand"}]})
>>> rec.events[0].type.value, rec.events[0].seat.value, rec.table_size
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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.core.cards import ALL_CARDS_MASK, Card, cards_of
from referee.core.deal import PARTS, Deal
from referee.core.errors import CardError, RecordError, RefereeError
from referee.core.ruleset import RuleSet, RuleSetError
from referee.core.seats import SEAT_NAMES, Seat
from referee.record.event_types import EVENT_TYPES, Dealer, EventType
from referee.record.events import CLASS_OF, COMMON_FIELDS, Event
from referee.record.fields import check_time, field_value, short
from referee.record.strict_json import strict_json_loads

FORMAT = "skat-log/1"
#: the rule set of a record that names none and is handed none
_EMBEDDED_RULES = RuleSet()

_CARD_BY_TOKEN: dict[str, Card] = {c.name: c for c in Card}
TOP_LEVEL = {"format", "meta", "table_size", "players", "rules", "deal", "events"}
MAX_EVENTS = 2000
#: the largest table a record may describe: ISkO 3.2.7 has three play and the rest sit out
MAX_TABLE_SIZE = 7
#: ``players`` key and event seat of those who sit out besides the dealer (ISkO 3.2.7)
SITTING_OUT = "sitting_out"

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
    players: Mapping[str, Any] = field(default_factory=dict)
    #: the rule set the record asks to be ruled under (None: it names none)
    rules: RuleSet | None = None

    def __post_init__(self) -> None:
        for position, event in enumerate(self.events):
            if event.index != position:
                raise RecordError(
                    f"event {position} carries index {event.index}",
                    code="record.event_index",
                    where={"event": position, "field": "index"},
                    params={"index": event.index},
                )

    def ruled_under(self, chosen: RuleSet | None = None, default: RuleSet | None = None) -> RuleSet:
        """The rule set this record is ruled and replayed under: ``chosen`` (a request's or
        an appeal's), else the one the record names, else ``default``, else the embedded
        default. The one place this choice is made."""
        return chosen or self.rules or default or _EMBEDDED_RULES

    def to_dict(self) -> dict[str, Any]:
        """The record as skat-log/1 JSON (normalised: defaults written out)."""
        out: dict[str, Any] = {"format": FORMAT}
        if self.meta:
            out["meta"] = dict(self.meta)
        out["table_size"] = self.table_size
        if self.players:
            out["players"] = dict(self.players)
        if self.rules is not None:
            out["rules"] = self.rules.to_dict()
        out["deal"] = self.deal.to_tokens()
        out["events"] = [e.to_dict() for e in self.events]
        return out


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
            {"variant": "top", "key": short(unknown[0])},
            field=unknown[0],
        )
    if doc.get("format") != FORMAT:
        raise _fail(
            f"format must be {FORMAT!r}, got {doc.get('format')!r}",
            "record.format",
            {"format": FORMAT, "got": short(doc.get("format"))},
            field="format",
        )
    meta = doc.get("meta", {})  # absent is empty; null is not an object (the schema's type)
    if not isinstance(meta, dict):
        raise _fail("meta must be an object", "record.meta", field="meta")
    table_size = doc.get("table_size", 3)
    if type(table_size) is not int or not 3 <= table_size <= MAX_TABLE_SIZE:
        raise _fail(
            f"table_size must be 3 to {MAX_TABLE_SIZE}",
            "record.table_size",
            {"max": MAX_TABLE_SIZE},
            field="table_size",
        )
    players = doc.get("players", {})
    if not isinstance(players, dict):
        raise _fail("players must be an object", "record.players", field="players")
    for seat, name in players.items():
        if seat == SITTING_OUT and table_size >= 5:
            _check_sitting_out(name, table_size)
            continue
        if seat not in SEAT_NAMES and not (seat == "dealer" and table_size >= 4):
            why = {"dealer": "the dealer sits out only at a table of four or more"}.get(
                seat, "players sit out besides the dealer only at a table of five or more"
            )
            variant = seat if seat in ("dealer", SITTING_OUT) else "unknown"
            raise _fail(
                f"{why if variant != 'unknown' else 'unknown'} seat {seat!r}",
                "record.seat",
                {"variant": variant, "seat": short(seat)},
                field=f"players.{seat}",
            )
        if not isinstance(name, str):
            raise _fail(
                "a player name is a string",
                "record.players",
                {"variant": "name"},
                field=f"players.{seat}",
            )
    rules = None
    if "rules" in doc:
        try:
            rules = RuleSet.from_dict(doc["rules"])
        except RuleSetError as exc:
            raise RecordError(
                exc.message, code=exc.code, where=exc.where, params=exc.params
            ) from None
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
    for event in events:
        if event.by_dealer and table_size < (5 if event.sitting_out else 4):
            variant = SITTING_OUT if event.sitting_out else "dealer"
            raise _fail(
                f"{variant} acts only at a table where someone sits out (table_size 4, or 5 "
                "and more for sitting_out)",
                "event.seat",
                {"variant": variant},
                event=event.index,
                field="seat",
            )
    return GameRecord(deal, events, table_size, meta, players, rules)


def _check_sitting_out(names: Any, table_size: int) -> None:
    """``players.sitting_out``: the names of those who sit out besides the dealer at a
    table of five or more (ISkO 3.2.7), one for each player beyond four."""
    want = table_size - 4
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _fail(
            "players.sitting_out is a list of names",
            "record.players",
            {"variant": "sitting_out_names"},
            field=f"players.{SITTING_OUT}",
        )
    if len(names) != want:
        raise _fail(
            f"at a table of {table_size} {want} sit out besides the dealer, not {len(names)}",
            "record.players",
            {"variant": SITTING_OUT, "count": want, "got": len(names), "table_size": table_size},
            field=f"players.{SITTING_OUT}",
        )


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
            {"variant": "deal", "key": short(unknown[0])},
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


#: event type -> (its class, seat required?, the dealer may act?, allowed keys,
#: [(field, kind, optional)]), from the declarations
_SPECS: dict[
    str, tuple[type[Event], bool, Dealer, frozenset[str], tuple[tuple[str, str, bool], ...]]
] = {
    d.type.value: (
        CLASS_OF[d.type],
        d.seat_required,
        d.dealer,
        frozenset(COMMON_FIELDS) | frozenset(d.field_names),
        tuple((f.name, f.kind.value, f.optional) for f in d.fields),
    )
    for d in EVENT_TYPES
}
_SEAT_BY_NAME: dict[str, Seat] = {s.value: s for s in Seat}


#: Parsed events by (index, every (field, value) in order): events are immutable and
#: the common ones (a play, a pass) recur across records, so a repeat skips validation
#: and construction. Only events whose fields are all among type/seat/card and all
#: strings are stored, so a hit can only come from input that parses to the same event
#: (same index, same strings, no other field); the cache is emptied when it reaches
#: ``EVENT_CACHE_SIZE`` entries (about 2 MB).
_EVENT_CACHE: dict[tuple[Any, ...], Event] = {}
EVENT_CACHE_SIZE = 8192
_CACHED_FIELDS = ("type", "seat", "card")


def _parse_events(events_doc: list[Any]) -> tuple[Event, ...]:
    return tuple([_parsed(index, e) for index, e in enumerate(events_doc)])


def _parsed(index: int, e: Any) -> Event:
    """One event of a document at ``index``, from the cache when it is there."""
    if type(e) is not dict:
        return _parse_event(index, e)
    # the fields as given (names, values, order): equal keys, equal events
    key = (index, *e.items())
    try:
        event = _EVENT_CACHE.get(key)
    except TypeError:  # an unhashable value where a string belongs: parse it
        return _parse_event(index, e)
    if event is None:
        event = _parse_event(index, e)
        if _cacheable(e):
            if len(_EVENT_CACHE) >= EVENT_CACHE_SIZE:
                _EVENT_CACHE.clear()
            _EVENT_CACHE[key] = event
    return event


#: events of one field at most by (index, type, seat, field, value): the bulk of a
#: converted ISS record's events (cards played, bids, passes)
_SIMPLE_CACHE: dict[tuple[int, EventType, str, str | None, Any], Event] = {}


def simple_event(
    index: int, type_: EventType, seat: str, name: str | None = None, value: Any = None
) -> Event:
    """The event ``{"type": type_, "seat": seat}`` (with ``name: value`` when a name is
    given) at ``index``, parsed (and refused) as :func:`parse_record` parses it; shared
    between records. ``value`` is a string or an integer."""
    key = (index, type_, seat, name, value)
    event = _SIMPLE_CACHE.get(key)
    if event is None:
        doc = {"type": type_.value, "seat": seat}
        if name is not None:
            doc[name] = value
        event = _parse_event(index, doc)
        if len(_SIMPLE_CACHE) >= EVENT_CACHE_SIZE:
            _SIMPLE_CACHE.clear()
        _SIMPLE_CACHE[key] = event
    return event


def record_of_parts(
    deal: dict[str, Any],
    events: list[Event | dict[str, Any]],
    meta: dict[str, Any],
    players: dict[str, str],
) -> GameRecord:
    """The record of a table of three that a converter built part by part: what
    :func:`parse_record` makes of ``{"format": "skat-log/1", "meta": meta, "players":
    players, "deal": deal, "events": events}``, where an event may come parsed already
    (:func:`simple_event`). The caller vouches for ``meta`` and ``players`` (well-formed
    objects of strings); the deal and the events are checked as there, though where a
    record has several faults the one named may differ from :func:`parse_record`'s."""
    parsed_deal = _parse_deal(deal)
    if len(events) > MAX_EVENTS:
        raise _fail(
            f"more than {MAX_EVENTS} events",
            "record.too_many_events",
            {"count": MAX_EVENTS},
            field="events",
        )
    checked = tuple(
        [e if isinstance(e, Event) else _parsed(index, e) for index, e in enumerate(events)]
    )
    for event in checked:
        if event.by_dealer:
            raise _fail(
                "the dealer sits out only at a table of four (table_size 4)",
                "event.seat",
                {"variant": "dealer"},
                event=event.index,
                field="seat",
            )
    return GameRecord(parsed_deal, checked, 3, meta, players, None)


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
            {"kind": short(kind)},
            event=index,
            field="type",
        )
    cls, seat_required, dealer, allowed, fields = spec
    for key in e:
        if key not in allowed:
            raise _fail(
                f"unknown field {key!r} in a {kind} event",
                "event.unknown_field",
                {"key": short(key), "kind": kind},
                event=index,
                field=key,
            )
    values: dict[str, Any] = {"index": index}
    name = e.get("seat")
    seat: Seat | None = None
    if name == "dealer" and dealer is not Dealer.NO:
        values["by_dealer"] = True
    elif name == SITTING_OUT and dealer is Dealer.MAY:
        # one who sits out besides the dealer (ISkO 3.2.7) acts as the dealer at four may
        values["by_dealer"] = values["sitting_out"] = True
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
        values["seat"] = seat
    for name, kind_of, optional in fields:
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
        values[name] = field_value(index, name, kind_of, e[name])
    if kind == "look_into_hand" and seat is not None and values["into"] is seat:
        raise _fail(
            "a look into a hand is into another player's cards: into may not be the seat itself",
            "event.seat",
            {"variant": "look_into_hand"},
            event=index,
            field="into",
        )
    for name in ("time", "note"):
        if name in e:
            values[name] = field_value(index, name, "str", e[name])
    if "time" in e:
        check_time(index, e["time"])
    return cls(**values)
