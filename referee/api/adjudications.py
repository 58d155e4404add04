"""``POST /v1/adjudications``: a record in, a ruling out, nothing stored."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from referee.api.context import authorized, json_object, language, principal, services
from referee.api.extensions import Blueprint
from referee.api.problems import ProblemSchema
from referee.api.schemas import LangQuerySchema, RecordSchema, SkatRulingSchema
from referee.service.adjudication import ADJUDICATORS

ISS_MIMETYPE = "text/x-iss-sgf"

blp = Blueprint(
    "adjudications",
    __name__,
    url_prefix="/v1/adjudications",
    description="Stateless rulings for online platforms: nothing is stored.",
)


@blp.route("")
class Adjudications(MethodView):
    @authorized(*ADJUDICATORS, anonymous_ok=True)
    @blp.arguments(LangQuerySchema(), location="query")
    @blp.doc(
        requestBody={
            "required": True,
            "content": {
                "application/json": {"schema": RecordSchema},
                ISS_MIMETYPE: {"schema": {"type": "string", "description": "one ISS record"}},
            },
        }
    )
    @blp.response(200, SkatRulingSchema)
    @blp.alt_response(400, schema=ProblemSchema, content_type="application/problem+json")
    @blp.alt_response(422, schema=ProblemSchema, content_type="application/problem+json")
    def post(self, _query: dict[str, Any]) -> dict[str, Any]:
        """Rule a ``skat-log/1`` record (or a raw ISS record) and return ``skat-ruling/1``."""
        who = principal(anonymous_ok=True)
        lang = language()
        service = services().adjudication
        if request.mimetype == ISS_MIMETYPE:
            return service.adjudicate_iss(who, request.get_data(as_text=True), lang)
        return service.adjudicate(who, json_object(), lang)
