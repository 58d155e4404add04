"""API keys, disputes, ruling revisions, idempotency keys.

Revision ID: 0001
Revises:
Create Date: 2026-05-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("revoked_at", TS, nullable=True),
    )
    op.create_index("ix_api_keys_owner", "api_keys", ["owner"])
    op.create_table(
        "disputes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("submitted_by", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=True),
        sa.Column("submitted_at", TS, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("meta", sa.JSON, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("event", sa.String(200), nullable=True),
        sa.Column("table_no", sa.String(50), nullable=True),
        sa.Column("outcome", sa.String(20), nullable=True),
        sa.Column("kinds", sa.String(400), nullable=False),
    )
    op.create_index("ix_disputes_owner", "disputes", ["owner"])
    op.create_index("ix_disputes_submitted_at", "disputes", ["submitted_at"])
    op.create_index("ix_disputes_event", "disputes", ["event"])
    op.create_index("ix_disputes_outcome", "disputes", ["outcome"])
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("dispute_id", sa.Integer, sa.ForeignKey("disputes.id"), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("reviews_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("created_by", sa.String(200), nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("texts", sa.JSON, nullable=False),
        sa.Column("outcome", sa.String(20), nullable=True),
        sa.Column("appeal", sa.JSON, nullable=True),
        sa.Column("comparison", sa.JSON, nullable=True),
        sa.UniqueConstraint("dispute_id", "revision", name="uq_rulings_revision"),
    )
    op.create_index("ix_rulings_dispute_id", "rulings", ["dispute_id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key_id", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=False),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("idem_key", sa.String(255), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("resource_id", sa.Integer, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("key_id", "scope", "idem_key", name="uq_idempotency_key"),
    )


def downgrade() -> None:
    op.drop_table("idempotency_keys")
    op.drop_table("rulings")
    op.drop_index("ix_disputes_outcome", "disputes")
    op.drop_index("ix_disputes_event", "disputes")
    op.drop_index("ix_disputes_submitted_at", "disputes")
    op.drop_index("ix_disputes_owner", "disputes")
    op.drop_table("disputes")
    op.drop_index("ix_api_keys_owner", "api_keys")
    op.drop_table("api_keys")
