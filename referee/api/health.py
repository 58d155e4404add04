"""``GET /health`` (the process answers) and ``GET /ready`` (database and schema).

``/health`` never touches the database (nor the rate limiter, nor a session): a hung
database must not make a live process look dead. ``/ready`` connects, checks the
migration state and reads every table the code uses; what is wrong is named by its
code: ``service.database_unreachable``, ``service.migrations_pending`` or
``service.schema_broken``.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from referee.api.context import services
from referee.api.extensions import ANONYMOUS, Blueprint
from referee.api.problems import problem
from referee.core.errors import Unavailable
from referee.http_status import status_for

blp = Blueprint("health", __name__, description="Liveness and readiness probes")


class HealthSchema(ma.Schema):
    status = ma.fields.String(metadata={"example": "ok"})
    detail = ma.fields.String()


@blp.route("/health")
class Health(MethodView):
    @blp.doc(operationId="getHealth", security=ANONYMOUS)
    @blp.response(200, HealthSchema)
    @blp.problems()
    def get(self) -> dict[str, Any]:
        """Liveness: the process is up (the database is not asked)."""
        return {"status": "ok"}


@blp.route("/ready")
class Ready(MethodView):
    @blp.doc(operationId="getReadiness", security=ANONYMOUS)
    @blp.response(200, HealthSchema)
    @blp.problems(503)
    def get(self) -> Any:
        """Readiness: the database answers, its schema is the code's newest revision and
        every table and column the code uses is there."""
        found = services().backend.status()
        if not found.ready:
            return problem(
                status_for(Unavailable),
                found.detail,
                code=f"service.{found.problem or 'not_ready'}",
                headers={"Retry-After": "5"},
            )
        return {"status": "ready", "detail": found.detail}
