"""flask-smorest with problem+json errors, strict JSON, and cookie sessions on demand."""

from __future__ import annotations

import copy
import http
import io
from collections.abc import Callable
from types import FunctionType
from typing import IO, Any, cast

import marshmallow as ma
import orjson
import webargs.core
from flask import Flask, Request, has_request_context
from flask import request as request_proxy
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_smorest import Api, abort
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest.utils import prepare_response
from marshmallow import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import LimitedStream

from referee.api.context import body_kind, json_error, refuse_other_charset
from referee.api.contract import ERROR_HEADERS, RATE_LIMIT_HEADERS, header_ref
from referee.api.problems import PROBLEM_JSON, ProblemSchema, from_http_exception
from referee.api.schemas import LanguageParam
from referee.record.strict_json import strict_json_loads


class StrictJSONProvider(DefaultJSONProvider):
    """Request bodies: no NaN or Infinity (not JSON) and no NUL characters (no database
    column stores them); either is a 400, never a 500."""

    sort_keys = False  # records go back out in the order they came in

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


#: ``security`` of an operation open to anyone, and of one the operator may open to
#: callers without a key (REFEREE_ANONYMOUS_ACCESS)
ANONYMOUS: list[dict[str, list[str]]] = []
ANONYMOUS_OK: list[dict[str, list[str]]] = [{"bearer": []}, {}]


#: what webargs passes as ``unknown`` when the caller gave none (a private name of webargs:
#: should it go, no request counts as "nothing given" for headers, and they are parsed)
_UNKNOWN_NOT_GIVEN: Any = getattr(webargs.core, "_UNKNOWN_DEFAULT_PARAM", object())


