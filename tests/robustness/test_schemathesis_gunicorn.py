"""A bounded schemathesis pass against real gunicorn, on SQLite and on PostgreSQL: every
check, every phase (examples, coverage, fuzzing, stateful), and not one failure of any
check nor one error: no server error, no request the server dropped, every answer as the
spec says, every request the spec allows accepted (but the refusals no JSON Schema can
say, named per operation in schemathesis.toml) and every request it forbids refused.

The pass runs the schemathesis command line (``st run``) on the committed spec (as the
server under test serves it: ``tests.support.served_spec``), once with
a platform key (it stores disputes, rules, imports, jobs) and once with a court key on
the routes of disputes (reads and appeals of the platform's disputes). It takes some
minutes on two cores: the slow lane.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import requests
from sqlalchemy import text

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.support.gunicorn import gunicorn
from tests.support.served_spec import served_spec
from tests.support.service import example

CONFIG = Path(__file__).with_name("schemathesis.toml")
TABLES = ("job_chunks", "jobs", "webhooks", "idempotency_keys", "rulings", "disputes", "api_keys")

pytestmark = pytest.mark.slow


def _st(base: str, secret: str, report: Path, *extra: str) -> dict[str, Any]:
    st = Path(sys.executable).with_name("st")
    run = subprocess.run(
        [
            str(st),
            "--config-file",
            str(CONFIG),
            "run",
            str(served_spec(base, report.parent)),  # the committed spec, as served
            "--url",
            base,
            "--checks",
            "all",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--max-examples",
            "3",
            "--seed",
            "15",
            "--workers",
            "1",
            "--continue-on-failure",
            "--max-failures",
            "100000",
            "--request-timeout",
            "60",
            "-H",
            f"Authorization: Bearer {secret}",
            "--report",
            "json",
            "--report-json-path",
            str(report),
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=report.parent,  # the run's cache (.schemathesis/) stays out of the checkout
    )
    assert report.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    doc: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    # the failures found (each with its curl to reproduce) and the summary, for whoever
    # reads the log; a line of a request body may be very long
    found = run.stdout[run.stdout.find("= FAILURES =") :] if "= FAILURES =" in run.stdout else ""
    print("\n".join(line[:1500] for line in found.splitlines()[:300]) or run.stdout[-2500:])
    return doc


def _assert_no_failure(doc: dict[str, Any]) -> None:
    assert doc["complete"], doc["stop_reason"]
    assert doc["failures"] == [], json.dumps(doc["failures"], indent=1)[:4000]
    assert doc["errors"] == [], json.dumps(doc["errors"], indent=1)[:4000]
    for phase in ("examples", "coverage", "fuzzing", "stateful"):
        assert doc["phases"][phase]["status"] != "skipped", (phase, doc["phases"])
    assert doc["operations"]["tested"] >= 1
    print("operations", doc["operations"], "test cases", doc["test_cases"])


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'st.db'}"
        backend = SqlBackend(url)
        backend.migrate()
        backend.dispose()
        return url
    url: str = request.getfixturevalue("postgres_url")
    backend = SqlBackend(url)
    with backend.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    backend.dispose()
    return url


def test_schemathesis_finds_no_failure_behind_gunicorn(database: str, tmp_path: Path) -> None:
    backend = SqlBackend(database)
    keys = KeyService(backend.unit_of_work)
    _k, platform = keys.create("platform", "Schemathesis club")
    _k, court = keys.create("court", "Schemathesis court")
    backend.dispose()
    with gunicorn(database, tmp_path, workers=2) as base:
        seeded = requests.post(
            f"{base}/v1/disputes",
            json={"record": example("revoke-objected")},
            headers={"Authorization": f"Bearer {platform}"},
            timeout=60,
        )
        assert seeded.status_code == 201, seeded.text
        _assert_no_failure(_st(base, platform, tmp_path / "platform.json"))
        court_run = _st(
            base, court, tmp_path / "court.json", "--include-path-regex", "^/v1/disputes"
        )
        _assert_no_failure(court_run)
        # the court's pass reached the appeals' own storing path, not only their refusals
        listed = requests.get(
            f"{base}/v1/disputes",
            params={"page_size": 100},
            headers={"Authorization": f"Bearer {court}"},
            timeout=60,
        ).json()
        appealed = sum(1 for d in listed if d["revisions"] > 1)
        print("disputes listed", len(listed), "appealed", appealed)
        assert appealed >= 1
        assert requests.get(f"{base}/health", timeout=30).status_code == 200
