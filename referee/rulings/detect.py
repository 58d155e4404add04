"""Infraction detection: the replayer's irregularities, judged for timing and party.

Each irregularity becomes an :class:`Infraction` with a status:

- ``penalized`` — it stands and (usually) ends the game at ``ends_at``;
- ``void`` — the rules do not punish it (a false lead noticed after its trick, 4.1.7; a
  false lead in the last trick, 4.1.10; a card the declarer dropped, 4.1.9);
- ``expired`` — it came too late to be claimed (a revoke after the cards were gathered,
  4.2.5);
- ``waived`` — the innocent side demanded play go on (4.1.6).

A record that ends without ``cards_gathered`` counts as an objection raised at its end.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.kinds import Kind
from referee.core.ruleset import DealerParty, ObjectionAtEnd, RuleSet
from referee.core.vocabulary import Status
from referee.record.event_model import EventType
from referee.record.replay import GameState, Irregularity, Marker, innocent
from referee.rulings.hearing import Hearing, first_marker, trick_closed
from referee.rulings.judges import JUDGES
from referee.rulings.model import Infraction, Message, Party

__all__ = ["NOT_INFRACTIONS", "detect"]

#: replayer notes that are not ISkO infractions (mentioned in the reasoning only)
NOT_INFRACTIONS = (
    "bidding_irregular",
    "play_after_end",
    "play_after_gathered",
    "dealt_out_of_turn",
    "announcement_completed",
    "late_announcement",
)


def detect(state: GameState, rules: RuleSet) -> list[Infraction]:
    """Judge every irregularity of a replayed game (in record order) under ``rules``."""
    if not state.irregularities:
        return []
    markers = state.markers
    n_events = len(state.record.events)
    gathered = next((m for m in markers if m.type == EventType.CARDS_GATHERED), None)
    # a submission without cards_gathered is itself an objection at the end (issue rule)
    implicit_objection = (
        None if gathered or rules.objection_at_end is ObjectionAtEnd.NONE else n_events
    )
    continues = [m for m in markers if m.type == EventType.CONTINUE]
    used_continue: set[int] = set()
    out: list[Infraction] = []
    irregularities = [i for i in state.irregularities if i.kind not in NOT_INFRACTIONS]
    for k, irr in enumerate(irregularities):
        nxt = irregularities[k + 1].event if k + 1 < len(irregularities) else None
        cont = next(
            (
                m
                for m in continues
                if m.event > (irr.event if irr.event is not None else -1)
                and m.event not in used_continue
                and (nxt is None or m.event < nxt)
                and _may_continue(state, m, irr, rules)
            ),
            None,
        )
        if cont is not None:
            used_continue.add(cont.event)
        out.append(_judge(state, irr, cont, implicit_objection, gathered, rules))
    return out


def _may_continue(state: GameState, m: Marker, irr: Irregularity, rules: RuleSet) -> bool:
    """4.1.6: only the innocent party may demand that play goes on; a revoke can be
    corrected only while its trick is still on the table (after that 4.2.4 applies)."""
    if irr.kind == Kind.DEALER_INFRACTION:
        # the dealer's act in play charged to the defenders (3.5.2): the declarer may play on
        return (
            rules.dealer_party is DealerParty.DEFENDERS
            and irr.subkind in ("skat", "remark")
            and irr.phase in ("declaring", "playing")
            and (m.seat is None or m.seat is state.declarer)
        )
    if not innocent(state, m.seat, irr.seat):
        return False
    if irr.kind == Kind.REVOKE and irr.event is not None:
        closed_at = trick_closed(state, irr.event)
        if closed_at is not None and m.event > closed_at:
            return False
    return True


def _party(state: GameState, irr: Irregularity) -> Party | None:
    if irr.seat is None or state.declarer is None:
        return None
    return Party.DECLARER if irr.seat is state.declarer else Party.DEFENDERS


def _judge(
    state: GameState,
    irr: Irregularity,
    cont: Marker | None,
    implicit_objection: int | None,
    gathered: Marker | None,
    rules: RuleSet,
) -> Infraction:
    """The verdict on one irregularity; a penalty needs an objection (4.1.11): one that
    never came before the cards were gathered lets the game stand as played."""
    ev = irr.event if irr.event is not None else -1  # -1: the deal, before any event
    objection = first_marker(state.markers, "objection", ev)
    hearing = Hearing(
        state=state,
        irr=irr,
        kind=Kind(irr.kind),
        party=_party(state, irr),
        event=ev,
        objection=objection,
        objected_at=objection.event if objection else implicit_objection,
        gathered=gathered,
        rules=rules,
    )
    if cont is not None and hearing.kind is not Kind.WRONG_CARD_COUNT:
        return hearing.verdict(
            Status.WAIVED,
            "infraction.waived",
            hearing.cites + ("ISkO 4.1.6",),
            continue_event=cont.event,
        )
    inf = JUDGES[hearing.kind](hearing)
    if (
        inf.status is Status.PENALIZED
        and implicit_objection is None
        and gathered is None
        and objection is None
        and irr.event is not None
    ):  # no objection in the record, and its end is not taken as one: the game stands
        inf = replace(
            inf,
            status=Status.EXPIRED,
            ends_at=None,
            clauses=inf.clauses + ("ISkO 4.1.11",),
            explanation=Message("infraction.no_objection_recorded", dict(inf.explanation.params)),
        )
    if inf.status is Status.PENALIZED and gathered is not None and irr.event is not None:
        if objection is None or objection.event > gathered.event:
            inf = replace(
                inf,
                status=Status.EXPIRED,
                ends_at=None,
                clauses=inf.clauses + ("ISkO 4.1.11",),
                explanation=Message(
                    "infraction.not_objected",
                    {**inf.explanation.params, "gathered": gathered.event},
                ),
            )
    return inf
