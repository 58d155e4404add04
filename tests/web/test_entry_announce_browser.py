"""The facts around the announcement and the lead on the entry form's step 4, on a phone
(390×844, German): words added to the announcement (ISkO 3.4.1) and a defender stopping his
partner (4.1.8), each written into the record the form builds."""

from __future__ import annotations

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_added_words_and_a_stopped_partner_are_entered_in_step_4(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    draft = entry_draft("incidents", draft_from_record(example("revoke-objected")))
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], draft)
    items = page.locator("#incident-list li")
    before = items.count()
    page.locator('[data-incident="announce"]').click()
    page.locator('[data-who="forehand"]').click()
    expect(page.locator('.inc-flag[data-flag-of="schneider"]')).to_be_visible()
    expect(page.locator("#inc-game")).to_be_hidden()  # the game is the one declared
    page.locator('.inc-flag[data-flag-of="schneider"]').check()
    page.locator("#inc-text").fill("und Schneider!")
    page.locator("#incident-add").click()
    expect(items).to_have_count(before + 1)
    expect(items.last).to_contain_text("Ansage ergänzt (ISkO 3.4.1) · Vorhand")
    expect(items.last).to_contain_text("Schneider")
    page.locator('[data-incident="stop_partner"]').click()
    page.locator('[data-who="rearhand"]').click()
    page.locator("#incident-add").click()
    expect(items).to_have_count(before + 2)
    expect(items.last).to_contain_text("Partner abgehalten (ISkO 4.1.8) · Hinterhand")
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_be_visible()
    built = built_record(page)
    assert {
        "type": "announce",
        "seat": "forehand",
        "schneider": True,
        "text": "und Schneider!",
    } in built["events"]
    assert {"type": "stop_partner", "seat": "rearhand"} in built["events"]
    assert errors == []
