"""The side-by-side benchmark against skaty: its games become the records the referee rules.

``bench/skaty_games.json`` holds a few games skaty dealt and played (``bench/skaty_side.py
generate``): a game passed in, suit, grand and null games, with and without a pickup. They
need no skaty here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.versus_skaty import SEATS, differences, disagreements, to_record
from referee.record.log import parse_record
from referee.rulings.adjudicate import rule
from referee.rulings.model import Outcome

GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent.parent / "bench" / "skaty_games.json").read_text()
)


def test_every_fixture_game_is_a_clean_game_both_sides_rule_alike() -> None:
    records = [parse_record(to_record(g)) for g in GAMES]
    assert disagreements(GAMES, records) == []
    outcomes = {rule(r).outcome for r in records}
    assert {Outcome.PASSED_IN, Outcome.WON, Outcome.LOST} <= outcomes
    assert all(not rule(r).infractions and not rule(r).analysis for r in records)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "".join(str(a[1]) for a in g["actions"][:4]))
def test_seats_follow_the_dealer_and_the_deal_is_skatys(game: dict[str, Any]) -> None:
    doc = to_record(game)
    dealer = game["dealer"]
    # forehand sits after the dealer, rearhand is the dealer
    assert doc["deal"]["rearhand"] == game["hands"][dealer]
    assert doc["deal"]["forehand"] == game["hands"][(dealer + 1) % 3]
    assert doc["deal"]["skat"] == game["skat"]
    assert len(doc["events"]) == len(game["actions"])
    for event, action in zip(doc["events"], game["actions"], strict=True):
        assert event["seat"] == SEATS[(action[1] - dealer - 1) % 3]
    first = doc["events"][0]
    assert first["seat"] == "middlehand"  # skaty opens the bidding with middlehand too


def test_a_declaration_without_pickup_is_a_hand_game() -> None:
    for game in GAMES:
        doc = to_record(game)
        declared = [e for e in doc["events"] if e["type"] == "declare"]
        picked = any(e["type"] == "pickup" for e in doc["events"])
        for e in declared:
            assert e["hand"] is (not picked)


def test_a_result_that_differs_is_reported() -> None:
    game = next(g for g in GAMES if g["score"] is not None and g["score"] > 0)
    record = parse_record(to_record(game))
    assert differences(game, record) is None
    assert "skaty score" in (differences({**game, "score": -game["score"]}, record) or "")
    moved = {**game, "card_points": game["card_points"] - 1}
    assert "card points" in (differences(moved, record) or "")
    assert "passed in" in (differences({**game, "score": None}, record) or "")
