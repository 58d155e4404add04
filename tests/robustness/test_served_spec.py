"""A schemathesis run against a live server reads the spec that server serves, and only
when it is the committed one.

The case this guards: a server still running the code from before an infraction kind
was added (``tricks_not_gathered``) while the checkout's spec already lists it. A run
reading the checkout's spec sent ``GET /v1/disputes?kind=tricks_not_gathered&...`` and
got 422 ("valid request rejected"), a failure of no code on disk. The server's spec is
checked against the committed one first, and the difference is named.
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.served_spec import SPEC, served_spec

COMMITTED: dict[str, Any] = yaml.safe_load(SPEC.read_text(encoding="utf-8"))


@contextmanager
def serving(doc: dict[str, Any]) -> Iterator[str]:
    """A server whose ``/openapi.json`` is ``doc``; yields its base URL."""
    body = json.dumps(doc).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
            found = self.path == "/openapi.json"
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) if found else 0))
            self.end_headers()
            if found:
                self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _list_kinds(doc: dict[str, Any]) -> list[str]:
    (kind,) = (p for p in doc["paths"]["/v1/disputes"]["get"]["parameters"] if p["name"] == "kind")
    kinds: list[str] = kind["schema"]["enum"]
    return kinds


def test_the_committed_spec_as_served_is_what_the_run_reads(tmp_path: Path) -> None:
    with serving(COMMITTED) as base:
        path = served_spec(base, tmp_path)
    assert json.loads(path.read_text(encoding="utf-8")) == COMMITTED
    assert "tricks_not_gathered" in _list_kinds(json.loads(path.read_text(encoding="utf-8")))


def test_a_server_of_older_code_is_named_rather_than_tested(tmp_path: Path) -> None:
    older = copy.deepcopy(COMMITTED)
    _list_kinds(older).remove("tricks_not_gathered")
    with serving(older) as base, pytest.raises(AssertionError) as refused:
        served_spec(base, tmp_path)
    message = str(refused.value)
    assert "another spec than api_spec/openapi.yaml" in message
    assert "paths: /v1/disputes" in message and "make spec" in message
    assert not (tmp_path / "openapi.json").exists()
