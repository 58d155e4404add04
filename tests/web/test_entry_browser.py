"""The game-entry form in a real browser at phone size (390×844), in German.

The referee enters ``examples/revoke-objected.json`` from nothing by taps: seats and
names, declarer, bid and game, the fifteen cards in the order played, the cards still in
hand and the skat, forehand's objection. The ruling must be the one the JSON record gets.
The test counts every interaction (click, choice, text typed into a field: the three names
are one field) and prints it;
docs/console.md reports the number. Screenshots of each step go to test-artifacts/ (and
to docs/screenshots/ when missing or with REFEREE_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import PHONE, chromium
from tests.support.web import EXAMPLES, ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "test-artifacts"
DOCS = ROOT / "docs" / "screenshots"
GOAL = 31


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Any]:
    """A German phone: 390×844, Accept-Language de-DE, a touch screen without hover."""
    with chromium(
        tmp_path / "chromium-profile", **PHONE, has_touch=True, is_mobile=True
    ) as context:
        yield context


class Taps:
    """Every interaction the referee makes, counted."""

    def __init__(self, page: Any):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1

    def fill(self, selector: str, value: str) -> None:
        self.page.locator(selector).fill(value)
        self.page.locator(selector).dispatch_event("change")
        self.count += 1

    def choose(self, selector: str, value: str) -> None:
        self.page.locator(selector).select_option(value)
        self.count += 1


def _sign_in(page: Any, server: str, secret: str) -> None:
    page.goto(server + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(secret)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(server + "/console/")


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"entry-{name}.png"
    page.screenshot(path=str(path))  # the first screen, 390×844
    target = DOCS / path.name
    if not target.exists() or os.environ.get("REFEREE_UPDATE_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def _comparable(doc: dict[str, Any]) -> dict[str, Any]:
    """The parts of a ruling that do not depend on how many bidding events were recorded."""
    return {
        "outcome": doc["outcome"],
        "declarer": doc["declarer"],
        "contract": doc["contract"],
        "bid": doc["bid"],
        "matadors": doc["matadors"],
        "game_value": doc["game_value"],
        "score": doc["score"],
        "tournament_points": doc["tournament_points"],
        "card_points": doc["card_points"],
        "tricks": doc["tricks"],
        "ended": {k: v for k, v in (doc["ended"] or {}).items() if k != "event"},
        "infractions": [
            (i["kind"], i["seat"], i["status"], i["trick"], i["clauses"])
            for i in doc["infractions"]
        ],
        "clauses": [step["clauses"] for step in doc["reasoning"]],
    }


PHONE_HEIGHT = 844
#: controls smaller than this (CSS px) are too small for a thumb (the platforms' 44 pt)
THUMB = 44
#: what a control is: every one of them must be a thumb's size
CONTROLS = (
    "#content button, #content select, #content input:not([type=checkbox]):not([type=hidden]),"
    " #content summary, #content a.button, header.top button, header.top nav a"
)


def _boxes(page: Any) -> dict[str, Any]:
    """Bounding boxes of what the phone shows: controls too small, the first card button
    and the trick being built, the checkboxes' tap targets (box and label together)."""
    return dict(
        page.evaluate(
            """([controls, thumb]) => {
  const shown = e => e.checkVisibility({visibilityProperty: true});
  const name = e => e.tagName + (e.id ? '#' + e.id : '') + '[' + (e.getAttribute('data-card')
    || e.getAttribute('data-step') || e.textContent.trim().slice(0, 24)) + ']';
  const small = [];
  let least = null;  // the smallest width and the smallest height of a control shown
  const measure = (w, h) => {
    least = least ? [Math.min(least[0], w), Math.min(least[1], h)] : [w, h];
  };
  for (const e of document.querySelectorAll(controls)) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    measure(r.width, r.height);
    if (r.width < thumb - 0.5 || r.height < thumb - 0.5)
      small.push(name(e) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  for (const box of document.querySelectorAll('#content input[type=checkbox]')) {
    if (!shown(box)) continue;
    const label = box.closest('label') || document.querySelector('label[for="' + box.id + '"]');
    const a = box.getBoundingClientRect(), b = label ? label.getBoundingClientRect() : a;
    const w = Math.max(a.right, b.right) - Math.min(a.left, b.left);
    const h = Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top);
    measure(w, h);
    if (w < thumb - 0.5 || h < thumb - 0.5)
      small.push('checkbox#' + box.id + ' ' + Math.round(w) + 'x' + Math.round(h));
  }
  const step = document.querySelector('.entry-step:not([hidden])');
  const first = step && [...step.querySelectorAll('button.card')].find(shown);
  const box = e => {
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return [r.top, r.bottom];
  };
  const control = step && [...step.querySelectorAll('button, select, input')].find(shown);
  const now = document.getElementById('trick-now');
  const trick = now && shown(now) ? box(now) : null;
  const send = document.getElementById('entry-send');
  const submit = send && shown(send) ? box(send) : null;
  return {small, least, card: box(first), control: box(control), trick, submit,
          scroll: window.scrollY, width: document.documentElement.scrollWidth,
          height: window.innerHeight};
}""",
            [CONTROLS, THUMB],
        )
    )


