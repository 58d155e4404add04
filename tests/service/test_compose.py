"""compose.yaml cannot run here (no container engine): it is parsed and held to the
commands and settings the tests run for real."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import yaml

from referee.cli import build_parser
from referee.service.settings import Settings
from tests.support.stack import job_env

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_the_service_the_workers_postgresql_and_redis() -> None:
    services = _compose()["services"]
    assert set(services) == {"referee", "worker", "db", "redis", "proxy"}
    assert services["proxy"]["image"].startswith("nginx:")
    assert "ports" not in services["referee"]  # reached through the buffering proxy only
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    assert services["referee"]["build"] == services["worker"]["build"] == "."
    assert services["worker"]["deploy"]["replicas"] >= 2


def test_its_commands_are_referee_commands_that_parse() -> None:
    services = _compose()["services"]
    parser = build_parser()
    serve = services["referee"]["command"]
    worker = services["worker"]["command"]
    assert serve[:2] == ["referee", "serve"] and "--no-worker" in serve
    assert worker[:2] == ["referee", "worker"]
    for command in (serve, worker):
        args = parser.parse_args(command[1:])
        assert args.command == command[1], shlex.join(command)


def test_its_settings_are_the_ones_the_deployment_tests_set() -> None:
    env = _compose()["services"]["worker"]["environment"]
    assert env == _compose()["services"]["referee"]["environment"]
    settings = Settings.from_env({k: str(v) for k, v in env.items()})
    assert settings.database_url.startswith("postgresql://")
    assert settings.redis_url and settings.redis_url.startswith("redis://")
    assert settings.rate_limit_storage.startswith("redis://")
    assert settings.job_lease_s == float(env["REFEREE_JOB_LEASE_S"])
    # every variable the compose file sets is one the tests' deployments set too
    tested = set(job_env("postgresql://x/y", ROOT, REDIS_URL="redis://r")) | {
        "REFEREE_RATE_LIMIT_STORAGE",
        "REFEREE_PROXIES",  # tests/robustness/test_slow_clients.py sets it behind nginx
        # tests/robustness/test_two_instances.py: a shared key, a socket per instance
        "REFEREE_SECRET_KEY",
        "REFEREE_CONTROL_SOCKET",
    }
    assert set(env) <= tested


def test_the_dockerfile_builds_what_compose_runs() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert 'CMD ["referee", "serve"' in dockerfile
    assert "pip install" in dockerfile and "COPY referee ./referee" in dockerfile
