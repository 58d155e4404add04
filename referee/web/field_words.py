"""A ruling's fields and values in the console's language, for the pages that show them
(the ruling's context, the revisions page)."""

from __future__ import annotations

import json
from typing import Any

from referee.core.vocabulary import Language
from referee.rules.messages import default_messages
from referee.web.i18n import capitalized, term, text


def field_label(path: str, lang: Language) -> str:
    """A ruling field for people: ``card_points.declarer`` -> ``Augen · Alleinspieler``."""
    messages = default_messages()
    parts = []
    names = path.split(".")
    for i, part in enumerate(names):
        key = f"console.field.{part}"
        if messages.has(key):
            parts.append(text(key, lang))
        elif i and names[i - 1] == "readings":
            parts.append(part)  # a reading's id is its name, as the ruling cites it
        else:
            parts.append(capitalized(part, lang))
    return " · ".join(parts)


def value_words(value: Any, lang: Language) -> str:
    """A field's value in ``lang``: terms and endings translated, lists and objects in words."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return term(value, lang)
    if isinstance(value, str):
        key = f"console.reason.{value}"
        return text(key, lang) if default_messages().has(key) else term(value, lang)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        return ", ".join(
            f"{field_label(k, lang)}: {value_words(v, lang)}" for k, v in value.items()
        )
    if isinstance(value, list):
        words = []
        for item in value:
            if isinstance(item, dict) and "kind" in item:
                status = text(f"console.status.{item.get('status')}", lang)
                words.append(f"{capitalized(item['kind'], lang)} ({status})")
            elif isinstance(item, dict) and "id" in item:
                words.append(str(item["id"]))
            else:
                words.append(value_words(item, lang))
        return ", ".join(words) or "—"
    return json.dumps(value, ensure_ascii=False)


def field_value(path: str, value: Any, lang: Language) -> str:
    """A compared field's value in ``lang``; an outcome in the words the dispute list uses
    (``won`` -> ``gewonnen``), every other value as :func:`value_words` says it."""
    key = f"console.outcome.{value}"
    if path == "outcome" and isinstance(value, str) and default_messages().has(key):
        return text(key, lang)
    return value_words(value, lang)
