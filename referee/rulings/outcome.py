"""Valuing a game that an infraction or a shortened game ended (ISkO 4.1.3-4.1.6, 5.4.3),
and the values every ending shares: the count at a moment, the matadors, a game judged
against a side or valued from its final count, each a part of the ruling.

The position at the moment the game ended (card points and tricks per side, the cards
still in the hands) decides:

1. a game already decided goes to the deciding side with what it has reached (4.1.3);
2. otherwise the guilty side loses at the simple level (4.1.4): no schneider or schwarz
   from play, but the contract's own levels count and the value must reach the bid;
3. an innocent declarer who needed a higher level gets it, unless it was already out of
   reach (4.1.5) or could never have been reached at all (5.4.3) — the last question is
   answered by searching the remaining cards.
"""

from __future__ import annotations

from typing import Any

from referee.core.cards import CARD_POINTS, points_of
from referee.core.contracts import Contract
from referee.core.kinds import Kind
from referee.core.ruleset import AnnouncedLevel, RuleSet, SchwarzSuffered, UnreachableLevel
from referee.core.seats import Seat
from referee.core.valuation import (
    LEVELS,
    Matadors,
    Valuation,
    count_matadors,
    levels_reached,
    played_valuation,
    value_game,
)
from referee.core.vocabulary import Status
from referee.record.position import Position
from referee.record.state import GameState, Marker, position_of
from referee.rulings.claims import can_reach_points, can_take_all, searched
from referee.rulings.model import NOTHING, Counts, Infraction, Message, Outcome, Part, Party, Step

__all__ = [
    "Position",
    "counted",
    "counts_at",
    "decided_for",
    "from_counts",
    "judge_ended",
    "judged",
    "matadors_of",
    "position_at",
    "position_before",
]


def position_before(state: GameState) -> Position:
    """The position ``state`` is in (a replay that stopped just before an ending)."""
    return position_of(state)


def decided_for(
    contract: Contract, pos: Position, matadors: Matadors | None, bid: int
) -> str | None:
    """'declarer' or 'defenders' if the game was already decided at ``pos`` (4.1.3)."""
    if contract.is_null:
        return "defenders" if pos.declarer_tricks > 0 else None
    if pos.defender_points >= 60:
        return "defenders"
    if contract.schneider and pos.defender_points >= 31:
        return "defenders"
    if contract.schwarz and pos.defender_tricks > 0:
        return "defenders"
    if pos.declarer_points >= 61 and not contract.schwarz:
        if contract.schneider and pos.declarer_points < 90:
            return None
        reached = value_game(
            contract, matadors, 0, won=True, schneider=pos.declarer_points >= 90
        ).value
        if reached >= bid:
            return "declarer"
    return None


def judge_ended(
    contract: Contract,
    matadors: Matadors | None,
    bid: int,
    pos: Position,
    guilty: str,
    declarer: Seat,
    rules: RuleSet,
    *,
    start: Position | None = None,
    decided_counts: bool = True,
) -> Part:
    """Value a game ended by an infraction of ``guilty`` ('declarer' or 'defenders');
    ``start`` is the position when play began (see :func:`_innocent_declarer`). Unless
    ``decided_counts`` is false (a rule that loses the game whatever the count), a game
    already decided goes to the side it was decided for (4.1.3)."""
    decided = decided_for(contract, pos, matadors, bid) if decided_counts else None
    if decided == "declarer":
        v = value_game(contract, matadors, bid, won=True, schneider=pos.declarer_points >= 90)
        return NOTHING.valued(v).step(
            ("ISkO 4.1.3",), "outcome.already_decided_declarer", points=pos.declarer_points
        )
    if decided == "defenders" and contract.is_null:  # his trick lost it: no points, no levels
        v = value_game(contract, None, bid, won=False)
        return NOTHING.valued(v).step(
            ("ISkO 4.1.3",),
            "outcome.already_decided_null",
            tricks=pos.declarer_tricks,
        )
    if decided == "defenders":
        v = value_game(contract, matadors, bid, won=False, schneider=pos.defender_points >= 90)
        return NOTHING.valued(v).step(
            ("ISkO 4.1.3",),
            "outcome.already_decided_defenders",
            points=pos.defender_points,
            tricks=pos.declarer_tricks,
        )
    if contract.is_null:
        won = guilty == "defenders"
        v = value_game(contract, None, bid, won=won)
        return NOTHING.valued(v).step(("ISkO 4.1.4",), "outcome.null_guilty_" + guilty)
    simple = levels_reached(contract, won=guilty == "defenders", schneider=False, schwarz=False)
    if guilty == "declarer":
        v = value_game(contract, matadors, bid, won=False, levels=simple)
        return NOTHING.valued(v).step(("ISkO 4.1.4",), "outcome.declarer_guilty_simple")
    return _innocent_declarer(contract, matadors, bid, pos, declarer, simple, rules, start)


