"""Find the storage backend by name, so the service layer never imports storage.

The command-line tools of this layer (``referee serve``, ``referee keys``) need a
database; the implementation lives one layer up, in :mod:`referee.storage`, and is
looked up here by module name (``REFEREE_BACKEND`` may name another module exposing
``open_backend(url) -> Backend``).
"""

from __future__ import annotations

import importlib
import os

from referee.service.ports import Backend

DEFAULT_BACKEND_MODULE = "referee.storage.backend"


def open_backend(url: str) -> Backend:
    """Open the configured backend for ``url``."""
    module = importlib.import_module(os.environ.get("REFEREE_BACKEND", DEFAULT_BACKEND_MODULE))
    return module.open_backend(url)
