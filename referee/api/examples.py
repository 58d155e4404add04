"""Request and response examples for the OpenAPI description, taken from ``examples/``.

The records are the repository's own examples; the ruling shown is the one the engine
makes of them (a ruling is a function of the record, so the example never drifts). An
installed package without the repository's ``examples/`` folder documents no examples.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from referee.core.vocabulary import Language
from referee.service import engine

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"
#: the records shown, in this order (the first is the default example)
RECORDS = ("revoke-objected", "lay-down-claim", "passed-in")
GROUNDS = "The revoke was noticed before the cards were gathered; we ask the court to confirm it."


@functools.cache
def record(name: str) -> dict[str, Any] | None:
    path = EXAMPLES_DIR / f"{name}.json"
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _text(name: str) -> str | None:
    path = EXAMPLES_DIR / name
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


ISS_RECORD = _text("iss-record.sgf")


def _summary(name: str) -> str:
    rec = record(name) or {}
    return str((rec.get("meta") or {}).get("description") or name)


def record_examples() -> dict[str, Any] | None:
    """skat-log/1 records, by example name."""
    out = {n: {"summary": _summary(n), "value": record(n)} for n in RECORDS if record(n)}
    return out or None


def dispute_examples() -> dict[str, Any] | None:
    rec = record(RECORDS[0])
    if rec is None:
        return None
    note = "Forehand objected after trick 5; the table could not agree."
    value = {"record": rec, "note": note, "meta": {"table": "3"}}
    return {RECORDS[0]: {"summary": _summary(RECORDS[0]), "value": value}}


@functools.cache
def _ruling(name: str) -> dict[str, Any] | None:
    rec = record(name)
    return None if rec is None else engine.adjudicate(rec, Language.EN)


def ruling_examples() -> dict[str, Any] | None:
    """The rulings of the record examples (in English)."""
    out = {n: {"summary": _summary(n), "value": _ruling(n)} for n in RECORDS if record(n)}
    return out or None


def ruling(name: str = RECORDS[0]) -> dict[str, Any] | None:
    return _ruling(name)


def appeal_examples() -> dict[str, Any] | None:
    return {"grounds": {"summary": "an appeal with written grounds", "value": {"grounds": GROUNDS}}}
