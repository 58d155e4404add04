"""Claim analysis on hard positions: the declarer lays down with 10, 8 or 6 tricks left.

A claim is hardest to decide when it holds: the search must then refute every defence.
The positions give the declarer strong hands (the four jacks and aces, in grand or in a
suit), play random legal cards up to the claim, and ask the questions a ruling on a
claim asks: can the defenders force a trick (4.3.4), can the declarer still take every
trick (schwarz), can he still reach 90 points (schneider), and can the two players
other than middlehand take a trick against middlehand's claim of the rest (4.3.5).
Null positions give the declarer a hand of low cards (each card drawn with a weight
that falls with its rank) and ask whether the defenders can force him to take a trick
(4.3.4 in null).

Times are the CPU time of the calling thread (``time.thread_time``), the best of
``REPS`` runs of the same search: the searches are deterministic, so the runs do the
same work, and the best one is the least disturbed by other processes on a shared
machine. Node counts do not depend on the machine.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench import hardest
from referee.core.cards import CARD_POINTS, JACKS_MASK, Card, mask_of
from referee.core.contracts import Game
from referee.core.tricks import legal_mask, trick_outcomes, trick_winner
from referee.rulings.claims import (
    NodeLimitReached,
    can_force_trick,
    can_reach_points,
    can_take_all,
)
from referee.rulings.search.sure import sure_tricks
from referee.rulings.search.tables import tables

ACES = mask_of([0, 8, 16, 24])
#: runs of each search; the best CPU time is reported
REPS = 3
#: the questions timed on every position
QUESTIONS = (
    "claim",
    "schwarz",
    "schneider",
    "defender_claim",
    "null_claim",
    "partial_claim",
    "claim_line",
)


def _bits(mask: int) -> list[int]:
    return [c for c in range(32) if (mask >> c) & 1]


def hard_position(rng: random.Random, tricks_left: int) -> dict[str, Any]:
    """A strong declarer (seat 0; 3 in 4) in grand or a suit, random play to ``tricks_left``."""
    game = rng.choice([Game.GRAND, Game.GRAND, Game.CLUBS, Game.HEARTS])
    if rng.random() < 0.25:  # some ordinary deals too: the schneider search works harder
        deck = list(range(32))
        rng.shuffle(deck)
        return _play_to(rng, [mask_of(deck[i : i + 10]) for i in (0, 10, 20)], game, tricks_left)
    strong = _bits(JACKS_MASK) + rng.sample(_bits(ACES), 3)
    if game is not Game.GRAND:
        trumps = [c for c in range(32) if c >> 3 == game.trump_suit.index and c & 7 != 4]
        aces = [c for c in _bits(ACES) if c not in trumps]  # the trump ace is a trump
        strong = _bits(JACKS_MASK) + rng.sample(trumps, 3) + rng.sample(aces, 2)
    rest = [c for c in range(32) if c not in strong]
    rng.shuffle(rest)
    declarer = mask_of(strong + rest[: 10 - len(strong)])
    rest = rest[10 - len(strong) :]
    hands = [declarer, mask_of(rest[0:10]), mask_of(rest[10:20])]
    return _play_to(rng, hands, game, tricks_left)


def null_position(rng: random.Random, tricks_left: int) -> dict[str, Any]:
    """A null declarer (seat 0) with low cards, random play to ``tricks_left``.

    Cards are indexed ace first within each suit (``c & 7``: 0 the ace, 7 the seven), so
    weighting card ``c`` by ``(c & 7) + 1`` makes sevens eight times as likely as aces.
    """
    deck = list(range(32))
    declarer: list[int] = []
    while len(declarer) < 10:
        c = rng.choices(deck, weights=[(x & 7) + 1 for x in deck])[0]
        deck.remove(c)
        declarer.append(c)
    rng.shuffle(deck)
    hands = [mask_of(declarer), mask_of(deck[0:10]), mask_of(deck[10:20])]
    return _play_to(rng, hands, Game.NULL, tricks_left)


def _play_to(rng: random.Random, hands: list[int], game: Game, tricks_left: int) -> dict:
    points = 0
    leader = 0
    for _ in range(10 - tricks_left):
        plays = []
        seat = leader
        for _pos in range(3):
            led = plays[0][1] if plays else None
            legal = _bits(legal_mask(hands[seat], led, game))
            card = rng.choice(legal)
            hands[seat] &= ~(1 << card)
            plays.append((seat, card))
            seat = (seat + 1) % 3
        winner = plays[trick_winner([c for _, c in plays], game)][0]
        if winner == 0:
            points += sum(CARD_POINTS[c] for _, c in plays)
        leader = winner
    return {"hands": hands, "leader": leader, "game": game, "declarer_points": points}


def _warm() -> None:
    """Build the per-game tables once, as the service does at start-up."""
    for game in Game:
        trick_outcomes(game)
        tables(game)


def _timed(ask: Any, reps: int = REPS) -> tuple[float, int, bool | None]:
    """(CPU seconds, best of ``reps``; nodes; answer) of one question; answer None if the
    node limit was hit."""
    best = float("inf")
    for _ in range(reps):
        t = time.thread_time()
        try:
            answer = ask()
        except NodeLimitReached as e:
            return time.thread_time() - t, e.nodes, None
        best = min(best, time.thread_time() - t)
    return best, answer.nodes, answer.answer


def time_position(pos: dict[str, Any]) -> dict[str, Any]:
    """Seconds and nodes of the claim questions on one position."""
    hands, leader, game = pos["hands"], pos["leader"], pos["game"]
    needed = max(0, 90 - pos["declarer_points"])
    left = hands[0].bit_count()
    line = tuple(Card(c) for c in range(32) if (hands[0] >> c) & 1)
    if game is Game.NULL:
        # 4.3.4 in null: can the defenders force the declarer to take a trick?
        per, n, answer = _timed(
            lambda: can_force_trick(hands, leader, (), game, winners=0b001, controllers=0b110)
        )
        return {
            "seconds": per,
            "per_question": {"null_claim": per},
            "nodes": n,
            "timed_out": answer is None,
            "holds": answer is False,
        }
    questions = {
        # 4.3.4: can the defenders force a trick against any play of the declarer?
        "claim": lambda: can_force_trick(hands, leader, (), game, winners=0b110, controllers=0b110),
        # 4.1.5 / 5.4.3: is schwarz still reachable at all?
        "schwarz": lambda: can_take_all(hands, leader, (), game, 0),
        # 4.1.5 / 5.4.3: can the declarer still reach 90 in any line of play?
        "schneider": lambda: can_reach_points(hands, leader, (), game, 0, needed),
        # 4.3.5: middlehand claims the rest; can the declarer and rearhand take a trick?
        "defender_claim": lambda: can_force_trick(
            hands, leader, (), game, winners=0b101, controllers=0b101
        ),
        # 4.3.4 with a count: is the declarer sure of all tricks but one? (Python search)
        "partial_claim": lambda: sure_tricks(hands, leader, (), game, side=0b001, need=left - 1),
        # ... held to a stated line: his cards in the order of the deck, top card first
        "claim_line": lambda: sure_tricks(
            hands, leader, (), game, side=0b001, need=left - 1, holder=0, line=line
        ),
    }
    per: dict[str, float] = {}
    nodes = 0
    limited = False
    holds = None
    for name, ask in questions.items():
        per[name], n, answer = _timed(ask)
        nodes = max(nodes, n)
        limited |= answer is None
        if name == "claim":
            holds = answer is False
    return {
        "seconds": sum(per.values()),
        "per_question": per,
        "nodes": nodes,
        "timed_out": limited,
        "holds": holds,
    }


def _pct(values: list[float], q: float) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def run(*, positions: int = 40, seed: int = 8) -> dict[int, dict]:
    """p50/p95/max CPU milliseconds per question and depth (10, 8, 6 tricks left)."""
    _warm()
    out = {}
    for left in (10, 8, 6):
        rng = random.Random(f"{seed}:{left}")
        runs = [time_position(hard_position(rng, left)) for _ in range(positions)]
        null_rng = random.Random(f"{seed}:null:{left}")
        runs += [time_position(null_position(null_rng, left)) for _ in range(positions)]
        by_question = {}
        for q in QUESTIONS:
            times = [r["per_question"][q] for r in runs if q in r["per_question"]]
            by_question[q] = {
                "p50_ms": _pct(times, 50) * 1e3,
                "p95_ms": _pct(times, 95) * 1e3,
                "max_ms": max(times) * 1e3,
                "seconds": times,
            }
        out[left] = {
            "positions": positions,
            "by_question": by_question,
            "max_nodes": max(r["nodes"] for r in runs),
            "claims_holding": sum(1 for r in runs if r["holds"] and "claim" in r["per_question"]),
            "null_claims_holding": sum(
                1 for r in runs if r["holds"] and "null_claim" in r["per_question"]
            ),
            "timed_out": sum(1 for r in runs if r["timed_out"]),
        }
    return out


def run_hardest() -> dict[str, dict[str, float]]:
    """The hill-climbed positions of bench/hardest_positions.json, per question:
    count, p50 and max CPU milliseconds (best of ``REPS``), max nodes, node limit reached."""
    _warm()
    by: dict[str, list[tuple[float, int, bool | None]]] = {}
    for pos in hardest.load():
        hands, game = hardest.hands_of(pos), Game(pos["game"])
        q, needed, leader = pos["question"], pos["needed"], pos.get("leader", 0)
        by.setdefault(q, []).append(
            _timed(
                lambda q=q, h=hands, g=game, n=needed, ld=leader: hardest.ask(q, h, g, n, leader=ld)
            )
        )
    return {
        q: {
            "positions": len(rows),
            "p50_ms": _pct([r[0] for r in rows], 50) * 1e3,
            "max_ms": max(r[0] for r in rows) * 1e3,
            "max_nodes": max(r[1] for r in rows),
            "limited": sum(1 for r in rows if r[2] is None),
            "seconds": [r[0] for r in rows],
        }
        for q, rows in by.items()
    }


#: the hill-climbed questions and the random positions' name for the same question
SAME_QUESTION = {
    "claim": "claim",
    "defender_claim": "defender_claim",
    "null_claim": "null_claim",
    "schwarz": "schwarz",
    "schneider": "schneider",
    "points": "schneider",
}


def targets(at_ten: dict[str, dict], climbed: dict[str, dict]) -> dict[str, dict[str, float]]:
    """The targets of the claim searches: per question, p50 and max CPU
    milliseconds over the random positions with 10 tricks left plus the hill-climbed
    ones (for "N points" the random positions' 90-reachable question, the same search)."""
    out = {}
    for q, h in climbed.items():
        times = [*at_ten[SAME_QUESTION[q]]["seconds"], *h["seconds"]]
        out[q] = {
            "positions": len(times),
            "p50_ms": _pct(times, 50) * 1e3,
            "max_ms": max(times) * 1e3,
        }
    return out
