"""The full auction entered by taps on a phone (390×844, German): revoke-objected
with two bidding irregularities (a bid out of turn, a bid below the last one, ISkO 3.3.2).
The steps are flagged as they are entered, the result follows from them, and the form's
record gets the ruling the JSON record gets."""

from __future__ import annotations

import json

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_isko_3_3_2_an_irregular_auction_entered_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record
    from tests.web.test_entry import comparable
    from tests.web.test_entry_auction import irregular_auction

    record = irregular_auction()
    draft = draft_from_record(record)
    del draft["auction"]  # the deal and the play as entered before; the auction by taps now
    start = entry_draft("contract", draft)
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], start)
    root = page.locator("#entry")
    steps = page.locator("#auction-steps li")
    result = page.locator("#auction-result")

    def settled() -> None:
        expect(root).not_to_have_attribute("aria-busy", "true")

    expect(page.locator("#auction")).to_be_hidden()
    page.get_by_label("Reizen Schritt für Schritt erfassen").check()
    expect(page.locator("#auction")).to_be_visible()
    # the steps open below the phone's first screen: they come into it, seats and bids
    expect(page.locator('[data-auction-seat="middlehand"]')).to_be_in_viewport(ratio=1)
    expect(page.locator('[data-auction="bid"][data-value="18"]')).to_be_in_viewport(ratio=1)
    settled()
    seat = page.locator("[data-auction-seat][aria-pressed=true]")
    expect(seat).to_have_text("Mittelhand")  # middlehand speaks first (ISkO 3.3.3)
    taps = [
        ('[data-auction="bid"][data-value="18"]', None),  # MH 18
        ('[data-auction="hold"]', None),  # VH ja
        ('[data-auction="bid"][data-value="20"]', "rearhand"),  # HH 20: out of turn
        ('[data-auction="bid"][data-value="20"]', None),  # MH 20
        ('[data-auction="hold"]', None),  # VH ja
        ("#auction-other", "18"),  # MH 18: below the last bid
        ('[data-auction="pass"]', None),  # MH passe
        ('[data-auction="pass"]', None),  # HH passe
    ]
    for n, (selector, extra) in enumerate(taps, start=1):
        if selector == "#auction-other":
            page.locator(selector).select_option(extra)
        else:
            if extra:
                page.locator(f'[data-auction-seat="{extra}"]').click()
            page.locator(selector).click()
        expect(steps).to_have_count(n)
        settled()
    expect(steps.nth(2)).to_have_class("flagged")
    expect(steps.nth(2)).to_contain_text("Hinterhand: 20")
    expect(steps.nth(2)).to_contain_text("regelwidrig (ISkO 3.3.2)")
    expect(steps.nth(5)).to_have_class("flagged")
    expect(page.locator("#auction-steps li.flagged")).to_have_count(2)
    expect(result).to_have_text("Ergebnis: Vorhand spielt, gereizt bis 20")
    expect(page.locator('[data-set="declarer"]').first).to_be_disabled()
    assert page.evaluate("document.documentElement.scrollWidth") <= 392

    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_have_text("Vorhand gewinnt Herz mit 2, Spiel 3: +30")
    built = built_record(page)
    bidding = [e for e in built["events"] if e["type"] in ("bid", "hold", "pass")]
    assert [(e["type"], e["seat"], e.get("value")) for e in bidding] == [
        (e["type"], e["seat"], e.get("value"))
        for e in record["events"]
        if e["type"] in ("bid", "hold", "pass")
    ]
    assert comparable(engine.adjudicate(built)) == comparable(engine.adjudicate(record))
    page.reload()  # the draft keeps the steps
    page.locator('.step-tab[data-step="contract"]').click()
    expect(steps).to_have_count(8)
    assert errors == []


