"""A migrated SQLite database made once per test process and copied for each test.

Running the Alembic migrations costs a few tenths of a second; a copy of the migrated
file costs a millisecond. Each process (each pytest-xdist worker) makes its own template
on first use in a temporary directory removed at exit.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from referee.storage.backend import SqlBackend

_template: Path | None = None


def _make_template() -> Path:
    root = Path(tempfile.mkdtemp(prefix="referee-template-"))
    atexit.register(shutil.rmtree, root, True)
    path = root / "template.db"
    backend = SqlBackend(f"sqlite:///{path}")
    backend.migrate()
    backend.dispose()  # the last connection closed: the write-ahead log is in the file
    assert not path.with_name(path.name + "-wal").exists()
    return path


def migrated_sqlite(path: Path) -> str:
    """Put a migrated, empty database at ``path`` (a SQLite file); its ``sqlite:///`` URL."""
    global _template
    if _template is None:
        _template = _make_template()
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(_template, path)  # with the template's mode: 0600, as the service makes it
    return f"sqlite:///{path}"
