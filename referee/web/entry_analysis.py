"""The game-entry form's answer to the page: what the domain code makes of a draft.

After every change the script (``static/entry.js``) posts its draft; :func:`analyse`
answers with the seats and trick winners, the cards that follow suit, the cards placed by
elimination, the record and its ruling, or, while cards are missing, what the ruling
needs and what it can decide without them (never a ruling built on a half-entered deal).

An aid, not a ruling: the searches of one analysis (every completion's) may take at most
``budget`` nodes, and its long searches do not queue for the machine's one long-search
runner (:mod:`referee.service.analysis_gate`): past the budget, or with the runner busy,
it stops and answers with what it has found, saying that it was cut short (a dispute is
ruled in full when it is sent, or refused; never cut short).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

from referee.core.bidding import BID_VALUES
from referee.core.cards import Card, cards_to_str, mask_of
from referee.core.contracts import Game
from referee.core.errors import RefereeError
from referee.core.ruleset import RuleSet
from referee.core.tricks import follow_mask, is_revoke
from referee.core.vocabulary import Language
from referee.rulings.search.gate import BudgetSpent, metered
from referee.service import engine
from referee.web.cards import card_view, sort_hand
from referee.web.entry import (
    ALL_CARDS,
    COMPLETION_LIMIT,
    HOLDERS,
    SIZES,
    Draft,
    Table,
    build_record,
    deduce,
    holdings,
    play_seats,
    read_draft,
    unplaced_in_auction,
)
from referee.web.entry_auction import follow, looks_of
from referee.web.entry_facts import CHOICE, FACTS
from referee.web.error_text import error_text
from referee.web.i18n import term, text
from referee.web.ruling_view import event_text, outcome_line


def _completions(held: dict[str, list[str]], unknown: list[str]) -> Iterator[dict[str, list[str]]]:
    """Every way to give the unknown cards to the holders that still have room."""
    room = [(h, SIZES[h] - len(held[h])) for h in HOLDERS if SIZES[h] > len(held[h])]

    def place(i: int, left: list[str]) -> Iterator[dict[str, list[str]]]:
        if i == len(room):
            if not left:
                yield {}
            return
        holder, n = room[i]
        for chosen in itertools.combinations(left, n):
            rest = [c for c in left if c not in chosen]
            for tail in place(i + 1, rest):
                yield {holder: list(chosen), **tail}

    return place(0, unknown)


def _count_completions(held: dict[str, list[str]], unknown: int) -> int:
    total, left = 1, unknown
    for h in HOLDERS:
        n = SIZES[h] - len(held[h])
        if n > 0:
            total *= math.comb(left, n)
            left -= n
    return total


def _ruling_brief(doc: dict[str, Any], lang: Language) -> dict[str, Any]:
    return {
        "summary": outcome_line(doc),
        "score": doc.get("score"),
        "infractions": [
            {
                "kind": term(i.get("kind"), lang),
                "seat": term(i.get("seat"), lang) if i.get("seat") else "",
                "status": text(f"console.status.{i.get('status')}", lang),
                "trick": i.get("trick"),
                "clauses": i.get("clauses") or [],
                "explanation": i.get("explanation") or "",
            }
            for i in doc.get("infractions") or []
        ],
        "reasoning": [
            {"text": s.get("text", ""), "clauses": s.get("clauses") or []}
            for s in doc.get("reasoning") or []
        ],
    }


def _possible_line(doc: dict[str, Any], lang: Language) -> str:
    """One possible ruling in a line: the outcome and the infractions it punishes."""
    parts = [
        text(
            "console.entry.possible_infraction",
            lang,
            kind=term(i.get("kind"), lang),
            seat=term(i.get("seat"), lang) if i.get("seat") else "—",
            trick=i.get("trick") or "—",
            status=text(f"console.status.{i.get('status')}", lang),
        )
        for i in doc.get("infractions") or []
    ]
    return outcome_line(doc) + ("; " + "; ".join(parts) if parts else "")


def _same(doc: dict[str, Any]) -> tuple[Any, ...]:
    """What must agree for a ruling not to depend on the cards nobody entered."""
    return (
        doc.get("outcome"),
        doc.get("declarer"),
        doc.get("score"),
        tuple(
            (i.get("kind"), i.get("seat"), i.get("status"), i.get("trick"))
            for i in doc.get("infractions") or []
        ),
    )


def analyse(
    doc: Any, lang: Language, *, budget: int | None = None, rules: RuleSet | None = None
) -> dict[str, Any]:
    """Everything the entry page shows for a draft, in ``lang``, ruled under ``rules``
    (the service's default rule set); the searches of all its rulings take at most
    ``budget`` nodes (``None``: no bound but the request's)."""
    with metered(budget, wait=False):  # never queued behind a long search
        return _analyse(doc, lang, rules)


def _analyse(doc: Any, lang: Language, rules: RuleSet | None) -> dict[str, Any]:
    d = read_draft(doc)
    problems: list[dict[str, str]] = []
    if d.bid is not None and d.bid not in BID_VALUES:
        problems.append({"field": "bid", "message": text("console.entry.bad_bid", lang)})
    table = play_seats(d)
    held = holdings(d, table)
    for h in HOLDERS:
        if len(held[h]) > SIZES[h]:
            problems.append(
                {
                    "field": f"cards/{h}",
                    "message": text(
                        "console.entry.too_many",
                        lang,
                        holder=_holder_name(h, lang),
                        count=len(held[h]),
                        size=SIZES[h],
                    ),
                }
            )
    deduced = deduce(held) if not problems else {}
    for h, cards in deduced.items():
        held[h] = held[h] + cards
    placed = {c for cards in held.values() for c in cards}
    unknown = [c for c in ALL_CARDS if c not in placed]
    flagged: dict[int, str] = {}
    for p in table.plays:
        if not p.follows:
            flagged[p.index] = "no_follow"
    # a failure to follow is proven when the seat is known to have held a card that follows
    game = Game(d.game) if d.game else None
    if game is not None:
        for p in table.plays:
            if p.follows:
                continue
            trick = table.tricks[p.trick - 1]
            led = Card[trick.plays[0].card]
            later = {q.card for q in table.plays if q.seat == p.seat and q.index >= p.index}
            known = later | set(d.cards.get(p.seat, [])) | set(deduced.get(p.seat, []))
            if is_revoke(mask_of(Card[c] for c in known), led, Card[p.card], game):
                flagged[p.index] = "revoke_proven"
    if not unknown:  # every card known: only the failures to follow that were revokes stay
        flagged = {i: f for i, f in flagged.items() if f == "revoke_proven"}
    answer: dict[str, Any] = {
        "plays": [
            {
                "index": p.index,
                "card": p.card,
                "seat": p.seat,
                "trick": p.trick,
                "chosen_seat": p.chosen_seat,
                "flag": flagged.get(p.index),
            }
            for p in table.plays
        ],
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "winner": t.winner,
                "points": t.points,
                "cards": [p.index for p in t.plays],
            }
            for t in table.tricks
        ],
        "to_play": table.to_play,
        "led": table.led,
        "follows": _followers(table, game),
        "held": {h: sort_hand(held[h]) for h in HOLDERS},
        "deduced": {h: sort_hand(c) for h, c in deduced.items()},
        "room": {h: SIZES[h] - len(held[h]) for h in HOLDERS},
        "unknown": sort_hand(unknown),
        "auction": _auction_view(d),
        "problems": problems,
        "record": None,
        "ruling": None,
        "knowledge": None,
    }
    for k in unplaced_in_auction(d):  # chosen by the referee, never a default
        inc = d.incidents[k]
        what = text(FACTS[inc.type].label, lang)
        if inc.seat:
            what += " · " + _holder_name(inc.seat, lang)
        problems.append(
            {
                "field": f"incidents/{k}",
                "message": text("console.entry.need_auction_place", lang, what=what),
            }
        )
    if problems:
        return answer
    folded = any(i.type == CHOICE and i.values.get("choice") == "fold" for i in d.incidents)
    ended = d.ended_in_bidding  # the record stops with the auction: no contract to enter
    if not (d.passed or ended) and (
        d.declarer is None or (d.game is None and not folded) or d.bid is None
    ):
        # something happened during the bidding and nothing was played: the game may have
        # ended there, which step 1 says with the auction instead of a contract
        in_bidding = not d.plays and any(i.at == -1 for i in d.incidents)
        needed = [text(f"console.entry.need_contract{'_or_ended' if in_bidding else ''}", lang)]
        if unknown:
            needed.append(_need_cards(held, unknown, lang))
        answer["knowledge"] = {
            "needed": needed,
            "decided": [],
            "possible": [],
            "verdict": "unknown",
            "verdict_text": text("console.entry.verdict_unknown", lang),
        }
        return answer
    if not unknown:
        record = build_record(d, table, held, d.meta)
        answer["record"] = record
        answer["events"] = [event_text(e, lang) for e in record["events"]]
        try:
            ruling = engine.adjudicate(record, lang, default=rules)
        except RefereeError as exc:
            answer["problems"].append({"field": "record", "message": error_text(exc, lang)})
            return answer
        except BudgetSpent:
            answer["knowledge"] = {
                "needed": [],
                "decided": [],
                "possible": [],
                "verdict": "cut_short",
                "verdict_text": text("console.entry.ruling_cut_short", lang),
                "cut_short": True,
            }
            return answer
        answer["ruling"] = _ruling_brief(ruling, lang)
        plays_by_event = _play_indexes(record)
        answer["infraction_plays"] = sorted(
            {
                plays_by_event[i["event"]]
                for i in ruling.get("infractions") or []
                if i.get("event") in plays_by_event
            }
        )
        return answer
    answer["knowledge"] = _half_known(d, table, held, unknown, flagged, lang, rules)
    return answer


