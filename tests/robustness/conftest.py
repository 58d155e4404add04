"""Reuse the service fixtures (databases, apps, keys) of tests/service/conftest.py."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[1] / "service"
if str(SERVICE) not in sys.path:
    sys.path.append(str(SERVICE))  # pg_server, service_support (last: never shadow a conftest)

_spec = importlib.util.spec_from_file_location("service_fixtures", SERVICE / "conftest.py")
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)

postgres_url = _fixtures.postgres_url
database_url = _fixtures.database_url
make_app = _fixtures.make_app
app = _fixtures.app
client = _fixtures.client
keys = _fixtures.keys
Keys = _fixtures.Keys
