"""/docs (Swagger UI) and /redoc (ReDoc) in Debian's Chromium with the network blocked:
every script and style comes from the service itself, and the operations are listed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.browser import DESK, chromium, served

pytestmark = pytest.mark.browser
#: how long a page may take to render the whole spec: a watchdog (ReDoc still said
#: "Loading ..." after 30 s at a load of 25 on two cores, and took 5 s at a load of 11)
RENDER_MS = 90_000

#: summaries of operations both pages must list
SUMMARIES = (
    "Rule a skat-log/1 record (or a raw ISS record) and return its skat-ruling/1.",
    "Store a record with a note and rule it; returns the dispute with its first ruling.",
    "Lodge an appeal (court only): admissibility, a new ruling, and what changed.",
)


@pytest.fixture
def server(app) -> Iterator[str]:  # type: ignore[no-untyped-def]
    with served(app) as url:
        yield url


@pytest.fixture
def offline_page(server: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A page whose every request off the service's own origin is refused."""
    own = urlsplit(server).netloc
    blocked: list[str] = []

    def only_own(route, request) -> None:  # type: ignore[no-untyped-def]
        if urlsplit(request.url).netloc == own or request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(request.url)
            route.abort("internetdisconnected")

    with chromium(
        tmp_path / "chromium-profile", **DESK, offline=False, timeout_ms=20_000
    ) as context:
        context.route("**/*", only_own)
        yield context.new_page(), blocked


def test_swagger_ui_lists_the_operations_without_internet(server, offline_page) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page, blocked = offline_page
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/docs")
    # Swagger UI builds its operations from the whole spec after the page loads: on a
    # loaded two-core machine that took longer than expect's 5 s, as ReDoc's does below
    expect(page.locator(".opblock").first).to_be_visible(timeout=RENDER_MS)
    assert page.locator(".opblock").count() >= 19
    for summary in SUMMARIES:
        expect(page.get_by_text(summary, exact=True).first).to_be_attached()
    expect(page.get_by_text("/v1/disputes/{dispute_id}/appeals").first).to_be_visible()
    assert not errors, errors
    assert not [u for u in blocked if "swagger" in u or u.endswith((".js", ".css"))], blocked


def test_redoc_lists_the_operations_without_internet(server, offline_page) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page, blocked = offline_page
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/redoc")
    # ReDoc renders the whole spec in the page before any operation shows: on a loaded
    # two-core machine that took longer than expect's 5 s
    for summary in SUMMARIES:
        expect(page.get_by_text(summary, exact=True).first).to_be_attached(timeout=RENDER_MS)
    assert page.locator("li[data-item-id^='tag/']").count() >= 7
    assert not errors, errors
    assert not [u for u in blocked if u.endswith(".js")], blocked
