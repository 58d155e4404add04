"""One judge per infraction kind: what the ISkO makes of an irregularity the replayer noted.

Each judge takes a :class:`~referee.rulings.hearing.Hearing` and returns the
:class:`~referee.rulings.model.Infraction` with its status (``penalized``, ``void``,
``expired``) and the clauses it applied. Timing that is common to every kind (a demand to
play on, 4.1.6; no objection before the cards were gathered, 4.1.11) is handled by
:func:`referee.rulings.detect.detect` around the judge. Kinds that come from the way a game
was cut short (claims, concessions) are judged with their ending in
:mod:`referee.rulings.marker_endings`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType

from referee.core.kinds import Kind
from referee.core.ruleset import (
    DealerParty,
    DeclarerSkatInPlay,
    EarlyCard,
    HandLook,
    HandLookInBidding,
    NotLaidOut,
    ObjectionAtEnd,
    SingleCard,
    TricksGathered,
)
from referee.core.seats import SEAT_NAMES, SEATS
from referee.core.vocabulary import Phase, Status
from referee.record.event_model import EventType
from referee.record.event_types import Declare
from referee.record.event_types_table import Expose, LookIntoHand, ReviewTricks, TricksNotGathered
from referee.record.events import of_class
from referee.record.replay import GameState
from referee.rulings.choices import misdeal_choice
from referee.rulings.hearing import Hearing, trick_closed, trick_completion
from referee.rulings.model import Infraction, Message, Party

__all__ = ["JUDGES", "Judge"]

Judge = Callable[[Hearing], Infraction]

_PENALIZED, _VOID, _EXPIRED = Status.PENALIZED, Status.VOID, Status.EXPIRED


def trick_timed(h: Hearing) -> Infraction:
    """A false lead or a card played out of turn (4.1.3, 4.1.7, 4.1.10, 4.2.7): it counts
    only when objected to before its trick was complete, never in the last trick."""
    number, completed_at = trick_completion(h.state, h.event)
    if number == 10:
        return h.verdict(_VOID, "false_lead.last_trick", h.cites + ("ISkO 4.1.10",))
    if (
        h.kind is Kind.PLAY_BEFORE_TURN
        and h.rules.early_card is EarlyCard.FORCED_CARD_HARMLESS
        and _skipped_had_no_choice(h)
    ):
        # 4.2.7 forbids only an early card that may influence the trick
        # (docs/interpretations.md#isko-4.2.7-influence)
        return h.verdict(_VOID, "play_before_turn.harmless", h.cites, skipped=_skipped(h))
    if completed_at is not None and (h.objected_at is None or h.objected_at > completed_at):
        return h.verdict(
            _VOID,
            "false_lead.after_trick",
            h.cites + ("ISkO 4.1.7",),
            trick_completed=completed_at,
        )
    if h.objected_at is None and h.gathered is None:
        if h.rules.objection_at_end is ObjectionAtEnd.NONE:
            return h.verdict(_EXPIRED, "infraction.no_objection_recorded")
    if h.objected_at is None:
        return h.verdict(_EXPIRED, "infraction.no_objection")
    # 4.1.10 (the last trick) names no consequence here: it is cited where it applies
    base = ("ISkO 4.1.3", "ISkO 4.1.4") if h.kind is Kind.FALSE_LEAD else h.cites
    return h.verdict(_PENALIZED, f"{h.kind}.penalized", base, ends_at=h.event)


def _skipped(h: Hearing) -> str | None:
    """The seat whose turn a card played before its turn jumped (the one after the lead)."""
    pos = h.state.positions.get(h.event)
    if pos is None or len(pos.trick) != 1:
        return None
    return SEAT_NAMES[(pos.leader + 1) % 3]


def _skipped_had_no_choice(h: Hearing) -> bool:
    """Whether the player whose turn was jumped held exactly one card he could play: then
    the early card could not influence the trick (4.2.7)."""
    pos = h.state.positions.get(h.event)
    if pos is None or len(pos.trick) != 1:
        return False
    hand = pos.hands[(pos.leader + 1) % 3]
    legal = hand & h.state.followers[pos.trick[0][1]] or hand
    return legal.bit_count() == 1


def revoke(h: Hearing) -> Infraction:
    """Not following suit (4.2.3): it ends the game when objected to before the cards are
    gathered (4.2.5), also when found only in a later trick (4.2.4)."""
    gathered, objection = h.gathered, h.objection
    if gathered is not None and (objection is None or objection.event > gathered.event):
        return h.verdict(_EXPIRED, "revoke.expired", ("ISkO 4.2.5",), gathered=gathered.event)
    closed_at = trick_closed(h.state, h.event)
    later = closed_at is not None and h.objected_at is not None and h.objected_at > closed_at
    return h.verdict(
        _PENALIZED,
        "revoke.retroactive" if later else "revoke.penalized",
        ("ISkO 4.2.3", "ISkO 4.2.4") if later else ("ISkO 4.2.3",),
        ends_at=h.event,
        objected_at=h.objected_at,
    )


def skat_viewed(h: Hearing) -> Infraction:
    """Looking at the skat: the phase decides the clause (3.2.14/3.2.15 at the deal, 3.3.9
    in the bidding, 3.4.7/3.4.8 for the declarer after the announcement, 4.2.8 in play)."""
    phase = h.irr.phase
    if phase == "bidding" and not any(
        e.type in (EventType.BID, EventType.HOLD, EventType.PASS)
        for e in h.state.record.events[: h.event]
    ):
        phase = Phase.DEAL  # right after the deal, before any bid: 3.2.14, not 3.3.9
    if h.irr.subkind == "redrawn":  # taken into the hand, a new skat drawn (3.2.15)
        bound = ("ISkO 3.3.9",) if phase == "bidding" else ()
        return h.verdict(_PENALIZED, "skat_viewed.redrawn", ("ISkO 3.2.15", *bound))
    if phase in ("deal", "bidding"):
        return h.verdict(_PENALIZED, "skat_viewed.bidding", h.by_phase(phase))
    if phase == "declaring":
        if h.party is Party.DECLARER:
            return h.verdict(_VOID, "skat_viewed.declarer_own", ("ISkO 2.2.1", "ISkO 4.5.4"))
        return h.verdict(_PENALIZED, "skat_viewed.play", h.by_phase("declaring"), ends_at=h.event)
    if phase in ("finished", "passed_in"):
        return h.verdict(_VOID, "infraction.after_game", ("ISkO 4.2.8",))
    if h.party is Party.DECLARER and not _cards_played(h):
        return h.verdict(
            _PENALIZED,
            "skat_viewed.declarer",
            h.by_phase("declarer_after_declaration"),
            ends_at=h.event,
        )
    if h.party is Party.DECLARER and h.rules.declarer_skat_in_play is DeclarerSkatInPlay.ISKO_3_4_8:
        # 3.4.8 read for the whole game: lost at the simple level, even a game already won
        inf = h.verdict(
            _PENALIZED,
            "skat_viewed.declarer",
            h.by_phase("declarer_after_declaration"),
            ends_at=h.event,
            in_play=True,
        )
        return replace(inf, whatever_the_count=True)
    if h.party is Party.DECLARER:  # during play 4.2.8 governs (docs/interpretations.md)
        return h.verdict(
            _PENALIZED, "skat_viewed.declarer_play", h.by_phase("playing"), ends_at=h.event
        )
    return h.verdict(_PENALIZED, "skat_viewed.play", h.by_phase("playing"), ends_at=h.event)


def _cards_played(h: Hearing) -> bool:
    """Whether a card of the game had been played before the hearing's event."""
    pos = h.state.positions.get(h.event)
    return pos is not None and bool(pos.trick or pos.declarer_tricks + pos.defender_tricks)


