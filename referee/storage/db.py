"""Engines for SQLite (the embedded default) and PostgreSQL (``DATABASE_URL``).

>>> normalize_url("postgres://u:p@db/referee")
'postgresql+psycopg://u:p@db/referee'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url


def normalize_url(url: str) -> str:
    """Use psycopg 3 for plain ``postgresql://`` / ``postgres://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def dumps(value: Any) -> str:
    """JSON columns as orjson writes them (several times faster than the standard library
    on a record and three rulings), or as :func:`json.dumps` does where orjson refuses:
    integers beyond 64 bits, lone surrogates.

    >>> dumps({"a": [1, "x"]}), dumps({"n": 2**70})
    ('{"a":[1,"x"]}', '{"n": 1180591620717411303424}')
    """
    try:
        return orjson.dumps(value).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value)


def loads(text: str | bytes) -> Any:
    """The reverse of :func:`dumps` (the standard parser for what orjson refuses)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL with NORMAL: a commit is safe from a crashed or killed process and never
    # corrupts the file; only an operating-system crash or power loss can roll back the
    # last commits (FULL would wait for the disk on every commit; docs/performance.md)
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file's directory is created when missing."""
    url = normalize_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"timeout": 30, "check_same_thread": False},
            json_serializer=dumps,
            json_deserializer=loads,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, json_serializer=dumps, json_deserializer=loads)
