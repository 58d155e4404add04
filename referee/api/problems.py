"""One error shape everywhere: RFC 9457 ``application/problem+json``.

Coded domain errors (:class:`~referee.core.errors.RefereeError`) carry ``code`` and
``where``; ``where`` becomes an entry of ``errors`` with a JSON pointer (and the event
index for a bad record).

>>> problem_item(RecordError("bad card", code="card.unknown", where={"event": 3, "field": "card"}),
...              base="/record")["pointer"]
'/record/events/3/card'
>>> problem_item(RecordError("bad card", where={"field": "deal.middlehand[2]"}))["pointer"]
'/deal/middlehand/2'
"""

from __future__ import annotations

import logging
import re
from http import HTTPStatus
from typing import Any

import marshmallow as ma
from flask import Response, g, has_request_context, json, request
from sqlalchemy import exc as sa_exc
from werkzeug.exceptions import HTTPException

from referee.core.errors import (
    BadRequest,
    RecordError,
    RefereeError,
    ServerFault,
    Unavailable,
)
from referee.http_status import status_for
from referee.rulings.search.gate import Crowded

log = logging.getLogger(__name__)
PROBLEM_JSON = "application/problem+json"
TYPE_PREFIX = "urn:skat-referee:problem:"


_HTTP_CODES = {
    400: "request.malformed",
    404: "http.not_found",
    405: "http.method_not_allowed",
    413: "request.too_large",
    415: "request.unsupported_media_type",
    422: "request.invalid",
    429: "rate_limited",
}


_KEPT_HEADERS = frozenset({"retry-after", "allow"})


class ProblemItemSchema(ma.Schema):
    """One problem; besides these fields it carries the error's own ``where`` keys."""

    class Meta:
        unknown = ma.INCLUDE

    pointer = ma.fields.String(metadata={"description": "JSON pointer into the request"})
    field = ma.fields.String(metadata={"description": "dotted field path"})
    event = ma.fields.Integer(metadata={"description": "index of the offending record event"})
    location = ma.fields.String(metadata={"description": "json, query, headers or path"})
    code = ma.fields.String()
    detail = ma.fields.String()


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details (documentation only; built by :func:`problem`)."""

    class Meta:
        unknown = ma.INCLUDE  # extension members (RFC 9457 3.2), e.g. ``dispute``

    type = ma.fields.String(metadata={"example": "urn:skat-referee:problem:record.invalid"})
    title = ma.fields.String()
    status = ma.fields.Integer()
    detail = ma.fields.String()
    code = ma.fields.String(metadata={"description": "stable machine-readable code"})
    errors = ma.fields.List(ma.fields.Nested(ProblemItemSchema))


def problem(
    status: int,
    detail: str,
    *,
    code: str | None = None,
    errors: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> Response:
    """A problem+json response."""
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + code if code else "about:blank",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
    }
    if code:
        body["code"] = code
    if errors:
        body["errors"] = errors
    body.update(extra)
    resp = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    resp.headers.update(headers or {})
    return resp


_FIELD_TOKEN = re.compile(r"[^.\[\]/]+")


def pointer_token(token: str) -> str:
    """One reference token of an RFC 6901 JSON Pointer (``~`` and ``/`` escaped).

    >>> pointer_token("a/b~c")
    'a~1b~0c'
    """
    return token.replace("~", "~0").replace("/", "~1")


def problem_item(error: RefereeError, *, base: str = "") -> dict[str, Any]:
    """The ``errors`` entry for a coded error, with a JSON pointer where known."""
    where = dict(error.where)
    parts: list[str] = []
    if "event" in where:
        parts += ["events", str(where["event"])]
    if "field" in where:  # "deal.middlehand[2]" or "deal/middlehand/2"
        parts += _FIELD_TOKEN.findall(str(where["field"]))
    item: dict[str, Any] = {"code": error.code, "detail": error.message}
    if "pointer" in where:  # placed by its own path (keys that may hold dots, e.g. rules)
        item["pointer"] = base + str(where.pop("pointer"))
        named = str(where.get("field", ""))
        item["field"] = ".".join(p for p in (base.strip("/").replace("/", "."), named) if p)
    elif parts:
        item["pointer"] = base + "/" + "/".join(map(pointer_token, parts))
        item["field"] = ".".join(p for p in (base.strip("/").replace("/", "."), *parts) if p)
    elif base:
        item["pointer"] = base
    for key, value in where.items():
        if key not in ("field",) and key not in item:
            item[key] = value
    return item


def _flatten(messages: Any, path: list[str], out: list[dict[str, Any]]) -> None:
    if isinstance(messages, dict):
        for key, value in messages.items():
            _flatten(value, [*path, str(key)], out)
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        location, *rest = path or ["body"]
        rest = [p for p in rest if p not in ("_schema", "_body")]
        pointer = "".join("/" + pointer_token(p) for p in rest)
        for message in messages:
            out.append(
                {
                    "location": location,
                    "pointer": pointer,
                    "field": ".".join(rest),
                    "detail": message,
                }
            )
    elif isinstance(messages, list):
        for i, value in enumerate(messages):
            _flatten(value, [*path, str(i)], out)
    else:
        _flatten([str(messages)], path, out)


def _database_unavailable(error: Exception) -> bool:
    """Whether ``error`` is SQLAlchemy's word for a lost or refused database connection."""
    if isinstance(error, sa_exc.DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, (sa_exc.OperationalError, sa_exc.InterfaceError))