def check_first_screen(page: Any, step: str) -> dict[str, Any]:
    """On ``step``, seen from the top of the page: every control is at least 44×44 px, the
    step's first control and first card button, the trick being built and (the last step)
    the submit button lie inside the first screen (390×844), and nothing is wider than the
    phone."""
    page.evaluate("window.scrollTo(0, 0)")
    b = _boxes(page)
    assert b["scroll"] == 0
    assert b["width"] <= 392, f"step {step}: {b['width']}px wide"
    assert not b["small"], f"step {step}: controls smaller than {THUMB}px: {b['small']}"
    kind = step.split()[0]  # "tricks", or "tricks (amendment)"
    if kind in ("tricks", "cards") or " cards" in step:  # a card button is shown
        assert b["card"] is not None, f"step {step}: no card button shown"
        assert kind != "tricks" or b["trick"] is not None, "the trick being built is hidden"
    if kind == "review":  # the referee who has seen the preview submits without hunting
        assert b["submit"] is not None, "the submit button is not shown"
    for what in ("control", "card", "trick", "submit"):
        if b[what] is not None and (what != "trick" or kind == "tricks"):
            top, bottom = b[what]
            assert 0 <= top and bottom <= b["height"], f"step {step}: {what} at {top}-{bottom}"
    span = {
        w: "-" if b[w] is None else f"{b[w][0]:.0f}-{b[w][1]:.0f}"
        for w in ("control", "card", "trick", "submit")
    }
    least = "-" if b["least"] is None else f"{b['least'][0]:.0f}x{b['least'][1]:.0f}"
    print(
        f"\nstep {step} at 390x844 (y from the top of the first screen, {b['height']} px):"
        f" first control {span['control']}, first card {span['card']}, trick {span['trick']},"
        f" submit {span['submit']};"
        f" narrowest and lowest control {least} px; page {b['width']} px wide"
    )
    return b


