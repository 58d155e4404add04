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

from referee.record.replay import GameState, Irregularity, Marker, _innocent
from referee.rules.clauses import KIND_CLAUSES, SKAT_VIEWED_BY_PHASE
from referee.rulings.model import Infraction, Message

#: replayer notes that are not ISkO infractions (mentioned in the reasoning only)
NOT_INFRACTIONS = ("bidding_irregular", "play_after_end")
#: infractions whose timing the objection decides
TRICK_TIMED = ("false_lead", "play_before_turn")


def _first(markers: list[Marker], kind: str, after: int) -> Marker | None:
    return next((m for m in markers if m.type == kind and m.event > after), None)


def _trick_completion(state: GameState, event: int) -> tuple[int | None, int | None]:
    """(trick number, event index of its third card) for the trick holding ``event``."""
    for t in state.tricks:
        if any(e == event for _, _, e in t.plays):
            return t.number, t.last_event
    if state.current is not None and any(e == event for _, _, e in state.current.plays):
        return state.current.number, None
    return None, None


def _trick_closed(state: GameState, event: int) -> int | None:
    """Event index of the first card played after the trick holding ``event`` was complete
    (until then an objection or a demand to play on still counts as immediate, 4.2.3)."""
    _, completed_at = _trick_completion(state, event)
    if completed_at is None:
        return None
    for e in state.record.events[completed_at + 1 :]:
        if e.type == "play":
            return e.index
    return None


def detect(state: GameState) -> list[Infraction]:
    """Judge every irregularity of a replayed game (in record order)."""
    if not state.irregularities:
        return []
    markers = state.markers
    n_events = len(state.record.events)
    gathered = next((m for m in markers if m.type == "cards_gathered"), None)
    # a submission without cards_gathered is itself an objection at the end (issue rule)
    implicit_objection = None if gathered else n_events
    continues = [m for m in markers if m.type == "continue"]
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
                and _may_continue(state, m, irr)
            ),
            None,
        )
        if cont is not None:
            used_continue.add(cont.event)
        out.append(_judge(state, irr, cont, implicit_objection, gathered))
    return out


def _may_continue(state: GameState, m: Marker, irr: Irregularity) -> bool:
    """4.1.6: only the innocent party may demand that play goes on; a revoke can be
    corrected only while its trick is still on the table (after that 4.2.4 applies)."""
    if not _innocent(state, m.seat, irr.seat):
        return False
    if irr.kind == "revoke" and irr.event is not None:
        closed_at = _trick_closed(state, irr.event)
        if closed_at is not None and m.event > closed_at:
            return False
    return True


def _party(state: GameState, irr: Irregularity) -> str | None:
    if irr.seat is None or state.declarer is None:
        return None
    return "declarer" if irr.seat is state.declarer else "defenders"


def _judge(
    state: GameState,
    irr: Irregularity,
    cont: Marker | None,
    implicit_objection: int | None,
    gathered: Marker | None,
) -> Infraction:
    """The verdict on one irregularity; a penalty needs an objection (4.1.11): one that
    never came before the cards were gathered lets the game stand as played."""
    inf = _verdict(state, irr, cont, implicit_objection, gathered)
    if inf.status == "penalized" and gathered is not None and irr.event is not None:
        objection = _first(state.markers, "objection", irr.event)
        if objection is None or objection.event > gathered.event:
            inf.status, inf.ends_at = "expired", None
            inf.clauses = inf.clauses + ("ISkO 4.1.11",)
            inf.explanation = Message(
                "infraction.not_objected",
                {**inf.explanation.params, "gathered": gathered.event},
            )
    return inf


