"""The adjudicator: from a record to a ruling, clause by clause.

>>> from referee.record.log import parse_record, EXAMPLE_DEAL
>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]})
>>> str(rule(rec).outcome)
'passed_in'
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.kinds import Kind
from referee.core.ruleset import (
    DealerParty,
    DeclarerSkatInPlay,
    EarlyCard,
    EntitledLead,
    HandLook,
    OutstandingTricks,
    RuleSet,
    SchwarzSuffered,
)
from referee.core.scoresheet import game_tournament_points
from referee.core.seats import SEAT_NAMES, Seat
from referee.core.valuation import (
    cheapest_lost_game,
    levels_reached,
    value_game,
)
from referee.core.vocabulary import Status
from referee.record.log import GameRecord
from referee.record.replay import replay
from referee.record.state import SHORTENING, GameState, Marker, Trick
from referee.rules.clauses import ENDING_CLAUSES, VALUE_CLAUSES
from referee.rulings.before_play import (
    card_shown_in_deal,
    dealt_out_of_turn,
    misdeal,
    released_bidding,
    shuffle_fault,
)
from referee.rulings.choices import rule_choice
from referee.rulings.detect import detect
from referee.rulings.marker_endings import end_by_marker
from referee.rulings.model import Infraction, Outcome, Part, Ruling, compose
from referee.rulings.outcome import decided_for, position_before
from referee.rulings.ruling_ops import (
    apply_valuation,
    count_as_played,
    counts_at,
    infraction_step,
    judged,
    matadors_of,
    position_at,
    set_counts,
    settle_counts,
)
from referee.rulings.shortened import remaining
from referee.rulings.unplayable import null_unplayable


def rule(record: GameRecord, rules: RuleSet | None = None) -> Ruling:
    """Rule a game under ``rules`` (else the rule set the record names, else the default
    :class:`RuleSet`): detect the infractions, find what ended the game, value the result.

    The record is replayed once; the ruling is language-neutral (render it with
    :func:`referee.rulings.render.render`) and names the rule set it was made under.
    """
    if rules is None:
        rules = record.rules if record.rules is not None else _DEFAULT_RULES
    state = replay(record)
    r = Ruling(table_size=record.table_size, rules=rules)
    r.declarer, r.bid, r.contract = state.declarer, state.bid, state.contract
    contract = state.contract
    if (
        state.phase == "finished"
        and not state.irregularities
        and not any(m.type in _NOT_PLAIN for m in state.markers)
        and not (contract is not None and contract.is_null and contract.base_value < (r.bid or 0))
    ):  # nothing to judge and nothing cut the game short: the common case, at once
        _played_out(state, r)
        return _finish(state, r)
    r.infractions = detect(state, rules)
    for irr in state.irregularities:
        if irr.kind == "play_after_gathered":
            gathered = next(m.event for m in state.markers if m.type == "cards_gathered")
            r.step(
                ("ISkO 4.2.5", "ISkO 4.1.11"),
                "record.play_after_gathered",
                event=irr.event,
                gathered=gathered,
            )
        if irr.kind == "bidding_irregular":
            r.step(
                ("ISkO 3.3.2", "ISkO 3.3.8"),
                "bidding.irregular",
                event=irr.event,
                detail=irr.detail,
            )
    for inf in r.infractions:
        r.reasoning.append(infraction_step(inf))
        _reading_of(inf, r)
    compose(r, [released_bidding(state)])
    for m in state.markers:
        if m.type == "objection" and record.events[m.event].by_dealer:
            # 4.1.11: every player, the dealer included, may object to an infraction
            r.step(("ISkO 4.1.11",), "objection.by_dealer", event=m.event)
    _allowed_reviews(state, r)
    for part in _before_play(state, rules, r.infractions):
        compose(r, [part])
        if part.ends:
            return _finish(state, r)
    if state.phase == "passed_in":
        r.outcome = Outcome.PASSED_IN
        r.ended = {"reason": "passed_in", "event": len(record.events) - 1, "trick": None}
        r.step(ENDING_CLAUSES["passed_in"], "ending.passed_in")
        return _finish(state, r)
    declared_at = state.declared_at if state.declared_at is not None else -1
    if not any(
        i.status is Status.PENALIZED and i.ends_at is not None and i.ends_at < declared_at
        for i in r.infractions
    ) and (unplayable := null_unplayable(state, rules)):
        return _finish(state, compose(r, [unplayable]))
    endings: list[tuple[int, int, Infraction | Marker]] = []
    for inf in r.infractions:
        if inf.status == "penalized" and inf.ends_at is not None:
            endings.append((inf.ends_at, 0, inf))
    for m in state.markers:
        if m.type in SHORTENING and m.phase not in ("finished", "passed_in"):
            endings.append((m.event, 1, m))
    if len(endings) > 1:
        endings.sort(key=lambda e: (e[0], e[1]))
    for at, _, what in endings:
        if isinstance(what, Infraction):
            part, keep = _end_by_infraction(state, rules, what), what
        else:
            part, keep = end_by_marker(record, state, rules, what), None
        if part.ends:  # infractions penalized after the end are void (4.1.3)
            return _finish(state, compose(r, [part, Part(void_after=at, keep=keep)]))
        compose(r, [part])
    if state.phase == "finished":
        _played_out(state, r)
    elif _decided_early(state, r):
        pass
    else:
        r.outcome = Outcome.UNDETERMINED
        r.ended = {
            "reason": "incomplete",
            "event": len(record.events) - 1,
            "trick": state.trick_number,
        }
        r.step(("ISkO 4.3.1",), "ending.incomplete", phase=state.phase, trick=state.trick_number)
        count_as_played(state, r)
    return _finish(state, r)


#: markers that make a finished game more than a plain count: a game cut short, or a
#: trick shown on request (the ruling may have to say that was allowed)


_NOT_PLAIN = SHORTENING | {"review_tricks", "choice"}

_DEFAULT_RULES = RuleSet()


def _before_play(state: GameState, rules: RuleSet, infractions: list[Infraction]) -> Iterator[Part]:
    """What may end a game before its play, asked in this order (the first that ends it
    decides; a part that does not end it may still say why)."""
    yield dealt_out_of_turn(state)
    yield shuffle_fault(state)
    yield rule_choice(state)
    yield misdeal(state, rules, infractions)
    yield card_shown_in_deal(state)


def _allowed_reviews(state: GameState, r: Ruling) -> None:
    """4.4.3: a player who has not yet played to the next trick may ask to see the last
    one. The replayer notes no infraction then; when the table objected to it, or the
    record says it was shown on request (``on_request``), the ruling says it was allowed."""
    noted = {i.event for i in state.irregularities}
    events = state.record.events
    for m in state.markers:
        if m.type != "review_tricks" or m.event in noted:
            continue
        seat = m.seat.value if m.seat else None
        objection = None
        for e in events[m.event + 1 :]:
            if e.type == "play":
                break
            if e.type == "objection":
                objection = e.index
                break
        if objection is not None:
            r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.allowed",
                seat=seat,
                event=m.event,
                objection=objection,
            )
        elif events[m.event].on_request:  # the record says it was shown on request
            r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.on_request",
                seat=seat,
                event=m.event,
                trick=events[m.event].trick,
            )
        elif m.phase == "playing":  # a look at the last trick in time, taken as a request
            r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.in_time",
                seat=seat,
                event=m.event,
                trick=events[m.event].trick,
            )


# -- helpers -------------------------------------------------------------------------------
def _reading_of(inf: Infraction, r: Ruling) -> None:
    """The reading of an open question (docs/interpretations.md) an infraction's verdict
    applied, named in a step of its own right after it."""
    key = inf.explanation.key
    if key == "cards_exposed.single":
        r.step(("ISkO 4.1.9",), "reading.isko-4.1.9-single-card")
    elif key == "cards_exposed.single_penalized":
        r.step(("ISkO 4.1.9",), "reading.isko-4.1.9-single-card.ends_game")
    elif key in ("play_before_turn.penalized", "play_before_turn.harmless"):
        if r.rules.early_card is EarlyCard.ALWAYS_TIMED:
            r.step(("ISkO 4.2.7",), "reading.isko-4.2.7-influence.always_timed")
        else:
            r.step(("ISkO 4.2.7",), "reading.isko-4.2.7-influence")
    elif key == "skat_viewed.declarer_play":
        r.step(("ISkO 4.2.8", "ISkO 3.4.8"), "reading.isko-4.2.8-declarer-in-play")
    elif key == "skat_viewed.declarer" and inf.explanation.params.get("in_play"):
        r.step(("ISkO 3.4.8", "ISkO 4.2.8"), "reading.isko-4.2.8-declarer-in-play.isko_3_4_8")
    elif key == "lead_before_declaration.defender":
        r.step(("ISkO 4.1.1", "ISkO 4.1.3"), "reading.isko-4.1.1-defender")
    elif inf.kind is Kind.DEALER_INFRACTION and inf.explanation.key in _DEALER_IN_PLAY:
        clauses = ("ISkO 3.5.1", "ISkO 3.5.2", "ISkO 4.1.11")
        if r.rules.dealer_party is DealerParty.DEFENDERS:
            r.step(clauses, "reading.isko-3.5.1-dealer-party")
        else:
            r.step(clauses, "reading.isko-3.5.1-dealer-party.neither")
    elif key.startswith("hand_viewed."):
        if key == "hand_viewed.bidding":
            r.step(("ISkO 3.3.9", "ISkO 4.5.5"), "reading.isko-3.3.9-hand-look")
        elif r.rules.hand_look is HandLook.NOT_PUNISHED:
            r.step(("ISkO 4.5.5",), "reading.isko-4.5.5-hand-look.not_punished")
        else:
            r.step(("ISkO 4.5.5", "ISkO 4.1.4"), "reading.isko-4.5.5-hand-look")
    elif key == "infraction.no_objection_recorded":
        r.step(("ISkO 4.1.11",), "reading.objection-at-record-end.none", event=inf.event)


#: the dealer's acts in play, which the reading isko-3.5.1-dealer-party decides
_DEALER_IN_PLAY = frozenset(
    {
        "dealer_infraction.skat_defenders",
        "dealer_infraction.remark_defenders",
        "dealer_infraction.skat_play",
        "dealer_infraction.remark",
    }
)


def _end_by_infraction(state: GameState, rules: RuleSet, inf: Infraction) -> Part:
    at = inf.ends_at if inf.ends_at is not None else 0
    contract = state.contract
    trick = inf.trick
    r = Part(
        ends=True,
        ended={"reason": "infraction", "event": inf.event, "trick": trick, "kind": inf.kind.value},
    )
    if state.declarer is None or state.bid is None:
        r.ends = False
        return r
    if inf.kind == "lead_before_declaration" and inf.party == "declarer":
        r.step(("ISkO 4.1.1",), "outcome.lead_before_declaration", bid=state.bid)
        if contract is None:
            # no game announced: the cheapest suit game or grand with his matadors that
            # covers the bid, as for 3.4.4 (docs/interpretations.md#isko-4.1.1-declarer)
            game, valuation = cheapest_lost_game(state.declarer_cards_with_skat(), state.bid)
        else:
            game = contract.game
            simple = levels_reached(contract, won=False, schneider=False, schwarz=False)
            valuation = value_game(
                contract,
                matadors_of(state, contract),
                state.bid,
                won=False,
                levels=None if contract.is_null else simple,
            )
        r.valued(valuation)
        r.step(
            ("ISkO 4.1.1", "ISkO 3.4.4") if contract is None else ("ISkO 4.1.1",),
            "reading.isko-4.1.1-declarer",
            bid=state.bid,
            game=game.value,
            value=valuation.value,
        )
        r.counts = counts_at(position_at(state, at))
        return r
    if contract is None:
        if inf.kind == "lead_before_declaration":
            r.ends = False
            return r  # a defender's card stays a hand card until a game is declared
        r.outcome = Outcome.UNDETERMINED
        r.step(("ISkO 3.4.1",), "ending.no_contract")
        return r
    guilty = inf.party or "declarer"
    pos = position_at(state, at)
    # 3.4.8 read for the whole game: the declarer's look at the skat loses, decided or not
    whatever_the_count = (
        inf.kind == "skat_viewed"
        and guilty == "declarer"
        and rules.declarer_skat_in_play is DeclarerSkatInPlay.ISKO_3_4_8
    )
    r.add(judged(state, rules, pos, guilty, decided_counts=not whatever_the_count))
    if (
        inf.kind == "cards_exposed"
        and guilty == "defenders"
        and r.outcome == "won"
        and rules.outstanding_tricks is OutstandingTricks.NO_AWARD
    ):  # the Spanish 4.1.9: no award, the count as it stood
        r.step(("ISkO 4.1.9", "ISkO 4.1.4"), "reading.isko-4.1.9-outstanding-tricks.no_award")
    elif inf.kind == "cards_exposed" and guilty == "defenders" and r.outcome == "won":
        # English 4.1.9: the outstanding tricks belong to the declarer (points only, no level)
        pts, tricks = remaining(pos)
        r.counts = (
            {"declarer": pos.declarer_points + pts, "defenders": pos.defender_points},
            {"declarer": pos.declarer_tricks + tricks, "defenders": pos.defender_tricks},
        )
        r.step(("ISkO 4.1.9",), "reading.isko-4.1.9-outstanding-tricks", points=pts)
    return r


def _played_out(state: GameState, r: Ruling) -> None:
    points, won, lost = state.declarer_totals()
    r.ended = {"reason": "played_out", "event": state.tricks[-1].plays[-1][2], "trick": 10}
    last = state.tricks[-1]
    if (
        last.plays[0][0] is not last.leader
        and state.declarer is not None
        and r.rules.entitled_lead is EntitledLead.AS_PLAYED
    ):  # "irrelevant": the false lead changes nothing, the trick counts as played
        r.step(
            ("ISkO 4.1.10",),
            "reading.isko-4.1.10-entitled-lead.as_played",
            seat=last.leader.value,
            led_by=last.plays[0][0].value,
            winner=last.winner.value if last.winner else None,
        )
    elif last.plays[0][0] is not last.leader and state.declarer is not None:
        # 4.1.10: a false lead to the last trick is irrelevant, so the trick is scored as
        # if the entitled player had led (every card in it is forced)
        entitled = _entitled_winner(state, last)
        r.step(
            ("ISkO 4.1.10",),
            "reading.isko-4.1.10-entitled-lead",
            seat=last.leader.value,
            led_by=last.plays[0][0].value,
            winner=entitled.value,
            played_winner=last.winner.value if last.winner else None,
        )
        if (entitled is state.declarer) != (last.winner is state.declarer):
            sign = 1 if entitled is state.declarer else -1
            points, won, lost = points + sign * last.points, won + sign, lost - sign
    settle_counts(state, r, points, won, lost)
    if state.contract is not None and state.contract.is_null:  # tricks decide, not points
        r.step(("ISkO 5.2.7",), "ending.played_out_null", tricks=won)
    else:
        r.step(ENDING_CLAUSES["played_out"], "ending.played_out", points=points, tricks=won)


def _entitled_winner(state: GameState, trick: Trick) -> Seat:
    """Who wins ``trick`` when its entitled leader's card is taken as the lead."""
    order = sorted(trick.plays, key=lambda p: (p[0].index - trick.leader.index) % 3)
    c0, c1, c2 = (int(card) for _, card, _ in order)
    return order[state.outcomes[c0 << 10 | c1 << 5 | c2] & 3][0]


