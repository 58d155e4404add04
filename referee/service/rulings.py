"""Rule a record in every stored language, with the operator's claim-analysis budget."""

from __future__ import annotations

from typing import Any

from referee.service import engine
from referee.service.model import LANGUAGES


def rule_all_languages(doc: dict[str, Any], claim_budget_s: float | None) -> dict[str, Any]:
    """``{lang: skat-ruling/1}`` for every language a stored ruling keeps."""
    return {
        lang: engine.adjudicate(doc, lang=lang, claim_budget_s=claim_budget_s) for lang in LANGUAGES
    }


def infraction_kinds(ruling: dict[str, Any]) -> list[str]:
    """The distinct infraction kinds of a ruling, in order of appearance.

    >>> infraction_kinds({"infractions": [{"kind": "revoke"}, {"kind": "revoke"}]})
    ['revoke']
    """
    kinds: list[str] = []
    for item in ruling.get("infractions") or []:
        kind = item.get("kind") if isinstance(item, dict) else None
        if kind and kind not in kinds:
            kinds.append(kind)
    return kinds
