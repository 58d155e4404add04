"""A job keeps the ISkO edition its records are ruled under where they name none
(``?edition=`` on ``POST /v1/jobs``, else the service's ``REFEREE_EDITION`` when it was
submitted). Jobs stored before were ruled under the one edition there was: 1998.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.add_column(sa.Column("edition", sa.String(8), nullable=False, server_default="1998"))


def downgrade() -> None:
    with op.batch_alter_table("jobs") as batch:
        batch.drop_column("edition")
