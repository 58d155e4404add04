"""How a game ended: the one place that decides it, and says it as parts of the ruling.

What may end a game is asked in the order the rules give it precedence: a game dealt out
of turn or a fault in the deal (before_play.py), a choice the rules give the declarer
(choices.py), a misdeal or a card shown in the deal, a game passed in, a null game that
cannot be played (unplayable.py), then, in the order of the record, a penalized
infraction (judged here by 4.1.3-4.1.6, outcome.py) or a game cut short at the table
(marker_endings.py, shortened_2018.py), and at last the play itself: played out, decided
before the record stops, or not finished. The first part that ``ends`` the game decides
it; a part before it that did not end the game may still say why (a refused concession).
Each of those modules values its own kind of ending and returns it; none writes into a
ruling.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.ended import Ended, EndReason
from referee.core.ruleset import (
    EntitledLead,
    OutstandingTricks,
    RuleSet,
)
from referee.core.seats import Seat
from referee.core.valuation import Matadors, cheapest_lost_game, levels_reached, value_game
from referee.core.vocabulary import Status
from referee.record.position import Position
from referee.record.state import SHORTENING, GameState, Marker, Trick
from referee.rules.clauses import ENDING_CLAUSES
from referee.rulings.before_play import (
    card_shown_in_deal,
    dealt_out_of_turn,
    misdeal,
    shuffle_fault,
)
from referee.rulings.choices import rule_choice
from referee.rulings.marker_endings import end_by_marker
from referee.rulings.model import Infraction, Message, Outcome, Part, Step
from referee.rulings.outcome import (
    certain_from,
    counted,
    counts_at,
    decided_for,
    from_counts,
    judged,
    matadors_of,
    position_at,
    position_before,
)
from referee.rulings.shortened import remaining
from referee.rulings.unplayable import null_unplayable

__all__ = ["ending", "played_out"]


def ending(state: GameState, rules: RuleSet, infractions: list[Infraction]) -> list[Part]:
    """The parts of the ruling that say how the game ended, in order; the last one ends
    it (``infractions``: those the record shows, as detected)."""
    parts: list[Part] = []
    matadors = matadors_of(state, state.contract)  # counted once, handed on
    for part in _before_play(state, rules, infractions, matadors):
        parts.append(part)
        if part.ends:
            return parts
    if state.phase == "passed_in":
        part = Part(
            ends=True,
            outcome=Outcome.PASSED_IN,
            ended=Ended(EndReason.PASSED_IN, _last(state), None),
        )
        return [*parts, part.step(ENDING_CLAUSES["passed_in"], "ending.passed_in")]
    declared_at = state.declared_at if state.declared_at is not None else -1
    if not any(
        i.status is Status.PENALIZED and i.ends_at is not None and i.ends_at < declared_at
        for i in infractions
    ) and (unplayable := null_unplayable(state, rules)):
        return [*parts, unplayable]
    for at, what in _cut_short(state, infractions):
        if isinstance(what, Infraction):
            part, keep = _end_by_infraction(state, rules, what, matadors), what
        else:
            part, keep = end_by_marker(state.record, state, rules, what, matadors), None
        parts.append(part)
        if part.ends:  # infractions penalized after the end are void (4.1.3)
            return [*parts, Part(void_after=at, keep=keep)]
    if state.phase == "finished":
        return [*parts, played_out(state, rules)]
    decided = _decided_early(state, rules, matadors)
    if decided is not None:
        return [*parts, decided]
    part = Part(
        ends=True,
        outcome=Outcome.UNDETERMINED,
        counts=counted(state),
        ended=Ended(EndReason.INCOMPLETE, _last(state), state.trick_number),
    )
    part = part.step(
        ("ISkO 4.3.1",), "ending.incomplete", phase=state.phase, trick=state.trick_number
    )
    return [*parts, part]


def _last(state: GameState) -> int:
    """The record's last event."""
    return len(state.record.events) - 1


def _cut_short(
    state: GameState, infractions: list[Infraction]
) -> list[tuple[int, Infraction | Marker]]:
    """What may have cut the game short, in the order of the record: a penalized
    infraction (from the event its penalty ends the game at), and a table event that
    shortens the game (a concession, a claim, cards thrown in, a platform's end); at one
    event the infraction comes first."""
    endings: list[tuple[int, int, Infraction | Marker]] = []
    for inf in infractions:
        if inf.status == "penalized" and inf.ends_at is not None:
            endings.append((inf.ends_at, 0, inf))
    for m in state.markers:
        if m.type in SHORTENING and m.phase not in ("finished", "passed_in"):
            endings.append((m.event, 1, m))
    if len(endings) > 1:
        endings.sort(key=lambda e: (e[0], e[1]))
    return [(at, what) for at, _, what in endings]


