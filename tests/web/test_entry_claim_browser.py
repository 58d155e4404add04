"""A claim of some tricks, explained with its line (ISkO 4.3.4), entered on the entry
form's step 4 on a phone (390×844, German): the count claimed, the cards tapped in the
order stated and the words said go into the record's lay_down event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

#: the deck's order: clubs, spades, hearts, diamonds, each from the ace down to the seven
DECK = [s + r for s in "CSHD" for r in "ATKQJ987"]
CASE = "isko_4_3_4_partial_claim_line_leading_the_low_trump_fails.json"


def test_isko_4_3_4_a_claim_of_six_tricks_with_its_line_is_entered(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """After trick 2 forehand claims six of the eight tricks, stating H8 first and then
    his trumps from the top: the form writes tricks, line and text, and the preview rules
    the claim failed by the line (the case's ruling)."""
    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record

    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_4_3_shortened" / CASE).read_text()
    )
    claim = next(e for e in record["events"] if e["type"] == "lay_down")
    plain = [e for e in record["events"] if e["type"] != "lay_down"]
    fields = draft_from_record({**record, "events": plain})
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="lay_down"]').click()
    page.locator('[data-who="forehand"]').click()
    expect(page.locator("#inc-claimed")).to_be_visible()
    # the cards to tap come in the deck's order, as in the tricks (A 10 K D B 9 8 7, a suit
    # after the other), not in the order of their tokens (7 8 9 A B K D 10)
    shown = page.locator("#expose-pool button.card").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    assert shown == [c for c in DECK if c in shown], shown
    # the line is of cards still in his hand: none played before the claim is offered; a
    # claim placed before the first card may name any card
    plays = [e["card"] for e in plain if e["type"] == "play"]
    assert not set(shown) & set(plays) and len(shown) == 32 - len(plays), shown
    page.locator('[data-at="0"]').click()
    expect(page.locator("#expose-pool button.card")).to_have_count(32)
    page.locator('[data-at="end"]').click()
    expect(page.locator("#expose-pool button.card")).to_have_count(32 - len(plays))
    page.locator("#inc-claimed").select_option("6")
    for card in claim["line"]:
        page.locator(f'#expose-pool [data-card="{card}"]').click()
    page.locator("#inc-text").fill(claim["text"])
    page.locator("#inc-text").dispatch_event("change")
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Beanspruchte Stiche (ISkO 4.3.4) 6")
    built = built_record(page)
    said = [e for e in built["events"] if e["type"] == "lay_down"]
    assert said == [claim]
    ruling = engine.adjudicate(built)
    assert ruling["outcome"] == "lost"
    assert [i["kind"] for i in ruling["infractions"]] == ["failed_claim"]
    assert errors == []


def test_isko_4_3_4_schneider_claimed_with_the_cards_is_a_control_drawn_from_the_declaration(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """lay_down's ``schneider`` (claimed together with the cards) has no code of its own in
    the form: its checkbox, its label and its place in the event come from the field's
    declaration (a yes/no)."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record

    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_4_3_shortened" / CASE).read_text()
    )
    plain = [e for e in record["events"] if e["type"] != "lay_down"]
    fields = draft_from_record({**record, "events": plain})
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="lay_down"]').click()
    page.locator('[data-who="forehand"]').click()
    schneider = page.locator("#inc-schneider")
    expect(schneider).to_be_visible()
    expect(page.locator('label[for="inc-schneider"]')).to_have_text("Schneider mit beansprucht")
    schneider.check()
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Schneider mit beansprucht")
    built = built_record(page)
    said = [e for e in built["events"] if e["type"] == "lay_down"]
    assert said == [{"type": "lay_down", "seat": "forehand", "schneider": True}]
    assert errors == []
