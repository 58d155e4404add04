"""Who may act, stored: API keys, console sessions and one-time sign-in links, on a
SQLAlchemy session (the unit of work in :mod:`referee.storage.repositories` holds them)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from referee.service.model import ApiKey
from referee.storage.models import (
    ApiKeyRow,
    ConsoleSessionRow,
    OwnerSettingsRow,
    SigninLinkRow,
    table_of,
)

__all__ = ["SqlConsoleSessions", "SqlKeys", "SqlSigninLinks"]


def _key(row: ApiKeyRow) -> ApiKey:
    return ApiKey(
        row.id,
        row.prefix,
        row.key_hash,
        row.role,
        row.owner,
        row.created_at,
        row.label,
        row.revoked_at,
        row.last_used_at,
    )


class SqlKeys:
    def __init__(self, session: Session):
        self.s = session

    def add(self, key: ApiKey) -> ApiKey:
        row = ApiKeyRow(
            prefix=key.prefix,
            key_hash=key.key_hash,
            role=key.role,
            owner=key.owner,
            label=key.label,
            created_at=key.created_at,
            revoked_at=key.revoked_at,
        )
        self.s.add(row)
        self.s.flush()
        return _key(row)

    def owner_edition(self, owner: str) -> str | None:
        return self.s.scalar(
            select(OwnerSettingsRow.edition).where(OwnerSettingsRow.owner == owner)
        )

    def owner_editions(self) -> list[tuple[str, str | None]]:
        rows = self.s.execute(
            select(OwnerSettingsRow.owner, OwnerSettingsRow.edition).order_by(
                OwnerSettingsRow.owner
            )
        )
        return [(owner, edition) for owner, edition in rows]

    def set_owner_edition(self, owner: str, edition: str | None, at: datetime) -> None:
        row = self.s.get(OwnerSettingsRow, owner)
        if row is None:
            self.s.add(OwnerSettingsRow(owner=owner, edition=edition, updated_at=at))
        else:
            row.edition, row.updated_at = edition, at
        self.s.flush()

    def by_hash(self, key_hash: str) -> ApiKey | None:
        row = self.s.scalar(select(ApiKeyRow).where(ApiKeyRow.key_hash == key_hash))
        return _key(row) if row else None

    def by_id(self, key_id: int) -> ApiKey | None:
        row = self.s.get(ApiKeyRow, key_id)
        return _key(row) if row else None

    def list(self) -> list[ApiKey]:
        return [_key(r) for r in self.s.scalars(select(ApiKeyRow).order_by(ApiKeyRow.id))]

    def save(self, key: ApiKey) -> None:
        row = self.s.get_one(ApiKeyRow, key.id)
        row.revoked_at = key.revoked_at
        row.label = key.label

    def touch(self, key_id: int, at: datetime, *, unless_after: datetime) -> None:
        table = table_of(ApiKeyRow)
        last = table.c.last_used_at
        self.s.execute(
            update(table)
            .where(table.c.id == key_id, or_(last.is_(None), last <= unless_after))
            .values(last_used_at=at)
        )


class SqlConsoleSessions:
    def __init__(self, session: Session):
        self.s = session

    def add(self, token_hash: str, key_id: int, created_at: datetime) -> None:
        self.s.add(ConsoleSessionRow(token_hash=token_hash, key_id=key_id, created_at=created_at))

    def key_for(self, token_hash: str, *, opened_after: datetime) -> ApiKey | None:
        """The key of a live session (not ended, opened after ``opened_after``)."""
        row = self.s.scalar(
            select(ApiKeyRow)
            .join(ConsoleSessionRow, ConsoleSessionRow.key_id == ApiKeyRow.id)
            .where(
                ConsoleSessionRow.token_hash == token_hash,
                ConsoleSessionRow.ended_at.is_(None),
                ConsoleSessionRow.created_at > opened_after,
            )
        )
        return _key(row) if row else None

    def end(self, token_hash: str, at: datetime) -> None:
        table = table_of(ConsoleSessionRow)
        self.s.execute(
            update(table)
            .where(table.c.token_hash == token_hash, table.c.ended_at.is_(None))
            .values(ended_at=at)
        )

    def end_for_key(self, key_id: int, at: datetime) -> int:
        table = table_of(ConsoleSessionRow)
        result = self.s.execute(
            update(table)
            .where(table.c.key_id == key_id, table.c.ended_at.is_(None))
            .values(ended_at=at)
        )
        return int(result.rowcount or 0)  # type: ignore[attr-defined]


class SqlSigninLinks:
    def __init__(self, session: Session):
        self.s = session

    def add(
        self,
        token_hash: str,
        key_id: int,
        *,
        created_by: int | None,
        created_at: datetime,
        expires_at: datetime,
    ) -> None:
        self.s.add(
            SigninLinkRow(
                token_hash=token_hash,
                key_id=key_id,
                created_by=created_by,
                created_at=created_at,
                expires_at=expires_at,
            )
        )

    def redeem(self, token_hash: str, at: datetime) -> tuple[str, int | None]:
        table = table_of(SigninLinkRow)
        c = table.c
        used = self.s.execute(
            update(table)
            .where(c.token_hash == token_hash, c.used_at.is_(None), c.expires_at > at)
            .values(used_at=at)
            .returning(c.key_id)
        ).scalar_one_or_none()
        if used is not None:
            return "ok", int(used)
        row = self.s.scalar(select(SigninLinkRow).where(SigninLinkRow.token_hash == token_hash))
        if row is None:
            return "unknown", None
        return ("used" if row.used_at is not None else "expired"), row.key_id

    def peek(self, token_hash: str, at: datetime) -> tuple[str, int | None]:
        row = self.s.scalar(select(SigninLinkRow).where(SigninLinkRow.token_hash == token_hash))
        if row is None:
            return "unknown", None
        if row.used_at is not None:
            return "used", row.key_id
        return ("ok" if row.expires_at > at else "expired"), row.key_id

    def void_for_key(self, key_id: int, at: datetime) -> None:
        table = table_of(SigninLinkRow)
        self.s.execute(
            update(table)
            .where(table.c.key_id == key_id, table.c.used_at.is_(None))
            .values(used_at=at)
        )
