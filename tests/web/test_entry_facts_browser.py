"""The facts of the entry form's step 4, on a phone (390×844, German): the dealer
who sits out at a table of four as a participant (a look into a hand, ISkO 3.5.4), the
declarer's choice (3.3.11), a refused concession, a game dealt out of turn (3.2.11-3.2.13),
an open game whose cards were not laid out (2.2.5), tricks mixed (4.4.4)."""

from __future__ import annotations

import pytest

from tests.support.entry_browser import built_record, entry_draft, open_entry
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser


def test_step_4_says_the_dealers_acts_and_the_declarers_choice(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    from playwright.sync_api import expect

    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(keys["referee"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")
    page.goto(live_server + "/console/disputes/enter")
    page.locator('.step-tab[data-step="incidents"]').click()
    dealer = page.locator('[data-who="dealer"]')
    expect(dealer).to_be_hidden()  # nobody sits out at a table of three
    page.locator('.step-tab[data-step="contract"]').click()
    page.locator('[data-set="table_size"][data-value="4"]').click()
    page.locator('.step-tab[data-step="incidents"]').click()
    page.locator('[data-incident="look_into_hand"]').click()
    expect(dealer).to_be_visible()
    dealer.click()
    expect(page.locator("#inc-into")).to_be_visible()
    page.locator("#inc-into").select_option("middlehand")
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("In fremde Karten gesehen · Geber")
    expect(items.first).to_contain_text("→ Mittelhand")
    # a player may be entered looking into another player's cards too (ISkO 4.5.5)
    page.locator('[data-incident="look_into_hand"]').click()
    page.locator('[data-who="rearhand"]').click()
    page.locator("#inc-into").select_option("forehand")
    page.locator("#incident-add").click()
    expect(items).to_have_count(2)
    expect(items.nth(1)).to_contain_text("In fremde Karten gesehen · Hinterhand")
    expect(items.nth(1)).to_contain_text("→ Vorhand")
    page.locator('[data-incident="choice"]').click()
    page.locator('[data-who="forehand"]').click()
    page.locator("#inc-choice").select_option("fold")
    page.locator("#incident-add").click()
    expect(items.nth(2)).to_contain_text("Wahl des Alleinspielers · Vorhand")
    expect(items.nth(2)).to_contain_text("nicht zu spielen: eingepasst (ISkO 3.3.11)")
    page.locator('[data-incident="refuse"]').click()
    expect(dealer).to_be_hidden()  # its declaration does not let the dealer refuse
    page.locator('[data-who="middlehand"]').click()
    page.locator("#incident-add").click()
    expect(items.nth(3)).to_contain_text("Abkürzen abgelehnt · Mittelhand")
    page.reload()  # the draft keeps them
    expect(items).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    assert errors == []


def test_a_trick_taken_without_a_seats_card_has_two_cards_in_the_form(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 4.2.6: the no-card example's draft in the browser (as the court's amendment or
    a reload would hold it): trick 6 shows middlehand's and rearhand's cards only, and the
    next card is middlehand's, leading trick 7."""

    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    draft = entry_draft("tricks", draft_from_record(example("no-card")))
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], draft)
    rows = page.locator("#trick-list tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.nth(5).locator(".seat")).to_have_text(["MH", "HH"])
    expect(rows.nth(5).locator("td").nth(1)).to_have_text("MH")  # the ace of spades wins it
    expect(page.locator("#trick-status")).to_have_text("Stich 7: Mittelhand ist dran")
    page.locator('.step-tab[data-step="incidents"]').click()
    expect(page.locator("#incident-list li").first).to_contain_text(
        "Keine Karte zum Stich (ohne sie eingezogen) · Vorhand"
    )
    assert errors == []


def test_two_cards_to_one_trick_go_with_the_play_in_the_form(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 4.2.6: forehand's second card in trick 1 is an incident placed at his card; the
    form's record carries it as the play's ``extra`` and the preview rules it."""

    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.web.test_entry import _two_cards

    record = _two_cards()
    extra = next(e for e in record["events"] if e.get("extra"))["extra"][0]
    draft = entry_draft("incidents", draft_from_record(record))
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], draft)
    first = page.locator("#incident-list li").first
    expect(first).to_contain_text("Zwei Karten zu einem Stich (die zweite ging mit) · Vorhand")
    page.locator('[data-incident="extra_cards"]').click()
    expect(page.locator("#pool-label")).to_contain_text("Tippen Sie die Karte an")
    expect(page.locator(f'#expose-pool [data-card="{extra}"]')).to_have_count(0)  # gone
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_be_visible()
    built = built_record(page)
    assert next(e for e in built["events"] if e["type"] == "play")["extra"] == [extra]
    assert errors == []


def test_a_corrected_announcement_is_entered_in_step_4(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 3.4.5: the game of step 2 is the corrected one; step 4 says what was announced
    first (diamonds, hand), written before it with the contract marked ``correction``."""

    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.web import example

    draft = entry_draft("incidents", draft_from_record(example("revoke-objected")))
    page, errors = open_entry(phone.new_page(), live_server, keys["referee"], draft)
    page.locator('[data-incident="correction"]').click()
    page.locator('[data-who="forehand"]').click()
    page.locator("#inc-game").select_option("diamonds")
    page.locator('.inc-flag[data-flag-of="hand"]').check()
    page.locator("#incident-add").click()
    expect(page.locator("#incident-list li").last).to_contain_text(
        "Ansage berichtigt (zuerst angesagt) · Vorhand"
    )
    expect(page.locator("#incident-list li").last).to_contain_text("Karo Hand")
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#entry-outcome")).to_be_visible()
    built = built_record(page)
    declares = [e for e in built["events"] if e["type"] == "declare"]
    assert [(e["game"], e["hand"], e.get("correction")) for e in declares] == [
        ("diamonds", True, None),
        ("hearts", False, True),
    ]
    assert errors == []


def test_a_game_dealt_out_of_turn_is_entered_in_step_4(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 3.2.13: the wrong order of dealers comes from a finished round; the fact needs
    no seat, and the record the form builds begins with the deal's mark saying so."""
    import json
    from pathlib import Path

    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record

    case = "isko_3_2_13_wrong_dealing_order_from_a_finished_round_the_game_stands.json"
    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_3_declaration" / case).read_text()
    )
    fields = draft_from_record({**record, "events": record["events"][1:]})
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="dealt_out_of_turn"]').click()
    expect(page.locator("#inc-dealing")).to_be_visible()
    page.locator("#inc-dealing").select_option("earlier_round")
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Außer der Reihe oder falsch gegeben")
    built = built_record(page)
    assert built["events"][0] == {"type": "dealt", "out_of_turn": True, "earlier_round": True}
    assert errors == []


def test_an_open_game_not_laid_out_is_entered_in_step_4(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 2.2.5: the declarer of a clubs ouvert kept his cards hidden after trick 1, also
    when asked; the form writes the fact with ``refused`` and the preview rules it lost."""
    import json
    from pathlib import Path

    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record

    case = "isko_2_2_5_open_game_still_not_laid_out_when_asked_declarer_loses.json"
    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_5_value" / case).read_text()
    )
    plain = [e for e in record["events"] if e["type"] not in ("not_laid_out", "objection")]
    fields = draft_from_record({**record, "events": plain})
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="not_laid_out"]').click()
    page.locator('[data-who="forehand"]').click()
    expect(page.locator("#inc-refused")).to_be_visible()
    page.locator("#inc-refused").check()
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text(
        "Offenes Spiel: Karten vor der ersten Karte nicht aufgelegt"
    )
    expect(items.first).to_contain_text("Auch auf Verlangen der Gegenspieler nicht aufgelegt")
    built = built_record(page)
    assert {"type": "not_laid_out", "seat": "forehand", "refused": True} in built["events"]
    ruling = engine.adjudicate(built)
    assert ruling["outcome"] == "lost"
    assert [i["kind"] for i in ruling["infractions"]] == ["ouvert_not_laid_out"]
    assert errors == []


def test_tricks_mixed_are_entered_in_step_4(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """ISkO 4.4.4, SkWO 8.6: after trick 6 middlehand has mixed the defenders' tricks from
    trick 5 on; the form writes the fact with its trick and ``mixed``, and it rules won."""
    import json
    from pathlib import Path

    from playwright.sync_api import expect

    from referee.service import engine
    from referee.web.entry_draft import draft_from_record

    case = "isko_4_4_4_defenders_mix_their_tricks_declarer_wins.json"
    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_4_4_tricks" / case).read_text()
    )
    plain = [e for e in record["events"] if e["type"] not in ("tricks_not_gathered", "objection")]
    fields = draft_from_record({**record, "events": plain})
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="tricks_not_gathered"]').click()
    page.locator('[data-who="middlehand"]').click()
    expect(page.locator("#inc-mixed")).to_be_visible()
    page.locator("#inc-trick").select_option("5")
    page.locator("#inc-mixed").check()
    page.locator("#incident-add").click()
    items = page.locator("#incident-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Stiche liegen gelassen oder vermischt")
    expect(items.first).to_contain_text("Eingezogen, aber vermischt")
    built = built_record(page)
    said = {"type": "tricks_not_gathered", "seat": "middlehand", "trick": 5, "mixed": True}
    assert said in built["events"]
    ruling = engine.adjudicate(built)
    assert ruling["outcome"] == "won"
    assert [i["kind"] for i in ruling["infractions"]] == ["tricks_not_gathered"]
    assert errors == []


def test_step_4_keeps_the_next_action_in_the_phones_screen(  # type: ignore[no-untyped-def]
    live_server: str,
    keys,
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    """Called to the table for rearhand's look at the skat in the bidding, the referee enters
    it in step 4 from nothing (no card entered, so the place is not a card to tap): once what
    happened and who did it are chosen, *Hinzufügen* is
    in the screen (it lay below it); once added, the screen says what was entered and shows
    the facts to choose the next one (it showed the middle of the list of facts)."""
    from playwright.sync_api import expect

    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(keys["referee"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")
    page.goto(live_server + "/console/disputes/enter")
    page.locator('.step-tab[data-step="incidents"]').click()

    def in_screen(selector: str) -> None:  # wholly, once the (smooth) scrolling is done
        expect(page.locator(selector)).to_be_in_viewport(ratio=1)

    page.locator('[data-incident="look_at_skat"]').click()
    # no card is entered: the hint to the place asks for no card to be tapped
    expect(page.locator("#where-hint")).to_be_hidden()
    expect(page.locator("#where-hint-none")).to_have_text("Wählen Sie, wann es geschah:")
    page.locator('[data-who="rearhand"]').click()
    in_screen("#incident-add")
    page.locator('[data-at="-1"]').click()
    in_screen("#incident-add")
    page.locator("#incident-add").click()
    added = page.locator("#incident-added")
    expect(added).to_have_text("Erfasst: Skat angesehen · Hinterhand · beim Reizen")
    in_screen("#incident-added")
    in_screen('[data-incident="objection"]')
    page.locator('[data-incident="objection"]').click()  # the next fact: the note goes
    expect(added).to_be_hidden()
    assert errors == []
