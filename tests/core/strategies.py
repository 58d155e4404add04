"""Hypothesis strategies: random deals, random contracts and random legal play.

A :class:`PlayedGame` is a whole game played with the core's own rules: a random deal,
a random declarer and contract, the skat picked up and two random cards discarded (or
left alone in a hand game), then ten tricks of uniformly chosen legal cards.  Every
decision is recorded so the properties can check it against naive re-implementations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from referee.core import (
    BID_VALUES,
    SEATS,
    Card,
    Contract,
    ContractError,
    Deal,
    Game,
    Seat,
    cards_of,
    legal_mask,
    mask_of,
    trick_winner,
)
from referee.core.valuation import max_multiplier


def all_contracts() -> list[Contract]:
    """Every valid declaration: six games times every flag combination the core accepts."""
    out = []
    for game in Game:
        for hand in (False, True):
            for schneider in (False, True):
                for schwarz in (False, True):
                    for ouvert in (False, True):
                        try:
                            out.append(Contract(game, hand, schneider, schwarz, ouvert))
                        except ContractError:
                            pass
    return out


CONTRACTS = all_contracts()


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A regular deal of the 32 cards: three hands of ten and a skat of two."""
    order = draw(st.permutations(range(32)))
    return Deal(
        mask_of(order[0:10]), mask_of(order[10:20]), mask_of(order[20:30]), mask_of(order[30:])
    )


@st.composite
def bids(draw: st.DrawFn, contract: Contract) -> int:
    """A bid the declared game could cover: mostly low values, sometimes any up to its top.

    A null game's value is known when it is declared, so its bid never exceeds it; a suit
    game is never announced on a bid above its highest table value (clubs 216 ...).
    """
    if contract.is_null:
        return draw(st.sampled_from([v for v in BID_VALUES if v <= contract.base_value]))
    top = contract.base_value * max_multiplier(contract.game)
    low = [v for v in BID_VALUES if v <= 60]
    reachable = [v for v in BID_VALUES if v <= top]
    return draw(st.one_of(st.sampled_from(low), st.sampled_from(reachable)))


@dataclass
class Step:
    """One card put on the table: who, the hand (mask) before it, the led card, the card."""

    seat: Seat
    hand_before: int
    led: int | None
    card: Card


@dataclass
class Trick:
    leader: Seat
    cards: list[Card]
    winner: Seat


@dataclass
class PlayedGame:
    """A game played to the end with random legal cards."""

    deal: Deal
    declarer: Seat
    contract: Contract
    bid: int
    skat: int  # the skat as it lies after the discard (the dealt one in hand games)
    declarer_cards: int  # the declarer's ten dealt cards plus the dealt skat
    steps: list[Step] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)

    def tricks_of(self, declarer_side: bool) -> list[Trick]:
        return [t for t in self.tricks if (t.winner is self.declarer) == declarer_side]

    def points(self, declarer_side: bool) -> int:
        """Card points won in tricks (the skat added to the declarer's side)."""
        total = sum(c.points for t in self.tricks_of(declarer_side) for c in t.cards)
        if declarer_side:
            total += sum(c.points for c in cards_of(self.skat))
        return total


def play_out(
    deal: Deal, declarer: Seat, contract: Contract, bid: int, rng: random.Random
) -> PlayedGame:
    """Pick up and discard (pickup games), then play ten tricks of random legal cards."""
    hands = {seat: deal.mask(seat) for seat in SEATS}
    skat = deal.skat
    if not contract.hand:
        twelve = list(cards_of(hands[declarer] | skat))
        discard = rng.sample(twelve, 2)
        skat = mask_of(discard)
        hands[declarer] = (hands[declarer] | deal.skat) & ~skat
    game = PlayedGame(deal, declarer, contract, bid, skat, deal.mask(declarer) | deal.skat)
    leader = Seat.FOREHAND
    for _ in range(10):
        seat, led, cards = leader, None, []
        for _ in range(3):
            legal = list(cards_of(legal_mask(hands[seat], led, contract.game)))
            card = rng.choice(legal)
            game.steps.append(Step(seat, hands[seat], led, card))
            hands[seat] &= ~card.bit
            cards.append(card)
            led = cards[0]
            seat = seat.next
        winner_seat = SEATS[(leader.index + trick_winner(cards, contract.game)) % 3]
        game.tricks.append(Trick(leader, cards, winner_seat))
        leader = winner_seat
    return game


@st.composite
def played_games(draw: st.DrawFn) -> PlayedGame:
    """A random deal, declarer, contract and bid, played out with random legal cards."""
    deal = draw(deals())
    declarer = draw(st.sampled_from(SEATS))
    contract = draw(st.sampled_from(CONTRACTS))
    bid = draw(bids(contract))
    seed = draw(st.integers(0, 2**32 - 1))  # the discard and every card played
    return play_out(deal, declarer, contract, bid, random.Random(seed))
