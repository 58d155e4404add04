"""Signing in with an API key and CSRF tokens.

The key is checked once, at sign-in, and never kept in the browser: the signed session
cookie (``SECRET_KEY``; HTTP-only, SameSite=Lax, Secure over HTTPS) carries a random
session token, and the server keeps only its hash and which key it stands for
(:meth:`KeyService.open_session`). Sign-out ends the session on the server, so every copy
of the cookie stops working; so does revoking the key. Every POST form carries a
per-session token checked by :func:`check_csrf`.

>>> safe_next("/console/disputes/3?at=4"), safe_next("https://evil.example/"), safe_next("//x")
('/console/disputes/3?at=4', None, None)
"""

from __future__ import annotations

import functools
import hmac
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from flask import g, redirect, request, session, url_for

from referee.core.errors import BadRequest
from referee.service.errors import Unauthenticated
from referee.service.keys import Principal
from referee.web.services import services

SESSION = "sid"
#: where the key itself was kept before; such a cookie is simply signed out
LEGACY_KEY = "api_key"
CSRF = "csrf"
F = TypeVar("F", bound=Callable[..., Any])


class FormExpired(BadRequest):
    """A POST without the session's CSRF token (an old tab, or another site's form)."""

    code = "console.error.form_expired"


def safe_next(target: str | None) -> str | None:
    """``target`` if it is a path inside the console, else None (no open redirects)."""
    if target and target.startswith("/console") and not target.startswith("//"):
        return target
    return None


def csrf_token() -> str:
    """This session's CSRF token (made on first use)."""
    token = session.get(CSRF)
    if not token:
        token = session[CSRF] = secrets.token_urlsafe(24)
    return str(token)


def check_csrf() -> None:
    """Refuse a POST whose form token (or ``X-CSRF-Token`` header, for the entry form's
    JSON requests) is not this session's."""
    sent = request.headers.get("X-CSRF-Token", "") or request.form.get(CSRF, "")
    if not sent or not hmac.compare_digest(sent, str(session.get(CSRF, ""))):
        raise FormExpired("the form token is missing or stale", where={"field": CSRF})


def sign_in(secret: str) -> Principal:
    """Check the key and open a server-side session for it (raises Unauthenticated)."""
    token, who = services().keys.open_session(secret)
    return _start(token, who)


def sign_in_with_link(link_token: str) -> Principal:
    """Use a one-time sign-in link (raises SigninLinkRefused) and open its session."""
    token, who = services().keys.redeem_signin_link(link_token)
    return _start(token, who)


def _start(token: str, who: Principal) -> Principal:
    """A fresh cookie session for the server-side session ``token`` (the language stays);
    the browser's previous session ends on the server, so an old copy of its cookie stops
    working."""
    previous = session.get(SESSION)
    if previous and previous != token:
        services().keys.end_session(str(previous))
    lang = session.get("lang")
    session.clear()
    if lang:
        session["lang"] = lang
    session[SESSION] = token
    session[CSRF] = secrets.token_urlsafe(24)
    g.principal = who
    return who


def sign_out() -> None:
    """End the session on the server (every copy of the cookie); the language stays."""
    token = session.pop(SESSION, None)
    session.pop(LEGACY_KEY, None)
    if token:
        services().keys.end_session(str(token))
    session[CSRF] = secrets.token_urlsafe(24)
    g.pop("principal", None)


def current_principal() -> Principal | None:
    """Who is signed in (the session is looked up on every request, so sign-out and
    revoking the key work at once)."""
    if "principal" in g:
        known: Principal | None = g.principal
        return known
    if LEGACY_KEY in session:
        session.pop(LEGACY_KEY)
    token = session.get(SESSION)
    who = None
    if token:
        who = services().keys.session_principal(str(token))
        if who is None:
            session.pop(SESSION, None)
    g.principal = who
    return who


def require_principal() -> Principal:
    """The signed-in principal, else Unauthenticated (the console redirects to sign-in)."""
    who = current_principal()
    if who is None:
        raise Unauthenticated("sign in first")
    return who


def signed_in(view: F) -> F:
    """Send visitors without a valid key to the sign-in page (and back afterwards)."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if current_principal() is None:
            return redirect(url_for("console.sign_in", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
