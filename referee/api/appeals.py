"""``POST /v1/disputes/{id}/appeals``: the Skat court hears an appeal and rules again."""

from __future__ import annotations

from typing import Any

from flask import g
from flask.views import MethodView

from referee.api import examples, presenters
from referee.api.context import authorized, language, principal, services
from referee.api.contract import header_ref
from referee.api.dispute_schemas import AppealSchema, IdempotencyHeaderSchema, RulingRevisionSchema
from referee.api.extensions import Blueprint
from referee.api.schemas import LangQuerySchema
from referee.service.disputes import APPELLATE
from referee.service.model import ID_PATH

blp = Blueprint(
    "appeals",
    __name__,
    url_prefix="/v1/disputes",
    description="Appeals to the Skat court (ISkO 4.5.10, SkWO 7.3.3, SkWO 9.10).",
)
CREATED_HEADERS = {name: header_ref(name) for name in ("Location", "Idempotent-Replayed")}


@blp.route(f"/<{ID_PATH}:dispute_id>/appeals")
class Appeals(MethodView):
    @authorized(*APPELLATE)
    @blp.doc(operationId="lodgeAppeal")
    @blp.arguments(LangQuerySchema, location="query")
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.arguments(AppealSchema, examples=examples.appeal_examples())
    @blp.response(201, RulingRevisionSchema, headers=CREATED_HEADERS)
    @blp.problems(400, 401, 403, 404, 409, 413, 415, 422, 429, 503)
    def post(
        self, _q: dict[str, Any], headers: dict[str, Any], data: dict[str, Any], dispute_id: int
    ) -> Any:
        """Lodge an appeal (court only): admissibility, a new ruling, and what changed.

        Late appeals are refused (422, code appeal.late). Without a schedule in the
        dispute's meta the appeal is heard with admissibility status unverified. The new
        revision's comparison lists what changed against the revision it reviews.
        An appeal reviews the ruling current when it is heard; if another appeal was
        stored meanwhile it is refused (409, code appeal.revision_not_current).
        """
        who = principal()
        g.record_pointer = "/record"
        (dispute, ruling), replayed = services().disputes.appeal(
            who,
            dispute_id,
            grounds=data["grounds"],
            lodged_at=data["lodged_at"],
            record=data["record"],
            rules=data["rules"],
            idem_key=headers.get("idempotency_key"),
        )
        extra = {"Location": presenters.ruling_url(ruling)}
        if replayed:
            extra["Idempotent-Replayed"] = "true"
        return presenters.ruling(ruling, language(), dispute.rulings), 201, extra
