"""The rate limiter of ``/v1/`` (referee/api/ratelimit.py): headers, 429, exempt paths,
counting per key or per client address, and failing open when its storage fails."""

from __future__ import annotations

import logging
import time

import pytest

from referee.api.ratelimit import RateLimiter, rate_limit_key

PROBLEM = "application/problem+json"
LIMIT_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
EXEMPT = ("/health", "/ready", "/openapi.json", "/console")


def limited(make_app, limit: str = "3 per minute", **overrides):
    app = make_app(rate_limit=limit, **overrides)
    return app, app.test_client()


def addr(ip: str) -> dict[str, dict[str, str]]:
    return {"environ_base": {"REMOTE_ADDR": ip}}


def test_v1_responses_carry_the_limit_headers_counting_down(make_app, keys):
    _app, client = limited(make_app)
    before = time.time()
    responses = [client.get("/v1/disputes", headers=keys["referee"]) for _ in range(3)]
    assert [r.status_code for r in responses] == [200, 200, 200]
    assert [r.headers["X-RateLimit-Limit"] for r in responses] == ["3", "3", "3"]
    assert [r.headers["X-RateLimit-Remaining"] for r in responses] == ["2", "1", "0"]
    resets = {int(r.headers["X-RateLimit-Reset"]) for r in responses}
    assert len(resets) == 1, "one fixed window: the same reset time on every response"
    (reset,) = resets
    assert before - 1 <= reset <= time.time() + 61  # an epoch time within the minute
    # the refused request still says where the caller stands
    refused = client.get("/v1/disputes", headers=keys["referee"])
    assert refused.status_code == 429
    assert refused.headers["X-RateLimit-Limit"] == "3"
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert int(refused.headers["X-RateLimit-Reset"]) == reset


def test_every_v1_response_is_counted_whatever_its_status(make_app, keys):
    """A 404 or a refused key counts like a 200: the limit is on requests, not answers."""
    _app, client = limited(make_app)
    r1 = client.get("/v1/disputes/999999", headers=keys["referee"])
    r2 = client.get("/v1/keys", headers=keys["referee"])  # admin only: 403
    assert (r1.status_code, r2.status_code) == (404, 403)
    assert [r.headers["X-RateLimit-Remaining"] for r in (r1, r2)] == ["2", "1"]
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 200
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 429


def test_the_429_is_problem_json_rate_limited_with_retry_after(make_app, keys):
    _app, client = limited(make_app, "2 per minute")
    for _ in range(2):
        assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 200
    r = client.get("/v1/disputes", headers=keys["referee"])
    assert r.status_code == 429
    assert r.mimetype == PROBLEM
    body = r.get_json(force=True)
    assert body["code"] == "rate_limited"
    assert body["status"] == 429
    assert body["type"].endswith(":rate_limited")
    assert body["detail"]
    retry = r.headers["Retry-After"]
    assert retry.isdigit(), retry  # delta-seconds, a positive integer
    assert 1 <= int(retry) <= 60
    # a POST is refused the same way, before its body is looked at
    post = client.post("/v1/disputes", json={}, headers=keys["referee"])
    assert post.status_code == 429 and post.get_json(force=True)["code"] == "rate_limited"
    assert int(post.headers["Retry-After"]) >= 1


@pytest.mark.parametrize("path", EXEMPT)
def test_probes_spec_and_console_are_never_limited_nor_counted(make_app, keys, path):
    _app, client = limited(make_app, "2 per minute")
    first = client.get(path, headers=keys["referee"])
    anonymous_first = client.get(path)
    assert first.status_code != 429 and anonymous_first.status_code != 429
    for _ in range(5):
        for r in (client.get(path, headers=keys["referee"]), client.get(path)):
            assert r.status_code == first.status_code
            assert not any(h in r.headers for h in LIMIT_HEADERS)
    # nothing of that was counted, for the key or for the address
    keyed = client.get("/v1/disputes", headers=keys["referee"])
    assert keyed.headers["X-RateLimit-Remaining"] == "1"
    anonymous = client.get("/v1/disputes")
    assert anonymous.status_code == 401 and anonymous.headers["X-RateLimit-Remaining"] == "1"
    # and once both are over the limit, the path still answers as before
    for headers in (keys["referee"], {}):
        client.get("/v1/disputes", headers=headers)
        assert client.get("/v1/disputes", headers=headers).status_code == 429
    assert client.get(path, headers=keys["referee"]).status_code == first.status_code
    assert client.get(path).status_code == anonymous_first.status_code


