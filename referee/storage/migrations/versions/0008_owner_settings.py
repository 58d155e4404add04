"""A key's owner chooses once what all its keys' requests default to: the ISkO edition
of records that name none (a tournament playing the 2018/2022 rules sets ``2022``).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "owner_settings",
        sa.Column("owner", sa.String(200), primary_key=True),
        sa.Column("edition", sa.String(8), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("owner_settings")
