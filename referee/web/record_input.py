"""Read what a referee pasted or uploaded: a ``skat-log/1`` record (JSON) or an ISS record.

Errors are coded (:class:`ConsoleInputError`, a RefereeError) and say which form field
they concern, so the page can show them next to it. The message keys are rendered in
the console's language by the view.

>>> read_record('{"format": "skat-log/1"}')["format"]
'skat-log/1'
>>> is_iss("(;GM[Skat]PC[International Skat Server]MV[w ...] ;)")
True
>>> try:
...     read_record("{oops")
... except ConsoleInputError as err:
...     err.code, err.where["field"], err.params["line"]
('console.new.not_json', 'record', 1)
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.errors import BadRequest
from referee.record.iss import parse_iss_record
from referee.record.iss_convert import iss_to_skatlog
from referee.record.strict_json import strict_json_loads


class ConsoleInputError(BadRequest):
    """A form field the console cannot use; ``code`` is the message key to show."""

    code = "console.input"

    def __init__(self, key: str, *, field: str, **params: Any):
        super().__init__(key, code=key, where={"field": field})
        self.params = params


def is_iss(text: str) -> bool:
    """Whether ``text`` looks like an ISS (SGF) record rather than JSON."""
    head = text.lstrip()[:200]
    return head.startswith("(;") or "GM[Skat]" in head


def read_record(text: str, *, field: str = "record") -> dict[str, Any]:
    """The ``skat-log/1`` document in ``text`` (an ISS record is converted)."""
    if not text.strip():
        raise ConsoleInputError("console.new.empty", field=field)
    if is_iss(text):
        return iss_to_skatlog(parse_iss_record(text.strip()))
    try:
        doc = strict_json_loads(text)
    except json.JSONDecodeError as exc:
        raise ConsoleInputError(
            "console.new.not_json", field=field, line=exc.lineno, column=exc.colno, reason=exc.msg
        ) from None
    if not isinstance(doc, dict):
        raise ConsoleInputError("console.new.not_object", field=field)
    return doc


def read_upload(data: bytes) -> str:
    """An uploaded file as text (UTF-8, a BOM is dropped)."""
    return data.decode("utf-8-sig", errors="replace")
