"""A platform's slow webhook receiver cannot delay another platform's job.

A real deployment (gunicorn, one ``referee worker`` with one chunk thread, SQLite): the
receiver of platform A answers one byte at a time, for minutes. Platform B's job, sent
while A's delivery hangs on that receiver, is done while it still hangs (deliveries have
threads of their own), and the delivery is cut off when its deadline runs out (one
deadline for the whole attempt, not one per read).
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from referee.service.keys import KeyService
from referee.storage.backend import SqlBackend
from tests.service.test_jobs import _iss_lines
from tests.support.stack import instance, job_env, start_worker, stop, wait_for

DEADLINE_S = 20
#: about 40 s, most of it waiting for the deadline
pytestmark = pytest.mark.slow


class _Trickler(http.server.BaseHTTPRequestHandler):
    """Takes the request, then answers one byte every 0.2 s for two minutes."""

    connected = threading.Event()
    cut = threading.Event()  # the service closed the connection
    over = threading.Event()  # the receiver is done with the request, either way

    def do_POST(self) -> None:  # noqa: N802 - the http.server name
        self.rfile.read(int(self.headers["Content-Length"]))
        type(self).connected.set()
        try:
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"x" * 600:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:
            type(self).cut.set()
        finally:
            type(self).over.set()

    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture
def trickler() -> Iterator[tuple[str, type[_Trickler]]]:
    handler = type(
        "Trickler",
        (_Trickler,),
        {"connected": threading.Event(), "cut": threading.Event(), "over": threading.Event()},
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", handler
    finally:
        server.shutdown()


def test_a_trickling_receiver_delays_no_other_owners_job(
    tmp_path: Path, trickler: tuple[str, type[_Trickler]]
) -> None:
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    keys = KeyService(backend.unit_of_work)
    a = {"Authorization": f"Bearer {keys.create('platform', 'A')[1]}"}
    b = {"Authorization": f"Bearer {keys.create('platform', 'B')[1]}"}
    backend.dispose()
    env = job_env(
        url,
        tmp_path,
        REFEREE_WEBHOOK_ALLOW_NETWORKS="127.0.0.0/8",
        REFEREE_WEBHOOK_TIMEOUT_S=str(DEADLINE_S),
        REFEREE_WEBHOOK_RETRIES="0",
    )
    hook_url, handler = trickler
    record = (_iss_lines()[0] + "\n").encode()
    iss = {"Content-Type": "text/x-iss-sgf"}
    with instance(env, tmp_path) as base:
        worker = start_worker(env, tmp_path)  # one thread for chunks
        try:
            r = requests.post(
                f"{base}/v1/webhooks", json={"url": hook_url, "events": ["job.done"]}, headers=a
            )
            assert r.status_code == 201, r.text
            r = requests.post(f"{base}/v1/jobs", data=record, headers={**a, **iss})
            assert r.status_code == 202, r.text
            assert handler.connected.wait(120), "A's job.done was never delivered"
            hanging = time.monotonic()

            r = requests.post(f"{base}/v1/jobs", data=record, headers={**b, **iss})
            job_b = f"{base}/v1/jobs/{r.json()['id']}"
            wait_for(job_b, b, lambda job: job["state"] == "done", timeout=120, every=0.2)
            b_done = time.monotonic() - hanging
            assert not handler.over.is_set(), "B's job waited for A's receiver"

            assert handler.cut.wait(DEADLINE_S + 60), "the delivery was never cut off"
            held = time.monotonic() - hanging
            print(
                f"\nB's job done {b_done:.2f} s after A's receiver began to trickle; "
                f"A's delivery cut off after {held:.1f} s (deadline {DEADLINE_S} s)"
            )
        finally:
            stop(worker)
