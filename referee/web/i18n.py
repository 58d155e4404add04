"""The console's language (chosen once, kept in the session) and its texts.

Every text comes from ``rules_kb/messages/`` (``console.yaml`` for the pages, the
ruling texts and terms for the rest), so the whole console switches together.

>>> text("console.nav.rules", "de"), term("middlehand", "es")
('Regeln', 'segunda mano')
"""

from __future__ import annotations

from typing import Any

from flask import request, session

from referee.core.vocabulary import LANGUAGES, Language, parse_language
from referee.rules.messages import default_messages

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español"}


def text(key: str, lang: Language, **params: Any) -> str:
    """The console text ``key`` in ``lang`` with ``params`` filled in."""
    return default_messages().render(key, params, lang)


def term(word: Any, lang: Language) -> str:
    """A seat, game, level or infraction kind in ``lang`` (unknown words unchanged)."""
    return str(default_messages().term(word, lang))


def capitalized(word: Any, lang: Language) -> str:
    """``term`` with a capital first letter (for the start of a cell or sentence)."""
    out = term(word, lang)
    return out[:1].upper() + out[1:]


def current_language() -> Language:
    """The session's language, else the browser's best match, else English.

    ``Accept-Language`` is a preference list (none of ours in it: English, as HTTP's
    negotiation has it); a language the user names (``?lang=``, the switch) is chosen with
    :func:`choose_language`, which refuses one the referee does not speak."""
    lang = session.get("lang")
    if lang in LANGUAGES:
        return Language(lang)
    return Language(request.accept_languages.best_match(LANGUAGES, default="en") or "en")


def choose_language(value: str) -> Language:
    """Keep the language ``value`` names for this session.

    A value that names none of the referee's languages is the user's error: a
    :class:`LanguageError` (400 by ``referee/http_status.py``) naming the known ones, and
    the session keeps the language it had."""
    lang = parse_language(value)
    session["lang"] = lang.value
    return lang
