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

from flask import Flask, Response, current_app, g, request, session
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import TooManyRequests

from referee.api import shared_counter
from referee.api.context import bearer_token, services
from referee.rulings.search.gate import BudgetSpent, Meter, set_meter
from referee.service.errors import Unauthenticated
from referee.service.keys import Principal, hash_key

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
    """Limits count per API key (by its id) when the key is known and valid, else per
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
            return _key_of(g.principal)
    return "addr:" + _address()


def _key_of(who: Principal) -> str:
    """One count per API key, whether it calls the API or signs in to the console."""
    return key_count(who.key_id)


def key_count(key_id: int | None) -> str:
    """The name an API key is counted under (its heavy budget: ``heavy:`` before it)."""
    return f"key:{key_id}"


class Counter(Protocol):
    def hit(self, key: str, cost: int = 1) -> Verdict: ...


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

    def hit(self, key: str, cost: int = 1) -> Verdict:
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
            window[1] += cost
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

    def hit(self, key: str, cost: int = 1) -> Verdict:
        if time.monotonic() < self.down_until:
            return self.fallback.hit(key, cost)
        self.tries += 1
        try:
            allowed = self.strategy.hit(self.item, key, cost=cost)
            reset, remaining = self.strategy.get_window_stats(self.item, key)
        except Exception as exc:  # noqa: BLE001 - any storage failure: count here for a while
            self.down_until = time.monotonic() + self.retry_s
            log.warning(
                "rate-limit storage unavailable (%s): counting in this process for %g s",
                exc,
                self.retry_s,
            )
            return self.fallback.hit(key, cost)
        return allowed, max(0, remaining), reset


def form_key() -> str:
    """Console form posts of a signed-in session count against its API key, the same
    count as the key's API calls (signing in again opens no new allowance); a sign-in
    per client address and the key (or link) it tries, so failed attempts with one key
    do not lock the other keys of a venue behind one address out (a key is 32 random
    bytes: trying many gains nothing); any other form per client address."""
    token = session.get(CONSOLE_SESSION)
    if token:
        who = services().keys.session_principal(str(token))
        if who is not None:
            g.principal = who  # the console's own lookup reuses it
            return _key_of(who)
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


class KeyNodeBudget:
    """A key's heavy budget as bulk jobs spend it (:class:`referee.service.jobs.NodeBudget`):
    the counter the API's and the console's rulings count their nodes in, under the same
    name, so a key's jobs, API calls and console posts share one budget. A store that
    cannot be asked bounds nothing (logged), as for requests."""

    def __init__(self, counter: Counter) -> None:
        self.counter = counter

    def left(self, key_id: int) -> int | None:
        try:
            _, left, _ = self.counter.hit("heavy:" + key_count(key_id), 0)
        except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
            log.warning("rate-limit storage unavailable: %s", exc)
            return None
        return max(0, left)

    def charge(self, key_id: int, nodes: int) -> None:
        try:
            self.counter.hit("heavy:" + key_count(key_id), nodes)
        except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
            log.warning("rate-limit storage unavailable: %s", exc)


def job_budget(heavy_budget: str, storage_uri: str) -> KeyNodeBudget | None:
    """The heavy budget for a process that rules jobs apart from the web workers
    (``referee worker``): the shared store when ``storage_uri`` names one (Redis, ...);
    with ``memory:`` or ``shared:`` (gunicorn's own region) it counts in this process."""
    if not heavy_budget:
        return None
    return KeyNodeBudget(make_counter(parse(heavy_budget), storage_uri))


class RateLimiter:
    """Counts every ``/v1/`` request and console form post against ``limit``
    (e.g. ``300 per minute``), and with ``heavy_budget`` (e.g. ``10000000 per 10
    minutes``) the search nodes of their rulings per caller: a request is let in while
    the caller has nodes left in its window, its searches may take at most those (see
    :mod:`referee.rulings.search.gate`), and what they took is counted when it ends. A
    ruling that would need more is refused with 429 and ``Retry-After``, never ruled on
    less."""

    #: the entry form's analysis, an aid posted after every tap: with no nodes left it
    #: answers what it knows without searching (it says so), rather than a 429
    AIDS = frozenset({"/console/entry/analyse"})

    def __init__(self, limit: str, storage_uri: str, heavy_budget: str = "") -> None:
        self.item = parse(limit)
        self.counter: Counter = make_counter(self.item, storage_uri)
        self.heavy_item = parse(heavy_budget) if heavy_budget else None
        self.heavy: Counter | None = (
            make_counter(self.heavy_item, storage_uri) if self.heavy_item else None
        )

    def init_app(self, app: Flask) -> RateLimiter:
        found = app.extensions.get("referee")
        if self.heavy is not None and found is not None:  # jobs ruled in this process
            found.jobs.budget = KeyNodeBudget(self.heavy)  # spend the same budget
        app.before_request(self.check)
        app.after_request(self.add_headers)
        app.teardown_request(self.count_nodes)
        app.register_error_handler(BudgetSpent, self.budget_spent)
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
        self._open_meter(key)

    def _open_meter(self, key: str) -> None:
        """Let the request's searches take what the caller has left of its nodes."""
        if self.heavy is None:
            return
        try:
            _, left, reset = self.heavy.hit("heavy:" + key, 0)
        except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
            log.warning("rate-limit storage unavailable: %s", exc)
            return
        g.heavy = (key, reset)
        if left <= 0 and request.path not in self.AIDS:
            retry = max(1, math.ceil(reset - time.time()))
            raise TooManyRequests(
                f"this caller's rulings searched their {self.heavy_item} search nodes; "
                f"try again in {retry} s",
                retry_after=retry,
            )
        meter = Meter(max(0, left))
        g.heavy_meter = meter
        set_meter(meter)

    def count_nodes(self, _error: BaseException | None = None) -> None:
        """Count the nodes the request's searches took against its caller (when the
        request ends: a streamed answer has been sent)."""
        meter = g.pop("heavy_meter", None)
        if meter is None:
            return
        set_meter(None)
        if meter.used and self.heavy is not None:
            try:
                self.heavy.hit("heavy:" + g.heavy[0], meter.used)
            except Exception as exc:  # noqa: BLE001 - any storage failure: fail open
                log.warning("rate-limit storage unavailable: %s", exc)

    def budget_spent(self, error: BudgetSpent) -> Response:
        """A ruling stopped at its caller's node budget: 429, as if refused at the door."""
        _, reset = g.get("heavy", ("", time.time() + 60))
        retry = max(1, math.ceil(reset - time.time()))
        refusal = TooManyRequests(
            f"the ruling needs more search nodes than this caller has left of its "
            f"{self.heavy_item}; nothing was stored, try again in {retry} s",
            retry_after=retry,
        )
        return current_app.make_response(current_app.handle_http_exception(refusal))

    def add_headers(self, response: Response) -> Response:
        window = g.get("rate_limit")
        if window is not None:
            remaining, reset = window
            response.headers["X-RateLimit-Limit"] = str(self.item.amount)
            response.headers["X-RateLimit-Remaining"] = str(remaining)
            response.headers["X-RateLimit-Reset"] = str(int(reset))
        return response