def _innocent_declarer(
    contract: Contract,
    matadors: Matadors | None,
    bid: int,
    pos: Position,
    declarer: Seat,
    simple: tuple[str, ...],
    rules: RuleSet,
    start: Position | None = None,
) -> Part:
    """4.1.4 with 4.1.5 and 5.4.3: the defenders are guilty and the game was not decided.

    ``start`` is the position when play began (for 5.4.3: could the level ever be reached?).
    """
    d = declarer.index
    said = NOTHING

    origin = start or pos  # 5.4.3 asks about the game as dealt, not as it stands

    def ask(search: Any, question: str) -> str:
        """ "yes": reachable from here (which implies: from the deal, the play so far
        being one line); "from_the_deal": no longer from here, but by some play from the
        deal, which is all 5.4.3 asks (the Spanish: impossible before the first trick);
        "never"; "unknown" if a search reaches its node limit (never met in practice; an
        open question is not credited, 5.2.8)."""
        nonlocal said
        for where, at in (("from_here", pos), ("from_the_deal", origin)):
            answer, asked = searched(f"{question}_{where}", ("ISkO 5.2.8",), search, at)
            said = said.add(asked)
            if answer is None:
                return "unknown"
            if answer:
                return "yes" if where == "from_here" else "from_the_deal"
            if at is origin:
                break
        return "never"

    #: 5.4.3 for an announced level too (else only 4.1.5's test: what the defenders have)
    search_announced = rules.unreachable_level is UnreachableLevel.ANY_GAME

    def reachable_schneider(search: bool = True) -> str:
        if pos.defender_points > 30:
            return "blocked"  # the defenders already have what it takes (4.1.5)
        if not search:
            return "unsearched"
        return ask(
            lambda at: can_reach_points(
                at.hands,
                at.leader,
                at.trick,
                contract.game,
                d,
                90 - at.declarer_points,
            ),
            "schneider_reachable",
        )

    def reachable_schwarz(search: bool = True) -> str:
        if pos.defender_tricks > 0:
            return "blocked"
        if not search:
            return "unsearched"
        return ask(
            lambda at: can_take_all(at.hands, at.leader, at.trick, contract.game, d),
            "schwarz_reachable",
        )

    def done(v: Valuation) -> Part:
        return said.valued(v)

    # announced levels must still be reachable at all (5.4.3)
    announced = (
        ("schwarz", reachable_schwarz)
        if contract.schwarz
        else ("schneider", reachable_schneider)
        if contract.schneider
        else None
    )
    left_out = False  # the announced levels left out (isko-4.1.5-announced needed_only)
    if announced is not None:
        level, reachable = announced
        # 4.1.4 excludes schneider and schwarz: without them, does the game cover the bid?
        plain = tuple(x for x in simple if x not in _SCHNEIDER_SCHWARZ)
        needed = value_game(contract, matadors, bid, won=True, levels=plain).overbid
        credit = needed or rules.announced_level is AnnouncedLevel.CREDITED
        if rules.announced_level is AnnouncedLevel.CREDITED:
            # 4.1.5 covers a level the declarer announced, not only one the bid needs
            said = said.step(("ISkO 4.1.5",), "reading.isko-4.1.5-announced", level=level)
        elif needed:  # the bid needs the announced level: 4.1.5 as both readings have it
            said = said.step(("ISkO 4.1.5",), "outcome.announced_needed", level=level, bid=bid)
        ok = reachable(search_announced or needed)  # 5.4.3 covers an overbid game always
        creditable = ok in _CREDITABLE
        if not credit and creditable:
            # 4.1.5 only for a level the bid needs; 4.1.4 decides, at the simple level. An
            # announced level already lost or never reachable loses the game under either
            # option (below), so the option is named only where it decides.
            said = said.step(
                ("ISkO 4.1.5", "ISkO 4.1.4"),
                "reading.isko-4.1.5-announced.needed_only",
                level=level,
                bid=bid,
            )
        if not search_announced and creditable:  # 5.4.3 read for overbid games only
            said = said.step(
                ("ISkO 5.4.3", "ISkO 4.1.5"),
                "reading.isko-5.4.3-any-game.overbid_only",
                level=level,
            )
        if not creditable:
            said = said.with_steps(_unreached("outcome.announced_unreachable", level, ok, bid))
            if ok == "never":  # 5.4.3 read for any game, not only an overbid one
                said = said.step(("ISkO 5.4.3",), "reading.isko-5.4.3-any-game", level=level)
            return done(value_game(contract, matadors, bid, won=False))
        if credit and ok == "unsearched":  # 4.1.5 alone: what the defenders have taken
            said = said.step(("ISkO 4.1.5",), "outcome.announced_credited.unsearched", level=level)
        elif credit and ok == "from_the_deal":
            said = said.step(
                ("ISkO 4.1.5", "ISkO 5.4.3"),
                "outcome.announced_credited.from_the_deal",
                level=level,
            )
        elif credit:
            said = said.step(
                ("ISkO 4.1.5", "ISkO 5.4.3"), "outcome.announced_credited", level=level
            )
        else:
            simple, left_out = plain, True
    v = value_game(contract, matadors, bid, won=True, levels=simple)
    if not v.overbid:
        # under needed_only the announced levels are not among those the declarer keeps
        said = said.step(
            ("ISkO 4.1.4",),
            "outcome.defenders_guilty_simple.announced_left_out"
            if left_out
            else "outcome.defenders_guilty_simple",
        )
        return done(v)
    # the bid needs a higher level (4.1.5): schneider, then schwarz, if still reachable
    levels = list(simple)
    for level, check in (("schneider", reachable_schneider), ("schwarz", reachable_schwarz)):
        if level in levels:
            continue
        ok = check()
        if ok not in _CREDITABLE:
            said = said.with_steps(_unreached("outcome.level_unreachable", level, ok, bid))
            return done(value_game(contract, matadors, bid, won=False, levels=tuple(levels)))
        levels.insert(levels.index("game") + (2 if contract.hand else 1), level)
        levels.sort(key=_LEVEL_ORDER.index)
        v = value_game(contract, matadors, bid, won=True, levels=tuple(levels))
        said = said.step(
            ("ISkO 4.1.5", "ISkO 5.4.3"),
            "outcome.level_credited.from_the_deal"
            if ok == "from_the_deal"
            else "outcome.level_credited",
            level=level,
            bid=bid,
        )
        if not v.overbid:
            return done(v)
    return done(v)