def enter_revoke(page: Any, taps: Taps, example: dict[str, Any], *, names: bool = True) -> None:
    """examples/revoke-objected.json by taps (the step checks of :func:`check_first_screen`
    on the way); the referee sees the preview at the end, before submitting."""
    from playwright.sync_api import expect

    from tests.support.entry_browser import built_record

    plays = [e["card"] for e in example["events"] if e["type"] == "play"]
    # 1. the game: three players (the default); forehand declares hearts after bidding to
    # 20, skat taken up; the tap that completes declarer, bid and game opens the tricks
    check_first_screen(page, "contract")
    last = page.locator('[data-set="game"]').last.bounding_box()  # the whole step, no scroll
    assert last is not None and last["y"] + last["height"] <= PHONE_HEIGHT, last
    taps.tap('[data-set="declarer"][data-value="forehand"]')
    taps.choose("#bid", "20")
    _shot(page, "1-contract")
    taps.tap('[data-set="game"][data-value="hearts"]')

    # 2. the tricks: one tap a card; the seats follow from the lead and the winners
    expect(page.locator("#step-tricks")).to_be_visible()
    status = page.locator("#trick-status")
    expect(status).to_have_text("Stich 1: Vorhand ist dran")
    check_first_screen(page, "tricks")
    for i, card in enumerate(plays):
        if card == "DK":  # before the revoke: clubs follow, the king of diamonds does not
            expect(page.locator('#play-pool [data-card="CT"]')).to_have_class("card black legal")
            expect(page.locator('#play-pool [data-card="DK"]')).to_have_class("card red nofollow")
            expect(page.locator('#play-pool [data-card="DK"]')).to_have_attribute(
                "aria-label", "Karo-König (bedient nicht)"
            )
            # the trick being built, above the cards: forehand's ace of clubs, middlehand next
            expect(page.locator("#trick-cards [data-card=CA]")).to_have_count(1)
            # each place of the trick says its seat, the two still to play as well
            expect(page.locator("#trick-cards .seat")).to_have_text(["VH", "MH", "HH"])
            check_first_screen(page, "tricks")
            _shot(page, "2-tricks")
        taps.tap(f'#play-pool [data-card="{card}"]')
        if i == 0:
            expect(page.locator('#play-pool [data-card="CJ"]')).to_have_count(0)  # played
    # forehand objects after the last card, right where the trick is built: the objection
    # stops the play, the form goes on to the cards still in the hands by itself
    taps.tap('#quick-objection [data-objection="forehand"]')
    expect(page.locator("#step-cards")).to_be_visible()
    expect(page.locator("#trick-notes")).to_have_text("Einwand von Vorhand nach Kreuz-Dame")
    rows = page.locator("#trick-list tbody tr")
    expect(rows).to_have_count(5)
    # trick 4: the king of diamonds is flagged; middlehand later followed clubs with the ten
    flagged = rows.nth(3).locator(".flag-revoke_proven [data-card=DK]")
    expect(flagged).to_have_attribute(
        "aria-label", "Karo-König (Nichtbedienen: der Spieler hatte eine passende Karte)"
    )
    expect(rows.nth(0).locator(".seat")).to_have_text(["VH", "MH", "HH"])
    expect(rows.nth(2).locator("td").nth(1)).to_have_text("VH")  # forehand won trick 3
    expect(status).to_have_text("Stich 6: Mittelhand ist dran")  # the club ten won trick 5
    # a card that does not follow is explained where it is marked
    expect(page.locator("#trick-list .legend").first).to_contain_text("bedient nicht")

    # the draft survives a reload
    page.reload()
    expect(page.locator("#trick-list tbody tr")).to_have_count(5)
    expect(page.locator("#step-cards")).to_be_visible()

    # 3. the cards still in hand and the skat: forehand's five, then the place with the
    # least room left (the skat), then middlehand; rearhand's five follow by elimination
    check_first_screen(page, "cards")
    # "Ganze Farbe" names the suits in the order of the rows of cards below it (clubs,
    # spades, hearts, diamonds)
    suits = page.locator("#suit-all button").evaluate_all("bs => bs.map(b => b.dataset.suit)")
    assert len(suits) >= 2 and suits == sorted(suits, key="CSHD".index), suits
    # each says how many cards it places, not like a card ("♥ 4" beside "A♥", "♣ 7" is one)
    expect(page.locator('#suit-all [data-suit="H"]')).to_have_text("♥ ×4")
    # a suit whose cards still to place all went to one place goes there with one tap
    # ("Ganze Farbe": forehand's four hearts)
    open_ = {c for s in ("forehand", "middlehand", "rearhand", "skat") for c in example["deal"][s]}
    open_ -= set(plays)
    for holder in ("forehand", "skat", "middlehand"):
        expect(page.locator(f'#holder-tabs [data-holder="{holder}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        cards = [c for c in example["deal"][holder] if c in open_]
        for suit in "CSHD":
            of_suit = {c for c in open_ if c[0] == suit}
            if len(of_suit) > 1 and of_suit <= set(cards):
                taps.tap(f'#suit-all [data-suit="{suit}"]')
                open_ -= of_suit
        for card in cards:
            if card in open_:
                taps.tap(f'#card-pool [data-card="{card}"]')
                open_.discard(card)
    # the tap that completes the deal goes on to the preview (the objection is entered)
    expect(page.locator("#step-review")).to_be_visible()
    page.locator('.step-tab[data-step="cards"]').click()  # looked at, not counted
    expect(page.locator('#holders [data-holder="rearhand"] .deduced')).to_have_count(5)
    # the hand completed by elimination is complete: its tab says so, its cards left the pool
    expect(page.locator('#holder-tabs [data-holder="rearhand"]')).to_have_text(
        "Hinterhand ✓ vollständig"
    )
    expect(page.locator("#card-pool button.card")).to_have_count(0)
    expect(page.locator("#card-pool-title")).to_be_hidden()
    expect(page.locator('#holder-tabs [data-holder="skat_dealt"]')).to_have_text(
        "Skat beim Geben (optional)"
    )
    check_first_screen(page, "cards")
    _shot(page, "3-cards")

    # 4. what happened: the objection entered in step 2 is listed (looked at and back to
    # the preview, where the form was: not counted)
    page.locator('.step-tab[data-step="incidents"]').click()
    expect(page.locator("#incident-list li")).to_have_count(1)
    expect(page.locator("#incident-list li")).to_contain_text("Vorhand")
    check_first_screen(page, "incidents")
    _shot(page, "4-incidents")
    page.locator('.step-tab[data-step="review"]').click()

    # 5. the preview, with the players' names (optional) by the dispute's other details
    check_first_screen(page, "review")
    outcome = "Vorhand gewinnt Herz mit 2, Spiel 3: +30"
    expect(page.locator("#entry-outcome")).to_have_text(outcome)
    expect(page.locator("#entry-infractions")).to_contain_text("Nichtbedienen")
    _shot(page, "5-review")
    if names:  # the three names in one field, in seat order, in the fold of what is optional
        expect(page.locator("#review-optional")).not_to_have_attribute("open", "")
        taps.tap("#review-optional > summary")
        seats = ("forehand", "middlehand", "rearhand")
        taps.fill("#names-all", ", ".join(example["players"][s] for s in seats))
        expect(page.locator("#names-seen")).to_have_text(
            "Vorhand: Anna · Mittelhand: Ben · Hinterhand: Carl"
        )
        expect(page.locator("#review-record")).to_contain_text("Vorhand · Anna")
        assert built_record(page)["players"] == example["players"]


def test_revoke_entered_by_taps_gets_the_json_ruling(live_server: str, keys, phone, app) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    server = live_server
    _sign_in(page, server, keys["referee"])
    page.get_by_role("link", name="Spiel erfassen").click()
    expect(page.get_by_role("heading", name="Spiel erfassen", level=1)).to_be_visible()
    taps = Taps(page)
    enter_revoke(page, taps, example)
    outcome = "Vorhand gewinnt Herz mit 2, Spiel 3: +30"
    taps.tap("#entry-send")
    expect(page.locator("#outcome-line")).to_have_text(outcome)
    entered_id = int(page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1])
    # the ruling on a touch screen: no keyboard hint; at the objection (the last event, where
    # the game ended) nobody is to play any more
    expect(page.locator(".keys-hint")).to_be_hidden()
    expect(page.locator("#step")).not_to_contain_text("ist am Zug")

    print(
        f"\nentry of revoke-objected.json at 390x844: {taps.count} interactions"
        f" ({taps.count - 2} without the names; goal <= {GOAL})"
    )
    assert taps.count <= GOAL
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the ruling page is {width}px wide"
    # the other pages a referee opens at the table fit the phone as well
    for path in ("/console/", "/console/disputes/new", "/console/disputes/enter", "/console/rules"):
        page.goto(server + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate(
            "[...document.querySelectorAll('body *')]"
            ".filter(e => e.getBoundingClientRect().right > 392)"
            ".map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8)"
        )
        assert width <= 392, f"{path} is {width}px wide on a 390px phone: {wide}"
    page.goto(server + "/console/")
    expect(page.locator('table.disputes td[data-label="Aktuelle Entscheidung"]')).to_have_text(
        outcome
    )
    _shot(page, "7-list")
    assert errors == []

    # the same ruling as the JSON record gets
    services = app.extensions["referee"]
    who = services.keys.authenticate(keys["referee"])
    by_json, _ = services.disputes.submit(who, example)
    entered = services.disputes.get(who, entered_id)
    assert _comparable(entered.current.texts["de"]) == _comparable(by_json.current.texts["de"])


def test_undo_and_the_desktop_layout(live_server: str, keys, phone) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page = phone.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _sign_in(page, live_server, keys["referee"])
    page.goto(live_server + "/console/disputes/enter?lang=en")
    page.get_by_role("button", name="1 Game").click()
    page.locator('[data-set="declarer"][data-value="middlehand"]').click()
    page.locator("#bid").select_option("18")
    page.get_by_role("button", name="Grand").click()  # declarer, bid and game: on to the tricks
    expect(page.locator("#step-tricks")).to_be_visible()
    pool = page.locator("#play-pool button.card")
    expect(pool).to_have_count(32)
    page.get_by_role("button", name="jack of clubs").click()
    expect(pool).to_have_count(31)
    expect(page.locator("#trick-status")).to_have_text(
        "Trick 1: Middlehand to play · led: jack of clubs"
    )
    page.get_by_role("button", name="Undo").click()
    expect(pool).to_have_count(32)
    expect(page.locator("#trick-status")).to_have_text("Trick 1: Forehand to play")
    page.get_by_role("button", name="Undo").click()  # the game and the step it went on to
    expect(page.locator("#step-contract")).to_be_visible()
    expect(page.locator('[data-set="game"][aria-pressed="true"]')).to_have_count(0)
    page.reload()  # the draft and its undo history survive
    expect(page.locator('[data-set="declarer"][data-value="middlehand"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1280
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the entry form is {width}px wide on a 390px phone"
    assert errors == []


def test_an_objection_after_the_last_card_stays_after_the_last_card(  # type: ignore[no-untyped-def]
    live_server: str, keys, phone
) -> None:
    """An objection placed *after the last card entered* keeps that place when more cards
    are entered afterwards (it is not pinned to the card that was last when it was added);
    one added with the quick button of step 3 stays at its card."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.entry_browser import built_record, entry_draft, open_entry

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    fields = draft_from_record(example)
    later = [p["card"] for p in fields["plays"][12:]]
    fields = {**fields, "plays": fields["plays"][:12], "incidents": []}
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    page.locator('[data-incident="objection"]').click()
    page.locator('[data-who="forehand"]').click()
    page.locator("#incident-add").click()
    expect(page.locator("#incident-list li")).to_contain_text("nach der letzten erfassten Karte")
    page.locator('.step-tab[data-step="tricks"]').click()
    page.locator('#quick-objection [data-objection="rearhand"]').click()  # at the 12th card
    # an objection stops the play: the form went on to the hands; here the game went on
    expect(page.locator("#step-cards")).to_be_visible()
    page.locator('.step-tab[data-step="tricks"]').click()
    for card in later:
        page.locator(f'#play-pool [data-card="{card}"]').click()
    page.locator('.step-tab[data-step="review"]').click()
    events = built_record(page)["events"]
    kinds = [(e["type"], e.get("seat")) for e in events if e["type"] in ("play", "objection")]
    assert kinds[12] == ("objection", "rearhand")  # the quick one: after the 12th card
    assert kinds[-1] == ("objection", "forehand") and len(kinds) == 17  # after the 15th
    assert errors == []


def test_the_last_card_placed_goes_on_and_one_undo_comes_back(  # type: ignore[no-untyped-def]
    live_server: str, keys, phone
) -> None:
    """The tap that completes the deal opens *What happened* when nothing is entered there
    yet (here: no objection); one undo brings back the step with the card unplaced."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.entry_browser import entry_draft, open_entry

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    fields = draft_from_record(example)
    cards = dict(fields["cards"])
    cards["middlehand"] = [c for c in cards["middlehand"] if c != "DA"]
    cards["rearhand"] = []  # two hands with room: nothing placed by elimination yet
    fields = {**fields, "cards": cards, "incidents": [], "holder": "middlehand"}
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("cards", fields)
    )
    expect(page.locator('#holders [data-holder="rearhand"] .deduced')).to_have_count(0)
    page.locator('#card-pool [data-card="DA"]').click()
    expect(page.locator("#step-incidents")).to_be_visible()
    expect(page.locator('#holders [data-holder="rearhand"] .deduced')).to_have_count(5)
    page.locator("#entry-undo").click()
    expect(page.locator("#step-cards")).to_be_visible()
    expect(page.locator('#card-pool [data-card="DA"]')).to_be_visible()
    expect(page.locator('#holders [data-holder="rearhand"] .deduced')).to_have_count(0)
    assert errors == []


def test_the_names_are_one_field_in_seat_order(live_server: str, keys, phone) -> None:  # type: ignore[no-untyped-def]
    """The players' names are typed into one field, separated by commas, in seat order (the
    dealer fourth at a table of four); a seat left out stays unnamed; more names than seats
    are refused with a message and change nothing."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.entry_browser import built_record, entry_draft, open_entry

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    fields = {**draft_from_record(example), "players": {}}
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("review", fields)
    )
    names = page.locator("#names-all")
    page.locator("#review-optional > summary").click()
    expect(page.locator("#names-label")).to_have_text(
        "Vorhand, Mittelhand, Hinterhand, durch Kommas getrennt"
    )
    names.fill(" Anna ,, Carl")
    names.dispatch_event("change")
    expect(page.locator("#names-seen")).to_have_text("Vorhand: Anna · Hinterhand: Carl")
    expect(page.locator("#review-record")).to_contain_text("Hinterhand · Carl")
    assert built_record(page)["players"] == {"forehand": "Anna", "rearhand": "Carl"}
    names.fill("Anna, Ben, Carl, Dora")
    names.dispatch_event("change")
    expect(page.locator("#names-error")).to_have_text(
        "4 Namen für 3 Plätze: ein Name je Platz, durch Kommas getrennt."
        " Die Namen wurden nicht übernommen."
    )
    expect(names).to_have_value("Anna, Ben, Carl, Dora")  # what was typed stays to be corrected
    assert built_record(page)["players"] == {"forehand": "Anna", "rearhand": "Carl"}
    names.fill("Anna, Ben, Carl")
    names.dispatch_event("change")
    expect(page.locator("#names-error")).to_be_hidden()
    expect(page.locator("#review-record")).to_contain_text("Mittelhand · Ben")
    page.reload()  # the names are part of the draft; the fold says them while closed
    expect(names).to_have_value("Anna, Ben, Carl")
    expect(page.locator("#review-optional > summary")).to_contain_text("Anna, Ben, Carl")
    page.locator("#review-optional > summary").click()
    # at a table of four the dealer who sits out is the fourth name
    page.locator('.step-tab[data-step="contract"]').click()
    page.locator('[data-set="table_size"][data-value="4"]').click()
    page.locator('.step-tab[data-step="review"]').click()
    expect(page.locator("#names-label")).to_have_text(
        "Vorhand, Mittelhand, Hinterhand, Geber, durch Kommas getrennt"
    )
    names.fill("Anna, Ben, Carl, Dora")
    names.dispatch_event("change")
    expect(page.locator("#names-error")).to_be_hidden()
    expect(page.locator("#names-seen")).to_have_text(
        "Vorhand: Anna · Mittelhand: Ben · Hinterhand: Carl · Geber: Dora"
    )
    assert errors == []


def test_the_submit_button_is_in_the_first_screen_of_the_last_step(  # type: ignore[no-untyped-def]
    live_server: str, keys, phone, app
) -> None:
    """On the preview the optional fields (names, note, event, table, schedule) are folded
    under one summary, closed: *Absenden und entscheiden* lies in the first screen of the
    phone. The fold opens by keyboard, its summary says what was typed into it, and what
    was typed is submitted with the record, the fold closed again."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.entry_browser import entry_draft, open_entry

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    fields = {**draft_from_record(example), "players": {}}
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("review", fields)
    )
    expect(page.locator("#entry-outcome")).to_have_text("Vorhand gewinnt Herz mit 2, Spiel 3: +30")
    fold = page.locator("#review-optional")
    expect(fold).not_to_have_attribute("open", "")
    send = page.get_by_role("button", name="Absenden und entscheiden")
    expect(send).to_be_enabled()
    check_first_screen(page, "review")  # the submit button included
    summary = page.locator("#review-optional > summary")
    expect(summary).to_have_text("Namen, Notiz, Veranstaltung und Tisch (freiwillig)")  # empty
    summary.focus()  # a keyboard reaches the fold and opens it
    page.keyboard.press("Enter")
    expect(fold).to_have_attribute("open", "")
    page.get_by_label("Vorhand, Mittelhand, Hinterhand, durch Kommas getrennt").fill("Anna, Ben")
    page.locator("#names-all").dispatch_event("change")
    page.get_by_label("Veranstaltung", exact=True).fill("Turnier Bremen")
    page.get_by_label("Tisch", exact=True).fill("4")
    page.get_by_label("Notiz des Schiedsrichters").fill("Einwand sofort")
    expect(summary).to_contain_text("Anna, Ben · Veranstaltung Turnier Bremen · Tisch 4")
    summary.click()  # closed again: what it holds is still sent
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("#entry")).not_to_have_attribute("aria-busy", "true")
    send.click()
    expect(page.locator("#outcome-line")).to_have_text("Vorhand gewinnt Herz mit 2, Spiel 3: +30")
    entered_id = int(page.url.split("?")[0].rstrip("/").rsplit("/", 1)[1])
    services = app.extensions["referee"]
    dispute = services.disputes.get(services.keys.authenticate(keys["referee"]), entered_id)
    assert dispute.note == "Einwand sofort"
    assert (dispute.event, dispute.table) == ("Turnier Bremen", "4")
    assert dispute.record["players"] == {"forehand": "Anna", "middlehand": "Ben"}
    assert errors == []


def test_step_4_brings_the_cards_of_what_happened_into_the_first_screen(  # type: ignore[no-untyped-def]
    live_server: str, keys, phone
) -> None:
    """Once what happened is chosen, it is one button with one to choose something else,
    every control of what it needs is a thumb's size, and the cards it takes (a card shown,
    a second card in a trick, a card led before the declaration, a card taken back) follow
    it inside the first screen of the phone."""
    from playwright.sync_api import expect

    from referee.web.entry_draft import draft_from_record
    from tests.support.entry_browser import built_record, entry_draft, open_entry

    example = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
    fields = {**draft_from_record(example), "incidents": []}
    page, errors = open_entry(
        phone.new_page(), live_server, keys["referee"], entry_draft("incidents", fields)
    )
    kinds = page.locator("[data-incident]:visible")
    other = page.locator("#incident-other")
    expect(other).to_be_hidden()
    every = kinds.count()
    with_cards = ("expose", "extra_cards", "early_lead", "take_back")
    all_kinds = [k for k in kinds.evaluate_all("bs => bs.map(b => b.dataset.incident)") if k]
    assert set(with_cards) < set(all_kinds)
    seat = page.locator('[data-who="middlehand"]')

    def choose_middlehand() -> None:  # a seat's button toggles; the seat stays chosen
        if seat.get_attribute("aria-pressed") != "true":
            seat.click()

    for kind in all_kinds:  # each with the fields it needs: every control a thumb's size
        page.locator(f'[data-incident="{kind}"]').click()
        choose_middlehand()
        expect(kinds).to_have_count(2)  # the one chosen and "something else"
        expect(page.locator(f'[data-incident="{kind}"]')).to_have_attribute("aria-pressed", "true")
        if kind in with_cards:
            expect(page.locator("#expose-pool button.card").first).to_be_visible()
            check_first_screen(page, f"incidents {kind} cards")
        else:
            check_first_screen(page, f"incidents {kind}")
        other.click()
        expect(kinds).to_have_count(every)  # all of them again, "something else" gone
    page.locator('[data-incident="expose"]').click()
    choose_middlehand()
    page.locator('#expose-pool [data-card="SA"]').click()
    page.locator("#incident-add").click()
    expect(page.locator("#incident-list li")).to_have_count(1)
    expect(kinds).to_have_count(every)  # added: the next one is chosen from all
    page.locator('.step-tab[data-step="review"]').click()
    expose = [e for e in built_record(page)["events"] if e["type"] == "expose"]
    assert [e["cards"] for e in expose] == [["SA"]]
    assert errors == []
