"""Facts of the play entered in step 4 of the entry form, on a phone (390×844, German): a
card taken back into the hand (ISkO 4.1.2)."""

from __future__ import annotations

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_isko_4_1_2_a_card_taken_back_is_entered_with_its_card(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """The take-back example without its facts: step 4 adds middlehand's ten of clubs taken
    back (one card: a second tap replaces the first) and forehand's objection; the form's
    record carries ``take_back`` with the card and the declarer wins."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    fields = draft_from_record(example("take-back"))
    fields["incidents"] = []
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="take_back"]').click()
    page.locator('[data-who="middlehand"]').click()
    expect(page.locator("#pool-label")).to_contain_text("zurückgenommene Karte")
    page.locator('#expose-pool [data-card="CK"]').click()
    page.locator('#expose-pool [data-card="CT"]').click()  # one card: CT replaces CK
    expect(page.locator('#expose-pool [data-card="CT"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#expose-pool [data-card="CK"]')).to_have_attribute("aria-pressed", "false")
    page.locator("#incident-add").click()
    page.locator('[data-incident="objection"]').click()
    page.locator('[data-who="forehand"]').click()
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items.first).to_contain_text("Karte zurück auf die Hand genommen · Mittelhand")
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_be_visible()
    built = built_record(page)
    assert built["events"][-2:] == [
        {"type": "take_back", "seat": "middlehand", "card": "CT"},
        {"type": "objection", "seat": "forehand"},
    ]
    assert errors == []
