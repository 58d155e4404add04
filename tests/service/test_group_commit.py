"""Group commit (issue 13): disputes stored at the same time by threads of one process
share one transaction and one COMMIT; each is committed before its call returns, stored
as it would have been alone, and fails alone (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Connection, exc, text

from referee.service.model import Dispute, Revision
from referee.storage import group_commit
from referee.storage.backend import SqlBackend
from referee.storage.models import DisputeRow, RulingRow
from tests.support.service import example
from tests.support.sqlite_trace import traced_sqlite

THREADS = 12


def _dispute(n: int) -> Dispute:
    record = example("revoke-objected")
    at = datetime(2026, 5, 2, 11, 45, n % 60, n, tzinfo=UTC)
    texts = {lang: {"language": lang, "outcome": "lost", "text": f"ruling {n}"} for lang in "xy"}
    ruling = Revision(None, None, 1, at, "owner", record, texts, "lost")
    return Dispute(
        id=None,
        owner="Club cup referees",
        submitted_by=None,
        submitted_at=at,
        record=record,
        meta={"table": n},
        note=f"dispute {n}",
        event="Pokal",
        table=str(n),
        outcome="lost",
        kinds=["revoke"],
        rulings=[ruling],
    )


def _rows(backend: SqlBackend) -> dict[str, tuple[Any, ...]]:
    """note -> (dispute id, ruling's dispute id, revision, ruling text), read by a fresh
    engine (what another process sees: committed rows only)."""
    other = SqlBackend(backend.url)
    try:
        with other.engine.connect() as conn:
            d, r = DisputeRow.__table__, RulingRow.__table__
            rows = conn.execute(
                d.join(r, r.c.dispute_id == d.c.id)
                .select()
                .with_only_columns(d.c.note, d.c.id, r.c.dispute_id, r.c.revision, r.c.texts)
            ).all()
    finally:
        other.dispose()
    found: dict[str, tuple[Any, ...]] = {}
    for note, dispute_id, ruling_dispute, revision, texts in rows:
        assert note not in found, f"{note} stored twice"
        found[note] = (dispute_id, ruling_dispute, revision, texts["x"]["text"])
    return found


@pytest.fixture
def backend(database_url: str) -> Iterator[SqlBackend]:
    b = SqlBackend(database_url)
    yield b
    b.dispose()


class Gate:
    """The first group's first insert waits in ``entered`` until ``release`` is set."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()


@pytest.fixture
def slow_first_group(monkeypatch: pytest.MonkeyPatch) -> Gate:
    """The first group's first insert waits until the test lets it go (so that the
    other threads queue behind it and form a group)."""
    gate = Gate()
    real = group_commit.insert_dispute
    calls = []

    def insert(conn: Connection, bound: Any) -> Dispute:
        calls.append(1)
        if len(calls) == 1:
            gate.entered.set()
            assert gate.release.wait(20)
        return real(conn, bound)

    monkeypatch.setattr(group_commit, "insert_dispute", insert)
    return gate


def _store_all(
    backend: SqlBackend, disputes: list[Dispute], gate: Gate | None = None
) -> list[Dispute | BaseException]:
    """Store each dispute on a thread of its own, all at once; results in order."""
    results: list[Dispute | BaseException] = [RuntimeError("not run")] * len(disputes)
    seen_after: list[bool] = [False] * len(disputes)

    def run(i: int) -> None:
        try:
            results[i] = backend.store_dispute(disputes[i])
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            results[i] = error
            return
        # committed before it returned: another engine sees it at once
        seen_after[i] = disputes[i].note in _rows(backend)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(disputes))]
    threads[0].start()
    if gate is not None:  # the first one leads and waits; the others queue meanwhile
        assert gate.entered.wait(20)
    for t in threads[1:]:
        t.start()
    if gate is not None:
        _wait_for(lambda: len(backend.group_commit._queue) == len(disputes) - 1)
        gate.release.set()
    for t in threads:
        t.join(60)
        assert not t.is_alive()
    for i, result in enumerate(results):
        if isinstance(result, Dispute):
            assert seen_after[i], f"dispute {i} not visible right after its store returned"
    return results


def _wait_for(condition: Callable[[], bool]) -> None:
    deadline = threading.Event()
    for _ in range(2000):
        if condition():
            return
        deadline.wait(0.01)
    raise AssertionError("timed out")


def test_concurrent_disputes_share_a_transaction_and_each_is_stored_whole(
    backend: SqlBackend, slow_first_group: Gate
) -> None:
    disputes = [_dispute(n) for n in range(THREADS)]
    results = _store_all(backend, disputes, slow_first_group)
    assert all(isinstance(r, Dispute) for r in results), results
    written = [r for r in results if isinstance(r, Dispute)]
    # one group for the first, one for all who queued behind it
    assert (backend.group_commit.groups, backend.group_commit.stored) == (2, THREADS)
    rows = _rows(backend)
    assert len(rows) == THREADS
    for d, w in zip(disputes, written, strict=True):
        assert w.id is not None and w.rulings[0].id is not None
        assert w.rulings[0].dispute_id == w.id
        assert replace(w, id=None, rulings=[replace(w.rulings[0], id=None, dispute_id=None)]) == d
        assert rows[d.note] == (w.id, w.id, 1, d.rulings[0].texts["x"]["text"])
    assert len({w.id for w in written}) == THREADS