def _decided_early(state: GameState, r: Ruling) -> bool:
    """A record that stops once the declarer has lost beyond any change: a null declarer
    who took a trick (5.2.7), a broken announcement (5.2.5), or 60 points against him
    when he is out of schneider and holds a trick (5.2.2, 5.2.3)."""
    contract, bid = state.contract, state.bid
    if contract is None or bid is None or state.phase != "playing":
        return False
    pos = position_before(state)
    matadors = matadors_of(state, contract)
    if decided_for(contract, pos, matadors, bid) != "defenders":
        return False
    fixed = (
        contract.is_null
        or contract.schneider
        or contract.schwarz
        or (pos.declarer_points > 30 and pos.declarer_tricks > 0)
    )
    if not fixed:
        return False
    clauses = (
        ("ISkO 5.2.7",)
        if contract.is_null
        else ("ISkO 5.2.5",)
        if contract.schneider
        else ("ISkO 5.2.2", "ISkO 5.2.3")
    )
    r.step(clauses, "ending.decided", points=pos.declarer_points, tricks=pos.declarer_tricks)
    r.ended = {"reason": "decided", "event": state.last_event, "trick": len(state.tricks)}
    apply_valuation(
        r, value_game(contract, matadors, bid, won=False, schneider=pos.defender_points >= 90)
    )
    set_counts(r, pos)
    return True


