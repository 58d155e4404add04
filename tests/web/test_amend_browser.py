"""The court amends a record in the entry form on a phone (390×844, German), issue 17:
the form opens prefilled from the current revision at its last step, the court changes a
fact by taps, gives the grounds and lodges the appeal; the revisions page shows the facts
and results that changed, the ruling says "Auf Einspruch"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.web import example
from tests.web.test_entry_browser import _shot, phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def _width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_court_amends_the_record_in_the_form_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
    app,
) -> None:
    from playwright.sync_api import expect

    services = app.extensions["referee"]
    referee = services.keys.authenticate(keys["referee"])
    dispute, _ = services.disputes.submit(referee, example("revoke-objected"))
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(keys["court"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")
    page.goto(f"{live_server}/console/disputes/{dispute.id}")
    page.get_by_role("link", name="Im Eingabeformular berichtigen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"Protokoll von Streitfall {dispute.id} berichtigen"
    )
    outcome = "Vorhand gewinnt Herz mit 2, Spiel 3: +30"
    expect(page.locator("#step-review")).to_be_visible()  # opens at the preview
    expect(page.locator("#entry-outcome")).to_have_text(outcome)
    assert _width(page) <= 392
    # the court finds the bidding stopped at 18
    page.locator('.step-tab[data-step="contract"]').click()
    page.locator("#bid").select_option("18")
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_have_text(outcome)  # the same game and score
    page.locator("#grounds").fill("Gereizt wurde nur bis 18.")
    _shot(page, "8-amend")
    page.locator("#entry-send").click()
    page.wait_for_url(f"{live_server}/console/disputes/{dispute.id}/revisions")
    facts = page.locator("#facts table")
    expect(facts).to_contain_text("Mittelhand reizt 20")
    expect(page.locator("table.changes")).to_contain_text("Reizwert")
    assert _width(page) <= 392
    page.goto(f"{live_server}/console/disputes/{dispute.id}")
    expect(page.locator("#on-appeal")).to_contain_text(
        "Auf Einspruch: Diese Entscheidung überprüft Fassung 1."
    )
    expect(page.locator("#on-appeal")).to_contain_text("Gereizt wurde nur bis 18.")
    assert _width(page) <= 392
    court = services.keys.authenticate(keys["court"])
    stored = services.disputes.get(court, dispute.id)
    assert [r.revision for r in stored.rulings] == [1, 2]
    assert stored.rulings[0].record == example("revoke-objected")
    assert stored.current.record["events"] != stored.rulings[0].record["events"]
    assert stored.current.record["meta"] == stored.rulings[0].record["meta"]  # context kept
    assert errors == []
