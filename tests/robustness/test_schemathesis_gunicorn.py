"""A bounded schemathesis pass against real gunicorn, on SQLite and on PostgreSQL: every
check, every phase (examples, coverage, fuzzing, stateful), and not one
server error. Other check failures belong to the spec's accuracy: they are
printed, and the test fails only on 5xx answers or requests the server dropped.

The pass runs the schemathesis command line (``st run``) on the committed spec, once with
a platform key (it stores disputes, rules, imports) and once with a court key on the
routes of disputes (reads and appeals of the platform's disputes).
"""

from __future__ import annotations

import json
import re
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
from tests.support.service import example

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "api_spec" / "openapi.yaml"
SERVER_ERRORS = {"ST101", "ST102"}  # not_a_server_error, also for undeclared content types
TABLES = ("idempotency_keys", "rulings", "disputes", "api_keys")
DROPPED = re.compile(r"connect|timeout|timed out|network|closed|reset|refused", re.I)


def _st(base: str, secret: str, report: Path, *extra: str) -> dict[str, Any]:
    st = Path(sys.executable).with_name("st")
    run = subprocess.run(
        [
            str(st),
            "run",
            str(SPEC),
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
            "2",
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
        timeout=600,
    )
    assert report.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    doc: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    print(run.stdout[-2500:])  # the summary, for whoever reads the log
    return doc


def _assert_no_server_error(doc: dict[str, Any]) -> None:
    assert doc["complete"], doc["stop_reason"]
    server = [f for f in doc["failures"] if f["code"] in SERVER_ERRORS]
    assert server == [], json.dumps(server, indent=1)[:4000]
    # errors of the generator itself (hypothesis "Runtime Error") are schemathesis's; a
    # request the server dropped or never answered is ours
    dropped = [e for e in doc["errors"] if DROPPED.search(e["title"])]
    assert dropped == [], json.dumps(dropped, indent=1)[:4000]
    for phase in ("examples", "coverage", "fuzzing", "stateful"):
        assert doc["phases"][phase]["status"] != "skipped", (phase, doc["phases"])
    assert doc["operations"]["tested"] >= 1


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


def test_schemathesis_finds_no_server_error_behind_gunicorn(database: str, tmp_path: Path) -> None:
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
        _assert_no_server_error(_st(base, platform, tmp_path / "platform.json"))
        court_run = _st(
            base, court, tmp_path / "court.json", "--include-path-regex", "^/v1/disputes"
        )
        _assert_no_server_error(court_run)
        assert requests.get(f"{base}/health", timeout=30).status_code == 200
