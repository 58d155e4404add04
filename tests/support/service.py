"""Paths and records shared by the service tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
#: real ISS games shipped with the repository (a clone has them)
ISS_EXAMPLES = EXAMPLES / "iss"
#: the sixteen real games of the shared data beside the checkout (the outside check)
ISS_DIR = ROOT.parent / "shared" / "data" / "iss"


def example(name: str) -> dict[str, Any]:
    """A record from examples/ (a fresh copy each time)."""
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


#: (fixture name, role, owner): one key per role, two referees of different owners
ROLES = [
    ("referee", "referee", "Club cup referees"),
    ("other_referee", "referee", "Town league referees"),
    ("court", "court", "Skatgericht"),
    ("platform", "platform", "Online platform"),
    ("admin", "admin", "Operator"),
]


def stored_keys(client: Any, admin: dict[str, str]) -> list[dict[str, Any]]:
    """The API keys as stored, for "nothing was made" checks: ``last_used_at`` is left out,
    since using a key to be refused still marks when it was last used."""
    listed = client.get("/v1/keys", headers=admin).get_json()
    return [{k: v for k, v in key.items() if k != "last_used_at"} for key in listed]
