"""gunicorn settings for the referee service (used by `referee serve` and the Dockerfile)."""

import multiprocessing
import os

from referee.api.shared_counter import create_region
from referee.service.settings import Settings

_settings = Settings.from_env()

wsgi_app = "referee.wsgi:app"
bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
# threads: a worker whose request waits for a long exact search (run without the GIL on
# its low-priority thread) keeps answering other requests on its other threads
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# a worker that hangs is restarted; exact claim analysis stays well below this
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 20
accesslog = "-"
errorlog = "-"
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# the longest request line (method, path and query) accepted; longer ones get a 414
limit_request_line = 8190

# gunicorn's control socket (gunicornc) lives in this instance's folder, REFEREE_VAR_DIR,
# or where REFEREE_CONTROL_SOCKET says ("" turns it off): its default, one path per user,
# would be taken over by the second instance on a host and removed by the first to stop
if _settings.control_socket:
    control_socket = os.path.abspath(_settings.control_socket)
else:
    control_socket_disable = True

# the rate limit's counters, in memory every worker (forked from here) shares
# (REFEREE_RATE_LIMIT_STORAGE=shared://, the default; referee/api/shared_counter.py)
create_region()

# `referee serve` (make run) runs one bulk-job worker beside the server: the embedded
# default needs no other process or server (docs/scaling.md)
_beside = []


def when_ready(server):
    if os.environ.get("REFEREE_WORKER_BESIDE") == "1":
        import subprocess
        import sys

        _beside.append(subprocess.Popen([sys.executable, "-m", "referee", "worker"]))


def on_exit(server):
    for proc in _beside:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except Exception:  # noqa: BLE001 - it is going away either way
            proc.kill()


def post_worker_init(worker):  # noqa: ARG001 - gunicorn's hook signature
    """gunicorn's own answers (414, 431, 400, 500) as problem+json, like the app's."""
    from referee.gunicorn_problems import install

    install()
