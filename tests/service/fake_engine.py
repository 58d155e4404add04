"""TEMPORARY stand-in for referee.kb.render.adjudicate_document (until it lands)."""

from __future__ import annotations

from typing import Any

from referee.record.log import parse_record


def adjudicate_document(
    doc: dict[str, Any], *, lang: str = "en", claim_budget_s: float | None = None
) -> dict[str, Any]:
    parse_record(doc)
    kinds = [e["type"] for e in doc["events"] if e["type"] in ("expose", "remark")]
    outcome = "lost" if len(doc["events"]) % 2 else "won"
    return {
        "format": "skat-ruling/1",
        "outcome": outcome,
        "declarer": "forehand",
        "bid": 18,
        "score": 24 if outcome == "won" else -48,
        "infractions": [{"kind": k, "explanation": f"{lang}: {k}"} for k in kinds],
        "citations": [{"id": "ISkO 4.1.3", "title": f"{lang} title"}],
        "reasoning": [{"clause": "ISkO 4.1.3", "text": f"{lang} reasoning"}],
    }