def _verdict(
    state: GameState,
    irr: Irregularity,
    cont: Marker | None,
    implicit_objection: int | None,
    gathered: Marker | None,
) -> Infraction:
    party = _party(state, irr)
    ev = irr.event if irr.event is not None else -1  # -1: the deal, before any event
    objection = _first(state.markers, "objection", ev)
    objected_at = objection.event if objection else implicit_objection
    clauses = KIND_CLAUSES.get(irr.kind, ())
    params = {
        "seat": irr.seat.value if irr.seat else None,
        "detail": irr.detail,
        "card": irr.card.name if irr.card is not None else None,
        "event": irr.event,
    }

    def make(
        status: str,
        key: str,
        clauses: tuple[str, ...] = clauses,
        ends_at: int | None = None,
        **extra: object,
    ) -> Infraction:
        return Infraction(
            irr.kind,
            irr.seat,
            party,
            irr.event,
            irr.trick,
            status,
            clauses,
            Message(key, {**params, **extra}),
            ends_at,
        )

    kind = irr.kind
    if cont is not None and kind != "wrong_card_count":
        return make(
            "waived", "infraction.waived", clauses + ("ISkO 4.1.6",), continue_event=cont.event
        )
    if kind in TRICK_TIMED:
        number, completed_at = _trick_completion(state, ev)
        if number == 10:
            return make("void", "false_lead.last_trick", clauses + ("ISkO 4.1.10",))
        if completed_at is not None and (objected_at is None or objected_at > completed_at):
            return make(
                "void",
                "false_lead.after_trick",
                clauses + ("ISkO 4.1.7",),
                trick_completed=completed_at,
            )
        if objected_at is None:
            return make("expired", "infraction.no_objection", clauses)
        base = ("ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.10") if kind == "false_lead" else clauses
        return make("penalized", f"{kind}.penalized", base, ends_at=ev)
    if kind == "revoke":
        if gathered is not None and (objection is None or objection.event > gathered.event):
            return make("expired", "revoke.expired", ("ISkO 4.2.5",), gathered=gathered.event)
        closed_at = _trick_closed(state, ev)
        later = closed_at is not None and objected_at is not None and objected_at > closed_at
        cl = ("ISkO 4.2.3", "ISkO 4.2.4") if later else ("ISkO 4.2.3",)
        return make(
            "penalized",
            "revoke.retroactive" if later else "revoke.penalized",
            cl,
            ends_at=ev,
            objected_at=objected_at,
        )
    if kind == "skat_viewed":
        if irr.phase in ("deal", "bidding"):
            cl = SKAT_VIEWED_BY_PHASE[irr.phase]
            return make("penalized", "skat_viewed.bidding", cl)
        if irr.phase == "declaring":
            if party == "declarer":
                return make("void", "skat_viewed.declarer_own", ("ISkO 2.2.1", "ISkO 4.5.4"))
            return make(
                "penalized", "skat_viewed.play", SKAT_VIEWED_BY_PHASE["declaring"], ends_at=ev
            )
        if irr.phase in ("finished", "passed_in"):
            return make("void", "infraction.after_game", ("ISkO 4.2.8",))
        if party == "declarer":
            return make(
                "penalized",
                "skat_viewed.declarer",
                SKAT_VIEWED_BY_PHASE["declarer_after_declaration"],
                ends_at=ev,
            )
        return make("penalized", "skat_viewed.play", SKAT_VIEWED_BY_PHASE["playing"], ends_at=ev)
    if kind == "cards_exposed":
        second_card = irr.subkind in ("second_card", "with_play")
        if party == "declarer" and not second_card:
            return make("void", "cards_exposed.declarer")
        many = second_card or _exposed_count(state, irr) >= 2
        if not many:
            return make("void", "cards_exposed.single")
        if irr.phase not in ("playing",):
            return make(
                "void",
                "infraction.after_game" if irr.phase == "finished" else "cards_exposed.before_play",
            )
        return make("penalized", "cards_exposed.penalized", clauses + ("ISkO 4.1.3",), ends_at=ev)
    if kind in ("tricks_reviewed", "improper_remark"):
        if irr.phase != "playing":
            return make(
                "void",
                "infraction.after_game" if irr.phase == "finished" else f"{kind}.outside_play",
            )
        return make("penalized", f"{kind}.penalized", ends_at=ev)
    if kind == "wrong_card_count":
        if irr.event is None:
            return make("penalized", "wrong_card_count.deal", ("ISkO 3.2.9", "ISkO 4.2.6"))
        return make(
            "penalized", "wrong_card_count.declarer", ("ISkO 3.4.6", "ISkO 4.2.6"), ends_at=ev
        )
    if kind == "invalid_declaration":
        if "not the declarer" in irr.detail or "already declared" in irr.detail:
            return make("void", "invalid_declaration.ignored", ("ISkO 3.4.1",))
        # not punished: corrected to the playable game of the same kind (3.4.5)
        return make("void", "invalid_declaration.corrected", ("ISkO 3.4.4", "ISkO 3.4.5"))
    if kind == "lead_before_declaration":
        if party == "declarer":
            return make(
                "penalized", "lead_before_declaration.declarer", ("ISkO 4.1.1",), ends_at=ev
            )
        # 4.1.1 names only the declarer; a defender's lead without right is a false lead that
        # ends the game against his side (4.1.3, 4.1.4), judged on the game then declared
        return make(
            "penalized",
            "lead_before_declaration.defender",
            ("ISkO 4.1.1", "ISkO 4.1.3", "ISkO 4.1.4"),
            ends_at=ev,
        )
    return make("void", "infraction.unknown")  # pragma: no cover


def _exposed_count(state: GameState, irr: Irregularity) -> int:
    event = state.record.events[irr.event] if irr.event is not None else None
    return len(event.cards or ()) if event is not None else 0