def _unreached(key: str, level: str, answer: str, bid: int) -> Step:
    """Why a needed level is not credited: the defenders already reached what prevents it
    (4.1.5), it could never be reached from the deal (5.4.3), or it could not be proven in
    the analysis's node limit (5.2.8)."""
    params = {"level": level, "bid": bid}
    if answer == "blocked":
        return Step(("ISkO 4.1.5",), Message("outcome.level_blocked", params))
    if answer == "unknown":
        return Step(("ISkO 4.1.5", "ISkO 5.2.8"), Message("outcome.level_unproven", params))
    return Step(("ISkO 4.1.5", "ISkO 5.4.3"), Message(key, params))


#: what :func:`_innocent_declarer`'s reachability tests answer where a level is credited:
#: 4.1.5 refuses it only once the defenders have what prevents it, 5.4.3 only where no
#: play from the deal reaches it ("unsearched": 5.4.3 not asked for an announced level)
_CREDITABLE = frozenset({"yes", "from_the_deal", "unsearched"})
_LEVEL_ORDER = list(LEVELS)
#: the levels 4.1.4 leaves out of a game the defenders lose by their infraction
_SCHNEIDER_SCHWARZ = frozenset({"schneider", "schneider_announced", "schwarz", "schwarz_announced"})


# -- what every ending shares ------------------------------------------------------------
def matadors_of(state: GameState, contract: Contract | None) -> Matadors | None:
    if contract is None or contract.is_null:
        return None
    return count_matadors(state.declarer_cards_with_skat(), contract.game)


