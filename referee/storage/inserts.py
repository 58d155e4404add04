"""A dispute's INSERT statements, run on the DBAPI connection: compiled once per dialect
with the columns' own bind processors, their parameters encoded before any connection or
write turn is taken (:func:`bind_dispute`), run by :func:`insert_dispute` in the unit of
work's transaction. Measured under gunicorn, SQLAlchemy's own execution of the same
statements costs about a fifth more CPU a dispute (docs/performance.md)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, Table, insert
from sqlalchemy.engine import Dialect

from referee.service.model import Dispute, Revision
from referee.storage.db import fetch_one
from referee.storage.models import DisputeRow, RulingRow, table_of


def ruling_values(r: Revision) -> dict[str, object]:
    return {
        "revision": r.revision,
        "reviews_id": r.reviews,
        "created_at": r.created_at,
        "created_by": r.created_by,
        "record": r.record,
        "texts": r.texts,
        "outcome": r.outcome,
        "appeal": r.appeal,
        "comparison": r.comparison,
    }


def kinds_column(kinds: list[str]) -> str:
    return " " + " ".join(kinds) + " " if kinds else " "


_Encoded = dict[tuple[int, Any], tuple[Any, Any]]  # (id, processor) -> (document, encoded)


def _bound(process: Any, value: Any, memo: _Encoded | None) -> Any:
    """``value`` through a column's bind processor; a JSON document met before in
    ``memo`` (the same object through the same kind of processor) is encoded once."""
    if process is None:
        return value
    if memo is None or not isinstance(value, (dict, list)):
        return process(value)
    key = (id(value), getattr(process, "__qualname__", id(process)))
    found = memo.get(key)
    if found is None or found[0] is not value:
        found = memo[key] = (value, process(value))
    return found[1]


class _Insert:
    """``INSERT INTO table (...) VALUES (...) RETURNING id``, compiled once per dialect
    with the columns' own bind processors (JSON through the engine's serializer, times in
    UTC as the column type stores them) and run by :func:`fetch_one`: a dispute's two
    inserts cost a third of what SQLAlchemy's execution of them did."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.keys = [c.key for c in table.columns if not c.primary_key]
        self._by_dialect: dict[Dialect, tuple[str, list[tuple[str, Any]], bool]] = {}

    def _compiled(self, dialect: Dialect) -> tuple[str, list[tuple[str, Any]], bool]:
        found = self._by_dialect.get(dialect)
        if found is None:
            stmt = insert(self.table).returning(self.table.c.id)
            compiled = stmt.compile(dialect=dialect, column_keys=self.keys)
            types = {c.key: c.type for c in self.table.columns}
            names = list(compiled.positiontup or []) if compiled.positional else self.keys
            binds = [(n, types[n].dialect_impl(dialect).bind_processor(dialect)) for n in names]
            found = self._by_dialect[dialect] = (compiled.string, binds, compiled.positional)
        return found

    def bind(
        self, dialect: Dialect, values: dict[str, Any], memo: _Encoded | None = None
    ) -> dict[str, Any]:
        """The parameters as the driver takes them (JSON encoded, times converted), for
        the values given (a missing one is given to :meth:`run`). ``memo``: a document
        that several columns store (the record, in a dispute and its first ruling) is
        encoded once."""
        _sql, binds, _positional = self._compiled(dialect)
        return {n: _bound(p, values[n], memo) for n, p in binds if n in values}

    def run(self, conn: Connection, bound: dict[str, Any], **late: Any) -> int:
        """Insert parameters from :meth:`bind` (and ``late`` values, bound here)."""
        sql, binds, positional = self._compiled(conn.dialect)
        if late:
            bound = {**bound, **self.bind(conn.dialect, late)}
        params = tuple(bound[n] for n, _ in binds) if positional else bound
        return int(fetch_one(conn, sql, params)[0])


_INSERT_DISPUTE = _Insert(table_of(DisputeRow))
_INSERT_RULING = _Insert(table_of(RulingRow))


