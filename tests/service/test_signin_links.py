"""Sign-in links and key management in the service layer, on SQLite and
PostgreSQL: a link works once and until it expires, only the admin makes one, never for
an admin key; revoking a key ends its console sessions and its links; ``last_used_at``;
migration 0004 upgrades a database of 0003 that already holds keys (and goes back)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from sqlalchemy import text

from referee.service.errors import Conflict, Forbidden, InvalidInput
from referee.service.keys import KeyService, Principal, SigninLinkRefused
from referee.storage.backend import SqlBackend
from referee.storage.migrate import config, revisions, upgrade


@pytest.fixture
def backend(database_url: str):  # type: ignore[no-untyped-def]
    b = SqlBackend(database_url)
    yield b
    b.dispose()


@pytest.fixture
def service(backend: SqlBackend) -> KeyService:
    return KeyService(backend.unit_of_work, link_seconds=600)


def _admin(service: KeyService) -> Principal:
    key, _secret = service.create("admin", "Operator")
    return Principal(key.id, "admin", "Operator")


def test_a_link_signs_in_once(service: KeyService) -> None:
    admin = _admin(service)
    key, _secret = service.create("referee", "Club cup referees", "Max")
    assert key.id is not None
    token, linked, expires = service.signin_link(admin, key.id)
    assert linked.id == key.id and expires > datetime.now(UTC) + timedelta(minutes=9)
    session, who = service.redeem_signin_link(token)
    assert who == Principal(key.id, "referee", "Club cup referees")
    assert service.session_principal(session) == who
    with pytest.raises(SigninLinkRefused) as refused:
        service.redeem_signin_link(token)
    assert refused.value.reason == "used"
    with pytest.raises(SigninLinkRefused) as unknown:
        service.redeem_signin_link("not-a-token")
    assert unknown.value.reason == "unknown"


def test_two_phones_racing_for_one_link_get_one_session(service: KeyService) -> None:
    admin = _admin(service)
    key, _secret = service.create("referee", "Club")
    assert key.id is not None
    token, _k, _e = service.signin_link(admin, key.id)
    results: list[str] = []

    def use() -> None:
        try:
            service.redeem_signin_link(token)
            results.append("ok")
        except SigninLinkRefused as exc:
            results.append(exc.reason)
        except Exception as exc:  # noqa: BLE001 - SQLite may refuse the second writer
            results.append(type(exc).__name__)

    threads = [threading.Thread(target=use) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1, results


def test_an_expired_link_is_refused(backend: SqlBackend) -> None:
    service = KeyService(backend.unit_of_work, link_seconds=0)
    admin = _admin(service)
    key, _secret = service.create("court", "Skatgericht")
    assert key.id is not None
    token, _k, _e = service.signin_link(admin, key.id)
    with pytest.raises(SigninLinkRefused) as refused:
        service.redeem_signin_link(token)
    assert refused.value.reason == "expired"


def test_only_the_admin_makes_links_and_never_for_an_admin_key(service: KeyService) -> None:
    admin = _admin(service)
    referee, _secret = service.create("referee", "Club")
    assert referee.id is not None and admin.key_id is not None
    with pytest.raises(Forbidden):
        service.signin_link(Principal(referee.id, "referee", "Club"), referee.id)
    with pytest.raises(Forbidden):
        service.list_as(Principal(referee.id, "referee", "Club"))
    with pytest.raises(Forbidden):
        service.create_as(Principal(referee.id, "referee", "Club"), "admin", "Me", "")
    with pytest.raises(InvalidInput):
        service.signin_link(admin, admin.key_id)
    with pytest.raises(Conflict):
        service.revoke_as(admin, admin.key_id)


def test_revoking_ends_sessions_and_links(backend: SqlBackend, service: KeyService) -> None:
    admin = _admin(service)
    key, secret = service.create("referee", "Club")
    assert key.id is not None
    session, _who = service.open_session(secret)
    spare, _k, _e = service.signin_link(admin, key.id)
    service.revoke_as(admin, key.id)
    assert service.session_principal(session) is None
    with backend.engine.connect() as conn:
        ended = conn.execute(
            text("SELECT ended_at FROM console_sessions WHERE key_id = :k"), {"k": key.id}
        ).scalar_one()
    assert ended is not None
    with pytest.raises(SigninLinkRefused) as refused:
        service.redeem_signin_link(spare)
    assert refused.value.reason == "revoked"
    with pytest.raises(Conflict):
        service.signin_link(admin, key.id)


def test_last_used_is_kept(service: KeyService) -> None:
    key, secret = service.create("platform", "Online")
    assert service.list()[0].last_used_at is None
    service.authenticate(secret)
    first = next(k for k in service.list() if k.id == key.id).last_used_at
    assert first is not None and datetime.now(UTC) - first < timedelta(minutes=1)
    service.open_session(secret)
    assert next(k for k in service.list() if k.id == key.id).last_used_at == first  # < 1 min


def test_migration_0004_upgrades_a_database_with_keys_and_goes_back(database_url: str) -> None:
    backend = SqlBackend(database_url)
    try:
        with backend.engine.begin() as conn:
            command.downgrade(config(conn), "0003")
        with backend.engine.connect() as conn:
            assert revisions(conn)[0] == "0003"
        with backend.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO api_keys (prefix, key_hash, role, owner, label, created_at)"
                    " VALUES ('rk_x', :h, 'referee', 'Club', '', :t)"
                ),
                {"h": "0" * 64, "t": datetime(2026, 11, 24, 12, 0)},
            )
        upgrade(backend.engine)
        with backend.engine.connect() as conn:
            current, head = revisions(conn)
            assert current == head and head is not None and head >= "0004"
        keys = KeyService(backend.unit_of_work).list()
        assert [(k.owner, k.last_used_at) for k in keys if k.prefix == "rk_x"] == [("Club", None)]
    finally:
        backend.dispose()


def test_a_database_that_cannot_note_the_use_still_authenticates(
    service: KeyService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.storage.access import SqlKeys

    key, secret = service.create("referee", "Club")

    def refuse(*_args: object, **_kw: object) -> None:
        raise RuntimeError("read-only database")

    monkeypatch.setattr(SqlKeys, "touch", refuse)
    assert service.authenticate(secret).key_id == key.id
    assert next(k for k in service.list() if k.id == key.id).last_used_at is None


def test_a_new_link_for_a_key_voids_its_older_ones(service: KeyService) -> None:
    admin = _admin(service)
    key, _secret = service.create("referee", "Club")
    assert key.id is not None
    older, _k, _e = service.signin_link(admin, key.id)
    newer, _k, _e = service.signin_link(admin, key.id)
    with pytest.raises(SigninLinkRefused):
        service.redeem_signin_link(older)
    _session, who = service.redeem_signin_link(newer)
    assert who.key_id == key.id
