"""Rule a record once and render the decision in every stored language."""

from __future__ import annotations

from typing import Any

from referee.core.ruleset import RuleSet
from referee.service import engine
from referee.service.model import LANGUAGES


def rule_all_languages(
    doc: dict[str, Any], rules: RuleSet | None = None, *, default: RuleSet | None = None
) -> dict[str, Any]:
    """``{lang: skat-ruling/1}`` for every language a stored ruling keeps: the engine
    runs once (under ``rules``, else the record's own, else ``default``), and the three
    texts render the same decision; each names the rule set it was made under."""
    decision = engine.rule(doc, rules=rules, default=default)
    return {lang: engine.render(decision, lang) for lang in LANGUAGES}


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
