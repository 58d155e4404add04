"""Reading records from files or stdin for the command line."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.core.errors import RecordError
from referee.record.log import GameRecord, parse_record_text


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` = stdin), with a coded error if it cannot be read."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}", code="record.unreadable") from None


def load_record(path: str) -> GameRecord:
    """Read and validate a skat-log/1 file."""
    return parse_record_text(read_text(path))