def cards_exposed(h: Hearing) -> Infraction:
    """Cards shown (4.1.9): the declarer's are no fault (one he dropped by accident he
    may pick up); a defender's single card is not punished; two or more (or one put down
    with the card played) end the game."""
    if h.irr.phase == "deal":  # 3.2.8: dealt again, whoever's fault it was
        return h.verdict(_VOID, "cards_exposed.during_deal", ("ISkO 3.2.8",))
    how = h.irr.subkind
    second_card = how in ("second_card", "with_play")
    if h.party is Party.DECLARER and not second_card:
        if how == "dropped":
            return h.verdict(_VOID, "cards_exposed.dropped")
        return h.verdict(_VOID, "cards_exposed.declarer")
    event = h.state.record.events[h.irr.event] if h.irr.event is not None else None
    shown = len(event.cards) if isinstance(event, Expose) else 0
    single = not (second_card or shown >= 2)
    if single and h.rules.single_card is SingleCard.NOT_PUNISHED:
        return h.verdict(_VOID, "cards_exposed.single")
    if h.irr.phase != "playing":
        return h.verdict(
            _VOID,
            "infraction.after_game" if h.irr.phase == "finished" else "cards_exposed.before_play",
        )
    return h.verdict(
        _PENALIZED,
        "cards_exposed.single_penalized" if single else "cards_exposed.penalized",
        h.cites + ("ISkO 4.1.3",),
        ends_at=h.event,
    )


