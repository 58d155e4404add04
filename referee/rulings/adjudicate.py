"""The adjudicator: from a record to a ruling, clause by clause.

>>> from referee.record.log import parse_record, EXAMPLE_DEAL
>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]})
>>> str(rule(rec).outcome)
'passed_in'
"""

from __future__ import annotations

from typing import Any

from referee.core.ended import EndReason
from referee.core.ruleset import APPLIED, AddedWords, RuleSet, SchwarzSuffered
from referee.core.scoresheet import game_tournament_points
from referee.core.seats import SEAT_NAMES
from referee.record.event_model import EventType
from referee.record.event_types_table import ReviewTricks
from referee.record.events import of_class
from referee.record.log import GameRecord
from referee.record.replay import replay
from referee.record.state import SHORTENING, GameState
from referee.rules.clauses import VALUE_CLAUSES
from referee.rulings.before_play import (
    released_bidding,
)
from referee.rulings.detect import detect
from referee.rulings.ending import ending, played_out
from referee.rulings.model import (
    NOTHING,
    Infraction,
    Message,
    Part,
    Ruling,
    Step,
    compose,
    infraction_step,
    joined,
)
from referee.rulings.outcome import (
    matadors_of,
)


def rule(
    record: GameRecord, rules: RuleSet | None = None, *, default: RuleSet | None = None
) -> Ruling:
    """Rule a game under ``rules`` (else the rule set the record names, else ``default``,
    else the default :class:`RuleSet`): detect the infractions, find what ended the game,
    value the result. This is the one place the rule set of a ruling is chosen.

    The record is replayed once; the ruling is language-neutral (render it with
    :func:`referee.rulings.render.render`) and names the rule set it was made under.
    """
    rules = record.ruled_under(rules, default)
    state = replay(record, rules=rules)
    contract = state.contract
    if (
        state.phase == "finished"
        and not state.irregularities
        and not any(m.type in _NOT_PLAIN for m in state.markers)
        and not (
            contract is not None and contract.is_null and contract.base_value < (state.bid or 0)
        )
    ):  # nothing to judge and nothing cut the game short: the common case, at once
        decided = played_out(state, rules)
    else:
        infractions = detect(state, rules)
        decided = joined([*_heard(state, rules, infractions), *ending(state, rules, infractions)])
    return compose(
        [decided, _valued(state, rules, record.table_size, decided)],
        table_size=record.table_size,
        rules=rules,
        declarer=state.declarer,
        bid=state.bid,
        contract=contract,
    )


def _heard(state: GameState, rules: RuleSet, infractions: list[Infraction]) -> list[Part]:
    """What the record shows before its ending: the infractions with their verdicts and
    the readings those applied, an irregular bidding or play, a bidding released by a
    look, an objection by the dealer, tricks shown on request."""
    p = Part(infractions=tuple(infractions))
    for irr in state.irregularities:
        if irr.kind == "play_after_gathered":
            gathered = next(m.event for m in state.markers if m.type == EventType.CARDS_GATHERED)
            p = p.step(
                ("ISkO 4.2.5", "ISkO 4.1.11"),
                "record.play_after_gathered",
                event=irr.event,
                gathered=gathered,
            )
        if irr.kind in ("announcement_completed", "late_announcement"):
            # 3.4.1: an announcement counts as made; the game starts with it (4.1.1)
            words = irr.subkind or "—"
            if irr.kind == "announcement_completed":
                p = p.step(("ISkO 3.4.1",), "announcement.completed", event=irr.event, words=words)
            elif rules.added_words is AddedWords.WHEN_MADE:
                # the replayer counted no word added after the declaration (the reading)
                p = p.step(
                    ("ISkO 3.4.1",), "announcement.not_counted", event=irr.event, words=words
                )
            else:
                p = p.step(_LATE, "announcement.late", event=irr.event, words=words)
            if rules.added_words is AddedWords.WHEN_MADE:
                p = p.step(_LATE, "reading.isko-3.4.1-added-words.when_made")
            else:
                p = p.step(_LATE, "reading.isko-3.4.1-added-words")
        if irr.kind == "bidding_irregular":
            p = p.step(
                ("ISkO 3.3.2", "ISkO 3.3.8"),
                "bidding.irregular",
                event=irr.event,
                detail=irr.detail,
            )
    for inf in infractions:
        reading = _reading_of(inf, rules)
        p = p.with_steps(infraction_step(inf), *([reading] if reading else []))
    return [p, released_bidding(state), _allowed_reviews(state)]