def test_many_threads_without_help_store_everything_once(backend: SqlBackend) -> None:
    for round_ in range(3):
        disputes = [_dispute(n + 100 * round_) for n in range(THREADS)]
        results = _store_all(backend, disputes)
        assert all(isinstance(r, Dispute) for r in results), results
    rows = _rows(backend)
    assert len(rows) == 3 * THREADS
    assert backend.group_commit.stored == 3 * THREADS


@pytest.fixture
def refuse_note(backend: SqlBackend) -> Iterator[str]:
    """A trigger that makes the database refuse a dispute with this note."""
    note = "refuse me"
    with backend.engine.begin() as conn:
        if backend.engine.dialect.name == "sqlite":
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON disputes "
                    f"WHEN NEW.note = '{note}' BEGIN SELECT RAISE(ABORT, 'refused'); END"
                )
            )
        else:
            conn.execute(
                text(
                    "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    f"IF NEW.note = '{note}' THEN RAISE EXCEPTION 'refused'; END IF; "
                    "RETURN NEW; END $$"
                )
            )
            conn.execute(
                text(
                    "CREATE TRIGGER refuse BEFORE INSERT ON disputes "
                    "FOR EACH ROW EXECUTE FUNCTION refuse()"
                )
            )
    yield note
    with backend.engine.begin() as conn:
        if backend.engine.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER refuse"))
        else:
            conn.execute(text("DROP TRIGGER refuse ON disputes"))
            conn.execute(text("DROP FUNCTION refuse()"))


def test_a_refused_dispute_in_a_group_fails_alone(
    backend: SqlBackend, refuse_note: str, slow_first_group: Gate
) -> None:
    disputes = [_dispute(n) for n in range(6)]
    disputes[3] = replace(disputes[3], note=refuse_note)
    results = _store_all(backend, disputes, slow_first_group)
    error = results[3]
    assert isinstance(error, exc.DBAPIError) and "refused" in str(error)
    assert all(isinstance(r, Dispute) for i, r in enumerate(results) if i != 3), results
    rows = _rows(backend)
    assert sorted(rows) == sorted(d.note for i, d in enumerate(disputes) if i != 3)
    # the group of five failed as a whole, then each was written alone
    assert backend.group_commit.groups == 2


def test_a_dispute_refused_alone_gets_its_own_error(backend: SqlBackend, refuse_note: str) -> None:
    with pytest.raises(exc.DBAPIError, match="refused"):
        backend.store_dispute(replace(_dispute(1), note=refuse_note))
    assert backend.store_dispute(_dispute(2)).id is not None
    assert list(_rows(backend)) == ["dispute 2"]


def test_a_commit_whose_outcome_is_unknown_is_not_written_again(
    backend: SqlBackend, monkeypatch: pytest.MonkeyPatch, slow_first_group: Gate
) -> None:
    """The connection lost during COMMIT (here: after the COMMIT went through): each
    dispute of the group gets that error, as it would alone, and none is stored twice."""
    real_commit = Connection.commit
    commits = []

    def commit(conn: Connection) -> None:
        real_commit(conn)
        commits.append(1)
        if len(commits) == 2:  # the second group's
            raise exc.OperationalError("COMMIT", {}, Exception("lost"), connection_invalidated=True)

    monkeypatch.setattr(Connection, "commit", commit)
    disputes = [_dispute(n) for n in range(5)]
    results = _store_all(backend, disputes, slow_first_group)
    assert isinstance(results[0], Dispute)
    for r in results[1:]:
        assert isinstance(r, exc.OperationalError) and r.connection_invalidated
    assert sorted(_rows(backend)) == sorted(d.note for d in disputes)  # each once
    assert len(commits) == 2


