"""``GET /schemas/<format>.json``: the JSON Schemas of the formats, at stable URLs."""

from __future__ import annotations

from flask import Response
from flask.views import MethodView

from referee.api.contract import FORMATS, SCHEMA_JSON, format_bytes
from referee.api.extensions import ANONYMOUS, Blueprint

blp = Blueprint(
    "schemas",
    __name__,
    url_prefix="/schemas",
    description="The JSON Schemas (draft 2020-12) of skat-log/1, skat-ruling/1 and the replay.",
)
TITLES = {
    "skat-log-1": "The JSON Schema of skat-log/1, the game record.",
    "skat-ruling-1": "The JSON Schema of skat-ruling/1, the ruling.",
    "skat-replay-1": "The JSON Schema of the replayer's reconstruction.",
}
OPERATION_IDS = {
    "skat-log-1": "getSkatLogSchema",
    "skat-ruling-1": "getSkatRulingSchema",
    "skat-replay-1": "getReplaySchema",
}


def _view(name: str) -> type[MethodView]:
    class FormatSchema(MethodView):
        @blp.doc(operationId=OPERATION_IDS[name], security=ANONYMOUS, summary=TITLES[name])
        @blp.response(
            200,
            {"type": "object", "description": "a JSON Schema (draft 2020-12)"},
            content_type=SCHEMA_JSON,
            description="the JSON Schema",
        )
        @blp.problems()
        def get(self) -> Response:
            response = Response(format_bytes(name), mimetype=SCHEMA_JSON)
            response.cache_control.public = True
            response.cache_control.max_age = 3600
            return response

    FormatSchema.__name__ = "Schema_" + name.replace("-", "_")
    return FormatSchema


for _name in FORMATS:
    blp.add_url_rule(f"/{_name}.json", view_func=_view(_name))
