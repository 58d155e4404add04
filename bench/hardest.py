"""Hardest positions for the claim and level searches, found by hill-climbing.

Start from random deals (10 tricks left, forehand leads, the declarer in forehand),
mutate by swapping one card between two hands, keep the harder position. "Harder" is
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
#: nodes one climbing step may spend per question (keeps the climb itself bounded)
CLIMB_LIMIT = 100_000
QUESTIONS = ("claim", "null_claim", "schwarz", "schneider")


def ask(question: str, hands: list[int], game: Game, needed: int = 90, limit: int = 0) -> Any:
    """One of the benchmark's questions; the declarer is forehand and leads."""
    kw = {"node_limit": limit} if limit else {}
    if question == "claim":  # 4.3.4: can the defenders take a trick?
        return can_force_trick(hands, 0, (), game, winners=0b110, controllers=0b110, **kw)
    if question == "null_claim":  # 4.3.4 null: can they force the declarer to take one?
        return can_force_trick(hands, 0, (), game, winners=0b001, controllers=0b110, **kw)
    if question == "schwarz":  # 4.1.5 / 5.4.3
        return can_take_all(hands, 0, (), game, 0, **kw)
    return can_reach_points(hands, 0, (), game, 0, needed, **kw)  # schneider: 90 reachable


def _nodes(question: str, hands: list[int], game: Game) -> int:
    try:
        return int(ask(question, hands, game, limit=CLIMB_LIMIT).nodes)
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
    best = _nodes(question, [mask_of(h) for h in hands], game)
    for _ in range(steps):
        a, b = rng.sample(range(3), 2)
        i, j = rng.randrange(10), rng.randrange(10)
        trial = [list(h) for h in hands]
        trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        nodes = _nodes(question, [mask_of(h) for h in trial], game)
        if nodes >= best:
            hands, best = trial, nodes
    return {
        "question": question,
        "game": game.value,
        "hands": [" ".join(Card(c).name for c in sorted(h)) for h in hands],
        "needed": 90,
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
    ap.add_argument("--rounds", type=int, default=6, help="climbs per question")
    ap.add_argument("--steps", type=int, default=60, help="mutations per climb")
    ap.add_argument("--seed", default="hardest")
    ap.add_argument("--out", type=Path, default=FILE)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    found = []
    for question in QUESTIONS:
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
