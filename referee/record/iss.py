"""Import game records of the International Skat Server (ISS) as skat-log/1 documents.

An ISS archive holds one record a line: ``(;GM[Skat]...MV[...]R[...];)``.  This module
reads such lines (:func:`parse_iss_record`, :func:`iter_iss_records`) into frozen
dataclasses; :mod:`referee.record.iss_convert` turns one into a skat-log/1 document.
Every problem is raised as a :class:`~referee.core.errors.RecordError` whose code starts
with ``iss.`` and whose ``where`` names the line, the move (0-based index into ``MV``;
move 0 is the deal) and the field.

>>> rec = parse_iss_record(
...     "(;GM[Skat]SE[1]ID[2]P0[a]P1[b]P2[c]MV[w " + ".".join(_DEMO_DEAL)
...     + " 1 p 2 p 0 p ]R[passed] ;)", line_no=1)
>>> rec.result.passed, len(rec.moves)
(True, 4)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeAlias, cast

from referee.core.errors import RecordError
from referee.core.seats import SEAT_NAMES

GAMES: dict[str, str] = {
    "G": "grand",
    "C": "clubs",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "N": "null",
}
"""ISS game letter -> skat-log/1 game name."""

_CARD_RE = re.compile(r"^[CSHD][AKQJT987]$")
_CARD_LIST_RE = re.compile(r"^[CSHD][AKQJT987](?:\.[CSHD][AKQJT987])+$")
_LABEL_RE = re.compile(r"\s*([A-Z][A-Z0-9]*)\[([^\]]*)\]\s*")
_DECLARE_RE = re.compile(r"^([GCSHDN])([OHSZ]*)((?:\.[^.]+)*)$")
_DATE_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})/(\d{2}:\d{2}:\d{2})/UTC$")
_ACTORS = ("0", "1", "2", "w")
_ACTOR_SET = frozenset(_ACTORS)
_HIDDEN = "??"

_DEMO_DEAL = (
    "CJ SJ HJ DJ CA CT CK CQ C9 C8 SA ST SK SQ S9 S8 HA HT HK HQ "
    "H9 H8 DA DT DK DQ D9 D8 C7 S7 H7 D7"
).split()


@dataclass(frozen=True, slots=True)
class IssResult:
    """The server's verdict ``R[...]`` of one game, parsed.

    Seats are skat-log/1 seat names (``None`` where ISS writes ``-1``).  ``value`` is the
    signed game value as ISS scored it (a loss already doubled); ``matadors`` is signed
    (+ with, - without); ``card_points`` and ``tricks`` are the declarer's (skat
    included).  ``resigned`` is ``None`` for old records without ``r:``.

    >>> r = parse_iss_result("d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 "
    ...                      "l:-1 to:-1 r:0")
    >>> r.declarer, r.outcome, r.value, r.matadors, r.overbid, r.resigned
    ('rearhand', 'loss', -54, -2, False, False)
    """

    raw: str
    passed: bool = False
    declarer: str | None = None
    outcome: str | None = None
    value: int = 0
    matadors: int = 0
    overbid: bool = False
    card_points: int = 0
    tricks: int = 0
    schneider: bool = False
    schwarz: bool = False
    penalties: tuple[bool, bool, bool] = (False, False, False)
    left: str | None = None
    timeout: str | None = None
    resigned: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (penalties keyed by seat)."""
        return {
            "passed": self.passed,
            "declarer": self.declarer,
            "outcome": self.outcome,
            "value": self.value,
            "matadors": self.matadors,
            "overbid": self.overbid,
            "card_points": self.card_points,
            "tricks": self.tricks,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "penalties": dict(zip(SEAT_NAMES, self.penalties, strict=True)),
            "left": self.left,
            "timeout": self.timeout,
            "resigned": self.resigned,
        }


