"""Console sessions kept on the server: the cookie holds a token, not the key.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "console_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("key_id", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("ended_at", TS, nullable=True),
    )
    op.create_index("ix_console_sessions_key_id", "console_sessions", ["key_id"])


def downgrade() -> None:
    op.drop_index("ix_console_sessions_key_id", table_name="console_sessions")
    op.drop_table("console_sessions")
