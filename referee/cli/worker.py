"""``referee worker``: take bulk-job chunks and webhook deliveries from the task queue.

The queue is the one the settings name (``REDIS_URL``; else PostgreSQL when
``DATABASE_URL`` is one; else ``var/queue.db``), so any number of workers on any number
of machines share it. ``referee serve`` starts one beside gunicorn unless ``--no-worker``.
"""

from __future__ import annotations

import argparse

HELP = "rule bulk jobs: run a worker on the task queue (REDIS_URL / DATABASE_URL)"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--threads", type=int, default=1, help="tasks run at once in this process (default 1)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import logging

    from referee import worker
    from referee.api.ratelimit import job_budget
    from referee.service.analysis_gate import install_file_gate
    from referee.service.jobs import JobService
    from referee.service.settings import Settings
    from referee.service.webhooks import WebhookService
    from referee.storage.backend import open_backend

    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(levelname)s %(message)s")
    settings = Settings.from_env()
    # bulk jobs' long searches take the same lock and low priority as the web workers'
    install_file_gate(settings.analysis_lock)
    backend = open_backend(settings.database_url)
    backend.migrate()

    # a job's searches spend its key's heavy budget, as its API calls and console posts do
    budget = job_budget(settings.heavy_budget, settings.rate_limit_storage)

    def jobs_for(queue: worker.HueyQueue) -> JobService:
        hooks = WebhookService.from_settings(settings, backend.unit_of_work, queue)
        jobs = JobService.from_settings(settings, backend.unit_of_work, queue, hooks)
        jobs.budget = budget
        return jobs

    queue = worker.build(settings, jobs_for)
    runner = worker.Worker(
        queue,
        queue.jobs(),
        threads=args.threads,
        hook_threads=settings.webhook_threads,
        reap_interval_s=settings.job_reap_interval_s,
    )
    try:
        runner.run()
    finally:
        backend.dispose()
    return 0
