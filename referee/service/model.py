"""Plain data the service layer works with (storage maps its rows to and from these)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, tzinfo
from typing import Any

from referee.core.kinds import Kind
from referee.core.ruleset import Edition, RuleSet
from referee.core.vocabulary import Language

__all__ = [
    "ID_PATH",
    "MAX_ID",
    "ROLES",
    "ApiKey",
    "Dispute",
    "DisputeFilter",
    "Claim",
    "IdempotencyEntry",
    "Job",
    "JobProgress",
    "Revision",
    "Webhook",
]

#: the largest id of a key, dispute or ruling: the id columns are INTEGER, 32 bits on
#: PostgreSQL; a larger id in a URL names nothing (404) and never reaches the database
MAX_ID = 2**31 - 1
#: werkzeug's converter for such an id in a route
ID_PATH = f"int(max={MAX_ID})"

#: the roles an API key can have
ROLES: tuple[str, ...] = ("referee", "court", "platform", "admin")


@dataclass
class ApiKey:
    """An API key as stored: only the hash of the secret, never the secret."""

    id: int | None
    prefix: str
    key_hash: str
    role: str
    owner: str
    created_at: datetime
    label: str = ""
    revoked_at: datetime | None = None
    #: the last sign-in or authenticated request (kept to the minute)
    last_used_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None


@dataclass
class Revision:
    """One immutable revision of a dispute's ruling: the record it ruled and the ruling rendered
    in every stored language (``texts``, all from one decision of the engine)."""

    id: int | None
    dispute_id: int | None
    revision: int
    created_at: datetime
    created_by: str
    record: dict[str, Any]
    texts: dict[str, dict[str, Any]]
    outcome: str | None
    reviews: int | None = None
    appeal: dict[str, Any] | None = None
    comparison: dict[str, Any] | None = None

    def in_language(self, lang: Language) -> dict[str, Any]:
        """The ``skat-ruling/1`` document in ``lang`` (English when not stored)."""
        return self.texts.get(lang) or self.texts.get("en") or next(iter(self.texts.values()))

    def ruled_under(self) -> RuleSet | None:
        """The rule set this revision was ruled under, as its ruling records it (None for a
        ruling stored before rulings recorded one); its replay views use it too."""
        stored = next(iter(self.texts.values()), {}).get("rules")
        return RuleSet.from_dict(stored) if stored is not None else None


@dataclass
class Dispute:
    """A stored dispute: the record as received, who sent it, its context and note."""

    id: int | None
    owner: str
    submitted_by: int | None
    submitted_at: datetime
    record: dict[str, Any]
    meta: dict[str, Any]
    note: str
    event: str | None = None
    table: str | None = None
    outcome: str | None = None
    kinds: list[str] = field(default_factory=list)
    rulings: list[Revision] = field(default_factory=list)

    @property
    def current(self) -> Revision:
        """The latest ruling revision."""
        return self.rulings[-1]


@dataclass(frozen=True)
class DisputeFilter:
    """Filters of ``GET /disputes``; ``owner`` None means every owner (court)."""

    owner: str | None = None
    event: str | None = None
    table: str | None = None
    outcome: str | None = None
    kind: Kind | None = None
    submitted_from: date | None = None
    submitted_to: date | None = None
    #: the zone whose calendar days ``submitted_from``/``submitted_to`` mean (the API:
    #: UTC; the console: the event's zone)
    day_zone: tzinfo = UTC


@dataclass(frozen=True)
class IdempotencyEntry:
    """A claimed ``Idempotency-Key``: which request used it and what it produced."""

    key_id: int
    scope: str
    idem_key: str
    request_hash: str
    resource_id: int | None


@dataclass(frozen=True)
class Job:
    """A stored job (its chunks are storage's business)."""

    id: int | None
    owner: str
    submitted_by: int | None
    input_format: str
    lang: Language
    state: str
    records: int
    chunks: int
    created_at: datetime
    finished_at: datetime | None = None
    expires_at: datetime | None = None
    #: the ISkO edition its records are ruled under where they name none
    edition: Edition = Edition.ISKO_1998
    #: input lines read so far, over all parts
    lines: int = 0
    #: requests its archive came in (an open job takes more)
    parts: int = 1


@dataclass(frozen=True)
class JobProgress:
    """How far the workers are, and when the first and the last chunk were written."""

    chunks_done: int
    records_done: int
    ruled: int
    errors: int
    first_done_at: datetime | None
    last_done_at: datetime | None
    #: where an unfinished job stands in the queue (None for a finished one)
    place: QueuePlace | None = None
    #: seconds to the job's end at the workers' measured rate; None when no rate is known
    eta_s: float | None = None


@dataclass(frozen=True)
class QueueState:
    """The queue as the workers see it now: what waits, per job, who holds a live lease,
    and how many chunks the workers ended lately."""

    #: (owner, job id, chunks waiting, chunks held under a live lease) of unfinished jobs
    jobs: list[tuple[str, int, int, int]]
    #: chunks held under a lease that has not run out, of any job
    live: int
    #: chunks ended in the recent window, and when the first and the last of them ended
    recent: int
    recent_first: datetime | None
    recent_last: datetime | None


@dataclass(frozen=True)
class QueuePlace:
    """What comes before a job's next chunk: ``chunks_ahead`` chunks (``own_chunks_ahead``
    of its owner's older jobs, the rest of other owners', who get a turn each per turn of
    its owner), from ``jobs_ahead`` jobs of other owners."""

    chunks_ahead: int
    own_chunks_ahead: int
    other_chunks_ahead: int
    jobs_ahead: int


@dataclass(frozen=True)
class Claim:
    """A chunk a worker holds: its lines as (line number, text; ``None``: too long; an
    int: not UTF-8, the offset of the first byte that is not)."""

    job_id: int
    no: int
    input_format: str
    lang: Language
    lines: list[tuple[int, str | int | None]]
    #: how often the chunk has been taken, this time included
    attempts: int = 1
    edition: Edition = Edition.ISKO_1998


@dataclass(frozen=True)
class Webhook:
    """A platform's callback: events are POSTed to ``url``, signed with ``secret``."""

    id: int | None
    owner: str
    url: str
    secret: str
    events: tuple[str, ...]
    created_at: datetime
