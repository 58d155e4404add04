"""Huey for the referee: which storage, the tasks, and the consumer with its reaper.

>>> from referee.service.settings import Settings
>>> huey = make_huey(Settings(database_url="sqlite://", queue_path=":memory:"))
>>> type(huey).__name__
'SqliteHuey'
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from huey import Huey, PostgresHuey, RedisHuey, SqliteHuey
from huey.api import TaskWrapper

from referee.service.jobs import JobService
from referee.service.settings import Settings
from referee.service.webhooks import allowed_networks
from referee.worker.delivery import DeliveryFailed, post

__all__ = ["HueyQueue", "Worker", "build", "make_huey"]

log = logging.getLogger("referee.worker")


def one_line_for_a_failed_delivery(record: logging.LogRecord) -> bool:
    """Huey logs a task's exception with its traceback, once per attempt. A delivery that
    failed (the receiver down, a 5xx, the deadline) is the receiver's state, not a fault
    of ours: one warning line saying why, without the traceback of our own code."""
    exc = record.exc_info[1] if record.exc_info else None
    if isinstance(exc, DeliveryFailed):
        record.msg = "webhook delivery failed, retried while retries remain: %s"
        record.args = (exc,)
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
    return True


def make_huey(settings: Settings, name: str = "referee") -> Huey:
    """The queue's storage: Redis if configured, else PostgreSQL if the database is one,
    else a SQLite file; in memory, running each task at once, with ``queue_immediate``.
    Queues of other ``name`` share the storage and are consumed apart."""
    now = settings.queue_immediate
    if settings.redis_url:
        return RedisHuey(name, url=settings.redis_url, results=False, immediate=now)
    url = settings.database_url
    if url.startswith(("postgresql", "postgres:")):
        dsn = url.split("://", 1)[1]
        return PostgresHuey(name, dsn="postgresql://" + dsn, results=False, immediate=now)
    if settings.queue_path != ":memory:" and not now:
        _create_private(Path(settings.queue_path))
    return SqliteHuey(name, filename=settings.queue_path, results=False, immediate=now)


def _create_private(path: Path) -> None:
    """Create a missing queue file empty with mode 0600 (in a directory made 0700 when
    missing): the tasks carry webhook bodies. SQLite gives its ``-wal`` and ``-shm``
    files the same mode; an existing file keeps the mode its operator gave it."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


#: makes the job service the tasks use, given the queue it puts follow-up tasks on
JobServiceFactory = Callable[["HueyQueue"], JobService]


class HueyQueue:
    """The service's :class:`~referee.service.jobs.TaskQueue` on Huey tasks.

    Chunks and webhook deliveries go on two queues of one storage, each consumed by its
    own threads (:class:`Worker`), so a slow receiver holds a delivery thread, never one
    that rules chunks. The storage is opened on first use (an app that never queues
    anything never touches it); ``jobs_for(queue)`` makes the job service the tasks run,
    once per process.
    """

    def __init__(self, settings: Settings, jobs_for: JobServiceFactory) -> None:
        self.settings = settings
        self._jobs_for = jobs_for
        self._lock = threading.Lock()
        self._huey: Huey | None = None
        self._hooks_huey: Huey | None = None
        self._jobs: JobService | None = None
        self._rule: TaskWrapper | None = None
        self._deliver: TaskWrapper | None = None

    @property
    def huey(self) -> Huey:
        """The queue of chunks."""
        with self._lock:
            if self._huey is None:
                self._huey = self._register(make_huey(self.settings))
            return self._huey

    @property
    def hooks_huey(self) -> Huey:
        """The queue of webhook deliveries."""
        with self._lock:
            if self._hooks_huey is None:
                huey = make_huey(self.settings, "referee-webhooks")
                self._hooks_huey = self._register_hooks(huey)
            return self._hooks_huey

    def jobs(self) -> JobService:
        with self._lock:
            if self._jobs is None:
                self._jobs = self._jobs_for(self)
            return self._jobs

    def _register(self, huey: Huey) -> Huey:
        settings = self.settings

        # an error (the database or the broker gone for a while) raises: Huey puts the
        # task back, 1, 2, 4 … s later (doubling), ``job_task_retries`` times
        # (Huey's decorator is applied as a call: Huey ships no type hints)
        def rule_chunk(job_id: int, no: int) -> None:
            # a turn: the fairest waiting chunk, of any owner (job_id, no: the one queued)
            self.jobs().run_next()

        self._rule = huey.task(
            name="rule_chunk",
            retries=settings.job_task_retries,
            retry_delay=settings.job_retry_delay_s,
            retry_backoff=2,
        )(rule_chunk)
        return huey

    def _register_hooks(self, huey: Huey) -> Huey:
        settings = self.settings
        logging.getLogger("huey").addFilter(one_line_for_a_failed_delivery)  # (kept once)
        allowed = allowed_networks(settings.webhook_allow_networks)

        def deliver(webhook_id: int, message_id: str, event: str, body: str) -> None:
            hooks = self.jobs().webhooks
            hook = hooks.get(webhook_id) if hooks is not None else None
            if hook is None:  # removed since: nothing to deliver
                return
            post(
                hook.url,
                hook.secret,
                message_id,
                event,
                body.encode(),
                deadline_s=settings.webhook_timeout_s,
                allowed=allowed,
            )

        self._deliver = huey.task(
            name="deliver",
            retries=settings.webhook_retries,
            retry_delay=settings.webhook_retry_delay_s,
        )(deliver)
        return huey

    def rule_chunk(self, job_id: int, no: int) -> None:
        self.huey  # noqa: B018 - registers the tasks
        assert self._rule is not None
        self._rule(job_id, no)

    def deliver(self, webhook_id: int, message_id: str, event: str, body: bytes) -> None:
        self.hooks_huey  # noqa: B018 - registers the task
        assert self._deliver is not None
        self._deliver(webhook_id, message_id, event, body.decode())


def build(settings: Settings, jobs_for: JobServiceFactory) -> HueyQueue:
    """The task queue the settings name, with the referee's tasks."""
    return HueyQueue(settings, jobs_for)


class Worker:
    """A consumer of chunks (``threads`` threads), one of webhook deliveries
    (``hook_threads`` threads of their own) and a reaper thread that puts chunks of dead
    workers back on the queue every ``reap_interval_s`` seconds."""

    def __init__(
        self,
        queue: HueyQueue,
        jobs: JobService,
        *,
        threads: int,
        reap_interval_s: float,
        hook_threads: int = 2,
    ):
        self.queue = queue
        self.jobs = jobs
        self.threads = threads
        self.hook_threads = hook_threads
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
        deliveries = self.queue.hooks_huey.create_consumer(
            workers=self.hook_threads,
            worker_type="thread",
            periodic=False,
            check_worker_health=True,
            max_delay=1.0,
        )
        deliveries.start()  # its signal handlers give way to the chunk consumer's below
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
            deliveries.stop(graceful=True)
