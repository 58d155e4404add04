"""Bulk jobs: an archive stored in chunks, ruled by workers, its results kept for a time.

A platform uploads an ISS archive or a file of ``skat-log/1`` lines. :meth:`JobService.submit`
reads it once, line by line (memory does not grow with the file), stores it as chunks of
``chunk_records`` records in one transaction, then puts one task per chunk on the queue
(:class:`TaskQueue`). A worker claims a chunk with a lease, rules it with
:func:`referee.service.lines.rule_job_line` (the lines of ``referee adjudicate --batch``,
each with its line number and ISS game id) and writes its output once: a chunk already
written is never written again, so a chunk ruled twice (a task delivered twice, a worker
killed after writing) changes nothing. A worker killed mid-chunk leaves a lease that runs
out; :meth:`JobService.reap` puts such chunks back on the queue. A ruling depends on its
record alone, so the results are the same bytes however many workers on however many
machines ruled them.

Leases and how long a job is kept are wall-clock matters of the queue, never of a ruling.
"""

from __future__ import annotations

import builtins
import dataclasses
import logging
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Protocol

import orjson

from referee.core.ruleset import Edition, RuleSet
from referee.rulings.search.gate import BudgetSpent, metered
from referee.service.errors import JobNotDone
from referee.service.job_uploads import (
    FORMATS,
    IDEM_SCOPE,
    PART_SCOPE,
    JobUploads,
    TaskQueue,
)
from referee.service.keys import Principal
from referee.service.lines import error_line, game_id_of, rule_job_line, with_game
from referee.service.model import (
    Claim,
    Job,
    JobProgress,
    QueuePlace,
    QueueState,
)
from referee.service.ports import UnitOfWork, UnitOfWorkFactory
from referee.service.settings import Settings
from referee.service.webhooks import WebhookService

__all__ = ["FORMATS", "Claim", "Job", "JobProgress", "JobService", "NodeBudget", "TaskQueue"]

FINISHED = ("done", "cancelled")

log = logging.getLogger("referee.jobs")


class NodeBudget(Protocol):
    """The search nodes an API key may still spend in its window: the heavy budget
    (``REFEREE_HEAVY_BUDGET``) its API calls and console posts count against too."""

    def left(self, key_id: int) -> int | None:
        """Nodes left (None: no bound, or the count cannot be read just now)."""
        ...

    def charge(self, key_id: int, nodes: int) -> None: ...


def _budget_line(line_no: int, text: str, budget: int | None, *, iss: bool) -> str:
    line = error_line(
        line_no,
        code="rate.search_budget",
        message=f"the submitting key's search nodes ({budget} left when the chunk began) "
        "were spent before this record was ruled; submit it again later",
        where={},
    )
    return with_game(line, game_id_of(text, iss=iss))


def _rule_claim(claim: Claim, budget: int | None = None) -> tuple[str, int, int, int]:
    """The chunk's output (NDJSON), its counts of rulings and errors, and the search nodes
    its rulings took. With a ``budget`` the searches of the whole chunk take at most that
    many nodes: a record whose searches would need more, and every record after it, is an
    error line (``rate.search_budget``), never a ruling made on fewer nodes."""
    out: list[str] = []
    ruled = errors = 0
    iss = claim.input_format == "iss"
    rules = RuleSet(edition=claim.edition)
    spent = budget is not None and budget <= 0
    with metered(budget=budget) as meter:
        for line_no, text in claim.lines:
            if text is None:
                line = error_line(
                    line_no,
                    code="record.too_long",
                    message="the line is longer than allowed",
                    where={},
                )
                line, ok = with_game(line, None), False
            elif isinstance(text, int):
                line = error_line(
                    line_no,
                    code="record.encoding",
                    message=f"the line is not UTF-8 (byte {text + 1} of the line)",
                    where={"byte": text + 1},
                )
                line, ok = with_game(line, None), False
            elif spent:
                line, ok = _budget_line(line_no, text, budget, iss=iss), False
            else:
                try:
                    line, ok = rule_job_line(
                        (line_no, text), iss=iss, lang=claim.lang, default=rules
                    )
                except BudgetSpent:
                    spent = True
                    line, ok = _budget_line(line_no, text, budget, iss=iss), False
            out.append(line + "\n")
            ruled += ok
            errors += not ok
    return "".join(out), ruled, errors, meter.used


#: how each line of a job's results begins (the number is the input line's)
_LINE_HEAD = '{"line": '


