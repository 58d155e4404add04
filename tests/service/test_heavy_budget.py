"""Heavy work is bounded per key by its cost: the search nodes of all the rulings a key
asks for in a window (``REFEREE_HEAVY_BUDGET``), shared by the API and the console. A
ruling that would need more than the key has left is refused with 429 and Retry-After,
never answered with a different, cut-short ruling."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.rulings.search import gate
from referee.rulings.search.gate import metered
from referee.service import engine
from tests.support.heavy import heavy_records
from tests.support.service import example

PROBLEM = "application/problem+json"


#: counted as in a process without a runner (see the fixture)
pytestmark = pytest.mark.usefixtures("no_search_runner")


@pytest.fixture(scope="module")
def heavy() -> tuple[dict[str, Any], int]:
    """A hardest-case record whose ruling runs more than one search, and its nodes."""
    before = gate.runner()
    gate.set_runner(None)  # measured as the apps below count: without a runner
    try:
        for record in heavy_records():
            with metered() as m:
                engine.adjudicate(record)
            if m.used > 20_000:
                return record, m.used
    finally:
        gate.set_runner(before)
    raise AssertionError("no hardest-case record")


def _rule(client: Any, headers: dict[str, str], record: dict[str, Any]) -> Any:
    return client.post(
        "/v1/adjudications",
        data=json.dumps(record),
        headers={**headers, "Content-Type": "application/json"},
    )


def test_a_ruling_within_the_keys_budget_is_the_exact_ruling(make_app, keys, heavy) -> None:
    record, nodes = heavy
    app = make_app(heavy_budget=f"{nodes} per minute")
    r = _rule(app.test_client(), keys["referee"], record)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json() == engine.adjudicate(record)


def test_a_ruling_past_the_keys_budget_is_a_429_not_another_ruling(make_app, keys, heavy) -> None:
    """Before, the only bound on heavy work was the flat request rate."""
    record, nodes = heavy
    app = make_app(heavy_budget=f"{nodes - 1} per minute")
    client = app.test_client()
    r = _rule(client, keys["referee"], record)
    assert r.status_code == 429 and r.mimetype == PROBLEM, r.get_data(as_text=True)
    assert r.get_json(force=True)["code"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    # the key's nodes are spent: it is refused at the door, another key is not
    again = _rule(client, keys["referee"], example("suit-game-clean"))
    assert again.status_code == 429 and int(again.headers["Retry-After"]) >= 1
    assert _rule(client, keys["other_referee"], example("suit-game-clean")).status_code == 200


def test_the_nodes_of_every_request_of_a_key_add_up(make_app, keys, heavy) -> None:
    """Each ruling fits the budget alone; the second does not fit what the first left."""
    record, nodes = heavy
    app = make_app(heavy_budget=f"{nodes + nodes // 2} per minute")
    client = app.test_client()
    assert _rule(client, keys["referee"], record).status_code == 200
    assert _rule(client, keys["referee"], record).status_code == 429


def test_a_dispute_refused_for_its_cost_stores_nothing(make_app, keys, heavy) -> None:
    record, nodes = heavy
    app = make_app(heavy_budget=f"{nodes - 1} per minute")
    client = app.test_client()
    r = client.post("/v1/disputes", json={"record": record}, headers=keys["referee"])
    assert r.status_code == 429, r.get_data(as_text=True)
    mine = make_app().test_client().get("/v1/disputes", headers=keys["referee"])
    assert mine.status_code == 200 and mine.get_json() == [], mine.get_json()
