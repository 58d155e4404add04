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
from pathlib import Path

SECRET_NAME = "console-secret-key"
SECRET_FILE = Path("var") / SECRET_NAME


def load_or_create_secret(path: Path = SECRET_FILE) -> str:
    """The secret stored at ``path``; created atomically (first writer wins) if missing."""
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another worker wrote it just now
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(secrets.token_urlsafe(48) + "\n")
    secret = path.read_text(encoding="utf-8").strip()
    if not secret:  # a worker is still writing it: wait for it once
        import time

        time.sleep(0.05)
        secret = path.read_text(encoding="utf-8").strip()
    return secret