class IssMove(NamedTuple):
    """One ``<actor> <action>`` pair of ``MV``; actor is ``0``, ``1``, ``2`` or ``w``.

    >>> IssMove("1", "18").seat, IssMove("w", "TI.0").seat
    ('middlehand', None)
    """

    actor: str
    action: str

    @property
    def seat(self) -> str | None:
        """The skat-log/1 seat of the actor, ``None`` for the server (``w``)."""
        return None if self.actor == "w" else SEAT_NAMES[int(self.actor)]


@dataclass(frozen=True, slots=True)
class IssRecord:
    """One ISS game record: provenance, players P0..P2 (forehand first), moves, result.

    ``series`` and ``game_id`` are ``SE`` and ``ID`` (ints when numeric), ``date`` is ``DT``
    as ISO-8601 UTC (``2010-12-06T18:59:24Z``), ``raw`` the line as read, ``line_no`` its
    1-based line number when known.
    """

    series: int | str | None
    game_id: int | str | None
    date: str | None
    players: tuple[str | None, str | None, str | None]
    moves: tuple[IssMove, ...]
    result: IssResult
    raw: str
    server: str | None = None
    line_no: int | None = None


# --------------------------------------------------------------------------- parsing


def _error(
    what: str,
    message: str,
    line: int | None,
    params: dict[str, Any] | None = None,
    **where: Any,
) -> RecordError:
    place: dict[str, Any] = {} if line is None else {"line": line}
    place.update(where)
    return RecordError(message, code=f"iss.{what}", where=place, params=params)


def _int_or_str(value: str | None) -> int | str | None:
    if value is None or value == "":
        return None
    return int(value) if _is_number(value) else value


