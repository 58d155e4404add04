"""``POST /v1/adjudications``: a record in, a ruling out, nothing stored."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from referee.api import examples
from referee.api.context import (
    ISS_TEXT,
    ISS_TYPES,
    authorized,
    body_kind,
    iss_text,
    json_object,
    language,
    principal,
    services,
)
from referee.api.contract import Passthrough, ref
from referee.api.extensions import ANONYMOUS_OK, Blueprint
from referee.api.schemas import RulingQuerySchema, edition_of
from referee.service.adjudication import ADJUDICATORS

blp = Blueprint(
    "adjudications",
    __name__,
    url_prefix="/v1/adjudications",
    description="Stateless rulings for online platforms: nothing is stored.",
)
ISS_BODY = {
    "schema": {**ISS_TEXT, "description": "one ISS record (the server's game line)"},
    "example": examples.ISS_RECORD,
}


@blp.route("")
class Adjudications(MethodView):
    @authorized(*ADJUDICATORS, anonymous_ok=True)
    @blp.doc(
        operationId="ruleRecord",
        security=ANONYMOUS_OK,
        requestBody={
            "required": True,
            "description": "a skat-log/1 record as JSON, or one ISS record as text",
            "content": {
                "application/json": {
                    "schema": ref("SkatLog"),
                    "examples": examples.record_examples(),
                },
                **dict.fromkeys(ISS_TYPES, ISS_BODY),
            },
        },
    )
    @blp.arguments(RulingQuerySchema(), location="query")
    @blp.response(200, Passthrough("SkatRuling"), examples=examples.ruling_examples())
    @blp.problems(400, 401, 403, 413, 415, 422, 429, 503)
    def post(self, query: dict[str, Any]) -> dict[str, Any]:
        """Rule a skat-log/1 record (or a raw ISS record) and return its skat-ruling/1.

        Nothing is stored. The record's errors come back as a 422 problem whose errors
        name the event index and a JSON Pointer into the record.
        """
        who = principal(anonymous_ok=True)
        kind = body_kind(iss=True)
        lang = language()
        service = services().adjudication
        edition = edition_of(query)
        if kind == "iss":
            return service.adjudicate_iss(who, iss_text(), lang, edition)
        return service.adjudicate(who, json_object(), lang, edition)