def _before_play(
    state: GameState, rules: RuleSet, infractions: list[Infraction], matadors: Matadors | None
) -> Iterator[Part]:
    """What may end a game before its play, asked in this order (the first that ends it
    decides; a part that does not end it may still say why)."""
    yield dealt_out_of_turn(state)
    yield shuffle_fault(state)
    yield rule_choice(state)
    yield misdeal(state, rules, infractions, matadors)
    yield card_shown_in_deal(state)


def _end_by_infraction(
    state: GameState, rules: RuleSet, inf: Infraction, matadors: Matadors | None
) -> Part:
    at = inf.ends_at if inf.ends_at is not None else 0
    contract = state.contract
    trick = inf.trick
    r = Part(ends=True, ended=Ended(EndReason.INFRACTION, inf.event, trick, inf.kind))
    if state.declarer is None or state.bid is None:
        return r._replace(ends=False)
    if inf.kind == "lead_before_declaration" and inf.party == "declarer":
        r = r.step(("ISkO 4.1.1",), "outcome.lead_before_declaration", bid=state.bid)
        if contract is None:
            # no game announced: the cheapest suit game or grand with his matadors that
            # covers the bid, as for 3.4.4 (docs/interpretations.md#isko-4.1.1-declarer)
            game, valuation = cheapest_lost_game(state.declarer_cards_with_skat(), state.bid)
        else:
            game = contract.game
            simple = levels_reached(contract, won=False, schneider=False, schwarz=False)
            valuation = value_game(
                contract,
                matadors,
                state.bid,
                won=False,
                levels=None if contract.is_null else simple,
            )
        r = r.valued(valuation).step(
            ("ISkO 4.1.1", "ISkO 3.4.4") if contract is None else ("ISkO 4.1.1",),
            "reading.isko-4.1.1-declarer",
            bid=state.bid,
            game=game.value,
            value=valuation.value,
        )
        return r._replace(counts=counts_at(position_at(state, at)))
    if contract is None:
        if inf.kind == "lead_before_declaration":
            # a defender's card stays a hand card until a game is declared
            return r._replace(ends=False)
        r = r._replace(outcome=Outcome.UNDETERMINED)
        return r.step(("ISkO 3.4.1",), "ending.no_contract")
    guilty = inf.party or "declarer"
    pos = position_at(state, at)
    # a verdict that loses the game whatever the count (3.4.8 read for the whole game)
    r = r.add(
        judged(state, rules, pos, guilty, matadors, decided_counts=not inf.whatever_the_count)
    )
    if (
        inf.kind == "cards_exposed"
        and guilty == "defenders"
        and r.outcome == "won"
        and rules.outstanding_tricks is OutstandingTricks.NO_AWARD
    ):  # the Spanish 4.1.9: no award, the count as it stood
        r = r.step(("ISkO 4.1.9", "ISkO 4.1.4"), "reading.isko-4.1.9-outstanding-tricks.no_award")
    elif inf.kind == "cards_exposed" and guilty == "defenders" and r.outcome == "won":
        # English 4.1.9: the outstanding tricks belong to the declarer (points only, no level)
        pts, tricks = remaining(pos)
        r = r._replace(
            counts=(
                {"declarer": pos.declarer_points + pts, "defenders": pos.defender_points},
                {"declarer": pos.declarer_tricks + tricks, "defenders": pos.defender_tricks},
            )
        )
        r = r.step(("ISkO 4.1.9",), "reading.isko-4.1.9-outstanding-tricks", points=pts)
    return r


def played_out(state: GameState, rules: RuleSet) -> Part:
    """A game played to its last trick, valued from the count (with the last trick as
    4.1.10 scores it)."""
    (points, won, lost), lead = _last_trick(state, rules)
    if state.contract is not None and state.contract.is_null:  # tricks decide, not points
        said = Step(("ISkO 5.2.7",), Message("ending.played_out_null", {"tricks": won}))
    else:
        said = Step(
            ENDING_CLAUSES["played_out"],
            Message("ending.played_out", {"points": points, "tricks": won}),
        )
    valued = from_counts(state, rules, points, won, lost)
    return valued._replace(
        ends=True,
        ended=Ended(EndReason.PLAYED_OUT, state.tricks[-1].plays[-1][2], 10),
        steps=(*lead, *valued.steps, said),
    )


