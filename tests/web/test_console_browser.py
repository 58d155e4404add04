"""End to end in a real browser: Debian's Chromium, headless, driven by Playwright.

The app runs on a free loopback port (werkzeug in a thread) with a temporary SQLite
database. Scenario: a referee signs in, submits a revoke, sees the highlighted trick and
the ISkO 4.2.3 citation, steps through the game, switches to German; the court signs in
and lodges an appeal. Screenshots of the ruling page (1280 and 390 px wide) go to
test-artifacts/; the desktop one is copied to docs/screenshots/ when it is missing or
when REFEREE_UPDATE_SCREENSHOTS=1.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.browser import DESK, chromium, served
from tests.support.web import EXAMPLES, ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "test-artifacts"
DOC_SCREENSHOT = ROOT / "docs" / "screenshots" / "ruling-desktop.png"


@pytest.fixture
def server(app, keys) -> Iterator[str]:  # type: ignore[no-untyped-def]
    with served(app) as url:
        yield url


@pytest.fixture
def browser_context(tmp_path: Path):  # type: ignore[no-untyped-def]
    with chromium(tmp_path / "chromium-profile", **DESK, locale="en-GB") as context:
        yield context


def test_referee_and_court_in_a_real_browser(server: str, keys, browser_context) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # sign in as the referee
    page.goto(server + "/")
    expect(page).to_have_url(server + "/console/sign-in?next=/console/")
    page.get_by_label("API key").fill(keys["referee"])
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Disputes", level=1)).to_be_visible()
    assert keys["referee"] not in page.url

    # submit the revoke case with a schedule, so the court's appeal can be checked in time
    page.get_by_role("link", name="New dispute").click()
    page.get_by_label("Game record").fill(
        (EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8")
    )
    page.get_by_label("Referee's note").fill("Forehand objected after trick 5.")
    page.get_by_label("Event", exact=True).fill("Club cup")
    page.get_by_label("Table", exact=True).fill("7")
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page.get_by_label("Next series starts at").fill(tomorrow)
    page.get_by_role("button", name="Submit and rule").click()

    # the ruling: outcome, highlighted trick and card, the ISkO 4.2.3 citation
    expect(page.locator("#outcome-line")).to_have_text("Forehand wins hearts with 2, game 3: +30")
    flagged = page.locator("table.tricks tr.flagged")
    expect(flagged).to_have_count(1)
    expect(flagged.locator("th")).to_contain_text("4")
    expect(flagged.get_by_role("img", name="king of diamonds (infraction)")).to_be_visible()
    clause = page.locator('details.clause[data-clause="ISkO 4.2.3"]').first
    expect(clause.locator("summary")).to_contain_text("A revoke ends the game")
    expect(clause.locator("p").first).not_to_be_visible()
    clause.locator("summary").focus()
    page.keyboard.press("Enter")  # keyboard opens the clause
    expect(clause.locator("p").first).to_contain_text("Not following the suit")

    # step through: buttons, then the arrow keys (JS swaps the section in place)
    position = page.locator("#step-position")
    expect(position).to_have_text("Event 24 of 24")
    page.get_by_role("link", name="Go to the infraction").first.click()
    expect(position).to_have_text("Event 19 of 24")
    expect(page.locator("#step-event")).to_contain_text("Middlehand plays king of diamonds")
    expect(page.locator("#step .hand[data-seat=middlehand] [role=img]")).to_have_count(6)
    page.screenshot(path=str(ARTIFACTS / "ruling-desktop.png"), full_page=True)
    page.get_by_role("link", name="Previous event").click()
    expect(position).to_have_text("Event 18 of 24")
    expect(page.locator("#step .hand[data-seat=middlehand] [role=img]")).to_have_count(7)
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text("Event 20 of 24")
    expect(page).to_have_url(re.compile(r"\?at=20#step$"))

    # phone width: the page still fits
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(position).to_have_text("Event 20 of 24")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide on a 390px phone"
    page.screenshot(path=str(ARTIFACTS / "ruling-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    # German: the whole console switches
    page.get_by_role("button", name="DE").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#outcome-line")).to_have_text("Vorhand gewinnt Herz mit 2, Spiel 3: +30")
    expect(
        page.locator("table.tricks tr.flagged").get_by_role("img", name="Karo-König (Regelverstoß)")
    ).to_be_visible()
    expect(page.get_by_role("link", name="Streitfälle")).to_be_visible()
    expect(position).to_have_text("Ereignis 20 von 24")
    dispute_url = page.url.split("?")[0]

    # the court lodges an appeal (in time: before the next series)
    page.get_by_role("button", name="Abmelden").click()
    page.get_by_label("API-Schlüssel").fill(keys["court"])
    page.get_by_role("button", name="Anmelden").click()
    page.goto(dispute_url)
    page.get_by_role("link", name="Einspruch einlegen").click()
    page.get_by_label("Begründung").fill("Der Einwand kam erst nach dem Zusammenlegen der Karten.")
    page.get_by_label("Berichtigtes Protokoll").fill(
        (EXAMPLES / "revoke-after-cards-gathered.json").read_text(encoding="utf-8")
    )
    page.get_by_role("button", name="Einspruch einlegen und neu entscheiden").click()
    expect(page.get_by_role("status").first).to_have_text(
        "Der Einspruch wurde behandelt: Fassung 2."
    )
    expect(page.locator(".admissibility").last).to_contain_text("fristgerecht")
    expect(page.locator("table.changes")).to_contain_text("Augen · Alleinspieler")
    assert errors == []

    if not DOC_SCREENSHOT.exists() or os.environ.get("REFEREE_UPDATE_SCREENSHOTS") == "1":
        DOC_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ARTIFACTS / "ruling-desktop.png", DOC_SCREENSHOT)
