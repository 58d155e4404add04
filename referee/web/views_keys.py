"""Pages (admin only): the API keys, a new key, revoking one, handing one over to a phone.

A new key's secret is shown once, on the page that answers the form (never stored, never
put into the cookie). A key for the table (referee, court, platform) can be handed over
as a one-time sign-in link and its QR code: the phone opens the link and is signed in,
nobody types the key. The rules (who may, what expires) are the service's
(:class:`referee.service.keys.KeyService`).
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import flash, redirect, render_template, request, url_for

from referee.http_status import status_for
from referee.service.errors import Conflict, InvalidInput, NotFound
from referee.service.model import ID_PATH, ROLES, ApiKey
from referee.web.auth import require_principal, signed_in
from referee.web.blueprint import bp
from referee.web.error_text import error_text
from referee.web.i18n import current_language, text
from referee.web.qr import qr_svg
from referee.web.services import services
from referee.web.times import when

#: roles whose keys can be handed over by sign-in link (not admin keys)
LINK_ROLES = tuple(r for r in ROLES if r != "admin")
#: hosts a phone cannot reach (the admin's own machine)
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "0.0.0.0"})


def _keys_page(*, form: dict[str, str] | None = None, error: str | None = None) -> str:
    who = require_principal()
    keys = services().keys.list_as(who)
    owners = sorted({k.owner for k in keys if k.active})
    return render_template(
        "console/keys.html",
        keys=list(reversed(keys)),  # newest first
        owners=owners,
        roles=ROLES,
        link_roles=LINK_ROLES,
        form=form or {"role": "referee", "owner": "", "label": ""},
        error=error,
        own_key=who.key_id,
    )


@bp.route("/keys", endpoint="keys")
@signed_in
def keys_page() -> Any:
    """Every key (newest first) with its role, owner, dates and state; the form for a new one."""
    return _keys_page()


def link_base() -> str | None:
    """Where sign-in links point: the service's public address (``REFEREE_PUBLIC_URL``);
    without it the address the admin's browser used, if its host can be trusted: one of
    ``REFEREE_TRUSTED_HOSTS`` (Flask then refuses any other ``Host`` outright), or an
    address of this machine or of a private network (the venue's laptop at
    192.168.1.20). A name that is neither could have been put into the ``Host`` header
    by anyone: None, and the page says what to set."""
    settings = services().settings
    if settings.public_url:
        return settings.public_url
    if settings.trusted_hosts or _local_host(request.host):
        return request.host_url.rstrip("/")
    return None


def _local_host(host: str) -> bool:
    """``host`` (with its port, if any) is a loopback name or a private address literal.

    >>> [_local_host(h) for h in ("localhost:8000", "192.168.1.20:8000", "[::1]:80")]
    [True, True, True]
    >>> [_local_host(h) for h in ("evil.example", "93.184.215.14", "10.0.0.1.evil.example")]
    [False, False, False]
    """
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost":
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def signin_url(token: str, base: str) -> str:
    """The address of a sign-in link under ``base`` (:func:`link_base`): the page in the
    admin's language, the token in the fragment (never sent to a server)."""
    path = url_for("console.signin_link", lang=current_language())
    return f"{base}{path}#{token}"


def _handover(key: ApiKey, secret: str | None) -> str:
    """The page that shows a key's secret (when just made) and its sign-in link and QR."""
    who = require_principal()
    lang = current_language()
    link = qr = expires = None
    base = link_base()
    if key.role in LINK_ROLES and key.id is not None and base is not None:
        token, _key, expires_at = services().keys.signin_link(who, key.id)
        link = signin_url(token, base)
        qr = qr_svg(link, label=text("console.keys.qr_label", lang, label=key.label or key.owner))
        expires = when(expires_at)
    host = urlsplit(link).hostname if link else None
    return render_template(
        "console/key_handover.html",
        key=key,
        secret=secret,
        link=link,
        qr=qr,
        expires=expires,
        local_only=host in LOCAL_HOSTS,
        untrusted_host=request.host if base is None and key.role in LINK_ROLES else None,
        minutes=int(services().settings.signin_link_minutes),
    )


@bp.route("/keys", methods=["POST"], endpoint="create_key")
@signed_in
def create_key() -> Any:
    """Make a key; the answer shows its secret once and, for a table key, the QR code."""
    who = require_principal()
    lang = current_language()
    form = {k: request.form.get(k, "").strip() for k in ("role", "owner", "label")}
    refused = status_for(InvalidInput)  # the form shown again over its own input
    if form["role"] not in ROLES:
        return _keys_page(form=form, error=text("console.keys.bad_role", lang)), refused
    if not form["owner"]:
        return _keys_page(form=form, error=text("console.keys.no_owner", lang)), refused
    if len(form["owner"]) > 200 or len(form["label"]) > 200:
        return _keys_page(form=form, error=text("console.keys.too_long", lang)), refused
    try:
        key, secret = services().keys.create_as(who, form["role"], form["owner"], form["label"])
    except InvalidInput as exc:
        return _keys_page(form=form, error=error_text(exc, lang)), status_for(exc)
    return _handover(key, secret), 201


@bp.route(f"/keys/<{ID_PATH}:key_id>/link", methods=["POST"], endpoint="key_link")
@signed_in
def key_link(key_id: int) -> Any:
    """A new one-time sign-in link (and QR code) for an existing key (a new phone)."""
    who = require_principal()
    key = next((k for k in services().keys.list_as(who) if k.id == key_id), None)
    if key is None:
        raise NotFound(f"no key {key_id} this key may see", where={"key": key_id})
    if not key.active or key.role not in LINK_ROLES:
        flash(text("console.keys.no_link", current_language()))
        return redirect(url_for("console.keys"))
    return _handover(key, None)


@bp.route(f"/keys/<{ID_PATH}:key_id>/revoke", methods=["POST"], endpoint="revoke_key")
@signed_in
def revoke_key(key_id: int) -> Any:
    """Revoke a key: it stops working at once, its console sessions and links end."""
    who = require_principal()
    lang = current_language()
    try:
        key = services().keys.revoke_as(who, key_id)
    except Conflict:
        flash(text("console.keys.own_key", lang))
        return redirect(url_for("console.keys"))
    flash(text("console.keys.revoked_done", lang, label=key.label or key.owner, prefix=key.prefix))
    return redirect(url_for("console.keys"))
