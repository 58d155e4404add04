"""API keys: create (the secret is shown once), list, revoke, authenticate.

Only a SHA-256 hash of each key is stored; a key is 32 random bytes, so a plain hash is
enough (no password stretching needed).

>>> secret, prefix, digest = new_secret()
>>> secret.startswith("rk_") and prefix == secret[:11] and len(digest) == 64
True
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from referee.service.errors import Forbidden, InvalidInput, NotFound, Unauthenticated
from referee.service.model import ROLES, ApiKey
from referee.service.ports import UnitOfWorkFactory


def hash_key(secret: str) -> str:
    """The stored form of a key."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> tuple[str, str, str]:
    """A fresh key: (secret, display prefix, hash)."""
    secret = "rk_" + secrets.token_urlsafe(32)
    return secret, secret[:11], hash_key(secret)


@dataclass(frozen=True)
class Principal:
    """Who is calling: the key's id, role and owner (``None`` key for anonymous)."""

    key_id: int | None
    role: str
    owner: str

    def require(self, *roles: str) -> None:
        """Raise Forbidden unless the role is one of ``roles``."""
        if self.role not in roles:
            raise Forbidden(
                f"role {self.role!r} may not do this (needs {' or '.join(roles)})",
                where={"role": self.role},
            )

    @property
    def sees_all(self) -> bool:
        """The court reads every dispute; everyone else only their own."""
        return self.role == "court"


ANONYMOUS = Principal(None, "anonymous", "")


class KeyService:
    """Use cases on API keys (one transaction each)."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        *,
        cache_seconds: float = 0.0,
        session_seconds: float = 12 * 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._uow = uow
        self._session_seconds = session_seconds
        self._clock = clock
        #: digest -> (principal, monotonic expiry); spares a database read per request.
        #: A revocation clears it here at once; other processes see it within the TTL.
        self._cache: dict[str, tuple[Principal, float]] = {}
        self._cache_seconds = cache_seconds

    def create(self, role: str, owner: str, label: str = "") -> tuple[ApiKey, str]:
        """Store a new key and return it with its secret (shown only now)."""
        if role not in ROLES:
            raise InvalidInput(f"unknown role {role!r}", where={"field": "role"})
        if not owner.strip():
            raise InvalidInput("owner must not be empty", where={"field": "owner"})
        secret, prefix, digest = new_secret()
        key = ApiKey(None, prefix, digest, role, owner.strip(), datetime.now(UTC), label)
        with self._uow() as uow:
            key = uow.keys.add(key)
            uow.commit()
        return key, secret

    def list(self) -> list[ApiKey]:
        with self._uow() as uow:
            return uow.keys.list()

    def revoke(self, key_id: int) -> ApiKey:
        with self._uow() as uow:
            key = uow.keys.by_id(key_id)
            if key is None:
                raise NotFound(f"no key {key_id}", where={"key": key_id})
            if key.revoked_at is None:
                key.revoked_at = datetime.now(UTC)
                uow.keys.save(key)
                uow.commit()
            self._cache.clear()
            return key

    def is_active(self, secret: str) -> bool:
        with self._uow() as uow:
            key = uow.keys.by_hash(hash_key(secret))
            return key is not None and key.active

    def authenticate(self, secret: str) -> Principal:
        """The principal for a bearer secret; Unauthenticated when unknown or revoked."""
        digest = hash_key(secret)
        hit = self._cache.get(digest)
        now = self._clock()
        if hit is not None and hit[1] > now:
            return hit[0]
        with self._uow() as uow:
            key = uow.keys.by_hash(digest)
        if key is None or not key.active:
            self._cache.pop(digest, None)
            raise Unauthenticated("unknown or revoked API key")
        principal = Principal(key.id, key.role, key.owner)
        if self._cache_seconds > 0:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[digest] = (principal, now + self._cache_seconds)
        return principal

    # -- console sessions: the browser keeps a token, the server what it stands for --

    def open_session(self, secret: str) -> tuple[str, Principal]:
        """Sign in with a key: a new session token (for the cookie) and its principal."""
        who = self.authenticate(secret)
        assert who.key_id is not None
        token = secrets.token_urlsafe(32)
        with self._uow() as uow:
            uow.sessions.add(hash_key(token), who.key_id, datetime.now(UTC))
            uow.commit()
        return token, who

    def session_principal(self, token: str) -> Principal | None:
        """Who a session token signs in: None once it ended, expired or its key was
        revoked (read on every request: a sign-out or revocation takes effect at once)."""
        opened_after = datetime.now(UTC) - timedelta(seconds=self._session_seconds)
        with self._uow() as uow:
            key = uow.sessions.key_for(hash_key(token), opened_after=opened_after)
        if key is None or not key.active or key.id is None:
            return None
        return Principal(key.id, key.role, key.owner)

    def end_session(self, token: str) -> None:
        """Sign out: the token stops working for every copy of the cookie."""
        with self._uow() as uow:
            uow.sessions.end(hash_key(token), datetime.now(UTC))
            uow.commit()
