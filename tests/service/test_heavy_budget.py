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


@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/disputes"])
def test_a_long_search_past_the_waiting_bound_is_a_503_and_stores_nothing(
    make_app, keys, heavy, tmp_path, path
) -> None:
    """Requests whose long searches wait for the machine's runner hold their threads;
    past the bound of a worker one is refused with 503 and Retry-After at once (before,
    each waited: forty in flight took every thread from /health)."""
    import fcntl
    import os
    import threading

    from referee.service.analysis_gate import FileGate, LowPriorityRunner

    record, _nodes = heavy
    app = make_app(heavy_budget="")
    lock = tmp_path / "analysis.lock"
    runner = LowPriorityRunner(FileGate(lock), most_waiting=1)
    gate.set_runner(runner)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    first: list[int] = []
    fcntl.flock(fd, fcntl.LOCK_EX)  # another worker's long search
    try:
        body = {"record": record} if path == "/v1/disputes" else record
        waiting = threading.Thread(
            target=lambda: first.append(
                app.test_client().post(path, json=body, headers=keys["referee"]).status_code
            )
        )
        waiting.start()
        while runner.waiting < 1:
            threading.Event().wait(0.01)
        r = app.test_client().post(path, json=body, headers=keys["referee"])
        assert r.status_code == 503 and r.mimetype == PROBLEM, r.get_data(as_text=True)
        assert r.get_json()["code"] == "server.analysis_busy"
        assert int(r.headers["Retry-After"]) >= 1
        # an ordinary ruling needs no long search: it is answered meanwhile
        ordinary = app.test_client().post(
            path,
            json={"record": example("suit-game-clean")}
            if path == "/v1/disputes"
            else example("suit-game-clean"),
            headers=keys["referee"],
        )
        assert ordinary.status_code in (200, 201), ordinary.get_data(as_text=True)
    finally:
        os.close(fd)
    waiting.join(timeout=120)
    gate.set_runner(None)
    assert first == [200 if path == "/v1/adjudications" else 201]
    if path == "/v1/disputes":
        mine = app.test_client().get("/v1/disputes", headers=keys["referee"]).get_json()
        assert len(mine) == 2, mine  # the waiting one and the ordinary one, not the refused


def test_an_import_whose_long_search_is_crowded_out_stops_with_an_error_line(
    make_app, keys
) -> None:
    """An ISS import is one request: a game of it whose ruling needs a long search while
    as many as may wait for one wait ends the import there with the error line
    server.analysis_busy (the games before it ruled), never with a ruling made on less."""
    from tests.support.service import ISS_EXAMPLES

    def crowded(_search: Any, /, *, wait: bool = True) -> Any:
        raise gate.Crowded

    body = (ISS_EXAMPLES / "jskat-samples.sgf").read_text(encoding="utf-8")
    app = make_app(heavy_budget="")
    client = app.test_client()
    headers = {**keys["platform"], "Content-Type": "text/x-iss-sgf"}
    alone = client.post("/v1/imports/iss", data=body, headers=headers)
    assert alone.status_code == 200
    gate.set_runner(crowded)
    try:
        with metered() as m:
            m.charge(gate.LIGHT_NODES)  # every search of the request is a long one now
            r = client.post("/v1/imports/iss", data=body, headers=headers)
            lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines() if x]
    finally:
        gate.set_runner(None)
    busy = [x for x in lines if x.get("error", {}).get("code") == "server.analysis_busy"]
    assert len(busy) == 1, lines
    stopped = lines.index(busy[0])
    assert lines[-1]["summary"]["games"] == stopped + 1  # the rest was not read
    ruled_alone = [json.loads(x) for x in alone.get_data(as_text=True).splitlines() if x]
    assert lines[:stopped] == ruled_alone[:stopped]
