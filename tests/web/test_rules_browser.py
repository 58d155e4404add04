"""The rule browser in a real browser (Debian's Chromium) on a German phone, 390×844.

Chapters fold open, a clause opens in place, the search finds ISkO 4.2.8 for "in den Skat
geschaut", a cross-reference leads to its clause; no page is wider than the phone, even
with every chapter and clause open. Then the same at 1280×900. A screenshot of the open
chapter and of the chapters go to test-artifacts/rules-390*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import PHONE as GERMAN_PHONE
from tests.support.browser import chromium
from tests.support.web import ROOT
from tests.web.test_entry_browser import _sign_in

pytestmark = pytest.mark.browser

PHONE = 390


@pytest.fixture
def german_phone(tmp_path: Path) -> Iterator[Any]:
    with chromium(tmp_path / "chromium-profile", **GERMAN_PHONE) as context:
        yield context


def _fits(page: Any, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        f"[...document.querySelectorAll('body *')].filter(e => "
        f"e.getBoundingClientRect().right > {width + 2}).map(e => e.tagName + '.' + "
        f"e.className + ' ' + (e.textContent || '').slice(0, 40)).slice(0, 5)"
    )
    assert scroll <= width + 2, f"{page.url} is {scroll}px wide at {width}px: {wide}"


def test_rule_browser_on_a_phone(live_server: str, keys: dict[str, str], german_phone) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = german_phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _sign_in(page, live_server, keys["referee"])
    page.goto(live_server + "/console/rules")
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "rules-390-chapters.png"))
    chapter = page.locator('details[data-chapter="ISkO 4"]')
    expect(chapter.locator("summary").first).to_contain_text("Durchführung des Spiels")
    assert chapter.evaluate("e => e.open") is False
    clause = page.locator('details[data-clause="ISkO 4.2.8"]')
    expect(clause).to_be_hidden()
    chapter.locator("summary").first.click()
    expect(clause).to_be_visible()
    clause.locator("summary").click()
    expect(clause.locator("ul.refs")).to_contain_text("Unberechtigtes Ausspielen beendet das Spiel")
    _fits(page, PHONE)
    clause.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "rules-390.png"))
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    _fits(page, PHONE)

    # the search, as a referee types it at the table
    page.get_by_label("ISkO und SkWO durchsuchen").fill("in den Skat geschaut")
    page.get_by_label("ISkO und SkWO durchsuchen").press("Enter")
    page.wait_for_url("**/console/rules?q=*")
    hits = page.locator("ol.hits > li > details").evaluate_all(
        "items => items.map(d => d.dataset.clause)"
    )
    assert "ISkO 4.2.8" in hits[:5], hits
    _fits(page, PHONE)

    # the clause page, then a cross-reference with its title
    page.locator('details[data-clause="ISkO 4.2.8"]').locator("summary").click()
    page.locator('details[data-clause="ISkO 4.2.8"]').get_by_role(
        "link", name="Regel öffnen"
    ).click()
    page.wait_for_url("**/console/rules/isko-4.2.8")
    expect(page.locator("h1")).to_contain_text("Skateinsicht während des Spiels")
    _fits(page, PHONE)
    page.locator("ul.refs").first.get_by_role("link", name="ISkO 4.1.3").click()
    page.wait_for_url("**/console/rules/isko-4.1.3")
    expect(page.locator("h1")).to_contain_text("Unberechtigtes Ausspielen beendet das Spiel")
    _fits(page, PHONE)
    page.goto(live_server + "/console/rules/skwo-8.5")
    _fits(page, PHONE)

    # a desktop
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server + "/console/rules?lang=es")
    expect(page.locator('details[data-chapter="ISkO 4"] > summary')).to_contain_text(
        "Desarrollo del juego"
    )
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    _fits(page, 1280)
    assert errors == []
