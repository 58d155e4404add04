"""The console's session: no key in the cookie, sign-out for every copy of it,
the cookie's flags, and the security headers of console pages and API answers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from sqlalchemy import text

from tests.support.web import Console

COOKIE = "session"


def _cookie(c: Console) -> str:
    cookie = c.client.get_cookie(COOKIE)
    assert cookie is not None, "no session cookie"
    return cookie.value


def _set_cookie_header(c: Console, secret: str) -> str:
    """The Set-Cookie header of a sign-in."""
    response = c.sign_in(secret)
    assert response.status_code == 302
    return next(v for v in response.headers.getlist("Set-Cookie") if v.startswith(COOKIE))


def test_the_cookie_does_not_carry_the_key(app: Flask, console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    assert console.sign_in(keys["referee"]).status_code == 302
    value = _cookie(console)
    assert keys["referee"] not in value
    payload = app.session_interface.get_signing_serializer(app).loads(value)  # type: ignore[attr-defined]
    assert keys["referee"] not in repr(payload)
    assert "api_key" not in payload
    assert console.get("/console/").status_code == 200


def test_sign_out_ends_the_session_for_every_copy_of_the_cookie(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    signed_in = as_role("court")
    copy = Console(app.test_client())
    copy.client.set_cookie(COOKIE, _cookie(signed_in))
    assert copy.get("/console/").status_code == 200  # the copy works while signed in
    assert signed_in.post("/console/sign-out", {}).status_code == 302
    response = copy.get("/console/")
    assert response.status_code == 302 and "/console/sign-in" in response.headers["Location"]
    assert copy.get("/console/rules").status_code in (200, 302)
    # and the copy cannot post either (its CSRF token stands for nothing any more)
    assert signed_in.get("/console/").status_code == 302


def test_a_session_ends_after_its_lifetime(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    assert c.get("/console/").status_code == 200
    backend = app.extensions["referee"].backend
    with backend.engine.begin() as conn:
        conn.execute(
            text("UPDATE console_sessions SET created_at = :t"),
            {"t": datetime.now(UTC).replace(tzinfo=None) - timedelta(hours=13)},
        )
    assert c.get("/console/").status_code == 302


def test_the_cookie_is_httponly_samesite_lax_and_not_secure_over_http(console, keys) -> None:  # type: ignore[no-untyped-def]
    header = _set_cookie_header(console, keys["referee"])
    assert "HttpOnly" in header and "SameSite=Lax" in header
    assert "Secure" not in header


def test_the_cookie_is_secure_over_https(make_app, keys) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    service = app.extensions["referee"].keys
    _key, secret = service.create("referee", "Club")
    app.config["PREFERRED_URL_SCHEME"] = "https"  # the test client's requests come over HTTPS
    c = Console(app.test_client())
    header = _set_cookie_header(c, secret)
    assert "Secure" in header and "SameSite=Lax" in header
    assert c.get("/console/").headers["Strict-Transport-Security"]


@pytest.mark.parametrize(("setting", "secure"), [("always", True), ("never", False)])
def test_the_secure_flag_can_be_forced(make_app, setting: str, secure: bool) -> None:  # type: ignore[no-untyped-def]
    app = make_app(cookie_secure=setting)
    _key, secret = app.extensions["referee"].keys.create("referee", "Club")
    if not secure:
        app.config["PREFERRED_URL_SCHEME"] = "https"
    c = Console(app.test_client())
    header = _set_cookie_header(c, secret)
    assert ("Secure" in header) is secure


def test_console_pages_carry_a_content_security_policy(as_role, console) -> None:  # type: ignore[no-untyped-def]
    for response in (console.get("/console/sign-in"), as_role("referee").get("/console/")):
        h = response.headers
        csp = h["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert h["X-Frame-Options"] == "DENY"
        assert h["X-Content-Type-Options"] == "nosniff"


def test_api_answers_carry_security_headers(app: Flask) -> None:
    client = app.test_client()
    for response in (client.get("/health"), client.get("/v1/disputes")):
        h = response.headers
        assert h["X-Content-Type-Options"] == "nosniff"
        assert h["X-Frame-Options"] == "DENY"
        assert h["Content-Security-Policy"].startswith("default-src 'none'")
    # the interactive docs load their scripts from a CDN: no policy that would block them
    assert "Content-Security-Policy" not in client.get("/docs").headers


def test_signing_in_again_ends_the_browsers_previous_session(
    app: Flask, console: Console, keys
) -> None:  # type: ignore[no-untyped-def]
    assert console.sign_in(keys["referee"]).status_code == 302
    copy = Console(app.test_client())
    copy.client.set_cookie(COOKIE, _cookie(console))
    assert copy.get("/console/").status_code == 200
    assert console.sign_in(keys["court"]).status_code == 302  # the same browser, again
    response = copy.get("/console/")
    assert response.status_code == 302 and "/console/sign-in" in response.headers["Location"]
    assert console.get("/console/").status_code == 200
