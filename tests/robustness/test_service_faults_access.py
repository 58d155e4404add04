"""Faults and access through the app: database down, bad bodies, keys and roles.

The database unreachable must give 503 and recover without a restart; a corrupt or
oversize body a 4xx; every endpoint tried with no key, a revoked key, another owner's
key and each role must leak nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.app import create_app
from referee.service.keys import KeyService
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend
from tests.support.pg_server import PgServer, find_bindir
from tests.support.service import example

SECRET_NOTE = "table 7: player B saw the skat (confidential)"


def _submit(client: FlaskClient, headers: dict[str, str]) -> dict[str, Any]:
    body = {"record": example("false-lead"), "note": SECRET_NOTE, "meta": {"table": "7"}}
    r = client.post("/v1/disputes", json=body, headers=headers)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


# -- database unreachable ----------------------------------------------------------------
def _sqlite_app(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = tmp_path / "down.db"
    url = f"sqlite:///{db}"
    backend = SqlBackend(url)
    backend.migrate()
    _key, secret = KeyService(backend.unit_of_work).create("referee", "Club")
    app = create_app(Settings(database_url=url), backend=backend)
    app.config["TESTING"] = True
    return app, db, {"Authorization": f"Bearer {secret}"}


def _break_sqlite(db: Path) -> Path:
    """Make the file unopenable (root ignores permissions): a directory in its place."""
    aside = db.with_suffix(".aside")
    db.rename(aside)
    for suffix in ("-wal", "-shm"):
        side = Path(str(db) + suffix)
        if side.exists():
            side.rename(Path(str(aside) + suffix))
    db.mkdir()
    return aside


def _restore_sqlite(db: Path, aside: Path) -> None:
    shutil.rmtree(db)
    aside.rename(db)
    for suffix in ("-wal", "-shm"):
        side = Path(str(aside) + suffix)
        if side.exists():
            side.rename(Path(str(db) + suffix))


def test_sqlite_unreachable_then_back_recovers_without_restart(tmp_path: Path) -> None:
    app, db, headers = _sqlite_app(tmp_path)
    client = app.test_client()
    first = _submit(client, headers)
    app.extensions["referee"].backend.engine.dispose()  # drop pooled connections
    aside = _break_sqlite(db)
    down = client.post("/v1/disputes", json={"record": example("left")}, headers=headers)
    assert down.status_code >= 500 and SECRET_NOTE not in down.get_data(as_text=True)
    assert "Traceback" not in down.get_data(as_text=True)
    assert client.get("/ready").status_code == 503
    _restore_sqlite(db, aside)
    app.extensions["referee"].backend.engine.dispose()
    assert client.get("/ready").status_code == 200
    again = _submit(client, headers)
    assert again["id"] == first["id"] + 1
    assert client.get(f"/v1/disputes/{first['id']}", headers=headers).status_code == 200


def test_sqlite_unreachable_gives_503(tmp_path: Path) -> None:
    app, db, headers = _sqlite_app(tmp_path)
    client = app.test_client()
    _break_sqlite(db)
    app.extensions["referee"].backend.engine.dispose()
    r = client.post("/v1/disputes", json={"record": example("left")}, headers=headers)
    assert r.status_code == 503
    assert r.mimetype == "application/problem+json"


@pytest.mark.postgres
def test_postgresql_stopped_then_started_recovers_without_restart() -> None:
    bindir = find_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries not found")
    server = PgServer(bindir)
    url = server.start()
    try:
        backend = SqlBackend(url)
        backend.migrate()
        _key, secret = KeyService(backend.unit_of_work).create("referee", "Club")
        headers = {"Authorization": f"Bearer {secret}"}
        app = create_app(Settings(database_url=url), backend=backend)
        app.config["TESTING"] = True
        client = app.test_client()
        _submit(client, headers)
        server._run("pg_ctl", "-D", str(server.data), "-m", "fast", "-w", "stop")
        down = client.post("/v1/disputes", json={"record": example("left")}, headers=headers)
        assert down.status_code == 503
        assert down.headers.get("Retry-After")
        assert client.get("/ready").status_code == 503
        opts = f"-p {server.port} -c listen_addresses=127.0.0.1 -k {server.root} -c fsync=off"
        server._run(
            "pg_ctl",
            "-D",
            str(server.data),
            "-o",
            opts,
            "-l",
            str(server.root / "log"),
            "-w",
            "start",
        )
        assert client.get("/ready").status_code == 200
        _submit(client, headers)
        listed = client.get("/v1/disputes", headers=headers).get_json()
        assert len(listed) == 2  # the failed submission stored nothing
        backend.dispose()
    finally:
        server.stop()


# -- corrupt and oversize bodies -----------------------------------------------------------
BAD_BODIES = [
    pytest.param(b"{not json", "application/json", id="malformed-json"),
    pytest.param(b"\xff\xfe\x00garbage", "application/json", id="binary"),
    pytest.param(b"[1, 2, 3]", "application/json", id="array"),
    pytest.param(b'"just a string"', "application/json", id="string"),
    pytest.param(
        b"[" * 50_000 + b"]" * 50_000,
        "application/json",
        id="deeply-nested",
    ),
    pytest.param(b'{"record": 5}', "application/json", id="record-not-object"),
    pytest.param(b"(;GM[Skat]MV[w x];)", "text/x-iss-sgf", id="bad-iss"),
    pytest.param(b"\x00" * 100, "text/x-iss-sgf", id="binary-iss"),
]


@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/disputes"])
@pytest.mark.parametrize("body, mimetype", BAD_BODIES)
def test_corrupt_body_gives_4xx(client, keys, path: str, body: bytes, mimetype: str) -> None:  # type: ignore[no-untyped-def]
    r = client.post(path, data=body, content_type=mimetype, headers=keys["platform"])
    assert 400 <= r.status_code < 500, (r.status_code, r.get_data(as_text=True)[:300])
    assert r.mimetype == "application/problem+json"


@pytest.mark.parametrize("path", ["/v1/adjudications", "/v1/disputes", "/v1/imports/iss"])
def test_oversize_body_gives_413(make_app, path: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(max_body_bytes=4096, import_max_bytes=4096)
    _key, secret = app.extensions["referee"].keys.create("platform", "Big")
    client = app.test_client()
    body = b'{"record": {"format": "skat-log/1", "pad": "' + b"x" * 10_000 + b'"}}'
    r = client.post(
        path,
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert r.status_code == 413, r.get_data(as_text=True)[:300]


# -- access: no key, revoked key, other owner, each role -----------------------------------
def _endpoints(dispute_id: int, key_id: int) -> list[tuple[str, str, Any]]:
    appeal = {"grounds": "the revoke was not proven"}
    return [
        ("GET", "/v1/disputes", None),
        ("POST", "/v1/disputes", {"record": example("left"), "note": "x"}),
        ("GET", f"/v1/disputes/{dispute_id}", None),
        ("GET", f"/v1/disputes/{dispute_id}/replay", None),
        ("GET", f"/v1/disputes/{dispute_id}/rulings", None),
        ("GET", f"/v1/disputes/{dispute_id}/rulings/1", None),
        ("POST", f"/v1/disputes/{dispute_id}/appeals", appeal),
        ("POST", "/v1/adjudications", example("left")),
        ("POST", "/v1/imports/iss", None),
        ("GET", "/v1/rules", None),
        ("GET", "/v1/rules/ISkO 4.1.1", None),
        ("GET", "/v1/keys", None),
        ("POST", "/v1/keys", {"role": "referee", "owner": "Intruder"}),
        ("POST", f"/v1/keys/{key_id}/revoke", None),
    ]


def _call(client: FlaskClient, method: str, path: str, body: Any, headers: dict[str, str]):  # type: ignore[no-untyped-def]
    if method == "GET":
        return client.get(path, headers=headers)
    if path.endswith("/iss"):
        return client.post(path, data=b"", content_type="text/x-iss-sgf", headers=headers)
    return client.post(path, json=body or {}, headers=headers)


def _leaks(r) -> bool:  # type: ignore[no-untyped-def]
    text = r.get_data(as_text=True)
    return SECRET_NOTE in text or '"record"' in text


def test_no_key_and_bad_keys_get_401_everywhere(app, client, keys) -> None:  # type: ignore[no-untyped-def]
    dispute = _submit(client, keys["referee"])
    service = app.extensions["referee"].keys
    revoked_key, revoked_secret = service.create("referee", "Club cup referees")
    service.revoke(revoked_key.id)
    wrong = [
        {},
        {"Authorization": f"Bearer {revoked_secret}"},
        {"Authorization": "Bearer rk_not_a_key"},
        {"Authorization": "Basic dXNlcjpwYXNz"},
    ]
    for headers in wrong:
        for method, path, body in _endpoints(dispute["id"], revoked_key.id):
            r = _call(client, method, path, body, headers)
            assert r.status_code == 401, (headers, method, path, r.status_code)
            assert not _leaks(r), (method, path)
    assert len(client.get("/v1/disputes", headers=keys["referee"]).get_json()) == 1  # no writes


# role -> endpoints it may use (2xx/4xx other than 401/403/404 on access); others: 403/404
ALLOWED = {
    "referee": {
        "GET /v1/disputes",
        "POST /v1/disputes",
        "GET /v1/disputes/{id}",
        "GET /v1/disputes/{id}/replay",
        "GET /v1/disputes/{id}/rulings",
        "GET /v1/disputes/{id}/rulings/1",
        "POST /v1/adjudications",
        "GET /v1/rules",
        "GET /v1/rules/ISkO 4.1.1",
    },
    "court": {
        "GET /v1/disputes",
        "GET /v1/disputes/{id}",
        "GET /v1/disputes/{id}/replay",
        "GET /v1/disputes/{id}/rulings",
        "GET /v1/disputes/{id}/rulings/1",
        "POST /v1/disputes/{id}/appeals",
        "POST /v1/adjudications",
        "GET /v1/rules",
        "GET /v1/rules/ISkO 4.1.1",
    },
    "platform": {
        "GET /v1/disputes",
        "POST /v1/disputes",
        "POST /v1/adjudications",
        "POST /v1/imports/iss",
        "GET /v1/rules",
        "GET /v1/rules/ISkO 4.1.1",
    },
    "other_referee": {
        "GET /v1/disputes",
        "POST /v1/disputes",
        "POST /v1/adjudications",
        "GET /v1/rules",
        "GET /v1/rules/ISkO 4.1.1",
    },
    "admin": {
        "GET /v1/keys",
        "POST /v1/keys",
        "POST /v1/keys/{key}/revoke",
        "POST /v1/adjudications",
        "GET /v1/rules",
        "GET /v1/rules/ISkO 4.1.1",
    },
}


@pytest.mark.parametrize("role", sorted(ALLOWED))
def test_each_role_reaches_only_its_endpoints_and_sees_only_its_owner(  # type: ignore[no-untyped-def]
    app, client, keys, role: str
) -> None:
    dispute = _submit(client, keys["referee"])
    victim, _secret = app.extensions["referee"].keys.create("referee", "Victim")
    for method, path, body in _endpoints(dispute["id"], victim.id):
        label = f"{method} {path}".replace(f"/{dispute['id']}", "/{id}", 1)
        label = label.replace(f"/keys/{victim.id}/", "/keys/{key}/")
        r = _call(client, method, path, body, keys[role])
        if label in ALLOWED[role]:
            assert r.status_code not in (401, 403, 404, 500), (role, label, r.status_code)
        else:
            assert r.status_code in (403, 404), (role, label, r.status_code)
            assert not _leaks(r), (role, label)
    listed = client.get("/v1/disputes", headers=keys[role])
    if role in ("other_referee", "platform"):  # another owner sees nothing of Club cup's
        assert all(d["id"] != dispute["id"] for d in listed.get_json())
        assert SECRET_NOTE not in listed.get_data(as_text=True)
