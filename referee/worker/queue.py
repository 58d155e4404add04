"""Huey for the referee: which storage, the tasks, and the consumer with its reaper.

>>> from referee.service.settings import Settings
>>> huey = make_huey(Settings(database_url="sqlite://", queue_path=":memory:"))
>>> type(huey).__name__
'SqliteHuey'
"""

from __future__ import annotations

import logging
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from huey import Huey, PostgresHuey, RedisHuey, SqliteHuey
from huey.api import TaskWrapper

from referee.service.jobs import JobService, sign
from referee.service.settings import Settings

__all__ = ["HueyQueue", "Worker", "build", "make_huey"]

log = logging.getLogger("referee.worker")


def make_huey(settings: Settings) -> Huey:
    """The queue's storage: Redis if configured, else PostgreSQL if the database is one,
    else a SQLite file; in memory, running each task at once, with ``queue_immediate``."""
    now = settings.queue_immediate
    if settings.redis_url:
        return RedisHuey("referee", url=settings.redis_url, results=False, immediate=now)
    url = settings.database_url
    if url.startswith(("postgresql", "postgres:")):
        dsn = url.split("://", 1)[1]
        return PostgresHuey("referee", dsn="postgresql://" + dsn, results=False, immediate=now)
    if settings.queue_path != ":memory:" and not now:
        Path(settings.queue_path).parent.mkdir(parents=True, exist_ok=True)
    return SqliteHuey("referee", filename=settings.queue_path, results=False, immediate=now)


#: makes the job service the tasks use, given the queue it puts follow-up tasks on
JobServiceFactory = Callable[["HueyQueue"], JobService]


class DeliveryFailed(Exception):
    """A webhook answered with an error or not at all; Huey retries the task."""


def post_webhook(url: str, secret: str, event: str, body: bytes, timeout: float) -> int:
    """POST a signed event; the receiver checks ``X-Referee-Signature`` with its secret."""
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Referee-Event": event,
            "X-Referee-Signature": sign(secret, body),
            "User-Agent": "skat-referee-webhook",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310 - http(s) only
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        raise DeliveryFailed(f"{url} answered {exc.code}") from None
    except OSError as exc:
        raise DeliveryFailed(f"{url} unreachable: {exc}") from None


class HueyQueue:
    """The service's :class:`~referee.service.jobs.TaskQueue` on Huey tasks.

    The queue's storage is opened on first use (an app that never queues anything never
    touches it); ``jobs_for(queue)`` makes the job service the tasks run, once per process.
    """

    def __init__(self, settings: Settings, jobs_for: JobServiceFactory) -> None:
        self.settings = settings
        self._jobs_for = jobs_for
        self._lock = threading.Lock()
        self._huey: Huey | None = None
        self._jobs: JobService | None = None
        self._rule: TaskWrapper | None = None
        self._deliver: TaskWrapper | None = None

    @property
    def huey(self) -> Huey:
        with self._lock:
            if self._huey is None:
                self._huey = self._register(make_huey(self.settings))
            return self._huey

    def jobs(self) -> JobService:
        with self._lock:
            if self._jobs is None:
                self._jobs = self._jobs_for(self)
            return self._jobs

    def _register(self, huey: Huey) -> Huey:
        settings = self.settings

        @huey.task(name="rule_chunk")
        def rule_chunk(job_id: int, no: int) -> None:
            self.jobs().run_chunk(job_id, no)

        @huey.task(
            name="deliver",
            retries=settings.webhook_retries,
            retry_delay=settings.webhook_retry_delay_s,
        )
        def deliver(webhook_id: int, event: str, body: str) -> None:
            hook = self.jobs().webhook(webhook_id)
            if hook is None:  # removed since: nothing to deliver
                return
            post_webhook(hook.url, hook.secret, event, body.encode(), settings.webhook_timeout_s)

        self._rule, self._deliver = rule_chunk, deliver
        return huey

    def rule_chunk(self, job_id: int, no: int) -> None:
        self.huey  # noqa: B018 - registers the tasks
        assert self._rule is not None
        self._rule(job_id, no)

    def deliver(self, webhook_id: int, event: str, body: bytes) -> None:
        self.huey  # noqa: B018 - registers the tasks
        assert self._deliver is not None
        self._deliver(webhook_id, event, body.decode())


def build(settings: Settings, jobs_for: JobServiceFactory) -> HueyQueue:
    """The task queue the settings name, with the referee's tasks."""
    return HueyQueue(settings, jobs_for)


class Worker:
    """A consumer (``threads`` threads taking tasks) and a reaper thread that puts chunks
    of dead workers back on the queue every ``reap_interval_s`` seconds."""

    def __init__(self, queue: HueyQueue, jobs: JobService, *, threads: int, reap_interval_s: float):
        self.queue = queue
        self.jobs = jobs
        self.threads = threads
        self.reap_interval_s = reap_interval_s
        self._stop = threading.Event()

    def reap_once(self) -> int:
        empty = self.queue.huey.pending_count() == 0
        return len(self.jobs.reap(queue_empty=empty))

    def _reaper(self) -> None:
        while not self._stop.wait(self.reap_interval_s):
            try:
                requeued = self.reap_once()
            except Exception:  # noqa: BLE001 - a database hiccup must not end the worker
                log.exception("reaper: could not check the leases")
                continue
            if requeued:
                log.info("reaper: %d chunk(s) queued again", requeued)

    def run(self) -> None:
        """Run until SIGINT/SIGTERM (Huey's consumer handles the signals)."""
        reaper = threading.Thread(target=self._reaper, name="reaper", daemon=True)
        reaper.start()
        consumer = self.queue.huey.create_consumer(
            workers=self.threads,
            worker_type="thread",
            periodic=False,
            check_worker_health=True,
            max_delay=1.0,
        )
        try:
            consumer.run()
        finally:
            self._stop.set()
