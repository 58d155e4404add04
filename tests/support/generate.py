"""A seeded generator of realistic games as skat-log/1 documents (tests and benchmarks).

Legal bidding, a contract of every type, full legal play; optionally one infraction
injected. Deterministic for a given ``random.Random``.

>>> import random
>>> doc = random_game(random.Random(1))
>>> doc["format"], len(doc["deal"]["skat"])
('skat-log/1', 2)
"""

from __future__ import annotations

import random
from typing import Any

from referee.core.bidding import BID_VALUES
from referee.core.cards import Card, cards_of
from referee.core.contracts import Contract, Game
from referee.core.deal import Deal
from referee.core.seats import SEATS, Seat
from referee.core.tricks import legal_mask, trick_winner
from referee.core.valuation import count_matadors, value_game

INFRACTIONS = (
    "revoke",
    "false_lead",
    "skat_viewed",
    "tricks_reviewed",
    "remark",
    "concede",
    "lay_down",
    "throw_in",
)


def _pick(rng: random.Random, mask: int) -> Card:
    cards = list(cards_of(mask))
    return cards[rng.randrange(len(cards))]


def random_contract(rng: random.Random) -> Contract:
    game = rng.choice(list(Game))
    hand = rng.random() < 0.3
    if game is Game.NULL:
        return Contract.declare(game, hand=hand, ouvert=rng.random() < 0.3)
    if hand and rng.random() < 0.1:
        return Contract.declare(game, ouvert=True)
    schneider = hand and rng.random() < 0.15
    return Contract.declare(
        game, hand=hand, schneider=schneider, schwarz=schneider and rng.random() < 0.2
    )


def random_game(
    rng: random.Random, *, infraction: str | None = None, passed_in_rate: float = 0.03
) -> dict[str, Any]:
    """One game from deal to last trick (or to the injected infraction)."""
    deal = Deal.random(rng)
    events: list[dict[str, Any]] = []
    if rng.random() < passed_in_rate:
        events += [{"type": "pass", "seat": s} for s in ("middlehand", "rearhand", "forehand")]
        return _doc(deal, events)
    contract = random_contract(rng)
    declarer = rng.choice(SEATS)
    hands = [deal.forehand, deal.middlehand, deal.rearhand]
    skat = deal.skat
    # a bid the declared game could plausibly reach
    mats = None if contract.is_null else count_matadors(hands[declarer.index] | skat, contract.game)
    value = value_game(contract, mats, 0, won=True).value
    bid = max(v for v in BID_VALUES if v <= max(18, value)) if value >= 18 else 18
    events += _bidding(declarer, bid)
    if infraction == "skat_viewed" and rng.random() < 0.3:
        events.insert(1, {"type": "look_at_skat", "seat": declarer.next.value})
    if not contract.hand:
        events.append({"type": "pickup", "seat": declarer.value})
        hands[declarer.index] |= skat
        discard = rng.sample(list(cards_of(hands[declarer.index])), 2)
        for c in discard:
            hands[declarer.index] &= ~(1 << c)
        events.append(
            {"type": "discard", "seat": declarer.value, "cards": [c.name for c in discard]}
        )
    events.append({"type": "declare", "seat": declarer.value, **contract.to_dict()})
    inject_at = rng.randrange(1, 10) if infraction else -1
    leader = Seat.FOREHAND
    for trick_no in range(1, 11):
        plays: list[tuple[Seat, Card]] = []
        seat = leader
        for pos in range(3):
            led = plays[0][1] if plays else None
            legal = legal_mask(hands[seat.index], led, contract.game)
            if trick_no == inject_at and infraction == "revoke" and pos > 0:
                illegal = hands[seat.index] & ~legal
                if illegal:
                    card = _pick(rng, illegal)
                    events.append({"type": "play", "seat": seat.value, "card": card.name})
                    events.append(
                        {
                            "type": "objection",
                            "seat": declarer.value if seat is not declarer else seat.next.value,
                        }
                    )
                    return _doc(deal, events)
            if trick_no == inject_at and infraction == "false_lead" and pos == 0:
                wrong = seat.next
                card = _pick(rng, hands[wrong.index])
                events.append({"type": "play", "seat": wrong.value, "card": card.name})
                events.append({"type": "objection", "seat": seat.value})
                return _doc(deal, events)
            card = _pick(rng, legal)
            hands[seat.index] &= ~(1 << card)
            plays.append((seat, card))
            events.append({"type": "play", "seat": seat.value, "card": card.name})
            seat = seat.next
        leader = plays[trick_winner([c for _, c in plays], contract.game)][0]
        if trick_no == inject_at and infraction in ("tricks_reviewed", "remark", "skat_viewed"):
            other = leader.next
            if infraction == "tricks_reviewed":
                events.append({"type": "review_tricks", "seat": other.value, "trick": 1})
            elif infraction == "remark":
                events.append({"type": "remark", "seat": other.value, "text": "Trump now!"})
            else:
                events.append({"type": "look_at_skat", "seat": other.value})
            return _doc(deal, events)
        if trick_no == inject_at and infraction in ("concede", "lay_down", "throw_in"):
            events.append({"type": infraction, "seat": declarer.value})
            return _doc(deal, events)
    events.append({"type": "cards_gathered"})
    return _doc(deal, events)


def _bidding(declarer: Seat, bid: int) -> list[dict[str, Any]]:
    """Legal bidding that makes ``declarer`` the declarer at ``bid``."""
    fh, mh, rh = "forehand", "middlehand", "rearhand"
    if declarer is Seat.FOREHAND:
        return [
            {"type": "bid", "seat": mh, "value": bid},
            {"type": "hold", "seat": fh},
            {"type": "pass", "seat": mh},
            {"type": "pass", "seat": rh},
        ]
    if declarer is Seat.MIDDLEHAND:
        return [
            {"type": "bid", "seat": mh, "value": bid},
            {"type": "pass", "seat": fh},
            {"type": "pass", "seat": rh},
        ]
    return [
        {"type": "pass", "seat": mh},
        {"type": "bid", "seat": rh, "value": bid},
        {"type": "pass", "seat": fh},
    ]


def _doc(deal: Deal, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "skat-log/1", "table_size": 3, "deal": deal.to_tokens(), "events": events}