#: markers that make a finished game more than a plain count: a game cut short, or a
#: trick shown on request (the ruling may have to say that was allowed)


_NOT_PLAIN = SHORTENING | {"review_tricks", "choice"}
#: words added to the announcement once play had begun (3.4.1, 4.1.1)
_LATE = ("ISkO 3.4.1", "ISkO 4.1.1")


def _allowed_reviews(state: GameState) -> Part:
    """What the ruling says was allowed: an objection by the dealer (4.1.11), and a look
    at the last trick (4.4.3: a player who has not yet played to the next trick may ask to
    see it). The replayer notes no infraction then; when the table objected to it, or the
    record says it was shown on request (``on_request``), the ruling says it was allowed."""
    r = NOTHING
    for m in state.markers:
        if m.type == EventType.OBJECTION and state.record.events[m.event].by_dealer:
            # 4.1.11: every player, the dealer included, may object to an infraction
            r = r.step(("ISkO 4.1.11",), "objection.by_dealer", event=m.event)
    noted = {i.event for i in state.irregularities}
    events = state.record.events
    for m in state.markers:
        if m.type != EventType.REVIEW_TRICKS or m.event in noted:
            continue
        seat = m.seat.value if m.seat else None
        objection = None
        for e in events[m.event + 1 :]:
            if e.type == EventType.PLAY:
                break
            if e.type == EventType.OBJECTION:
                objection = e.index
                break
        if objection is not None:
            r = r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.allowed",
                seat=seat,
                event=m.event,
                objection=objection,
            )
        # the record says it was shown on request
        elif of_class(events[m.event], ReviewTricks).on_request:
            r = r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.on_request",
                seat=seat,
                event=m.event,
                trick=of_class(events[m.event], ReviewTricks).trick,
            )
        elif m.phase == "playing":  # a look at the last trick in time, taken as a request
            r = r.step(
                ("ISkO 4.4.3",),
                "tricks_reviewed.in_time",
                seat=seat,
                event=m.event,
                trick=of_class(events[m.event], ReviewTricks).trick,
            )
    return r


# -- helpers -------------------------------------------------------------------------------
def _say(clauses: tuple[str, ...], key: str, **params: Any) -> Step:
    return Step(clauses, Message(key, params))


def _reading_of(inf: Infraction, rules: RuleSet) -> Step | None:
    """The reading of an open question (docs/interpretations.md) an infraction's verdict
    applied, named in a step of its own right after it (the readings declare which
    verdicts apply them: :data:`referee.core.ruleset.APPLIED`)."""
    key, params = inf.explanation
    for said in APPLIED.get(key, ()):
        if said.holds(rules, params):
            event = {"event": inf.event} if said.applied.names_event else {}
            return _say(said.applied.clauses, said.message, **event)
    return None


#: at a table of four the dealer sits out the game but is one of "the other players" (SkWO 5.1)
_DEALER = "dealer"
_DEALER_TOO = "dealer_included"  # a term, rendered per language


_SITTING_OUT_TOO = "sitting_out_included"


def _players(table_size: int) -> tuple[str, ...]:
    """Who gets tournament points for a game: the three seats, and the dealer at a table
    of four (SkWO 5.1: every player but the declarer gets the bonus when he loses); at a
    table of five or more also those sitting out besides the dealer, one entry that each
    of them gets (reading isko-3.2.7-sitting-out)."""
    if table_size >= 5:
        return (*SEAT_NAMES, _DEALER, "sitting_out")
    return (*SEAT_NAMES, _DEALER) if table_size == 4 else SEAT_NAMES


