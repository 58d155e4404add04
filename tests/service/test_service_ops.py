"""Migrations, the OpenAPI spec, the CLIs, and gunicorn for real."""

from __future__ import annotations

import argparse
import subprocess
import threading
from pathlib import Path

import pytest
import requests
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from referee.cli import keys as keys_cli
from referee.cli import openapi as openapi_cli
from referee.cli import serve as serve_cli
from referee.storage.backend import SqlBackend
from referee.storage.models import Base
from tests.support.gunicorn import Served
from tests.support.service import ROOT, example


def _ours(name: str | None, type_: str, _parent: object) -> bool:
    """Tables of the referee's schema: on PostgreSQL the task queue (Huey) keeps its own
    tables, ``huey_*``, in the same database, outside the migrations."""
    return not (type_ == "table" and (name or "").startswith("huey_"))


def test_migrations_match_the_models(database_url):
    backend = SqlBackend(database_url)
    try:
        with backend.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"include_name": _ours})
            assert compare_metadata(context, Base.metadata) == []
        assert backend.status()[0]
        backend.migrate()  # idempotent
    finally:
        backend.dispose()


def test_committed_openapi_spec_matches_the_app():
    committed = (ROOT / "api_spec" / "openapi.yaml").read_text(encoding="utf-8")
    assert committed == openapi_cli.spec_yaml(), "run: make spec"


def test_committed_format_schemas_match_the_served_ones(tmp_path):
    openapi_cli.write_formats(tmp_path)
    for written in tmp_path.iterdir():
        committed = ROOT / "api_spec" / written.name
        assert committed.read_bytes() == written.read_bytes(), (
            f"api_spec/{written.name} is a copy: edit referee/api/formats/{written.name}, "
            "then run make spec"
        )


def test_docs_and_spec_are_served(client):
    assert client.get("/openapi.json").json["info"]["title"] == "Skat referee"
    assert b"swagger" in client.get("/docs").data.lower()
    assert client.get("/redoc").status_code == 200


def _cli(register, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register(parser)
    return parser.parse_args(argv)


def test_keys_cli_create_list_revoke(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'k.db'}")
    args = _cli(keys_cli.register, ["create", "--role", "court", "--owner", "Skatgericht"])
    assert args.run(args) == 0
    secret = capsys.readouterr().out.splitlines()[0]
    assert secret.startswith("rk_")
    args = _cli(keys_cli.register, ["list"])
    assert args.run(args) == 0
    listing = capsys.readouterr().out
    assert "court" in listing and "Skatgericht" in listing and secret not in listing
    assert "last used (UTC)" in listing and " never " in listing
    args = _cli(keys_cli.register, ["revoke", "1"])
    assert args.run(args) == 0 and "revoked key 1" in capsys.readouterr().out
    args = _cli(keys_cli.register, ["revoke", "7"])
    assert args.run(args) == 2


def test_serve_makes_one_first_admin_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    args = _cli(serve_cli.register, ["--no-server"])
    assert args.run(args) == 0
    secret = (tmp_path / "var" / "dev-admin-key").read_text().strip()
    out = capsys.readouterr()
    assert secret not in out.out + out.err  # the key is never in the log
    assert "var/dev-admin-key" in out.out
    assert "/console/" in out.out and "QR code" in out.out  # the way forward
    assert (tmp_path / "var" / "referee.db").is_file()
    assert oct((tmp_path / "var" / "dev-admin-key").stat().st_mode & 0o777) == "0o600"
    assert args.run(args) == 0
    assert "dev-admin-key" not in capsys.readouterr().out  # only when a key was made
    assert serve_cli.gunicorn_config() == ROOT / "gunicorn.conf.py" or Path.cwd() == tmp_path


@pytest.mark.slow
def test_gunicorn_serves_a_dispute_over_http(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    from referee.service.keys import KeyService

    _key, secret = KeyService(backend.unit_of_work).create("referee", "Club")
    backend.dispose()
    server = Served(url, tmp_path, workers=2, stderr=subprocess.PIPE)
    base = server.base
    try:
        headers = {"Authorization": f"Bearer {secret}", "Idempotency-Key": "once"}
        body = {"record": example("false-lead"), "note": "over HTTP"}
        results: list[requests.Response] = []

        def post() -> None:
            results.append(
                requests.post(base + "/v1/disputes", json=body, headers=headers, timeout=60)
            )

        threads = [threading.Thread(target=post) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert {r.status_code for r in results} == {201}, [r.text for r in results]
        assert len({r.json()["id"] for r in results}) == 1
        location = results[0].headers["Location"]
        back = requests.get(base + location, headers=headers, timeout=10)
        assert back.status_code == 200 and back.json()["note"] == "over HTTP"
        listed = requests.get(base + "/v1/disputes", headers=headers, timeout=10)
        assert len(listed.json()) == 1
    finally:
        err = server.stop()
    assert "Traceback" not in err, err
