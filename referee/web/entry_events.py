"""The events the entry form writes for a draft: the auction's result, the declaration (and
a declaration corrected before the first card, ISkO 3.4.5) and the incidents of step 4.

>>> [e["type"] for e in auction("middlehand", 20)]
['bid', 'pass', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.seats import SEAT_NAMES
from referee.record.event_types import EXPOSE_HOW
from referee.web.entry_errors import EntryError

#: the table sizes the form offers (skat-log/1: three to seven; ISkO 3.2.7) and the keys of
#: the names of those who sit out besides the dealer at five or more, in their order
TABLE_SIZES = (3, 4, 5, 6, 7)
SITTING_OUT_KEYS = ("sitting_out_1", "sitting_out_2", "sitting_out_3")
#: the flags of a declaration, written out on every ``declare`` event
FLAGS = ("hand", "schneider", "schwarz", "ouvert")


@dataclass
class Incident:
    """One fact of step 4 (an event of skat-log/1) and where it happened."""

    type: str
    at: int  # plays before it; -1: during the bidding; -2: after the skat, before declaring
    seat: str | None = None
    cards: list[str] = field(default_factory=list)
    trick: int | None = None
    text: str = ""
    gathered: bool = False
    into: str | None = None  # look_into_hand: whose hand the dealer looked into
    choice: str | None = None  # choice: play, fold or win
    game: str | None = None  # correction: the game first announced (ISkO 3.4.5)
    #: correction: what it announced; announce: the words added (hand, schneider, ...)
    flags: tuple[str, ...] = ()
    how: str | None = None  # expose: dropped, shown or with_play (None: not said)
    on_request: bool | None = None  # review_tricks: shown on request (4.4.3) or not (4.4.6)
    step: int | None = None  # during the bidding: after how many steps of the auction entered
    #: dealt_out_of_turn: out_of_turn, earlier_round or dealt_again (3.2.11-3.2.13, SkWO 9.4),
    #: shuffle_fault or shuffle_fault_late (3.2.2-3.2.4, 3.2.10)
    dealing: str | None = None
    refused: bool = False  # not_laid_out: asked, the declarer still did not lay out (2.2.5)
    #: lay_down: how many of the remaining tricks are claimed (None: all; ISkO 4.3.4); its
    #: ``cards`` are the line stated, in order, and its ``text`` the words said
    claimed: int | None = None
    mixed: bool = False  # tricks_not_gathered: gathered but mixed (4.4.4, SkWO 8.6)


def bidding_step(value: Any, at: int, steps: int, where: str) -> int | None:
    """The place of an incident during the bidding among the auction's steps entered."""
    if at != -1 or not steps or value in (None, ""):
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= steps:
        raise EntryError("console.entry.bad_incident", where=where)
    return value


def exposed_how(value: Any, incident: str, where: str) -> str | None:
    """How exposed cards became visible (ISkO 4.1.9); a word the record has not is refused."""
    if incident != "expose" or value in (None, ""):
        return None
    if value not in EXPOSE_HOW:
        raise EntryError("console.entry.bad_incident", where=where)
    return str(value)


def claimed_count(value: Any, kind: str, where: str) -> int | None:
    """lay_down: how many of the remaining tricks were claimed (None or "": all of them)."""
    if kind != "lay_down" or value in (None, ""):
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise EntryError("console.entry.bad_incident", where=f"{where}/claimed")
    return value


def declarations(
    declarer: str, contract: dict[str, Any], incidents: list[Incident]
) -> list[dict[str, Any]]:
    """The ``declare`` event of the ``contract`` (game and flags); when the declarer
    corrected his announcement before the first card (ISkO 3.4.5), the first one as he
    made it, then the contract marked ``correction``."""
    final: dict[str, Any] = {"type": "declare", "seat": declarer, **contract}
    first = next((i for i in incidents if i.type == "correction" and i.game), None)
    if first is None:
        return [final]
    announced: dict[str, Any] = {"type": "declare", "seat": declarer, "game": first.game}
    announced |= {flag: flag in first.flags for flag in FLAGS}
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
    if inc.type == "early_lead":  # a card led before the declaration (ISkO 4.1.1)
        return [{"type": "play", "seat": inc.seat, "card": inc.cards[0]}]
    if inc.type == "dealt_out_of_turn":  # the deal's mark with its flag (3.2.11-3.2.13)
        if inc.dealing == "dealt_again":
            return [{"type": "dealt", "dealt_again": True}]
        if inc.dealing == "shuffle_fault":  # objected before the cards were taken up (3.2.10)
            return [{"type": "dealt", "shuffle_fault": True, "objected_in_time": True}]
        if inc.dealing == "shuffle_fault_late":
            return [{"type": "dealt", "shuffle_fault": True}]
        flags = {"out_of_turn": True} | (
            {"earlier_round": True} if inc.dealing == "earlier_round" else {}
        )
        return [{"type": "dealt", **flags}]
    event: dict[str, Any] = {"type": inc.type}
    if inc.seat:
        event["seat"] = inc.seat
    if inc.type == "take_back":  # a card taken back into the hand (ISkO 4.1.2, 4.1.9)
        event["card"] = inc.cards[0]
    if inc.type == "stop_partner" and inc.cards:  # the card held back (4.1.8), kept
        event["card"] = inc.cards[0]
    if inc.type in ("expose", "skat_redrawn"):  # skat_redrawn: the new skat (ISkO 3.2.15)
        event["cards"] = list(inc.cards)
    if inc.type == "expose" and inc.how:
        event["how"] = inc.how
    if inc.type == "review_tricks":
        event["trick"] = inc.trick or 1
        if inc.on_request is not None:
            event["on_request"] = inc.on_request
    if inc.type == "look_into_hand":
        event["into"] = inc.into or "forehand"
    if inc.type == "not_laid_out" and inc.refused:  # an open game's cards (ISkO 2.2.5)
        event["refused"] = True
    if inc.type == "lay_down":  # what the claim said (ISkO 4.3.4)
        if inc.claimed:
            event["tricks"] = inc.claimed
        if inc.cards:
            event["line"] = list(inc.cards)
        if inc.text:
            event["text"] = inc.text
    if inc.type == "tricks_not_gathered":  # from which trick on (ISkO 4.4.4, 4.4.5)
        event["trick"] = inc.trick or 1
        if inc.mixed:
            event["mixed"] = True
    if inc.type == "choice":
        event["choice"] = inc.choice or "play"
    if inc.type == "announce":  # words added to the announcement (ISkO 3.4.1)
        event |= {f: True for f in inc.flags}
    if inc.type == "remark":
        event["text"] = inc.text or "—"
    elif inc.type in ("objection", "announce") and inc.text:
        event["text"] = inc.text
    out = [event]
    if inc.type == "objection" and inc.gathered:
        out.insert(0, {"type": "cards_gathered"})
    return out


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
    redrawn = next((i for i in incidents if i.type == "skat_redrawn" and i.seat), None)
    dealt_skat = final_skat
    if taker and skat_dealt and len(skat_dealt) == 2:
        dealt_skat = list(skat_dealt)
        taken = list(redrawn.cards) if redrawn else dealt_skat  # the skat he took up
        hands[taker] = [c for c in hands[taker] + final_skat if c not in taken]
    if redrawn is not None and redrawn.seat in hands:
        dealt_skat = dealt_before_redraw(hands, redrawn, skat_dealt)
    return dealt_skat
