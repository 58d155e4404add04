"""First run and sign-in: the admin manages keys in the console and hands a
referee key over as a one-time sign-in link and its QR code.

The flow: the admin key (as ``make run`` makes it) signs in and lands on the keys; the
admin creates a referee key and gets its secret once, a link and a QR code of that link;
a fresh browser opens the link and is signed in; the link's second use is refused, so is
an expired one; a revoked key's console sessions end. Tokens are stored hashed, never
logged, and travel in the address's fragment (never sent to a server).
"""

from __future__ import annotations

import html
import logging
import re
from datetime import UTC, datetime, timedelta
from xml.etree import ElementTree

import pytest
import segno
from flask import Flask
from sqlalchemy import text

from tests.support.web import CSRF_RE, Console

LINK_RE = re.compile(r'id="signin-link" class="copy" readonly value="([^"]+)"')
SECRET_RE = re.compile(r'id="secret" class="copy" readonly value="(rk_[^"]+)"')


def text_of(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.get_data(as_text=True))


def _create(admin: Console, **fields: str):  # type: ignore[no-untyped-def]
    data = {"role": "referee", "owner": "Club cup referees", "label": "Max Muster", **fields}
    return admin.post("/console/keys", data)


def _handover(admin: Console, **fields: str) -> tuple[str, str, str]:
    """Create a key in the console: (secret, sign-in link, page)."""
    response = _create(admin, **fields)
    assert response.status_code == 201, text_of(response)[:2000]
    page = text_of(response)
    secret = SECRET_RE.search(page)
    link = LINK_RE.search(page)
    assert secret and link, page[:2000]
    return secret.group(1), link.group(1), page


def _open_link(app: Flask, link: str) -> tuple[Console, object]:
    """A fresh browser opens the link: loads the page, then posts the fragment's token
    (what console.js does)."""
    phone = Console(app.test_client())
    path, _, token = link.partition("#")
    page = phone.get(path.removeprefix("http://localhost"))
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert 'id="link-sign-in"' in body and (not token or token not in body)
    csrf = CSRF_RE.search(body)
    assert csrf
    response = phone.client.post(
        "/console/sign-in/link", data={"csrf": csrf.group(1), "token": token}
    )
    return phone, response


def _key_id(app: Flask, secret: str) -> int:
    who = app.extensions["referee"].keys.authenticate(secret)
    assert who.key_id is not None
    return who.key_id


