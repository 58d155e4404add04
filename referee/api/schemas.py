"""Schemas shared by several resources (the language parameter)."""

from __future__ import annotations

import marshmallow as ma

from referee.service.model import LANGUAGES


class LangQuerySchema(ma.Schema):
    lang = ma.fields.String(
        validate=ma.validate.OneOf(LANGUAGES),
        metadata={
            "description": "language of every text in the response (overrides "
            "Accept-Language); responses name it in their `language` member"
        },
    )
