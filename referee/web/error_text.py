"""Errors in the console's language, with their place.

Every coded error carries its values in ``params`` (:class:`~referee.core.errors.RefereeError`);
its text is ``error.<code>`` (or ``error.<code>.<variant>``) of ``rules_kb/messages/errors.yaml``.
The place stays beside the text, not translated into it: a record's JSON pointer
(``/events/19/card``) and, for text read line by line (JSON, ISS), line, column and move.

>>> from referee.core.errors import RecordError
>>> err = RecordError("unknown card token 'HX'", code="card.unknown",
...                   where={"event": 3, "field": "card"}, params={"token": "'HX'"})
>>> error_text(err, "de")[:25], pointer(err.where)
("Unbekannte Karte 'HX': Ei", '/events/3/card')
>>> json_reason("Expecting ',' delimiter", "es")
'falta una coma'
"""

from __future__ import annotations

import re
from typing import Any

from referee.core.cards import Card
from referee.core.errors import RefereeError
from referee.core.vocabulary import Language
from referee.rules.messages import default_messages
from referee.web.cards import card_view
from referee.web.i18n import text

#: why Python's JSON reader or the strict reader refused a text -> the reason's key
_JSON_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"^Expecting value", "json.expecting_value"),
        (r"^Expecting ',' delimiter", "json.expecting_comma"),
        (r"^Expecting ':' delimiter", "json.expecting_colon"),
        (r"^Expecting property name", "json.expecting_name"),
        (r"^Unterminated string", "json.unterminated_string"),
        (r"^Invalid control character", "json.control_character"),
        (r"^Invalid \\", "json.bad_escape"),
        (r"^Extra data", "json.extra_data"),
        (r"^Illegal trailing comma", "json.trailing_comma"),
        (r"^(?P<name>NaN|Infinity|-Infinity) is not valid JSON", "json.constant"),
        (r"NUL character", "json.nul"),
        (r"lone UTF-16 surrogate", "json.surrogate"),
        (
            r"^an integer of (?P<digits>\d+) digits is too long \(at most (?P<limit>\d+)\)",
            "json.long_integer",
        ),
        (r"^number (?P<number>\S+) is too large", "json.large_number"),
    )
)
#: parameters that name a card by its token: shown by its name in the language
_CARD_PARAMS = ("card",)
_CARDS = {c.name for c in Card}


def json_reason(reason: str, lang: Language) -> str:
    """Why a text is not JSON, in ``lang`` (a reason not known here: a general one)."""
    for pattern, key in _JSON_REASONS:
        match = pattern.search(reason)
        if match:
            return text(key, lang, **match.groupdict())
    return text("json.other", lang)


def error_key(error: RefereeError) -> str | None:
    """The catalogue key of ``error``'s text, None when it has none."""
    messages = default_messages()
    if messages.has(error.code):
        return error.code  # the console's own errors (console.*) name their text
    key = f"error.{error.code}"
    variant = error.params.get("variant")
    if variant and messages.has(f"{key}.{variant}"):
        return f"{key}.{variant}"
    return key if messages.has(key) else None


def error_text(error: RefereeError, lang: Language) -> str:
    """``error``'s text in ``lang`` (its English message when the catalogue has none)."""
    key = error_key(error)
    if key is None:
        return error.message
    params: dict[str, Any] = dict(error.params)
    for name in _CARD_PARAMS:
        if params.get(name) in _CARDS:
            params[name] = card_view(params[name], lang).label
    if "reason" in params:
        params["reason"] = json_reason(str(params["reason"]), lang)
    return default_messages().render(key, params, lang)


def pointer(where: dict[str, Any]) -> str | None:
    """The JSON pointer into the record that ``where`` names (None when it names none).

    >>> pointer({"event": 3}), pointer({"field": "deal.forehand[0]"}), pointer({"line": 1})
    ('/events/3', '/deal/forehand/0', None)
    """
    if isinstance(where.get("pointer"), str):  # placed by its own path (rule sets)
        return str(where["pointer"])
    parts: list[str] = []
    if where.get("event") is not None:
        parts += ["events", str(where["event"])]
    field = where.get("field")
    if isinstance(field, str) and field:
        parts += [p for p in re.split(r"[.\[\]]+", field) if p]
    if not parts:
        return None
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def place(where: dict[str, Any], lang: Language) -> str | None:
    """Line, column and move of text read line by line (``Zeile 1, Spalte 5``), or None."""
    parts = [
        text(f"error.place.{name}", lang, **{name: where[name]})
        for name in ("line", "column", "move")
        if where.get(name) is not None
    ]
    return ", ".join(parts) or None
