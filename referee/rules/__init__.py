"""The ISkO and SkWO as data: the clause catalogue (``rules_kb/``), the message texts in
German, English and Spanish (the registry of infraction kinds is :mod:`referee.core.kinds`).

>>> from referee.core.kinds import Kind, KINDS
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
from referee.rules.messages import Messages, MessagesError, default_messages, load_messages

__all__ = [
    "Catalogue",
    "CatalogueError",
    "Clause",
    "ClauseNotFound",
    "Messages",
    "MessagesError",
    "default_catalogue",
    "default_messages",
    "load_catalogue",
    "load_messages",
]