def test_a_database_that_cannot_be_reached_fails_the_waiting_group(
    backend: SqlBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise exc.OperationalError("connect", {}, Exception("unreachable"))

    monkeypatch.setattr(backend.engine, "connect", refuse)
    with pytest.raises(exc.OperationalError, match="unreachable"):
        backend.store_dispute(_dispute(1))
    assert not backend.group_commit._leading and not backend.group_commit._queue
    monkeypatch.undo()
    assert backend.store_dispute(_dispute(2)).id is not None


def test_the_service_stores_a_dispute_without_a_key_through_the_group(
    app: Any, client: Any, keys: Any
) -> None:
    """POST /v1/disputes without an Idempotency-Key goes through the group commit; with
    one, the claim and the dispute stay one unit of work (a replay finds the first)."""
    group = app.extensions["referee"].backend.group_commit
    body = {"record": example("false-lead"), "note": "n"}
    r = client.post("/v1/disputes", json=body, headers=keys["referee"])
    assert r.status_code == 201 and (group.groups, group.stored) == (1, 1)
    again = client.get(r.json["links"]["self"], headers=keys["referee"])
    assert again.status_code == 200 and again.json == r.json
    keyed = {**keys["referee"], "Idempotency-Key": "k1"}
    first = client.post("/v1/disputes", json=body, headers=keyed)
    replay = client.post("/v1/disputes", json=body, headers=keyed)
    assert first.status_code == replay.status_code == 201
    assert replay.headers["Idempotent-Replayed"] == "true" and replay.json == first.json
    assert (group.groups, group.stored) == (1, 1)


def _checkouts(backend: SqlBackend) -> list[int]:
    """Every connection taken out of the pool from now on (its DBAPI connection's id)."""
    from sqlalchemy import event

    taken: list[int] = []
    event.listen(
        backend.engine.pool, "checkout", lambda dbapi, _rec, _proxy: taken.append(id(dbapi))
    )
    return taken


def test_sqlite_keeps_the_connection_between_groups_and_postgresql_returns_it(
    backend: SqlBackend,
) -> None:
    """On a SQLite file the next group is written on the connection the last one was
    (no check-out and check-in in between; the pool holds it as checked out); on
    PostgreSQL each group takes one from the pool and gives it back (its liveness ping
    and watchdog stay the pool's)."""
    taken = _checkouts(backend)
    for n in range(4):
        assert backend.store_dispute(_dispute(n)).id is not None
    assert sorted(_rows(backend)) == sorted(f"dispute {n}" for n in range(4))
    if backend.engine.dialect.name == "sqlite":
        assert len(taken) == 1
        assert backend.engine.pool.checkedout() == 1  # type: ignore[attr-defined]
        backend.group_commit.close()  # (SqlBackend.dispose does this)
        assert backend.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
        assert backend.store_dispute(_dispute(9)).id is not None  # closed: not kept
        assert backend.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    else:
        assert len(taken) == 4
        assert backend.engine.pool.checkedout() == 0  # type: ignore[attr-defined]


def test_a_connection_whose_group_failed_goes_back_to_the_pool(
    backend: SqlBackend, refuse_note: str
) -> None:
    """Only a connection whose group was written whole is kept: after a refused dispute
    the next group takes a connection from the pool (which reset the old one)."""
    taken = _checkouts(backend)
    assert backend.store_dispute(_dispute(1)).id is not None
    with pytest.raises(exc.DBAPIError, match="refused"):
        backend.store_dispute(replace(_dispute(2), note=refuse_note))
    assert backend.store_dispute(_dispute(3)).id is not None
    assert sorted(_rows(backend)) == ["dispute 1", "dispute 3"]
    expected = 2 if backend.engine.dialect.name == "sqlite" else 3
    assert len(taken) == expected


def test_a_kept_connection_lost_is_replaced(backend: SqlBackend) -> None:
    """A kept connection that was invalidated (lost) is not used again."""
    assert backend.store_dispute(_dispute(1)).id is not None
    held = backend.group_commit._held
    if held is None:
        assert backend.engine.dialect.name != "sqlite"
        return
    held.invalidate()
    taken = _checkouts(backend)
    assert backend.store_dispute(_dispute(2)).id is not None
    assert len(taken) == 1 and backend.group_commit._held is not held
    assert sorted(_rows(backend)) == ["dispute 1", "dispute 2"]


def test_a_kept_connection_is_given_up_when_the_engine_is_disposed(
    backend: SqlBackend,
) -> None:
    """``engine.dispose()`` drops every connection to the database (an operator may
    have moved or replaced the file); the kept one is given up at the next group, not
    written to (tests/robustness/test_service_faults_access.py moves the file away)."""
    assert backend.store_dispute(_dispute(1)).id is not None
    held = backend.group_commit._held
    backend.engine.dispose()
    assert backend.store_dispute(_dispute(2)).id is not None
    if held is not None:
        assert held.closed and backend.group_commit._held is not held
    assert sorted(_rows(backend)) == ["dispute 1", "dispute 2"]


def test_a_forked_process_does_not_use_its_parents_connection(backend: SqlBackend) -> None:
    assert backend.store_dispute(_dispute(1)).id is not None
    backend.group_commit._forked()  # (as os.register_at_fork calls it in a child)
    assert backend.group_commit._held is None


def test_the_kept_connection_checkpoints_outside_the_write_turn(tmp_path: Any) -> None:
    """What a connection's return to the pool did after a group, the kept connection
    does itself: a passive checkpoint every CHECKPOINT_EVERY commits, outside the
    writer lock, and the log is copied into the database file."""
    from referee.storage import db

    with traced_sqlite(tmp_path / "log.db") as traced:
        taken = _checkouts(traced.backend)
        size = traced.path.stat().st_size
        for n in range(db.CHECKPOINT_EVERY + 2):
            traced.backend.store_dispute(_dispute(n))
        assert len(taken) == 1  # all on the kept connection
        traced.assert_checkpointed_outside_the_turn(size)
