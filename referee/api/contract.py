"""The integration contract: the formats' JSON Schemas and what every operation documents.

The three formats (``skat-log/1``, ``skat-ruling/1`` and the replay) are JSON Schemas
(draft 2020-12) kept in ``referee/api/formats/``. The service serves them unchanged at
``/schemas/<name>.json``; the OpenAPI description (3.1, whose schemas are JSON Schema)
embeds them as components, their ``$defs`` lifted beside them so that every ``$ref`` in
the spec resolves against the spec itself.

>>> sorted(components("skat-ruling-1"))[:3]
['SkatRuling', 'SkatRulingAnalysis', 'SkatRulingByParty']
>>> components("skat-ruling-1")["SkatRuling"]["properties"]["contract"]["anyOf"][0]
{'$ref': '#/components/schemas/SkatRulingContract'}
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import marshmallow as ma
from apispec import BasePlugin

#: format file -> component name in the spec
FORMATS = {
    "skat-log-1": "SkatLog",
    "skat-ruling-1": "SkatRuling",
    "skat-replay-1": "Replay",
}
SCHEMA_JSON = "application/schema+json"
PROBLEM_JSON = "application/problem+json"


@functools.cache
def _format_text(name: str) -> str:
    return (resources.files("referee.api") / "formats" / f"{name}.schema.json").read_text(
        encoding="utf-8"
    )


def format_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a format, as served at ``/schemas/<name>.json`` (a fresh copy)."""
    schema: dict[str, Any] = json.loads(_format_text(name))
    return schema


def format_bytes(name: str) -> bytes:
    return _format_text(name).encode("utf-8")


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def components(name: str) -> dict[str, dict[str, Any]]:
    """The format as spec components: the root under its name, each ``$defs`` entry as
    ``<Name><Def>``, with every ``#/$defs/x`` rewritten to point at it."""
    root = FORMATS[name]
    schema = format_schema(name)
    defs = schema.pop("$defs", {})
    schema.pop("$schema", None)
    schema.pop("$id", None)
    schema["externalDocs"] = {
        "description": "the JSON Schema itself, served by the service",
        "url": f"/schemas/{name}.json",
    }

    def rewrite(node: Any, in_properties: bool = False) -> Any:
        """``$ref`` into the lifted defs; ``title`` dropped (generators name their models
        by it, and the formats reuse titles such as "Contract"), except where it is the
        name of a property."""
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                if key == "title" and not in_properties:
                    continue
                if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                    value = "#/components/schemas/" + root + _camel(value[len("#/$defs/") :])
                out[key] = rewrite(value, key in ("properties", "$defs"))
            return out
        if isinstance(node, list):
            return [rewrite(v) for v in node]
        return node

    out = {root: {"title": root, **rewrite(schema)}}
    for key, value in defs.items():
        out[root + _camel(key)] = {"title": root + _camel(key), **rewrite(value)}
    return out


#: free text may hold any character but NUL (U+0000), which no database column stores
NO_NUL = ma.validate.Regexp(r"^[^\x00]*$", error="must not contain NUL (U+0000) characters")

#: Python's white space (what ``str.strip`` removes), spelled out: the ``\s`` of JSON
#: Schema's regular expressions (ECMA-262) is another set
BLANK_CHARS = r"\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
#: a character that is not white space (a text holding one is not blank once stripped)
NOT_BLANK = rf"[^{BLANK_CHARS}]"

#: a name (a key's owner): no NUL, and not blank once stripped. The two leading classes
#: are disjoint, so matching stays linear in the length.
VISIBLE_NAME = ma.validate.Regexp(
    rf"^[{BLANK_CHARS}]*[^{BLANK_CHARS}\x00][^\x00]*$",
    error="must hold a character that is not white space, and no NUL (U+0000)",
)


