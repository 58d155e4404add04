"""The entry form's own error: a draft it cannot read, named by a message key that the
console shows in its language. Apart from the form's modules so that each imports it
without importing the others."""

from __future__ import annotations

from typing import Any

from referee.core.errors import BadRequest


class EntryError(BadRequest):
    """A draft the form cannot read (a message key, shown in the console's language)."""

    code = "console.entry.bad_draft"

    def __init__(self, key: str, *, where: str, **params: Any):
        super().__init__(key, code=key, where={"field": where})
        self.params = params
