"""A chunk's results are stored compressed (zlib) as bytes, with their stored size, so an
owner's stored results can be summed for the quota without reading them.

Results written before keep their text in ``output`` and stay readable. On PostgreSQL the
new column is stored without TOAST compression (``STORAGE EXTERNAL``): the bytes are
compressed already, another pass would only cost CPU.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("job_chunks") as batch:
        batch.add_column(sa.Column("result", sa.LargeBinary(), nullable=True))
        batch.add_column(
            sa.Column("result_bytes", sa.Integer(), nullable=False, server_default="0")
        )
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE job_chunks ALTER COLUMN result SET STORAGE EXTERNAL")


def downgrade() -> None:
    with op.batch_alter_table("job_chunks") as batch:
        batch.drop_column("result_bytes")
        batch.drop_column("result")
