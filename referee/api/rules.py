"""``GET /v1/rules`` and ``GET /v1/rules/{id}``: the ISkO/SkWO clause catalogue."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from referee.api.context import authorized, language
from referee.api.contract import NO_NUL
from referee.api.dispute_schemas import KINDS
from referee.api.extensions import ANONYMOUS_OK, Blueprint
from referee.api.schemas import LangQuerySchema
from referee.core.kinds import Kind
from referee.core.ruleset import Edition
from referee.rules.editions import Confidence
from referee.service import rules as catalogue

blp = Blueprint(
    "rules", __name__, url_prefix="/v1/rules", description="The ISkO and SkWO clause catalogue"
)


class RulesQuerySchema(LangQuerySchema):
    q = ma.fields.String(
        validate=[ma.validate.Length(max=200), NO_NUL],
        metadata={"description": "words to search in ids, titles, summaries"},
    )
    document = ma.fields.String(validate=ma.validate.OneOf(["ISkO", "SkWO"]))
    kind = ma.fields.String(
        validate=ma.validate.OneOf(KINDS),
        metadata={"description": "only clauses cited for this infraction kind"},
    )


class RuleQuerySchema(LangQuerySchema):
    edition = ma.fields.String(
        validate=ma.validate.OneOf([e.value for e in Edition]),
        metadata={
            "description": "read the id as the clause's number in this edition "
            "(4.4.4 with 2022 is ISkO 4.3.4); without it, the 1998/99 number"
        },
    )


class NumberSchema(ma.Schema):
    edition = ma.fields.String(metadata={"example": "2022"})
    name = ma.fields.String(metadata={"example": "ISkO 2018/2022"})
    number = ma.fields.String(
        allow_none=True,
        metadata={"description": "the clause's number in that edition; null where unknown"},
    )
    confidence = ma.fields.String(
        validate=ma.validate.OneOf([c.value for c in Confidence]),
        metadata={"description": "certain: seen in a source; inferred: probable; unknown"},
    )
    sources = ma.fields.List(
        ma.fields.String(), metadata={"description": "keys of the sources (docs/editions.md)"}
    )


class ClauseSchema(ma.Schema):
    id = ma.fields.String(metadata={"example": "ISkO 4.2.3"})
    document = ma.fields.String()
    edition = ma.fields.String()
    number = ma.fields.String()
    section_path = ma.fields.List(ma.fields.String())
    heading = ma.fields.Boolean()
    title = ma.fields.String()
    summary = ma.fields.String(allow_none=True)
    language = ma.fields.String(metadata={"description": "the language of title and summary"})
    refs = ma.fields.List(ma.fields.String())
    kinds = ma.fields.List(ma.fields.String())
    sources = ma.fields.List(ma.fields.String())
    notes = ma.fields.String(allow_none=True)
    numbers = ma.fields.List(
        ma.fields.Nested(NumberSchema),
        metadata={"description": "the clause's number in each later edition"},
    )


@blp.route("")
class Rules(MethodView):
    @authorized(anonymous_ok=True)
    @blp.doc(operationId="listRules", security=ANONYMOUS_OK)
    @blp.arguments(RulesQuerySchema, location="query")
    @blp.response(200, ClauseSchema(many=True))
    @blp.problems(401, 422, 429, 503)
    def get(self, args: dict[str, Any]) -> list[dict[str, Any]]:
        """All clauses, or those matching q (in the chosen language), document and kind."""
        return catalogue.find(
            language(),
            q=args.get("q"),
            document=args.get("document"),
            kind=Kind(args["kind"]) if args.get("kind") else None,
        )


@blp.route("/<path:clause_id>")
class Rule(MethodView):
    @authorized(anonymous_ok=True)
    @blp.doc(operationId="getRule", security=ANONYMOUS_OK)
    @blp.arguments(RuleQuerySchema, location="query")
    @blp.response(200, ClauseSchema)
    @blp.problems(401, 404, 422, 429, 503)
    def get(self, args: dict[str, Any], clause_id: str) -> dict[str, Any]:
        """One clause by id: ISkO 4.2.3 (URL-encoded) or isko-4.2.3; with edition=2022, by
        its number in that edition (ISkO 4.4.4 is ISkO 4.3.4)."""
        return catalogue.get(clause_id, language(), args.get("edition"))
