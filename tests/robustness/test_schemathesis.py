"""The committed OpenAPI spec against the app: no 5xx, responses match it.

Two passes: hypothesis-driven cases per operation against the WSGI app, and a bounded
``schemathesis run`` with every check (status codes, content types, headers, bodies,
valid data accepted, invalid data rejected, unsupported methods, ignored auth, ...)
against real gunicorn, with the platform, court and admin keys on SQLite, and with the
platform and court keys on PostgreSQL where its storage differs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from sqlalchemy import text

schemathesis = pytest.importorskip("schemathesis")
from schemathesis import checks  # noqa: E402

from referee.app import create_app  # noqa: E402
from referee.service.settings import Settings  # noqa: E402
from referee.storage.backend import SqlBackend  # noqa: E402
from tests.conftest import TABLES  # noqa: E402
from tests.support.live import LiveServer  # noqa: E402
from tests.support.served_spec import served_spec  # noqa: E402

SPEC = Path(__file__).resolve().parents[2] / "api_spec" / "openapi.yaml"
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


@pytest.fixture(scope="module")
def spec_app(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The app on a fresh SQLite database, with a platform key for the calls."""
    url = f"sqlite:///{tmp_path_factory.mktemp('spec') / 'spec.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    app = create_app(
        Settings(database_url=url, rate_limit="100000 per minute"),
        backend=backend,
    )
    app.config["TESTING"] = True
    _key, secret = app.extensions["referee"].keys.create("platform", "Spec checks")
    yield app, {"Authorization": f"Bearer {secret}"}
    backend.dispose()


SCHEMA = schemathesis.openapi.from_path(SPEC)
OPERATIONS = {op.label: op for op in (r.ok() for r in SCHEMA.get_all_operations())}


# Deviations of the committed spec found by this test (see docs/performance.md); a fixed
# one makes its test pass, and strict xfail then fails: remove the entry.
EXTRA_PROBLEM_FIELDS = "ProblemItem forbids extra fields, the app adds its 'where' keys"
PROBLEM_CONTENT_TYPE = "default error documented as application/json, sent as problem+json"
KNOWN: dict[str, str] = {}


