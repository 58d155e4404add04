"""Convert one parsed ISS record into a skat-log/1 document (:func:`iss_to_skatlog`).

Every problem is a :class:`~referee.core.errors.RecordError` coded ``iss.*`` whose
``where`` names the line, the move (0-based index into ``MV``; move 0 is the deal) and
the field.

>>> from referee.record.iss import _DEMO_DEAL, parse_iss_record
>>> rec = parse_iss_record(
...     "(;GM[Skat]SE[1]ID[2]P0[a]P1[b]P2[c]MV[w " + ".".join(_DEMO_DEAL)
...     + " 1 p 2 p 0 p ]R[passed] ;)", line_no=1)
>>> [e["type"] for e in iss_to_skatlog(rec)["events"]]
['pass', 'pass', 'pass']
"""

from __future__ import annotations

import re
from typing import Any

from referee.core.errors import RecordError, RefereeError
from referee.core.seats import SEAT_NAMES
from referee.record.event_types import EventType
from referee.record.iss import (  # the parser's own patterns and checks, shared
    _CARD_LIST_RE,
    _CARD_RE,
    _DECLARE_RE,
    _HIDDEN,
    GAMES,
    IssMove,
    IssRecord,
    _error,
    _is_number,
    _seat_number,
)
from referee.record.log import GameRecord, parse_record, record_of_parts, simple_event

__all__ = ["iss_to_record", "iss_to_skatlog"]

#: the 32 card tokens (what ``_CARD_RE`` matches in a move, which holds no whitespace)
_CARD_TOKENS = frozenset(suit + rank for suit in "CSHD" for rank in "AKQJT987")
#: moves that are one event of their own kind
_SIMPLE = {"y": EventType.HOLD, "p": EventType.PASS, "RE": EventType.CONCEDE}


def _cards(text: str, line: int | None, move: int) -> list[str]:
    cards = text.split(".")
    for card in cards:
        if not _CARD_RE.match(card):
            raise _error(
                "card",
                f"unknown card token {card!r}",
                line,
                {"token": repr(card[:20])},
                move=move,
                field="MV",
            )
    return cards


def _deal(text: str, line: int | None, move: int) -> dict[str, list[str]]:
    cards = _cards(text, line, move)
    if len(cards) != 32 or len(set(cards)) != 32:
        raise _error(
            "deal",
            "the deal must list 32 distinct cards",
            line,
            {"variant": "count"},
            move=move,
            field="MV",
        )
    return {
        "forehand": cards[0:10],
        "middlehand": cards[10:20],
        "rearhand": cards[20:30],
        "skat": cards[30:32],
    }


def _declare(seat: str, letter: str, flags: str) -> dict[str, Any]:
    """Build a declare event; a suit or grand ouvert implies hand, schneider and schwarz."""
    game = GAMES[letter]
    ouvert = "O" in flags
    trump_ouvert = ouvert and game != "null"
    schwarz = "Z" in flags or trump_ouvert
    # announcing schwarz in a suit or grand game includes announcing schneider
    schneider = "S" in flags or (schwarz and game != "null")
    return {
        "type": "declare",
        "seat": seat,
        "game": game,
        "hand": "H" in flags or trump_ouvert,
        "schneider": schneider,
        "schwarz": schwarz,
        "ouvert": ouvert,
    }