def during_play(h: Hearing) -> Infraction:
    """Looking at tricks (4.4.6) or an improper remark (4.2.9, 4.5.8): an offence only
    while the cards are being played. A trick the record says was looked at unasked, or
    shown on a request 4.4.3 does not allow (too late, or not the last trick), is 4.4.6."""
    if h.irr.phase != "playing":
        return h.verdict(
            _VOID,
            "infraction.after_game" if h.irr.phase == "finished" else f"{h.kind}.outside_play",
        )
    how = h.irr.subkind
    if h.kind is Kind.TRICKS_REVIEWED and how is not None:
        trick = of_class(h.state.record.events[h.event], ReviewTricks).trick
        clauses = ("ISkO 4.4.6", "ISkO 4.4.3")
        if how == "unasked":
            return h.verdict(
                _PENALIZED, "tricks_reviewed.unasked", clauses, ends_at=h.event, trick=trick
            )
        return h.verdict(
            _PENALIZED, "tricks_reviewed.late_request", clauses, ends_at=h.event, trick=trick
        )
    return h.verdict(_PENALIZED, f"{h.kind}.penalized", ends_at=h.event)


def dealer_infraction(h: Hearing) -> Infraction:
    """The dealer's infraction; one who sits out besides the dealer at a table of five or
    more is judged as the dealer (reading isko-3.2.7-sitting-out), the ruling naming him
    ``sitting_out``."""
    inf = _dealer_infraction(h)
    if h.event is not None and h.state.record.events[h.event].sitting_out:
        key, params = inf.explanation
        inf = replace(inf, explanation=Message(key, {**params, "sitting_out": "sitting_out"}))
    return inf


def _dealer_infraction(h: Hearing) -> Infraction:
    """The dealer at a table of four looked at the skat, remarked, or looked into a second
    hand (SkWO 8.5, ISkO 3.5.4). During the bidding his look releases the bidders (3.3.9).
    During play the rule set decides (docs/interpretations.md#isko-3.5.1-dealer-party): he
    is of the defenders' party (3.5.1, 3.5.2), so his remark or look at the skat ends the
    game against them (4.2.9, 4.2.8, then 4.1.3 to 4.1.5); or he belongs to neither party
    and no side loses the game for it. The SkWO sets no tournament points against him
    (5.1); only the tournament's own penalty rules could (6.2)."""
    how, tp = h.irr.subkind, ("SkWO 5.1", "SkWO 6.2")
    phase = h.irr.phase
    if how == "skat" and phase in ("deal", "bidding"):
        return h.verdict(_VOID, "dealer_infraction.skat_bidding", ("ISkO 3.3.9", "SkWO 8.5") + tp)
    if how in ("skat", "remark") and h.rules.dealer_party is DealerParty.DEFENDERS:
        if phase in ("finished", "passed_in"):
            return h.verdict(_VOID, "infraction.after_game", ("ISkO 4.2.8",))
        if how == "remark" and phase != "playing":
            return h.verdict(_VOID, "improper_remark.outside_play", ("ISkO 4.2.9",))
        if how == "skat":
            inf = h.verdict(
                _PENALIZED,
                "dealer_infraction.skat_defenders",
                ("ISkO 4.5.4", "ISkO 4.2.8", "ISkO 3.5.2", "SkWO 8.5"),
                ends_at=h.event,
            )
        else:
            inf = h.verdict(
                _PENALIZED,
                "dealer_infraction.remark_defenders",
                ("ISkO 4.2.9", "ISkO 4.1.4", "ISkO 3.5.2"),
                ends_at=h.event,
            )
        return replace(inf, party=Party.DEFENDERS)
    if how == "skat":
        clauses = ("ISkO 4.5.4", "ISkO 4.2.8", "SkWO 8.5") + tp
        return h.verdict(_VOID, "dealer_infraction.skat_play", clauses)
    if how == "remark":
        return h.verdict(_VOID, "dealer_infraction.remark", ("ISkO 4.2.9",) + tp)
    return h.verdict(_VOID, "dealer_infraction.hands", ("ISkO 3.5.4", "SkWO 8.5") + tp)


