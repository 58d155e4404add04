"""The key that signs the console's session cookie.

Taken from the settings (``REFEREE_SECRET_KEY``); when not configured, one is generated
on first start and kept in ``console-secret-key`` in the instance's folder
(``REFEREE_VAR_DIR``, mode 0600), so every gunicorn worker and every restart of this
instance signs with the same key; instances behind one load balancer share
``REFEREE_SECRET_KEY`` instead (docs/deploy.md).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "var" / "key"
>>> first = load_or_create_secret(path)
>>> len(first) >= 32 and load_or_create_secret(path) == first
True
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

SECRET_NAME = "console-secret-key"
SECRET_FILE = Path("var") / SECRET_NAME


def load_or_create_secret(path: Path = SECRET_FILE) -> str:
    """The secret stored at ``path``; created if missing, whole or not at all (the first
    writer wins).

    The secret is written to a file of its own beside ``path`` and linked to ``path``
    only then, so a worker starting at the same moment finds no file or a complete one,
    never one created and not yet written, however long the writer is held up."""
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, written = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)  # 0600
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(secrets.token_urlsafe(48) + "\n")
            os.link(written, path)
        except FileExistsError:
            pass  # another worker's secret came first: that one is used
        finally:
            os.unlink(written)
    secret = path.read_text(encoding="utf-8").strip()
    if not secret:
        raise RuntimeError(f"{path} is empty: remove it, a new secret is made on start")
    return secret