def test_isko_4_1_9_and_4_4_3_how_and_on_request_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """Step 4 says how a card became visible and whether a trick was shown on request;
    both go into the previewed record."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    start = entry_draft("incidents", draft_from_record(example("suit-game-clean")))
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], start)
    items = page.locator("#incident-list li")
    page.locator('[data-incident="expose"]').click()
    page.locator('[data-who="middlehand"]').click()
    expect(page.locator("#inc-request")).to_be_hidden()
    page.get_by_label("Wie die Karten sichtbar wurden").select_option("dropped")
    page.locator('#expose-pool [data-card="SA"]').click()
    page.locator('[data-at="0"]').click()
    page.locator("#incident-add").click()
    expect(items.first).to_contain_text("versehentlich fallen gelassen (ISkO 4.1.9)")
    page.locator('[data-incident="review_tricks"]').click()
    page.locator('[data-who="rearhand"]').click()
    expect(page.locator("#inc-how")).to_be_hidden()
    page.get_by_label("Wurde der Stich auf Verlangen gezeigt?").select_option("no")
    page.locator("#incident-add").click()
    expect(items.nth(1)).to_contain_text("ungefragt eingesehen (ISkO 4.4.6)")
    page.locator('.step-tab[data-step="review"]').click()
    built = built_record(page)
    expose = next(e for e in built["events"] if e["type"] == "expose")
    review = next(e for e in built["events"] if e["type"] == "review_tricks")
    assert expose["how"] == "dropped" and expose["cards"] == ["SA"]
    assert review["on_request"] is False and review["seat"] == "rearhand"
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    assert errors == []


def test_isko_3_3_9_a_look_at_the_skat_between_two_bids_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """choice-fold: rearhand looked at the skat after middlehand's 18 and forehand's yes.
    Entered again in step 4 with its place among the steps, it goes there in the record."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    draft = draft_from_record(example("choice-fold"))
    look = next(i for i in draft["incidents"] if i["type"] == "look_at_skat")
    del look["step"]  # entered before the steps were: its place is not said
    start = {
        "v": 1,
        "step": "incidents",
        "by": "",
        "holder": "forehand",
        "skat_dealt": [],
        "auction_on": True,
        "inc": {"type": None, "seat": None, "at": "end", "cards": [], "trick": 1, "text": ""},
        **draft,
    }
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(keys["referee"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")
    page.goto(live_server + "/console/disputes/enter")
    page.evaluate("d => localStorage.setItem('skat-referee-entry-draft', d)", json.dumps(start))
    page.reload()
    # a fact without its place among the steps: the form says what is missing, nothing to
    # submit, and the list of what was entered asks for the place
    problems = page.locator("#entry-problems")
    expect(problems).to_contain_text("Wann beim Reizen geschah es (Skat angesehen · Hinterhand)?")
    entry = page.locator("#incident-list li", has_text="Skat angesehen")
    expect(entry.locator("select")).to_have_value("")
    entry.locator("select").select_option("2")
    expect(problems).to_be_hidden()
    expect(entry).to_contain_text("nach Schritt 2 (Vorhand: Ja (gehalten))")
    expect(entry.locator("select")).to_have_count(0)  # said: no more to choose there
    entry.get_by_role("button", name="Entfernen").click()  # and entered again, by taps
    expect(entry).to_have_count(0)
    page.locator('[data-incident="look_at_skat"]').click()
    page.locator('[data-who="rearhand"]').click()
    expect(page.locator("#inc-step-field")).to_be_hidden()
    page.locator('[data-at="-1"]').click()
    # no place among the steps is preselected: the referee chooses it, and the form says so
    place = page.get_by_label("Wann beim Reizen", exact=True)
    expect(place).to_have_value("")
    expect(place.locator("option:checked")).to_have_text("— bitte wählen —")
    entered = page.locator("#incident-list li").count()
    page.locator("#incident-add").click()
    expect(page.locator("#incident-error")).to_have_text(
        "Wählen Sie, wann beim Reizen es geschah: vor dem ersten Schritt oder nach einem der"
        " Schritte."
    )
    expect(place).to_be_focused()
    expect(page.locator("#incident-list li")).to_have_count(entered)  # nothing added
    place.select_option("2")
    expect(page.locator("#incident-error")).to_be_hidden()
    page.locator("#incident-add").click()
    expect(page.locator("#incident-list li").last).to_contain_text(
        "nach Schritt 2 (Vorhand: Ja (gehalten))"
    )
    # the next fact starts with no place chosen either (the form's blank, not a draft's)
    page.locator('[data-incident="remark"]').click()
    page.locator('[data-who="middlehand"]').click()
    page.locator('[data-at="-1"]').click()
    expect(place).to_have_value("")
    page.locator("#incident-other").click()
    page.locator('.step-tab[data-step="review"]').click()
    built = built_record(page)
    said = [(e["type"], e.get("seat")) for e in built["events"]]
    assert said[:4] == [
        ("bid", "middlehand"),
        ("hold", "forehand"),
        ("look_at_skat", "rearhand"),
        ("bid", "middlehand"),
    ]
    assert errors == []


def test_isko_4_3_1_a_player_leaves_during_the_bidding_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """examples/left.json: middlehand bids 18, forehand passes, rearhand leaves. The hands
    as entered before; the auction, its end and the departure by taps; the JSON's ruling."""
    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example
    from tests.web.test_entry import comparable

    record = example("left")
    draft = draft_from_record(record)
    for key in ("auction", "ended_in_bidding"):
        del draft[key]
    draft["incidents"] = []
    start = entry_draft("contract", draft)
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], start)
    root = page.locator("#entry")
    steps = page.locator("#auction-steps li")
    page.get_by_label("Reizen Schritt für Schritt erfassen").check()
    expect(root).not_to_have_attribute("aria-busy", "true")
    page.locator('[data-auction="bid"][data-value="18"]').click()
    expect(steps).to_have_count(1)
    expect(root).not_to_have_attribute("aria-busy", "true")
    page.locator('[data-auction="pass"]').click()
    expect(steps).to_have_count(2)
    expect(page.locator("#auction-result")).to_contain_text("Hinterhand ist an der Reihe")
    page.get_by_label("Das Spiel endete beim Reizen (kein Spiel angesagt)").check()
    # no game was declared: neither a game nor an announcement can be chosen, and what
    # cannot be chosen looks so (the declarer too, who follows from the steps)
    declarer = page.locator('[data-set="declarer"][data-value="forehand"]')
    for control in (page.locator('[data-set="game"][data-value="hearts"]'), declarer):
        expect(control).to_be_disabled()
        assert float(control.evaluate("b => getComputedStyle(b).opacity")) < 1
    expect(page.locator("#flag-hand")).to_be_disabled()
    page.locator('.step-tab[data-step="incidents"]').click()
    page.locator('[data-incident="left"]').click()
    page.locator('[data-who="rearhand"]').click()
    page.locator('[data-at="-1"]').click()
    page.get_by_label("Wann beim Reizen").select_option("2")
    page.locator("#incident-add").click()
    page.locator('.step-tab[data-step="review"]').click()
    built = built_record(page)
    said = [(e["type"], e.get("seat"), e.get("value")) for e in built["events"]]
    assert said == [(e["type"], e.get("seat"), e.get("value")) for e in record["events"]]
    assert comparable(engine.adjudicate(built)) == comparable(engine.adjudicate(record))
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    assert errors == []


