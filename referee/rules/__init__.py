"""The rules knowledge base: the ISkO/SkWO clause catalogue read from rules_kb/."""

from referee.rules.catalogue import (
    Catalogue,
    CatalogueError,
    Clause,
    ClauseNotFound,
    default_catalogue,
    load_catalogue,
)

__all__ = [
    "Catalogue",
    "CatalogueError",
    "Clause",
    "ClauseNotFound",
    "default_catalogue",
    "load_catalogue",
]
