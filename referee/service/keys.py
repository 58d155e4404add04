"""API keys: create (the secret is shown once), list, revoke, authenticate.

Only a SHA-256 hash of each key is stored; a key is 32 random bytes, so a plain hash is
enough (no password stretching needed).

>>> secret, prefix, digest = new_secret()
>>> secret.startswith("rk_") and prefix == secret[:11] and len(digest) == 64
True
"""

from __future__ import annotations

import builtins
import hashlib
import logging
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from referee.core.errors import Gone
from referee.core.ruleset import Edition
from referee.service.errors import (
    Conflict,
    Forbidden,
    InvalidInput,
    NotFound,
    Unauthenticated,
)
from referee.service.model import ROLES, ApiKey
from referee.service.ports import UnitOfWork, UnitOfWorkFactory

log = logging.getLogger(__name__)


#: the longest owner or label (the columns' width, which PostgreSQL enforces)
NAME_MAX = 200
#: Unicode categories never allowed in a key's owner or label
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})


def hash_key(secret: str) -> str:
    """The stored form of a key."""
    return hashlib.sha256(secret.encode()).hexdigest()


def hidden_characters(text: str) -> str:
    """The characters of ``text`` a reader cannot see, named (empty when none): control
    and format characters (zero-width, bidirectional overrides), line and paragraph
    separators, private-use and unassigned code points; ``club-A`` written with a
    zero-width space or a right-to-left mark would pass for another owner's name.

    >>> hidden_characters("club-A"), hidden_characters("club\u200b-A\u202e")
    ('', 'U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE')
    """
    found = dict.fromkeys(ch for ch in text if unicodedata.category(ch) in HIDDEN_CATEGORIES)
    return ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".strip() for ch in found)


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
    #: the ISkO edition the key's owner chose for records that name none (None: the
    #: service's default)
    edition: Edition | None = None

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
#: ``last_used_at`` is written at most this often per key (not on every request)
TOUCH_EVERY = timedelta(minutes=1)


def _principal(uow: UnitOfWork, key: ApiKey) -> Principal:
    """Who a key signs in, with what its owner chose for all its keys."""
    edition = uow.keys.owner_edition(key.owner)
    return Principal(key.id, key.role, key.owner, Edition(edition) if edition else None)


def _stale(key: ApiKey) -> bool:
    """Whether the key's ``last_used_at`` is worth writing again."""
    last = key.last_used_at
    return last is None or datetime.now(UTC) - last > TOUCH_EVERY


class SigninLinkRefused(Gone):
    """A sign-in link that does not sign in: ``reason`` is ``unknown``, ``used``,
    ``expired`` or ``revoked`` (its key was revoked)."""

    code = "signin_link.refused"

    def __init__(self, reason: str):
        super().__init__(f"the sign-in link is {reason}", where={"reason": reason})
        self.reason = reason


