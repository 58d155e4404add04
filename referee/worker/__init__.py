"""The task queue and its workers: Huey, on the storage the deployment already has.

- the embedded default: a SQLite file beside the database (``var/queue.db``), so
  ``make run`` needs no other server;
- ``REDIS_URL``: Redis, for any number of workers on any number of machines;
- no Redis but ``DATABASE_URL=postgresql://…``: the same PostgreSQL.

:func:`build` makes the queue for a :class:`~referee.service.settings.Settings`; the
service puts tasks on it through :class:`~referee.worker.queue.HueyQueue`, and
``referee worker`` runs a consumer with a reaper beside it (docs/scaling.md).
"""

from referee.worker.queue import HueyQueue, Worker, build, make_huey

__all__ = ["HueyQueue", "Worker", "build", "make_huey"]
