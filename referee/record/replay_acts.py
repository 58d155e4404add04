"""The replayer's notes and the acts outside the play of the cards: a look at the skat or
into a hand, cards shown, turned tricks looked at, remarks, the dealer's faults at a table
of four, the declarer's choices and corrections (ISkO 3.3.10, 3.3.11, 3.4.5, 3.5.4,
4.1.9, 4.4.3, 4.4.6, SkWO 8.5). Each is noted as an irregularity and the replay goes on;
:class:`~referee.record.replay.Replayer` inherits these handlers.
"""

from __future__ import annotations

from typing import Any

from referee.core.cards import Card
from referee.core.contracts import Contract, Game
from referee.core.errors import ContractError, RecordError
from referee.core.kinds import Kind
from referee.core.ruleset import AddedWords, HandLookInBidding, RuleSet
from referee.core.seats import Seat
from referee.core.vocabulary import Note, Phase
from referee.record import event_types as ev
from referee.record import event_types_table as tab
from referee.record.dispatch import handles
from referee.record.events import Event, EventType
from referee.record.state import GameState, Irregularity, Trick, innocent, position_before_trick
from referee.record.trick_flow import close_trick

__all__ = ["ActsOutsidePlay", "announced_contract", "correction_refused"]


def _sitter(event: Event) -> str:
    """Who of those sitting out acted: the dealer, or another at a table of five or more."""
    return "the player sitting out besides the dealer" if event.sitting_out else "the dealer"


