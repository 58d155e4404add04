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


def open_context(pw: Any, profile: Path, *, timeout_ms: int = 10_000, **options: Any) -> Any:
    """A persistent Chromium context in ``profile`` with Playwright's ``options``."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, **options
    )
    context.set_default_timeout(timeout_ms)
    return context


@contextmanager
def chromium(profile: Path, *, timeout_ms: int = 10_000, **options: Any) -> Iterator[Any]:
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
