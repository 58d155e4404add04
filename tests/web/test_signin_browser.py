"""The hand-over in a real browser: the admin creates a referee key in the
console (1280×900) and gets a QR code; the phone (390×844, German) opens the link, is
signed in without typing anything and lands on the dispute list; the referee enters the
revoke example by taps with the time the next series starts, and gets its ruling and
the appeal deadline in Berlin time (no JSON typed anywhere); the same link a second time
is refused. Screenshots go to test-artifacts/ (and
to docs/screenshots/ when missing or with REFEREE_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import need_browser, open_context
from tests.support.web import EXAMPLES, ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "test-artifacts"
DOCS = ROOT / "docs" / "screenshots"


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    target = DOCS / path.name
    if not target.exists() or os.environ.get("REFEREE_UPDATE_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


OUTCOME = "Vorhand gewinnt Herz mit 2, Spiel 3: +30"


def _enter_revoke_by_taps(page: Any) -> int:
    """examples/revoke-objected.json entered by taps in the entry form (as in
    test_entry_browser.py, without the names), with the time the next series starts; the
    number of interactions."""
    from tests.web.test_entry_browser import Taps, enter_revoke

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    taps = Taps(page)
    enter_revoke(page, taps, example, names=False)
    # the schedule, so the dispute knows its appeal deadline (typed in Berlin time)
    taps.tap("#review-optional > summary")  # the optional fields are folded
    taps.tap("#entry-schedule summary")
    taps.fill("#entry-next-series", "2026-11-24T20:00")
    taps.tap("#entry-send")
    return taps.count


def test_admin_hands_a_referee_key_to_a_phone_by_qr_link(
    live_server: str, keys, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    need_browser()
    from playwright.sync_api import expect, sync_playwright

    server = live_server
    with sync_playwright() as pw:
        desk = open_context(pw, tmp_path / "admin", viewport={"width": 1280, "height": 900})
        try:
            page = desk.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(server + "/console/sign-in")
            page.get_by_label("API key").fill(keys["admin"])
            page.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("heading", name="API keys", level=1)).to_be_visible()
            assert page.url == server + "/console/keys"
            page.get_by_label("Owner").fill("Club cup referees")
            page.get_by_label("Name", exact=True).fill("Max Muster")
            page.get_by_role("button", name="Create the key").click()
            expect(page.get_by_role("heading", name="Hand the key over")).to_be_visible()
            qr = page.get_by_role("img", name="QR code: sign-in link for Max Muster")
            expect(qr).to_be_visible()
            assert qr.bounding_box()["width"] >= 150  # big enough to scan from a screen
            link = page.locator("#signin-link").input_value()
            assert link.startswith(server + "/console/sign-in/link?lang=en#")
            _shot(page, "keys-handover")
            # the admin on a phone: the key list and the hand-over fit 390 px
            page.set_viewport_size({"width": 390, "height": 844})
            for path in ("/console/keys",):
                page.goto(server + path)
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= 392, f"{path} is {width}px wide on a 390px phone"
            _shot(page, "keys-phone")
            assert errors == []
        finally:
            desk.close()

        phone = open_context(
            pw,
            tmp_path / "phone",
            viewport={"width": 390, "height": 844},
            locale="de-DE",
            extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"},
        )
        try:
            page = phone.new_page()
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(link.replace("lang=en", "lang=de"))
            page.wait_for_url(server + "/console/")
            expect(page.get_by_role("heading", name="Streitfälle", level=1)).to_be_visible()
            expect(page.locator(".flash")).to_have_text("Angemeldet als Club cup referees.")
            assert "#" not in page.url
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, width
            _shot(page, "signin-phone")
            page.get_by_role("link", name="Spiel erfassen").click()
            expect(page.get_by_role("heading", name="Spiel erfassen", level=1)).to_be_visible()
            taps = _enter_revoke_by_taps(page)
            expect(page.locator("#outcome-line")).to_have_text(OUTCOME)
            expect(page.locator("body")).to_contain_text("ISkO 4.2.3")
            expect(page.locator("#appeal-deadline")).to_have_text(
                "Einspruchsfrist: vor 24.11.2026 20:00 (+01:00), dem Beginn der nächsten Serie"
                " (ISkO 4.5.10, SkWO 9.10)."
            )
            print(f"\nfrom the admin's key to the revoke's ruling: {taps} taps on the phone")

            # the same link again (another phone, or the link sent on): refused, in German
            again = phone.new_page()
            again.goto(link.replace("lang=en", "lang=de"))
            expect(again.locator("#link-refused")).to_contain_text("schon benutzt")
            assert errors == []
        finally:
            phone.close()