class ActsOutsidePlay:
    """Notes irregularities on ``self.state``; handles the events that are not plays."""

    state: GameState
    #: the rule set of the replay (its readings of 3.3.9 and 3.4.1 decide here)
    rules: RuleSet

    def _after_gathered(self, event: Event) -> None:
        """ev.Play recorded after the cards were gathered: the record says the game was over,
        yet it goes on. Flagged once, at the first such play; the play is replayed as
        recorded (the replayer never repairs a record), the ruling says what it means."""
        s = self.state
        if s.phase != Phase.PLAYING:
            return  # before play or after the last trick other notes say what it is
        gathered = next((m.event for m in s.markers if m.type == EventType.CARDS_GATHERED), None)
        if gathered is None or any(i.kind == Note.PLAY_AFTER_GATHERED for i in s.irregularities):
            return
        self._note(
            event,
            Note.PLAY_AFTER_GATHERED,
            event.seat,
            f"play recorded after the cards were gathered at event {gathered}",
            event.card if isinstance(event, ev.Play) else None,
        )

    def _note(
        self,
        event: Event | None,
        kind: Kind | Note,
        seat: Seat | None,
        detail: str,
        card: Card | None = None,
        could_follow: bool | None = None,
        subkind: str | None = None,
    ) -> None:
        s = self.state
        if event is not None:
            s.keep_position(event.index)
        s.irregularities.append(
            Irregularity(
                event.index if event else None,
                kind,
                seat,
                Phase.DEAL if event is None else s.phase,
                s.trick_number,
                detail,
                card,
                could_follow,
                subkind,
            )
        )

    def release_bidders(self, event: Event) -> None:  # pragma: no cover - the Replayer's
        raise NotImplementedError

    def follow_held_over(self, event: Event) -> None:  # pragma: no cover - the Replayer's
        raise NotImplementedError

    @handles
    def _on_look_at_skat(self, event: tab.LookAtSkat) -> None:
        if event.by_dealer:
            phase = self.state.phase
            self._dealer(event, "skat", f"the dealer looked at the skat during {phase}")
            self.release_bidders(event)
            return
        self._skat_viewed(event, "looked at the skat")

    @handles
    def _on_skat_redrawn(self, event: tab.SkatRedrawn) -> None:
        """The skat taken into a hand (ISkO 3.2.15): before the end of the bidding the seat
        is out of it as after a look (3.3.9 frees the others once bids were made); later it
        is a look at the skat of its phase. Either way the cards go as the table moved them:
        the dealer draws the new skat from the seat's twelve, the seat keeps the other ten."""
        s = self.state
        seat = event.seat
        twelve = s.hands[seat.index] | s.skat
        for i, card in enumerate(event.cards):
            if not (twelve >> card) & 1 or len(event.cards) != 2:
                raise RecordError(
                    f"the new skat must be two of the {seat}'s cards and the skat, not "
                    + ", ".join(c.name for c in event.cards),
                    code="replay.card_not_held",
                    where={"event": event.index, "field": f"cards[{i}]"},
                    params={"variant": "redrawn", "seat": str(seat), "card": card.name},
                )
        if s.phase in (Phase.DEAL, Phase.BIDDING):
            what = f"{seat} took the skat into his hand during {s.phase}"
            self._note(event, Kind.SKAT_VIEWED, seat, what, subkind="redrawn")
            self.release_bidders(event)
        else:
            self._skat_viewed(event, "took the skat into his hand")
        new = 0
        for card in event.cards:
            new |= 1 << card
        s.hands[seat.index], s.skat = twelve & ~new, new

    # -- the dealer at a table of four (ISkO 3.5.4, SkWO 8.5) ----------------------------------
    def _dealer(self, event: Event, what: str, detail: str) -> None:
        if event.sitting_out:  # one who sits out besides the dealer (ISkO 3.2.7)
            detail = detail.replace("the dealer", _sitter(event), 1)
        self._note(event, Kind.DEALER_INFRACTION, None, detail, subkind=what)

    @handles
    def _on_look_into_hand(self, event: tab.LookIntoHand) -> None:
        """A player looking into another's cards (4.5.5; before the end of the bidding the
        Spanish 3.3.9 takes him out of it and frees the others from their bids, unless the
        rule set reads 3.3.9 as the English, of the skat only: then the bids stand). The
        dealer at a table of four may look into one player's cards (3.5.4); into a second
        is a fault."""
        into = event.into
        if not event.by_dealer:
            s = self.state
            self._note(
                event,
                Kind.HAND_VIEWED,
                event.seat,
                f"{event.seat} looked into {into.value}'s cards during {s.phase}",
            )
            if self.rules.hand_look_in_bidding is HandLookInBidding.RELEASES_BIDDING:
                self.release_bidders(event)
            else:
                self.follow_held_over(event)
            return
        first = next(
            (
                e.into
                for e in self.state.record.events[: event.index]
                if isinstance(e, tab.LookIntoHand)
                and e.by_dealer
                and e.sitting_out == event.sitting_out  # the same one who sits out
                and e.into is not into
            ),
            None,
        )
        if first is not None:
            self._dealer(
                event,
                "hands",
                f"{_sitter(event)} looked into {into.value}'s cards after {first.value}'s",
            )

    @handles
    def _on_not_laid_out(self, event: tab.NotLaidOut) -> None:
        """The declarer of an open game had not laid his cards out before the first card
        (2.2.5). Noted as recorded; a record that says it of a game not open, or of another
        seat than the declarer, is noted as such (the judge says it is no fault)."""
        s = self.state
        open_game = s.contract is not None and s.contract.ouvert and event.seat is s.declarer
        subkind = "not_open" if not open_game else "refused" if event.refused else None
        what = "still did not lay them out when asked" if event.refused else "had not laid them out"
        self._note(
            event,
            Kind.OUVERT_NOT_LAID_OUT,
            event.seat,
            f"{event.seat} {what} (open game) during {s.phase}",
            subkind=subkind,
        )

    @handles
    def _on_tricks_not_gathered(self, event: tab.TricksNotGathered) -> None:
        """Tricks of the seat's party left lying, or gathered mixed (4.4.4, 4.4.5, SkWO
        8.6): noted where the table noticed it; the judge reads the tricks played after."""
        s = self.state
        what = "mixed or did not pile in order" if event.mixed else "left lying"
        done = [t for t in s.tricks if t.complete]
        first = event.trick if event.trick is not None else (done[-1].number if done else 0)
        if 1 <= first <= len(done):  # the game may be judged from before that trick (4.4.5)
            lead = done[first - 1].plays[0][2]
            if lead not in s.positions:
                s.positions[lead] = position_before_trick(s, first)
        self._note(
            event,
            Kind.TRICKS_NOT_GATHERED,
            event.seat,
            f"{event.seat}'s party {what} its tricks during {s.phase}",
            subkind="mixed" if event.mixed else "left",
        )

    def _skat_viewed(self, event: Event, what: str) -> None:
        s = self.state
        if s.phase == Phase.DECLARING and event.seat is s.declarer and not s.skat_taken:
            # the declarer looking at the skat before declaring is a pickup in all but name
            self._note(
                event, Kind.SKAT_VIEWED, event.seat, f"the declarer {what} without taking it up"
            )
            return
        self._note(event, Kind.SKAT_VIEWED, event.seat, f"{event.seat} {what} during {s.phase}")
        self.release_bidders(event)

    @handles
    def _on_expose(self, event: tab.Expose) -> None:
        s = self.state
        cards = event.cards
        held = [c for c in cards if (s.hands[event.seat.index] >> c) & 1]
        names = ", ".join(c.name for c in cards)
        # a card shown together with the card the same seat has just played: two cards
        # dropped or played at once (ISkO 4.1.9)
        # a record that says how (``how``) is taken at its word; otherwise a card shown
        # right after the same seat's card in this trick counts as put down with it
        how = event.how
        if how is None:
            prev = s.record.events[s.last_event] if s.last_event >= 0 else None
            if (
                prev is not None
                and prev.type == EventType.PLAY
                and prev.seat is event.seat
                and s.current is not None
                and any(e == prev.index for _, _, e in s.current.plays)
            ):
                how = "with_play"
        what = {"dropped": "dropped", "shown": "showed"}.get(how or "", "exposed")
        self._note(
            event,
            Kind.CARDS_EXPOSED,
            event.seat,
            f"{event.seat} {what} {names}"
            + (" together with the card just played" if how == "with_play" else "")
            + ("" if len(held) == len(cards) else " (not all of them in that hand)"),
            cards[0] if cards else None,
            subkind=how,
        )

    @handles
    def _on_review_tricks(self, event: tab.ReviewTricks) -> None:
        """A look at a turned trick. The record may say whether it was shown on request
        (``on_request: true``, ISkO 4.4.3) or looked at unasked (``false``, 4.4.6); without
        it, a look at the last trick in time is taken as a request (4.4.3)."""
        s = self.state
        n = event.trick or 0
        if n > len(s.tricks):
            self._note(
                event,
                Kind.TRICKS_REVIEWED,
                event.seat,
                f"{event.seat} looked at trick {n}, which has not been played",
            )
            return
        if event.on_request is False:
            self._note(
                event,
                Kind.TRICKS_REVIEWED,
                event.seat,
                f"{event.seat} looked at turned trick {n} without asking for it",
                subkind="unasked",
            )
            return
        last = len(s.tricks)
        seat_played_next = bool(s.current and any(p[0] is event.seat for p in s.current.plays))
        if n == last and not seat_played_next and s.phase == Phase.PLAYING:
            return  # the last trick may be shown on request (ISkO 4.4.3)
        self._note(
            event,
            Kind.TRICKS_REVIEWED,
            event.seat,
            (
                f"{event.seat} asked to see turned trick {n}"
                + (
                    " after playing to the next trick"
                    if n == last and seat_played_next
                    else " (only the last trick may be shown)"
                    if n != last
                    else ""
                )
                if event.on_request
                else f"{event.seat} looked at or counted turned trick {n}"
            ),
            subkind="late_request" if event.on_request else None,
        )

    @handles
    def _on_remark(self, event: tab.Remark) -> None:
        if event.by_dealer:
            self._dealer(event, "remark", f"the dealer remarked: {event.text!r}")
            return
        self._note(
            event, Kind.IMPROPER_REMARK, event.seat, f"{event.seat} remarked: {event.text!r}"
        )

    @handles
    def _on_stop_partner(self, event: tab.StopPartner) -> None:
        """A player stopped his partner before an infraction was made (4.1.8): noted for
        the seat; whether it is a defender's and in the game the ruling judges."""
        held = f" from playing {event.card}" if event.card is not None else ""
        detail = f"{event.seat} stopped his partner{held}"
        self._note(event, Kind.PARTNER_STOPPED, event.seat, detail, card=event.card)

    @handles
    def _on_announce(self, event: ev.Announce) -> None:
        """Words the declarer adds to his announcement (3.4.1). Before the first card is
        led they complete it: the contract is made again from all the words said (and
        judged as a declaration would be); once a card is on the table they come too late
        and are noted only. Under the rule set's reading ``when_made`` (the announcement is
        what was said when declaring) they never count and are noted only. Words from
        anyone but the declarer of a declared game are an announcement that is not his
        (ignored, 3.4.1)."""
        s, seat = self.state, event.seat
        said = [w for w in ("hand", "schneider", "schwarz", "ouvert") if getattr(event, w)]
        words = ", ".join(said) or "nothing new"
        if s.contract is None or s.declared is None or seat is not s.declarer:
            why = f"{seat} is not the declarer of a declared game: words added ({words})"
            self._note(event, Kind.INVALID_DECLARATION, seat, why)
            return
        if (
            s.tricks
            or (s.current is not None and s.current.plays)
            or self.rules.added_words is AddedWords.WHEN_MADE
        ):
            self._note(event, Note.LATE_ANNOUNCEMENT, seat, words, subkind=",".join(said))
            return
        flags = {**s.declared, **{w: True for w in said}}
        contract, problems = announced_contract(s, flags)
        for problem in problems:
            self._note(event, Kind.INVALID_DECLARATION, seat, problem)
        self._note(event, Note.ANNOUNCEMENT_COMPLETED, seat, words, subkind=",".join(said))
        s.contract, s.declared = contract, flags

    # -- a card taken back into the hand (ISkO 4.1.2, 4.1.9) -------------------------------
    @handles
    def _on_take_back(self, event: tab.TakeBack) -> None:
        """A card taken back into the hand. A card that lay on the table as the seat's last
        play is a played card, which 4.1.2 says may not be taken back: noted (with the
        position before it, the card still on the table) and replayed as recorded (the
        card is in the hand again and the seat is to play). A card the seat still holds was
        never played (drawn or shown only: 4.1.2, 4.1.9) and is noted as such. Anything
        else cannot have happened at a table and is refused."""
        s = self.state
        seat, card = event.seat, event.card
        trick = self._trick_holding_last(seat, card)
        if trick is None:
            if not (s.hands[seat.index] >> card) & 1:
                raise RecordError(
                    f"{seat} takes back {card}, which is neither that seat's last card on "
                    "the table nor in its hand",
                    code="replay.take_back",
                    where={"event": event.index, "field": "card"},
                    params={"seat": str(seat), "card": card.name},
                )
            self._note(
                event,
                Kind.CARD_TAKEN_BACK,
                seat,
                f"{seat} took {card} back into the hand before it was played",
                card,
                subkind="not_played",
            )
            return
        s.keep_position(event.index)  # the card still played (its trick may be complete)
        self._reopen(trick)
        self._note(
            event,
            Kind.CARD_TAKEN_BACK,
            seat,
            f"{seat} took {card} back into the hand after playing it to trick {trick.number}",
            card,
            subkind="played",
        )
        trick.plays.pop()
        s.hands[seat.index] |= 1 << card
        s.to_play = seat

    def _trick_holding_last(self, seat: Seat, card: Card) -> Trick | None:
        """The trick whose last card is ``seat``'s ``card`` and may still be taken from the
        table: the trick in play, or the one just completed while no card of the next one
        has been played."""
        s = self.state
        trick = s.current
        if (trick is None or not trick.plays) and s.tricks:
            trick = s.tricks[-1]
        if trick is None or not trick.plays:
            return None
        last_seat, last_card, _ = trick.plays[-1]
        return trick if last_seat is seat and last_card == card else None

    def _reopen(self, trick: Trick) -> None:
        """Put a completed trick back on the table (its last card is moved)."""
        s = self.state
        if trick.winner is not None:
            s.tricks.pop()
            trick.winner, trick.points = None, 0
            s.current, s.phase = trick, Phase.PLAYING

    def _restore_taken_back(self, event: Event) -> bool:
        """A demand to play on (4.1.6) after a played card was taken back: the correction
        4.1.2 asks for puts that card back where it lay (cards played to the trick after
        it go back to their seats). True when the last irregularity is such a take-back
        (then nothing else is corrected); only the other party may demand it."""
        s = self.state
        irr = s.irregularities[-1] if s.irregularities else None
        if irr is None or irr.kind != Kind.CARD_TAKEN_BACK or irr.subkind != "played":
            return False
        seat, card = irr.seat, irr.card
        assert seat is not None and card is not None and irr.event is not None
        if not innocent(s, event.seat, seat):
            return True
        trick = s.current
        if (trick is None or not trick.plays) and s.tricks and s.tricks[-1].last_event > irr.event:
            trick = s.tricks[-1]
            self._reopen(trick)
        if (
            trick is None
            or trick.number != irr.trick  # a later trick: too late to put it back
            or not (s.hands[seat.index] >> card) & 1
        ):
            return True  # the card is no longer there to put back: nothing is corrected
        while trick.plays and trick.plays[-1][2] > irr.event:
            other, played, _ = trick.plays.pop()
            s.hands[other.index] |= 1 << played
        played_at = next(
            e.index
            for e in reversed(s.record.events[: irr.event])
            if isinstance(e, ev.Play) and e.seat is seat and e.card == card
        )
        s.hands[seat.index] &= ~(1 << card)
        trick.plays.append((seat, card, played_at))
        s.to_play = seat.next
        if len(trick.plays) == 3:
            close_trick(s, trick, *(c for _, c, _ in trick.plays))
        return True


