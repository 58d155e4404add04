"""The court amends a record in the entry form on a phone (390×844, German):
the form opens prefilled from the current revision at its last step, the court changes a
fact by taps, gives the grounds and lodges the appeal; the revisions page shows the facts
and results that changed, the ruling says "Auf Einspruch"."""

from __future__ import annotations

import json
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
    # the court finds the bidding stopped at 18: the form holds the auction's steps as the
    # record says them, so the result is chosen once the court leaves the steps
    page.locator('.step-tab[data-step="contract"]').click()
    expect(page.locator("#auction-steps li")).to_have_count(6)
    expect(page.locator("#bid")).to_be_disabled()
    page.get_by_label("Reizen Schritt für Schritt erfassen").uncheck()
    page.locator("#bid").select_option("18")
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_have_text(outcome)  # the same game and score
    page.locator("#grounds").fill("Gereizt wurde nur bis 18.")
    # the grounds go with the court to the JSON form and back
    page.get_by_role("link", name="Stattdessen das Protokoll als JSON berichtigen").click()
    expect(page.locator("#grounds")).to_have_value("Gereizt wurde nur bis 18.")
    page.go_back()
    expect(page.locator("#grounds")).to_have_value("Gereizt wurde nur bis 18.")
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


def test_the_court_records_that_the_game_went_on(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
    app,
) -> None:
    """The court finds that the game of ``examples/expose.json`` went on after the card fell
    face up: the 21 cards still in the hands are offered in step 3 seat by seat (nothing to
    remove from the hands first), the objection entered after the last card stays after the
    last card, and it came after the cards were gathered. Counted and printed."""
    from playwright.sync_api import expect

    from tests.web.test_entry_browser import Taps, check_first_screen

    services = app.extensions["referee"]
    referee = services.keys.authenticate(keys["referee"])
    dispute, _ = services.disputes.submit(referee, example("expose"))
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(keys["court"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")
    page.goto(f"{live_server}/console/disputes/{dispute.id}/amend")
    taps = Taps(page)
    taps.tap('.step-tab[data-step="tricks"]')
    expect(page.locator("#trick-notes")).to_contain_text("Das Spiel ging weiter")
    check_first_screen(page, "tricks (amendment)")  # the cards and the trick in the first screen
    status = page.locator("#trick-status")
    for n in range(21):
        # only the cards of the seat to play are offered, those that follow first
        expect(page.locator("#entry")).not_to_have_attribute("aria-busy", "true")
        pool = page.locator("#play-pool button.card")
        legal = page.locator("#play-pool button.card.legal")
        assert pool.count() <= 10 - (n + 9) // 3 + 1, pool.count()
        card = (legal if legal.count() else pool).first.get_attribute("data-card")
        taps.tap(f'#play-pool [data-card="{card}"]')
    expect(status).to_have_text("Alle zehn Stiche sind erfasst.")
    taps.tap('.step-tab[data-step="incidents"]')
    objection = page.locator("#incident-list li").last
    expect(objection).to_contain_text("nach der letzten erfassten Karte")
    taps.tap("#incident-list li:last-child [data-gathered]")
    taps.tap('.step-tab[data-step="review"]')
    taps.fill("#grounds", "Das Spiel wurde zu Ende gespielt; der Einwand kam erst danach.")
    expect(page.locator("#entry-send")).to_be_enabled()
    record = json.loads(page.locator("#entry-record").input_value())
    taps.tap("#entry-send")
    page.wait_for_url(f"{live_server}/console/disputes/{dispute.id}/revisions")
    print(f"\namendment 'the game went on' (21 more plays) at 390x844: {taps.count} interactions")
    assert taps.count <= 30
    kinds = [e["type"] for e in record["events"]]
    assert kinds.count("play") == 30
    assert kinds[-2:] == ["cards_gathered", "objection"]
    court = services.keys.authenticate(keys["court"])
    stored = services.disputes.get(court, dispute.id)
    assert [r.revision for r in stored.rulings] == [1, 2]
    assert stored.current.record["events"] == record["events"]
    assert errors == []