def _run(label: str, spec_app, checks_to_run) -> None:  # type: ignore[no-untyped-def]
    app, headers = spec_app
    SCHEMA.app = app
    operation = OPERATIONS[label]

    @given(case=operation.as_strategy())
    @settings(
        max_examples=15,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def check(case) -> None:  # type: ignore[no-untyped-def]
        case.call_and_validate(
            app=app, headers={**headers, **(case.headers or {})}, checks=checks_to_run
        )

    check()


HUGE_ID = "a dispute id above 2**63 overflows SQLite: 500 instead of 404"
KNOWN_5XX: dict[str, str] = {}


def _cases(known: dict[str, str]) -> list:  # type: ignore[type-arg]
    return [
        pytest.param(label, marks=pytest.mark.xfail(reason=known[label], strict=True))
        if label in known
        else label
        for label in sorted(OPERATIONS)
    ]


@pytest.mark.parametrize("label", _cases(KNOWN_5XX))
def test_api_never_answers_5xx(label: str, spec_app) -> None:  # type: ignore[no-untyped-def]
    _run(label, spec_app, [checks.not_a_server_error, checks.status_code_conformance])


@pytest.mark.parametrize("label", _cases({**KNOWN, **KNOWN_5XX}))
def test_api_responses_match_the_committed_spec(label: str, spec_app) -> None:  # type: ignore[no-untyped-def]
    _run(label, spec_app, CHECKS)


# -- schemathesis run, every check, against real gunicorn ---------------------------------

CONFIG = Path(__file__).with_name("schemathesis.toml")
#: (key, which operations, time budget in seconds): each key where its role may act
PASSES = [
    ("platform", ["--exclude-path-regex", "appeals|/v1/keys"], 45),
    ("court", ["--include-path-regex", "appeals"], 20),
    ("admin", ["--include-path-regex", "/v1/keys"], 20),
]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    server = LiveServer(tmp_path_factory.mktemp("schemathesis"))
    yield server
    server.stop()


def _st_run(
    base: str,
    secret: str,
    select: list[str],
    budget: int | None,
    tmp_path: Path,
    *,
    examples: int = 5,
    phases: str = "examples,coverage,fuzzing",
) -> str:
    """``st run`` with every check against ``base``, bounded in examples per operation and,
    with a ``budget``, in time (--max-time), seeded; asserts no failure and returns the
    summary."""
    report = tmp_path / "report"
    argv = [
        sys.executable,
        "-m",
        "schemathesis.cli",
        "--config-file",
        str(CONFIG),
        "run",
        str(served_spec(base, tmp_path)),  # the committed spec, as the server serves it
        "--url",
        base,
        "--header",
        f"Authorization: Bearer {secret}",
        "--checks",
        "all",
        "--phases",
        phases,
        "--max-examples",
        str(examples),
        *(["--max-time", str(budget)] if budget else []),
        "--seed",
        "16",
        "--workers",
        "1",
        "--no-color",
        "--report",
        "ndjson",
        "--report-dir",
        str(report),
        *select,
    ]
    # in tmp_path: the run's cache (.schemathesis/) stays out of the checkout
    run = subprocess.run(
        argv, capture_output=True, text=True, timeout=(budget or 480) + 120, cwd=tmp_path
    )
    summary = run.stdout[run.stdout.find("=== SUMMARY") :] if "SUMMARY" in run.stdout else ""
    assert "Tested:" in summary, run.stdout[-3000:] + run.stderr[-2000:]
    assert run.returncode == 0 and "Failures:" not in summary, run.stdout[-6000:]
    events = [json.loads(line) for f in report.glob("*.ndjson") for line in f.open()]
    assert events, "no report written"
    return summary


@pytest.mark.parametrize(("role", "select", "budget"), PASSES, ids=[p[0] for p in PASSES])
def test_schemathesis_run_with_every_check_finds_no_failure(live, tmp_path, role, select, budget):  # type: ignore[no-untyped-def]
    _st_run(live.base, live.secrets[role], select, budget, tmp_path)


#: the PostgreSQL pass: the operations whose storage differs from SQLite's (the event
#: filter folded by translate(), LIKE on the stored kinds, the column widths PostgreSQL
#: enforces, U+0000 refused in text, jobs' chunks, webhooks' URLs), each with the key
#: that may call it and the phases it needs: the platform's writes with the coverage
#: phase (every length and pattern boundary of what they store), the court's appeals of
#: the disputes the platform stored without it but with the stateful phase (the disputes
#: listed are the ones appealed; a record's boundaries are the platform's). Bounded in
#: examples, not in time, so that a loaded machine tests the same cases, only later.
PG_PASSES = [
    (
        "platform",
        "createDispute listDisputes importIss createJob appendJobPart createWebhook".split(),
        "examples,coverage,fuzzing",
    ),
    (
        "court",
        "listDisputes lodgeAppeal listRulings getRuling".split(),
        "examples,fuzzing,stateful",
    ),
]
PG_EXAMPLES = 2


@pytest.mark.postgres
def test_schemathesis_run_on_postgresql_finds_no_failure(postgres_url: str, tmp_path: Path) -> None:
    backend = SqlBackend(postgres_url)
    with backend.engine.begin() as conn:
        conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    backend.dispose()
    server = LiveServer(tmp_path, database_url=postgres_url)
    try:
        for role, operations, phases in PG_PASSES:
            (tmp_path / role).mkdir()
            select = [a for op in operations for a in ("--include-operation-id", op)]
            summary = _st_run(
                server.base,
                server.secrets[role],
                select,
                None,
                tmp_path / role,
                examples=PG_EXAMPLES,
                phases=phases,
            )
            print(role, summary)
    finally:
        server.stop()
    backend = SqlBackend(postgres_url)
    with backend.engine.connect() as conn:
        stored = conn.execute(text("SELECT count(*) FROM disputes")).scalar_one()
        appealed = conn.execute(
            text("SELECT count(*) FROM rulings WHERE revision > 1")
        ).scalar_one()
    backend.dispose()
    print(f"stored on PostgreSQL: {stored} disputes, {appealed} revisions by appeals")
    assert stored and appealed, "the passes reached neither the storing nor the appeals"