def _is_number(text: str) -> bool:
    """ASCII digits that fit 64 bits (``"²"`` is a digit to Python, but no number, and a
    5,000-digit string is one Python will not convert).

    >>> _is_number("18"), _is_number("²"), _is_number("9" * 30)
    (True, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= 18


def _labels(text: str, line: int | None) -> dict[str, str]:
    """Split ``(;LABEL[value]...;)`` into a dict; refuse anything else."""
    body = text.strip()
    if not (body.startswith("(;") and body.endswith(";)")):
        raise _error(
            "syntax",
            "an ISS record must start with '(;' and end with ';)'",
            line,
            {"variant": "frame"},
        )
    body = body[2:-2]
    labels: dict[str, str] = {}
    pos = 0
    while pos < len(body):
        match = _LABEL_RE.match(body, pos)
        if match is None:
            snippet = body[pos : pos + 20]
            raise _error(
                "syntax", f"expected LABEL[value] at {snippet!r}", line, {"at": repr(snippet)}
            )
        label, value = match.group(1), match.group(2)
        if label in labels:
            raise _error(
                "duplicate", f"label {label} appears twice", line, {"label": label}, field=label
            )
        labels[label] = value
        pos = match.end()
    return labels


def _seat_number(text: str, line: int | None, **where: Any) -> str | None:
    """``"0"``..``"2"`` -> seat name, ``"-1"`` -> None; anything else is refused."""
    if text == "-1":
        return None
    if text in ("0", "1", "2"):
        return SEAT_NAMES[int(text)]
    raise _error("seat", f"bad seat number {text!r}", line, {"seat": repr(text[:20])}, **where)


def parse_iss_result(text: str, line_no: int | None = None) -> IssResult:
    """Parse the value of ``R[...]``: ``passed`` or ``d:.. win|loss|penalty v:.. ...``.

    >>> parse_iss_result("passed").passed
    True
    >>> parse_iss_result("d:9 win").declarer
    Traceback (most recent call last):
    ...
    referee.core.errors.RecordError: field R: bad seat number '9'
    """
    tokens = text.split()
    if tokens == ["passed"]:
        return IssResult(raw=text, passed=True)
    fields: dict[str, Any] = {"raw": text}
    penalties = [False, False, False]
    ints = {"v": "value", "m": "matadors", "p": "card_points", "t": "tricks"}
    flags = {"s": "schneider", "z": "schwarz", "r": "resigned"}
    for token in tokens:
        if token in ("win", "loss", "penalty"):
            fields["outcome"] = token
            continue
        if token in ("bidok", "overbid"):
            fields["overbid"] = token == "overbid"
            continue
        key, sep, value = token.partition(":")
        if not sep:
            raise _error(
                "result",
                f"unknown result token {token!r}",
                line_no,
                {"variant": "token", "token": repr(token[:20])},
                field="R",
            )
        try:
            number = int(value)
        except ValueError:
            raise _error(
                "result",
                f"result field {key!r} is not a number: {value!r}",
                line_no,
                {"variant": "number", "key": repr(key[:20]), "value": repr(value[:20])},
                field="R",
            ) from None
        if key == "d":
            fields["declarer"] = _seat_number(value, line_no, field="R")
        elif key in ("l", "to"):
            fields["left" if key == "l" else "timeout"] = _seat_number(value, line_no, field="R")
        elif key in ints:
            fields[ints[key]] = number
        elif key in flags:
            fields[flags[key]] = number != 0
        elif key in ("p0", "p1", "p2"):
            penalties[int(key[1])] = number != 0
        # unknown key:value tokens are kept in ``raw`` only (newer server versions)
    fields["penalties"] = tuple(penalties)
    return IssResult(**fields)


def _date(value: str | None, line: int | None) -> str | None:
    """``2010-12-06/18:59:24/UTC`` -> ``2010-12-06T18:59:24Z`` (ISO-8601)."""
    if value is None or value == "":
        return None
    match = _DATE_RE.match(value)
    if match is None:
        raise _error(
            "date",
            f"date {value!r} is not YYYY-MM-DD/HH:MM:SS/UTC",
            line,
            {"value": repr(value[:40])},
            field="DT",
        )
    return f"{match.group(1)}T{match.group(2)}Z"


def _moves(text: str, line: int | None) -> tuple[IssMove, ...]:
    tokens = text.split()
    if len(tokens) % 2:
        raise _error(
            "moves",
            "MV must hold '<seat> <action>' pairs",
            line,
            move=len(tokens) // 2,
            field="MV",
        )
    actors = tokens[0::2]
    if not _ACTOR_SET.issuperset(actors):
        k, actor = next((k, a) for k, a in enumerate(actors) if a not in _ACTOR_SET)
        raise _error(
            "seat",
            f"bad seat {actor!r} (0, 1, 2 or w)",
            line,
            {"seat": repr(actor[:20])},
            move=k,
            field="MV",
        )
    return tuple(map(IssMove, actors, tokens[1::2]))


def iss_game_id(text: str) -> int | str | None:
    """The ``ID[...]`` of a record line, or None when it has none or its labels cannot be
    split (the record itself may still be wrong in other ways: no moves, a bad result)."""
    try:
        return _int_or_str(_labels(text, None).get("ID"))
    except RecordError:
        return None


def parse_iss_record(text: str, line_no: int | None = None) -> IssRecord:
    """Parse one ISS record (one line of an archive) into an :class:`IssRecord`."""
    labels = _labels(text, line_no)
    for required in ("MV", "R"):
        if required not in labels:
            raise _error(
                "missing",
                f"the record has no {required}[...]",
                line_no,
                {"label": required},
                field=required,
            )
    return IssRecord(
        series=_int_or_str(labels.get("SE")),
        game_id=_int_or_str(labels.get("ID")),
        date=_date(labels.get("DT"), line_no),
        # (type: ignore below) player names are str or None by position; the tuple has 3
        players=tuple(labels.get(f"P{i}") or None for i in range(3)),  # type: ignore[arg-type]
        moves=_moves(labels["MV"], line_no),
        result=parse_iss_result(labels["R"], line_no),
        raw=text.strip(),
        server=labels.get("PC") or None,
        line_no=line_no,
    )


def iter_iss_lines(stream: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Yield ``(line number, text)`` for every non-blank line, reading one line at a time."""
    for line_no, line in enumerate(stream, start=1):
        text = line.strip()
        if text:
            yield line_no, text


