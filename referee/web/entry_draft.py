"""A record back into the entry form's draft: to check the form against the examples, and to
prefill it when the court amends a record (views_amend.py).

The form says the seats, the auction's result, the contract, the cards in the order they
were played, the cards still in hand and the skat, and the incidents of step 4
(among them the dealer's acts at a table of four, a refused concession, the declarer's
choice). What it cannot say is refused with :class:`~referee.web.entry.EntryError`, never
bent into something else.
"""

from __future__ import annotations

from typing import Any

from referee.core.ruleset import RuleSet
from referee.core.seats import SEAT_NAMES
from referee.record.replay_json import replay_document
from referee.web.entry import INCIDENTS, EntryError, play_seats, read_draft
from referee.web.entry_auction import steps_of
from referee.web.entry_facts import CHOICE, FACTS, GATHERED, QUICK, REDRAW, draft_values

#: event types the form writes itself (from the seats, the auction's result and the contract)
_BUILT = ("bid", "hold", "pass", "pickup", "discard", "declare", "play")


def draft_from_record(
    record: dict[str, Any], *, full_auction: bool = False, rules: RuleSet | None = None
) -> dict[str, Any]:
    """The draft that produces ``record`` again: the auction's result, or its steps when
    they matter (a bidding irregularity) or ``full_auction`` asks for them. The record is
    replayed under ``rules`` (the court amends a record as its current ruling read it),
    else under the rule set it names.

    Raises :class:`EntryError` for what the form cannot say (a ``dealt`` mark after
    something happened during the deal, cards gathered without an objection after them, a
    bid after the game was taken up, a choice with corrected cards).
    """
    state = replay_document(record, rules=rules)
    deal = record["deal"]
    events = record.get("events") or []
    declares = [e for e in events if e["type"] == "declare"]
    # a declaration corrected before the first card (ISkO 3.4.5): the second one is the
    # contract, the first an incident; anything else the form cannot say
    if len(declares) > 2 or (len(declares) == 2 and not declares[1].get("correction")):
        raise EntryError("console.entry.bad_incident", where="events")
    declare = declares[-1] if declares else None
    discard = next((e for e in events if e["type"] == "discard"), None)
    folded = any(e["type"] == CHOICE and e.get("choice") == "fold" for e in events)
    draft: dict[str, Any] = {
        "table_size": record.get("table_size", 3),
        "players": _players(record.get("players") or {}),
        "declarer": state.get("declarer") or _chooser(events),
        "passed": state.get("phase") == "passed_in",
        "bid": state.get("bid") or _last_bid(events),
        "plays": [],
        "incidents": [],
    }
    if record.get("meta"):
        draft["meta"] = dict(record["meta"])  # the context goes back into the record as it was
    steps = steps_of(events)  # refuses a bidding step the form has no place for
    irregular = any(i["kind"] == "bidding_irregular" for i in state.get("irregularities") or [])
    if irregular or full_auction:
        draft["auction"] = steps
    if declare is None and not draft["passed"] and not folded:
        # a game that ended before any game was taken up: its auction and what happened
        if any(e["type"] in ("pickup", "discard", "play") for e in events) or not steps:
            raise EntryError("console.entry.bad_draft", where="events")
        draft["auction"], draft["ended_in_bidding"] = steps, True
    if declare is not None:
        for key in ("game", "hand", "schneider", "schwarz", "ouvert"):
            draft[key] = declare.get(key, False)
    if len(declares) == 2:
        first = declares[0]
        flags = {f: True for f in ("hand", "schneider", "schwarz", "ouvert") if first.get(f)}
        fix = {"type": "correction", "seat": first["seat"], "game": first["game"], "at": 0}
        draft["incidents"].append(fix | flags)
    plays: list[dict[str, Any]] = draft["plays"]
    played: set[str] = set()
    gathered = False
    taken_up = False
    for index, e in enumerate(events):
        kind = e["type"]
        if kind == "play" and declare is not None and events.index(declare) < index:
            expected = play_seats(read_draft({**draft, "plays": [*plays, {"card": e["card"]}]}))
            seat = expected.plays[-1].seat
            plays.append({"card": e["card"], "seat": None if seat == e["seat"] else e["seat"]})
            played.add(e["card"])
            if e.get("extra"):  # two cards to one trick (4.2.6): the second one with the play
                extra = {"type": "extra_cards", "seat": e["seat"], "cards": list(e["extra"])}
                draft["incidents"].append({**extra, "at": len(plays)})
                played.update(e["extra"])
        elif kind == "play" and declare is not None and not e.get("extra"):
            # a card led before the declaration (ISkO 4.1.1): an incident of its own
            lead = {"type": "early_lead", "seat": e["seat"], "cards": [e["card"]], "at": -2}
            draft["incidents"].append(lead)
            played.add(e["card"])
            taken_up = True
        elif kind == "play":
            raise EntryError("console.entry.bad_draft", where="events")
        elif kind == "dealt" and index == 0 and _dealing(e) is not None:
            # dealt out of turn (3.2.11-3.2.13, SkWO 9.4) or shuffled, cut or dealt wrongly
            # (3.2.2-3.2.4, 3.2.10): a fact of its own in the form
            dealing = _dealing(e)
            draft["incidents"].append({"type": "dealt_out_of_turn", "at": -1, "dealing": dealing})
        elif kind == "dealt" and index == 0:
            continue  # the deal ended before anything happened: the form's own start
        elif kind in _BUILT:
            taken_up = taken_up or kind in ("pickup", "discard")
        elif kind == GATHERED:
            gathered = True
        elif kind in INCIDENTS:
            before_play = declare is None or index < events.index(declare)
            inc: dict[str, Any] = {"type": kind, "at": -1 if before_play else len(plays)}
            said = sum(1 for e in events[:index] if e["type"] in ("bid", "hold", "pass"))
            if before_play and taken_up and FACTS[kind].steps:
                inc["at"] = -2  # after the skat was taken up (or a card led), before declaring
            elif before_play and FACTS[kind].steps:  # its place in the auction, said always
                inc["step"] = said
                if said:  # it matters: the record opens with the auction's steps
                    draft["auction"] = steps
            if e.get("seat") is not None:
                inc["seat"] = e["seat"]
            inc |= draft_values(FACTS[kind], e)  # a field the form does not offer is refused
            if gathered and kind == QUICK:
                inc["gathered"], gathered = True, False
            draft["incidents"].append(inc)
        else:
            raise EntryError("console.entry.bad_incident", where="events")
    if gathered:
        raise EntryError("console.entry.bad_incident", where="events")
    cards = {s: [c for c in deal[s] if c not in played] for s in SEAT_NAMES}
    skat = list(deal["skat"])
    redrawn = next((e for e in events if e["type"] == REDRAW), None)
    if redrawn is not None:  # 3.2.15: the seat kept ten of its twelve, the skat is new
        seat, new = redrawn["seat"], list(redrawn["cards"])
        cards[seat] = [c for c in cards[seat] + skat if c not in new and c not in played]
        draft["skat_dealt"], skat = skat, new
    if discard is not None and draft["declarer"]:
        mine = draft["declarer"]
        kept = cards[mine] + skat
        cards[mine] = [c for c in kept if c not in discard["cards"] and c not in played]
        if sorted(discard["cards"]) != sorted(skat) and redrawn is None:
            draft["skat_dealt"] = skat
        skat = list(discard["cards"])
    draft["cards"] = {**cards, "skat": skat}
    return draft


def _chooser(events: list[dict[str, Any]]) -> str | None:
    """The seat that made the declarer's choice (a fold leaves no declaration)."""
    return next((e.get("seat") for e in events if e["type"] == CHOICE), None)


def _last_bid(events: list[dict[str, Any]]) -> int | None:
    return next((e["value"] for e in reversed(events) if e["type"] == "bid"), None)


def _dealing(e: dict[str, Any]) -> str | None:
    """What a ``dealt`` mark says went wrong, as the form's ``dealing`` (None: nothing)."""
    if e.get("dealt_again"):
        return "dealt_again"
    if e.get("out_of_turn"):
        return "earlier_round" if e.get("earlier_round") else "out_of_turn"
    if e.get("shuffle_fault"):
        return "shuffle_fault" if e.get("objected_in_time") else "shuffle_fault_late"
    return None


def _players(players: dict[str, Any]) -> dict[str, Any]:
    """The record's names as the form keeps them: those who sit out besides the dealer at
    a table of five or more (``sitting_out``, a list) one key each."""
    out = {k: v for k, v in players.items() if k != "sitting_out"}
    for n, name in enumerate(players.get("sitting_out") or [], 1):
        out[f"sitting_out_{n}"] = name
    return out
