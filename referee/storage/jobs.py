"""Jobs, their chunks and webhooks in SQL (the service's JobRepository, WebhookRepository).

Claiming and writing a chunk are single conditional UPDATEs, so two workers on two
machines can never both hold a chunk under a running lease, and a chunk's output is
written once: the first write wins, later ones change nothing.
"""

from __future__ import annotations

import zlib
from datetime import datetime

import orjson
from sqlalchemy import and_, case, delete, func, insert, or_, select, text, update
from sqlalchemy.orm import Session

from referee.core.ruleset import Edition
from referee.core.vocabulary import Language
from referee.service.model import Claim, Job, JobProgress, QueueState, Webhook
from referee.storage.models import JobChunkRow, JobRow, WebhookRow, table_of

__all__ = ["SqlJobs", "SqlWebhooks"]

_JOBS = table_of(JobRow)
_CHUNKS = table_of(JobChunkRow)
_INSERT_CHUNK = insert(_CHUNKS)
#: the states a chunk ends in: written, or given up after its attempts
ENDED = ("done", "failed")
#: zlib's fastest level: NDJSON rulings shrink about eightfold at some 25 µs a game
LEVEL = 1


def _packed(output: str) -> dict[str, object]:
    """The columns that store a chunk's output: compressed, and the size it takes."""
    result = zlib.compress(output.encode(), LEVEL)
    return {"result": result, "result_bytes": len(result), "output": None}


def _job(row: JobRow) -> Job:
    return Job(
        id=row.id,
        owner=row.owner,
        submitted_by=row.submitted_by,
        input_format=row.input_format,
        lang=Language(row.lang),
        state=row.state,
        records=row.records,
        chunks=row.chunks,
        created_at=row.created_at,
        finished_at=row.finished_at,
        expires_at=row.expires_at,
        edition=Edition(row.edition),
        lines=row.lines,
        parts=row.parts,
    )


