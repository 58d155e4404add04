"""The game-entry form's server side: from what a referee tapped to a ``skat-log/1`` record.

The phone form (``templates/console/entry.html``, ``static/entry.js``) keeps a *draft*:
the seats, the auction's result, the contract, the cards in the order they were played,
the cards still in hand and the skat, and what happened at the table. Everything the page
needs to know about the game comes from here, computed with the domain code (who plays
each card, who wins each trick, which cards follow suit, the replayer's irregularities,
the ruling), so nothing is decided twice in the browser.

Here: the draft read, the seats and tricks, the deal, the record built. The answer to
the page (a draft in, a plain JSON answer out) is :func:`referee.web.entry_analysis.analyse`;
a record back into a draft is :mod:`referee.web.entry_draft`. No Flask here, so it is
tested without a request.

>>> d = {"declarer": "forehand", "bid": 20, "game": "hearts",
...      "plays": [{"card": "CJ"}, {"card": "HJ"}, {"card": "DJ"}, {"card": "SJ"}]}
>>> t = play_seats(read_draft(d))
>>> [(p.seat, p.trick) for p in t.plays], [x.winner for x in t.tricks]
([('forehand', 1), ('middlehand', 1), ('rearhand', 1), ('forehand', 2)], ['forehand', None])
>>> t.to_play, t.led
('middlehand', 'SJ')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from referee.core.bidding import BID_VALUES
from referee.core.cards import CARD_POINTS, Card
from referee.core.contracts import Game
from referee.core.seats import SEAT_NAMES, Seat
from referee.core.tricks import follow_mask, trick_winner
from referee.web.cards import sort_hand
from referee.web.entry_auction import Step, auction_events, follow, looks_of, read_auction
from referee.web.entry_errors import EntryError
from referee.web.entry_events import (
    SITTING_OUT_KEYS,
    TABLE_SIZES,
    Incident,
    auction,
    bidding_step,
    dealt_hands,
    declarations,
    incident_events,
    record_players,
)
from referee.web.entry_facts import (
    CHOICE,
    FACTS,
    FLAGS,
    FORM_FACTS,
    GAMES,
    MISSING_CARD,
    read_cards,
    read_values,
)

__all__ = ["BID_VALUES", "GAMES", "Draft", "EntryError", "build_record", "read_draft"]

#: the form's five steps, in their order (the page's tabs and the script's)
STEPS = ("contract", "tricks", "cards", "incidents", "review")
HOLDERS = (*SEAT_NAMES, "skat")
#: how many cards each holder has in a regular deal
SIZES = {"forehand": 10, "middlehand": 10, "rearhand": 10, "skat": 2}
ALL_CARDS = tuple(c.name for c in Card)
#: what the form can add at a place in the game: the event types of skat-log/1 whose
#: declaration gives them a place on step 4 (record/event_types.py), then its own facts
#: (:data:`referee.web.entry_facts.FACTS`)
INCIDENTS = tuple(FACTS)
#: incidents that need no seat (the record's seat is optional), among them the form's own
#: facts that need none (the deal's mark, ISkO 3.2.11-3.2.13, SkWO 9.4)
SEATLESS = tuple(t for t, f in FACTS.items() if not f.seat)
SEATLESS_FACTS = tuple(t for t in SEATLESS if t in FORM_FACTS)
#: what the dealer who sits out at a table of four may be recorded as doing (ISkO 3.3.9
#: looking at the skat, 4.2.9 remarks, 3.5.4 looking into a hand, 4.1.11 objecting); a
#: player may be recorded looking into another's cards too (4.5.5, Spanish 3.3.9)
DEALER_INCIDENTS = tuple(t for t, f in FACTS.items() if f.dealer)
#: completions of a half-entered deal the form rules one by one to see whether they agree
COMPLETION_LIMIT = 24
#: the most JSON text a draft's ``meta`` (the amended record's context) may hold
META_LIMIT = 20_000


# -- the draft --------------------------------------------------------------------------------


@dataclass
class Draft:
    table_size: int = 3
    players: dict[str, str] = field(default_factory=dict)
    declarer: str | None = None
    passed: bool = False  # everybody passed (no declarer)
    bid: int | None = None
    hand: bool = False
    game: str | None = None
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    plays: list[tuple[str, str | None]] = field(default_factory=list)  # (card, seat or None)
    cards: dict[str, list[str]] = field(default_factory=dict)  # holder -> cards at the end
    skat_dealt: list[str] = field(default_factory=list)
    incidents: list[Incident] = field(default_factory=list)
    #: the auction step by step (entry_auction.py); empty: the shortest one with the result
    auction: list[Step] = field(default_factory=list)
    #: the game ended with the steps entered (a player left, the skat was seen): no game
    ended_in_bidding: bool = False
    #: the record's own context, kept as it was when the court amends a record
    meta: dict[str, Any] = field(default_factory=dict)


def _card(token: Any, where: str) -> str:
    if not isinstance(token, str) or token not in ALL_CARDS:
        raise EntryError("console.entry.bad_card", where=where, card=str(token)[:8])
    return token


def _seat(value: Any, where: str, *, optional: bool = True) -> str | None:
    if value in (None, "") and optional:
        return None
    if value not in SEAT_NAMES:
        raise EntryError("console.entry.bad_seat", where=where)
    return str(value)


def _flag(value: Any) -> bool:
    return value is True


def read_draft(doc: Any) -> Draft:
    """The draft the page sent (unknown keys are ignored; bad values are refused)."""
    if not isinstance(doc, dict):
        raise EntryError("console.entry.bad_draft", where="draft")
    d = Draft()
    size = str(doc.get("table_size"))
    d.table_size = int(size) if size in map(str, TABLE_SIZES) else 3
    meta = doc.get("meta")
    if isinstance(meta, dict) and meta:
        if len(json.dumps(meta, ensure_ascii=False, default=str)) > META_LIMIT:
            raise EntryError("console.entry.bad_draft", where="meta")
        d.meta = dict(meta)
    players = doc.get("players") or {}
    if isinstance(players, dict):
        for key in (*SEAT_NAMES, "dealer", *SITTING_OUT_KEYS):
            name = players.get(key)
            if isinstance(name, str) and name.strip():
                d.players[key] = name.strip()[:80]
    d.declarer = _seat(doc.get("declarer"), "declarer")
    d.passed = d.declarer is None and _flag(doc.get("passed"))
    bid = doc.get("bid")
    if bid not in (None, ""):
        try:
            d.bid = int(bid)
        except (TypeError, ValueError):
            raise EntryError("console.entry.bad_bid", where="bid") from None
    d.auction = read_auction(doc.get("auction"))
    if d.auction:  # the result is the auction's, as the replayer will follow it
        view = follow(d.auction)
        d.declarer, d.bid, d.passed = view.declarer, view.bid, view.passed
        d.ended_in_bidding = _flag(doc.get("ended_in_bidding"))
    d.hand = _flag(doc.get("hand"))
    game = doc.get("game")
    if game not in (None, ""):
        if game not in GAMES:
            raise EntryError("console.entry.bad_game", where="game")
        d.game = str(game)
    d.schneider, d.schwarz, d.ouvert = (
        _flag(doc.get(k)) for k in ("schneider", "schwarz", "ouvert")
    )
    seen: dict[str, str] = {}
    for i, play in enumerate(doc.get("plays") or []):
        where = f"plays/{i}"
        if not isinstance(play, dict):
            raise EntryError("console.entry.bad_draft", where=where)
        card = _card(play.get("card"), where)
        if card in seen:
            raise EntryError("console.entry.card_twice", where=where, card=card)
        seen[card] = where
        d.plays.append((card, _seat(play.get("seat"), where)))
    if d.ended_in_bidding and d.plays:  # no card is played in a game never declared
        raise EntryError("console.entry.ended_plays", where="plays")
    cards = doc.get("cards") or {}
    if isinstance(cards, dict):
        for holder in HOLDERS:
            listed = []
            for j, token in enumerate(cards.get(holder) or []):
                where = f"cards/{holder}/{j}"
                card = _card(token, where)
                if card in seen:
                    raise EntryError("console.entry.card_twice", where=where, card=card)
                seen[card] = where
                listed.append(card)
            d.cards[holder] = listed
    d.skat_dealt = [_card(c, f"skat_dealt/{j}") for j, c in enumerate(doc.get("skat_dealt") or [])][
        :2
    ]
    for i, inc in enumerate(doc.get("incidents") or []):
        d.incidents.append(_incident(inc, d, seen, f"incidents/{i}"))
    for k, x in enumerate(d.incidents):  # a seat a fact names is another's (ISkO 4.5.5)
        named = (x.values.get(c.name) for c in FACTS[x.type].controls if c.kind == "seat")
        if x.seat and x.seat in named:
            raise EntryError("console.entry.own_hand", where=f"incidents/{k}")
    looks = looks_of(d.incidents)
    if d.auction and looks:  # a look at the skat in the bidding frees the bidders (3.3.9)
        view = follow(d.auction, looks)
        d.declarer, d.bid, d.passed = view.declarer, view.bid, view.passed
    return d


def _incident(inc: Any, d: Draft, seen: dict[str, str], where: str) -> Incident:
    """One fact of step 4 read: its place, seat, cards and the values of its controls."""
    if not isinstance(inc, dict) or inc.get("type") not in FACTS:
        raise EntryError("console.entry.bad_incident", where=where)
    kind = str(inc["type"])
    fact = FACTS[kind]
    at = inc.get("at", len(d.plays))
    if not isinstance(at, int) or at < -2 or at > len(d.plays):
        at = len(d.plays)
    if fact.at is not None:  # a place the fact has by its nature (the bidding, the skat, ...)
        at = fact.at
    cards = (inc.get("cards") or []) if fact.card_control else []
    if not isinstance(cards, list):
        raise EntryError("console.entry.bad_incident", where=f"{where}/cards")
    if fact.unplayed:  # cards that left the hand: placed once only
        if at == -2 and len(cards) != 1:
            raise EntryError("console.entry.bad_incident", where=where)
        if (fact.after_card and at < 1) or not cards:
            raise EntryError("console.entry.extra_place", where=where)
        for j, token in enumerate(cards):
            card = _card(token, f"{where}/cards/{j}")
            if card in seen:
                raise EntryError("console.entry.card_twice", where=where, card=card)
            seen[card] = where
    read_cards(fact, cards, where)
    return Incident(
        type=kind,
        at=at,
        seat=_incident_seat(inc.get("seat"), kind, d.table_size, where),
        cards=[_card(c, where) for c in cards],
        values=read_values(fact, inc, where),
        step=bidding_step(inc.get("step"), at, len(d.auction), where),
    )


def _incident_seat(value: Any, incident: str, table_size: int, where: str) -> str | None:
    """An incident's seat: one of the three, or the dealer who sits out at a table of four
    for what the rules let him do."""
    if value in ("dealer", "sitting_out"):  # who sits out besides him: a table of five+
        if table_size < (4 if value == "dealer" else 5) or incident not in DEALER_INCIDENTS:
            raise EntryError("console.entry.dealer_only", where=where)
        return str(value)
    return _seat(value, where)


# -- the play: seats, tricks, what follows suit ----------------------------------------------


@dataclass
class Play:
    index: int
    card: str
    seat: str
    trick: int
    follows: bool  # follows the led card (or leads)
    chosen_seat: bool  # the referee said who played it (not the turn order)


@dataclass
class TrickView:
    number: int
    leader: str
    plays: list[Play]
    winner: str | None
    points: int


@dataclass
class Table:
    plays: list[Play]
    tricks: list[TrickView]
    to_play: str | None
    led: str | None


def play_seats(d: Draft) -> Table:
    """Who played each card, trick by trick, as the replayer will see it.

    The turn passes to the left after every card (``Seat.next``) and the winner of a trick,
    decided by :func:`referee.core.tricks.trick_winner`, leads the next. A card the
    referee attributed to another seat (a lead out of turn) moves the turn with it. A seat
    that put no card to the trick in play (:data:`MISSING_CARD`, ISkO 4.2.6) is passed over, and the
    trick is taken by the highest card on the table when the others have played.
    """
    game = Game(d.game) if d.game else None
    plays: list[Play] = []
    tricks: list[TrickView] = []
    leader = Seat.FOREHAND
    to_play: Seat | None = Seat.FOREHAND
    current: list[Play] = []
    missing: list[str] = []
    skipped: dict[int, list[str]] = {}
    for inc in d.incidents:
        if inc.type == MISSING_CARD and inc.seat:
            skipped.setdefault(inc.at, []).append(inc.seat)

    def take() -> None:
        nonlocal current, missing, leader, to_play
        winner = None
        if game is not None:
            cards = [Card[p.card] for p in current]
            w = trick_winner(cards + [cards[-1]] * (3 - len(cards)), game)
            winner = current[w].seat
            leader = Seat(winner)
        to_play = leader
        points = sum(CARD_POINTS[Card[p.card]] for p in current)
        tricks.append(TrickView(len(tricks) + 1, current[0].seat, current, winner, points))
        current, missing = [], []

    def pass_over(at: int) -> None:
        nonlocal to_play
        for seat_name in skipped.get(at, []):
            if current and seat_name not in missing and all(p.seat != seat_name for p in current):
                missing.append(seat_name)
                to_play = Seat(seat_name).next
                if len(current) + len(missing) == 3:
                    take()

    for i, (card, chosen) in enumerate(d.plays):
        pass_over(i)
        seat = Seat(chosen) if chosen else (to_play or leader)
        led = Card[current[0].card] if current else None
        follows = led is None or game is None or bool((follow_mask(led, game) >> Card[card]) & 1)
        play = Play(i, card, seat.value, len(tricks) + 1, follows, chosen is not None)
        plays.append(play)
        current.append(play)
        to_play = seat.next
        if len(current) + len(missing) == 3:
            take()
    pass_over(len(d.plays))
    over = len(tricks) >= 10
    if current:
        tricks.append(TrickView(len(tricks) + 1, current[0].seat, current, None, 0))
    if over:
        to_play = None
    return Table(
        plays, tricks, to_play.value if to_play else None, current[0].card if current else None
    )


# -- the deal ---------------------------------------------------------------------------------


def holdings(d: Draft, table: Table) -> dict[str, list[str]]:
    """Every card the entry places: played by a seat, still in a hand, in the skat at the end."""
    held: dict[str, list[str]] = {h: list(d.cards.get(h, [])) for h in HOLDERS}
    for p in table.plays:
        held[p.seat].append(p.card)
        held[p.seat] += extra_cards(d, p)
    for inc in d.incidents:  # a card led before the declaration left that hand too
        if inc.type == "early_lead" and inc.seat:
            held[inc.seat] += inc.cards
    return held


def extra_cards(d: Draft, play: Play) -> list[str]:
    """Cards the seat put into the trick together with ``play`` (ISkO 4.2.6): the
    ``extra_cards`` incidents placed right after it."""
    return [
        c
        for inc in d.incidents
        if inc.type == "extra_cards" and inc.at == play.index + 1
        for c in inc.cards
    ]


def deduce(held: dict[str, list[str]]) -> dict[str, list[str]]:
    """Cards nobody placed go where they must: when one holder alone still has room."""
    placed = {c for cards in held.values() for c in cards}
    unknown = [c for c in ALL_CARDS if c not in placed]
    room = {h: SIZES[h] - len(held[h]) for h in HOLDERS}
    open_ = [h for h in HOLDERS if room[h] > 0]
    if unknown and len(open_) == 1 and room[open_[0]] == len(unknown):
        return {open_[0]: unknown}
    return {}


#: the facts of step 4 that the record places apart from the others (the declarer's choice
#: after the auction, a second card in a trick, a corrected declaration, the deal's mark)
PLACED_APART = (CHOICE, "extra_cards", "correction", "dealt_out_of_turn")


def unplaced_in_auction(d: Draft) -> list[int]:
    """The facts during the bidding whose place among the auction's steps entered the
    referee has not chosen (their indices). None is put before the first step by default:
    where a look at the skat came in the auction changes the ruling (ISkO 3.3.9)."""
    if not d.auction:
        return []
    return [
        k
        for k, inc in enumerate(d.incidents)
        if inc.at == -1
        and inc.step is None
        and inc.type not in PLACED_APART
        and FACTS[inc.type].steps
    ]


def build_record(
    d: Draft, table: Table, held: dict[str, list[str]], meta: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The ``skat-log/1`` record of a draft whose 32 cards are all placed."""
    declarer = d.declarer
    final_skat = list(held["skat"])
    hands = {s: list(held[s]) for s in SEAT_NAMES}
    taker = declarer if declarer and not d.hand and not d.ended_in_bidding else None
    dealt_skat = dealt_hands(hands, final_skat, taker, d.skat_dealt, d.incidents)
    players = record_players(d.players, d.table_size)
    events: list[dict[str, Any]] = []
    for inc in d.incidents:  # the deal's own mark comes first (ISkO 3.2.11-3.2.13, SkWO 9.4)
        if inc.type == "dealt_out_of_turn":
            events += incident_events(inc)
            break
    by_place: dict[int, list[Incident]] = {}
    for inc in d.incidents:
        if inc.type not in PLACED_APART:
            by_place.setdefault(inc.at, []).append(inc)
    if d.auction:  # the steps as entered, an incident during the bidding at its place
        events += auction_events(d.auction, by_place.get(-1, []), incident_events)
    else:
        for inc in by_place.get(-1, []):
            events += incident_events(inc)
        events += auction(declarer, d.bid or 18)
    for inc in d.incidents:  # the declarer's choice comes when the auction is over
        if inc.type == CHOICE:
            events += incident_events(inc)
    if d.ended_in_bidding:  # nothing after the auction but what happened at its end
        for inc in by_place.get(0, []):
            events += incident_events(inc)
    elif declarer and d.game:
        if taker:
            events.append({"type": "pickup", "seat": declarer})
            events.append({"type": "discard", "seat": declarer, "cards": final_skat})
        contract = {"game": d.game} | {flag: bool(getattr(d, flag)) for flag in FLAGS}
        for inc in by_place.get(-2, []):  # after the skat, before the declaration
            events += incident_events(inc)
        events += declarations(declarer, contract, d.incidents)
        for p in table.plays:
            for inc in by_place.get(p.index, []):
                events += incident_events(inc)
            play: dict[str, Any] = {"type": "play", "seat": p.seat, "card": p.card}
            extra = extra_cards(d, p)
            if extra:
                if any(
                    i.seat != p.seat
                    for i in d.incidents
                    if i.type == "extra_cards" and i.at == p.index + 1
                ):
                    raise EntryError("console.entry.extra_seat", where="incidents", card=p.card)
                play["extra"] = extra
            events.append(play)
        for inc in by_place.get(len(table.plays), []):
            events += incident_events(inc)
    record: dict[str, Any] = {"format": "skat-log/1"}
    if meta:
        record["meta"] = meta
    record["table_size"] = d.table_size
    if players:
        record["players"] = players
    record["deal"] = {s: sort_hand(hands[s]) for s in SEAT_NAMES} | {"skat": dealt_skat}
    record["events"] = events
    return record