class StrictParser(FlaskParser):
    """webargs reads JSON bodies itself; make it as strict as the app's provider.

    A query string that is empty, or headers that hold none of the schema's names, are
    not parsed again on every request (webargs would build a proxy over the request's
    data and run the schema's load, ~15 µs a location): such a request gets a copy of
    what parsing the first of them gave. Only for a schema instance without hooks
    (``pre_load`` and the like, which could read other keys), headers only where unknown
    names are excluded (webargs' default), and without extra validators: anything else
    is parsed as before.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: (schema id, location) -> (schema, its result on a request that gives nothing)
        self._nothing_given: dict[tuple[int, str], tuple[Any, Any]] = {}
        #: schema id -> (schema, the header names it reads)
        self._header_names: dict[int, tuple[Any, tuple[str, ...]]] = {}

    def _gives_nothing(self, schema: ma.Schema, req: Any, location: str) -> bool:
        if location == "query":
            return not req.query_string
        found = self._header_names.get(id(schema))
        if found is None or found[0] is not schema:
            names = tuple(f.data_key or n for n, f in schema.load_fields.items())
            found = self._header_names[id(schema)] = (schema, names)
        return not any(name in req.headers for name in found[1])

    def parse(self, argmap: Any, req: Any = None, **kwargs: Any) -> Any:
        location = kwargs.get("location")
        unknown = kwargs.get("unknown", _UNKNOWN_NOT_GIVEN)
        if (
            location not in ("query", "headers")
            or kwargs.get("validate") is not None
            or not isinstance(argmap, ma.Schema)
            or not isinstance(getattr(argmap, "_hooks", None), dict)  # marshmallow's own
            or any(argmap._hooks.values())
            or (location == "headers" and unknown not in (_UNKNOWN_NOT_GIVEN, ma.EXCLUDE))
            or not self._gives_nothing(argmap, req or self.get_default_request(), location)
        ):
            return super().parse(argmap, req, **kwargs)
        key = (id(argmap), location)
        found = self._nothing_given.get(key)
        if found is None or found[0] is not argmap:
            result = super().parse(argmap, req, **kwargs)
            self._nothing_given[key] = (argmap, copy.deepcopy(result))
            return result
        return copy.deepcopy(found[1])

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            if not (req.content_length or req.get_data(cache=True)):
                return missing
            # a body in another type: 415, naming application/json; a body sent without
            # a Content-Type is read as JSON, as the operations that read it themselves do
            body_kind()
        refuse_other_charset()
        return strict_json_loads(req.get_data(cache=True))

    def _handle_invalid_json_error(self, error: Any, req: Any, *args: Any, **kwargs: Any) -> Any:
        json_error(error)


def _documented(func: Any, documented: Any) -> Any:
    """``func`` with the documentation flask-smorest's pass-through wrapper ``documented``
    carries: ``doc`` and ``alt_response`` wrap a view only to hold a copy of its
    ``_apidoc``, and each such layer cost a call (and an ``ensure_sync``) per request; an
    operation that lists ten error responses had eleven. The copy is kept, the layer
    dropped (the spec is the same: ``make spec``'s drift test)."""
    func._apidoc = documented._apidoc
    return func


class Blueprint(SmorestBlueprint):
    """flask-smorest's Blueprint with the strict JSON argument parser, and documentation
    decorators that add no call layer."""

    ARGUMENTS_PARSER = StrictParser()

    @staticmethod
    def doc(**kwargs: Any) -> Callable[[Any], Any]:
        decorate = SmorestBlueprint.doc(**kwargs)
        return lambda func: _documented(func, decorate(func))

    def alt_response(self, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        decorate = super().alt_response(*args, **kwargs)
        return lambda func: _documented(func, decorate(func))

    def arguments(self, schema: Any, **kwargs: Any) -> Callable[[Any], Any]:
        """flask-smorest's ``arguments``, a schema class made an instance once: webargs
        would build a new instance of a class for every request (~25 µs a schema, two or
        three a request); an instance is reused (loading keeps no state in it).

        A schema with a language parameter documents the 400 an unknown language gets
        (:class:`~referee.api.schemas.LanguageParam`), so no operation can leave it out."""
        if isinstance(schema, type):
            schema = schema()
        decorate: Callable[[Any], Any] = super().arguments(schema, **kwargs)
        if not any(isinstance(f, LanguageParam) for f in schema.fields.values()):
            return decorate
        bad_request = self.alt_response(400, response=http.HTTPStatus(400).name)
        return lambda func: bad_request(decorate(func))

    def problems(self, *statuses: int) -> Callable[[Any], Any]:
        """Document the error responses an operation can give (problem+json, with the
        headers each carries: the shared components registered by :class:`RefereeApi`).
        Any operation may answer 500 (a bug; the body never holds a traceback)."""

        def decorator(func: Any) -> Any:
            for status in sorted({*statuses, 500}, reverse=True):
                func = self.alt_response(status, response=http.HTTPStatus(status).name)(func)
            return func

        return decorator

    def _make_pagination_metadata(
        self, page: int, page_size: int, item_count: int
    ) -> dict[str, Any]:
        """The ``X-Pagination`` header, complete on every page (also empty and past-the-end
        ones): total, total_pages, first_page, last_page, page, and previous/next page
        where there is one."""
        total_pages = (item_count + page_size - 1) // page_size
        last = max(total_pages, 1)
        meta: dict[str, Any] = {
            "total": item_count,
            "total_pages": total_pages,
            "first_page": 1,
            "last_page": last,
            "page": page,
        }
        if page > 1:
            meta["previous_page"] = min(page - 1, last)
        if page < last:
            meta["next_page"] = page + 1
        return meta


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
    over-long chunked body was parsed cut off."""

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


class _ClientBody(io.RawIOBase):
    """The server's input stream, its failures told as the client's: a chunked body
    whose framing is broken (gunicorn raises its parse errors from the read) or a
    connection that ends inside the body is a 400 naming it, never a 500."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            data = self.inner.read(len(buffer))
        except OSError as e:
            raise BadRequest(f"the request body broke off while it was read ({e})") from e
        except Exception as e:
            if not type(e).__module__.startswith("gunicorn.http"):
                raise
            raise BadRequest(
                f"the request body is malformed: {e} (in its chunked transfer coding)"
            ) from e
        buffer[: len(data)] = data
        return len(data)


class _Declared(LimitedStream):
    """A body with Content-Length: one that ends sooner is a 400 (gunicorn's stream just
    ends there, and the part received was read as if it were the whole body)."""

    def on_disconnect(self, error: Exception | None = None) -> None:
        raise BadRequest(
            f"the request body ended after {self._pos} of the {self.limit} bytes its "
            "Content-Length declares; nothing of it was used"
        )


class RefereeRequest(Request):
    @cached_property
    def stream(self) -> IO[bytes]:
        """The body: one with Content-Length is read to its end (400 when the connection
        ends sooner), a chunked one is held to ``max_content_length`` (413 beyond it), and
        a broken chunked framing is a 400. A body in a content coding (gzip, ...) is a 415
        naming it: read as it came, compressed bytes were taken for the archive itself."""
        coding = self.headers.get("Content-Encoding", "").strip().lower()
        if coding and coding != "identity":
            shown = coding[:40]
            abort(
                415,
                message=f"the body is sent with Content-Encoding {shown}, which this service "
                "does not decode: send it uncompressed, without Content-Encoding",
                messages={"headers": {"Content-Encoding": [f"{shown!r}: only identity"]}},
                headers={"Accept-Encoding": "identity"},
            )
        if "wsgi.input_terminated" not in self.environ:
            return super().stream
        inner = _ClientBody(self.environ["wsgi.input"])
        limit, length = self.max_content_length, self.content_length
        if length is not None:
            if limit is not None and length > limit:
                raise RequestEntityTooLarge()
            return cast(IO[bytes], _Declared(cast(IO[bytes], inner), length))
        if limit is not None:
            return io.BufferedReader(_AtMost(inner, limit))
        return io.BufferedReader(inner)


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


PAGINATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["total", "total_pages", "first_page", "last_page", "page"],
    "properties": {
        "total": {"type": "integer", "minimum": 0, "description": "items in all pages"},
        "total_pages": {"type": "integer", "minimum": 0},
        "first_page": {"type": "integer", "minimum": 1},
        "last_page": {"type": "integer", "minimum": 1},
        "page": {"type": "integer", "minimum": 1, "description": "this page"},
        "previous_page": {"type": "integer", "minimum": 1},
        "next_page": {"type": "integer", "minimum": 2},
    },
}


class RefereeApi(Api):
    """flask-smorest's Api whose errors are RFC 9457 problems."""

    ERROR_SCHEMA = ProblemSchema
    #: no catch-all ``default`` response: each operation lists the errors it can give
    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_responses(self) -> None:
        """Document every error response as ``application/problem+json``, as it is sent."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            if status >= 400:
                names = (*RATE_LIMIT_HEADERS, *ERROR_HEADERS.get(status, ()))
                response["headers"] = {name: header_ref(name) for name in names}
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)

    def _register_pagination_header(self) -> None:
        """``X-Pagination`` is a JSON object in a header: documented as such."""
        self.spec.components.header(
            "PAGINATION",
            {
                "description": "the page: total items and pages, this page, the previous and "
                "next page where there is one (JSON)",
                "content": {"application/json": {"schema": PAGINATION_SCHEMA}},
            },
            lazy=True,
        )

    def handle_http_exception(self, error: HTTPException) -> Any:
        return from_http_exception(error)
