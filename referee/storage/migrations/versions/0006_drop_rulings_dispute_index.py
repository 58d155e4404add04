"""Drop ``ix_rulings_dispute_id``: the unique constraint ``uq_rulings_revision`` on
``(dispute_id, revision)`` is an index that starts with the same column.

Every lookup of a dispute's rulings (``WHERE dispute_id = ?``, ordered by revision) is
answered by the unique index as well as by the dropped one, on SQLite and on
PostgreSQL; every insert of a ruling (a dispute's first, an appeal's) wrote both. On
SQLite a dispute's transaction wrote 13 pages to the write-ahead log, one of them this
index's; PostgreSQL inserted eight index entries, one of them here.
Only the index goes: no row is touched, and what reads rulings reads the same rows in
the same order.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_rulings_dispute_id", table_name="rulings")


def downgrade() -> None:
    op.create_index("ix_rulings_dispute_id", "rulings", ["dispute_id"])
