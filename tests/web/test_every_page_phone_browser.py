"""phone layout: every console page, for every role, fits a 390 px screen
without sideways scrolling (Chromium at 390×844, German), and every control on it is a
thumb's size (44×44 CSS px, as the entry form's). The pages come from Flask's
url_map (as in test_translations), so a new page is measured without being listed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_entry_browser import THUMB, _boxes, phone  # noqa: F401 (fixture)
from tests.web.test_translations import _urls, pages  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser
WIDTH = 390
#: the disputes measured: the appealed one (two revisions) and two more kinds of ruling
MEASURED = ("revoke-objected", "lay-down-claim", "null-ouvert")


def _sign_in(page: Any, base: str, secret: str) -> None:
    page.context.clear_cookies()
    page.goto(base + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(secret)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_load_state()
    assert "/sign-in" not in page.url, page.url


def test_every_console_page_fits_a_phone_for_every_role(  # type: ignore[no-untyped-def]
    app,
    live_server: str,
    keys,
    pages,  # noqa: F811 (the fixture imported above)
    phone,  # noqa: F811 (the fixture imported above)
) -> None:
    chosen = {name: i for name, i in pages["ids"].items() if name in MEASURED}
    assert len(chosen) == len(MEASURED), sorted(pages["ids"])
    urls = [u for m, u in _urls(app, {**pages, "ids": chosen}) if m == "GET"]
    appealed = pages["appealed"]
    urls += [
        f"/console/disputes/{appealed}?at=5",
        f"/console/disputes/{appealed}/revisions?a=1&b=2",
        "/console/rules?q=Skat+angesehen",
    ]
    page = phone.new_page()
    too_wide: list[str] = []
    too_small: list[str] = []
    seen = 0
    for role in ("referee", "court", "admin"):
        _sign_in(page, live_server, keys[role])
        for url in urls:
            response = page.goto(live_server + url)
            assert response is not None and response.status < 500, (role, url)
            if "html" not in (response.headers.get("content-type") or ""):
                continue  # JSON answers of the entry form, the QR code, ...
            seen += 1
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > WIDTH + 2:
                too_wide.append(f"{role} {url}: {width} px")
            small = _boxes(page)["small"]  # the controls of CONTROLS shown, and checkboxes
            if small:
                too_small.append(f"{role} {url}: {small}")
    print(f"\n{seen} console pages measured at {WIDTH} px for three roles")
    assert seen >= 30
    assert too_wide == [], "\n".join(too_wide)
    assert too_small == [], f"controls under {THUMB} px:\n" + "\n".join(too_small)
