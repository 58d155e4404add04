"""phone layout of the ruling page (390×844, German): every card in the trick
table carries its seat (VH/MH/HH, the full seat and the player's name as its title), and
the step-through sits at the bottom of the screen, within reach of the thumb, with
buttons a finger can hit (44 px, WCAG 2.5.5)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.web import example
from tests.web.test_entry_browser import phone  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser
HEIGHT = 844


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, locator
    return dict(box)


def test_ruling_on_a_phone_seats_in_the_trick_table_and_the_stepper_at_the_thumb(  # type: ignore[no-untyped-def]
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
    page.get_by_label("API-Schlüssel").fill(keys["referee"])
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(live_server + "/console/")

    page.goto(f"{live_server}/console/disputes/{dispute.id}")
    first = page.locator("table.tricks tbody tr").first
    seats = first.locator(".played .seat")
    expect(seats).to_have_text(["VH", "MH", "HH"], use_inner_text=True)
    names = example("revoke-objected")["players"]
    for i, seat in enumerate(("Vorhand", "Mittelhand", "Hinterhand")):
        label = seats.nth(i)
        expect(label).to_be_visible()
        expect(label.locator("abbr")).to_have_attribute(
            "title", f"{seat} · {names[['forehand', 'middlehand', 'rearhand'][i]]}"
        )
        card = first.locator(".played").nth(i).locator(".card")
        assert _box(label)["height"] >= 8  # drawn, not only there for screen readers
        assert _box(label)["y"] + _box(label)["height"] <= _box(card)["y"] + 1  # over its card
    assert page.evaluate("document.documentElement.scrollWidth") <= 392

    # the step-through: from its heading on, the stepper is at the bottom of the screen
    # (or of the section, where the page ends first), never above the hands
    page.goto(f"{live_server}/console/disputes/{dispute.id}?at=19")
    _at_thumb(page)
    nav = page.locator("#step nav.stepper")
    following = nav.locator('a[rel="next"]')
    previous = nav.locator('a[rel="prev"]')
    for button in (following, previous):
        b = _box(button)
        assert b["height"] >= 44 and b["width"] >= 44, b
        assert b["y"] >= HEIGHT * 2 / 3, b  # the lower third: the thumb's reach
    expect(page.locator("#step-position")).to_contain_text("19")
    following.click()
    expect(page.locator("#step-position")).to_contain_text("20")
    _at_thumb(page)  # still at the thumb after a step
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    page.screenshot(path=str(_artifact("ruling-phone-step.png")))

    # on a desk the stepper stays above the hands, where it was
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server}/console/disputes/{dispute.id}?at=19")
    nav_box = _box(page.locator("#step nav.stepper"))
    hands_box = _box(page.locator("#step .hands"))
    assert nav_box["y"] < hands_box["y"]
    assert errors == []


def _at_thumb(page: Any) -> None:
    page.evaluate("window.scrollTo(0, document.getElementById('step').offsetTop)")
    section = _box(page.locator("#step"))
    nav = _box(page.locator("#step nav.stepper"))
    bottom = min(HEIGHT, section["y"] + section["height"])
    assert abs(nav["y"] + nav["height"] - bottom) <= 4, (nav, section)
    assert _box(page.locator("#step .hands"))["y"] < nav["y"]


def _artifact(name: str) -> Any:
    from tests.web.test_entry_browser import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
