"""Per-request helpers for the views: the services, the caller, the language."""

from __future__ import annotations

import codecs
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from flask import current_app, g, request
from flask_smorest import abort

from referee.core.errors import InvalidInput
from referee.core.vocabulary import DEFAULT_LANGUAGE, LANGUAGES, Language, parse_language
from referee.http_status import status_for
from referee.record.strict_json import StrictJSONError, strict_json_loads
from referee.service.adjudication import AdjudicationService
from referee.service.disputes import DisputeService
from referee.service.errors import RequestMalformed, Unauthenticated
from referee.service.jobs import JobService
from referee.service.keys import ANONYMOUS, KeyService, Principal
from referee.service.ports import Backend
from referee.service.settings import Settings
from referee.service.webhooks import WebhookService


@dataclass
class Services:
    """What the app factory wires together (kept in ``app.extensions['referee']``)."""

    settings: Settings
    backend: Backend
    keys: KeyService
    disputes: DisputeService
    adjudication: AdjudicationService
    jobs: JobService
    webhooks: WebhookService


def services() -> Services:
    bundle: Services = current_app.extensions["referee"]
    return bundle


def bearer_token() -> str | None:
    """The API key from ``Authorization: Bearer …`` (None when absent)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def principal(*, anonymous_ok: bool = False) -> Principal:
    """The caller; without a key only where the operator opened the endpoint."""
    if "principal" in g:
        known: Principal = g.principal
        return known
    token = bearer_token()
    if token is None:
        if anonymous_ok and services().settings.anonymous_access:
            g.principal = ANONYMOUS
            return ANONYMOUS
        if request.headers.get("Authorization"):
            raise Unauthenticated("the Authorization header must be 'Bearer <key>'")
        raise Unauthenticated("an API key is required (Authorization: Bearer <key>)")
    who = services().keys.authenticate(token)
    g.principal = who
    return who


F = TypeVar("F", bound=Callable[..., Any])


def authorized(*roles: str, anonymous_ok: bool = False) -> Callable[[F], F]:
    """Authenticate the caller, then check the role, before anything reads the request.

    Put it above every ``@blp`` decorator of a view: those parse and validate the query,
    the headers and the body, and an unauthenticated or unauthorised caller must get 401
    or 403 before any validation runs or echoes a field error. Without
    ``roles`` any authenticated caller passes (the view or the service checks further).
    """

    def decorate(view: F) -> F:
        known: frozenset[str] | None = None

        @functools.wraps(view)
        def checked(*args: Any, **kwargs: Any) -> Any:
            nonlocal known
            who = principal(anonymous_ok=anonymous_ok)
            if roles:
                who.require(*roles)
            if request.args:
                known = query_names(view) if known is None else known
                refuse_unknown_query(known)
            return view(*args, **kwargs)

        return checked  # type: ignore[return-value]  # same signature as ``view``

    return decorate


#: the query parameters of a paginated operation (flask-smorest's)
PAGINATION_NAMES = frozenset({"page", "page_size"})


def query_names(view: Callable[..., Any]) -> frozenset[str]:
    """The query parameters ``view`` declares (its query schema's fields, and the
    pagination's), read from the documentation flask-smorest keeps on it: the names the
    spec lists for the operation."""
    doc: dict[str, Any] = getattr(view, "_apidoc", {})
    names: set[str] = set(PAGINATION_NAMES) if "pagination" in doc else set()
    for parameter in doc.get("arguments", {}).get("parameters", []):
        if parameter.get("in") == "query":
            schema = parameter["schema"]
            schema = schema() if isinstance(schema, type) else schema
            names.update(f.data_key or name for name, f in schema.load_fields.items())
    return frozenset(names)


def refuse_unknown_query(known: frozenset[str]) -> None:
    """A query parameter the operation does not know is a 422 naming it: a misspelt
    ``?afer=`` or ``?editon=`` must not silently give another answer than the one asked for
    (the whole results, the default edition). So is one given twice (every parameter
    takes one value): ``?table=7&table=8`` found the disputes of table 7 alone."""
    args = request.args
    wrong = {name: ["unknown query parameter"] for name in args if name not in known}
    wrong |= {
        name: ["given more than once; give it once"]
        for name in args
        if name in known and len(args.getlist(name)) > 1
    }
    if wrong:
        abort(
            status_for(InvalidInput),
            message="the request does not match the schema",
            messages={"query": dict(sorted(wrong.items()))},
        )


def language() -> Language:
    """``?lang=`` if given, else the best ``Accept-Language`` (else English).

    An unknown ``?lang=`` is a :class:`LanguageError` (400) naming the known languages; the
    view's query schema (:class:`~referee.api.schemas.LanguageParam`) already refused it
    before the view ran. ``Accept-Language`` is a preference list: none of ours in it
    means the default, as HTTP's content negotiation has it."""
    environ = request.environ
    if not environ.get("QUERY_STRING") and "HTTP_ACCEPT_LANGUAGE" not in environ:
        return DEFAULT_LANGUAGE  # (the common case, without parsing the query or the headers)
    lang = request.args.get("lang")
    if lang is not None:
        return parse_language(lang)
    if "HTTP_ACCEPT_LANGUAGE" not in environ:
        return DEFAULT_LANGUAGE
    return Language(
        request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE
    )


JSON_TYPE = "application/json"
#: the content types an ISS record may come in (the ISS server's own, and plain text)
ISS_TYPES = ("text/x-iss-sgf", "text/plain")
#: the schema of an ISS body: text holding at least one record, ``(;GM[Skat]...;)``
ISS_TEXT = {"type": "string", "pattern": r"\(;", "description": "ISS records, one a line"}


def is_json_mimetype(mimetype: str) -> bool:
    return mimetype == JSON_TYPE or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


#: the charsets a body may declare: UTF-8, and ASCII (a part of it), by their codec names
READ_CHARSETS = ("utf-8", "ascii")


def refuse_other_charset() -> None:
    """A 415 problem naming the charset when the Content-Type declares one other than
    UTF-8 (or ASCII). Every body is read as UTF-8: JSON exchanged between systems is
    UTF-8 (RFC 8259, 8.1), an NDJSON line is JSON, and the ISS server writes its records
    in UTF-8. A body decoded by what it declares would be read as other text than the
    same bytes under another label, so a platform re-encodes it instead."""
    charset = request.mimetype_params.get("charset")
    if charset is None:
        return
    try:
        name = codecs.lookup(charset).name
    except LookupError:
        name = ""
    if name in READ_CHARSETS:
        return
    shown = charset[:40]
    abort(
        415,
        message=f"the body is declared as charset={shown}; this service reads bodies as "
        "UTF-8 only (JSON is UTF-8, RFC 8259): encode it as UTF-8 and send charset=utf-8 "
        "or no charset",
        messages={"headers": {"Content-Type": [f"charset {shown!r}: must be utf-8"]}},
    )


def body_kind(*, iss: bool = False, json_ok: bool = True) -> str:
    """``"json"`` or ``"iss"`` by the request's Content-Type; any other is refused with a
    415 problem naming the types to use, as is a charset other than UTF-8."""
    mimetype = request.mimetype
    if not mimetype:  # no Content-Type: the endpoint's own format
        return "json" if json_ok else "iss"
    if json_ok and is_json_mimetype(mimetype):
        refuse_other_charset()
        return "json"
    if iss and mimetype in ISS_TYPES:
        refuse_other_charset()
        return "iss"
    wanted = [*([JSON_TYPE] if json_ok else []), *(ISS_TYPES if iss else ())]
    sent = f"Content-Type {mimetype}"
    abort(
        415,
        message=f"the body was sent with {sent}; send it as {' or '.join(wanted)}",
        messages={"headers": {"Content-Type": [f"must be one of: {', '.join(wanted)}"]}},
    )
    raise AssertionError("unreachable")  # abort raises


def json_error(exc: json.JSONDecodeError | UnicodeDecodeError) -> NoReturn:
    """A 400 for a body that is not JSON, naming the line and column where it breaks."""
    if isinstance(exc, StrictJSONError):  # valid JSON grammar this service may not store
        raise RequestMalformed(f"the body is not accepted: {exc.msg}", where={"location": "body"})
    if isinstance(exc, json.JSONDecodeError):
        detail = f"malformed JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        where: dict[str, Any] = {"line": exc.lineno, "column": exc.colno}
        if exc.doc.lstrip().startswith("(;"):  # an ISS record under a JSON Content-Type
            detail += f"; this looks like an ISS record: send it as {ISS_TYPES[0]}"
    else:
        detail, where = f"the body is not UTF-8: {exc.reason} at byte {exc.start}", {}
    raise RequestMalformed(detail, where={"location": "body", **where})


def json_object(*, pointer: str = "") -> dict[str, Any]:
    """The request body as a JSON object (400 for malformed JSON or another type)."""
    g.record_pointer = pointer
    try:
        data = strict_json_loads(request.get_data(cache=True))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        json_error(exc)
    if not isinstance(data, dict):
        raise RequestMalformed(
            "the body must be a JSON object", where={"location": "body", "pointer": ""}
        )
    return data


def iss_text() -> str:
    """The body as ISS text (UTF-8)."""
    try:
        return request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError as exc:
        json_error(exc)
