"""``GET /health`` (the process answers) and ``GET /ready`` (database and schema)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from referee.api.context import services
from referee.api.extensions import Blueprint
from referee.api.problems import ProblemSchema, problem

blp = Blueprint("health", __name__, description="Liveness and readiness probes")


class HealthSchema(ma.Schema):
    status = ma.fields.String(metadata={"example": "ok"})
    detail = ma.fields.String()


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Liveness: the process is up."""
        return {"status": "ok"}


@blp.route("/ready")
class Ready(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, schema=ProblemSchema, content_type="application/problem+json")
    def get(self) -> Any:
        """Readiness: the database answers and its schema is the code's newest revision."""
        ok, detail = services().backend.status()
        if not ok:
            return problem(503, detail, code="service.not_ready")
        return {"status": "ready", "detail": detail}