def test_the_first_admin_key_lands_on_the_keys_page(console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    response = console.sign_in(keys["admin"])
    assert response.status_code == 302 and response.headers["Location"] == "/console/keys"
    page = text_of(console.get("/console/keys"))
    assert "API keys" in page and "Create the key" in page
    assert 'href="/console/keys"' in page  # in the menu
    for column in ("Name", "Role", "Created", "Last used", "State"):
        assert f">{column}</th>" in page
    assert "your key" in page  # the admin's own key: no revoke button


def test_admin_creates_a_referee_key_and_the_link_signs_a_phone_in(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    admin = as_role("admin")
    secret, link, page = _handover(admin)
    assert link.startswith("http://localhost/console/sign-in/link?lang=en#")
    assert "Max Muster" in page and "works once and for 10 minutes" in page
    # the QR code is the link (its modules are those of the link's QR code)
    svg = ElementTree.fromstring(re.search(r"<svg.*?</svg>", page, re.S).group(0))  # type: ignore[union-attr]
    assert svg.get("role") == "img" and "style" not in page.split("<svg", 1)[1].split("</svg>")[0]
    assert svg.get("viewBox") == "0 0 {0} {0}".format(segno.make(link, error="m").symbol_size()[0])
    # the secret is a working key, shown once
    assert app.extensions["referee"].keys.authenticate(secret).role == "referee"
    assert secret not in text_of(admin.get("/console/keys"))
    phone, response = _open_link(app, link)
    assert response.status_code == 302 and response.headers["Location"] == "/console/"  # type: ignore[attr-defined]
    home = text_of(phone.get("/console/"))
    assert "Signed in as Club cup referees." in home and "Enter a game" in home
    assert phone.get("/console/disputes/enter").status_code == 200
    listing = text_of(admin.get("/console/keys"))
    row = listing.split("Max Muster", 1)[1].split("</tr>", 1)[0]  # used by the phone
    assert "never" not in row and "active" in row


def test_a_link_works_once(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    _secret, link, _page = _handover(as_role("admin"))
    first, response = _open_link(app, link)
    assert response.status_code == 302  # type: ignore[attr-defined]
    second, again = _open_link(app, link)
    assert again.status_code == 410  # type: ignore[attr-defined]
    assert "was used already" in text_of(again)
    assert second.get("/console/").status_code == 302  # not signed in
    assert first.get("/console/").status_code == 200


def test_an_expired_link_is_refused_in_the_phones_language(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    admin = as_role("admin")
    admin.post("/console/language", {"lang": "de"})
    _secret, link, page = _handover(admin)
    assert "?lang=de#" in link and "Auf dem Handy anmelden" in page
    with app.extensions["referee"].backend.engine.begin() as conn:
        conn.execute(
            text("UPDATE signin_links SET expires_at = :t"),
            {"t": (datetime.now(UTC) - timedelta(seconds=1)).replace(tzinfo=None)},
        )
    phone, response = _open_link(app, link)
    assert response.status_code == 410  # type: ignore[attr-defined]
    assert "Dieser Anmeldelink ist abgelaufen" in text_of(response)
    assert phone.get("/console/").status_code == 302


def test_a_made_up_or_empty_token_is_refused(app: Flask) -> None:
    phone, response = _open_link(app, "http://localhost/console/sign-in/link#made-up-token")
    assert response.status_code == 410 and "is not known" in text_of(response)  # type: ignore[attr-defined]
    _phone, empty = _open_link(app, "http://localhost/console/sign-in/link#")
    assert empty.status_code == 410  # type: ignore[attr-defined]


def test_the_link_form_needs_the_csrf_token(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    _secret, link, _page = _handover(as_role("admin"))
    token = link.partition("#")[2]
    phone = Console(app.test_client())
    response = phone.client.post("/console/sign-in/link", data={"token": token})
    assert response.status_code == 400
    _ok, used = _open_link(app, link)  # the link was not used up by the refused post
    assert used.status_code == 302  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["referee", "court", "platform"])
def test_only_the_admin_reaches_key_management(as_role, keys, name: str) -> None:  # type: ignore[no-untyped-def]
    c = as_role(name)
    assert c.get("/console/keys").status_code == 403
    assert _create(c).status_code == 403
    assert c.post("/console/keys/1/revoke", {}).status_code == 403
    assert c.post("/console/keys/1/link", {}).status_code == 403
    assert 'href="/console/keys"' not in text_of(c.get("/console/rules"))


def test_signed_out_visitors_are_sent_to_sign_in(console: Console) -> None:
    response = console.get("/console/keys")
    assert response.status_code == 302 and "/console/sign-in" in response.headers["Location"]


def test_revoking_a_key_ends_its_console_sessions_and_links(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    admin = as_role("admin")
    secret, link, _page = _handover(admin)
    phone, _ = _open_link(app, link)
    by_key = Console(app.test_client())
    assert by_key.sign_in(secret).status_code == 302
    assert phone.get("/console/").status_code == 200
    assert by_key.get("/console/").status_code == 200
    key_id = _key_id(app, secret)
    spare = admin.post(f"/console/keys/{key_id}/link", {})
    spare_link = LINK_RE.search(text_of(spare))
    assert spare.status_code == 200 and spare_link
    response = admin.post(f"/console/keys/{key_id}/revoke", {})
    assert response.status_code == 302
    assert "is revoked; its sessions have ended" in text_of(admin.get("/console/keys"))
    for c in (phone, by_key):
        again = c.get("/console/")
        assert again.status_code == 302 and "/console/sign-in" in again.headers["Location"]
    with app.extensions["referee"].backend.engine.connect() as conn:
        open_sessions = conn.execute(
            text("SELECT count(*) FROM console_sessions WHERE key_id = :k AND ended_at IS NULL"),
            {"k": key_id},
        ).scalar_one()
    assert open_sessions == 0
    _p, refused = _open_link(app, spare_link.group(1))
    assert refused.status_code == 410 and "was revoked" in text_of(refused)  # type: ignore[attr-defined]
    row = text_of(admin.get("/console/keys")).split("Max Muster", 1)[1].split("</tr>", 1)[0]
    assert "revoked" in row and "QR code for a phone" not in row


def test_the_admin_cannot_revoke_the_key_in_use_nor_hand_over_an_admin_key(
    app: Flask, as_role, keys
) -> None:  # type: ignore[no-untyped-def]
    admin = as_role("admin")
    own = _key_id(app, keys["admin"])
    admin.post(f"/console/keys/{own}/revoke", {})
    assert "cannot revoke the key you are signed in with" in text_of(admin.get("/console/keys"))
    assert admin.get("/console/keys").status_code == 200  # still signed in
    response = _create(admin, role="admin", owner="Operator", label="Second admin")
    page = text_of(response)
    assert response.status_code == 201 and SECRET_RE.search(page) and not LINK_RE.search(page)
    admin.post(f"/console/keys/{own}/link", {})
    assert "Only an active key of a referee" in text_of(admin.get("/console/keys"))
    assert admin.post("/console/keys/999999/link", {}).status_code == 404


def test_a_key_needs_a_role_and_an_owner(as_role) -> None:  # type: ignore[no-untyped-def]
    admin = as_role("admin")
    response = _create(admin, owner="  ")
    assert response.status_code == 422 and "The owner is missing." in text_of(response)
    response = _create(admin, role="superuser")
    assert response.status_code == 422 and "Choose one of the roles." in text_of(response)


def test_the_link_uses_the_public_address_and_warns_about_localhost(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(public_url="https://referee.example.org")
    _key, secret = app.extensions["referee"].keys.create("admin", "Operator")
    admin = Console(app.test_client())
    assert admin.sign_in(secret).status_code == 302
    _s, link, page = _handover(admin)
    assert link.startswith("https://referee.example.org/console/sign-in/link?lang=en#")
    assert 'id="local-warning"' not in page
    local = make_app()
    _key, secret = local.extensions["referee"].keys.create("admin", "Operator")
    admin = Console(local.test_client())
    assert admin.sign_in(secret).status_code == 302
    _s, link, page = _handover(admin)
    assert 'id="local-warning"' in page and "REFEREE_PUBLIC_URL" in page


def test_secrets_and_link_tokens_are_never_logged_nor_stored(
    app: Flask, as_role, caplog: pytest.LogCaptureFixture
) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.DEBUG)
    secret, link, page = _handover(as_role("admin"))
    token = link.partition("#")[2]
    _open_link(app, link)
    assert secret not in caplog.text and token not in caplog.text
    with app.extensions["referee"].backend.engine.connect() as conn:
        dump = repr(conn.execute(text("SELECT * FROM signin_links")).all())
        dump += repr(conn.execute(text("SELECT * FROM api_keys")).all())
    assert token not in dump and secret not in dump


def test_the_hand_over_page_keeps_the_content_security_policy(as_role) -> None:  # type: ignore[no-untyped-def]
    response = _create(as_role("admin"))
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "script-src 'self'" in csp
    body = response.get_data(as_text=True)
    assert "<script>" not in body and " style=" not in body and "<style" not in body
    assert response.headers["Cache-Control"] == "no-store"


def test_a_signed_in_browser_asks_before_a_link_switches_its_key(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    """Another site can open a sign-in link in a browser that is signed in: the link's
    form then sends itself, and the browser asks instead of switching keys."""
    _secret, link, _page = _handover(as_role("admin"))
    browser = as_role("court")
    path, _, token = link.partition("#")
    page = browser.get(path.removeprefix("http://localhost")).get_data(as_text=True)
    csrf = CSRF_RE.search(page).group(1)  # type: ignore[union-attr]
    asked = browser.client.post("/console/sign-in/link", data={"csrf": csrf, "token": token})
    assert asked.status_code == 200
    question = text_of(asked)
    assert 'id="link-switch"' in question and "signed in as Skatgericht (Skat court)" in question
    assert "signs it in as Club cup referees (referee)" in question
    assert "Signed in as" not in text_of(browser.get("/console/"))  # still the court's
    refused = browser.client.post("/console/sign-in/link", data={"token": token, "switch": "yes"})
    assert refused.status_code == 400  # the answer needs the form's CSRF token too
    switched = browser.client.post(
        "/console/sign-in/link", data={"csrf": csrf, "token": token, "switch": "yes"}
    )
    assert switched.status_code == 302  # the link was still unused
    assert "Signed in as Club cup referees." in text_of(browser.get("/console/"))
    again = browser.client.post(
        "/console/sign-in/link", data={"csrf": browser.csrf(), "token": token}
    )
    assert again.status_code == 410 and "was used already" in text_of(again)  # no question


def test_an_owner_name_with_a_zero_width_character_is_refused(as_role) -> None:  # type: ignore[no-untyped-def]
    response = _create(as_role("admin"), owner="Club\u200b cup referees")
    assert response.status_code == 422
    assert "must not contain invisible or control characters" in text_of(response)
    assert "U+200B ZERO WIDTH SPACE" in text_of(response)


def _admin_under(app: Flask, host: str) -> tuple[Console, dict[str, str]]:
    """An admin signed in whose browser now sends ``Host: host`` (a forged header, or a
    name the service was reached under): its cookie and form token, sent there."""
    _key, secret = app.extensions["referee"].keys.create("admin", "Operator")
    admin = Console(app.test_client())
    assert admin.sign_in(secret).status_code == 302
    csrf = admin.csrf()
    cookie = admin.client.get_cookie("session")
    assert cookie is not None
    admin.client.set_cookie("session", cookie.value, domain=host.split(":")[0])
    return admin, {"csrf": csrf, "role": "referee", "owner": "Club", "label": "Max"}


def test_without_a_public_url_a_forged_host_gets_no_link(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    admin, form = _admin_under(app, "evil.example")
    response = admin.client.post("/console/keys", data=form, headers={"Host": "evil.example"})
    assert response.status_code == 201  # the key is made and its secret shown
    page = text_of(response)
    assert "evil.example/console/sign-in" not in page and 'id="signin-link"' not in page
    assert 'id="untrusted-host"' in page and "REFEREE_PUBLIC_URL" in page
    with app.extensions["referee"].backend.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM signin_links")).scalar_one() == 0


def test_without_a_public_url_a_local_network_address_gets_its_link(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    admin, form = _admin_under(app, "192.168.1.20")
    response = admin.client.post("/console/keys", data=form, headers={"Host": "192.168.1.20:8000"})
    assert response.status_code == 201
    link = LINK_RE.search(text_of(response))
    assert link and link.group(1).startswith("http://192.168.1.20:8000/console/sign-in/link")


def test_trusted_hosts_refuse_any_other_host_and_name_the_links_host(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(trusted_hosts=("referee.club.example", "localhost"))
    admin, form = _admin_under(app, "referee.club.example")
    response = admin.client.post(
        "/console/keys", data=form, headers={"Host": "referee.club.example"}
    )
    link = LINK_RE.search(text_of(response))
    assert link and link.group(1).startswith("http://referee.club.example/console/sign-in/link")
    forged = admin.client.post("/console/keys", data=form, headers={"Host": "evil.example"})
    assert forged.status_code == 400
    assert admin.client.get("/console/sign-in", headers={"Host": "evil.example"}).status_code == 400
