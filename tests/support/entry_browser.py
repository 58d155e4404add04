"""The game-entry form in a real browser, opened on a draft: signed in, the draft put where
the form keeps it (localStorage) and the page reloaded, as after a referee's reload."""

from __future__ import annotations

import json
from typing import Any

#: where static/entry.js keeps the draft between reloads
DRAFT_KEY = "skat-referee-entry-draft"


def entry_draft(step: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A form draft at ``step`` holding ``fields`` (e.g. ``draft_from_record(record)``)."""
    return {
        "v": 1,
        "step": step,
        "by": "",
        "holder": "forehand",
        "skat_dealt": [],
        "inc": {"type": None, "seat": None, "at": "end", "cards": [], "trick": 1, "text": ""},
        **fields,
    }


def open_entry(page: Any, base: str, secret: str, draft: dict[str, Any]) -> tuple[Any, list[str]]:
    """Sign in with ``secret`` (German labels), open the entry form on ``draft``; returns the
    page and the list its script errors are collected in."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/console/sign-in")
    page.get_by_label("API-Schlüssel").fill(secret)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(base + "/console/")
    page.goto(base + "/console/disputes/enter")
    page.evaluate(f"d => localStorage.setItem('{DRAFT_KEY}', d)", json.dumps(draft))
    page.reload()
    return page, errors


def built_record(page: Any) -> dict[str, Any]:
    """The record the form built, read once the analysis of the last change has answered:
    the form marks itself busy (``aria-busy``) from the tap until then, and the record field
    still holds the record of the change before (a read in between raced the server)."""
    from playwright.sync_api import expect

    expect(page.locator("#entry")).not_to_have_attribute("aria-busy", "true")
    field = page.locator("#entry-record")
    expect(field).not_to_have_value("")
    return dict(json.loads(field.input_value()))