def _kind_of_game(game: Game) -> str:
    return "null" if game is Game.NULL else "grand" if game is Game.GRAND else "suit"


def announced_contract(s: GameState, flags: dict[str, Any]) -> tuple[Contract, list[str]]:
    """The contract an announcement (``flags``: game, hand, schneider, schwarz, ouvert)
    makes, and what in it the rules do not allow: such an announcement is corrected to the
    playable game of the same kind (ISkO 3.4.4, 3.4.5)."""
    problems = []
    game, name = Game(flags["game"]), flags["game"]
    hand = bool(flags["hand"]) and not s.skat_taken
    if flags["hand"] and s.skat_taken:
        problems.append("hand declared after the skat was taken up (ISkO 3.4.4)")
    ouvert = bool(flags["ouvert"]) and (name == "null" or not s.skat_taken)
    if flags["ouvert"] and not ouvert:
        problems.append("suit or grand ouvert declared after the skat was taken up (3.4.4)")
    schneider, schwarz = bool(flags["schneider"]), bool(flags["schwarz"])
    try:
        contract = Contract.declare(
            game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert
        )
    except ContractError as exc:
        problems.append(exc.message)
        contract = Contract.declare(game, hand=hand, ouvert=ouvert and name == "null")
    return contract, problems


def correction_refused(s: GameState, game: Game) -> str | None:
    """Why a declarer's correction of his announcement (ISkO 3.4.5) does not count, or None:
    only an invalid announcement may be corrected, at once (before a card is played), and
    within the same kind of game (suit, grand, null: the Spanish reading)."""
    if not any(
        i.kind == Kind.INVALID_DECLARATION and i.event == s.declared_at for i in s.irregularities
    ):
        return "the announcement it changes was valid, and a valid one is final (3.4.1)"
    if s.tricks or (s.current is not None and s.current.plays):
        return "corrected only after play had begun (3.4.5: at once)"
    # (type: ignore below) a declared game always has its contract
    if _kind_of_game(s.contract.game) != _kind_of_game(game):  # type: ignore[union-attr]
        return "a correction must keep the kind of game (suit, grand or null)"
    return None
