"""Database tables as typed SQLAlchemy 2 models (the schema is owned by the migrations)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """Times stored in UTC and always read back timezone-aware (SQLite drops offsets)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {datetime: UTCDateTime(), dict[str, Any]: JSON()}


class OwnerSettingsRow(Base):
    """What a key's owner chose once for all its keys (a tournament: its edition)."""

    __tablename__ = "owner_settings"

    owner: Mapped[str] = mapped_column(String(200), primary_key=True)
    #: the ISkO edition of records that name none (None: the service's)
    edition: Mapped[str | None] = mapped_column(String(8))
    updated_at: Mapped[datetime]


class ApiKeyRow(Base):
    __tablename__ = "api_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    prefix: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    owner: Mapped[str] = mapped_column(String(200), index=True)
    label: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]
    last_used_at: Mapped[datetime | None]


class DisputeRow(Base):
    __tablename__ = "disputes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    submitted_by: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    submitted_at: Mapped[datetime] = mapped_column(index=True)
    record: Mapped[dict[str, Any]]
    meta: Mapped[dict[str, Any]]
    note: Mapped[str] = mapped_column(Text, default="")
    event: Mapped[str | None] = mapped_column(String(200), index=True)
    table_no: Mapped[str | None] = mapped_column(String(50))
    outcome: Mapped[str | None] = mapped_column(String(20), index=True)
    #: the current ruling's infraction kinds as " kind1 kind2 " (for LIKE filters)
    kinds: Mapped[str] = mapped_column(String(400), default=" ")

    rulings: Mapped[list[RulingRow]] = relationship(
        back_populates="dispute", order_by="RulingRow.revision", lazy="selectin"
    )


class RulingRow(Base):
    __tablename__ = "rulings"
    __table_args__ = (UniqueConstraint("dispute_id", "revision", name="uq_rulings_revision"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: looked up through uq_rulings_revision, whose first column it is (no index of its
    #: own since migration 0006: every insert paid for a second one)
    dispute_id: Mapped[int] = mapped_column(ForeignKey("disputes.id"))
    revision: Mapped[int]
    reviews_id: Mapped[int | None] = mapped_column(ForeignKey("rulings.id"))
    created_at: Mapped[datetime]
    created_by: Mapped[str] = mapped_column(String(200))
    record: Mapped[dict[str, Any]]
    texts: Mapped[dict[str, Any]]
    outcome: Mapped[str | None] = mapped_column(String(20))
    appeal: Mapped[dict[str, Any] | None]
    comparison: Mapped[dict[str, Any] | None]

    dispute: Mapped[DisputeRow] = relationship(back_populates="rulings")


class IdempotencyRow(Base):
    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("key_id", "scope", "idem_key", name="uq_idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"))
    scope: Mapped[str] = mapped_column(String(64))
    idem_key: Mapped[str] = mapped_column(String(255))
    request_hash: Mapped[str] = mapped_column(String(64))
    resource_id: Mapped[int | None]
    created_at: Mapped[datetime]


class ConsoleSessionRow(Base):
    """A console sign-in: the cookie holds a random token, the table only its hash and
    the key it signed in with (never the key itself); sign-out ends it for every copy of
    the cookie."""

    __tablename__ = "console_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"), index=True)
    created_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]


class SigninLinkRow(Base):
    """A one-time sign-in link for a phone: the hash of its random token, the key it
    signs in with, who made it, until when it works and when it was used."""

    __tablename__ = "signin_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    key_id: Mapped[int] = mapped_column(ForeignKey("api_keys.id"), index=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]


class JobRow(Base):
    """A bulk job: an uploaded archive ruled in chunks by the workers."""

    __tablename__ = "jobs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    submitted_by: Mapped[int | None] = mapped_column(ForeignKey("api_keys.id"))
    input_format: Mapped[str] = mapped_column(String(16))
    lang: Mapped[str] = mapped_column(String(8))
    #: the ISkO edition of records that name none (jobs stored before it: 1998)
    edition: Mapped[str] = mapped_column(String(8), server_default="1998", default="1998")
    state: Mapped[str] = mapped_column(String(16), index=True)
    records: Mapped[int]
    chunks: Mapped[int]
    created_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    expires_at: Mapped[datetime | None] = mapped_column(index=True)
    #: input lines read so far (the next part's first line is the one after them)
    lines: Mapped[int] = mapped_column(Integer, server_default="0", default=0)
    #: parts (requests) its archive came in
    parts: Mapped[int] = mapped_column(Integer, server_default="1", default=1)


class JobChunkRow(Base):
    """One chunk of a job: its input lines, and once ruled its NDJSON output (written once)."""

    __tablename__ = "job_chunks"

    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True)
    no: Mapped[int] = mapped_column(Integer, primary_key=True)
    first_line: Mapped[int]
    records: Mapped[int]
    input: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(String(16), index=True)
    lease_until: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    #: results written before they were stored compressed (NDJSON text)
    output: Mapped[str | None] = mapped_column(Text)
    #: the NDJSON output, zlib-compressed, and its size as stored (an owner's quota)
    result: Mapped[bytes | None] = mapped_column(LargeBinary)
    result_bytes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    ruled: Mapped[int] = mapped_column(Integer, default=0)
    errors: Mapped[int] = mapped_column(Integer, default=0)
    done_at: Mapped[datetime | None]


class WebhookRow(Base):
    """A platform's callback URL for job and ruling events (signed with its secret)."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200), index=True)
    url: Mapped[str] = mapped_column(String(2000))
    secret: Mapped[str] = mapped_column(String(100))
    events: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime]


def table_of(model: type[Base]) -> Table:
    """The table a row class maps (its ``__table__``, typed as the Core statements want it)."""
    table = model.__table__
    assert isinstance(table, Table)
    return table
