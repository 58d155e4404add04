"""What the service layer needs from storage: repositories inside a unit of work.

A unit of work is one transaction: nothing is written until :meth:`UnitOfWork.commit`;
leaving the ``with`` block without committing rolls back.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import NamedTuple, Protocol, Self

from referee.service.model import (
    ApiKey,
    Claim,
    Dispute,
    DisputeFilter,
    IdempotencyEntry,
    Job,
    JobProgress,
    QueueState,
    Revision,
    Webhook,
)


class KeyRepository(Protocol):
    def add(self, key: ApiKey) -> ApiKey: ...
    def by_hash(self, key_hash: str) -> ApiKey | None: ...
    def owner_edition(self, owner: str) -> str | None:
        """The edition ``owner`` chose for its keys (None: the service's default)."""
        ...

    def set_owner_edition(self, owner: str, edition: str | None, at: datetime) -> None: ...
    def owner_editions(self) -> list[tuple[str, str | None]]:
        """(owner, edition) of every owner that chose one, by owner."""
        ...

    def by_id(self, key_id: int) -> ApiKey | None: ...
    def list(self) -> list[ApiKey]: ...
    def save(self, key: ApiKey) -> None: ...
    def touch(self, key_id: int, at: datetime, *, unless_after: datetime) -> None:
        """Set the key's ``last_used_at`` to ``at`` unless it is already later than
        ``unless_after`` (so a busy key is written at most once a minute)."""
        ...


class DisputeRepository(Protocol):
    def add(self, dispute: Dispute) -> Dispute:
        """Insert the dispute and its rulings; fills in ids. Takes the unit of work's
        write turn itself, as late as it can (after encoding what it stores)."""
        ...

    def get(self, dispute_id: int, *, lock: bool = False) -> Dispute | None: ...
    def find(self, flt: DisputeFilter, *, offset: int, limit: int) -> tuple[list[Dispute], int]:
        """One page of disputes (newest first) and the total count."""
        ...

    def add_ruling(self, dispute: Dispute, ruling: Revision) -> Revision:
        """Append a revision and update the dispute's current outcome and kinds."""
        ...


class IdempotencyRepository(Protocol):
    def get(self, key_id: int, scope: str, idem_key: str) -> IdempotencyEntry | None: ...
    def claim(self, entry: IdempotencyEntry) -> None:
        """Insert the entry now; raise DuplicateIdempotencyKey if another has it."""
        ...

    def resolve(self, entry: IdempotencyEntry, resource_id: int) -> None: ...
    def forget(self, scope: str, resource_id: int) -> None:
        """Drop the keys that named this resource (it is gone: a key may be used again)."""
        ...


class ConsoleSessionRepository(Protocol):
    def add(self, token_hash: str, key_id: int, created_at: datetime) -> None: ...
    def key_for(self, token_hash: str, *, opened_after: datetime) -> ApiKey | None:
        """The key of a session that has not ended and was opened after the time."""
        ...

    def end(self, token_hash: str, at: datetime) -> None: ...
    def end_for_key(self, key_id: int, at: datetime) -> int:
        """End every open session of the key; how many there were."""
        ...


class SigninLinkRepository(Protocol):
    def add(
        self,
        token_hash: str,
        key_id: int,
        *,
        created_by: int | None,
        created_at: datetime,
        expires_at: datetime,
    ) -> None: ...
    def redeem(self, token_hash: str, at: datetime) -> tuple[str, int | None]:
        """Use the link now if it is unused and unexpired: ``("ok", key_id)``; else
        ``("used" | "expired", key_id)`` or ``("unknown", None)``. Works once even when
        two requests race (a conditional update)."""
        ...

    def peek(self, token_hash: str, at: datetime) -> tuple[str, int | None]:
        """What :meth:`redeem` would answer now, without using the link."""
        ...

    def void_for_key(self, key_id: int, at: datetime) -> None:
        """Mark the key's unused links used (its revocation, or a newer link)."""
        ...


class JobRepository(Protocol):
    def add(self, job: Job) -> Job: ...
    def add_chunk(self, job_id: int, no: int, first_line: int, records: int, lines: bytes) -> None:
        """Store one chunk's input: its lines as a JSON list of [line number, text]."""
        ...

    def set_size(
        self,
        job_id: int,
        records: int,
        chunks: int,
        *,
        lines: int = 0,
        parts: int = 1,
        expires_at: datetime | None = None,
    ) -> None:
        """The job's size after a part: records, chunks, input lines, parts; an open
        job's ``expires_at`` (dropped if never started by then)."""
        ...

    def lock(self, job_id: int) -> Job | None:
        """The job, held against other writers of it until the transaction ends."""
        ...

    def start(self, job_id: int) -> bool:
        """Queue an open job; True if this call did."""
        ...

    def get(self, job_id: int) -> Job | None: ...
    def find(self, owner: str, *, offset: int, limit: int) -> tuple[list[Job], int]: ...
    def progress(self, job_id: int) -> JobProgress: ...
    def claim(self, job_id: int, no: int, now: datetime, lease_until: datetime) -> Claim | None:
        """Take the chunk if it is neither written nor held under a running lease, and its
        job is not finished; start the job."""
        ...

    def write(
        self, job_id: int, no: int, output: str, ruled: int, errors: int, now: datetime
    ) -> bool:
        """Write a chunk's output unless it was written already; True if this wrote it."""
        ...

    def next_chunk(self, now: datetime) -> tuple[int, int] | None:
        """(job, chunk) to rule next, fairly between owners; None if nothing waits."""
        ...

    def queue_state(self, now: datetime, since: datetime) -> QueueState:
        """Unfinished jobs with their waiting and live-held chunks, the live leases of
        all jobs, and the chunks ended since ``since``."""
        ...

    def release(self, job_id: int, no: int) -> None:
        """Give a claimed chunk back (its ruling failed): pending again, no lease."""
        ...

    def fail(self, job_id: int, no: int, output: str, errors: int, now: datetime) -> bool:
        """Give up an unfinished chunk: ``output`` (one error line a record) is its result;
        True if this call ended it."""
        ...

    def remaining(self, job_id: int) -> int:
        """How many of the job's chunks have not ended (neither written nor failed)."""
        ...

    def finish_if_complete(self, job_id: int, now: datetime, expires_at: datetime) -> bool:
        """In one atomic step (the job's row locked), mark the job done if none of its
        chunks is left; True for the one call that did, whoever else tries at once."""
        ...

    def finish(self, job_id: int, state: str, now: datetime, expires_at: datetime) -> bool:
        """Move an unfinished job to ``state``; True if this call did."""
        ...

    def ready(self, job_id: int, after: int) -> tuple[int, int | None, int | None]:
        """The chunks whose results can be read from line ``after`` on: (the chunk holding
        the next line, the first chunk from there not ended or None, that one's first
        line or None)."""
        ...

    def output(self, job_id: int, no: int) -> tuple[str, int, int]: ...
    def stored_bytes(self, owner: str) -> int:
        """The bytes the results of the owner's jobs take as stored (compressed)."""
        ...

    def stale_chunks(self, now: datetime, *, unclaimed: bool) -> list[tuple[int, int]]:
        """Chunks of unfinished jobs whose lease ran out (and, if ``unclaimed``, those
        never claimed)."""
        ...

    def delete(self, job_id: int) -> None:
        """Remove the job and its chunks."""
        ...

    def delete_expired(self, now: datetime) -> int: ...


class WebhookRepository(Protocol):
    def add(self, hook: Webhook) -> Webhook: ...
    def get(self, hook_id: int) -> Webhook | None: ...
    def of_owner(self, owner: str) -> list[Webhook]: ...
    def delete(self, hook_id: int) -> None: ...
    def lock_owner(self, owner: str) -> None:
        """Hold registrations for ``owner`` back until this transaction ends."""
        ...


class UnitOfWork(Protocol):
    # read-only members, so that a storage's own repository classes satisfy them
    @property
    def keys(self) -> KeyRepository: ...
    @property
    def disputes(self) -> DisputeRepository: ...
    @property
    def idempotency(self) -> IdempotencyRepository: ...
    @property
    def sessions(self) -> ConsoleSessionRepository: ...
    @property
    def signin_links(self) -> SigninLinkRepository: ...
    @property
    def jobs(self) -> JobRepository: ...
    @property
    def webhooks(self) -> WebhookRepository: ...

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def write_turn(self) -> None:
        """Wait until this transaction may write, where the database lets one writer at
        a time in (SQLite); held until it commits or rolls back."""
        ...


#: a callable that opens a fresh unit of work
UnitOfWorkFactory = Callable[[], UnitOfWork]


class Readiness(NamedTuple):
    """What :meth:`Backend.status` found; ``problem`` names what is wrong when not ready:
    ``database_unreachable``, ``migrations_pending`` or ``schema_broken``."""

    ready: bool
    problem: str | None
    detail: str


class Backend(Protocol):
    """A storage backend: opens units of work and manages the schema."""

    def unit_of_work(self) -> UnitOfWork: ...
    def migrate(self) -> None:
        """Bring the schema to the newest revision."""
        ...

    def status(self) -> Readiness:
        """Database reachable and schema current and whole."""
        ...

    def dispose(self) -> None: ...