def _lines_after(output: str, after: int) -> Iterator[str]:
    """The lines of a chunk's output for input lines after ``after``."""
    for line in output.splitlines(keepends=True):
        if line.startswith(_LINE_HEAD):
            end = line.find(",", len(_LINE_HEAD))
            number = line[len(_LINE_HEAD) : end]
            if number.isdigit() and int(number) <= after:
                continue
        yield line


#: how long after ending a chunk a worker with no lease still counts as at work: the
#: moment between ending one chunk and claiming the next
BETWEEN_CHUNKS_S = 0.5


def outlook(
    state: QueueState, job: Job, now: datetime | None = None
) -> tuple[QueuePlace | None, float | None]:
    """Where ``job`` stands and the seconds to its end, from the queue as it is.

    Turns go round the owners (``next_chunk``): before the job's next chunk come its
    owner's older jobs' waiting chunks and, per turn of its owner, at most one chunk of
    each other owner (an owner served longer ago may go first, so this is the most that
    can come first). The end is as far away as every chunk held now, plus the turns up
    to the job's last chunk, take at the rate the workers ended chunks lately. No rate is
    made up: with fewer than two chunks ended in the window, or no worker at work (none
    holds a live lease and, as of ``now``, none ended a chunk in the last
    :data:`BETWEEN_CHUNKS_S`: they are gone, or their leases ran out), the estimate is
    None. A worker between two chunks holds no lease for a moment; that moment is no
    reason to drop the estimate."""
    mine = next((row for row in state.jobs if row[1] == job.id), None)
    if mine is None:
        return None, None
    _owner, _id, waiting, _held = mine
    own_ahead = sum(w for o, i, w, _h in state.jobs if o == job.owner and i < _id)
    turns_next = own_ahead + 1 if waiting else 0  # turns of its owner up to its next chunk
    turns_end = own_ahead + waiting  # ... and up to its last
    budget_next: dict[str, int] = {}
    budget_end: dict[str, int] = {}
    other_ahead = other_to_end = jobs_ahead = 0
    for owner, _i, w, _h in state.jobs:  # in job order: an owner's oldest job first
        if owner == job.owner or not w:
            continue
        left = budget_next.setdefault(owner, turns_next)
        take = min(w, left)
        if take:
            jobs_ahead += 1
        other_ahead += take
        budget_next[owner] = left - take
        left_end = budget_end.setdefault(owner, turns_end)
        other_to_end += min(w, left_end)
        budget_end[owner] = left_end - min(w, left_end)
    place = QueuePlace(
        own_ahead + other_ahead if waiting else 0,
        own_ahead if waiting else 0,
        other_ahead,
        jobs_ahead,
    )
    first, last = state.recent_first, state.recent_last
    if state.recent < 2 or first is None or last is None or last <= first:
        return place, None
    between = now is not None and (now - last).total_seconds() <= BETWEEN_CHUNKS_S
    if state.live == 0 and not between:
        return place, None
    rate = (state.recent - 1) / (last - first).total_seconds()  # chunks a second, all workers
    return place, round((state.live + turns_end + other_to_end) / rate, 1)