#: at a table of four the dealer sits out the game but is one of "the other players" (SkWO 5.1)
_DEALER = "dealer"
_DEALER_TOO = "dealer_included"  # a term, rendered per language


def _players(table_size: int) -> tuple[str, ...]:
    """Who gets tournament points for a game: the three seats, and the dealer at a table
    of four (SkWO 5.1: every player but the declarer gets the bonus when he loses)."""
    return (*SEAT_NAMES, _DEALER) if table_size == 4 else SEAT_NAMES


def _finish(state: GameState, r: Ruling) -> Ruling:
    """Matadors, value steps and tournament points for every decided outcome."""
    # 3.4.4: a suit game or grand was valued in place of the null game announced
    substituted = r.ended is not None and r.ended.get("reason") == "null_unplayable"
    if r.outcome in ("won", "lost") and r.declarer is not None and r.game_value is not None:
        c = r.contract
        if c is not None and not c.is_null and r.matadors is not None:
            r.step(
                VALUE_CLAUSES["suit"],
                "value.levels",
                game=c.game.value,
                base=c.base_value,
                matadors=str(r.matadors),
                levels=list(r.levels),
                multiplier=r.multiplier,
                # what the matadors and levels give; an overbid raises it in the next step
                value=c.base_value * (r.multiplier or 0),
            )
            if c.schneider or c.schwarz:
                r.step(VALUE_CLAUSES["announced"], "value.announced")
            if r.outcome == "lost" and c.schneider and not c.schwarz and "schwarz" in r.levels:
                # the Spanish "at least": schwarz suffered counts beyond a missed schneider
                r.step(("ISkO 5.2.5",), "reading.isko-5.2.5-schwarz-suffered")
            elif (
                r.outcome == "lost"
                and c.schneider
                and not c.schwarz
                and r.rules.schwarz_suffered is SchwarzSuffered.ANNOUNCED_ONLY
                and r.tricks is not None
                and r.tricks.get("declarer") == 0
            ):  # the English: the announced levels only, schwarz suffered adds nothing
                r.step(("ISkO 5.2.5",), "reading.isko-5.2.5-schwarz-suffered.announced_only")
            if c.ouvert:
                r.step(VALUE_CLAUSES["ouvert"], "value.ouvert")
        elif c is not None and not substituted:
            r.step(VALUE_CLAUSES["null"], "value.null", value=r.game_value)
        if r.overbid and c is not None and not c.is_null and not c.hand and not substituted:
            if not state.skat_taken and state.declarer is not None:
                # played without the skat but not announced as hand: an announcement counts
                # only as made (3.4.1), so the game is valued without hand and overbid
                r.step(("ISkO 3.4.1",), "value.hand_not_announced", bid=r.bid)
        if r.overbid:
            hand = bool(c and c.hand) and not substituted
            r.step(
                VALUE_CLAUSES["overbid_hand" if hand else "overbid_pickup"],
                "value.overbid",
                bid=r.bid,
                value=r.game_value,
            )
        if r.outcome == "lost":
            r.step(VALUE_CLAUSES["lost_double"], "value.lost_double", score=r.score)
        decl_pts, other = game_tournament_points(r.game_value, r.outcome == "won", r.table_size)
        r.tournament_points = dict.fromkeys(_players(r.table_size), other)
        r.tournament_points[r.declarer.value] = decl_pts
        r.step(
            VALUE_CLAUSES["tournament"],
            "value.tournament",
            declarer=decl_pts,
            others=other,
            table_size=r.table_size,
            dealer_too=_DEALER_TOO if r.table_size == 4 else "",
        )
    elif r.outcome == "passed_in":
        r.score = 0
        r.tournament_points = dict.fromkeys(_players(r.table_size), 0)
    if r.declarer is not None and r.contract is not None and r.matadors is None:
        r.matadors = matadors_of(state, r.contract)
    return r
