"""Per-key rate limiting for ``/v1/``: a fixed window per API key, or per client address.

A thin layer over the ``limits`` library (the storage flask-limiter also uses: memory,
Redis, Memcached, MongoDB by URI). It costs one storage round trip per request, where
flask-limiter's general machinery cost about 300 µs (see docs/performance.md).

>>> from flask import Flask
>>> app = Flask("doc")
>>> limiter = RateLimiter("2 per minute", "memory://").init_app(app)
>>> @app.get("/v1/ping")
... def ping():
...     return "pong"
>>> c = app.test_client()
>>> [c.get("/v1/ping").status_code for _ in range(3)]
[200, 200, 429]
>>> c.get("/v1/ping").headers["X-RateLimit-Limit"]
'2'
"""

from __future__ import annotations

import logging
import math
import time

from flask import Flask, Response, g, request
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from referee.api.context import bearer_token
from referee.service.keys import hash_key

log = logging.getLogger(__name__)
LIMITED_PREFIX = "/v1/"


def rate_limit_key() -> str:
    """Limits count per API key (by hash), or per client address without a key."""
    token = bearer_token()
    return "key:" + hash_key(token)[:16] if token else "addr:" + (request.remote_addr or "-")


class RateLimiter:
    """Counts every ``/v1/`` request against ``limit`` (e.g. ``300 per minute``)."""

    def __init__(self, limit: str, storage_uri: str) -> None:
        self.item = parse(limit)
        self.strategy = FixedWindowRateLimiter(storage_from_string(storage_uri))

    def init_app(self, app: Flask) -> RateLimiter:
        app.before_request(self.check)
        app.after_request(self.add_headers)
        app.extensions["referee_rate_limiter"] = self
        return self

    def check(self) -> None:
        """Count the request; over the limit it is refused with 429 and Retry-After.

        A storage that cannot be reached lets the request through (logged): a limiter
        outage must not take the referee down with it.
        """
        if not request.path.startswith(LIMITED_PREFIX):
            return
        key = rate_limit_key()
        try:
            allowed = self.strategy.hit(self.item, key)
            reset, remaining = self.strategy.get_window_stats(self.item, key)
        except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
            log.warning("rate-limit storage unavailable: %s", exc)
            return
        g.rate_limit = (remaining, reset)
        if not allowed:
            retry = max(1, math.ceil(reset - time.time()))
            raise TooManyRequests(
                f"more than {self.item} for this key; try again in {retry} s",
                retry_after=retry,
            )

    def add_headers(self, response: Response) -> Response:
        window = g.get("rate_limit")
        if window is not None:
            remaining, reset = window
            response.headers["X-RateLimit-Limit"] = str(self.item.amount)
            response.headers["X-RateLimit-Remaining"] = str(max(0, remaining))
            response.headers["X-RateLimit-Reset"] = str(int(reset))
        return response