class JobService(JobUploads):
    """Use cases on jobs; ``queue`` is where chunk tasks go, ``webhooks`` hears of
    finished jobs."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        queue: TaskQueue | None = None,
        *,
        chunk_records: int = 500,
        max_bytes: int = 256 * 1024 * 1024,
        max_parts: int = 64,
        max_line_bytes: int = 1024 * 1024,
        lease_s: float = 60.0,
        max_attempts: int = 3,
        keep_s: float = 7 * 24 * 3600.0,
        result_quota_bytes: int = 0,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        webhooks: WebhookService | None = None,
        edition: Edition = Edition.ISKO_1998,
        budget: NodeBudget | None = None,
    ) -> None:
        self._uow = uow
        #: the edition of a job that asks for none (the service's REFEREE_EDITION)
        self.edition = edition
        self.webhooks = webhooks
        #: the submitting keys' search nodes: a chunk's rulings take at most what is left
        self.budget = budget
        self.queue = queue
        self.chunk_records = chunk_records
        self.max_bytes = max_bytes
        self.max_parts = max_parts
        self.max_line_bytes = max_line_bytes
        self.lease = timedelta(seconds=lease_s)
        self.max_attempts = max_attempts
        self.keep = timedelta(seconds=keep_s)
        #: the workers' rate is measured over the chunks ended in this window: two leases,
        #: so a chunk that takes its whole lease still counts
        self.rate_window = 2 * self.lease
        #: bytes an owner's stored results may take before new jobs are refused (0: none)
        self.result_quota_bytes = result_quota_bytes
        self._now = clock

    @classmethod
    def from_settings(
        cls,
        settings: Settings,
        uow: UnitOfWorkFactory,
        queue: TaskQueue | None,
        webhooks: WebhookService | None = None,
    ) -> JobService:
        """The service as the settings configure it."""
        return cls(
            uow,
            queue,
            chunk_records=settings.job_chunk_records,
            max_bytes=settings.job_max_bytes,
            max_parts=settings.job_max_parts,
            lease_s=settings.job_lease_s,
            max_attempts=settings.job_max_attempts,
            keep_s=settings.job_keep_s,
            result_quota_bytes=settings.job_result_quota_bytes,
            webhooks=webhooks,
            edition=settings.edition,
        )

    # -- reading -----------------------------------------------------------------------
    def list(self, who: Principal, *, offset: int, limit: int) -> tuple[list[Job], int]:
        """The caller's jobs, newest first, and their count."""
        with self._uow() as uow:
            return uow.jobs.find(who.owner, offset=offset, limit=limit)

    def progress(self, who: Principal, job_id: int) -> tuple[Job, JobProgress]:
        """The job, how far it is, and for an unfinished job its place in the queue and
        the seconds to its end (see :func:`outlook`)."""
        job = self.get(who, job_id)
        with self._uow() as uow:
            progress = uow.jobs.progress(job_id)
            if job.state in ("queued", "running"):
                now = self._now()
                state = uow.jobs.queue_state(now, now - self.rate_window)
                place, eta = outlook(state, job, now)
                progress = dataclasses.replace(progress, place=place, eta_s=eta)
        return job, progress

    def results(
        self, who: Principal, job_id: int, after: int = 0
    ) -> tuple[Job, Iterator[bytes], int | None]:
        """The results of the lines after line ``after`` (0: from the start) that can be
        read now, as NDJSON in input order: the chunks that have ended, up to the first
        that has not; read lazily, one chunk at a time. Returns (job, lines, where to
        continue): the ``after`` to ask with next, or None when these lines reach the end
        of the job, which a summary line then closes.

        :class:`JobNotDone` names the job's state when there is nothing to read: the job
        is cancelled (its results never complete), or the chunk holding the next line has
        not been ruled yet (ask again later)."""
        job = self.get(who, job_id)
        assert job.id is not None
        if job.state == "cancelled":
            raise JobNotDone(
                f"job {job_id} is cancelled: its results never come",
                where={"job": job_id, "state": job.state},
            )
        with self._uow() as uow:
            start, stop, next_line = uow.jobs.ready(job_id, after)
        if stop == start:
            raise JobNotDone(
                f"job {job_id} is {job.state}: the results after line {after} come when "
                "the workers have ruled them",
                where={"job": job_id, "state": job.state},
            )
        last = job.chunks if stop is None else stop

        def stream() -> Iterator[bytes]:
            for no in range(start, last):
                with self._uow() as uow:
                    output, _r, _e = uow.jobs.output(job_id, no)
                if no == start and after:
                    output = "".join(_lines_after(output, after))
                yield output.encode()
            if stop is None:
                with self._uow() as uow:
                    done = uow.jobs.progress(job_id)
                summary = {"records": job.records, "ruled": done.ruled, "errors": done.errors}
                yield orjson.dumps({"summary": summary}) + b"\n"

        return job, stream(), None if next_line is None else next_line - 1

    def cancel(self, who: Principal, job_id: int) -> Job:
        """Stop a job: chunks not yet ruled are dropped when a worker comes to them; what
        was ruled stays readable until the job is deleted or expires (a finished job is
        left as it is)."""
        job = self.get(who, job_id)
        if job.state not in FINISHED:
            now = self._now()
            with self._uow() as uow:
                uow.jobs.finish(job_id, "cancelled", now, now + self.keep)
                uow.commit()
        return self.get(who, job_id)

    def delete(self, who: Principal, job_id: int) -> None:
        """Remove a job of the caller's with its archive and results (a job under way is
        stopped: a worker that comes to one of its chunks finds nothing to rule). The
        ``Idempotency-Key`` it was stored under is free again: a retry with it stores a
        new job rather than naming one that is gone."""
        self.get(who, job_id)
        with self._uow() as uow:
            uow.jobs.delete(job_id)
            uow.idempotency.forget(IDEM_SCOPE, job_id)
            uow.idempotency.forget(PART_SCOPE, job_id)
            uow.commit()

    # -- the worker's side ----------------------------------------------------------------
    def run_chunk(self, job_id: int, no: int) -> bool:
        """Claim, rule and write one chunk; True if this call wrote it. When it was the
        last chunk, the job is done and its ``job.done`` webhooks are queued.

        An error (the database gone, say) propagates for the queue to retry the task; a
        chunk claimed when it came is given back first. A chunk taken ``max_attempts``
        times without being written (its workers died or failed on it) is given up:
        one error line per record, and the job finishes with them counted."""
        now = self._now()
        key_id: int | None = None
        with self._uow() as uow:
            claim = uow.jobs.claim(job_id, no, now, now + self.lease)
            if claim is not None and self.budget is not None:
                job = uow.jobs.get(job_id)
                key_id = job.submitted_by if job is not None else None
            finished = False
            if claim is not None and claim.attempts > self.max_attempts:
                reason = (
                    f"the chunk was taken {claim.attempts - 1} times and never written "
                    "(its worker stopped while ruling it)"
                )
                finished = self._give_up(uow, claim, reason, now)
                claim = None
            uow.commit()
        if finished:
            self.notify_owner_of_job(job_id)
        if claim is None:  # ended already, held by another worker, or the job is gone
            return False
        budget = self.budget.left(key_id) if self.budget and key_id is not None else None
        try:
            output, ruled, errors, nodes = _rule_claim(claim, budget)
            if nodes and self.budget is not None and key_id is not None:
                self.budget.charge(key_id, nodes)
            now = self._now()
            with self._uow() as uow:
                wrote = uow.jobs.write(job_id, no, output, ruled, errors, now)
                finished = wrote and uow.jobs.finish_if_complete(job_id, now, now + self.keep)
                uow.commit()
        except Exception as exc:
            self._after_error(claim, exc)
            raise
        if finished:
            self.notify_owner_of_job(job_id)
        return wrote

    def run_next(self) -> bool:
        """Rule the chunk that is fairest to rule now (the repository's ``next_chunk``), not
        necessarily the one a task was queued for: a task is a turn of a worker, and each
        job queues as many turns as it has chunks. True if a chunk was written."""
        for _race in range(3):  # another worker may take the pick first: pick again
            with self._uow() as uow:
                pick = uow.jobs.next_chunk(self._now())
            if pick is None:
                return False
            if self.run_chunk(*pick):
                return True
        return False

    def _give_up(self, uow: UnitOfWork, claim: Claim, reason: str, now: datetime) -> bool:
        """End a chunk as failed; True if that finished its job."""
        iss = claim.input_format == "iss"
        out = "".join(
            with_game(
                error_line(n, code="job.chunk_failed", message=reason, where={"chunk": claim.no}),
                game_id_of(text if isinstance(text, str) else None, iss=iss),
            )
            + "\n"
            for n, text in claim.lines
        )
        ended = uow.jobs.fail(claim.job_id, claim.no, out, len(claim.lines), now)
        return ended and uow.jobs.finish_if_complete(claim.job_id, now, now + self.keep)

    def _after_error(self, claim: Claim, exc: Exception) -> None:
        """After a failed try: give the chunk up on its last attempt, else give it back
        for the retry (best effort: with the database gone its lease runs out instead)."""
        try:
            now = self._now()
            finished = False
            with self._uow() as uow:
                if claim.attempts >= self.max_attempts:
                    reason = f"ruling the chunk failed {claim.attempts} times: {type(exc).__name__}"
                    finished = self._give_up(uow, claim, reason, now)
                else:
                    uow.jobs.release(claim.job_id, claim.no)
                uow.commit()
        except Exception:  # noqa: BLE001 - the first error is the one to report
            log.warning("could not give back chunk %d of job %d", claim.no, claim.job_id)
            return
        if finished:
            self.notify_owner_of_job(claim.job_id)

    def reap(self, *, queue_empty: bool = False) -> builtins.list[tuple[int, int]]:
        """Queue again every chunk whose lease ran out (a worker died holding it), and,
        when the queue is empty, every chunk never claimed (its task was lost); drop jobs
        kept past their time. Returns the chunks queued again."""
        now = self._now()
        with self._uow() as uow:
            stale = uow.jobs.stale_chunks(now, unclaimed=queue_empty)
            uow.jobs.delete_expired(now)
            uow.commit()
        for job_id, no in stale:
            self._enqueue(job_id, no)
        return stale

    def notify_owner_of_job(self, job_id: int) -> None:
        with self._uow() as uow:
            job = uow.jobs.get(job_id)
            progress = uow.jobs.progress(job_id)
        if job is None:
            return
        payload = {
            "job": job_id,
            "state": job.state,
            "records": job.records,
            "ruled": progress.ruled,
            "errors": progress.errors,
        }
        if self.webhooks is not None:
            self.webhooks.notify(job.owner, "job.done", payload)
