"""A lead out of turn entered on the entry form's tricks step on a phone (390×844, German),
as a referee called to the table enters it: forehand won trick 1, middlehand leads the ace
of spades, forehand objects at once (ISkO 4.1.3)."""

from __future__ import annotations

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import PHONE_HEIGHT, phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_isko_4_1_3_a_lead_out_of_turn_is_entered_under_the_seat_that_played_it(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """The false-lead example after trick 1, no card in hand known yet. The seat chosen for
    the card out of turn comes into the first screen when the choice is opened; the status
    keeps saying whose turn it is (forehand's) and names the seat the next card is entered
    for; the card goes into the record as middlehand's, and the preview rules the false
    lead."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    record = example("false-lead")
    fields = draft_from_record({**record, "events": record["events"][:-2]})
    fields["cards"] = {h: [] for h in fields["cards"]}  # nothing in hand known yet
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("tricks", fields)
    )
    status = page.locator("#trick-status")
    expect(status).to_have_text("Stich 2: Vorhand ist dran")
    page.locator("#played-by summary").click()
    middlehand = page.locator('#played-by [data-by="middlehand"]')
    # the choice scrolls into the screen on the details' toggle event, which the browser
    # fires a task after the click: wait for it, whole, without scrolling on
    expect(middlehand).to_be_in_viewport(ratio=1)
    box = middlehand.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE_HEIGHT, box
    spade_ace = page.locator('#play-pool [data-card="SA"]').bounding_box()
    assert spade_ace is not None and spade_ace["y"] >= 0, spade_ace  # the card still in sight
    middlehand.click()
    expect(status).to_have_text(
        "Stich 2: Vorhand ist dran · nächste Karte außer der Reihe von Mittelhand"
    )
    page.locator('#play-pool [data-card="SA"]').click()
    expect(page.locator("#trick-cards .seat").first).to_have_text("MH")
    page.locator('#quick-objection [data-objection="forehand"]').click()
    expect(page.locator("#step-cards")).to_be_visible()
    row = page.locator("#trick-list tbody tr").nth(1)  # trick 2: middlehand's ace
    expect(row.locator(".seat")).to_have_text(["MH"])
    # with the cards still in hand the record is complete: the ace is middlehand's lead
    for holder in ("forehand", "skat", "middlehand"):
        page.locator(f'#holder-tabs [data-holder="{holder}"]').click()
        for card in record["deal"][holder]:
            if page.locator(f'#card-pool [data-card="{card}"]').count():
                page.locator(f'#card-pool [data-card="{card}"]').click()
    expect(page.locator("#step-review")).to_be_visible()
    expect(page.locator("#entry-infractions")).to_contain_text("falsches Ausspielen")
    built = built_record(page)
    assert built["events"][-2:] == [
        {"type": "play", "seat": "middlehand", "card": "SA"},
        {"type": "objection", "seat": "forehand"},
    ]
    assert errors == []
