"""gunicorn's own error answers as RFC 9457 problems, like every answer of the app.

gunicorn answers some requests before the app sees them (a request line over
``limit_request_line``: 414; header fields too large: 431; a malformed request: 400) and
answers 500 itself when a worker fails outside the app's error handling. Its page is HTML;
:func:`install` (called by ``gunicorn.conf.py`` in every worker) replaces the writer with
one that sends ``application/problem+json`` with the same status and message.

>>> body = problem_body(414, "URI Too Long", "Request Line is too large (5025 > 4094)")
>>> json.loads(body)["code"], json.loads(body)["status"]
('request.uri_too_long', 414)
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn import util

TYPE_PREFIX = "urn:skat-referee:problem:"
CODES = {
    400: "request.malformed",
    403: "request.forbidden",
    413: "request.too_large",
    414: "request.uri_too_long",
    417: "request.expectation_failed",
    431: "request.headers_too_large",
    500: "server.error",
    501: "request.unsupported_transfer_coding",
}


def problem_body(status: int, reason: str, message: str) -> bytes:
    """The problem document for one of gunicorn's own answers."""
    code = CODES.get(status, "server.error" if status >= 500 else "request.malformed")
    detail = message or ("internal error; the request was not stored" if status >= 500 else reason)
    doc = {
        "type": TYPE_PREFIX + code,
        "title": reason,
        "status": status,
        "detail": detail,
        "code": code,
    }
    return json.dumps(doc).encode()


def write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error``."""
    body = problem_body(status_int, reason, mesg)
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make this process's gunicorn write problems instead of HTML pages."""
    util.write_error = write_problem