def position_at(state: GameState, event: int) -> Position:
    """The position just before ``event`` (kept by the replayer; no second replay)."""
    return state.position_before(event)


def counts_at(pos: Position) -> Counts:
    """The count at ``pos``; none when the game ended before its first card (a count of
    0 : 0 would read as if ten tricks had been played for nothing)."""
    if not (pos.declarer_tricks or pos.defender_tricks or pos.trick):
        return None, None
    return pos.card_points, pos.tricks


def counted(state: GameState, upto: int | None = None) -> Counts | None:
    """The count of the cards played (up to event ``upto``); None without a declarer."""
    if state.declarer is None:
        return None
    if not state.tricks and not (state.current is not None and state.current.plays):
        return None, None  # nothing played: nothing to count
    return state.card_points(upto), state.tricks_won(upto)


def from_counts(state: GameState, rules: RuleSet, dp: int, dt: int, ft: int) -> Part:
    """The game valued from final counts as if played out (claims, throw-ins, the last
    trick)."""
    valuation = played_valuation(
        # (type: ignore below) only called once a contract was declared
        state.contract,  # type: ignore[arg-type]
        state.declarer_cards_with_skat(),
        state.bid or 0,
        declarer_points=dp,
        declarer_tricks=dt,
        defender_tricks=ft,
        schwarz_suffered=rules.schwarz_suffered is SchwarzSuffered.AT_LEAST,
    )
    counts = {"declarer": dp, "defenders": 120 - dp}, {"declarer": dt, "defenders": ft}
    return Part(
        outcome=Outcome.WON if valuation.won else Outcome.LOST,
        valuation=valuation,
        counts=counts,
    )


def certain_from(state: GameState, rules: RuleSet, pos: Position, least: int) -> Part | None:
    """The result of a game whose remaining tricks are still to be played from ``pos``
    when no play of them can change it (None where one could): the declarer's side takes
    at least ``least`` of them. Every level is monotone in the declarer's card points and
    tricks, so the two extremes decide: he takes only those ``least`` tricks and no card
    point more, or every remaining trick and card point. Where both are valued alike,
    every play in between is too; the count stays as played (nothing is awarded)."""
    cards = pos.hands[0] | pos.hands[1] | pos.hands[2]
    points = points_of(cards) + sum(CARD_POINTS[c] for _, c in pos.trick)
    left = 10 - pos.declarer_tricks - pos.defender_tricks
    dp, dt, ft = pos.declarer_points, pos.declarer_tricks, pos.defender_tricks
    low = from_counts(state, rules, dp, dt + least, ft + left - least)
    high = from_counts(state, rules, dp + points, dt + left, ft)
    if (low.outcome, low.valuation) != (high.outcome, high.valuation):
        return None
    return low._replace(counts=counts_at(pos))


def judged(
    state: GameState,
    rules: RuleSet,
    pos: Position,
    guilty: str,
    matadors: Matadors | None,
    *,
    decided_counts: bool = True,
) -> Part:
    """A game ended at ``pos`` judged against ``guilty`` (4.1.3-4.1.6, 5.4.3) under
    ``rules``: the valuation, its reasoning, its analysis and the count."""
    assert state.contract is not None and state.declarer is not None
    j = judge_ended(
        state.contract,
        matadors,
        state.bid or 0,
        pos,
        guilty,
        state.declarer,
        rules,
        start=state.start,
        decided_counts=decided_counts,
    )
    return j._replace(counts=counts_at(pos))


def failed_at(
    m: Marker,
    kind: Kind,
    party: Party,
    settled: bool,
    clauses: tuple[str, ...],
    void: Message,
    penalized: Message,
    trick: int | None = None,
) -> Infraction:
    """What a claim or an open play that failed is (``kind``, by ``party`` at the marker
    ``m``): where the game was already decided (``settled``) 4.1.3 keeps it as it was, so
    the infraction is void (explained by ``void``); else it is penalized from its event on
    (``penalized``) and 4.1.3-4.1.6 judge the game."""
    at = m.trick if trick is None else trick
    if settled:
        cites = (*clauses, "ISkO 4.1.3")
        return Infraction(kind, m.seat, party, m.event, at, Status.VOID, cites, void)
    return Infraction(
        kind, m.seat, party, m.event, at, Status.PENALIZED, clauses, penalized, m.event
    )
