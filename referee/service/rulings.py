"""What a stored ruling is read for."""

from __future__ import annotations

from typing import Any


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
