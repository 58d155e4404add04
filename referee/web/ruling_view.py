"""What the ruling page shows, computed from the ruling, the record and its replay.

Pure functions over plain JSON (``skat-ruling/1``, ``skat-log/1`` and the replayer's
reconstruction), so they are tested without a request.

>>> rows = trick_rows(
...     {"tricks": [{"number": 1, "leader": "forehand", "winner": "forehand", "points": 6,
...                  "cards": [{"seat": "forehand", "card": "CJ", "event": 9}]}]},
...     {"declarer": "forehand", "infractions": [{"event": 9}], "ended": None}, "en")
>>> rows[0].running, rows[0].flagged, rows[0].cards[0].flagged
((6, 0), True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

from referee.core.cards import Card
from referee.core.ruleset import READINGS, Edition
from referee.core.seats import SEAT_NAMES
from referee.core.vocabulary import Language
from referee.record.event_types import EVENT_TYPES
from referee.rules.editions import numbering
from referee.rules.messages import Messages, default_messages
from referee.rulings.summary import summary_line
from referee.web.cards import CardView, card_view, cards_view
from referee.web.i18n import capitalized, term, text

#: endings after which every completed trick counts
_ALL_TRICKS_COUNT = ("played_out", "decided")


@dataclass(frozen=True)
class PlayedCard:
    seat: str
    card: CardView
    event: int | None
    flagged: bool


@dataclass(frozen=True)
class TrickRow:
    number: int
    leader: str
    cards: list[PlayedCard]
    winner: str | None
    points: int
    running: tuple[int, int] | None
    counted: bool
    flagged: bool


@dataclass(frozen=True)
class HandView:
    seat: str
    label: str
    player: str
    cards: list[CardView]


@dataclass
class StepView:
    """The game at one event: who holds what, what is on the table, what just happened."""

    at: int
    last: int
    description: str
    hands: list[HandView]
    table: list[PlayedCard]
    to_play: str | None
    previous: int | None
    following: int | None
    flagged: bool = False
    skat: list[CardView] = field(default_factory=list)


def flagged_events(ruling: dict[str, Any]) -> set[int]:
    """Event indexes of the ruling's infractions (to highlight)."""
    return {i["event"] for i in ruling.get("infractions") or [] if i.get("event") is not None}


def _counted(trick: dict[str, Any], ended: dict[str, Any] | None) -> bool:
    """A completed trick counts unless the game had already ended when it was finished."""
    if not ended or ended.get("event") is None or ended.get("reason") in _ALL_TRICKS_COUNT:
        return True
    events = [c.get("event") for c in trick.get("cards") or [] if c.get("event") is not None]
    return bool(events) and max(events) < ended["event"]


def _played(cards: list[dict[str, Any]], flags: set[int], lang: Language) -> list[PlayedCard]:
    return [
        PlayedCard(c["seat"], card_view(c["card"], lang), c.get("event"), c.get("event") in flags)
        for c in cards
    ]


def trick_rows(replay: dict[str, Any], ruling: dict[str, Any], lang: Language) -> list[TrickRow]:
    """The completed tricks with running card points of the counted ones."""
    flags = flagged_events(ruling)
    declarer = ruling.get("declarer") or replay.get("declarer")
    ours = theirs = 0
    rows = []
    for trick in replay.get("tricks") or []:
        counted = _counted(trick, ruling.get("ended"))
        points = int(trick.get("points") or 0)
        running: tuple[int, int] | None = None
        if counted and declarer:
            if trick.get("winner") == declarer:
                ours += points
            else:
                theirs += points
            running = (ours, theirs)
        cards = _played(trick.get("cards") or [], flags, lang)
        rows.append(
            TrickRow(
                number=trick["number"],
                leader=trick["leader"],
                cards=cards,
                winner=trick.get("winner"),
                points=points,
                running=running,
                counted=counted,
                flagged=any(c.flagged for c in cards),
            )
        )
    return rows


def skat_row(replay: dict[str, Any], rows: list[TrickRow], lang: Language) -> dict[str, Any] | None:
    """The skat (put away, or untouched in a hand game) counts for the declarer (ISkO 2.2.1)."""
    declarer = replay.get("declarer")
    tokens = replay.get("discarded") or (replay.get("skat") if replay.get("contract") else None)
    if not declarer or not tokens or not rows:
        return None
    points = sum(Card.parse(t).points for t in tokens)
    last = next((r.running for r in reversed(rows) if r.running), (0, 0))
    return {
        "cards": cards_view(tokens, lang),
        "points": points,
        "running": (last[0] + points, last[1]),
    }


def players(record: dict[str, Any]) -> dict[str, str]:
    """Seat -> player name (empty when the record has none); at a table of four or more
    also the dealer who sits out (``players.dealer``), at five or more the others sitting
    out (``players.sitting_out``, their names joined)."""
    names = record.get("players") or {}
    out = {seat: str(names.get(seat) or "") for seat in SEAT_NAMES}
    size = record.get("table_size")
    if isinstance(size, int) and size >= 4:
        out["dealer"] = str(names.get("dealer") or "")
    if isinstance(size, int) and size >= 5:
        others = names.get("sitting_out")
        out["sitting_out"] = ", ".join(map(str, others)) if isinstance(others, list) else ""
    return out


