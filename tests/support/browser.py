"""Real browsers and a served app for the console's end-to-end tests: Debian's Chromium,
headless, driven by Playwright, against the app on a free loopback port."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: a German phone: the referee at the table
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "locale": "de-DE",
    "extra_http_headers": {"Accept-Language": "de-DE,de;q=0.9"},
}
#: a desk: the court, the admin
DESK = {"viewport": {"width": 1280, "height": 900}}


def need_browser() -> None:
    """Skip without Chromium or Playwright; under CI (CI=true) fail instead."""
    missing = []
    if not CHROMIUM.exists():
        missing.append("chromium (apt-get install chromium chromium-driver)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright Python package")
    if missing:
        message = "browser tests need " + " and ".join(missing)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)


#: how long an action (a click, a navigation) or an ``expect`` waits for its condition: a
#: watchdog, not a measurement (a page whose server builds the rule search's index on its
#: first search took 8 s to answer at a load of 17 on two cores; ``expect`` would give up
#: after Playwright's 5 s)
WAIT_MS = 30_000


def open_context(pw: Any, profile: Path, *, timeout_ms: int = WAIT_MS, **options: Any) -> Any:
    """A persistent Chromium context in ``profile`` with Playwright's ``options``.

    The context prefers reduced motion unless ``options`` say otherwise: the console
    scrolls smoothly for everyone else (console.css), and a smooth scroll (window.scrollTo,
    scrollIntoView) goes on for a few hundred milliseconds after the call returns, so a
    position or bounding box read in that time is one of the animation's frames, early or
    late as the machine's load has it. Without the animation every scroll is done when
    the call that made it returns: the tests read where things end up."""
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    options.setdefault("reduced_motion", "reduce")
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, **options
    )
    context.set_default_timeout(timeout_ms)
    return context


@contextmanager
def chromium(profile: Path, *, timeout_ms: int = WAIT_MS, **options: Any) -> Iterator[Any]:
    """:func:`open_context` in its own Playwright session, closed on the way out."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = open_context(pw, profile, timeout_ms=timeout_ms, **options)
        try:
            yield context
        finally:
            context.close()


@contextmanager
def served(app: Any) -> Iterator[str]:
    """The app on 127.0.0.1:<free port>, served from a background thread."""
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(5)