def _auction_view(d: Draft) -> dict[str, Any]:
    """The auction entered step by step: which steps break the order of ISkO 3.3 (they
    stay: evidence), whose turn it is, and the result."""
    view = follow(d.auction, looks_of(d.incidents))
    return {
        "flags": view.flags,
        "next": view.next,
        "over": view.over,
        "passed": view.passed,
        "declarer": view.declarer,
        "bid": view.bid,
    }


def _play_indexes(record: dict[str, Any]) -> dict[int, int]:
    """Event index -> index among the plays (the draft's numbering)."""
    out: dict[int, int] = {}
    for i, e in enumerate(record["events"]):
        if e["type"] == "play":
            out[i] = len(out)
    return out


def _need_cards(held: dict[str, list[str]], unknown: list[str], lang: Language) -> str:
    return text(
        "console.entry.need_cards",
        lang,
        count=len(unknown),
        where=", ".join(
            text(
                "console.entry.room",
                lang,
                holder=_holder_name(h, lang),
                count=SIZES[h] - len(held[h]),
            )
            for h in HOLDERS
            if SIZES[h] > len(held[h])
        ),
    )


def _followers(table: Table, game: Game | None) -> list[str]:
    if table.led is None or game is None:
        return list(ALL_CARDS)
    mask = follow_mask(Card[table.led], game)
    return cards_to_str(mask)


