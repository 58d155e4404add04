"""Schemas shared by several resources (the ruling document, the language parameter)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from referee.service.model import LANGUAGES


class LangQuerySchema(ma.Schema):
    lang = ma.fields.String(
        validate=ma.validate.OneOf(LANGUAGES),
        metadata={"description": "language of every text (overrides Accept-Language)"},
    )


class SkatRulingSchema(ma.Schema):
    """A ``skat-ruling/1`` document (issue 5); returned exactly as the engine made it."""

    format = ma.fields.String(metadata={"example": "skat-ruling/1"})
    outcome = ma.fields.String(
        metadata={"enum": ["won", "lost", "passed_in", "redeal", "annulled", "undetermined"]}
    )
    declarer = ma.fields.Raw(allow_none=True)
    contract = ma.fields.Raw(allow_none=True)
    bid = ma.fields.Raw(allow_none=True)
    matadors = ma.fields.Raw(allow_none=True)
    multiplier = ma.fields.Raw(allow_none=True)
    game_value = ma.fields.Raw(allow_none=True)
    overbid = ma.fields.Raw(allow_none=True)
    score = ma.fields.Raw(allow_none=True)
    tournament_points = ma.fields.Raw(allow_none=True)
    card_points = ma.fields.Raw(allow_none=True)
    tricks = ma.fields.Raw(allow_none=True)
    ended = ma.fields.Raw(allow_none=True)
    infractions = ma.fields.List(ma.fields.Dict())
    citations = ma.fields.List(ma.fields.Dict())
    reasoning = ma.fields.List(ma.fields.Raw())

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        """Pass the engine's document through untouched (fields above are for the spec)."""
        return obj


class RecordSchema(ma.Schema):
    """A ``skat-log/1`` game record (validated by the engine, see docs/skatlog)."""

    class Meta:
        unknown = ma.INCLUDE

    format = ma.fields.String(required=True, metadata={"example": "skat-log/1"})
    meta = ma.fields.Dict()
    table_size = ma.fields.Integer()
    players = ma.fields.Dict()
    deal = ma.fields.Dict(required=True)
    events = ma.fields.List(ma.fields.Dict(), required=True)
