"""The one door to the adjudication engine: every engine call of the service goes here.

The engine modules are imported when first used, so the service starts (and reports a
clean 503) even when a part of the engine is missing; tests replace these functions in
one place.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from typing import IO, Any

from referee.service.errors import EngineUnavailable


def _load(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise EngineUnavailable(
            f"the engine function {module}.{name} is not available ({exc})",
            where={"engine": f"{module}.{name}"},
        ) from exc


def warm_up() -> None:
    """Load what the first ruling would otherwise load: the trick tables of every game
    and the clause catalogue with its messages (some 0.2 s, once per process)."""
    from referee.core.contracts import Game
    from referee.core.tricks import trick_outcomes

    for game in Game:
        trick_outcomes(game)
    _load("referee.kb.catalogue", "default_catalogue")()
    _load("referee.kb.messages", "default_messages")()


def parse_record(doc: dict[str, Any]) -> Any:
    """Validate a ``skat-log/1`` document (raises RecordError with ``where``)."""
    return _load("referee.record.log", "parse_record")(doc)


def adjudicate(
    doc: dict[str, Any], *, lang: str = "en", claim_budget_s: float | None = None
) -> dict[str, Any]:
    """Rule a ``skat-log/1`` document; returns a ``skat-ruling/1`` dict."""
    fn = _load("referee.kb.render", "adjudicate_document")
    return fn(doc, lang=lang, claim_budget_s=claim_budget_s)


def replay(doc: dict[str, Any], *, at: int | None = None) -> dict[str, Any]:
    """The replayer's reconstruction of a record, optionally up to event ``at``."""
    return _load("referee.record.replay", "replay_document")(doc, at=at)


def iter_iss_records(stream: IO[str] | Iterable[str]) -> Iterator[Any]:
    """ISS records read lazily from a text stream."""
    return _load("referee.record.iss", "iter_iss_records")(stream)


def iss_to_skatlog(rec: Any) -> dict[str, Any]:
    """Convert one parsed ISS record to a ``skat-log/1`` document."""
    return _load("referee.record.iss", "iss_to_skatlog")(rec)


def parse_iss_record(text: str) -> Any:
    """Parse one ISS record from its text."""
    return _load("referee.record.iss", "parse_iss_record")(text)


def catalogue() -> Any:
    """The rules catalogue (``get``, iteration, ``search``)."""
    return _load("referee.kb.catalogue", "default_catalogue")()
