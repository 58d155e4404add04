"""Seeded game corpora for the benchmarks: skat-log/1 documents, JSON lines, ISS lines.

>>> docs = corpus(4, seed=1)
>>> len(docs), {d["format"] for d in docs}
(4, {'skat-log/1'})
>>> line = to_iss(docs[0], 7)
>>> line.startswith("(;GM[Skat]") and line.endswith(";)")
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from tests.support.generate import INFRACTIONS, random_game

SEAT_NO = {"forehand": "0", "middlehand": "1", "rearhand": "2"}
GAME_LETTER = {
    "grand": "G",
    "clubs": "C",
    "spades": "S",
    "hearts": "H",
    "diamonds": "D",
    "null": "N",
}
#: the infractions an ISS record can carry (the server knows no objections or remarks)
ISS_SHORTENINGS = {"concede": "RE", "lay_down": "SC"}


def corpus(n: int, *, seed: int = 2024, infraction: str | None = None) -> list[dict[str, Any]]:
    """``n`` games from one seed; ``infraction`` injects that kind into every game."""
    rng = random.Random(f"{seed}:{infraction}")
    return [random_game(rng, infraction=infraction) for _ in range(n)]


def mixed_corpus(n: int, *, seed: int = 2024) -> dict[str, list[dict[str, Any]]]:
    """``n`` clean games plus ``n // len(INFRACTIONS)`` games of each infraction kind."""
    out = {"clean": corpus(n, seed=seed)}
    per_kind = max(1, n // len(INFRACTIONS))
    for kind in INFRACTIONS:
        out[kind] = corpus(per_kind, seed=seed, infraction=kind)
    return out


def json_line(doc: dict[str, Any]) -> str:
    return json.dumps(doc, separators=(",", ":"))


def to_iss(doc: dict[str, Any], game_id: int) -> str:
    """One ISS record line for a generated game (bidding, skat, declaration, play, resign).

    Objections, remarks and the like have no ISS move; such events are left out.
    """
    deal = doc["deal"]
    moves = ["w", ".".join(deal["forehand"] + deal["middlehand"] + deal["rearhand"] + deal["skat"])]
    events = doc["events"]
    declarer = None
    for i, e in enumerate(events):
        kind = e["type"]
        seat = SEAT_NO.get(e.get("seat", ""), "")
        if kind == "bid":
            moves += [seat, str(e["value"])]
        elif kind in ("hold", "pass"):
            moves += [seat, "y" if kind == "hold" else "p"]
        elif kind == "pickup":
            declarer = seat
            moves += [seat, "s", "w", ".".join(deal["skat"])]
        elif kind == "discard":
            continue  # written with the declaration
        elif kind == "declare":
            flags = "".join(
                letter
                for name, letter in (("hand", "H"), ("schneider", "S"), ("schwarz", "Z"))
                if e.get(name)
            )
            if e.get("ouvert"):
                flags += "O"
            if e.get("ouvert") and e["game"] != "null":
                flags = "O"  # suit and grand ouvert imply hand, schneider and schwarz
            action = GAME_LETTER[e["game"]] + flags
            discards = [x["cards"] for x in events[:i] if x["type"] == "discard"]
            if discards:
                action += "." + ".".join(discards[-1])
            moves += [seat, action]
        elif kind == "play":
            moves += [seat, e["card"]]
        elif kind in ISS_SHORTENINGS:
            moves += [seat, ISS_SHORTENINGS[kind]]
    result = (
        "passed"
        if declarer is None and not any(e["type"] == "declare" for e in events)
        else "d:0 win v:0"
    )
    return (
        f"(;GM[Skat]PC[bench]SE[1]ID[{game_id}]DT[2024-01-01/00:00:00/UTC]"
        f"P0[a]P1[b]P2[c]MV[{' '.join(moves)}]R[{result}] ;)"
    )


def iter_lines(docs: list[dict[str, Any]], total: int, *, iss: bool) -> Iterator[str]:
    """``total`` input lines cycling over ``docs`` (ISS or skat-log/1 JSON lines)."""
    encoded = [to_iss(d, i) if iss else json_line(d) for i, d in enumerate(docs)]
    for k in range(total):
        yield encoded[k % len(encoded)]
