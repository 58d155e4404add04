"""Schemas shared by several resources (the language and edition parameters)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from referee.core.ruleset import Edition
from referee.core.vocabulary import LANGUAGES, Language, LanguageError, parse_language


class LanguageParam(ma.fields.String):
    """The ``lang`` query parameter, loaded as a :class:`Language`.

    A language the referee does not speak is the caller's error, not a field that fails
    the schema: it raises :class:`LanguageError` (category BadRequest, a 400 by
    ``referee/http_status.py``) naming the parameter and the known languages.
    """

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"enum": [lang.value for lang in LANGUAGES], **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Language:
        try:
            return parse_language(value)
        except LanguageError as exc:
            name = attr or "lang"
            raise LanguageError(
                f"query parameter {name}: {exc.message}",
                where={"location": "query", "field": name},
                params=exc.params,
            ) from None


class LangQuerySchema(ma.Schema):
    lang = LanguageParam(
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
