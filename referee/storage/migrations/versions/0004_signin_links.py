"""Sign-in links for phones and when a key was last used.

A sign-in link hands a key over to a phone (as a QR code) without showing the key: it
holds a random token, of which the table keeps only the hash, works once and expires
after minutes. ``api_keys.last_used_at`` lets the admin see which keys are in use.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "signin_links",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("key_id", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("api_keys.id"), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("expires_at", TS, nullable=False),
        sa.Column("used_at", TS, nullable=True),
    )
    op.create_index("ix_signin_links_key_id", "signin_links", ["key_id"])
    op.add_column("api_keys", sa.Column("last_used_at", TS, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("api_keys") as batch:
        batch.drop_column("last_used_at")
    op.drop_index("ix_signin_links_key_id", table_name="signin_links")
    op.drop_table("signin_links")
