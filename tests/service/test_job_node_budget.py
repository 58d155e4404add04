"""A bulk job's searches spend its key's heavy budget, the one its API calls and console
posts count against (``REFEREE_HEAVY_BUDGET``): a key cannot get round the budget by
sending its hardest records as a job. A record the key has no nodes left for is an error
line of the job (``rate.search_budget``), never a ruling made on fewer nodes; what the
job's searches took is counted against the key, so its next API ruling finds it spent.
Other keys keep their own budget."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee.api.ratelimit import KeyNodeBudget, MemoryCounter, job_budget
from referee.rulings.search import gate
from referee.rulings.search.gate import metered
from referee.service import engine
from referee.service.lines import rule_job_line
from tests.support.heavy import heavy_records
from tests.support.service import example

NDJSON = "application/x-ndjson"


#: counted as in a process without a runner (see the fixture)
pytestmark = pytest.mark.usefixtures("no_search_runner")


@pytest.fixture(scope="module")
def heavy() -> tuple[dict[str, Any], int]:
    """A hardest-case record and the nodes its ruling searches."""
    before = gate.runner()
    gate.set_runner(None)
    try:
        for record in heavy_records():
            with metered() as m:
                engine.adjudicate(record)
            if m.used > 20_000:
                return record, m.used
    finally:
        gate.set_runner(before)
    raise AssertionError("no hardest-case record")


def _app(make_app: Callable[..., Flask], tmp_path: Path, budget: str) -> Flask:
    return make_app(
        heavy_budget=budget,
        job_chunk_records=2,
        queue_path=str(tmp_path / "queue.db"),
    )


def _keys(app: Flask) -> dict[str, dict[str, str]]:
    out = {}
    for name, owner in (("platform", "ISS"), ("other", "Other platform")):
        _key, secret = app.extensions["referee"].keys.create("platform", owner)
        out[name] = {"Authorization": f"Bearer {secret}"}
    return out


def _job(app: Flask, headers: dict[str, str], records: list[dict[str, Any]]) -> list[Any]:
    """Submit the records as a job, rule its chunks as a worker would, read the results."""
    client = app.test_client()
    body = "".join(json.dumps(r) + "\n" for r in records).encode()
    r = client.post("/v1/jobs", data=body, headers={**headers, "Content-Type": NDJSON})
    assert r.status_code == 202, r.get_data(as_text=True)
    job = r.get_json()
    jobs = app.extensions["referee"].jobs
    for no in range(job["chunks"]):
        assert jobs.run_chunk(job["id"], no) is True
    # read through the service: a key whose nodes are spent is refused every /v1 call
    # until its window ends (429), its job's results included
    who = app.extensions["referee"].keys.authenticate(headers["Authorization"].split()[1])
    _job_row, body, _next = jobs.results(who, job["id"])
    return [json.loads(line) for line in b"".join(body).decode().splitlines()]


def _expected(record: dict[str, Any], line_no: int) -> Any:
    return json.loads(rule_job_line((line_no, json.dumps(record)), iss=False, lang="en")[0])


def test_a_job_within_the_keys_budget_is_ruled_exactly_and_charged(
    make_app: Callable[..., Flask], tmp_path: Path, heavy: tuple[dict[str, Any], int]
) -> None:
    record, nodes = heavy
    app = _app(make_app, tmp_path, f"{nodes + 10} per minute")
    keys = _keys(app)
    lines = _job(app, keys["platform"], [record])
    assert lines[0] == _expected(record, 1)
    assert lines[-1]["summary"] == {"records": 1, "ruled": 1, "errors": 0}
    # the job spent the key's nodes: its next API ruling that searches is refused
    client = app.test_client()
    again = client.post("/v1/adjudications", json=record, headers=keys["platform"])
    assert again.status_code == 429, again.get_data(as_text=True)
    # another key has its own budget
    other = client.post("/v1/adjudications", json=record, headers=keys["other"])
    assert other.status_code == 200


def test_a_job_past_the_keys_budget_gets_error_lines_not_other_rulings(
    make_app: Callable[..., Flask], tmp_path: Path, heavy: tuple[dict[str, Any], int]
) -> None:
    """Before, jobs searched without any bound: a key at its budget sent its hardest
    records as a job and had them all ruled."""
    record, nodes = heavy
    app = _app(make_app, tmp_path, f"{nodes + nodes // 2} per minute")
    keys = _keys(app)
    clean = example("suit-game-clean")
    lines = _job(app, keys["platform"], [record, record, clean])
    assert lines[0] == _expected(record, 1)  # within the budget: the exact ruling
    assert lines[1]["error"]["code"] == "rate.search_budget"  # would pass it: not ruled
    assert lines[1]["line"] == 2
    assert lines[-1]["summary"]["errors"] >= 1
    # the other key's job is ruled in full
    theirs = _job(app, keys["other"], [record])
    assert theirs[0] == _expected(record, 1)


def test_the_worker_process_counts_in_the_store_the_api_counts_in() -> None:
    """``referee worker`` builds its budget from the same settings as the web workers:
    with a shared store (Redis) the counts are one; in memory, per process."""
    assert job_budget("", "memory://") is None
    budget = job_budget("100 per minute", "memory://")
    assert isinstance(budget, KeyNodeBudget) and isinstance(budget.counter, MemoryCounter)
    assert budget.left(7) == 100
    budget.charge(7, 60)
    assert budget.left(7) == 40 and budget.left(8) == 100
    # the web workers' count of key 7 is the same entry
    assert budget.counter.hit("heavy:key:7", 0)[1] == 40