def test_isko_4_1_1_a_card_led_before_the_declaration_by_taps(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """examples/lead-before-declaration.json: forehand leads the ace of clubs before
    rearhand has declared, rearhand objects. Both entered in step 4; the JSON's ruling."""
    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example
    from tests.web.test_entry import comparable

    record = example("lead-before-declaration")
    draft = draft_from_record(record)
    draft["incidents"] = []
    start = entry_draft("incidents", draft)
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], start)
    items = page.locator("#incident-list li")
    page.locator('[data-incident="early_lead"]').click()
    page.locator('[data-who="forehand"]').click()
    page.locator('#expose-pool [data-card="CA"]').click()
    page.locator("#incident-add").click()
    expect(items.first).to_contain_text("Karte vor der Spielansage ausgespielt · Vorhand")
    expect(items.first).to_contain_text("nach dem Skat, vor der Spielansage")
    page.locator('[data-incident="objection"]').click()
    page.locator('[data-who="rearhand"]').click()
    page.locator('[data-at="-2"]').click()
    page.locator("#incident-add").click()
    expect(items).to_have_count(2)
    page.locator('.step-tab[data-step="review"]').click()
    built = built_record(page)
    said = [(e["type"], e.get("seat")) for e in built["events"]][-3:]
    assert said == [("play", "forehand"), ("objection", "rearhand"), ("declare", "rearhand")]
    assert comparable(engine.adjudicate(built)) == comparable(engine.adjudicate(record))
    assert errors == []
