"""Files that hold secrets are private from their creation ("Small things"):
the SQLite database and its WAL files 0600, the first admin key 0600 and never logged."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask():  # type: ignore[no-untyped-def]
    """The usual umask (022): a file created without care would be world-readable."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_sqlite_database_and_its_wal_files_are_0600(tmp_path: Path, open_umask) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "new" / "referee.db"
    backend = SqlBackend(f"sqlite:///{db}")
    backend.migrate()
    KeyService(backend.unit_of_work).create("referee", "Club")  # writes through the WAL
    with backend.engine.connect() as conn:  # keep a connection: -wal and -shm exist
        conn.exec_driver_sql("SELECT count(*) FROM api_keys").scalar_one()
        files = [db, Path(f"{db}-wal"), Path(f"{db}-shm")]
        assert all(f.exists() for f in files), files
        assert {f.name: oct(_mode(f)) for f in files} == {f.name: "0o600" for f in files}
    assert _mode(db.parent) == 0o700
    backend.dispose()


def test_an_existing_database_keeps_its_mode(tmp_path: Path, open_umask) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "shared.db"
    SqlBackend(f"sqlite:///{db}").dispose()
    db.chmod(0o640)  # the operator's choice
    backend = SqlBackend(f"sqlite:///{db}")
    backend.migrate()
    backend.dispose()
    assert _mode(db) == 0o640


def test_referee_serve_stores_the_first_key_0600_and_logs_only_the_file(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = str(root)
    run = subprocess.run(
        [sys.executable, "-m", "referee", "serve", "--no-server"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    key_file = tmp_path / "var" / "dev-admin-key"
    secret = key_file.read_text(encoding="utf-8").strip()
    assert secret.startswith("rk_")
    assert secret not in run.stdout + run.stderr
    assert "var/dev-admin-key" in run.stdout
    assert _mode(key_file) == 0o600 and _mode(tmp_path / "var" / "referee.db") == 0o600
    backend = SqlBackend(f"sqlite:///{tmp_path / 'var' / 'referee.db'}")
    assert KeyService(backend.unit_of_work).authenticate(secret).role == "admin"
    backend.dispose()


def test_referee_serve_keeps_its_files_in_referee_var_dir_not_the_working_folder(
    tmp_path: Path,
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REFEREE_QUEUE_PATH"}}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    env["REFEREE_VAR_DIR"] = str(tmp_path / "state" / "a")
    work = tmp_path / "work"
    work.mkdir()
    run = subprocess.run(
        [sys.executable, "-m", "referee", "serve", "--no-server"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    state = tmp_path / "state" / "a"
    assert _mode(state / "dev-admin-key") == 0o600 and _mode(state / "referee.db") == 0o600
    assert str(state / "dev-admin-key") in run.stdout
    assert list(work.iterdir()) == []  # nothing written where it was started
