"""flask-smorest with problem+json errors, strict JSON, and cookie sessions on demand."""

from __future__ import annotations

import http
import io
import json
from collections.abc import Callable
from types import FunctionType
from typing import IO, Any

import orjson
from flask import Flask, Request, has_request_context
from flask import request as request_proxy
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_smorest import Api
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest import abort as flask_abort
from flask_smorest.utils import prepare_response
from marshmallow import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.utils import cached_property

from referee.api.problems import PROBLEM_JSON, ProblemSchema, from_http_exception
from referee.record.log import StrictJSONError, strict_json_loads


class StrictJSONProvider(DefaultJSONProvider):
    """Request bodies: no NaN or Infinity (not JSON) and no NUL characters (no database
    column stores them); either is a 400, never a 500."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return strict_json_loads(s)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """Compact responses are encoded by orjson (a ruling in ~3 µs instead of ~30);
        whatever it does not encode itself goes to Flask's ``default``, exactly as the
        standard encoder would, and pretty-printing or non-string keys use the standard
        encoder."""
        if kwargs.get("indent") is None and not kwargs.get("sort_keys", self.sort_keys):
            try:
                return orjson.dumps(obj, default=self.default, option=_ORJSON_AS_FLASK).decode()
            except TypeError:
                pass  # e.g. a dict with int keys: the standard encoder handles it
        return super().dumps(obj, **kwargs)


#: hand dates, dataclasses and subclasses of str/int (enums) to Flask's ``default``
_ORJSON_AS_FLASK = (
    orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


class StrictParser(FlaskParser):
    """webargs reads JSON bodies itself; make it as strict as the app's provider."""

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            return missing
        return strict_json_loads(req.get_data(cache=True))

    def _handle_invalid_json_error(
        self, error: Exception, req: Any, *args: Any, **kwargs: Any
    ) -> Any:
        """400 saying what is wrong with the body (webargs says only "Invalid JSON body")."""
        flask_abort(400, messages={"json": {"_body": [invalid_json_detail(error)]}})


def invalid_json_detail(error: Exception) -> str:
    """Why a body is not JSON this service reads: the refusal, or the syntax error with
    its line and column.

    >>> import json
    >>> invalid_json_detail(json.JSONDecodeError("Expecting value", '{"a": }', 6))
    'the body is not valid JSON: Expecting value (line 1, column 7)'
    """
    if isinstance(error, StrictJSONError):
        return f"the body is not accepted: {error.msg}"
    if isinstance(error, json.JSONDecodeError):
        return (
            f"the body is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        )
    return "the body is not valid JSON: it is not UTF-8"


class Blueprint(SmorestBlueprint):
    """flask-smorest's Blueprint with the strict JSON argument parser."""

    ARGUMENTS_PARSER = StrictParser()


class CookieSessionsOnDemand(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, but a request without the cookie (every API call)
    gets an empty session at once instead of building a signing serializer first."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and self.get_cookie_name(app) not in request.cookies:
            return self.session_class()
        return super().open_session(app, request)

    def get_cookie_secure(self, app: Flask) -> bool:
        """``SESSION_COOKIE_SECURE``, or with ``REFEREE_COOKIE_SECURE_AUTO`` whether this
        request came over HTTPS (behind a proxy: X-Forwarded-Proto, see gunicorn's
        ``forwarded_allow_ips``)."""
        if app.config.get("REFEREE_COOKIE_SECURE_AUTO") and has_request_context():
            return bool(request_proxy.is_secure)
        return bool(app.config["SESSION_COOKIE_SECURE"])


class _AtMost(io.RawIOBase):
    """A body without Content-Length (chunked) read up to ``limit`` bytes: one byte more is
    a 413. werkzeug's own limit stops reading at the limit without a word, so an
    over-long chunked body was parsed cut off (issue 15)."""

    def __init__(self, inner: Any, limit: int) -> None:
        self.inner, self.limit, self.pos = inner, limit, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        want = min(len(buffer), self.limit + 1 - self.pos)
        data = self.inner.read(want) if want > 0 else b""
        self.pos += len(data)
        if self.pos > self.limit:
            raise RequestEntityTooLarge(f"the request body is larger than {self.limit} bytes")
        buffer[: len(data)] = data
        return len(data)


class RefereeRequest(Request):
    @cached_property
    def stream(self) -> IO[bytes]:
        """The body; a chunked one is held to ``max_content_length`` (413 beyond it)."""
        limit = self.max_content_length
        if (
            limit is not None
            and self.content_length is None
            and "wsgi.input_terminated" in self.environ
        ):
            return io.BufferedReader(_AtMost(self.environ["wsgi.input"], limit))
        return super().stream


class RefereeFlask(Flask):
    json_provider_class = StrictJSONProvider
    request_class = RefereeRequest
    session_interface = CookieSessionsOnDemand()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Flask asks this for every hook, view and decorator layer of every request (ten
        times for a ruling), each time inspecting the code object: remember the answer
        for plain functions (bound methods are made afresh per request)."""
        if type(func) is not FunctionType:
            return super().ensure_sync(func)
        known = self._sync.get(func)
        if known is None:
            known = self._sync[func] = super().ensure_sync(func)
        return known


class RefereeApi(Api):
    """flask-smorest's Api whose errors are RFC 9457 problems."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Document every error response as ``application/problem+json``, as it is sent."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Any:
        return from_http_exception(error)