def test_requests_without_a_key_are_counted_per_client_address(make_app, keys):
    _app, client = limited(make_app, "2 per minute", anonymous_access=True)
    a, b = addr("10.0.0.1"), addr("10.0.0.2")
    codes = [client.get("/v1/rules", **a).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    # another address has its own allowance
    other = client.get("/v1/rules", **b)
    assert other.status_code == 200 and other.headers["X-RateLimit-Remaining"] == "1"
    # a keyed client at the exhausted address is counted by its key, not the address
    keyed = client.get("/v1/rules", headers=keys["referee"], **a)
    assert keyed.status_code == 200 and keyed.headers["X-RateLimit-Remaining"] == "1"
    assert client.get("/v1/rules", **a).status_code == 429


def test_keyed_requests_do_not_use_up_the_address_allowance(make_app, keys):
    _app, client = limited(make_app, "2 per minute", anonymous_access=True)
    a = addr("10.0.0.7")
    for _ in range(2):
        assert client.get("/v1/rules", headers=keys["referee"], **a).status_code == 200
    assert client.get("/v1/rules", headers=keys["referee"], **a).status_code == 429
    anonymous = client.get("/v1/rules", **a)
    assert anonymous.status_code == 200 and anonymous.headers["X-RateLimit-Remaining"] == "1"


def test_limits_are_per_key_each_key_gets_the_full_allowance(make_app, keys):
    _app, client = limited(make_app, "3 per minute")
    for role in ("referee", "court", "other_referee"):
        responses = [client.get("/v1/disputes", headers=keys[role]) for _ in range(4)]
        assert [r.status_code for r in responses] == [200, 200, 200, 429], role
        assert [r.headers["X-RateLimit-Remaining"] for r in responses] == ["2", "1", "0", "0"]
    # a key over its limit stays limited while another is not
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 429
    assert client.get("/v1/disputes", headers=keys["platform"]).status_code == 200


def test_separate_apps_with_memory_storage_count_separately(make_app, keys):
    """Each app has its own limiter: a fresh app starts with the full allowance."""
    _app, client = limited(make_app, "1 per minute")
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 200
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 429
    _app2, client2 = limited(make_app, "1 per minute")
    assert client2.get("/v1/disputes", headers=keys["referee"]).status_code == 200


def test_a_failing_storage_lets_requests_through(make_app, keys, monkeypatch, caplog):
    app, client = limited(make_app, "1 per minute")
    limiter = app.extensions["referee_rate_limiter"]
    assert isinstance(limiter, RateLimiter)
    calls = []

    def broken(*args, **kwargs):
        calls.append(args)
        raise ConnectionError("redis://limits:6379 refused the connection")

    monkeypatch.setattr(limiter.counter, "hit", broken)
    with caplog.at_level(logging.WARNING, logger="referee.api.ratelimit"):
        responses = [client.get("/v1/disputes", headers=keys["referee"]) for _ in range(3)]
        anonymous = client.get("/v1/rules")
    assert [r.status_code for r in responses] == [200, 200, 200]
    assert anonymous.status_code == 401  # the normal answer, not a 429 or a 500
    assert len(calls) == 4, "the limiter did try its storage"
    for r in responses:
        assert not any(h in r.headers for h in LIMIT_HEADERS)
    assert any("rate-limit storage unavailable" in m for m in caplog.messages)
    # once the storage is back, counting resumes
    monkeypatch.undo()
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code in (200, 429)
    assert client.get("/v1/disputes", headers=keys["referee"]).status_code == 429


@pytest.mark.parametrize("failing", ["hit", "get_window_stats"])
def test_a_failing_shared_storage_is_left_alone_for_a_while(monkeypatch, failing):
    """The ``limits`` path (Redis and the like) fails: the counter counts in this process
    and does not ask the store again until ``retry_s`` has passed."""
    from limits import parse

    from referee.api.ratelimit import StorageCounter

    counter = StorageCounter(parse("2 per minute"), "memory://", retry_s=60)
    assert [counter.hit("k")[:2] for _ in range(3)] == [(True, 1), (True, 0), (False, 0)]

    def broken(*args, **kwargs):
        raise ConnectionError("redis://limits:6379 refused the connection")

    monkeypatch.setattr(counter.strategy, failing, broken)
    assert counter.tries == 3
    assert [counter.hit("j")[:2] for _ in range(3)] == [(True, 1), (True, 0), (False, 0)]
    assert counter.tries == 4  # asked once, then left alone
    monkeypatch.undo()
    counter.down_until = 0.0  # the minute has passed
    assert counter.hit("k")[0] is False and counter.tries == 5  # asked again: still limited


def test_the_memory_counter_opens_a_new_window_and_drops_expired_keys(monkeypatch):
    from limits import parse

    from referee.api import ratelimit

    now = [1000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    counter = ratelimit.MemoryCounter(parse("1 per minute"))
    monkeypatch.setattr(counter, "MAX_KEYS", 3)
    assert counter.hit("a") == (True, 0, 1060.0)
    assert counter.hit("a")[0] is False
    now[0] = 1060.0  # the window has ended: a new one opens
    assert counter.hit("a") == (True, 0, 1120.0)
    for key in ("b", "c"):
        counter.hit(key)
    now[0] = 1200.0  # all three expired; a fourth key prunes them
    counter.hit("d")
    assert set(counter._windows) == {"d"}


def test_the_rate_limit_key_is_the_key_id_or_the_client_address(app, keys):
    secret = keys["referee"]["Authorization"].split()[1]
    key_id = app.extensions["referee"].keys.authenticate(secret).key_id
    with app.test_request_context(
        "/v1/disputes", headers={"Authorization": f"Bearer {secret}"}, **addr("192.0.2.5")
    ):
        assert rate_limit_key() == f"key:{key_id}"
        assert secret not in rate_limit_key()
    with app.test_request_context(
        "/v1/disputes", headers={"Authorization": f"bearer  {secret} "}, **addr("192.0.2.5")
    ):
        assert rate_limit_key() == f"key:{key_id}"
    for headers in (
        {},
        {"Authorization": "Basic dXNlcjpwdw=="},
        {"Authorization": "Bearer  "},
        {"Authorization": "Bearer sk_live_made_up"},  # not a key the service knows
    ):
        with app.test_request_context("/v1/disputes", headers=headers, **addr("192.0.2.5")):
            assert rate_limit_key() == "addr:192.0.2.5"


def test_a_flood_of_made_up_keys_keeps_the_memory_counter_bounded_and_fast(monkeypatch):
    """More distinct keys than MAX_KEYS within one window: the oldest live windows go,
    each hit stays O(1) (it rebuilt the whole table per new key before). The work is
    counted, not timed: the windows a hit looks at, whatever the machine's load."""
    from collections import OrderedDict

    from limits import parse

    from referee.api import ratelimit

    class Watched(OrderedDict[str, list[float]]):
        """The windows, counting each one read by walking the table."""

        read = 0

        def _walk(self, items):  # type: ignore[no-untyped-def]
            for item in items:
                Watched.read += 1
                yield item

        def __iter__(self):  # type: ignore[no-untyped-def]
            return self._walk(super().__iter__())

        def keys(self):  # type: ignore[no-untyped-def]
            return self._walk(super().keys())

        def values(self):  # type: ignore[no-untyped-def]
            return self._walk(super().values())

        def items(self):  # type: ignore[no-untyped-def]
            return self._walk(super().items())

    now = [1000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    counter = ratelimit.MemoryCounter(parse("5 per minute"))
    monkeypatch.setattr(counter, "MAX_KEYS", 100)
    watched = counter._windows = Watched()
    for i in range(5_000):
        counter.hit(f"junk{i}")
    assert counter._windows is watched and len(watched) == 100
    # a few windows a hit (the oldest, to see whether it goes), not the table's hundred
    assert Watched.read <= 3 * 5_000, Watched.read
    assert "junk0" not in watched and "junk4999" in watched


def test_a_reopened_window_moves_to_the_back(monkeypatch):
    from limits import parse

    from referee.api import ratelimit

    now = [1000.0]
    monkeypatch.setattr(ratelimit.time, "time", lambda: now[0])
    counter = ratelimit.MemoryCounter(parse("1 per minute"))
    counter.hit("a")
    now[0] = 1030.0
    counter.hit("b")
    now[0] = 1061.0  # a's window ended, b's has not
    assert counter.hit("a") == (True, 0, 1121.0)
    assert list(counter._windows) == ["b", "a"]
    now[0] = 1091.0  # b ended: dropped from the front when the next window opens
    counter.hit("c")
    assert list(counter._windows) == ["a", "c"]


def test_made_up_keys_share_their_client_address_window(make_app, keys):
    """each invented token used to get a window of its own (unlimited tries)."""
    _app, client = limited(make_app, "3 per minute")
    a = addr("10.0.0.9")
    codes = [
        client.get("/v1/disputes", headers={"Authorization": f"Bearer made-up-{i}"}, **a)
        for i in range(5)
    ]
    assert [r.status_code for r in codes] == [401, 401, 401, 429, 429]
    # a real key at that address still has its own allowance; another address too
    assert client.get("/v1/disputes", headers=keys["referee"], **a).status_code == 200
    other = client.get("/v1/disputes", headers={"Authorization": "Bearer x"}, **addr("10.0.0.8"))
    assert other.status_code == 401


def test_revoked_key_counts_against_its_address(make_app, keys):
    app, client = limited(make_app, "2 per minute")
    secret = keys["referee"]["Authorization"].split()[1]
    service = app.extensions["referee"].keys
    key_id = service.authenticate(secret).key_id
    service.revoke(key_id)
    a = addr("10.0.0.10")
    codes = [client.get("/v1/disputes", headers=keys["referee"], **a).status_code for _ in range(3)]
    assert codes == [401, 401, 429]
    assert client.get("/v1/disputes", **a).status_code == 429  # the same window


def test_console_sign_ins_are_limited_per_address_and_key(make_app, keys):
    _app, client = limited(make_app, "3 per minute")
    a = addr("10.0.0.11")
    responses = [client.post("/console/sign-in", data={"api_key": "guess"}, **a) for i in range(5)]
    codes = [r.status_code for r in responses]
    assert 429 not in codes[:3] and codes[3:] == [429, 429], codes
    refused = responses[-1]
    assert refused.mimetype == "text/html" and int(refused.headers["Retry-After"]) >= 1
    assert "Too many forms" in refused.get_data(as_text=True)
    assert (
        client.post("/console/sign-in", data={"api_key": "guess"}, **addr("10.0.0.12")).status_code
        != 429
    )
    assert client.get("/console/sign-in", **a).status_code == 200  # pages are not limited


def test_failed_sign_ins_do_not_lock_the_other_keys_of_an_address(make_app, keys):
    """A venue behind one address: one phone failing with a mistyped key does not keep
    a colleague from signing in with theirs."""
    _app, client = limited(make_app, "3 per minute")
    a = addr("10.0.0.13")
    for _ in range(4):
        client.post("/console/sign-in", data={"api_key": "mistyped"}, **a)
    assert client.post("/console/sign-in", data={"api_key": "mistyped"}, **a).status_code == 429
    secret = keys["referee"]["Authorization"].split()[1]
    signed_in = client.post("/console/sign-in", data={"api_key": secret}, **a)
    assert signed_in.status_code != 429


def test_signed_in_console_posts_count_per_key_not_per_address(make_app, keys):
    """Two people behind one address, each signed in with a key: each has the full
    allowance of their key."""
    from tests.support.web import Console

    app, _client = limited(make_app, "4 per minute")
    secrets = [keys[name]["Authorization"].split()[1] for name in ("referee", "other_referee")]
    consoles = []
    for secret in secrets:
        c = Console(app.test_client())
        c.client.environ_base["REMOTE_ADDR"] = "10.0.0.20"
        assert c.sign_in(secret).status_code == 302  # one post of the address's four
        consoles.append(c)
    for c in consoles:  # each session has its own four
        codes = [
            c.client.post("/console/language", data={"lang": "de"}).status_code for _ in range(5)
        ]
        assert codes[:4] == [400] * 4 and codes[4] == 429, codes


def test_the_console_and_the_api_share_one_limit_per_key(make_app, keys):
    """Signing in again opens no new allowance, nor does the console beside the API: the
    sessions of a key and its API calls count together (before, each session counted
    alone: a key at its limit went on posting through a fresh sign-in)."""
    from tests.support.web import Console

    app, client = limited(make_app, "6 per minute")
    secret = keys["referee"]["Authorization"].split()[1]
    codes = []
    for i in range(3):  # three sign-ins of one key, from three addresses
        c = Console(app.test_client())
        c.client.environ_base["REMOTE_ADDR"] = f"10.0.1.{i}"
        assert c.sign_in(secret).status_code == 302  # counted per address and key tried
        codes += [
            c.client.post("/console/language", data={"lang": "de"}).status_code for _ in range(3)
        ]
        codes.append(client.get("/v1/disputes", headers=keys["referee"]).status_code)
    assert codes.count(429) == len(codes) - 6, codes
    assert codes[-1] == 429  # the API too, once the console spent the key's allowance
