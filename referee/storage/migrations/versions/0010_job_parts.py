"""A job's archive may come in parts: the job counts the input lines read so far (the
next part's line numbers follow them) and the parts it came in. A job stored before came
in one part; its line count is not needed (it is no longer open).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.add_column(sa.Column("lines", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("parts", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.drop_column("parts")
        batch.drop_column("lines")
