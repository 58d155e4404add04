"""Records whose rulings ask the hardest questions the benchmark could construct.

``bench/hardest_positions.json`` holds hill-climbed positions (ten tricks left, the
declarer in forehand). Each becomes a record a referee could be handed:

- a level question (``schneider``/``points``): a suit or grand hand game with schneider
  announced, in which middlehand fails to follow suit in the first trick and forehand
  objects: the ruling must find out whether schneider was still reachable (4.1.5, 5.4.3),
  from the trick and from the deal;
- a null claim: forehand declares null hand and lays his cards down before the first
  trick: can the defenders force him to take one (4.3.4)?

Only records whose ruling takes a long search (past the light count of
:mod:`referee.rulings.search.gate`) are kept: those are the hardest cases a service
meets, the ones it hands to its low-priority runner.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from referee.core.cards import Card
from referee.core.contracts import Game
from referee.core.tricks import FOLLOWERS
from referee.rulings.search import gate
from referee.service.engine import adjudicate

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "bench" / "hardest_positions.json"
ALL_CARDS = [s + r for s in "CSHD" for r in "AKQJT987"]
T = TypeVar("T")


def _opening(game: str, hands: list[list[str]], declare: dict[str, Any]) -> dict[str, Any]:
    skat = [c for c in ALL_CARDS if not any(c in h for h in hands)]
    return {
        "format": "skat-log/1",
        "meta": {"event": "hardest positions", "game": 1},
        "table_size": 3,
        "deal": {
            "forehand": hands[0],
            "middlehand": hands[1],
            "rearhand": hands[2],
            "skat": skat,
        },
        "events": [
            {"type": "pass", "seat": "middlehand"},
            {"type": "pass", "seat": "rearhand"},
            {"type": "bid", "seat": "forehand", "value": 18},
            {
                "type": "declare",
                "seat": "forehand",
                "game": game,
                "hand": True,
                "schneider": game != "null",
                "schwarz": False,
                "ouvert": False,
                **declare,
            },
        ],
    }


def revoke_record(pos: dict[str, Any]) -> dict[str, Any] | None:
    """The level question's record, or None if middlehand cannot revoke in trick 1."""
    hands = [h.split() for h in pos["hands"]]
    followers = FOLLOWERS[Game(pos["game"])]
    for lead in hands[0]:
        f = followers[Card[lead]]
        follows = [c for c in hands[1] if f >> Card[c] & 1]
        others = [c for c in hands[1] if not f >> Card[c] & 1]
        if follows and others:
            rear = [c for c in hands[2] if f >> Card[c] & 1] or hands[2]
            record = _opening(pos["game"], hands, {})
            record["events"] += [
                {"type": "play", "seat": "forehand", "card": lead},
                {"type": "play", "seat": "middlehand", "card": others[0]},
                {"type": "play", "seat": "rearhand", "card": rear[0]},
                {"type": "objection", "seat": "forehand", "text": "middlehand did not follow"},
            ]
            return record
    return None


def null_claim_record(pos: dict[str, Any]) -> dict[str, Any]:
    record = _opening("null", [h.split() for h in pos["hands"]], {})
    record["events"].append({"type": "lay_down", "seat": "forehand", "note": "takes no trick"})
    return record


def _long(record: dict[str, Any]) -> bool:
    """Does ruling ``record`` take a long search (past the light count, one the service
    hands to its low-priority runner)? Asked through the runner hook, so the answer is
    the engine's own, in nodes: the same on every machine."""
    handed: list[int] = []

    def counting(search: Callable[[], T], /) -> T:
        handed.append(1)
        return search()

    previous = gate.runner()
    gate.set_runner(counting)
    try:
        adjudicate(record)
    finally:
        gate.set_runner(previous)
    return bool(handed)


def heavy_records() -> list[dict[str, Any]]:
    """One record per hill-climbed position whose ruling takes a long search, hardest
    climb first (level questions only from positions climbed with forehand on lead and
    90 needed, as in the record). Most positions give records the engine rules in well
    under a millisecond: after the revoke in trick 1 the question is another one."""
    positions = json.loads(POSITIONS.read_text(encoding="utf-8"))
    positions.sort(key=lambda p: -p["climb_nodes"])
    out = []
    for pos in positions:
        rec = None
        if pos["question"] == "schneider" and pos["game"] != "null":
            rec = revoke_record(pos)
        elif pos["question"] == "null_claim":
            rec = null_claim_record(pos)
        if rec is not None and _long(rec):
            out.append(rec)
    return out