def _valued(state: GameState, rules: RuleSet, table_size: int, decided: Part) -> Part:
    """The value steps, the tournament points and the matadors of the game as ``decided``
    (the parts of the record and of its ending, put together)."""
    p = NOTHING
    outcome, v, ended = decided.outcome, decided.valuation, decided.ended
    tricks = decided.counts[1] if decided.counts is not None else None
    # 3.4.4: a suit game or grand was valued in place of the null game announced
    substituted = ended is not None and ended.reason is EndReason.NULL_UNPLAYABLE
    declarer, c, bid = state.declarer, state.contract, state.bid
    if outcome in ("won", "lost") and declarer is not None and v is not None:
        if c is not None and not c.is_null and v.matadors is not None:
            p = p.step(
                VALUE_CLAUSES["suit"],
                "value.levels",
                game=c.game.value,
                base=c.base_value,
                matadors=str(v.matadors),
                levels=list(v.levels),
                multiplier=v.multiplier,
                # what the matadors and levels give; an overbid raises it in the next step
                value=c.base_value * (v.multiplier or 0),
            )
            if c.schneider or c.schwarz:
                p = p.step(VALUE_CLAUSES["announced"], "value.announced")
            if outcome == "lost" and c.schneider and not c.schwarz and "schwarz" in v.levels:
                # the Spanish "at least": schwarz suffered counts beyond a missed schneider
                p = p.step(("ISkO 5.2.5",), "reading.isko-5.2.5-schwarz-suffered")
            elif (
                outcome == "lost"
                and c.schneider
                and not c.schwarz
                and rules.schwarz_suffered is SchwarzSuffered.ANNOUNCED_ONLY
                and tricks is not None
                and tricks.get("declarer") == 0
            ):  # the English: the announced levels only, schwarz suffered adds nothing
                p = p.step(("ISkO 5.2.5",), "reading.isko-5.2.5-schwarz-suffered.announced_only")
            if c.ouvert:
                p = p.step(VALUE_CLAUSES["ouvert"], "value.ouvert")
        elif c is not None and not substituted:
            p = p.step(VALUE_CLAUSES["null"], "value.null", value=v.value)
        if v.overbid and c is not None and not c.is_null and not c.hand and not substituted:
            if not state.skat_taken:
                # played without the skat but not announced as hand: an announcement counts
                # only as made (3.4.1), so the game is valued without hand and overbid
                p = p.step(("ISkO 3.4.1",), "value.hand_not_announced", bid=bid)
        if v.overbid:
            hand = bool(c and c.hand) and not substituted
            p = p.step(
                VALUE_CLAUSES["overbid_hand" if hand else "overbid_pickup"],
                "value.overbid",
                bid=bid,
                value=v.value,
            )
        if outcome == "lost":
            p = p.step(VALUE_CLAUSES["lost_double"], "value.lost_double", score=v.score)
        if table_size >= 5:  # the SkWO knows tables of three and four only
            p = p.step(("ISkO 3.2.7", "SkWO 5.1"), "reading.isko-3.2.7-sitting-out")
        # (a table of five or more counts as one of four: reading isko-3.2.7-sitting-out)
        decl_pts, other = game_tournament_points(v.value, outcome == "won", min(table_size, 4))
        points = dict.fromkeys(_players(table_size), other)
        points[declarer.value] = decl_pts
        p = p._replace(tournament_points=points)
        p = p.step(
            VALUE_CLAUSES["tournament"],
            "value.tournament",
            declarer=decl_pts,
            others=other,
            table_size=table_size,
            dealer_too={4: _DEALER_TOO, 3: ""}.get(table_size, _SITTING_OUT_TOO),
        )
    elif outcome == "passed_in":
        p = p._replace(score=0, tournament_points=dict.fromkeys(_players(table_size), 0))
    if declarer is not None and c is not None and (v is None or v.matadors is None):
        p = p._replace(matadors=matadors_of(state, c))
    return p
