"""A stored name without case and accents, in SQL: ``folded(DisputeRow.event)`` is
:func:`referee.core.folding.fold_name` done by the database, so that a filter can match a
substring of it (``folded(col).contains(fold_name(typed))``) on both databases.

PostgreSQL: ``translate(col, FROM, TO)`` with the core's table (no extension needed).
SQLite: the function ``referee_fold``, the core's own function, registered on every
connection (:func:`register_sqlite`), marked deterministic.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, literal
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement, func

from referee.core.folding import FOLD_FROM, FOLD_TO, fold_name

__all__ = ["folded", "register_sqlite"]

SQLITE_FUNCTION = "referee_fold"


class folded(FunctionElement[str]):  # noqa: N801 (an SQL function, named like one)
    type = String()
    name = "folded"
    inherit_cache = True


@compiles(folded)
def _folded_sqlite(element: folded, compiler: Any, **kw: Any) -> str:
    return f"{SQLITE_FUNCTION}({compiler.process(element.clauses, **kw)})"


@compiles(folded, "postgresql")
def _folded_postgresql(element: folded, compiler: Any, **kw: Any) -> str:
    (column,) = element.clauses.clauses
    call = func.translate(column, literal(FOLD_FROM), literal(FOLD_TO))
    return str(compiler.process(call, **kw))


def _fold(value: str | None) -> str | None:
    return None if value is None else fold_name(value)


def register_sqlite(dbapi_conn: Any) -> None:
    """Make ``referee_fold`` known to a new SQLite connection."""
    dbapi_conn.create_function(SQLITE_FUNCTION, 1, _fold, deterministic=True)