class SqlJobs:
    def __init__(self, session: Session):
        self.s = session

    def add(self, job: Job) -> Job:
        row = JobRow(
            owner=job.owner,
            submitted_by=job.submitted_by,
            input_format=job.input_format,
            lang=job.lang,
            edition=job.edition.value,
            state=job.state,
            records=job.records,
            chunks=job.chunks,
            created_at=job.created_at,
            expires_at=job.expires_at,
            lines=job.lines,
            parts=job.parts,
        )
        self.s.add(row)
        self.s.flush()
        return _job(row)

    def add_chunk(self, job_id: int, no: int, first_line: int, records: int, lines: bytes) -> None:
        self.s.connection().execute(
            _INSERT_CHUNK,
            {
                "job_id": job_id,
                "no": no,
                "first_line": first_line,
                "records": records,
                "input": lines.decode(),
                "state": "pending",
                "lease_until": None,
                "attempts": 0,
                "output": None,
                "result": None,
                "result_bytes": 0,
                "ruled": 0,
                "errors": 0,
                "done_at": None,
            },
        )

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
        self.s.execute(
            update(JobRow)
            .where(JobRow.id == job_id)
            .values(records=records, chunks=chunks, lines=lines, parts=parts, expires_at=expires_at)
        )

    def lock(self, job_id: int) -> Job | None:
        """The job, its row locked until the transaction ends: two parts appended at once
        are stored one after the other. PostgreSQL locks the row (``FOR UPDATE``); SQLite
        has no row locks and would let both read before either writes, so the transaction
        takes the database's one write lock first, with a write that changes nothing."""
        if self.s.get_bind().dialect.name == "sqlite":
            self.s.execute(update(JobRow).where(JobRow.id == job_id).values(id=JobRow.id))
        stmt = select(JobRow).where(JobRow.id == job_id).with_for_update()
        row = self.s.execute(stmt.execution_options(populate_existing=True)).scalar_one_or_none()
        return _job(row) if row is not None else None

    def start(self, job_id: int) -> bool:
        """An open job becomes queued (kept until it ends, not until it expires); True if
        this call started it."""
        done = self.s.execute(
            update(JobRow)
            .where(JobRow.id == job_id, JobRow.state == "open")
            .values(state="queued", expires_at=None)
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def get(self, job_id: int) -> Job | None:
        row = self.s.get(JobRow, job_id, populate_existing=True)
        return _job(row) if row else None

    def find(self, owner: str, *, offset: int, limit: int) -> tuple[list[Job], int]:
        stmt = select(JobRow).where(JobRow.owner == owner)
        total = self.s.scalar(select(func.count()).select_from(stmt.subquery())) or 0
        if offset >= total:
            return [], total
        page = stmt.order_by(JobRow.id.desc()).offset(offset).limit(limit)
        return [_job(r) for r in self.s.scalars(page)], total

    def progress(self, job_id: int) -> JobProgress:
        c = _CHUNKS.c
        row = self.s.execute(
            select(
                func.count(),
                func.coalesce(func.sum(c.records), 0),
                func.coalesce(func.sum(c.ruled), 0),
                func.coalesce(func.sum(c.errors), 0),
                func.min(c.done_at),
                func.max(c.done_at),
            ).where(c.job_id == job_id, c.state.in_(ENDED))
        ).one()
        return JobProgress(int(row[0]), int(row[1]), int(row[2]), int(row[3]), row[4], row[5])

    def claim(self, job_id: int, no: int, now: datetime, lease_until: datetime) -> Claim | None:
        job = self.s.get(JobRow, job_id, populate_existing=True)
        if job is None or job.state in ("open", "done", "cancelled"):
            return None
        c = _CHUNKS.c
        taken = self.s.execute(
            update(JobChunkRow)
            .where(
                JobChunkRow.job_id == job_id,
                JobChunkRow.no == no,
                or_(
                    JobChunkRow.state == "pending",
                    and_(JobChunkRow.state == "running", JobChunkRow.lease_until < now),
                ),
            )
            .values(state="running", lease_until=lease_until, attempts=c.attempts + 1)
        )
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            return None
        if job.state == "queued":
            self.s.execute(
                update(JobRow)
                .where(JobRow.id == job_id, JobRow.state == "queued")
                .values(state="running")
            )
        text, attempts = self.s.execute(
            select(c.input, c.attempts).where(c.job_id == job_id, c.no == no)
        ).one()
        lines = [(int(n), t) for n, t in orjson.loads(text or "[]")]
        return Claim(
            job_id,
            no,
            job.input_format,
            Language(job.lang),
            lines,
            int(attempts),
            Edition(job.edition),
        )

    def next_chunk(self, now: datetime) -> tuple[int, int] | None:
        """The chunk to rule next, fairly between owners: of the owners with a chunk
        waiting, the one with the fewest chunks being ruled now, then the one served
        longest ago (never first); its oldest job's first waiting chunk."""
        c, j = _CHUNKS.c, _JOBS.c
        unfinished = j.state.in_(("queued", "running"))
        live = and_(c.state == "running", c.lease_until >= now)
        owners = (
            select(
                j.owner.label("owner"),
                func.sum(case((live, 1), else_=0)).label("busy"),
                func.max(c.done_at).label("served"),
            )
            .select_from(_CHUNKS.join(_JOBS, j.id == c.job_id))
            .where(unfinished)
            .group_by(j.owner)
            .subquery()
        )
        waiting = or_(c.state == "pending", and_(c.state == "running", c.lease_until < now))
        stmt = (
            select(c.job_id, c.no)
            .select_from(
                _CHUNKS.join(_JOBS, j.id == c.job_id).join(owners, owners.c.owner == j.owner)
            )
            .where(unfinished, waiting)
            .order_by(owners.c.busy, owners.c.served.asc().nulls_first(), c.job_id, c.no)
            .limit(1)
        )
        row = self.s.execute(stmt).first()
        return (int(row[0]), int(row[1])) if row else None

    def queue_state(self, now: datetime, since: datetime) -> QueueState:
        """What waits and who works now; chunks ended since ``since``."""
        c, j = _CHUNKS.c, _JOBS.c
        waiting = or_(c.state == "pending", and_(c.state == "running", c.lease_until < now))
        live = and_(c.state == "running", c.lease_until >= now)
        rows = self.s.execute(
            select(
                j.owner,
                j.id,
                func.sum(case((waiting, 1), else_=0)),
                func.sum(case((live, 1), else_=0)),
            )
            .select_from(_CHUNKS.join(_JOBS, j.id == c.job_id))
            .where(j.state.in_(("queued", "running")), c.state.not_in(ENDED))
            .group_by(j.owner, j.id)
            .order_by(j.id)
        ).all()
        held = self.s.scalar(select(func.count()).where(live)) or 0
        recent = self.s.execute(
            select(func.count(), func.min(c.done_at), func.max(c.done_at)).where(
                c.done_at >= since, c.state.in_(ENDED)
            )
        ).one()
        return QueueState(
            [(str(o), int(i), int(w or 0), int(h or 0)) for o, i, w, h in rows],
            int(held),
            int(recent[0]),
            recent[1],
            recent[2],
        )

    def release(self, job_id: int, no: int) -> None:
        self.s.execute(
            update(JobChunkRow)
            .where(
                JobChunkRow.job_id == job_id, JobChunkRow.no == no, JobChunkRow.state == "running"
            )
            .values(state="pending", lease_until=None)
        )

    def fail(self, job_id: int, no: int, output: str, errors: int, now: datetime) -> bool:
        gave_up = self.s.execute(
            update(JobChunkRow)
            .where(
                JobChunkRow.job_id == job_id, JobChunkRow.no == no, JobChunkRow.state.not_in(ENDED)
            )
            .values(
                state="failed",
                **_packed(output),
                ruled=0,
                errors=errors,
                done_at=now,
                lease_until=None,
            )
        )
        return bool(gave_up.rowcount == 1)  # type: ignore[attr-defined]

    def write(
        self, job_id: int, no: int, output: str, ruled: int, errors: int, now: datetime
    ) -> bool:
        done = self.s.execute(
            update(JobChunkRow)
            .where(
                JobChunkRow.job_id == job_id,
                JobChunkRow.no == no,
                JobChunkRow.state.not_in(ENDED),
            )
            .values(
                state="done",
                **_packed(output),
                ruled=ruled,
                errors=errors,
                done_at=now,
                lease_until=None,
            )
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def remaining(self, job_id: int) -> int:
        c = _CHUNKS.c
        return int(
            self.s.scalar(select(func.count()).where(c.job_id == job_id, c.state.not_in(ENDED)))
            or 0
        )

    def finish(self, job_id: int, state: str, now: datetime, expires_at: datetime) -> bool:
        done = self.s.execute(
            update(JobRow)
            .where(JobRow.id == job_id, JobRow.state.in_(("open", "queued", "running")))
            .values(state=state, finished_at=now, expires_at=expires_at)
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def finish_if_complete(self, job_id: int, now: datetime, expires_at: datetime) -> bool:
        """Mark the job done if no chunk of it is left unfinished; True for the one call
        that did. The job's row is locked first (``FOR UPDATE``; SQLite has one writer
        anyway), so of two workers writing the last chunks at once the second waits for
        the first to commit, then counts again and sees both chunks finished."""
        locked = self.s.execute(
            select(_JOBS.c.state).where(_JOBS.c.id == job_id).with_for_update()
        ).scalar_one_or_none()
        if locked not in ("queued", "running"):
            return False
        c = _CHUNKS.c
        unfinished = select(c.no).where(c.job_id == job_id, c.state.not_in(ENDED)).exists()
        done = self.s.execute(
            update(JobRow)
            .where(JobRow.id == job_id, JobRow.state.in_(("queued", "running")), ~unfinished)
            .values(state="done", finished_at=now, expires_at=expires_at)
        )
        return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def ready(self, job_id: int, after: int) -> tuple[int, int | None, int | None]:
        """(start, stop, next_first_line): ``start`` is the chunk holding the lines after
        line ``after``; the chunks ``start`` up to ``stop`` (exclusive) have ended and can
        be read; ``stop`` is the first of them not ended (None: every one has), and
        ``next_first_line`` its first line."""
        c = _CHUNKS.c
        start = self.s.scalar(
            # first_line - 1, not after + 1: ``after`` may be the largest int4 there is
            select(func.max(c.no)).where(c.job_id == job_id, c.first_line - 1 <= after)
        )
        start = int(start or 0)
        row = self.s.execute(
            select(c.no, c.first_line)
            .where(c.job_id == job_id, c.no >= start, c.state.not_in(ENDED))
            .order_by(c.no)
            .limit(1)
        ).first()
        if row is None:
            return start, None, None
        return start, int(row[0]), int(row[1])

    def output(self, job_id: int, no: int) -> tuple[str, int, int]:
        c = _CHUNKS.c
        row = self.s.execute(
            select(c.result, c.output, c.ruled, c.errors).where(c.job_id == job_id, c.no == no)
        ).one()
        text = zlib.decompress(row[0]).decode() if row[0] is not None else row[1] or ""
        return text, int(row[2]), int(row[3])

    def stored_bytes(self, owner: str) -> int:
        """The bytes the results of ``owner``'s jobs take as stored (compressed)."""
        c, j = _CHUNKS.c, _JOBS.c
        total = self.s.scalar(
            select(func.coalesce(func.sum(c.result_bytes), 0))
            .select_from(_CHUNKS.join(_JOBS, j.id == c.job_id))
            .where(j.owner == owner)
        )
        return int(total or 0)

    def stale_chunks(self, now: datetime, *, unclaimed: bool) -> list[tuple[int, int]]:
        c = _CHUNKS.c
        stale = and_(c.state == "running", c.lease_until < now)
        stmt = (
            select(c.job_id, c.no)
            .join(_JOBS, _JOBS.c.id == c.job_id)
            .where(
                _JOBS.c.state.in_(("queued", "running")),
                or_(stale, c.state == "pending") if unclaimed else stale,
            )
            .order_by(c.job_id, c.no)
        )
        return [(int(j), int(n)) for j, n in self.s.execute(stmt)]

    def delete(self, job_id: int) -> None:
        self.s.execute(delete(JobChunkRow).where(JobChunkRow.job_id == job_id))
        self.s.execute(delete(JobRow).where(JobRow.id == job_id))

    def delete_expired(self, now: datetime) -> int:
        expired = select(JobRow.id).where(JobRow.expires_at < now)
        self.s.execute(delete(JobChunkRow).where(JobChunkRow.job_id.in_(expired)))
        gone = self.s.execute(delete(JobRow).where(JobRow.expires_at < now))
        return int(gone.rowcount)  # type: ignore[attr-defined]


def _hook(row: WebhookRow) -> Webhook:
    events = tuple(e for e in row.events.split() if e)
    return Webhook(row.id, row.owner, row.url, row.secret, events, row.created_at)


class SqlWebhooks:
    def __init__(self, session: Session):
        self.s = session

    def add(self, hook: Webhook) -> Webhook:
        row = WebhookRow(
            owner=hook.owner,
            url=hook.url,
            secret=hook.secret,
            events=" ".join(hook.events),
            created_at=hook.created_at,
        )
        self.s.add(row)
        self.s.flush()
        return _hook(row)

    def get(self, hook_id: int) -> Webhook | None:
        row = self.s.get(WebhookRow, hook_id)
        return _hook(row) if row else None

    def of_owner(self, owner: str) -> list[Webhook]:
        rows = self.s.scalars(
            select(WebhookRow).where(WebhookRow.owner == owner).order_by(WebhookRow.id)
        )
        return [_hook(r) for r in rows]

    def delete(self, hook_id: int) -> None:
        self.s.execute(delete(WebhookRow).where(WebhookRow.id == hook_id))

    def lock_owner(self, owner: str) -> None:
        """Keep other transactions from registering hooks for ``owner`` until this one
        ends: PostgreSQL takes an advisory lock on the owner; SQLite's writer lock
        (``write_turn``) already lets one writer in at a time."""
        if self.s.get_bind().dialect.name == "postgresql":
            key = "webhooks:" + owner
            self.s.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": key})