def misdeal_guilty(state: GameState) -> str | None:
    """The party a misdeal is held against once a game was played on it (4.2.6, 3.3.10):
    the side with a wrong number of cards; None when the cards are simply dealt again
    (3.2.9: nothing played on them yet, no game declared, or both sides wrong)."""
    played = bool(state.tricks) or (state.current is not None and bool(state.current.plays))
    if not played or state.contract is None or state.declarer is None:
        return None
    wrong_declarer = state.declarer_cards_at_declaration.bit_count() != 10
    deal = state.record.deal
    wrong_defender = any(deal.mask(s).bit_count() != 10 for s in SEATS if s is not state.declarer)
    if wrong_declarer and wrong_defender:
        return None
    return "declarer" if wrong_declarer else "defenders"


def wrong_card_count(h: Hearing) -> Infraction:
    """A wrong number of cards: at the deal (3.2.9: dealt again, nobody penalized, unless a
    game was played on it) or the declarer's after the skat (3.4.6)."""
    if h.irr.event is None:
        if misdeal_choice(h.state) is not None:  # 3.3.10: settled by the declarer's choice
            return h.verdict(_VOID, "wrong_card_count.declarers_choice", ("ISkO 3.3.10",))
        if misdeal_guilty(h.state) is None:
            return h.verdict(_VOID, "wrong_card_count.redeal", ("ISkO 3.2.9",))
        return h.verdict(_PENALIZED, "wrong_card_count.deal", ("ISkO 3.2.9", "ISkO 4.2.6"))
    if h.irr.subkind in ("two_cards", "no_card"):
        # 4.2.6: a card too many or too few after a correct deal, by playing two cards to
        # a trick or none: the other party wins; more only if proven in regular play
        if h.irr.subkind == "two_cards":
            return h.verdict(
                _PENALIZED, "wrong_card_count.two_cards", ("ISkO 4.2.6",), ends_at=h.event
            )
        return h.verdict(_PENALIZED, "wrong_card_count.no_card", ("ISkO 4.2.6",), ends_at=h.event)
    if not h.state.record.deal.is_regular and h.irr.event == h.state.declared_at:
        # the declarer holds a wrong number because the cards were dealt wrongly: one
        # fault, ruled once, as the misdeal (3.2.9, 4.2.6)
        return h.verdict(_VOID, "wrong_card_count.from_deal", ("ISkO 3.2.9",))
    earlier = next(
        (
            i
            for i in h.state.irregularities
            if i.kind == Kind.WRONG_CARD_COUNT
            and i.event is not None
            and i.event < h.event
            and i.seat is h.irr.seat
        ),
        None,
    )
    if earlier is not None:  # e.g. three cards discarded, then declared with nine: one fault
        return h.verdict(_VOID, "wrong_card_count.same_fault", ("ISkO 3.4.6",), first=earlier.event)
    return h.verdict(
        _PENALIZED, "wrong_card_count.declarer", ("ISkO 3.4.6", "ISkO 4.2.6"), ends_at=h.event
    )


def invalid_declaration(h: Hearing) -> Infraction:
    """A declaration that cannot stand: ignored when not the declarer's (3.4.1), otherwise
    corrected to the playable game of the same kind and not punished (3.4.4, 3.4.5)."""
    detail = h.irr.detail
    if h.irr.subkind == "correction_refused":
        return h.verdict(
            _VOID, "invalid_declaration.correction_refused", ("ISkO 3.4.5", "ISkO 3.4.1")
        )
    if "not the declarer" in detail or "already declared" in detail:
        return h.verdict(_VOID, "invalid_declaration.ignored", ("ISkO 3.4.1",))
    own = _own_correction(h)
    if own is not None:
        return h.verdict(
            _VOID,
            "invalid_declaration.corrected_by_declarer",
            ("ISkO 3.4.4", "ISkO 3.4.5"),
            correction=own,
        )
    return h.verdict(_VOID, "invalid_declaration.corrected", ("ISkO 3.4.4", "ISkO 3.4.5"))


def _own_correction(h: Hearing) -> int | None:
    """The event at which the declarer corrected this announcement himself (3.4.5): the
    next ``declare`` of his marked ``correction`` that the replayer did not refuse."""
    refused = {
        i.event
        for i in h.state.irregularities
        if i.kind == Kind.INVALID_DECLARATION and i.subkind == "correction_refused"
    }
    for e in h.state.record.events[h.event + 1 :]:
        if isinstance(e, Declare) and e.seat is h.irr.seat and e.correction:
            return None if e.index in refused else e.index
    return None