def _last_trick(state: GameState, rules: RuleSet) -> tuple[tuple[int, int, int], tuple[Step, ...]]:
    """The declarer's points, tricks won and lost with the last trick as 4.1.10 scores it
    (a false lead to it is irrelevant), and the reading's step where it was led falsely."""
    points, won, lost = state.declarer_totals()
    last = state.tricks[-1]
    if last.plays[0][0] is last.leader or state.declarer is None:
        return (points, won, lost), ()
    seat, led_by = last.leader.value, last.plays[0][0].value
    played_winner = last.winner.value if last.winner else None
    if rules.entitled_lead is EntitledLead.AS_PLAYED:
        # "irrelevant": the false lead changes nothing, the trick counts as played
        said = Message(
            "reading.isko-4.1.10-entitled-lead.as_played",
            {"seat": seat, "led_by": led_by, "winner": played_winner},
        )
        return (points, won, lost), (Step(("ISkO 4.1.10",), said),)
    # the trick is scored as if the entitled player had led (every card in it is forced)
    entitled = _entitled_winner(state, last)
    said = Message(
        "reading.isko-4.1.10-entitled-lead",
        {"seat": seat, "led_by": led_by, "winner": entitled.value, "played_winner": played_winner},
    )
    if (entitled is state.declarer) != (last.winner is state.declarer):
        sign = 1 if entitled is state.declarer else -1
        points, won, lost = points + sign * last.points, won + sign, lost - sign
    return (points, won, lost), (Step(("ISkO 4.1.10",), said),)


def _entitled_winner(state: GameState, trick: Trick) -> Seat:
    """Who wins ``trick`` when its entitled leader's card is taken as the lead."""
    order = sorted(trick.plays, key=lambda p: (p[0].index - trick.leader.index) % 3)
    c0, c1, c2 = (int(card) for _, card, _ in order)
    return order[state.outcomes[c0 << 10 | c1 << 5 | c2] & 3][0]


def _decided_early(state: GameState, rules: RuleSet, matadors: Matadors | None) -> Part | None:
    """A record that stops once the declarer has lost beyond any change: a null declarer
    who took a trick (5.2.7), a broken announcement (5.2.5), or 60 points against him
    when he is out of schneider and holds a trick (5.2.2, 5.2.3); or once no play of the
    tricks left can change the result or its value, won or lost (e.g. 61 : 34)."""
    contract, bid = state.contract, state.bid
    if contract is None or bid is None or state.phase != "playing":
        return None
    pos = position_before(state)
    if decided_for(contract, pos, matadors, bid) != "defenders":
        return _certain_early(state, rules, pos)
    fixed = (
        contract.is_null
        or contract.schneider
        or contract.schwarz
        or (pos.declarer_points > 30 and pos.declarer_tricks > 0)
    )
    if not fixed:
        return _certain_early(state, rules, pos)
    clauses = (
        ("ISkO 5.2.7",)
        if contract.is_null
        else ("ISkO 5.2.5",)
        if contract.schneider
        else ("ISkO 5.2.2", "ISkO 5.2.3")
    )
    r = Part(
        ends=True,
        ended=Ended(EndReason.DECIDED, state.last_event, len(state.tricks)),
        counts=counts_at(pos),
    )
    r = r.step(clauses, "ending.decided", points=pos.declarer_points, tricks=pos.declarer_tricks)
    return r.valued(
        value_game(contract, matadors, bid, won=False, schneider=pos.defender_points >= 90)
    )


def _certain_early(state: GameState, rules: RuleSet, pos: Position) -> Part | None:
    """A record that stops where however the tricks left are played, the result and its
    value stay the same: the game is ruled as it stands, with the count as played."""
    certain = certain_from(state, rules, pos, 0)
    if certain is None:
        return None
    r = Part(ends=True, ended=Ended(EndReason.DECIDED, state.last_event, len(state.tricks)))
    won = certain.outcome is Outcome.WON
    r = r.step(
        ("ISkO 5.2.2", "ISkO 5.2.3", "ISkO 5.2.4"),
        "ending.decided.won" if won else "ending.decided.certain",
        points=pos.declarer_points,
        tricks=pos.declarer_tricks,
    )
    return r.add(certain)
