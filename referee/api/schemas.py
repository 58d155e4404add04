"""Schemas shared by several resources (the language and edition parameters)."""

from __future__ import annotations

import marshmallow as ma

from referee.core.ruleset import Edition
from referee.service.model import LANGUAGES


class LangQuerySchema(ma.Schema):
    lang = ma.fields.String(
        validate=ma.validate.OneOf(LANGUAGES),
        metadata={
            "description": "language of every text in the response (overrides "
            "Accept-Language); responses name it in their `language` member"
        },
    )


#: the editions a request may ask for
EDITION_VALUES = [e.value for e in Edition]


class RulingQuerySchema(LangQuerySchema):
    edition = ma.fields.String(
        validate=ma.validate.OneOf(EDITION_VALUES),
        metadata={
            "description": "the ISkO edition a record that names no rule set is ruled "
            "under (an ISS record never names one); default: the edition the key's "
            "owner chose (PUT /v1/keys/owners), else the service's (REFEREE_EDITION, "
            "1998 unless set)"
        },
    )


def edition_of(query: dict[str, object]) -> Edition | None:
    """The edition a request's query asks for (validated by :class:`RulingQuerySchema`)."""
    value = query.get("edition")
    return Edition(value) if isinstance(value, str) else None