class KeyService:
    """Use cases on API keys (one transaction each)."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        *,
        cache_seconds: float = 0.0,
        session_seconds: float = 12 * 3600.0,
        link_seconds: float = 600.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._uow = uow
        self._session_seconds = session_seconds
        self._link_seconds = link_seconds
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
        for field, value in (("owner", owner), ("label", label)):
            if len(value.strip()) > NAME_MAX:
                raise InvalidInput(
                    f"{field} must be at most {NAME_MAX} characters", where={"field": field}
                )
            bad = hidden_characters(value)
            if bad:
                raise InvalidInput(
                    f"{field} must not contain invisible or control characters ({bad})",
                    code="key.name_characters",
                    where={"field": field},
                    params={"characters": bad},
                )
        secret, prefix, digest = new_secret()
        key = ApiKey(None, prefix, digest, role, owner.strip(), datetime.now(UTC), label)
        with self._uow() as uow:
            key = uow.keys.add(key)
            uow.commit()
        return key, secret

    def list(self) -> list[ApiKey]:
        with self._uow() as uow:
            return uow.keys.list()

    # -- what an owner chooses once for all its keys (admin only) --

    def owner_editions(self, who: Principal) -> builtins.list[dict[str, str | None]]:
        """Every owner's chosen edition (owners that chose none are not listed)."""
        who.require("admin")
        with self._uow() as uow:
            return [{"owner": o, "edition": e} for o, e in uow.keys.owner_editions() if e]

    def set_owner_edition(
        self, who: Principal, owner: str, edition: Edition | None
    ) -> dict[str, str | None]:
        """An admin sets the edition every key of ``owner`` rules under where a record
        names none (None: back to the service's default); in force at once in this
        process, within the key cache's seconds in the others."""
        who.require("admin")
        owner = owner.strip()
        if not owner:
            raise InvalidInput("owner must not be empty", where={"field": "owner"})
        value = edition.value if edition is not None else None
        with self._uow() as uow:
            uow.keys.set_owner_edition(owner, value, datetime.now(UTC))
            uow.commit()
        self._cache.clear()
        return {"owner": owner, "edition": value}

    def revoke(self, key_id: int) -> ApiKey:
        """Revoke a key: it stops authenticating at once in this process, its console
        sessions end and its unused sign-in links stop working."""
        with self._uow() as uow:
            key = uow.keys.by_id(key_id)
            if key is None:
                raise NotFound(f"no key {key_id}", where={"key": key_id})
            if key.revoked_at is None:
                key.revoked_at = datetime.now(UTC)
                uow.keys.save(key)
                uow.sessions.end_for_key(key_id, key.revoked_at)
                uow.signin_links.void_for_key(key_id, key.revoked_at)
                uow.commit()
            self._cache.clear()
            return key

    # -- the console's key management (admin only; the API checks roles itself) --

    def create_as(self, who: Principal, role: str, owner: str, label: str) -> tuple[ApiKey, str]:
        """An admin creates a key (see :meth:`create`)."""
        who.require("admin")
        return self.create(role, owner, label)

    def list_as(self, who: Principal) -> builtins.list[ApiKey]:
        who.require("admin")
        return self.list()

    def revoke_as(self, who: Principal, key_id: int) -> ApiKey:
        """An admin revokes a key; not the key it is signed in with (that would lock the
        last admin out; use another admin key or the CLI)."""
        who.require("admin")
        if key_id == who.key_id:
            raise Conflict(
                "this is the key you are signed in with", code="key.own", where={"key": key_id}
            )
        return self.revoke(key_id)

    def signin_link(self, who: Principal, key_id: int) -> tuple[str, ApiKey, datetime]:
        """An admin makes a one-time sign-in link for a key: (token, key, expiry).

        The token is random (32 bytes) and stored only as its hash; it works once, until
        it expires (``link_seconds``) or a newer link for the key is made. Admin keys are
        not handed over this way.
        """
        who.require("admin")
        now = datetime.now(UTC)
        token = secrets.token_urlsafe(32)
        expires = now + timedelta(seconds=self._link_seconds)
        with self._uow() as uow:
            key = uow.keys.by_id(key_id)
            if key is None:
                raise NotFound(f"no key {key_id}", where={"key": key_id})
            if not key.active:
                raise Conflict("the key is revoked", code="key.revoked", where={"key": key_id})
            if key.role == "admin":
                raise InvalidInput(
                    "admin keys are not handed over by sign-in link",
                    code="key.admin_link",
                    where={"key": key_id},
                )
            uow.signin_links.void_for_key(key_id, now)  # a new link replaces the older ones
            uow.signin_links.add(
                hash_key(token), key_id, created_by=who.key_id, created_at=now, expires_at=expires
            )
            uow.commit()
        return token, key, expires

    def signin_link_key(self, token: str) -> ApiKey:
        """The key a sign-in link would sign in with, the link left unused; raises
        :class:`SigninLinkRefused` as :meth:`redeem_signin_link` would."""
        with self._uow() as uow:
            status, key_id = uow.signin_links.peek(hash_key(token), datetime.now(UTC))
            key = uow.keys.by_id(key_id) if key_id is not None else None
        if key_id is not None and (key is None or not key.active):
            status = "revoked"
        if status != "ok" or key is None:
            raise SigninLinkRefused(status)
        return key

    def redeem_signin_link(self, token: str) -> tuple[str, Principal]:
        """Use a sign-in link: a new console session token and its principal. Raises
        :class:`SigninLinkRefused` (``unknown``, ``used``, ``expired``, ``revoked``)."""
        now = datetime.now(UTC)
        with self._uow() as uow:
            status, key_id = uow.signin_links.redeem(hash_key(token), now)
            key = uow.keys.by_id(key_id) if key_id is not None else None
            if key_id is not None and (key is None or not key.active):
                status = "revoked"  # said first: a new link will not help either
            if status != "ok" or key is None or key.id is None:
                uow.commit()  # a revoked key's link stays used
                raise SigninLinkRefused(status)
            session = secrets.token_urlsafe(32)
            uow.sessions.add(hash_key(session), key.id, now)
            self._touch(uow, key.id, now)
            uow.commit()
            who = _principal(uow, key)
        return session, who

    def _touch(self, uow: UnitOfWork, key_id: int, now: datetime) -> None:
        uow.keys.touch(key_id, now, unless_after=now - TOUCH_EVERY)

    def _touch_quietly(self, uow: UnitOfWork, key_id: int) -> None:
        """Note a request's use of the key; a database that cannot take the write now
        (locked, read-only) must not refuse a caller it has just authenticated."""
        try:
            self._touch(uow, key_id, datetime.now(UTC))
            uow.commit()
        except Exception as exc:  # noqa: BLE001 - last_used_at is a courtesy, not evidence
            uow.rollback()
            log.warning("could not note the use of key %s: %s", key_id, type(exc).__name__)

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
            if key.id is not None and _stale(key):
                self._touch_quietly(uow, key.id)
            principal = _principal(uow, key)
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
        now = datetime.now(UTC)
        with self._uow() as uow:
            uow.sessions.add(hash_key(token), who.key_id, now)
            self._touch(uow, who.key_id, now)
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
            if _stale(key):
                self._touch_quietly(uow, key.id)
            return _principal(uow, key)

    def end_session(self, token: str) -> None:
        """Sign out: the token stops working for every copy of the cookie."""
        with self._uow() as uow:
            uow.sessions.end(hash_key(token), datetime.now(UTC))
            uow.commit()