#: the longest ISS line read: some 30 times a long real record (under 2,000 characters)
MAX_LINE_CHARS = 64 * 1024
#: how much of an overlong line is read at a time while it is skipped
_SKIP_CHARS = 64 * 1024


class LineReader(Protocol):
    """What the ISS readers need of a file: ``readline(size)`` (a text file, the request
    body, or a reader that serves some lines again)."""

    def readline(self, size: int = -1, /) -> str: ...


#: a text to read lines from: a reader, or an iterable of whole lines
LineSource: TypeAlias = LineReader | Iterable[str]


def read_iss_lines(
    stream: LineSource, max_chars: int = MAX_LINE_CHARS
) -> Iterator[tuple[int, str | RecordError]]:
    """``(line number, text)`` for every non-blank line, or ``(line number, error)`` for a
    line longer than ``max_chars``: that line is read on in pieces and dropped, so one
    line never costs more than ``max_chars`` characters of memory, and the next line is
    read as usual.

    >>> import io
    >>> text = "a" + chr(10) + chr(10) + "x" * 9 + chr(10) + "b"
    >>> [(n, t if isinstance(t, str) else t.code)
    ...  for n, t in read_iss_lines(io.StringIO(text), max_chars=5)]
    [(1, 'a'), (3, 'iss.line_too_long'), (4, 'b')]

    A line that is not UTF-8, read with ``errors="surrogateescape"``, is an error naming
    its first such byte (never a record with the byte replaced):

    >>> [t.code for _n, t in read_iss_lines(io.StringIO(b"P0[J\\xfcrgen]".decode(
    ...     "utf-8", "surrogateescape")))]
    ['iss.encoding']
    """
    readline = _line_reader(stream)
    line_no = 0
    while True:
        line = readline(max_chars + 1)
        if not line:
            return
        line_no += 1
        if len(line) > max_chars and not line.endswith("\n"):
            while True:  # drop the rest of the line, a piece at a time
                rest = readline(_SKIP_CHARS)
                if not rest or rest.endswith("\n"):
                    break
            message = f"the line is longer than {max_chars} characters (not an ISS record)"
            yield line_no, _error("line_too_long", message, line_no, {"count": max_chars})
            continue
        text = line.strip()
        bad = _NOT_UTF8.search(text)
        if bad is not None:  # a byte the reader could not decode (surrogateescape)
            byte = len(text[: bad.start()].encode("utf-8", "surrogateescape")) + 1
            message = f"the line is not UTF-8 (byte {byte} of the line)"
            yield line_no, _error("encoding", message, line_no, {"byte": byte}, byte=byte)
        elif text:
            yield line_no, text


#: what a text read with ``errors="surrogateescape"`` holds for a byte that is not UTF-8
_NOT_UTF8 = re.compile("[\udc80-\udcff]")


def _line_reader(stream: LineSource) -> Callable[[int], str]:
    """``readline(size)`` of a file, or of an iterable of whole lines (size ignored)."""
    readline = getattr(stream, "readline", None)
    if readline is not None:
        return cast(Callable[[int], str], readline)
    lines = iter(cast(Iterable[str], stream))
    return lambda _size: next(lines, "")


def iter_iss_records(stream: Iterable[str]) -> Iterator[IssRecord]:
    """Yield one :class:`IssRecord` per non-blank line of ``stream`` (constant memory).

    The first bad line raises; use :func:`iter_iss_lines` with :func:`parse_iss_record` to
    skip bad lines instead.
    """
    for line_no, text in iter_iss_lines(stream):
        yield parse_iss_record(text, line_no)
