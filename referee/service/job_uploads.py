"""Taking a job's archive in: one request, or parts appended to an open job.

The body is read as a stream of lines and stored chunk by chunk as each chunk fills, in
one transaction per request: a web worker never holds the whole body, and a request that
is refused (too large, no record, an ``Idempotency-Key`` used with other bytes) leaves
nothing of itself stored. An open job takes parts until it starts; its line numbers run
on over the parts. :class:`JobUploads` is the half of :class:`referee.service.jobs.JobService`
that does this.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol

import orjson

from referee.core.errors import InvalidInput, NotFound, TooLarge
from referee.core.ruleset import Edition
from referee.core.vocabulary import Language
from referee.service.errors import (
    DuplicateIdempotencyKey,
    IdempotencyMismatch,
    JobNotOpen,
    QuotaExceeded,
)
from referee.service.keys import Principal
from referee.service.model import IdempotencyEntry, Job
from referee.service.ports import UnitOfWork, UnitOfWorkFactory

#: what a job may hold: one ISS record a line, or one skat-log/1 JSON document a line
FORMATS = ("iss", "skat-log")
SUBMITTERS = ("platform",)
#: where a job's ``Idempotency-Key`` is kept (a dispute's live under their own scope)
IDEM_SCOPE = "jobs"
#: where the ``Idempotency-Key`` of a part appended to an open job is kept
PART_SCOPE = "job-parts"

log = logging.getLogger("referee.jobs")


class TaskQueue(Protocol):
    """What the service puts on the task queue (``referee.worker`` implements it)."""

    def rule_chunk(self, job_id: int, no: int) -> None: ...


@dataclass
class _Tally:
    """Input lines read so far (a part's line numbers follow the parts before)."""

    lines: int


class JobUploads:
    """Submitting a job, appending parts, starting it; the settings are the service's."""

    _uow: UnitOfWorkFactory
    queue: TaskQueue | None
    edition: Edition
    chunk_records: int
    max_bytes: int
    max_parts: int
    max_line_bytes: int
    keep: timedelta
    result_quota_bytes: int
    _now: Callable[[], datetime]

    def submit(
        self, who: Principal, lines: Iterable[bytes], input_format: str, lang: Language
    ) -> Job:
        """Store an archive as a queued job and queue its chunks (see :meth:`submit_once`)."""
        return self.submit_once(who, lines, input_format, lang)[0]

    def submit_once(
        self,
        who: Principal,
        lines: Iterable[bytes],
        input_format: str,
        lang: Language,
        idem_key: str | None = None,
        edition: Edition | None = None,
        *,
        start: bool = True,
    ) -> tuple[Job, bool]:
        """Store an archive (an iterable of lines, as bytes, each read with at most
        ``max_line_bytes + 1`` bytes) as a queued job in one transaction, then queue its
        chunks; (job, replayed).

        The job is stored or not: what the transaction commits is the whole job. Queueing
        comes after and may fail (the broker away): the job is stored all the same and the
        workers' reaper queues its chunks once the queue is back and empty, so the answer
        "stored" stays true. With an ``Idempotency-Key`` (kept in the database, so on any
        instance) the same key with the same archive, format and language returns the job
        stored the first time; with another archive it is refused. Records that name no
        rule set are ruled under ``edition``, else under the service's default.

        With ``start`` false the job is stored open: more parts may be appended
        (:meth:`append`) until it is started (:meth:`start`); an open job never started is
        dropped when the keeping time has passed since its last part."""
        who.require(*SUBMITTERS)
        if input_format not in FORMATS:
            raise InvalidInput(
                f"unknown job format {input_format!r} (one of {', '.join(FORMATS)})",
                where={"format": input_format},
            )
        keyed = bool(idem_key) and who.key_id is not None
        self._check_quota(who, idem_key if keyed else None)
        edition = edition or who.edition or self.edition
        opened = "" if start else "open\n"
        digest = hashlib.sha256(f"{input_format}\n{lang}\n{edition}\n{opened}".encode())
        now = self._now()
        try:
            with self._uow() as uow:
                job = uow.jobs.add(
                    Job(
                        None,
                        who.owner,
                        who.key_id,
                        input_format,
                        lang,
                        "queued" if start else "open",
                        0,
                        0,
                        now,
                        edition=edition,
                    )
                )
                job_id = job.id
                assert job_id is not None
                chunks = self._store_part(uow, job, lines, digest, start=start).chunks
                if keyed:
                    assert idem_key is not None and who.key_id is not None
                    entry = IdempotencyEntry(
                        who.key_id, IDEM_SCOPE, idem_key, digest.hexdigest(), None
                    )
                    uow.idempotency.claim(entry)
                    uow.idempotency.resolve(entry, job_id)
                uow.commit()
        except DuplicateIdempotencyKey:
            assert idem_key is not None and who.key_id is not None
            with self._uow() as uow:
                seen = uow.idempotency.get(who.key_id, IDEM_SCOPE, idem_key)
            if seen is None or seen.resource_id is None:  # pragma: no cover - defensive
                raise
            if seen.request_hash != digest.hexdigest():
                raise IdempotencyMismatch(
                    "this Idempotency-Key was already used with a different archive or "
                    "other parameters (format, lang, edition, open): a new job needs a new key",
                    where={"header": "Idempotency-Key"},
                ) from None
            return self.get(who, seen.resource_id), True
        if start:
            self._queue_all(job_id, chunks)
        return self.get(who, job_id), False

    def _check_quota(self, who: Principal, idem_key: str | None) -> None:
        """Refuse a new job while the owner's stored results take the quota's bytes (a
        retry of a job stored under its ``Idempotency-Key`` is no new job: it passes)."""
        if not self.result_quota_bytes:
            return
        with self._uow() as uow:
            stored = uow.jobs.stored_bytes(who.owner)
            if stored < self.result_quota_bytes:
                return
            if idem_key is not None and who.key_id is not None:
                if uow.idempotency.get(who.key_id, IDEM_SCOPE, idem_key) is not None:
                    return
        raise QuotaExceeded(
            f"the results of your jobs take {stored} bytes as stored, the quota is "
            f"{self.result_quota_bytes}: delete jobs you have read to submit new ones",
            where={"stored_bytes": stored, "quota_bytes": self.result_quota_bytes},
        )

    def _store_part(
        self,
        uow: UnitOfWork,
        job: Job,
        lines: Iterable[bytes],
        digest: hashlib._Hash,
        *,
        start: bool,
    ) -> Job:
        """Store one part of ``job``'s archive, chunk by chunk as each fills (a part is
        never held whole), its lines numbered on from the parts before; the job as it is
        after. ``digest`` takes every byte read. A part without a record is refused
        (nothing of it is kept: the caller's transaction is not committed)."""
        assert job.id is not None
        tally = _Tally(job.lines)

        def hashed() -> Iterator[bytes]:
            for raw in lines:
                digest.update(raw)
                yield raw

        records = chunks = 0
        for chunk in self._chunks(hashed(), tally):
            no = job.chunks + chunks
            uow.jobs.add_chunk(job.id, no, chunk[0][0], len(chunk), orjson.dumps(chunk))
            records += len(chunk)
            chunks += 1
        if not records:
            what = "the archive" if job.parts == 1 and not job.records else "the part"
            raise InvalidInput(f"{what} holds no records", where={"line": job.lines + 1})
        expires = None if start else self._now() + self.keep
        uow.jobs.set_size(
            job.id,
            job.records + records,
            job.chunks + chunks,
            lines=tally.lines,
            parts=job.parts,
            expires_at=expires,
        )
        return replace(
            job,
            records=job.records + records,
            chunks=job.chunks + chunks,
            lines=tally.lines,
            expires_at=expires,
        )

    def _chunks(
        self, lines: Iterable[bytes], tally: _Tally
    ) -> Iterator[list[tuple[int, str | int | None]]]:
        """Chunks of (line number, text) from the raw lines, bounding the total size;
        ``tally`` counts the lines (its count is the last line number given). A line too
        long has no text (None); one that is not UTF-8 has, in its place, the offset of the
        first byte that is not (ruled as an error line: the line is never repaired)."""
        chunk: list[tuple[int, str | int | None]] = []
        total = 0
        line_no = tally.lines
        long_line = False  # inside a line already over the limit
        for raw in lines:
            total += len(raw)
            if total > self.max_bytes:
                raise TooLarge(
                    f"the archive is larger than {self.max_bytes} bytes",
                    where={"limit": self.max_bytes},
                )
            ends = raw.endswith(b"\n")
            if long_line:  # the rest of a line already kept as too long
                long_line = not ends
                continue
            line_no += 1
            tally.lines = line_no
            if len(raw) > self.max_line_bytes:
                chunk.append((line_no, None))
                long_line = not ends
            else:
                try:
                    text = raw.decode("utf-8").strip()
                except UnicodeDecodeError as exc:
                    chunk.append((line_no, exc.start))
                else:
                    if not text:
                        continue
                    chunk.append((line_no, text))
            if len(chunk) == self.chunk_records:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def _enqueue(self, job_id: int, no: int) -> None:
        if self.queue is not None:
            self.queue.rule_chunk(job_id, no)

    def _queue_all(self, job_id: int, chunks: int) -> None:
        try:
            for no in range(chunks):
                self._enqueue(job_id, no)
        except Exception:  # noqa: BLE001 - stored is stored: the reaper queues the rest
            log.warning("job %d stored, its chunks not all queued: the reaper will", job_id)

    def append(
        self,
        who: Principal,
        job_id: int,
        lines: Iterable[bytes],
        input_format: str,
        *,
        idem_key: str | None = None,
        last: bool = False,
    ) -> tuple[Job, bool]:
        """Append a part to an open job of the caller's in one transaction (its lines
        numbered on from the parts before; a part begins a new line); with ``last`` the
        job is started too. (job, replayed).

        A job no longer open (started, cancelled) takes no part: :class:`JobNotOpen`.
        With an ``Idempotency-Key`` a retried part (same key, same bytes, same ``last``)
        is not appended again, also after the job started: the job is returned as it is;
        the key with another part is refused."""
        who.require(*SUBMITTERS)
        job = self.get(who, job_id)
        if input_format != job.input_format:
            raise InvalidInput(
                f"job {job_id} holds {job.input_format} records, this part is {input_format}",
                where={"format": input_format},
            )
        digest = hashlib.sha256(f"part\n{job_id}\n{int(last)}\n".encode())
        entry = None
        if idem_key and who.key_id is not None:
            with self._uow() as uow:
                seen = uow.idempotency.get(who.key_id, PART_SCOPE, idem_key)
            if seen is not None:
                return self._replayed_part(who, job_id, seen, lines, digest)
            entry = IdempotencyEntry(who.key_id, PART_SCOPE, idem_key, "", None)
        try:
            with self._uow() as uow:
                held = uow.jobs.lock(job_id)
                if held is None or held.owner != who.owner:  # deleted meanwhile
                    raise NotFound(f"no job {job_id}", where={"job": job_id})
                if held.state != "open":
                    raise JobNotOpen(
                        f"job {job_id} is {held.state}: parts are appended before it starts",
                        where={"job": job_id, "state": held.state},
                    )
                if held.parts >= self.max_parts:
                    raise TooLarge(
                        f"job {job_id} came in {held.parts} parts, as many as allowed",
                        where={"limit": self.max_parts, "job": job_id},
                    )
                job = self._store_part(
                    uow, replace(held, parts=held.parts + 1), lines, digest, start=last
                )
                if last:
                    uow.jobs.start(job_id)
                if entry is not None:
                    entry = replace(entry, request_hash=digest.hexdigest())
                    uow.idempotency.claim(entry)
                    uow.idempotency.resolve(entry, job_id)
                uow.commit()
        except DuplicateIdempotencyKey:  # the same part sent twice at once: one is stored
            assert idem_key is not None and who.key_id is not None
            with self._uow() as uow:
                seen = uow.idempotency.get(who.key_id, PART_SCOPE, idem_key)
            if seen is None:  # pragma: no cover - defensive
                raise
            return self._replayed_part(who, job_id, seen, (), digest)
        if last:
            self._queue_all(job_id, job.chunks)
        return self.get(who, job_id), False

    def _replayed_part(
        self,
        who: Principal,
        job_id: int,
        seen: IdempotencyEntry,
        lines: Iterable[bytes],
        digest: hashlib._Hash,
    ) -> tuple[Job, bool]:
        """The answer to a part whose key was used before: the job as it is if the key
        came with this very part of this job (the rest of the part is read to tell),
        else :class:`IdempotencyMismatch`."""
        for raw in lines:
            digest.update(raw)
        if seen.resource_id != job_id or seen.request_hash != digest.hexdigest():
            raise IdempotencyMismatch(
                "this Idempotency-Key was already used with a different part",
                where={"header": "Idempotency-Key"},
            )
        return self.get(who, job_id), True

    def start(self, who: Principal, job_id: int) -> Job:
        """Start an open job of the caller's: it is queued and its chunks go to the
        workers. A job started already is returned as it is (a retried start changes
        nothing); a cancelled one cannot start (:class:`JobNotOpen`)."""
        who.require(*SUBMITTERS)
        job = self.get(who, job_id)
        if job.state == "cancelled":
            raise JobNotOpen(
                f"job {job_id} is cancelled: it cannot start",
                where={"job": job_id, "state": job.state},
            )
        with self._uow() as uow:
            started = uow.jobs.start(job_id)
            uow.commit()
        if started:
            self._queue_all(job_id, job.chunks)
        return self.get(who, job_id)

    def get(self, who: Principal, job_id: int) -> Job:
        """A job of the caller's (404 for anyone else's, the admin's too: its existence is
        not told)."""
        with self._uow() as uow:
            job = uow.jobs.get(job_id)
        if job is None or job.owner != who.owner:
            raise NotFound(f"no job {job_id}", where={"job": job_id})
        if job.expires_at is not None and job.expires_at < self._now():
            # kept past its time: gone, whether or not a reaper has removed it yet
            raise NotFound(f"no job {job_id} (it expired)", where={"job": job_id})
        return job