class _Converter:
    """Folds ISS moves into skat-log/1 events (one instance per record); with
    ``checked``, an event of one field at most is parsed at once (declarations and
    discards stay documents until :func:`record_of_parts` parses them)."""

    def __init__(self, rec: IssRecord, *, checked: bool = False):
        self.line = rec.line_no
        self.checked = checked
        self.deal: dict[str, list[str]] | None = None
        self.events: list[Any] = []  # dict[str, Any], or Event where checked
        self.picked_up: set[str] = set()
        self.expect_skat_view = False
        self.pending: dict[str, Any] | None = None  # declare waiting for its discard move
        self.hidden: list[dict[str, Any]] = []

    def fail(self, what: str, message: str, move: int, **params: Any) -> RecordError:
        return _error(what, message, self.line, params, move=move, field="MV")

    def emit(self, type_: EventType, seat: str, name: str | None = None, value: Any = None) -> None:
        """Append an event of one field at most (checked at once where ``checked``)."""
        events = self.events
        if self.checked:
            events.append(simple_event(len(events), type_, seat, name, value))
        elif name is None:
            events.append({"type": type_.value, "seat": seat})
        else:
            events.append({"type": type_.value, "seat": seat, name: value})

    def emit_pending(self) -> None:
        if self.pending is not None:
            self.events.append(self.pending)
            self.pending = None

    def world(self, k: int, action: str) -> None:
        if self.deal is None:
            self.deal = _deal(action, self.line, k)
            return
        if action[:3] in ("TI.", "LE."):
            seat = _seat_number(action[3:], self.line, move=k, field="MV")
            if seat is None:
                raise self.fail("seat", f"bad seat in {action!r}", k, seat=repr(action[:20]))
            self.emit_pending()
            self.emit(EventType.TIMEOUT if action.startswith("TI.") else EventType.LEFT, seat)
            return
        if self.expect_skat_view and action.count(".") == 1:
            self.expect_skat_view = False
            if action != "??.??" and sorted(_cards(action, self.line, k)) != sorted(
                self.deal["skat"]
            ):
                raise self.fail(
                    "skat", f"skat shown as {action!r} differs from the deal", k, skat=action[:20]
                )
            return
        raise self.fail(
            "move",
            f"unexpected server move {action!r}",
            k,
            variant="server",
            action=repr(action[:20]),
        )

    def declaration(self, k: int, seat: str, match: re.Match[str]) -> None:
        event = _declare(seat, match.group(1), match.group(2))
        shown = _cards(match.group(3)[1:], self.line, k) if match.group(3) else []
        if seat not in self.picked_up:
            # a hand game: cards after the declaration only show the hand (null ouvert)
            self.events.append(event)
        elif shown:
            # after a pickup: two discards, then (null ouvert) the declarer's open hand
            self.events.append({"type": "discard", "seat": seat, "cards": shown[:2]})
            self.events.append(event)
        else:
            self.pending = event

    def player(self, k: int, seat: str, action: str) -> None:
        if self.pending is not None:
            if seat == self.pending["seat"] and _CARD_LIST_RE.match(action):
                cards = _cards(action, self.line, k)
                self.events.append({"type": "discard", "seat": seat, "cards": cards[:2]})
                self.emit_pending()
                return
            self.emit_pending()
        self.expect_skat_view = False
        if action in _CARD_TOKENS:  # most moves: a card played (no other move is one)
            self.emit(EventType.PLAY, seat, "card", action)
            return
        if action.isascii() and action.isdigit():
            if not _is_number(action):
                raise _error(
                    "bid",
                    f"bid {action[:20]}... is not a bid value",
                    self.line,
                    {"bid": action[:20] + "…"},
                    move=k,
                    field="MV",
                )
            self.emit(EventType.BID, seat, "value", int(action))
        elif action in _SIMPLE:
            self.emit(_SIMPLE[action], seat)
        elif action == "s":
            self.picked_up.add(seat)
            self.expect_skat_view = True
            self.emit(EventType.PICKUP, seat)
        elif action == "SC" or action.startswith("SC."):
            self.emit(EventType.LAY_DOWN, seat)
        elif action == _HIDDEN:
            self.hidden.append({"move": k, "seat": seat, "before_event": len(self.events)})
        elif (match := _DECLARE_RE.match(action)) is not None:
            self.declaration(k, seat, match)
        elif len(action) == 2:
            raise self.fail("card", f"unknown card token {action!r}", k, token=repr(action))
        else:
            raise self.fail(
                "move", f"unknown move {action!r} by {seat}", k, action=repr(action[:20]), seat=seat
            )

    def run(self, moves: tuple[IssMove, ...]) -> None:
        if not moves or moves[0].actor != "w":
            raise self.fail("deal", "the first move must be the server's deal", 0, variant="first")
        for k, move in enumerate(moves):
            if move.actor == "w":
                self.world(k, move.action)
            else:
                self.player(k, SEAT_NAMES[int(move.actor)], move.action)
        self.emit_pending()


def iss_to_skatlog(rec: IssRecord) -> dict[str, Any]:
    """Convert one :class:`IssRecord` into a skat-log/1 document (a plain dict).

    A play the server recorded as hidden (``??``) cannot be an event; it is listed in
    ``meta.iss.hidden_plays`` with the index of the event it preceded.
    """
    conv = _Converter(rec)
    conv.run(rec.moves)
    assert conv.deal is not None  # run() refuses a record without a deal
    doc: dict[str, Any] = {"format": "skat-log/1", "meta": _meta(rec, conv)}
    doc["table_size"] = 3
    players = _players(rec)
    if players:
        doc["players"] = players
    doc["deal"] = conv.deal
    doc["events"] = conv.events
    return doc


def iss_to_record(rec: IssRecord) -> GameRecord:
    """``parse_record(iss_to_skatlog(rec))``, with the cards played (most of a record)
    turned into checked events without a document in between. Where the record is
    refused, the error is the one the document path gives."""
    conv = _Converter(rec, checked=True)
    try:
        conv.run(rec.moves)
        assert conv.deal is not None  # run() refuses a record without a deal
        return record_of_parts(conv.deal, conv.events, _meta(rec, conv), _players(rec))
    except RefereeError:
        return parse_record(iss_to_skatlog(rec))  # raises the document's own error


def _meta(rec: IssRecord, conv: _Converter) -> dict[str, Any]:
    iss: dict[str, Any] = {
        "series": rec.series,
        "id": rec.game_id,
        "date": rec.date,
        "result": rec.result.to_dict(),
        "result_raw": rec.result.raw,
    }
    if rec.server:
        iss["server"] = rec.server
    if conv.hidden:
        iss["hidden_plays"] = conv.hidden
    return {"source": "iss", "iss": iss}


def _players(rec: IssRecord) -> dict[str, str]:
    return {seat: name for seat, name in zip(SEAT_NAMES, rec.players, strict=True) if name}