def deal_view(record: dict[str, Any], lang: Language) -> list[HandView]:
    """The three hands as dealt, then the skat."""
    deal = record.get("deal") or {}
    names = players(record)
    hands = [
        HandView(
            seat, capitalized(seat, lang), names[seat], cards_view(deal.get(seat), lang, sort=True)
        )
        for seat in SEAT_NAMES
    ]
    skat = cards_view(deal.get("skat"), lang)
    hands.append(HandView("skat", text("console.ruling.skat", lang), "", skat))
    return hands


def contract_text(contract: dict[str, Any] | None, lang: Language) -> str:
    """E.g. ``Hearts``, ``Grand, hand, schneider announced``."""
    if not contract:
        return "—"
    parts = [capitalized(contract.get("game"), lang)]
    if contract.get("hand"):
        parts.append(term("hand", lang))
    if contract.get("schwarz"):
        parts.append(term("schwarz_announced", lang))
    elif contract.get("schneider"):
        parts.append(term("schneider_announced", lang))
    if contract.get("ouvert"):
        parts.append(term("ouvert", lang))
    return ", ".join(parts)


def event_text(event: dict[str, Any], lang: Language) -> str:
    """One record event in words, e.g. ``Middlehand plays king of diamonds``."""
    kind = event.get("type", "?")
    seat = capitalized(event["seat"], lang) if event.get("seat") else ""
    if kind in ("bid", "hold", "pass", "pickup"):
        return text(f"console.event.{kind}", lang, seat=seat, value=event.get("value", ""))
    if kind == "play" and event.get("extra"):
        extra = ", ".join(c.label for c in cards_view(event.get("extra"), lang))
        card = card_view(event["card"], lang).label
        return text("console.event.play_extra", lang, seat=seat, card=card, extra=extra)
    if kind == "play" and event.get("card"):
        return text(
            "console.event.play", lang, seat=seat, card=card_view(event["card"], lang).label
        )
    if kind == "discard":
        labels = ", ".join(c.label for c in cards_view(event.get("cards"), lang))
        return text("console.event.discard", lang, seat=seat, cards=labels)
    if kind == "declare":
        key = (
            "console.event.declare_correction"
            if event.get("correction")
            else "console.event.declare"
        )
        return text(key, lang, seat=seat, game=contract_text(event, lang))
    detail = _detail_text(event, seat, lang)
    if detail is not None:
        return detail
    what = text(f"console.type.{kind}", lang) if kind else "?"
    if what.startswith("console."):
        what = kind
    return text(
        "console.event.other" if seat else "console.event.table", lang, seat=seat, type=what
    )


def _detail_text(event: dict[str, Any], seat: str, lang: Language) -> str | None:
    """An event whose own fields say more than its type, in words made from its declaration
    (None: the type alone says it). The text is ``console.event.<type>.<field>.<value>`` for
    the first yes/no or word the event says that has one (how cards became visible, a trick
    shown on request or not, the declarer's choice), else ``console.event.<type>`` when the
    event has every field that text names; an optional field with a text of its own
    (``console.event.<type>.<field>``, the cards corrected with a choice) adds it."""
    decl = _DECLS.get(str(event.get("type")))
    if decl is None:
        return None
    params = {"seat": seat} | _field_words(event, decl.fields, lang)
    base = f"console.event.{decl.type}"
    said = [f for f in decl.fields if f.name in event]
    picked = (
        f"{base}.{f.name}.{str(event[f.name]).lower()}" for f in said if str(f.kind) in _WORDS
    )
    key = next((k for k in picked if _catalogue().has(k)), base)
    if not _fits(key, params):
        return None
    out = text(key, lang, **params)
    for more in (f"{base}.{f.name}" for f in said if f.optional):
        if _fits(more, params):
            out += " " + text(more, lang, **params)
    return out


#: the kinds of fields whose value picks the text (``expose.how``, ``choice.choice``, ...)
_WORDS = ("bool", "how", "choice")
_DECLS = {str(d.type): d for d in EVENT_TYPES}


def _catalogue() -> Messages:
    return default_messages()


def _fits(key: str, params: dict[str, Any]) -> bool:
    """``key`` is a text whose placeholders (in English; every language has the same) the
    event's words fill."""
    if not _catalogue().has(key):
        return False
    template = _catalogue().messages[key]["en"]
    return {name for _lit, name, _spec, _conv in Formatter().parse(template) if name} <= set(params)


def _field_words(event: dict[str, Any], fields: Any, lang: Language) -> dict[str, Any]:
    """An event's fields as the texts say them: cards by their names, a seat as a word
    (``<field>_cap`` with a capital first letter), the rest as they are."""
    out: dict[str, Any] = {}
    for f in fields:
        if f.name not in event:
            continue
        value, kind = event[f.name], str(f.kind)
        if kind == "card":
            out[f.name] = card_view(value, lang).label
        elif kind == "cards":
            out[f.name] = ", ".join(c.label for c in cards_view(value, lang))
        elif kind == "seat":
            out[f.name], out[f"{f.name}_cap"] = term(value, lang), capitalized(value, lang)
        else:
            out[f.name] = value
    return out


