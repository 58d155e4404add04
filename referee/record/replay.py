"""The replayer: folds the events of a record over the core and reconstructs the game.

It never changes the record and never stops at an irregularity: it notes each one (event
index, seat, what happened) and goes on, the way the cards physically went. It refuses
only what no real game can contain (a card its seat does not hold, a discard before the
pickup) with a :class:`RecordError` naming the event and field.

>>> from referee.record.log import parse_record, EXAMPLE_DEAL
>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "bid", "seat": "middlehand", "value": 18}, {"type": "pass", "seat": "forehand"},
...     {"type": "pass", "seat": "rearhand"},
...     {"type": "declare", "seat": "middlehand", "game": "hearts", "hand": True},
...     {"type": "play", "seat": "forehand", "card": "SA"},
...     {"type": "play", "seat": "middlehand", "card": "H8"}]})
>>> state = replay(rec)
>>> state.declarer.value, state.contract.describe(), state.phase
('middlehand', 'hearts hand', 'playing')
>>> [(i.kind, i.event) for i in state.irregularities]
[('revoke', 5)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import cast

from referee.core.errors import RecordError
from referee.core.kinds import Kind
from referee.core.ruleset import RuleSet
from referee.core.seats import FOREHAND
from referee.core.tricks import FOLLOWERS, trick_outcomes
from referee.core.vocabulary import Note, Phase
from referee.record import event_types as ev
from referee.record import event_types_end as end
from referee.record import event_types_table as tab
from referee.record.dispatch import handles, table
from referee.record.event_types import EventType
from referee.record.events import Event
from referee.record.log import GameRecord
from referee.record.replay_acts import announced_contract, correction_refused
from referee.record.replay_bidding import AFTER_BIDDING, Bidding, take_regular_bidding
from referee.record.state import (
    MARKERS,
    PLAY_IRREGULARITIES,
    SHORTENING,
    GameState,
    Irregularity,
    Marker,
    Trick,
    innocent,
)
from referee.record.trick_flow import (
    close_short_trick,
    close_trick,
    next_trick,
    take_regular_tricks,
)

__all__ = [
    "MARKERS",
    "PLAY_IRREGULARITIES",
    "SHORTENING",
    "GameState",
    "Irregularity",
    "Marker",
    "Replayer",
    "Trick",
    "innocent",
    "replay",
    "replay_steps",
]


#: the rule set of a replay that names none
_DEFAULT_RULES = RuleSet()


class Replayer(Bidding):
    """Applies events one by one to a :class:`GameState` (python-chess's visitor, for Skat),
    under ``rules``: the readings the replayer applies itself (how a look into a hand in
    the bidding and words added to the announcement count) are read from it."""

    def __init__(self, record: GameRecord, rules: RuleSet = _DEFAULT_RULES) -> None:
        self.state = GameState(record)
        self.rules = rules
        deal = record.deal
        if not deal.is_regular:
            sizes = [m.bit_count() for m in (deal.forehand, deal.middlehand, deal.rearhand)]
            self._note(
                None,
                Kind.WRONG_CARD_COUNT,
                None,
                f"hands of {sizes[0]}, {sizes[1]}, {sizes[2]} cards and "
                f"a skat of {deal.skat.bit_count()}",
            )

    def apply(self, event: Event) -> None:
        kind = event.type
        if self.state.auction_kept is not None and kind in AFTER_BIDDING:
            self._settle_bidding()
        if self.state.held_over is not None and kind in AFTER_BIDDING:
            self._settle_held_over()
        if kind in ("play", "no_card"):
            self._after_gathered(event)
        _HANDLERS[type(event)](self, event)
        if kind in MARKERS:
            self._mark(event)
        self.state.last_event = event.index

    @handles
    def _kept(self, event: end.Objection | end.Consent | end.Refuse | end.CardsGathered) -> None:
        """A type the replayer only keeps as a marker (:data:`MARKERS`): nothing to apply."""

    def _mark(self, event: Event) -> None:
        s = self.state
        n_hand = s.hands[event.seat.index].bit_count() if event.seat else None
        in_trick = len(s.current.plays) if s.current else 0
        fields = (event.index, event.type, event.seat, s.phase, s.trick_number, in_trick, n_hand)
        s.markers.append(_new(Marker, fields))

    # -- the deal -----------------------------------------------------------------------------
    @handles
    def _on_dealt(self, event: tab.Dealt) -> None:
        """The dealer has finished: the bidding begins (a repeated mark changes nothing). A
        mark that says the cards were dealt out of turn is noted for the ruling (3.2.11)."""
        if event.out_of_turn or event.dealt_again or event.shuffle_fault:
            self._note(event, Note.DEALT_OUT_OF_TURN, None, "the cards were dealt out of turn")
        if self.state.phase == Phase.DEAL:
            self.state.phase = Phase.BIDDING

    # -- skat and declaration ----------------------------------------------------------------
    @handles
    def _on_pickup(self, event: ev.Pickup) -> None:
        s = self.state
        seat = event.seat
        if s.phase == Phase.DECLARING and seat is s.declarer and not s.skat_taken:
            s.hands[seat.index] |= s.skat
            s.skat, s.skat_taken = 0, True
            return
        self._skat_viewed(event, "took up the skat")

    @handles
    def _on_discard(self, event: ev.Discard) -> None:
        s = self.state
        seat = event.seat
        if len(event.cards) != 2 or s.contract is not None:  # noted below, after the exchange
            s.keep_position(event.index)
        if not (s.skat_taken and seat is s.declarer):
            # in the bidding a seat has still to speak (the record may have started it over
            # after a look the rule set does not let release the bidding)
            bidding = s.phase == Phase.BIDDING
            why = (
                "while the bidding has not ended" if bidding else "without having taken up the skat"
            )
            raise RecordError(
                f"{seat} discards {why}",
                code="replay.discard_before_pickup",
                where={"event": event.index, "field": "cards"},
                params={"seat": str(seat), **({"variant": "bidding"} if bidding else {})},
            )
        for i, card in enumerate(event.cards):
            if not (s.hands[seat.index] >> card) & 1:
                raise RecordError(
                    f"{seat} discards {card}, which that seat does not hold",
                    code="replay.card_not_held",
                    where={"event": event.index, "field": f"cards[{i}]"},
                    params={"variant": "discard", "seat": str(seat), "card": card.name},
                )
            s.hands[seat.index] &= ~(1 << card)
            s.skat |= 1 << card
        s.discarded += event.cards
        if len(event.cards) != 2 or s.skat.bit_count() != 2:
            self._note(
                event,
                Kind.WRONG_CARD_COUNT,
                seat,
                f"{len(event.cards)} cards put in the skat instead of 2",
            )
        if s.contract is not None:
            self._note(
                event, Kind.SKAT_VIEWED, seat, "the skat was exchanged after the declaration"
            )

    @handles
    def _on_declare(self, event: ev.Declare) -> None:
        s = self.state
        seat = event.seat
        game = event.game
        assert game is not None
        name = game.value
        flags = {
            "game": name,
            "hand": event.hand,
            "schneider": event.schneider,
            "schwarz": event.schwarz,
            "ouvert": event.ouvert,
        }
        correcting = False
        if event.correction and s.contract is not None and seat is s.declarer:
            refused = correction_refused(s, game)
            if refused is not None:
                self._note(
                    event, Kind.INVALID_DECLARATION, seat, refused, subkind="correction_refused"
                )
                return
            # 3.4.5: the declarer corrects his invalid announcement before play: it is
            # replaced (the first one stays in the record and in the irregularities)
            s.contract, s.phase, s.current, s.to_play = None, Phase.DECLARING, None, None
            correcting = True
        if s.phase != Phase.DECLARING or seat is not s.declarer or s.contract is not None:
            why = (
                "a game was already declared"
                if s.contract is not None
                else f"{seat} is not the declarer"
                if s.declarer and seat is not s.declarer
                else f"declared during {s.phase}"
            )
            self._note(event, Kind.INVALID_DECLARATION, seat, why)
            if s.contract is not None or s.declarer is not None and seat is not s.declarer:
                return
            if s.declarer is None:
                return
        # an announcement the rules do not allow is corrected to the playable game of the
        # same kind (ISkO 3.4.5); the declared flags stay in ``declared`` as evidence
        contract, problems = announced_contract(s, flags)
        for problem in problems:
            self._note(event, Kind.INVALID_DECLARATION, seat, problem)
        n = s.hands[seat.index].bit_count()
        if n != 10 and not correcting:  # a correction holds the cards already counted
            self._note(
                event,
                Kind.WRONG_CARD_COUNT,
                seat,
                f"the declarer declared holding {n} cards instead of 10",
            )
        s.contract, s.declared, s.declared_at = contract, flags, event.index
        g = contract.game
        s.followers, s.outcomes = FOLLOWERS[g], trick_outcomes(g)
        s.declarer_cards_at_declaration = s.hands[seat.index]
        s.phase = Phase.PLAYING
        next_trick(s, 1, FOREHAND)
        h = s.hands
        s.opening = (h[0], h[1], h[2], s.skat)  # the start position, built when asked for

    @handles
    def _cut_short(
        self, event: end.Concede | end.LayDown | end.ThrowIn | ev.Timeout | ev.Left
    ) -> None:
        """A game cut short (:data:`SHORTENING`): keep the position the ruling values."""
        self.state.keep_position(event.index)

    # -- play -------------------------------------------------------------------------------
    @handles
    def _on_play(self, event: ev.Play) -> None:
        s = self.state
        seat, card = event.seat, event.card
        hands = s.hands
        idx = seat.index
        if event.extra:  # noted after the cards moved: keep the position before them
            s.keep_position(event.index)
        if not (hands[idx] >> card) & 1:
            raise RecordError(
                f"{seat} plays {card}, which that seat does not hold",
                code="replay.card_not_held",
                where={"event": event.index, "field": "card"},
                params={"seat": str(seat), "card": card.name},
            )
        phase = s.phase
        if phase in (Phase.BIDDING, Phase.DECLARING):
            self._note(
                event,
                Kind.LEAD_BEFORE_DECLARATION,
                seat,
                f"{seat} played {card} before the game was declared",
                card,
            )
            return  # the card still counts as a hand card (ISkO 3.4.6)
        trick = s.current
        if phase != Phase.PLAYING or trick is None or s.contract is None:
            self._note(
                event, Note.PLAY_AFTER_END, seat, f"{seat} played {card} during {s.phase}", card
            )
            return
        plays = trick.plays
        if plays and (plays[0][0] is seat or (len(plays) == 2 and plays[1][0] is seat)):
            self._note(
                event,
                Kind.CARDS_EXPOSED,
                seat,
                f"{seat} put down {card} as a second card to trick {trick.number}",
                card,
                subkind="second_card",
            )
            return
        if not plays:
            if seat is not trick.leader:
                self._note(
                    event,
                    Kind.FALSE_LEAD,
                    seat,
                    f"{seat} led {card} to trick {trick.number}; {trick.leader} was to lead",
                    card,
                )
        else:
            if seat is not s.to_play:
                self._note(
                    event,
                    Kind.PLAY_BEFORE_TURN,
                    seat,
                    f"{seat} played {card} before {s.to_play}",
                    card,
                )
            led = plays[0][1]
            follow = s.followers[led]
            if hands[idx] & follow and not (follow >> card) & 1:
                self._note(
                    event,
                    Kind.REVOKE,
                    seat,
                    f"{seat} played {card} to {led} although able to follow",
                    card,
                    True,
                )
        hands[idx] &= ~(1 << card)
        plays.append((seat, card, event.index))
        s.to_play = seat.next
        if event.extra:
            self._extra_cards(event, trick)
        if len(plays) == 3:
            close_trick(s, trick, plays[0][1], plays[1][1], card)
        elif trick.missing and len(plays) + len(trick.missing) == 3:
            close_short_trick(s, trick)

    def _extra_cards(self, event: ev.Play, trick: Trick) -> None:
        """Cards that went into the trick beside the one played and were gathered with it:
        the seat holds too few cards from now on (ISkO 4.2.6)."""
        s, seat = self.state, event.seat
        assert event.extra is not None
        for i, card in enumerate(event.extra):
            if not (s.hands[seat.index] >> card) & 1:
                raise RecordError(
                    f"{seat} plays {card}, which that seat does not hold",
                    code="replay.card_not_held",
                    where={"event": event.index, "field": f"extra[{i}]"},
                    params={"seat": str(seat), "card": card.name},
                )
            s.hands[seat.index] &= ~(1 << card)
            trick.extra += ((seat, card, event.index),)
        names = ", ".join(c.name for c in event.extra)
        self._note(
            event,
            Kind.WRONG_CARD_COUNT,
            seat,
            f"{seat} put {names} into trick {trick.number} together with {event.card}",
            event.card,
            subkind="two_cards",
        )

    @handles
    def _on_no_card(self, event: ev.NoCard) -> None:
        """The seat put no card to the trick in play, which was taken without it: he holds
        a card too many from now on (ISkO 4.2.6)."""
        s, seat = self.state, event.seat
        trick = s.current
        if s.phase != Phase.PLAYING or trick is None or not trick.plays:
            raise RecordError(
                "no_card needs a trick in play with a card on the table",
                code="replay.no_card",
                where={"event": event.index, "field": "type"},
                params={"variant": "no_trick"},
            )
        if any(p[0] is seat for p in trick.plays) or seat in trick.missing:
            raise RecordError(
                f"{seat} has already played to trick {trick.number}",
                code="replay.no_card",
                where={"event": event.index, "field": "seat"},
                params={"seat": str(seat), "trick": trick.number},
            )
        self._note(
            event,
            Kind.WRONG_CARD_COUNT,
            seat,
            f"{seat} put no card to trick {trick.number}, which was taken without it",
            subkind="no_card",
        )
        trick.missing += (seat,)
        s.to_play = seat.next
        if len(trick.plays) + len(trick.missing) == 3:
            close_short_trick(s, trick)

    @handles
    def _on_continue(self, event: end.Continue) -> None:
        """4.1.6: play goes on; the offending card goes back to its owner (4.1.2, 4.2.3), a
        played card taken back goes back on the table (4.1.2). The trick that holds the card
        may have just been completed by it (a revoke as the third card): as long as nobody
        has played to the next trick, it is reopened."""
        if self._restore_taken_back(event):
            return
        s = self.state
        trick = s.current
        if (trick is None or not trick.plays) and s.tricks:
            trick = s.tricks[-1]  # reopened below only if it holds the offending card
        if trick is None or not trick.plays:
            return
        for irr in reversed(s.irregularities):
            if irr.kind not in PLAY_IRREGULARITIES or irr.event is None:
                continue
            if not innocent(s, event.seat, irr.seat):
                return  # only the other party may demand that play goes on (4.1.6)
            pos = next((i for i, p in enumerate(trick.plays) if p[2] == irr.event), None)
            if pos is None:
                return
            self._reopen(trick)  # a completed trick goes back on the table
            for seat, card, _ in trick.plays[pos:]:
                s.hands[seat.index] |= 1 << card
            del trick.plays[pos:]
            if not trick.plays:
                s.to_play = trick.leader
            else:
                s.to_play = trick.plays[-1][0].next
                if irr.kind == Kind.REVOKE:
                    s.to_play = irr.seat
            return


_new = tuple.__new__  # a named tuple's own constructor, without its Python wrapper

_Handler = Callable[[Replayer, Event], None]

#: event class -> its handler (here, in replay_acts or replay_bidding), one for every
#: declared type (record/event_types.py): the methods marked with :func:`handles`; the
#: types the replayer only keeps as markers (objections, consent, refusals, cards gathered)
#: have :meth:`Replayer._kept`
_HANDLERS: dict[type[Event], _Handler] = cast(dict[type[Event], _Handler], table())


def replay(
    record: GameRecord, upto: int | None = None, *, rules: RuleSet = _DEFAULT_RULES
) -> GameState:
    """Replay ``record`` under ``rules``; with ``upto``, stop after the event of that index.
    The caller chooses the rule set (a ruling, the one it is made under): a record's own
    ``rules`` is not read here.

    This loop is the hot path of every ruling. Regular tricks are taken whole by
    :func:`~referee.record.trick_flow.take_regular_tricks` and a plain bidding by
    :func:`~referee.record.replay_bidding.take_regular_bidding`, with exactly the effect
    of applying their events one by one; every other event goes through
    :meth:`Replayer.apply`.
    """
    replayer = Replayer(record, rules)
    apply = replayer.apply
    s = replayer.state
    events = record.events if upto is None else record.events[: max(upto + 1, 0)]
    n = len(events)
    i = 0
    gathered = False  # after cards_gathered every play goes through apply (it is flagged)
    while i < n:
        if s.to_play is not None and not gathered:
            done = take_regular_tricks(s, events, i)
            if done:
                i += done
                s.last_event = i - 1
                continue
        elif s.phase == Phase.BIDDING:
            done = take_regular_bidding(replayer, events, i)
            if done:
                i += done
                continue
        apply(events[i])
        gathered = gathered or events[i].type == EventType.CARDS_GATHERED
        i += 1
    return s


def replay_steps(
    record: GameRecord, *, rules: RuleSet = _DEFAULT_RULES
) -> Iterator[tuple[Event, GameState]]:
    """Yield (event, state after it) for every event under ``rules``; the state object is
    shared."""
    replayer = Replayer(record, rules)
    for event in record.events:
        replayer.apply(event)
        yield event, replayer.state
