"""``POST /v1/imports/iss``: a file of ISS records in, NDJSON rulings streamed out."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from flask import Response, json, request, stream_with_context
from flask.views import MethodView
from flask_smorest import abort

from referee.api import examples
from referee.api.context import ISS_TYPES, body_kind, language, principal, services
from referee.api.contract import Document
from referee.api.extensions import Blueprint
from referee.api.problems import problem_item
from referee.api.schemas import LangQuerySchema
from referee.core.errors import InvalidInput, RefereeError

NDJSON = "application/x-ndjson"

blp = Blueprint(
    "imports",
    __name__,
    url_prefix="/v1/imports",
    description="Bulk rulings for platforms: ISS files in, NDJSON out (nothing stored).",
)


class ImportErrorSchema(ma.Schema):
    """Why one game could not be ruled: the fields of a problem+json ``errors`` entry."""

    class Meta:
        unknown = ma.INCLUDE

    code = ma.fields.String(metadata={"description": "stable machine-readable code"})
    detail = ma.fields.String(metadata={"description": "what is wrong, in English"})
    line = ma.fields.Integer(metadata={"description": "line of the file (from 1)"})
    pointer = ma.fields.String(metadata={"description": "JSON Pointer into the converted record"})
    event = ma.fields.Integer(metadata={"description": "index of the converted record's event"})


class ImportSummarySchema(ma.Schema):
    games = ma.fields.Integer()
    ruled = ma.fields.Integer()
    errors = ma.fields.Integer()


class ImportLineSchema(ma.Schema):
    """One NDJSON line: a ruling, an error, or (last) the summary."""

    index = ma.fields.Integer(metadata={"description": "the game's position in the file (from 0)"})
    game = ma.fields.Raw(allow_none=True, metadata={"description": "the ISS game id"})
    ruling = Document("SkatRuling")
    error = ma.fields.Nested(ImportErrorSchema)
    summary = ma.fields.Nested(ImportSummarySchema)


class ImportNotIss(InvalidInput):
    """An import whose first record cannot be read: not an ISS file (HTTP 422)."""


def error_item(error: dict[str, Any]) -> dict[str, Any]:
    """A game's error (``{code, message, ...where}``) as a problem+json ``errors`` entry:
    ``code``, ``detail``, and where it is (``pointer`` into the converted record, ``event``,
    ``line``).

    >>> item = error_item({"code": "card.unknown", "message": "bad", "event": 3, "field": "card"})
    >>> item["code"], item["detail"], item["pointer"], item["event"]
    ('card.unknown', 'bad', '/events/3/card', 3)
    """
    where = {k: v for k, v in error.items() if k not in ("code", "message")}
    return problem_item(
        RefereeError(str(error.get("message")), code=error.get("code"), where=where)
    )


@blp.route("/iss")
class IssImport(MethodView):
    @blp.doc(
        operationId="importIss",
        requestBody={
            "required": True,
            "description": "ISS records, one per line",
            "content": {
                t: {"schema": {"type": "string"}, "example": examples.ISS_RECORD} for t in ISS_TYPES
            },
        },
    )
    @blp.arguments(LangQuerySchema, location="query")
    @blp.response(200, ImportLineSchema, content_type=NDJSON)
    @blp.problems(401, 403, 413, 415, 422, 429, 503)
    def post(self, _args: dict[str, Any]) -> Response:
        """Rule every game of an ISS file; one JSON line per game, then a summary line.

        An empty body, or one whose first line is not an ISS record, is a 422. A game that
        cannot be ruled gives a line with error (code, detail, and where it is: line,
        event, pointer), the same fields as a problem+json errors entry.
        """
        who = principal()
        lang = language()
        limit = services().settings.import_max_bytes
        request.max_content_length = limit
        if request.content_length is not None and request.content_length > limit:
            abort(413, message=f"the import is larger than {limit} bytes")
        text = io.TextIOWrapper(request.stream, encoding="utf-8", errors="replace")
        head: list[str] = []  # the lines up to the first record, read below
        lines = services().adjudication.import_iss(
            who, itertools.chain(head, text), lang
        )  # the role is checked here, before the body is read
        body_kind(iss=True, json_ok=False)
        for line in text:
            head.append(line)
            if line.strip():
                break
        if not any(line.strip() for line in head):
            abort(422, message="the body is empty: send ISS records, one per line")
        if "(;" not in head[-1]:
            raise ImportNotIss(
                f"line {len(head)} is not an ISS record; an ISS file holds one record "
                "(;GM[Skat]...;) a line",
                code="iss.not_iss",
                where={"line": len(head)},
            )

        def ndjson() -> Iterator[str]:
            for item in lines:
                if "error" in item:  # the fields of a problem+json errors entry
                    item = {**item, "error": error_item(item["error"])}
                yield json.dumps(item) + "\n"

        return Response(stream_with_context(ndjson()), mimetype=NDJSON)
