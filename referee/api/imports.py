"""``POST /v1/imports/iss``: a file of ISS records in, NDJSON rulings streamed out."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from flask import Response, json, request, stream_with_context
from flask.views import MethodView
from flask_smorest import abort
from werkzeug.exceptions import RequestEntityTooLarge

from referee.api.context import authorized, language, principal, services
from referee.api.extensions import Blueprint
from referee.api.problems import ProblemSchema
from referee.api.schemas import LangQuerySchema
from referee.service.adjudication import IMPORTERS

NDJSON = "application/x-ndjson"

blp = Blueprint(
    "imports",
    __name__,
    url_prefix="/v1/imports",
    description="Bulk rulings for platforms: ISS files in, NDJSON out (nothing stored).",
)


class ImportLineSchema(ma.Schema):
    """One NDJSON line: a ruling, an error, or (last) the summary."""

    index = ma.fields.Integer()
    game = ma.fields.Raw(allow_none=True)
    ruling = ma.fields.Dict(metadata={"description": "skat-ruling/1"})
    error = ma.fields.Dict(metadata={"description": "{code, message, ...where}"})
    summary = ma.fields.Dict(metadata={"example": {"games": 2, "ruled": 2, "errors": 0}})


@blp.route("/iss")
class IssImport(MethodView):
    @authorized(*IMPORTERS)
    @blp.arguments(LangQuerySchema, location="query")
    @blp.doc(
        requestBody={
            "required": True,
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "ISS records, one per line (text/plain or text/x-iss-sgf)",
        }
    )
    @blp.response(200, ImportLineSchema, content_type=NDJSON)
    @blp.alt_response(413, schema=ProblemSchema, content_type="application/problem+json")
    def post(self, _args: dict[str, Any]) -> Response:
        """Rule every game of an ISS file; one JSON line per game, then a summary line."""
        who = principal()
        lang = language()
        limit = services().settings.import_max_bytes
        request.max_content_length = limit
        if request.content_length is not None and request.content_length > limit:
            abort(413, message=f"the import is larger than {limit} bytes")
        text = io.TextIOWrapper(request.stream, encoding="utf-8", errors="replace")
        lines = services().adjudication.import_iss(who, text, lang)

        def ndjson() -> Iterator[str]:
            try:
                for item in lines:
                    yield json.dumps(item) + "\n"
            except RequestEntityTooLarge:  # chunked: found out while streaming the answer
                error = {
                    "code": "request.too_large",
                    "message": f"the import is larger than {limit} bytes; the rest was not read",
                }
                yield json.dumps({"error": error}) + "\n"

        return Response(stream_with_context(ndjson()), mimetype=NDJSON)