def ref(component: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{component}"}


class Passthrough(dict[str, Any]):
    """A response "schema" that documents a spec component and sends the view's JSON
    unchanged (the formats are built by the engine, not by marshmallow)."""

    def __init__(self, component: str, *, many: bool = False) -> None:
        super().__init__({"type": "array", "items": ref(component)} if many else ref(component))

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        return obj


class Document(ma.fields.Raw):
    """A member holding a document of one of the formats (documented by ``$ref``)."""

    def __init__(self, component: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.component = component

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ma.ValidationError(f"must be a {self.component} document (a JSON object)")
        return value


def document_field_properties(
    self: Any, field: ma.fields.Field[Any], **kwargs: Any
) -> dict[str, Any]:
    """apispec attribute function: a :class:`Document` field is a ``$ref`` (or null)."""
    if not isinstance(field, Document):
        return {}
    if field.allow_none:
        return {"anyOf": [ref(field.component), {"type": "null"}]}
    return ref(field.component)


# -- headers ------------------------------------------------------------------------------

HEADERS: dict[str, dict[str, Any]] = {
    "X-RateLimit-Limit": {
        "description": "requests allowed per window for this key (every /v1/ response)",
        "schema": {"type": "integer", "minimum": 0},
    },
    "X-RateLimit-Remaining": {
        "description": "requests left in the current window",
        "schema": {"type": "integer", "minimum": 0},
    },
    "X-RateLimit-Reset": {
        "description": "when the current window ends (Unix time, seconds)",
        "schema": {"type": "integer", "minimum": 0},
    },
    "Retry-After": {
        "description": "seconds to wait before trying again",
        "schema": {"type": "integer", "minimum": 0},
    },
    "Location": {
        "description": "URL of the resource created (or found again by Idempotency-Key)",
        "schema": {"type": "string", "format": "uri-reference"},
    },
    "Idempotent-Replayed": {
        "description": "true when this is the stored answer to an earlier request with the "
        "same Idempotency-Key (nothing new was stored)",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "WWW-Authenticate": {
        "description": "the scheme to authenticate with",
        "schema": {"type": "string"},
    },
    "Allow": {"description": "the methods the resource allows", "schema": {"type": "string"}},
    "Accept-Encoding": {
        "description": "the content codings a body may come in: identity only (a body sent "
        "with another Content-Encoding is refused)",
        "schema": {"type": "string"},
    },
    "Results-Complete": {
        "description": "true when these results reach the job's end (a summary line closes "
        "them); false when more come: ask again with ?after= the value of Results-Next",
        "schema": {"type": "string", "enum": ["true", "false"]},
    },
    "Results-Next": {
        "description": "while results are not complete: the line number they reached, to "
        "send as ?after= to read on",
        "schema": {"type": "integer", "minimum": 0},
    },
}
RATE_LIMIT_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")


def header_ref(name: str) -> dict[str, str]:
    return {"$ref": "#/components/headers/" + name.replace("-", "")}


def register_headers(spec: Any) -> None:
    for name, header in HEADERS.items():
        spec.components.header(name.replace("-", ""), header)


#: the headers each error status carries besides the rate-limit ones
ERROR_HEADERS = {401: ("WWW-Authenticate",), 405: ("Allow",), 429: ("Retry-After",)}
ERROR_HEADERS[503] = ("Retry-After",)
# a job's results asked for before it is done: when to ask again
ERROR_HEADERS[409] = ("Retry-After",)
# a body in a content coding the service does not decode
ERROR_HEADERS[415] = ("Accept-Encoding",)


class ContractPlugin(BasePlugin):
    """Checks and completes every operation as it is registered: an ``operationId`` is
    required, and every response of a ``/v1/`` path documents the rate-limit headers."""

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            if method == "parameters":
                continue
            if "operationId" not in operation:
                raise ValueError(f"{method.upper()} {path} has no operationId")
            _add_examples(operation)
            if not (path or "").startswith("/v1/"):
                continue
            for response in operation.get("responses", {}).values():
                if isinstance(response, dict) and "$ref" not in response:
                    headers = response.setdefault("headers", {})
                    for name in RATE_LIMIT_HEADERS:
                        headers.setdefault(name, header_ref(name))


#: one real answer (and the request bodies without one in the code) per operationId, made
#: by the service on a throw-away database (scripts/response_examples.py)
EXAMPLES_FILE = Path(__file__).with_name("formats") / "response-examples.json"
#: request types a JSON Schema tool cannot write an example body of (schemathesis has no
#: serializer for JSON lines): one skat-log/1 record a line, as README's jobs example shows
NO_EXAMPLE_TYPES = frozenset({"application/x-ndjson", "application/jsonl"})


@functools.cache
def _examples() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    return data


def _add_examples(operation: dict[str, Any]) -> None:
    """The operation's 2xx answer (and its request body) get their example unless the
    code gave one."""
    op = operation.get("operationId", "")
    answer = _examples()["responses"].get(op)
    for status, response in operation.get("responses", {}).items():
        if not str(status).startswith("2") or not isinstance(response, dict):
            continue
        for mimetype, media in response.get("content", {}).items():
            if answer is not None and "example" not in media and "examples" not in media:
                # NDJSON's schema is one line: its example is the first line of the answer
                ndjson = mimetype == "application/x-ndjson" and isinstance(answer, str)
                media["example"] = json.loads(answer.splitlines()[0]) if ndjson else answer
    asked = _examples()["requests"].get(op)
    for mimetype, media in operation.get("requestBody", {}).get("content", {}).items():
        if mimetype in NO_EXAMPLE_TYPES:
            continue
        if asked is not None and "example" not in media and "examples" not in media:
            media["example"] = asked