class _InsertWithRuling:
    """PostgreSQL: a dispute and its first ruling in one statement, one round trip
    (``WITH d AS (INSERT INTO disputes ... RETURNING id) INSERT INTO rulings ...``),
    built from the two inserts above; None where the dialect names its parameters
    otherwise (SQLite, whose calls are not round trips, takes the two statements)."""

    def __init__(self) -> None:
        self._by_dialect: dict[Dialect, tuple[str, list[tuple[str, Any]]] | None] = {}

    def compiled(self, dialect: Dialect) -> tuple[str, list[tuple[str, Any]]] | None:
        if dialect in self._by_dialect:
            return self._by_dialect[dialect]
        found = None
        d_sql, d_binds, d_positional = _INSERT_DISPUTE._compiled(dialect)
        r_sql, r_binds, r_positional = _INSERT_RULING._compiled(dialect)
        link, returning = "%(r_dispute_id)s", "RETURNING rulings.id"
        r_sql = r_sql.replace("%(", "%(r_")
        if (
            dialect.name == "postgresql"
            and not (d_positional or r_positional)
            and r_sql.count(link) == 1
            and r_sql.endswith(returning)
        ):
            r_sql = r_sql.replace(link, "(SELECT id FROM d)")
            r_sql = r_sql.removesuffix(returning) + "RETURNING rulings.dispute_id, rulings.id"
            binds = d_binds + [("r_" + n, p) for n, p in r_binds if n != "dispute_id"]
            found = (f"WITH d AS ({d_sql}) {r_sql}", binds)
        self._by_dialect[dialect] = found
        return found

    def bind(
        self, dialect: Dialect, dispute: dict[str, Any], ruling: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The statement's parameters (None where the dialect has no such statement)."""
        found = self.compiled(dialect)
        if found is None:
            return None
        _sql, binds = found
        values = {**dispute, **{"r_" + k: v for k, v in ruling.items()}}
        memo: _Encoded = {}
        return {n: _bound(p, values[n], memo) for n, p in binds}

    def run(self, conn: Connection, params: dict[str, Any]) -> tuple[int, int]:
        found = self.compiled(conn.dialect)
        assert found is not None
        dispute_id, ruling_id = fetch_one(conn, found[0], params)
        return int(dispute_id), int(ruling_id)


_INSERT_WITH_RULING = _InsertWithRuling()


@dataclass(slots=True)
class BoundDispute:
    """A dispute with its statements' parameters encoded (:func:`bind_dispute`), ready
    for :func:`insert_dispute` on a connection of the dialect it was bound for."""

    dispute: Dispute
    #: PostgreSQL, a dispute with one ruling: the one statement's parameters
    one: dict[str, Any] | None
    #: otherwise the dispute's and each ruling's parameters
    alone: dict[str, Any] | None = None
    rulings: list[dict[str, Any]] = field(default_factory=list)


def bind_dispute(dialect: Dialect, dispute: Dispute) -> BoundDispute:
    """Encode a dispute's parameters (the JSON once per document) without a connection."""
    values = {
        "owner": dispute.owner,
        "submitted_by": dispute.submitted_by,
        "submitted_at": dispute.submitted_at,
        "record": dispute.record,
        "meta": dispute.meta,
        "note": dispute.note,
        "event": dispute.event,
        "table_no": dispute.table,
        "outcome": dispute.outcome,
        "kinds": kinds_column(dispute.kinds),
    }
    if len(dispute.rulings) == 1:
        one = _INSERT_WITH_RULING.bind(dialect, values, ruling_values(dispute.rulings[0]))
        if one is not None:
            return BoundDispute(dispute, one)
    memo: _Encoded = {}
    alone = _INSERT_DISPUTE.bind(dialect, values, memo)
    rulings = [_INSERT_RULING.bind(dialect, ruling_values(r), memo) for r in dispute.rulings]
    return BoundDispute(dispute, None, alone, rulings)


def insert_dispute(conn: Connection, bound: BoundDispute) -> Dispute:
    """Run a bound dispute's inserts in ``conn``'s transaction (which the caller commits);
    the dispute as written, with its ids."""
    dispute = bound.dispute
    if bound.one is not None:
        dispute_id, ruling_id = _INSERT_WITH_RULING.run(conn, bound.one)
        ruling = replace(dispute.rulings[0], id=ruling_id, dispute_id=dispute_id)
        return replace(dispute, id=dispute_id, rulings=[ruling])
    assert bound.alone is not None
    dispute_id = _INSERT_DISPUTE.run(conn, bound.alone)
    rulings = []
    for r, b in zip(dispute.rulings, bound.rulings, strict=True):
        ruling_id = _INSERT_RULING.run(conn, b, dispute_id=dispute_id)
        rulings.append(replace(r, id=ruling_id, dispute_id=dispute_id))
    return replace(dispute, id=dispute_id, rulings=rulings)
