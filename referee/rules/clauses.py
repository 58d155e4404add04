"""Which clauses each ending and each step of valuation applies: the rules as data.

The clauses of the infraction kinds are declared in :mod:`referee.core.kinds`.

Ids are written as the catalogue writes them (``ISkO 4.2.3``, ``SkWO 5.1``); a test
checks that every one exists in ``rules_kb/``.
"""

from __future__ import annotations

from referee.core.kinds import Kind

#: every infraction kind code, in registry order (the registry: :mod:`referee.core.kinds`)
INFRACTION_KINDS: tuple[str, ...] = tuple(k.value for k in Kind)

ENDING_CLAUSES: dict[str, tuple[str, ...]] = {
    "played_out": ("ISkO 5.2.2", "ISkO 5.2.3", "ISkO 5.2.4"),
    "passed_in": ("ISkO 3.3.7",),
    "misdeal": ("ISkO 3.2.9",),
    "declarer_conceded": ("ISkO 4.3.1",),
    "declarer_conceded_with_consent": ("ISkO 4.3.2",),
    "defenders_conceded": ("ISkO 4.3.3",),
    "claim": ("ISkO 4.3.4",),
    "defender_claim": ("ISkO 4.3.5",),
    "thrown_in": ("ISkO 4.3.6",),
    "platform": ("ISkO 4.3.1",),
}

VALUE_CLAUSES = {
    "null": ("ISkO 5.1.2", "ISkO 5.2.7"),
    "suit": ("ISkO 5.1.1", "ISkO 5.2.1"),
    "overbid_pickup": ("ISkO 5.4.1",),
    "overbid_hand": ("ISkO 5.4.2",),
    "announced": ("ISkO 5.2.5",),
    "lost_double": ("ISkO 5.3.4",),
    "ouvert": ("ISkO 5.2.6",),
    "tournament": ("SkWO 5.1",),
}