def lead_before_declaration(h: Hearing) -> Infraction:
    """A card led before the game was declared (4.1.1)."""
    if h.party is Party.DECLARER:
        return h.verdict(
            _PENALIZED, "lead_before_declaration.declarer", ("ISkO 4.1.1",), ends_at=h.event
        )
    # 4.1.1 names only the declarer; a defender's lead without right is a false lead that
    # ends the game against his side (4.1.3, 4.1.4), judged on the game then declared
    return h.verdict(
        _PENALIZED,
        "lead_before_declaration.defender",
        ("ISkO 4.1.1", "ISkO 4.1.3", "ISkO 4.1.4"),
        ends_at=h.event,
    )


#: the judge of every kind the replayer can note (kinds of origin ``irregularity``)
def card_taken_back(h: Hearing) -> Infraction:
    """A card taken back into the hand (4.1.2): once it lay on the table it was played and
    may not be taken back, an infraction judged by 4.1.3 to 4.1.6 from the position with
    the card still played; before that it was not played (the declarer may take back a
    card he drew or showed, 4.1.9), and a card shown is judged as shown."""
    if h.irr.subkind == "played":
        return h.verdict(
            _PENALIZED, "card_taken_back.penalized", ("ISkO 4.1.2", "ISkO 4.1.4"), ends_at=h.event
        )
    if h.party is Party.DECLARER:
        return h.verdict(_VOID, "card_taken_back.declarer_shown", ("ISkO 4.1.9", "ISkO 4.1.2"))
    return h.verdict(_VOID, "card_taken_back.not_played", ("ISkO 4.1.2", "ISkO 4.1.9"))


def hand_viewed(h: Hearing) -> Infraction:
    """A player looked into another player's cards (4.5.5). Before the end of the bidding
    the Spanish 3.3.9 takes him out of it and frees the others from their bids (the
    replayer has done so; :func:`~referee.rulings.before_play.released_bidding` says which
    bidding decided); read as the English 3.3.9, of the skat only, the bids stand and the
    look is only noted (docs/interpretations.md#isko-3.3.9-hand-look). After it the rule
    set decides (docs/interpretations.md#isko-4.5.5-hand-look): an infraction of his
    party judged by 4.1.3 to 4.1.6, or only noted."""
    phase = h.irr.phase
    seen = of_class(h.state.record.events[h.event], LookIntoHand).into.value
    if phase in ("deal", "bidding"):
        if h.rules.hand_look_in_bidding is HandLookInBidding.BIDDING_STANDS:
            clauses = ("ISkO 4.5.5", "ISkO 3.3.9")
            return h.verdict(_VOID, "hand_viewed.bidding_stands", clauses, into=seen)
        return h.verdict(_PENALIZED, "hand_viewed.bidding", h.by_phase(phase), into=seen)
    if phase in ("finished", "passed_in"):
        return h.verdict(_VOID, "infraction.after_game", ("ISkO 4.5.5",))
    if h.rules.hand_look is HandLook.NOT_PUNISHED:
        return h.verdict(_VOID, "hand_viewed.not_punished", ("ISkO 4.5.5",), into=seen)
    return h.verdict(_PENALIZED, "hand_viewed.play", h.by_phase(phase), ends_at=h.event, into=seen)


def partner_stopped(h: Hearing) -> Infraction:
    """A player stopped his partner from leading out of turn or another infraction (4.1.8).
    Only the defenders have a partner to stop: the declarer's warning is no infraction. A
    defender's ends the game against the defenders as 4.1.3 to 4.1.6 say, once the game is
    under way (the bidding over); before that there is no party to lose, after it no game."""
    phase = h.irr.phase
    if phase in ("finished", "passed_in"):
        return h.verdict(_VOID, "infraction.after_game", ("ISkO 4.1.8",))
    if phase in ("deal", "bidding"):
        return h.verdict(_VOID, "partner_stopped.outside_play", ("ISkO 4.1.8",))
    if h.party is Party.DECLARER:
        return h.verdict(_VOID, "partner_stopped.declarer", ("ISkO 4.1.8",))
    return h.verdict(_PENALIZED, "partner_stopped.penalized", h.cites, ends_at=h.event)


