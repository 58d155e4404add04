"""Hardest positions for the claim and level searches, found by hill-climbing.

Start from random deals (10 tricks left, the declarer in forehand), mutate by swapping
one card between two hands (now and then by moving the lead to another seat or, for the
points question, moving the points needed), keep the harder position. "Harder" is
measured in search nodes, which are the same on every machine (a slower machine would
otherwise find other positions). The positions found are saved to
``bench/hardest_positions.json``; ``python -m bench --only claims`` re-times them.

``python -m bench.hardest [--rounds N] [--steps N] [--seed S]`` rewrites the file.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from referee.core.cards import Card, mask_of
from referee.core.contracts import Game
from referee.rulings.claims import (
    NodeLimitReached,
    can_force_trick,
    can_reach_points,
    can_take_all,
)

HERE = Path(__file__).resolve().parent
FILE = HERE / "hardest_positions.json"
#: nodes one climbing step may spend per question (the rulings' own limit)
CLIMB_LIMIT = 5_000_000
QUESTIONS = ("claim", "null_claim", "defender_claim", "schwarz", "schneider", "points")


def ask(
    question: str, hands: list[int], game: Game, needed: int = 90, limit: int = 0, leader: int = 0
) -> Any:
    """One question about a position; the declarer is forehand, ``leader`` leads."""
    kw = {"node_limit": limit} if limit else {}
    if question == "claim":  # 4.3.4: can the defenders take a trick?
        return can_force_trick(hands, leader, (), game, winners=0b110, controllers=0b110, **kw)
    if question == "null_claim":  # 4.3.4 null: can they force the declarer to take one?
        return can_force_trick(hands, leader, (), game, winners=0b001, controllers=0b110, **kw)
    if question == "defender_claim":  # 4.3.5: middlehand claims the rest; can the others
        # (the declarer and the claimer's partner, each playing as he likes) take a trick?
        return can_force_trick(hands, leader, (), game, winners=0b101, controllers=0b101, **kw)
    if question == "schwarz":  # 4.1.5 / 5.4.3
        return can_take_all(hands, leader, (), game, 0, **kw)
    # schneider (90 reachable) and points (any target): 4.1.5 / 5.4.3
    return can_reach_points(hands, leader, (), game, 0, needed, **kw)


def _nodes(question: str, hands: list[int], game: Game, needed: int, leader: int) -> int:
    try:
        return int(ask(question, hands, game, needed, CLIMB_LIMIT, leader).nodes)
    except NodeLimitReached:
        return CLIMB_LIMIT


def climb(rng: random.Random, question: str, steps: int) -> dict[str, Any]:
    """One hill-climb from a random deal; the hardest position it met."""
    if question == "null_claim":
        game = Game.NULL
    else:
        game = rng.choice([Game.GRAND, Game.CLUBS, Game.SPADES, Game.HEARTS, Game.DIAMONDS])
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [deck[0:10], deck[10:20], deck[20:30]]
    needed = rng.randrange(31, 120) if question == "points" else 90
    leader = rng.randrange(3) if question == "points" else 0
    best = _nodes(question, [mask_of(h) for h in hands], game, needed, leader)
    for _ in range(steps):
        trial = [list(h) for h in hands]
        t_needed, t_leader = needed, leader
        roll = rng.random()
        if question == "points" and roll < 0.1:
            t_needed = min(119, max(31, needed + rng.choice([-5, -3, -1, 1, 3, 5])))
        elif question == "points" and roll < 0.2:
            t_leader = (leader + rng.randrange(1, 3)) % 3
        else:
            a, b = rng.sample(range(3), 2)
            i, j = rng.randrange(10), rng.randrange(10)
            trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        nodes = _nodes(question, [mask_of(h) for h in trial], game, t_needed, t_leader)
        if nodes >= best:
            hands, best, needed, leader = trial, nodes, t_needed, t_leader
    masks = [mask_of(h) for h in hands]
    return {
        "question": question,
        "game": game.value,
        "hands": [" ".join(Card(c).name for c in sorted(h)) for h in hands],
        "leader": leader,
        "needed": needed,
        # the answer as found; the tests hold every later engine to it
        "answer": bool(ask(question, masks, game, needed, CLIMB_LIMIT, leader).answer),
        "climb_nodes": best,
    }


def load(path: Path = FILE) -> list[dict[str, Any]]:
    """The saved positions ([] when the file is missing)."""
    if not path.exists():
        return []
    return list(json.loads(path.read_text(encoding="utf-8")))


def hands_of(pos: dict[str, Any]) -> list[int]:
    return [mask_of(Card[c] for c in h.split()) for h in pos["hands"]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.hardest", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--rounds", type=int, default=8, help="climbs per question")
    ap.add_argument("--steps", type=int, default=200, help="mutations per climb")
    ap.add_argument("--seed", default="hardest")
    ap.add_argument("--out", type=Path, default=FILE)
    ap.add_argument("--only", default=",".join(QUESTIONS), help="questions, comma-separated")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    found = []
    for question in args.only.split(","):
        for _ in range(args.rounds):
            pos = climb(rng, question, args.steps)
            print(f"{question:<10} {pos['game']:<8} {pos['climb_nodes']:>8,} nodes", flush=True)
            found.append(pos)
    found.sort(key=lambda p: (p["question"], -p["climb_nodes"]))
    args.out.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
