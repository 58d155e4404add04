"""A stored dispute and an appeal each run the engine once for all three languages."""

from __future__ import annotations

from typing import Any

import pytest

from referee.record.log import GameRecord
from referee.record.replay import Replayer
from referee.service import engine
from tests.support.service import example

SCHEDULE = {"next_series_starts_at": "2026-05-02T14:00:00+02:00"}


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the engine rules, renders, reads a record and replays it (whatever the
    caller: every validated record is a GameRecord, every replay a Replayer)."""
    seen = {"rule": 0, "render": 0, "parse": 0, "replay": 0, "adjudicate": 0}

    def counting(name: str, real: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            seen[name] += 1
            return real(*args, **kwargs)

        return wrapper

    for name in ("rule", "render", "adjudicate"):
        monkeypatch.setattr(engine, name, counting(name, getattr(engine, name)))
    real_init = Replayer.__init__

    def init(self: Replayer, record: Any, *rules: Any) -> None:
        seen["replay"] += 1
        real_init(self, record, *rules)

    monkeypatch.setattr(Replayer, "__init__", init)
    real_post_init = GameRecord.__post_init__

    def post_init(self: GameRecord) -> None:
        seen["parse"] += 1
        real_post_init(self)

    monkeypatch.setattr(GameRecord, "__post_init__", post_init)
    return seen


def test_a_stored_dispute_and_its_appeal_are_each_ruled_once(client, keys, counts) -> None:
    r = client.post(
        "/v1/disputes",
        json={"record": example("revoke-objected"), "meta": SCHEDULE},
        headers=keys["referee"],
    )
    assert r.status_code == 201, r.json
    assert counts == {"rule": 1, "render": 3, "parse": 1, "replay": 1, "adjudicate": 1}
    for key in counts:
        counts[key] = 0
    r = client.post(
        f"/v1/disputes/{r.json['id']}/appeals",
        json={
            "grounds": "the revoke was claimed after the cards were gathered",
            "lodged_at": "2026-05-02T13:45:00+02:00",
            "record": example("false-lead"),
        },
        headers=keys["court"],
    )
    assert r.status_code == 201, r.json
    assert counts == {"rule": 1, "render": 3, "parse": 1, "replay": 1, "adjudicate": 1}


def test_a_stateless_adjudication_reads_and_rules_once(client, keys, counts) -> None:
    r = client.post("/v1/adjudications", json=example("lay-down-claim"), headers=keys["referee"])
    assert r.status_code == 200, r.json
    assert counts == {"rule": 1, "render": 1, "parse": 1, "replay": 1, "adjudicate": 1}
