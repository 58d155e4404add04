"""The infraction kinds: one registry saying, for each kind, which clauses and messages it has.

This is the one place a kind is declared. The catalogue takes the ``kinds`` of every
clause from here, the judges (:mod:`referee.rulings.judges`) are keyed by :class:`Kind`,
and the tests check messages, clauses and cases against it.

>>> KINDS[Kind.REVOKE].cites
('ISkO 4.2.3',)
>>> sorted(k for k in KINDS if "ISkO 3.2.8" in KINDS[k].clauses)
['cards_exposed']
>>> Kind("revoke") == "revoke"
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from referee.core.vocabulary import Word

__all__ = [
    "CONSEQUENCES",
    "GENERAL_VERDICTS",
    "KINDS",
    "Kind",
    "KindSpec",
    "Origin",
    "kinds_by_clause",
]


class Kind(Word):
    """Every infraction the referee can find in a record."""

    FALSE_LEAD = "false_lead"
    LEAD_BEFORE_DECLARATION = "lead_before_declaration"
    PLAY_BEFORE_TURN = "play_before_turn"
    REVOKE = "revoke"
    SKAT_VIEWED = "skat_viewed"
    CARDS_EXPOSED = "cards_exposed"
    TRICKS_REVIEWED = "tricks_reviewed"
    IMPROPER_REMARK = "improper_remark"
    WRONG_CARD_COUNT = "wrong_card_count"
    INVALID_DECLARATION = "invalid_declaration"
    UNAUTHORIZED_CONCESSION = "unauthorized_concession"
    FAILED_CLAIM = "failed_claim"
    FAILED_DEFENDER_CLAIM = "failed_defender_claim"
    DEALER_INFRACTION = "dealer_infraction"
    CARD_TAKEN_BACK = "card_taken_back"
    HAND_VIEWED = "hand_viewed"
    PARTNER_STOPPED = "partner_stopped"
    OUVERT_NOT_LAID_OUT = "ouvert_not_laid_out"
    TRICKS_NOT_GATHERED = "tricks_not_gathered"


class Origin(StrEnum):
    """Where the engine finds a kind: an irregularity the replayer noted, or the way a
    game was cut short (a claim or concession that did not hold)."""

    IRREGULARITY = "irregularity"
    ENDING = "ending"


#: the verdicts any kind may get besides its own (:attr:`KindSpec.messages`): found after
#: the game or after its end, not objected to (or too late), or waived
GENERAL_VERDICTS = (
    "infraction.after_game",
    "infraction.after_end",
    "infraction.no_objection",
    "infraction.no_objection_recorded",
    "infraction.not_objected",
    "infraction.waived",
)

#: the consequences every game-ending infraction is judged by (ISkO 4.1.3-4.1.6)
CONSEQUENCES = ("ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6")


@dataclass(frozen=True, slots=True)
class KindSpec:
    """What the rules say about one kind of infraction.

    ``cites``: the clauses a ruling names for it by default; ``clauses``: every clause
    of the ISkO/SkWO that deals with it (the catalogue lists the kind on each);
    ``by_phase``: clauses that depend on the phase it happened in; ``messages``: the
    message keys (``rules_kb/messages/messages.yaml``) its verdicts use.
    """

    kind: Kind
    origin: Origin
    cites: tuple[str, ...]
    clauses: tuple[str, ...]
    messages: tuple[str, ...]
    by_phase: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def _spec(
    kind: Kind,
    cites: tuple[str, ...],
    clauses: tuple[str, ...],
    outcomes: tuple[str, ...],
    *,
    origin: Origin = Origin.IRREGULARITY,
    by_phase: Mapping[str, tuple[str, ...]] | None = None,
) -> KindSpec:
    messages = tuple(f"{kind.value}.{o}" for o in outcomes)
    return KindSpec(kind, origin, cites, clauses, messages, MappingProxyType(dict(by_phase or {})))


_SPECS = (
    _spec(
        Kind.FALSE_LEAD,
        ("ISkO 4.1.3", "ISkO 4.1.4"),
        ("ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6", "ISkO 4.1.7", "ISkO 4.1.10")
        + ("SkWO 8.4",),
        ("last_trick", "after_trick", "penalized"),
    ),
    _spec(
        Kind.LEAD_BEFORE_DECLARATION,
        ("ISkO 4.1.1",),
        ("ISkO 4.1.1",),
        ("declarer", "defender"),
    ),
    _spec(Kind.PLAY_BEFORE_TURN, ("ISkO 4.2.7",), ("ISkO 4.2.7",), ("harmless", "penalized")),
    _spec(
        Kind.REVOKE,
        ("ISkO 4.2.3",),
        ("ISkO 4.2.3", "ISkO 4.2.4", "ISkO 4.2.5", "SkWO 8.4"),
        ("expired", "retroactive", "penalized"),
    ),
    _spec(
        Kind.SKAT_VIEWED,
        ("ISkO 4.2.8",),
        ("ISkO 3.2.14", "ISkO 3.2.15", "ISkO 3.3.9", "ISkO 3.4.7", "ISkO 3.4.8", "ISkO 4.2.8")
        + ("SkWO 8.5",),
        ("bidding", "redrawn", "declarer_own", "play", "declarer", "declarer_play"),
        by_phase={
            "deal": ("ISkO 3.2.14", "ISkO 3.2.15"),
            "bidding": ("ISkO 3.3.9",),
            "declaring": ("ISkO 4.5.4", "ISkO 4.2.8"),
            "declarer_after_declaration": ("ISkO 3.4.7", "ISkO 3.4.8"),
            "playing": ("ISkO 4.2.8",),
        },
    ),
    _spec(
        Kind.CARDS_EXPOSED,
        ("ISkO 4.1.9",),
        ("ISkO 3.2.8", "ISkO 4.1.9"),
        (
            "during_deal",
            "declarer",
            "dropped",
            "single",
            "single_penalized",
            "before_play",
            "penalized",
        ),
    ),
    _spec(
        Kind.TRICKS_REVIEWED,
        ("ISkO 4.4.6",),
        ("ISkO 4.4.3", "ISkO 4.4.6", "SkWO 8.6"),
        (
            "outside_play",
            "penalized",
            "allowed",
            "unasked",
            "late_request",
            "on_request",
            "in_time",
        ),
    ),
    _spec(
        Kind.IMPROPER_REMARK,
        ("ISkO 4.2.9", "ISkO 4.5.8"),
        ("ISkO 4.2.9", "ISkO 4.5.8"),
        ("outside_play", "penalized"),
    ),
    _spec(
        Kind.WRONG_CARD_COUNT,
        ("ISkO 3.4.6",),
        ("ISkO 3.2.9", "ISkO 3.3.10", "ISkO 3.4.6", "ISkO 4.2.6"),
        (
            "deal",
            "redeal",
            "from_deal",
            "same_fault",
            "declarer",
            "declarers_choice",
            "two_cards",
            "no_card",
        ),
    ),
    _spec(
        Kind.INVALID_DECLARATION,
        ("ISkO 3.4.4",),
        ("ISkO 3.4.4", "ISkO 3.4.5"),
        ("ignored", "corrected", "corrected_by_declarer", "correction_refused"),
    ),
    _spec(
        Kind.UNAUTHORIZED_CONCESSION,
        ("ISkO 4.3.2",),
        ("ISkO 4.3.2",),
        ("record_stops", "void", "thrown_in"),
        origin=Origin.ENDING,
    ),
    _spec(
        Kind.FAILED_CLAIM,
        ("ISkO 4.3.4",),
        ("ISkO 4.3.4", "ISkO 4.4.5"),
        ("penalized", "no_effect"),
        origin=Origin.ENDING,
    ),
    _spec(
        Kind.FAILED_DEFENDER_CLAIM,
        ("ISkO 4.3.5",),
        ("ISkO 4.3.5", "ISkO 4.1.9"),
        ("penalized", "no_effect", "null", "null_no_effect", "null_claim"),
        origin=Origin.ENDING,
    ),
    _spec(
        Kind.DEALER_INFRACTION,
        ("SkWO 8.5",),
        ("ISkO 3.3.9", "ISkO 3.5.2", "ISkO 3.5.4", "ISkO 4.1.4", "ISkO 4.1.11", "ISkO 4.2.8")
        + ("ISkO 4.2.9", "ISkO 4.5.4", "SkWO 5.1", "SkWO 6.2", "SkWO 8.5"),
        ("skat_bidding", "skat_play", "remark", "hands", "skat_defenders", "remark_defenders"),
    ),
    _spec(
        Kind.CARD_TAKEN_BACK,
        ("ISkO 4.1.2",),
        ("ISkO 4.1.2", "ISkO 4.1.9"),
        ("penalized", "not_played", "declarer_shown"),
    ),
    _spec(
        Kind.HAND_VIEWED,
        ("ISkO 4.5.5",),
        ("ISkO 3.3.9", "ISkO 4.5.5", "ISkO 4.1.4"),
        ("bidding", "bidding_stands", "play", "not_punished"),
        by_phase={
            "deal": ("ISkO 3.3.9", "ISkO 4.5.5"),
            "bidding": ("ISkO 3.3.9", "ISkO 4.5.5"),
            "declaring": ("ISkO 4.5.5", "ISkO 4.1.4"),
            "playing": ("ISkO 4.5.5", "ISkO 4.1.4"),
        },
    ),
    _spec(
        Kind.PARTNER_STOPPED,
        ("ISkO 4.1.8", "ISkO 4.1.4"),
        ("ISkO 4.1.8",),
        ("penalized", "declarer", "outside_play"),
    ),
    _spec(
        Kind.OUVERT_NOT_LAID_OUT,
        ("ISkO 2.2.5",),
        ("ISkO 2.2.5", "ISkO 4.1.4"),
        ("requested", "refused", "not_open", "not_punished"),
    ),
    _spec(
        Kind.TRICKS_NOT_GATHERED,
        ("ISkO 4.4.4",),
        ("ISkO 4.4.4", "ISkO 4.4.5", "SkWO 8.6", "ISkO 4.1.4"),
        ("penalized", "declarer", "claim_held", "not_disproved", "no_trick", "not_punished"),
    ),
)

#: every kind's spec, in the order of :class:`Kind`
KINDS: Mapping[Kind, KindSpec] = MappingProxyType({s.kind: s for s in _SPECS})


def kinds_by_clause() -> dict[str, tuple[Kind, ...]]:
    """Clause id -> the kinds that deal with it (what the catalogue shows per clause).

    >>> kinds_by_clause()["SkWO 8.4"]
    ('false_lead', 'revoke')
    """
    out: dict[str, tuple[Kind, ...]] = {}
    for spec in KINDS.values():
        for clause in spec.clauses:
            out[clause] = (*out.get(clause, ()), spec.kind)
    return out