def ouvert_not_laid_out(h: Hearing) -> Infraction:
    """The declarer of an open game had not laid his cards out before the first card
    (2.2.5). The text names no penalty: the defenders must ask him to lay them out and the
    game goes on as announced. One who still does not when asked plays against the
    condition of his game, an infraction of his party (docs/interpretations.md#isko-2.2.5-
    not-laid-out, 4.1.4)."""
    if h.irr.subkind == "not_open":
        return h.verdict(_VOID, "ouvert_not_laid_out.not_open", ("ISkO 2.2.5",))
    if h.irr.phase in ("finished", "passed_in"):
        return h.verdict(_VOID, "infraction.after_game", ("ISkO 2.2.5",))
    if h.irr.subkind == "refused" and h.rules.not_laid_out is NotLaidOut.NOT_PUNISHED:
        return h.verdict(_VOID, "ouvert_not_laid_out.not_punished", ("ISkO 2.2.5",))
    if h.irr.subkind == "refused":
        return h.verdict(
            _PENALIZED, "ouvert_not_laid_out.refused", ("ISkO 2.2.5", "ISkO 4.1.4"), ends_at=h.event
        )
    return h.verdict(_VOID, "ouvert_not_laid_out.requested", ("ISkO 2.2.5",))


def tricks_not_gathered(h: Hearing) -> Infraction:
    """Tricks left lying or gathered mixed (4.4.4, SkWO 8.6). A declarer who leaves tricks
    lying says he takes all the rest (4.4.5): held when the record shows him doing so;
    otherwise the game ends against him where he last gathered correctly, judged by 4.1.3 to
    4.1.6. Mixing, and anything the defenders do, is judged by 4.4.4, which the Spanish text
    sends to 4.1.3 to 4.1.6 (docs/interpretations.md#isko-4.4.4-tricks-gathered)."""
    tricks = h.state.tricks
    done = [t for t in tricks if t.complete and t.last_event < h.event]
    asked = of_class(h.state.record.events[h.event], TricksNotGathered).trick
    first = asked if asked is not None else (done[-1].number if done else None)
    if first is None or first > len(done):
        return h.verdict(_VOID, "tricks_not_gathered.no_trick", ("ISkO 4.4.4",))
    if h.party is not Party.DECLARER or h.irr.subkind == "mixed":
        if h.irr.phase != "playing":
            return h.verdict(_VOID, "infraction.after_game", ("ISkO 4.4.4",))
        if h.rules.tricks_gathered is TricksGathered.NOT_PUNISHED:
            return h.verdict(_VOID, "tricks_not_gathered.not_punished", ("ISkO 4.4.4", "SkWO 8.6"))
        clauses = ("ISkO 4.4.4", "SkWO 8.6", "ISkO 4.1.4")
        return h.verdict(_PENALIZED, "tricks_not_gathered.penalized", clauses, ends_at=h.event)
    rest = tricks[first - 1 :]
    lost = next((t for t in rest if t.complete and t.winner is not h.state.declarer), None)
    if lost is not None:
        return h.verdict(
            _PENALIZED,
            "tricks_not_gathered.declarer",
            ("ISkO 4.4.5", "ISkO 4.1.4"),
            ends_at=rest[0].plays[0][2],
            first=first,
            lost=lost.number,
        )
    if len(tricks) == 10 and tricks[-1].complete:
        return h.verdict(_VOID, "tricks_not_gathered.claim_held", ("ISkO 4.4.5",), first=first)
    return h.verdict(_VOID, "tricks_not_gathered.not_disproved", ("ISkO 4.4.5",), first=first)


JUDGES: Mapping[Kind, Judge] = MappingProxyType(
    {
        Kind.FALSE_LEAD: trick_timed,
        Kind.PLAY_BEFORE_TURN: trick_timed,
        Kind.REVOKE: revoke,
        Kind.SKAT_VIEWED: skat_viewed,
        Kind.CARDS_EXPOSED: cards_exposed,
        Kind.TRICKS_REVIEWED: during_play,
        Kind.IMPROPER_REMARK: during_play,
        Kind.WRONG_CARD_COUNT: wrong_card_count,
        Kind.INVALID_DECLARATION: invalid_declaration,
        Kind.LEAD_BEFORE_DECLARATION: lead_before_declaration,
        Kind.DEALER_INFRACTION: dealer_infraction,
        Kind.CARD_TAKEN_BACK: card_taken_back,
        Kind.HAND_VIEWED: hand_viewed,
        Kind.PARTNER_STOPPED: partner_stopped,
        Kind.OUVERT_NOT_LAID_OUT: ouvert_not_laid_out,
        Kind.TRICKS_NOT_GATHERED: tricks_not_gathered,
    }
)
