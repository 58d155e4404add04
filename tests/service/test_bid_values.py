"""ISkO 3.3.1: a bid is a game value. A record calling another number (19, -5, 10**30) is
refused with the event and field named, never ruled without a word."""

from __future__ import annotations

import pytest

from referee.core.bidding import BID_VALUES
from tests.support.service import example

NOT_BIDS = [19, -5, 0, 17, 265, 10**30, 2**63]


def _with_first_bid(value: object) -> tuple[dict, int]:  # type: ignore[type-arg]
    record = example("suit-game-clean")
    index = next(i for i, e in enumerate(record["events"]) if e["type"] == "bid")
    record["events"][index]["value"] = value
    return record, index


@pytest.mark.parametrize("value", NOT_BIDS)
def test_isko_3_3_1_a_number_that_is_no_game_value_is_refused(client, keys, value) -> None:  # type: ignore[no-untyped-def]
    record, index = _with_first_bid(value)
    r = client.post("/v1/adjudications", json=record, headers=keys["referee"])
    assert r.status_code == 422, r.get_json()
    problem = r.get_json()
    assert problem["code"] == "event.bid_value"
    assert problem["errors"][0]["pointer"] == f"/events/{index}/value"
    assert "ISkO 3.3.1" in problem["detail"]
    r = client.post("/v1/disputes", json={"record": record}, headers=keys["referee"])
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["pointer"] == f"/record/events/{index}/value"
    assert client.get("/v1/disputes", headers=keys["referee"]).get_json() == []


@pytest.mark.parametrize("value", ["18", 18.0, True, None])
def test_isko_3_3_1_a_bid_is_an_integer(client, keys, value) -> None:  # type: ignore[no-untyped-def]
    record, _index = _with_first_bid(value)
    r = client.post("/v1/adjudications", json=record, headers=keys["referee"])
    assert r.status_code == 422, r.get_json()


def test_isko_3_3_1_every_game_value_is_a_bid(client, keys) -> None:  # type: ignore[no-untyped-def]
    from referee.record.log import parse_record

    for value in BID_VALUES:
        record, index = _with_first_bid(value)
        assert parse_record(record).events[index].value == value


def test_isko_3_3_1_an_out_of_order_game_value_is_still_an_irregularity(client, keys) -> None:  # type: ignore[no-untyped-def]
    """A game value called out of turn or too low is ruled (the replayer records it)."""
    record = example("suit-game-clean")
    bids = [i for i, e in enumerate(record["events"]) if e["type"] == "bid"]
    record["events"][bids[1]]["value"] = 18  # not above the 18 already bid
    r = client.post("/v1/adjudications", json=record, headers=keys["referee"])
    assert r.status_code == 200, r.get_json()
