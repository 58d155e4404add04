"""Clients that send or read slowly cannot take /health down behind the buffering proxy.

Real gunicorn (two workers of four threads: eight request threads) behind nginx from
Debian running the project's own ``deploy/nginx.conf`` (upstream and port replaced).
Thirty clients trickle a request body a byte at a time and thirty ask for a large answer
and never read it; gunicorn alone gives each of them a request thread for as long as
they like, so that ``/health`` waits behind them. Through nginx, which takes the whole
body before it hands a request on and the whole answer before a client gets it,
``/health`` and an ordinary ruling are answered as usual meanwhile.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from referee.storage.backend import SqlBackend
from tests.support.gunicorn import TEST_ENV, Served
from tests.support.pg_server import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SLOW = 30


def _nginx_conf(tmp: Path, upstream: int, port: int) -> Path:
    text = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "server referee:8000;" in text and "listen 80;" in text
    text = text.replace("server referee:8000;", f"server 127.0.0.1:{upstream};")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("worker_processes auto;", "worker_processes 1;")
    paths = "".join(
        f"    {name}_temp_path {tmp / name};\n"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    text = text.replace("http {\n", f"http {{\n    access_log off;\n{paths}", 1)
    head = f"user root;\npid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'};\n"
    conf = tmp / "nginx.conf"
    conf.write_text(head + text, encoding="utf-8")
    return conf


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[str]:
    if not os.path.exists(NGINX):
        pytest.fail("nginx is not installed (Debian package nginx-light)")
    url = f"sqlite:///{tmp_path / 'slow.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    backend.dispose()
    served = Served(
        url,
        tmp_path,
        workers=2,
        ready_s=240,
        **{**TEST_ENV, "REFEREE_PROXIES": "1"},
    )
    port = free_port()
    conf = _nginx_conf(tmp_path, served.port, port)
    nginx = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if requests.get(base + "/health", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        yield base
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
        served.stop()


def _trickle(port: int, stop: threading.Event) -> None:
    """A POST whose body comes a byte every half second."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(
            b"POST /v1/adjudications HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000\r\n\r\n"
        )
        while not stop.wait(0.5):
            try:
                s.sendall(b" ")
            except OSError:
                return


def _never_read(port: int, stop: threading.Event) -> None:
    """Asks for a large answer (the API description) and never reads it."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n")
        stop.wait()


def test_slow_senders_and_readers_leave_health_answered(proxied: str) -> None:
    port = int(proxied.rsplit(":", 1)[1])
    stop = threading.Event()
    clients = [threading.Thread(target=_trickle, args=(port, stop)) for _ in range(SLOW)]
    clients += [threading.Thread(target=_never_read, args=(port, stop)) for _ in range(SLOW)]
    for t in clients:
        t.start()
    try:
        time.sleep(3.0)  # every slow client connected and stuck
        waits = []
        for _ in range(10):
            t = time.monotonic()
            assert requests.get(proxied + "/health", timeout=30).status_code == 200
            waits.append(time.monotonic() - t)
            time.sleep(0.2)
        ruled = requests.post(
            proxied + "/v1/adjudications", json={"format": "x"}, timeout=30
        ).status_code
    finally:
        stop.set()
        for t in clients:
            t.join()
    print(f"\n/health behind nginx with {2 * SLOW} slow clients: slowest {max(waits):.2f} s")
    assert max(waits) < 5.0, waits  # gunicorn alone: no answer while they last
    assert ruled in (401, 422)  # answered by the service, not stuck behind them