#: event types the bidding list and the trick table already show
_SHOWN_ELSEWHERE = frozenset({"bid", "hold", "pass", "pickup", "discard", "play"})


@dataclass(frozen=True)
class TableEvent:
    event: int
    text: str
    flagged: bool


def table_events(
    record: dict[str, Any], ruling: dict[str, Any], lang: Language
) -> list[TableEvent]:
    """Every event that is not a bid or a card played, in words with its own fields (how
    a card became visible, a trick shown on request, the end of the deal, the dealer's
    acts, the declarer's choices, a correction, a refusal), flagged when an infraction."""
    flags = flagged_events(ruling)
    return [
        TableEvent(i, event_text(e, lang), i in flags)
        for i, e in enumerate(record.get("events") or [])
        if e.get("type") not in _SHOWN_ELSEWHERE or e.get("extra")
    ]


def bidding_lines(replay: dict[str, Any], lang: Language) -> list[str]:
    """The bidding as sentences (``Middlehand bids 18``, ``Forehand holds 18``, …)."""
    out = []
    for step in replay.get("bidding") or []:
        action = step.get("action", "")
        event = {"type": action, "seat": step.get("seat"), "value": step.get("value") or ""}
        out.append(event_text(event, lang))
    return out


def clamp_event(at: int | None, record: dict[str, Any]) -> int:
    """A valid step index: -1 (the deal) to the last event; None means the last event."""
    last = len(record.get("events") or []) - 1
    if at is None:
        return last
    return max(-1, min(at, last))


def step_view(
    record: dict[str, Any], replay: dict[str, Any], at: int, ruling: dict[str, Any], lang: Language
) -> StepView:
    """The state after event ``at`` (``replay`` must be the replay up to ``at``)."""
    events = record.get("events") or []
    last = len(events) - 1
    names = players(record)
    flags = flagged_events(ruling)
    hands = [
        HandView(seat, capitalized(seat, lang), names[seat], cards_view(cards, lang, sort=True))
        for seat, cards in ((s, (replay.get("hands") or {}).get(s)) for s in SEAT_NAMES)
    ]
    trick = replay.get("current_trick") or {}
    if at < 0:
        description = text("console.ruling.position_deal", lang)
    else:
        description = event_text(events[at], lang)
    to_play = replay.get("to_play")
    ended = (ruling.get("ended") or {}).get("event")
    if ended is not None and at >= ended:  # nobody is to play once the game has ended
        to_play = None
    return StepView(
        at=at,
        last=last,
        description=description,
        hands=hands,
        table=_played(trick.get("cards") or [], flags, lang),
        to_play=capitalized(to_play, lang) if to_play else None,
        previous=at - 1 if at > -1 else None,
        following=at + 1 if at < last else None,
        flagged=at in flags,
        skat=[] if replay.get("skat_taken") else cards_view(replay.get("skat"), lang),
    )


def outcome_line(ruling: dict[str, Any]) -> str:
    """The one-line outcome in the ruling's own language."""
    return summary_line(ruling)


def citer(ruling: dict[str, Any]) -> Callable[[str], str]:
    """How the page writes the clause numbers in its own texts (the events' labels, the
    deadline, headings), which name the 1998/99 numbers: under a later edition as the
    ruling cites them, the established number or the 1998/99 one with its mark.

    >>> citer({"rules": {"edition": "2022"}})("looked at unasked (ISkO 4.4.6)")
    'looked at unasked (ISkO 4.4.6 (1998/99))'
    >>> citer({"rules": {"edition": "1998"}})("looked at unasked (ISkO 4.4.6)")
    'looked at unasked (ISkO 4.4.6)'
    """
    edition = (ruling.get("rules") or {}).get("edition")
    if edition is None or edition == Edition.ISKO_1998.value:
        return _same
    return numbering(Edition(edition)).cite_text


def _same(words: str) -> str:
    return words


def clause_texts(ruling: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Clause id -> {title, summary} of every clause the ruling cites."""
    return {c["id"]: c for c in ruling.get("citations") or [] if c.get("id")}


def rule_set_changes(ruling: dict[str, Any]) -> list[tuple[str, str]]:
    """The readings a ruling was made under with an option other than the default.

    >>> rule_set_changes({"rules": {"edition": "1998", "readings": {
    ...     "isko-4.1.9-single-card": "ends_game", "isko-4.1.10-entitled-lead": "as_if_entitled"}}})
    [('isko-4.1.9-single-card', 'ends_game')]
    """
    readings = (ruling.get("rules") or {}).get("readings") or {}
    return [
        (rid, option)
        for rid, option in readings.items()
        if rid in READINGS and option != READINGS[rid].default.value
    ]
