"""Helpers of the console tests: a test client that signs in and sends CSRF tokens."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
ISS_FILE = ROOT.parent / "shared" / "data" / "iss" / "jskat-samples.sgf"
CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')


def example_text(name: str) -> str:
    return (EXAMPLES / f"{name}.json").read_text(encoding="utf-8")


def example(name: str) -> dict[str, Any]:
    return json.loads(example_text(name))


class Console:
    """A browser stand-in: one test client (one cookie jar) and the page's CSRF token."""

    def __init__(self, client: FlaskClient):
        self.client = client

    def csrf(self) -> str:
        page = self.client.get("/console/sign-in?next=/console/rules")
        match = CSRF_RE.search(page.get_data(as_text=True))
        assert match, "no CSRF token on the sign-in page"
        return match.group(1)

    def get(self, url: str, **kw: Any) -> TestResponse:
        return self.client.get(url, **kw)

    def post(self, url: str, data: dict[str, Any], **kw: Any) -> TestResponse:
        return self.client.post(url, data={"csrf": self.csrf(), **data}, **kw)

    def sign_in(self, secret: str) -> TestResponse:
        return self.post("/console/sign-in", {"api_key": secret})

    def submit(self, record: str, **fields: Any) -> TestResponse:
        return self.post("/console/disputes/new", {"record": record, **fields})

    def submit_ok(self, record: str, **fields: Any) -> int:
        """Submit and return the new dispute's id."""
        response = self.submit(record, **fields)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        return int(response.headers["Location"].rsplit("/", 1)[1])
