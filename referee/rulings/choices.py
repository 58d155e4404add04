"""The declarer's choices the rules give him, as the record states them (``choice``).

- ISkO 3.3.11 (Spanish 3.3.10, last sentence): the skat was seen during the bidding and it
  comes to light only afterwards: before he takes up the skat the declarer decides to play
  (``play``) or to fold (``fold``: the game is passed in).
- ISkO 3.3.10 (English): only the defenders hold a wrong number of cards after the
  bidding: the declarer has a game won worth at least the bid with his matadors (``win``),
  or plays his game with the defenders' cards corrected (``play``, the ``cards`` moved
  ``to`` the defender who lacked them).

A choice the rules do not give him there is ignored, and the ruling says so. When the
record states no choice, the ruling is what it was before the record could say one
(docs/interpretations.md).
"""

from __future__ import annotations

from referee.core.contracts import Contract
from referee.core.ended import Ended, EndReason
from referee.core.seats import SEATS
from referee.core.valuation import SUIT_AND_GRAND, Valuation, count_matadors, value_game
from referee.record.event_model import EventType
from referee.record.event_types import Choice
from referee.record.events import of_class
from referee.record.state import GameState, Marker
from referee.rulings.model import NOTHING, Outcome, Part

__all__ = [
    "choice_of",
    "corrected_play",
    "defenders_misdealt",
    "misdeal_choice",
    "rule_choice",
    "skat_seen_in_bidding",
]


def choice_of(state: GameState) -> Marker | None:
    """The declarer's first recorded choice (a ``choice`` event by the declarer)."""
    if state.declarer is None:
        return None
    return next(
        (m for m in state.markers if m.type == EventType.CHOICE and m.seat is state.declarer), None
    )


def skat_seen_in_bidding(state: GameState) -> int | None:
    """The event at which someone other than the declarer (a player, or the dealer at a
    table of four) looked at the skat before the bidding was over (3.3.9, 3.3.11), or None."""
    return next(
        (
            i.event
            for i in state.irregularities
            if (i.kind == "skat_viewed" or i.kind == "dealer_infraction" and i.subkind == "skat")
            and i.phase in ("deal", "bidding")
            and i.event is not None
            and (i.seat is None or i.seat is not state.declarer)
        ),
        None,
    )


def defenders_misdealt(state: GameState) -> bool:
    """Whether the deal gave a wrong number of cards to the defenders only (3.3.10)."""
    deal, declarer = state.record.deal, state.declarer
    if declarer is None or deal.mask(declarer).bit_count() != 10:
        return False
    return any(deal.mask(s).bit_count() != 10 for s in SEATS if s is not declarer)


def _before(state: GameState, event_type: str, event: int) -> bool:
    """Whether the declarer's event of type ``event_type`` came before ``event``."""
    return any(
        e.type == event_type and e.seat is state.declarer for e in state.record.events[:event]
    )


def misdeal_choice(state: GameState) -> Marker | None:
    """The declarer's choice after a misdeal of the defenders (3.3.10: ``play`` or
    ``win``), when it counts: only the defenders misdealt, the bidding was over and no card
    had been played when he chose."""
    m = choice_of(state)
    if m is None or _event(state, m).choice not in ("play", "win"):
        return None
    if not defenders_misdealt(state) or m.phase not in ("declaring", "playing"):
        return None
    return None if _played_before(state, m) else m


def corrected_play(state: GameState) -> Marker | None:
    """The declarer's choice to play with the defenders' cards corrected (3.3.10)."""
    m = misdeal_choice(state)
    return m if m is not None and _event(state, m).choice == "play" else None


def _event(state: GameState, m: Marker) -> Choice:
    return of_class(state.record.events[m.event], Choice)


def _played_before(state: GameState, m: Marker) -> bool:
    return m.phase == "playing" and (m.trick or 1) > 1 or m.cards_in_trick > 0


def rule_choice(state: GameState) -> Part:
    """Rule what the declarer's recorded choice decides (``ends``: the game is decided
    here); a choice that decides nothing leaves a step saying why."""
    r = NOTHING
    m = choice_of(state)
    if m is None:
        return r
    choice = _event(state, m).choice
    look = skat_seen_in_bidding(state)
    if choice == "fold":
        in_time = m.phase == "declaring" and not _before(state, "pickup", m.event)
        if look is None or not in_time:
            r = r.step(("ISkO 3.3.11",), "choice.not_given", event=m.event)
            return r
        r = r._replace(outcome=Outcome.PASSED_IN)
        r = r._replace(ended=Ended(EndReason.FOLDED, m.event, None))
        r = r.step(("ISkO 3.3.11",), "choice.fold", look=look, event=m.event)
        r = r._replace(void_after=m.event, ends=True)
        return r
    if choice == "win":
        if misdeal_choice(state) is None:
            r = r.step(("ISkO 3.3.10",), "choice.not_given", event=m.event)
            return r
        v = won_at_the_bid(state)
        r = r.valued(v)
        r = r._replace(ended=Ended(EndReason.MISDEAL_WON, m.event, None))
        r = r.step(
            ("ISkO 3.3.10",), "choice.win", event=m.event, game=v.contract.game.value, value=v.value
        )
        # the value when no game is worth exactly the bid: the reading 3.4.4 applies too
        r = r.step(
            ("ISkO 3.3.10", "ISkO 3.4.4"), "reading.isko-3.4.4-cheapest-game", bid=state.bid or 18
        )
        r = r._replace(void_after=m.event, ends=True)
        return r
    # play
    if corrected_play(state) is not None:
        r = r.step(("ISkO 3.3.10",), "choice.play_corrected", event=m.event)
    elif look is not None and m.phase == "declaring" and not _before(state, "pickup", m.event):
        r = r.step(("ISkO 3.3.11",), "choice.play", look=look, event=m.event)
    else:
        r = r.step(("ISkO 3.3.11", "ISkO 3.3.10"), "choice.not_given", event=m.event)
    return r


def won_at_the_bid(state: GameState) -> Valuation:
    """3.3.10: a game won worth at least the bid with the declarer's matadors: the game he
    announced (or, before announcing, the cheapest suit game or grand) at the simple level,
    raised to the smallest multiple of its base value that reaches the bid."""
    bid = state.bid or 18
    cards = state.declarer_cards_with_skat()
    contract = state.contract
    games = (
        [contract]
        if contract is not None and not contract.is_null
        else [Contract(g) for g in SUIT_AND_GRAND]
    )
    best: Valuation | None = None
    for c in games:
        levels = ("game", "hand") if c.hand else ("game",)
        v = value_game(c, count_matadors(cards, c.game), 0, won=True, levels=levels)
        if v.value < bid:
            base = c.base_value
            v = v._replace(value=-(-bid // base) * base)
        if best is None or v.value < best.value:
            best = v
    assert best is not None
    return best
