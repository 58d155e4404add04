"""PostgreSQL compresses the large JSON columns with lz4 instead of pglz.

A dispute stores its record twice (the dispute's and its first ruling's) and the ruling in
three languages, some 15 KB of JSON; PostgreSQL compresses every value over about 2 KB
before it writes it. pglz took about three times the CPU of lz4 for the same values (88
against 25 µs for a ruling's record and texts, at about the same size on disk: 6.2 and
6.3 KB a row; docs/performance.md). The setting is per column and changes only the
catalogue (no table rewrite): values written before keep pglz and stay readable.

Only where the server can: PostgreSQL 14 or later built with lz4 (Debian's and the
official images are). SQLite stores JSON as text uncompressed: nothing to do.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: table -> its JSON columns
JSON_COLUMNS = {
    "disputes": ("record", "meta"),
    "rulings": ("record", "texts", "appeal", "comparison"),
}


def lz4_available(bind: sa.Connection) -> bool:
    """PostgreSQL 14+ that lists lz4 among its TOAST compressions."""
    if bind.dialect.name != "postgresql":
        return False
    found = bind.execute(
        sa.text("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
    ).scalar()
    return found is not None and "lz4" in found


def _set(method: str) -> None:
    bind = op.get_bind()
    if not lz4_available(bind):
        return
    for table, columns in JSON_COLUMNS.items():
        for column in columns:
            op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def upgrade() -> None:
    _set("lz4")


def downgrade() -> None:
    _set("default")
