"""Signing in with an API key (kept in the session cookie, never in a URL) and CSRF tokens.

The session cookie is signed (``SECRET_KEY``), HTTP-only and SameSite=Lax; every POST
form carries a per-session token checked by :func:`check_csrf`.

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

KEY = "api_key"
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
    """Refuse a POST whose form token is not this session's."""
    sent = request.form.get(CSRF, "")
    if not sent or not hmac.compare_digest(sent, str(session.get(CSRF, ""))):
        raise FormExpired("the form token is missing or stale", where={"field": CSRF})


def sign_in(secret: str) -> Principal:
    """Check the key and keep it in the session (raises Unauthenticated)."""
    who = services().keys.authenticate(secret)
    lang = session.get("lang")
    session.clear()
    if lang:
        session["lang"] = lang
    session[KEY] = secret
    session[CSRF] = secrets.token_urlsafe(24)
    g.principal = who
    return who


def sign_out() -> None:
    """Forget the key (the language stays)."""
    session.pop(KEY, None)
    session[CSRF] = secrets.token_urlsafe(24)
    g.pop("principal", None)


def current_principal() -> Principal | None:
    """Who is signed in (the key is checked on every request, so revoking works at once)."""
    if "principal" in g:
        return g.principal
    secret = session.get(KEY)
    who = None
    if secret:
        try:
            who = services().keys.authenticate(str(secret))
        except Unauthenticated:
            session.pop(KEY, None)
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
