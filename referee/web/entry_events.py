"""The events the entry form writes for a draft: the auction's result, the declaration (and
a declaration corrected before the first card, ISkO 3.4.5) and the incidents of step 4.

>>> [e["type"] for e in auction("middlehand", 20)]
['bid', 'pass', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.seats import SEAT_NAMES
from referee.web.entry_errors import EntryError
from referee.web.entry_facts import FACTS, FLAGS, REDRAW, fact_event

#: the table sizes the form offers (skat-log/1: three to seven; ISkO 3.2.7) and the keys of
#: the names of those who sit out besides the dealer at five or more, in their order
TABLE_SIZES = (3, 4, 5, 6, 7)
SITTING_OUT_KEYS = ("sitting_out_1", "sitting_out_2", "sitting_out_3")


@dataclass
class Incident:
    """One fact of step 4 (an event of skat-log/1 or one of the form's own) and where it
    happened; its controls' values by field name (:mod:`referee.web.entry_facts`)."""

    type: str
    at: int  # plays before it; -1: during the bidding; -2: after the skat, before declaring
    seat: str | None = None
    #: the cards chosen in the step's card pool (for the fact's card field)
    cards: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    step: int | None = None  # during the bidding: after how many steps of the auction entered


def bidding_step(value: Any, at: int, steps: int, where: str) -> int | None:
    """The place of an incident during the bidding among the auction's steps entered."""
    if at != -1 or not steps or value in (None, ""):
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= steps:
        raise EntryError("console.entry.bad_incident", where=where)
    return value


def declarations(
    declarer: str, contract: dict[str, Any], incidents: list[Incident]
) -> list[dict[str, Any]]:
    """The ``declare`` event of the ``contract`` (game and flags); when the declarer
    corrected his announcement before the first card (ISkO 3.4.5), the first one as he
    made it, then the contract marked ``correction``."""
    final: dict[str, Any] = {"type": "declare", "seat": declarer, **contract}
    first = next((i for i in incidents if i.type == "correction" and i.values.get("game")), None)
    if first is None:
        return [final]
    announced: dict[str, Any] = {"type": "declare", "seat": declarer, "game": first.values["game"]}
    announced |= {flag: bool(first.values.get(flag)) for flag in FLAGS}
    return [announced, {**final, "correction": True}]


def auction(declarer: str | None, bid: int) -> list[dict[str, Any]]:
    """The shortest auction that ends with ``declarer`` at ``bid`` (or everybody passing)."""
    if declarer == "forehand":
        return [
            {"type": "bid", "seat": "middlehand", "value": bid},
            {"type": "hold", "seat": "forehand"},
            {"type": "pass", "seat": "middlehand"},
            {"type": "pass", "seat": "rearhand"},
        ]
    if declarer == "middlehand":
        return [
            {"type": "bid", "seat": "middlehand", "value": bid},
            {"type": "pass", "seat": "forehand"},
            {"type": "pass", "seat": "rearhand"},
        ]
    if declarer == "rearhand":
        return [
            {"type": "pass", "seat": "middlehand"},
            {"type": "bid", "seat": "rearhand", "value": bid},
            {"type": "pass", "seat": "forehand"},
        ]
    return [{"type": "pass", "seat": s} for s in ("middlehand", "rearhand", "forehand")]


def incident_events(inc: Incident) -> list[dict[str, Any]]:
    """The events of one fact of step 4 (the form's own facts written here, the declared
    types from their controls)."""
    if inc.type == "early_lead":  # a card led before the declaration (ISkO 4.1.1)
        return [{"type": "play", "seat": inc.seat, "card": inc.cards[0]}]
    if inc.type == "dealt_out_of_turn":  # the deal's mark with its flag (3.2.11-3.2.13)
        dealing = inc.values.get("dealing")
        if dealing == "dealt_again":
            return [{"type": "dealt", "dealt_again": True}]
        if dealing == "shuffle_fault":  # objected before the cards were taken up (3.2.10)
            return [{"type": "dealt", "shuffle_fault": True, "objected_in_time": True}]
        if dealing == "shuffle_fault_late":
            return [{"type": "dealt", "shuffle_fault": True}]
        flags = {"out_of_turn": True} | (
            {"earlier_round": True} if dealing == "earlier_round" else {}
        )
        return [{"type": "dealt", **flags}]
    return fact_event(FACTS[inc.type], inc.seat, inc.cards, inc.values)


def record_players(names: dict[str, str], table_size: int) -> dict[str, Any]:
    """The record's ``players``: the seats, the dealer at four or more, and at five or more
    those who sit out besides him (ISkO 3.2.7) when every one of them is named."""
    players: dict[str, Any] = {k: v for k, v in names.items() if k in SEAT_NAMES}
    if table_size >= 4 and names.get("dealer"):
        players["dealer"] = names["dealer"]
    out = [names.get(k) for k in SITTING_OUT_KEYS[: table_size - 4]]
    if table_size >= 5 and all(out):
        players["sitting_out"] = out
    return players


def dealt_before_redraw(
    hands: dict[str, list[str]], redrawn: Incident, skat_dealt: list[str]
) -> list[str]:
    """ISkO 3.2.15: the skat as dealt (the draft's ``skat_dealt``); the seat that took it
    into its hand held its ten cards and the new skat minus the old one when dealt
    (``hands`` is changed so). A dealt skat not among those twelve is refused."""
    seat = str(redrawn.seat)
    twelve = [c for c in hands[seat] if c not in redrawn.cards] + list(redrawn.cards)
    if len(skat_dealt) != 2 or any(c not in twelve for c in skat_dealt):
        raise EntryError("console.entry.bad_incident", where="skat_dealt")
    hands[seat] = [c for c in twelve if c not in skat_dealt]
    return list(skat_dealt)


def dealt_hands(
    hands: dict[str, list[str]],
    final_skat: list[str],
    taker: str | None,
    skat_dealt: list[str],
    incidents: list[Incident],
) -> list[str]:
    """The skat as dealt, ``hands`` changed to the hands as dealt: the declarer who took up
    the skat (``taker``) held the skat he put away instead of the one he took up, and a
    seat that took the skat into its hand (ISkO 3.2.15) the old skat instead of the new."""
    redrawn = next((i for i in incidents if i.type == REDRAW and i.seat), None)
    dealt_skat = final_skat
    if taker and skat_dealt and len(skat_dealt) == 2:
        dealt_skat = list(skat_dealt)
        taken = list(redrawn.cards) if redrawn else dealt_skat  # the skat he took up
        hands[taker] = [c for c in hands[taker] + final_skat if c not in taken]
    if redrawn is not None and redrawn.seat in hands:
        dealt_skat = dealt_before_redraw(hands, redrawn, skat_dealt)
    return dealt_skat
