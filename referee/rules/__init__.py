"""The ISkO and SkWO as data: the clause catalogue (``rules_kb/``), the message texts in
German, English and Spanish, and the registry of infraction kinds.

>>> from referee.rules import Kind, KINDS, default_catalogue
>>> default_catalogue().get(KINDS[Kind.REVOKE].cites[0]).title["de"] != ""
True
"""

from referee.rules.catalogue import (
    Catalogue,
    CatalogueError,
    Clause,
    ClauseNotFound,
    default_catalogue,
    load_catalogue,
)
from referee.rules.kinds import KINDS, Kind, KindSpec, Origin, kinds_by_clause
from referee.rules.languages import DEFAULT_LANGUAGE, LANGUAGES
from referee.rules.messages import Messages, MessagesError, default_messages, load_messages

__all__ = [
    "DEFAULT_LANGUAGE",
    "KINDS",
    "LANGUAGES",
    "Catalogue",
    "CatalogueError",
    "Clause",
    "ClauseNotFound",
    "Kind",
    "KindSpec",
    "Messages",
    "MessagesError",
    "Origin",
    "default_catalogue",
    "default_messages",
    "kinds_by_clause",
    "load_catalogue",
    "load_messages",
]