def _holder_name(holder: str, lang: Language) -> str:
    return text("console.entry.skat", lang) if holder == "skat" else term(holder, lang)


def _half_known(
    d: Draft,
    table: Table,
    held: dict[str, list[str]],
    unknown: list[str],
    flagged: dict[int, str],
    lang: Language,
    rules: RuleSet | None,
) -> dict[str, Any]:
    """What a ruling needs from the cards nobody entered, and what it can say without them."""
    needed = [_need_cards(held, unknown, lang)]
    decided = []
    for index, flag in sorted(flagged.items()):
        p = table.plays[index]
        key = (
            "console.entry.revoke_proven" if flag == "revoke_proven" else "console.entry.no_follow"
        )
        decided.append(
            text(
                key,
                lang,
                seat=term(p.seat, lang)[:1].upper() + term(p.seat, lang)[1:],
                card=card_view(p.card, lang).label,
                trick=p.trick,
            )
        )
    possible: list[str] = []
    count = _count_completions(held, len(unknown))
    verdict = "unknown"
    tried, cut = 0, False
    if count <= COMPLETION_LIMIT:
        rulings: dict[tuple[Any, ...], str] = {}
        for extra in _completions(held, unknown):
            full = {h: held[h] + extra.get(h, []) for h in HOLDERS}
            record = build_record(d, table, full, d.meta)
            try:
                doc = engine.adjudicate(record, lang, default=rules)
            except RefereeError:
                tried += 1
                continue
            except BudgetSpent:
                cut = True
                break
            tried += 1
            rulings.setdefault(_same(doc), _possible_line(doc, lang))
        possible = sorted(set(rulings.values()))
        verdict = "same" if len(rulings) == 1 else "depends" if rulings else "unknown"
        if cut and verdict != "depends":  # two rulings already differ: that stands
            verdict = "cut_short"
    return {
        "needed": needed,
        "decided": decided,
        "completions": count,
        "tried": tried,
        "cut_short": cut,
        "verdict": verdict,
        "verdict_text": text(f"console.entry.verdict_{verdict}", lang, count=count, tried=tried),
        "possible": possible,
    }
