"""Rate limiting: a fixed window per API key, or per client address.

What is counted: every ``/v1/`` request, by its API key when the key is one the service
knows (a made-up or revoked token counts against its client address, so inventing
tokens buys no allowance), else by client address; and every form the console posts
by signed-in session, a sign-in by client address and the key it tries, any other
form by client address.

Where it is counted (``REFEREE_RATE_LIMIT_STORAGE``):

- ``shared://`` (the default): in memory all workers of this gunicorn server share
  (:mod:`referee.api.shared_counter`, set up by ``gunicorn.conf.py``); a process not
  started by that configuration counts alone.
- ``memory://``: in each process (a dict and a lock, a few µs a request).
- any other ``limits`` URI (``redis://``, ``memcached://``, ...): a store all instances
  share, one round trip a request. A store that fails or stalls is not asked again for
  10 s, and each process counts alone meanwhile (:class:`StorageCounter`).
  flask-limiter cost ~300 µs a request; ``limits``' own memory storage starts a timer
  thread every 10 ms of traffic (see docs/performance.md).

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
import threading
import time
from collections import OrderedDict
from typing import Protocol

from flask import Flask, Response, g, request, session
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from referee.api import shared_counter
from referee.api.context import bearer_token, services
from referee.service.errors import Unauthenticated
from referee.service.keys import hash_key

log = logging.getLogger(__name__)
LIMITED_PREFIX = "/v1/"
FORMS_PREFIX = "/console"
#: the console's session token in its signed cookie (referee/web/auth.py: SESSION); it is
#: there only after a sign-in with a valid key
CONSOLE_SESSION = "sid"
#: the console's sign-in forms and the field holding what they try (a key, a link token)
SIGNIN_FIELDS = {"/console/sign-in": "api_key", "/console/sign-in/link": "token"}

#: ``limits`` storage schemes that are Redis (their socket timeouts are set short)
REDIS_SCHEMES = frozenset({"redis", "rediss", "redis+unix", "redis+cluster", "redis+sentinel"})
#: (allowed?, requests left in the window, when the window resets as a Unix time)
Verdict = tuple[bool, int, float]


def _address() -> str:
    return request.remote_addr or "-"


def rate_limit_key() -> str:
    """Limits count per API key (by hash) when the key is known and valid, else per
    client address (no key, a made-up key, a revoked one). The key is authenticated
    here (cached per process, see KeyService) and the view reuses the answer; a database
    that cannot be asked fails the request here (503), as the view would a moment later."""
    token = bearer_token()
    if token:
        try:
            g.principal = services().keys.authenticate(token)
        except Unauthenticated:
            pass
        else:
            return "key:" + hash_key(token)[:16]
    return "addr:" + _address()


class Counter(Protocol):
    def hit(self, key: str) -> Verdict: ...


class MemoryCounter:
    """Fixed windows counted in this process: a window opens at a key's first request.

    Windows are kept in the order they opened, which (all being equally long) is the
    order they end: ended ones are dropped from the front as new ones open, in O(1)
    each. At most ``MAX_KEYS`` windows are held; a flood of more distinct keys (made-up
    tokens count separately) drops the oldest live windows rather than growing memory.

    >>> c = MemoryCounter(parse("2 per minute"))
    >>> [c.hit("k")[:2] for _ in range(3)]
    [(True, 1), (True, 0), (False, 0)]
    """

    MAX_KEYS = 10_000

    def __init__(self, item: RateLimitItem) -> None:
        self.amount = item.amount
        self.seconds = item.get_expiry()
        self._windows: OrderedDict[str, list[float]] = OrderedDict()  # key -> [end, count]
        self._lock = threading.Lock()

    def hit(self, key: str) -> Verdict:
        now = time.time()
        with self._lock:
            windows = self._windows
            window = windows.get(key)
            if window is None or now >= window[0]:
                if window is not None:
                    del windows[key]  # reopened: it moves to the back
                while windows and (
                    len(windows) >= self.MAX_KEYS or next(iter(windows.values()))[0] <= now
                ):
                    windows.popitem(last=False)
                window = windows[key] = [now + self.seconds, 0]
            window[1] += 1
            count = int(window[1])
            return count <= self.amount, max(0, self.amount - count), window[0]


class StorageCounter:
    """Fixed windows in a shared ``limits`` storage (Redis, Memcached, MongoDB, ...).

    A store that fails or does not answer within ``timeout_s`` (Redis: the socket
    timeouts) is left alone for ``retry_s`` seconds: meanwhile each process counts on its
    own (:class:`MemoryCounter`), so no request waits for it and the limit still holds,
    per process, until the store answers again.
    """

    def __init__(
        self,
        item: RateLimitItem,
        storage_uri: str,
        *,
        timeout_s: float = 0.25,
        retry_s: float = 10.0,
    ) -> None:
        self.item = item
        options: dict[str, float] = {}
        if storage_uri.split(":", 1)[0] in REDIS_SCHEMES:
            options = {"socket_timeout": timeout_s, "socket_connect_timeout": timeout_s}
        self.strategy = FixedWindowRateLimiter(storage_from_string(storage_uri, **options))
        self.fallback = MemoryCounter(item)
        self.retry_s = retry_s
        #: monotonic time until which the store is not asked; how often it was asked
        self.down_until = 0.0
        self.tries = 0

    def hit(self, key: str) -> Verdict:
        if time.monotonic() < self.down_until:
            return self.fallback.hit(key)
        self.tries += 1
        try:
            allowed = self.strategy.hit(self.item, key)
            reset, remaining = self.strategy.get_window_stats(self.item, key)
        except Exception as exc:  # noqa: BLE001 - any storage failure: count here for a while
            self.down_until = time.monotonic() + self.retry_s
            log.warning(
                "rate-limit storage unavailable (%s): counting in this process for %g s",
                exc,
                self.retry_s,
            )
            return self.fallback.hit(key)
        return allowed, max(0, remaining), reset


def form_key() -> str:
    """Console form posts count per signed-in session (one user entering a game posts
    after every tap; colleagues behind one address do not share that allowance); a
    sign-in per client address and the key (or link) it tries, so failed attempts with
    one key do not lock the other keys of a venue behind one address out (a key is 32
    random bytes: trying many gains nothing); any other form per client address."""
    token = session.get(CONSOLE_SESSION)
    if token:
        return "form-session:" + hash_key(str(token))[:16]
    tried = SIGNIN_FIELDS.get(request.path)
    if tried is not None:
        return f"signin:{_address()}:" + hash_key(request.form.get(tried, "").strip())[:16]
    return "form:" + _address()


def make_counter(item: RateLimitItem, storage_uri: str) -> Counter:
    """The counter for a ``REFEREE_RATE_LIMIT_STORAGE`` URI (see the module's text)."""
    scheme = storage_uri.rstrip("/")
    if scheme == "memory:":
        return MemoryCounter(item)
    if scheme == "shared:":
        region = shared_counter.REGION
        if region is None:
            log.info("rate limit: no shared region (not under gunicorn.conf.py): per process")
            return MemoryCounter(item)
        return shared_counter.SharedCounter(item, region)
    return StorageCounter(item, storage_uri)


class RateLimiter:
    """Counts every ``/v1/`` request and console form post against ``limit``
    (e.g. ``300 per minute``)."""

    def __init__(self, limit: str, storage_uri: str) -> None:
        self.item = parse(limit)
        self.counter: Counter = make_counter(self.item, storage_uri)

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
        if request.path.startswith(LIMITED_PREFIX):
            key = rate_limit_key()
        elif request.method == "POST" and request.path.startswith(FORMS_PREFIX):
            key = form_key()
        else:
            return
        try:
            allowed, remaining, reset = self.counter.hit(key)
        except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
            log.warning("rate-limit storage unavailable: %s", exc)
            return
        g.rate_limit = (remaining, reset)
        if not allowed:
            retry = max(1, math.ceil(reset - time.time()))
            raise TooManyRequests(
                f"more than {self.item} for this caller; try again in {retry} s",
                retry_after=retry,
            )

    def add_headers(self, response: Response) -> Response:
        window = g.get("rate_limit")
        if window is not None:
            remaining, reset = window
            response.headers["X-RateLimit-Limit"] = str(self.item.amount)
            response.headers["X-RateLimit-Remaining"] = str(remaining)
            response.headers["X-RateLimit-Reset"] = str(int(reset))
        return response
