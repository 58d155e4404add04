"""Pages: sign in, sign out, choose the language."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for

from referee.core.errors import InvalidInput
from referee.http_status import status_for
from referee.service.errors import Unauthenticated
from referee.service.keys import SigninLinkRefused
from referee.web.auth import current_principal, safe_next, sign_in, sign_in_with_link, sign_out
from referee.web.blueprint import bp
from referee.web.i18n import choose_language, current_language, text
from referee.web.services import services

#: a form shown again over its own input (an empty key)
INPUT_STATUS = status_for(InvalidInput)


def _home_for(role: str) -> str:
    """Where a role starts: the dispute list; the admin at the keys (to hand them out)."""
    if role in ("referee", "platform", "court"):
        return url_for("console.disputes")
    if role == "admin":
        return url_for("console.keys")
    return url_for("console.rules")


@bp.route("/sign-in", methods=["GET", "POST"], endpoint="sign_in")
def sign_in_page() -> Any:
    """Sign in with an API key (POST keeps it in the session)."""
    next_url = safe_next(request.values.get("next"))
    error = None
    status = 200
    if request.method == "POST":
        secret = request.form.get("api_key", "").strip()
        if not secret:
            error, status = text("console.signin.empty", current_language()), INPUT_STATUS
        else:
            try:
                who = sign_in(secret)
            except Unauthenticated as refused:
                error = text("console.signin.bad_key", current_language())
                status = status_for(refused)
            else:
                return redirect(next_url or _home_for(who.role))
    elif current_principal() is not None and next_url is None:
        return redirect(_home_for(current_principal().role))  # type: ignore[union-attr]
    page = render_template("console/sign_in.html", error=error, next_url=next_url)
    return page, status


@bp.route("/sign-in/link", methods=["GET", "POST"], endpoint="signin_link")
def signin_link_page() -> Any:
    """A one-time sign-in link opened on a phone (from the QR code the admin shows).

    The token travels in the address's fragment (``#...``), which browsers never send to
    a server, so it stays out of access logs and Referer headers; the page's script puts
    it into the form and sends it as a POST (CSRF-checked, rate-limited). A link preview
    that fetches the address does not use the link up. A browser already signed in is
    asked first whether to switch keys (``console/signin_switch.html``).
    """
    if request.method == "GET":
        return render_template("console/signin_link.html", refused=None)
    token = request.form.get("token", "").strip()
    signed_in = current_principal()
    try:
        if not token:
            raise SigninLinkRefused("unknown")
        if signed_in is not None and request.form.get("switch") != "yes":
            # a browser already signed in asks before it changes keys (another site may
            # have opened the link in it); the link stays unused until the answer
            page = render_template(
                "console/signin_switch.html",
                token=token,
                who=signed_in,
                linked=services().keys.signin_link_key(token),
                home=_home_for(signed_in.role),
            )
            return page, 200
        who = sign_in_with_link(token)
    except SigninLinkRefused as refused:
        page = render_template("console/signin_link.html", refused=refused.reason)
        return page, status_for(refused)
    flash(text("console.link.welcome", current_language(), owner=who.owner))
    return redirect(_home_for(who.role))


@bp.route("/sign-out", methods=["POST"], endpoint="sign_out")
def sign_out_page() -> Any:
    """Forget the key."""
    sign_out()
    flash(text("console.signed_out", current_language()))
    return redirect(url_for("console.sign_in"))


@bp.route("/language", methods=["POST"])
def language() -> Any:
    """Switch the whole console to de, en or es and go back to the page (any other value
    is a 400 page naming the known languages)."""
    choose_language(request.form.get("lang", ""))
    return redirect(safe_next(request.form.get("next")) or url_for("console.disputes"))
