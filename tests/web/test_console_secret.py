"""The console's generated secret (referee/web/secret.py): workers starting together on
an instance's first start all sign with the one secret the first of them stored."""

from __future__ import annotations

import stat
import threading
import time
from pathlib import Path

import pytest

from referee.web import secret as secret_module


def test_workers_starting_together_read_the_first_writers_whole_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each writer is held up between starting and finishing its secret (a loaded
    machine); the others never read a secret half made (they read an empty file and
    signed with "" before)."""
    made = secret_module.secrets.token_urlsafe

    def slow(n: int) -> str:
        time.sleep(0.5)
        return made(n)

    monkeypatch.setattr(secret_module.secrets, "token_urlsafe", slow)
    path = tmp_path / "var" / secret_module.SECRET_NAME
    start = threading.Barrier(6)
    read: list[str] = []
    failed: list[BaseException] = []

    def worker() -> None:
        start.wait()
        try:
            read.append(secret_module.load_or_create_secret(path))
        except BaseException as exc:  # surfaced below
            failed.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failed, failed
    assert len(read) == 6 and len(set(read)) == 1 and len(read[0]) >= 32, read
    assert path.read_text(encoding="utf-8").strip() == read[0]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no file left behind


def test_an_empty_secret_file_is_an_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / secret_module.SECRET_NAME
    path.write_text("\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="console-secret-key is empty"):
        secret_module.load_or_create_secret(path)
