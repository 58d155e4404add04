"""Bulk jobs, their chunks, and webhooks.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("submitted_by", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=True),
        sa.Column("input_format", sa.String(16), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("records", sa.Integer, nullable=False),
        sa.Column("chunks", sa.Integer, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("finished_at", TS, nullable=True),
        sa.Column("expires_at", TS, nullable=True),
    )
    op.create_index("ix_jobs_owner", "jobs", ["owner"])
    op.create_index("ix_jobs_state", "jobs", ["state"])
    op.create_index("ix_jobs_expires_at", "jobs", ["expires_at"])
    op.create_table(
        "job_chunks",
        sa.Column(
            "job_id", sa.Integer, sa.ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("no", sa.Integer, primary_key=True),
        sa.Column("first_line", sa.Integer, nullable=False),
        sa.Column("records", sa.Integer, nullable=False),
        sa.Column("input", sa.Text, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("lease_until", TS, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("output", sa.Text, nullable=True),
        sa.Column("ruled", sa.Integer, nullable=False),
        sa.Column("errors", sa.Integer, nullable=False),
        sa.Column("done_at", TS, nullable=True),
    )
    op.create_index("ix_job_chunks_state", "job_chunks", ["state"])
    op.create_table(
        "webhooks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(200), nullable=False),
        sa.Column("url", sa.String(2000), nullable=False),
        sa.Column("secret", sa.String(100), nullable=False),
        sa.Column("events", sa.String(200), nullable=False),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_webhooks_owner", "webhooks", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_webhooks_owner", "webhooks")
    op.drop_table("webhooks")
    op.drop_index("ix_job_chunks_state", "job_chunks")
    op.drop_table("job_chunks")
    op.drop_index("ix_jobs_expires_at", "jobs")
    op.drop_index("ix_jobs_state", "jobs")
    op.drop_index("ix_jobs_owner", "jobs")
    op.drop_table("jobs")
