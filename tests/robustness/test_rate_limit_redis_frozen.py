"""A frozen Redis (the process stopped: connections open, nothing answers) behind the
rate limiter: one request waits the short socket timeout, the next ones count in the
process without asking it, and counting goes back to Redis once it answers again."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator

import pytest
from flask import Flask

from referee.api.ratelimit import RateLimiter, StorageCounter
from tests.support.redis_server import RedisServer, find_redis_server


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    binary = find_redis_server()
    if binary is None:
        pytest.skip("redis-server not found (apt-get install redis-server)")
    server = RedisServer(binary)
    server.start()
    try:
        yield server
    finally:
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGCONT)
        server.stop()


def test_a_frozen_redis_holds_no_request_up(redis: RedisServer) -> None:
    app = Flask("frozen")
    limiter = RateLimiter("100 per minute", f"redis://127.0.0.1:{redis.port}").init_app(app)
    app.add_url_rule("/v1/ping", "ping", lambda: "pong")
    client = app.test_client()
    counter = limiter.counter
    assert isinstance(counter, StorageCounter)
    assert client.get("/v1/ping").headers["X-RateLimit-Remaining"] == "99"  # in Redis
    assert redis.proc is not None
    os.kill(redis.proc.pid, signal.SIGSTOP)
    codes: list[int] = []

    def calls() -> None:
        codes.extend(client.get("/v1/ping").status_code for _ in range(10))

    caller = threading.Thread(target=calls, daemon=True)
    caller.start()
    caller.join(20)  # a watchdog, not a measurement: ten waits of several seconds fail it
    assert not caller.is_alive(), f"requests wait for the frozen Redis ({len(codes)} done)"
    assert codes == [200] * 10
    assert counter.tries == 2  # the first request after the freeze asked, no other did

    os.kill(redis.proc.pid, signal.SIGCONT)
    counter.down_until = 0.0  # the retry time has passed
    answer = client.get("/v1/ping")
    # 98 left, or 97 when Redis ran the timed-out request's increment once it woke up
    assert answer.status_code == 200 and answer.headers["X-RateLimit-Remaining"] in ("98", "97")
    assert counter.tries == 3
