"""The languages the referee speaks: every clause, message and ruling exists in each.

>>> LANGUAGES
('en', 'de', 'es')
"""

from __future__ import annotations

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES"]

#: English first: the fallback wherever a language is missing or unknown
LANGUAGES: tuple[str, ...] = ("en", "de", "es")
DEFAULT_LANGUAGE = "en"
