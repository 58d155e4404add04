"""Which clauses each infraction kind and each ending applies: the rules as data.

Ids are written as the catalogue writes them (``ISkO 4.2.3``, ``SkWO 5.1``); a test
checks that every one exists in ``rules_kb/``.
"""

from __future__ import annotations

INFRACTION_KINDS = (
    "false_lead",
    "lead_before_declaration",
    "play_before_turn",
    "revoke",
    "skat_viewed",
    "cards_exposed",
    "tricks_reviewed",
    "improper_remark",
    "wrong_card_count",
    "invalid_declaration",
    "unauthorized_concession",
    "failed_claim",
    "failed_defender_claim",
)

#: the consequences every game-ending infraction is judged by (ISkO 4.1.3-4.1.6)
CONSEQUENCES = ("ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6")

KIND_CLAUSES: dict[str, tuple[str, ...]] = {
    "false_lead": ("ISkO 4.1.3", "ISkO 4.1.4"),
    "lead_before_declaration": ("ISkO 4.1.1",),
    "play_before_turn": ("ISkO 4.2.7",),
    "revoke": ("ISkO 4.2.3",),
    "skat_viewed": ("ISkO 4.2.8",),
    "cards_exposed": ("ISkO 4.1.9",),
    "tricks_reviewed": ("ISkO 4.4.6",),
    "improper_remark": ("ISkO 4.2.9", "ISkO 4.5.8"),
    "wrong_card_count": ("ISkO 3.4.6",),
    "invalid_declaration": ("ISkO 3.4.4",),
    "unauthorized_concession": ("ISkO 4.3.2",),
    "failed_claim": ("ISkO 4.3.4", "ISkO 4.4.5"),
    "failed_defender_claim": ("ISkO 4.3.5",),
}

#: skat_viewed: the phase decides the clause
SKAT_VIEWED_BY_PHASE: dict[str, tuple[str, ...]] = {
    "deal": ("ISkO 3.2.14", "ISkO 3.2.15"),
    "bidding": ("ISkO 3.3.9",),
    "declaring": ("ISkO 4.5.4", "ISkO 4.2.8"),
    "declarer_after_declaration": ("ISkO 3.4.7", "ISkO 3.4.8"),
    "playing": ("ISkO 4.2.8",),
}

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