#: SQLSTATEs of a server that answers but gave up waiting: lock_not_available (the lock
#: timeout) and query_canceled (the statement timeout)
_BUSY_SQLSTATES = frozenset({"55P03", "57014"})


def _database_busy(error: Exception) -> bool:
    orig = getattr(error, "orig", None)
    return isinstance(error, sa_exc.DBAPIError) and (
        getattr(orig, "sqlstate", None) in _BUSY_SQLSTATES
    )


def from_http_exception(error: HTTPException) -> Response:
    """Problem for werkzeug / webargs / rate-limit errors."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    errors: list[dict[str, Any]] = []
    if "messages" in data:
        _flatten(data["messages"], [], errors)
    headers = dict(data.get("headers") or {})
    # werkzeug's own headers that belong to the answer: Retry-After of a 429 and Allow of
    # a 405 (RFC 9110 15.5.6: a 405 MUST list the methods the resource supports)
    headers.update({k: v for k, v in error.get_headers() if k.lower() in _KEPT_HEADERS})
    detail = data.get("message") or error.description or HTTPStatus(status).phrase
    if not data.get("message") and status in (404, 405) and has_request_context():
        detail = _no_route(status, error)
    if status == 422 and errors:
        detail = "the request does not match the schema"
    elif status == 400 and errors:
        detail = errors[0]["detail"]
    code = _HTTP_CODES.get(status)
    return problem(status, detail, code=code, errors=errors or None, headers=headers)


def _no_route(status: int, error: HTTPException) -> str:
    """What the routing found no operation for, in the caller's terms: the method and
    path asked (werkzeug's own words name neither)."""
    asked = f"{request.method} {request.path[:200]}"
    if status == 405:
        allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or ()))
        return f"{asked}: the method is not allowed here (Allow: {allowed})"
    return (
        f"{asked}: no operation of the service answers this path (the operations are "
        "listed at /openapi.json; ids are whole numbers from 1 to 2147483647)"
    )


def from_referee_error(error: RefereeError) -> Response:
    """Problem for a coded domain or service error."""
    status = status_for(error)
    headers = {"WWW-Authenticate": 'Bearer realm="referee"'} if status == 401 else None
    base = getattr(g, "record_pointer", "") if isinstance(error, RecordError) else ""
    if not error.where and status in (401, 403, 503):
        errors = None
    else:
        errors = [problem_item(error, base=base)]
    return problem(status, error.message, code=error.code, errors=errors, headers=headers)


def from_crowded(error: Crowded) -> Response:
    """A ruling needed a long search while as many requests of this worker as may were
    waiting for one: 503 with Retry-After (nothing was stored), rather than one more
    thread taken from /health and ordinary requests."""
    return problem(
        status_for(Unavailable),
        "the server is busy with as many long analyses as it takes at once; nothing was "
        f"stored, try again in {error.retry_after} s",
        code="server.analysis_busy",
        headers={"Retry-After": str(error.retry_after)},
    )


def from_unexpected(error: Exception) -> Response:
    """A 500 without a traceback in the body (the log has it); known non-bugs get their
    own status: a body nested too deeply is the client's fault (400), a database that
    cannot be reached is temporary (503, the request stored nothing)."""
    if isinstance(error, RecursionError):
        return problem(
            status_for(BadRequest),
            "the request body is nested too deeply",
            code="request.malformed",
        )
    if _database_busy(error):
        log.warning("database busy: %s", error)
        return problem(
            status_for(Unavailable),
            "the database did not finish in time; nothing was stored, try again",
            code="server.database_busy",
            headers={"Retry-After": "2"},
        )
    if _database_unavailable(error):
        log.warning("database unavailable: %s", error)
        return problem(
            status_for(Unavailable),
            "the database cannot be reached; nothing was stored, try again",
            code="server.database_unavailable",
            headers={"Retry-After": "5"},
        )
    log.exception("unhandled error", exc_info=error)
    return problem(
        status_for(ServerFault), "internal error; the request was not stored", code="server.error"
    )
