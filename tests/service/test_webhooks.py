"""Webhooks that cannot be turned against the service: destinations checked at
registration and at each delivery, connections pinned to the checked address, no
redirects, one deadline per attempt, a cap per owner, signatures over an id and a time.

Deliveries that are expected to arrive go to a real receiver on this machine, which the
tests open with ``webhook_allow_networks`` (loopback is refused otherwise).
"""

from __future__ import annotations

import http.server
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from standardwebhooks.webhooks import Webhook as StandardWebhook

from referee.service import webhooks
from referee.worker import delivery
from tests.conftest import Keys
from tests.service.test_jobs import _archive, _submit
from tests.support.service import example

LOOPBACK = ("127.0.0.0/8",)
#: destinations no registration may name, however they are written
REFUSED = [
    "http://127.0.0.1/hook",
    "http://127.1/hook",
    "http://[::1]/hook",
    "http://localhost:8080/hook",
    "http://sub.localhost/hook",
    "http://0.0.0.0/hook",
    "http://2130706433/hook",  # 127.0.0.1 as one number
    "http://0x7f.1/hook",  # 127.0.0.1 in hex, short form
    "http://0177.0.0.1/hook",  # 127.0.0.1 in octal
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://[fd00:ec2::254]/latest/",
    "http://10.0.0.5/hook",
    "http://172.16.3.4/hook",
    "http://192.168.1.1/hook",
    "http://100.64.0.1/hook",  # carrier-grade NAT
    "http://[::ffff:127.0.0.1]/hook",  # IPv4-mapped IPv6
    "http://[::ffff:10.0.0.1]/hook",
    "http://[fe80::1]/hook",
    "http://[fc00::1]/hook",
    "http://224.0.0.1/hook",
    "http://240.0.0.1/hook",
    "ftp://example.org/hook",
    "file:///etc/passwd",
    "http://user:pw@example.org/hook",
]


class _Receiver(http.server.BaseHTTPRequestHandler):
    """Records every request (any method); answers ``status`` (with ``location``)."""

    got: list[tuple[str, dict[str, str], bytes]] = []
    status = 204
    location = ""
    fail_first = 0

    def _any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        type(self).got.append((self.command, dict(self.headers), body))
        status = type(self).status
        if type(self).fail_first > 0:
            type(self).fail_first -= 1
            status = 503
        self.send_response(status)
        if type(self).location:
            self.send_header("Location", type(self).location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_GET = do_PUT = _any  # noqa: N815 - the http.server names

    def log_message(self, *_args: Any) -> None:
        pass


Receiver = tuple[str, type[_Receiver]]


def _serve(handler: type[http.server.BaseHTTPRequestHandler]) -> tuple[Any, int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


@pytest.fixture
def receivers() -> Iterator[Callable[[], Receiver]]:
    servers: list[Any] = []

    def make() -> Receiver:
        handler = type("Receiver", (_Receiver,), {"got": []})
        server, port = _serve(handler)
        servers.append(server)
        return f"http://127.0.0.1:{port}/hook", handler

    yield make
    for server in servers:
        server.shutdown()


def _keys(app: Flask) -> Keys:
    out = Keys()
    for name, role, owner in (
        ("platform", "platform", "ISS"),
        ("other", "platform", "Other"),
        ("court", "court", "Skatgericht"),
    ):
        _key, secret = app.extensions["referee"].keys.create(role, owner)
        out[name] = {"Authorization": f"Bearer {secret}"}
    return out


def _app(make_app: Callable[..., Flask], tmp_path: Path, **kw: Any) -> Flask:
    settings = {"queue_immediate": True, "queue_path": str(tmp_path / "q"), **kw}
    return make_app(**settings)


def _register(
    app: Flask, headers: dict[str, str], url: str, events: list[str] | None = None
) -> Any:
    body = {"url": url, "events": ["job.done", "ruling.changed"] if events is None else events}
    return app.test_client().post("/v1/webhooks", json=body, headers=headers)


def _fake_dns(monkeypatch: pytest.MonkeyPatch, names: dict[str, Callable[[], str]]) -> None:
    """``socket.getaddrinfo`` answers ``names`` with the address the callable gives at
    the moment of the lookup; other names as the system does."""
    real = socket.getaddrinfo

    def fake(host: Any, port: Any, *args: Any, **kw: Any) -> Any:
        if isinstance(host, str) and host in names:
            return real(names[host](), port, *args, **kw)
        return real(host, port, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", fake)


# -- registration -------------------------------------------------------------------------


def test_a_webhook_aimed_inside_is_refused_with_the_field_named(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path)
    keys = _keys(app)
    for url in REFUSED:
        r = _register(app, keys["platform"], url)
        assert r.status_code == 422, (url, r.get_json())
        problem = r.get_json()
        assert problem["errors"][0].get("pointer") == "/url", (url, problem)
    assert app.test_client().get("/v1/webhooks", headers=keys["platform"]).get_json() == []


def test_a_refusal_says_why(make_app: Callable[..., Flask], tmp_path: Path) -> None:
    app = _app(make_app, tmp_path)
    r = _register(app, _keys(app)["platform"], "http://2130706433:8080/hook")
    assert r.status_code == 422
    assert "127.0.0.1" in r.get_json()["detail"] and "loopback" in r.get_json()["detail"]
    assert r.get_json()["code"] == "webhook.url_refused"


def test_an_allowed_network_opens_it_but_never_the_metadata_address(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path, webhook_allow_networks=("127.0.0.0/8", "169.254.0.0/16"))
    keys = _keys(app)
    assert _register(app, keys["platform"], "http://127.0.0.1:9/hook").status_code == 201
    assert _register(app, keys["platform"], "http://169.254.1.1/hook").status_code == 201
    r = _register(app, keys["platform"], "http://169.254.169.254/latest/meta-data/")
    assert r.status_code == 422 and "metadata" in r.get_json()["detail"]
    assert _register(app, keys["platform"], "http://10.0.0.5/hook").status_code == 422


def test_a_url_longer_than_its_column_is_a_422_not_a_500(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path)
    url = "https://example.org/" + "a" * 1990
    r = _register(app, _keys(app)["platform"], url)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"][0]["pointer"] == "/url"


def test_an_owner_has_at_most_the_allowed_number_of_webhooks(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path, webhook_max_per_owner=2, webhook_allow_networks=LOOPBACK)
    keys = _keys(app)
    client = app.test_client()
    first = _register(app, keys["platform"], "http://127.0.0.1:9/a").get_json()
    assert _register(app, keys["platform"], "http://127.0.0.1:9/b").status_code == 201
    third = _register(app, keys["platform"], "http://127.0.0.1:9/c")
    assert third.status_code == 409 and third.get_json()["code"] == "webhook.limit"
    assert _register(app, keys["other"], "http://127.0.0.1:9/a").status_code == 201
    client.delete(f"/v1/webhooks/{first['id']}", headers=keys["platform"])
    assert _register(app, keys["platform"], "http://127.0.0.1:9/c").status_code == 201


def test_a_registration_retried_with_its_idempotency_key_registers_one_webhook(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    """A platform whose answer was lost retries: it gets the webhook (and its secret)
    stored the first time, not a second webhook delivering every event again."""
    app = _app(make_app, tmp_path, webhook_allow_networks=LOOPBACK)
    keys = _keys(app)
    client = app.test_client()
    body = {"url": "http://127.0.0.1:9/hook", "events": ["job.done"]}
    keyed = {**keys["platform"], "Idempotency-Key": "hook-1"}
    first = client.post("/v1/webhooks", json=body, headers=keyed)
    again = client.post("/v1/webhooks", json=body, headers=keyed)
    assert first.status_code == again.status_code == 201, again.get_json()
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and first.get_json()["secret"]
    listed = client.get("/v1/webhooks", headers=keys["platform"]).get_json()
    assert [h["id"] for h in listed] == [first.get_json()["id"]]
    other = client.post("/v1/webhooks", json={**body, "events": ["ruling.changed"]}, headers=keyed)
    assert other.status_code == 422 and other.get_json()["code"] == "idempotency.mismatch"
    # without the key, or with another, a second registration is a second webhook
    assert _register(app, keys["platform"], body["url"], body["events"]).status_code == 201
    assert len(client.get("/v1/webhooks", headers=keys["platform"]).get_json()) == 2


# -- delivery -----------------------------------------------------------------------------


def test_deliveries_are_signed_over_an_id_and_a_time_and_a_retry_keeps_the_id(
    make_app: Callable[..., Flask], tmp_path: Path, receivers: Callable[[], Receiver]
) -> None:
    app = _app(
        make_app,
        tmp_path,
        webhook_allow_networks=LOOPBACK,
        webhook_retries=2,
        webhook_retry_delay_s=0,
    )
    keys = _keys(app)
    url, handler = receivers()
    hook = _register(app, keys["platform"], url).get_json()
    assert hook["secret"].startswith("whsec_")
    handler.fail_first = 1
    job = _submit(app.test_client(), keys["platform"], _archive()).get_json()
    assert len(handler.got) == 2  # a failed attempt, then its retry
    (_m1, first, body1), (_m2, second, body2) = handler.got
    assert first["webhook-id"] == second["webhook-id"] and body1 == body2
    receiver = StandardWebhook(hook["secret"])  # a receiver's check, by the standard's library
    assert receiver.verify(body2, second)["job"] == job["id"]
    assert second["X-Referee-Event"] == "job.done"
    forged = {**second, "webhook-timestamp": str(int(second["webhook-timestamp"]) + 1)}
    with pytest.raises(Exception, match="(?i)signature"):
        receiver.verify(body2, forged)  # a replay under a new time fails

    dispute = app.test_client().post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["platform"]
    )
    appeal = app.test_client().post(
        f"/v1/disputes/{dispute.get_json()['id']}/appeals",
        json={"grounds": "the revoke was noticed only later"},
        headers=keys["court"],
    )
    assert appeal.status_code == 201
    _method, headers, body = handler.got[-1]
    assert receiver.verify(body, headers)["event"] == "ruling.changed"
    assert headers["webhook-id"] != first["webhook-id"]


def test_a_failed_delivery_is_logged_as_one_line_without_a_traceback(
    make_app: Callable[..., Flask],
    tmp_path: Path,
    receivers: Callable[[], Receiver],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A receiver that is down is its owner's state: the log says why in one warning line
    per attempt, not with the traceback of the delivery code."""
    app = _app(
        make_app,
        tmp_path,
        webhook_allow_networks=LOOPBACK,
        webhook_retries=1,
        webhook_retry_delay_s=0,
    )
    keys = _keys(app)
    url, handler = receivers()
    _register(app, keys["platform"], url)
    handler.fail_first = 1
    with caplog.at_level(logging.INFO, logger="huey"):
        _submit(app.test_client(), keys["platform"], _archive())
    assert len(handler.got) == 2  # the failed attempt and its retry
    failed = [r for r in caplog.records if "webhook delivery failed" in r.getMessage()]
    assert len(failed) == 1, [r.getMessage() for r in caplog.records]
    assert failed[0].levelno == logging.WARNING and "503" in failed[0].getMessage()
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_a_name_that_resolves_inside_at_delivery_time_gets_nothing(
    make_app: Callable[..., Flask],
    tmp_path: Path,
    receivers: Callable[[], Receiver],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: public when registered, loopback when the job is done."""
    url, handler = receivers()
    port = url.split(":")[2].split("/")[0]
    answer = {"address": "93.184.215.14"}
    _fake_dns(monkeypatch, {"hooks.example.test": lambda: answer["address"]})
    app = _app(make_app, tmp_path, webhook_retries=0)
    keys = _keys(app)
    r = _register(app, keys["platform"], f"http://hooks.example.test:{port}/hook")
    assert r.status_code == 201, r.get_json()
    answer["address"] = "127.0.0.1"
    _submit(app.test_client(), keys["platform"], _archive())
    assert handler.got == []


def test_the_connection_goes_to_the_checked_address_with_the_urls_host(
    receivers: Callable[[], Receiver], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One lookup per attempt: the name is not looked up again to connect (a second
    answer, here an unreachable inside address, is never used)."""
    url, handler = receivers()
    port = url.split(":")[2].split("/")[0]
    answers = iter(["127.0.0.1"])
    _fake_dns(monkeypatch, {"pinned.example.test": lambda: next(answers, "10.255.255.1")})
    status = delivery.post(
        f"http://pinned.example.test:{port}/hook?x=1",
        webhooks.new_secret(),
        "msg_1",
        "job.done",
        b"{}",
        deadline_s=5,
        allowed=webhooks.allowed_networks(LOOPBACK),
    )
    assert status == 204
    method, headers, _body = handler.got[0]
    assert method == "POST" and headers["Host"] == f"pinned.example.test:{port}"


def test_a_redirect_is_not_followed(
    make_app: Callable[..., Flask], tmp_path: Path, receivers: Callable[[], Receiver]
) -> None:
    target_url, target = receivers()
    url, redirector = receivers()
    redirector.status, redirector.location = 302, target_url
    app = _app(make_app, tmp_path, webhook_allow_networks=LOOPBACK, webhook_retries=0)
    keys = _keys(app)
    assert _register(app, keys["platform"], url).status_code == 201
    _submit(app.test_client(), keys["platform"], _archive())
    assert [m for m, _h, _b in redirector.got] == ["POST"]
    assert target.got == []
    with pytest.raises(delivery.DeliveryFailed, match="redirects are not followed"):
        delivery.post(
            url,
            "s",
            "msg_1",
            "job.done",
            b"{}",
            deadline_s=5,
            allowed=webhooks.allowed_networks(LOOPBACK),
        )


class _Trickler(http.server.BaseHTTPRequestHandler):
    """Reads the request, then sends its answer one byte a while, for a minute."""

    closed = threading.Event()

    def do_POST(self) -> None:  # noqa: N802 - the http.server name
        self.rfile.read(int(self.headers["Content-Length"]))
        try:
            for byte in b"HTTP/1.1 200 OK\r\n" * 100:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:
            type(self).closed.set()

    def log_message(self, *_args: Any) -> None:
        pass


def test_a_trickling_receiver_is_cut_off_at_the_deadline() -> None:
    handler = type("Trickler", (_Trickler,), {"closed": threading.Event()})
    server, port = _serve(handler)
    try:
        with pytest.raises(delivery.DeliveryFailed, match="deadline"):
            delivery.post(
                f"http://127.0.0.1:{port}/hook",
                "s",
                "msg_1",
                "job.done",
                b"{}",
                deadline_s=1.0,
                allowed=webhooks.allowed_networks(LOOPBACK),
            )
        assert handler.closed.wait(30)  # the receiver saw its connection cut
    finally:
        server.shutdown()


def test_a_webhook_must_name_known_events_and_be_a_platforms(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path, webhook_allow_networks=LOOPBACK)
    keys = _keys(app)
    for events in (["job.started"], []):
        r = _register(app, keys["platform"], "http://127.0.0.1:9/h", events)
        assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"].startswith("/events")
    assert _register(app, keys["court"], "http://127.0.0.1:9/h").status_code == 403


@pytest.mark.parametrize("store", ["database", "redis"])
def test_deliveries_wait_on_a_queue_of_their_own(
    request: pytest.FixtureRequest, database_url: str, tmp_path: Path, store: str
) -> None:
    """On every queue storage (SQLite, PostgreSQL, Redis) deliveries and chunks are two
    queues, so a worker's delivery threads and chunk threads never take each other's."""
    from referee.service.settings import Settings
    from referee.worker.queue import HueyQueue

    redis_url = request.getfixturevalue("redis_url") if store == "redis" else None
    settings = Settings(
        database_url=database_url, queue_path=str(tmp_path / "q.db"), redis_url=redis_url
    )
    queue = HueyQueue(settings, jobs_for=lambda _q: None)  # type: ignore[arg-type,return-value]
    for huey in (queue.huey, queue.hooks_huey):
        huey.flush()
    try:
        queue.deliver(1, "msg_1", "job.done", b"{}")
        queue.rule_chunk(7, 0)
        assert queue.hooks_huey.pending_count() == 1 and queue.huey.pending_count() == 1
        delivery_task, chunk_task = queue.hooks_huey.dequeue(), queue.huey.dequeue()
        assert delivery_task.name == "deliver" and delivery_task.args[:2] == (1, "msg_1")
        assert chunk_task.name == "rule_chunk" and chunk_task.args == (7, 0)
    finally:
        for huey in (queue.huey, queue.hooks_huey):
            huey.flush()


def test_a_delivery_tries_the_next_checked_address_when_one_refuses(
    receivers: Callable[[], Receiver],
) -> None:
    url, handler = receivers()
    port = int(url.split(":")[2].split("/")[0])
    status = delivery.post(
        f"http://two.example.test:{port}/hook",
        "s",
        "msg_1",
        "job.done",
        b"{}",
        deadline_s=5,
        allowed=webhooks.allowed_networks(LOOPBACK),
        resolve=lambda _host, _port: ["127.0.0.2", "127.0.0.1"],  # nothing listens on .2
    )
    assert status == 204 and len(handler.got) == 1


def test_a_resolver_that_stalls_holds_a_registration_only_briefly(
    make_app: Callable[..., Flask], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = socket.getaddrinfo

    def stalling(host: Any, port: Any, *args: Any, **kw: Any) -> Any:
        if host == "slow.example.test":
            release.wait(60)  # an authoritative server that never answers
        return real(host, port, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", stalling)
    monkeypatch.setattr(webhooks, "RESOLVE_TIMEOUT_S", 0.5)
    app = _app(make_app, tmp_path)
    try:
        r = _register(app, _keys(app)["platform"], "http://slow.example.test/hook")
        assert r.status_code == 422
        assert "does not resolve" in r.get_json()["detail"]
        assert "no answer within 0.5 s" in r.get_json()["detail"]
    finally:
        release.set()


def test_registrations_racing_do_not_pass_the_cap(
    make_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = _app(make_app, tmp_path, webhook_max_per_owner=2, webhook_allow_networks=LOOPBACK)
    hooks = app.extensions["referee"].webhooks
    from referee.service.keys import Principal

    who = Principal(None, "platform", "Racer")
    barrier = threading.Barrier(6)
    outcomes: list[str] = []

    def register(n: int) -> None:
        barrier.wait()
        try:
            hooks.add(who, f"http://127.0.0.1:9/{n}", ["job.done"])
            outcomes.append("added")
        except Exception as exc:  # noqa: BLE001 - the cap, or SQLite's busy writer
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=register, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert outcomes.count("added") == 2, outcomes
    assert len(hooks.of(who)) == 2
