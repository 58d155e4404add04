"""What an appeal changed, for people: the facts (which events of the record
differ between two revisions) and the appeal a revision answers (grounds, admissibility).

The results (outcome, score, points) are compared by
:func:`referee.rulings.appeals.compare_rulings`; this module compares the *records*, so the
court sees which facts it amended. Everything comes out in the chosen language.

>>> a = {"deal": {}, "events": [{"type": "pass", "seat": "forehand"}]}
>>> b = {"deal": {}, "events": [{"type": "pass", "seat": "forehand"},
...                             {"type": "objection", "text": "revoke"}]}
>>> [(r["where"], r["before"], r["after"]) for r in fact_changes(a, b, "en")]
[('event 1', '—', 'The table: objection')]
"""

from __future__ import annotations

import difflib
import json
from typing import Any

from referee.core.vocabulary import Language
from referee.web.cards import cards_view
from referee.web.i18n import capitalized, text
from referee.web.ruling_view import event_text

#: the record's parts besides the events that an amendment may change, and their labels
_PARTS = (("table_size", "console.revisions.table_size"), ("players", "console.revisions.players"))


def _key(event: Any) -> str:
    return json.dumps(event, sort_keys=True, ensure_ascii=False)


def _event(event: Any, lang: Language) -> str:
    return event_text(event, lang) if isinstance(event, dict) else str(event)


def _where(index: int, lang: Language) -> str:
    return text("error.place.event", lang, event=index)


def fact_changes(
    before: dict[str, Any], after: dict[str, Any], lang: Language
) -> list[dict[str, Any]]:
    """Rows ``{"where", "before", "after"}``: the deal's hands, the table and the events
    that differ between two records (an event added or dropped shows "—" on the other side;
    ``where`` names the event's index in the later record, or in the earlier one if dropped)."""
    rows: list[dict[str, Any]] = []
    deal_a, deal_b = before.get("deal") or {}, after.get("deal") or {}
    for holder in ("forehand", "middlehand", "rearhand", "skat"):
        a, b = deal_a.get(holder), deal_b.get(holder)
        if sorted(a or []) != sorted(b or []):
            deal = text("console.revisions.deal", lang)
            rows.append(
                {
                    "where": f"{deal} · {capitalized(holder, lang)}",
                    "before": _cards(a, lang),
                    "after": _cards(b, lang),
                }
            )
    for part, label in _PARTS:
        a, b = before.get(part), after.get(part)
        if a != b:
            rows.append({"where": text(label, lang), "before": _plain(a), "after": _plain(b)})
    old = before.get("events") or []
    new = after.get("events") or []
    matcher = difflib.SequenceMatcher(a=[_key(e) for e in old], b=[_key(e) for e in new])
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + k, j1 + k
            gone = old[i] if i < i2 else None
            came = new[j] if j < j2 else None
            rows.append(
                {
                    "where": _where(j if came is not None else i, lang),
                    "before": _event(gone, lang) if gone is not None else "—",
                    "after": _event(came, lang) if came is not None else "—",
                }
            )
    return rows


def _cards(tokens: Any, lang: Language) -> str:
    if not isinstance(tokens, list):
        return "—"
    try:
        return ", ".join(c.label for c in cards_view(tokens, lang)) or "—"
    except (KeyError, ValueError, TypeError):
        return ", ".join(str(t) for t in tokens)


def _plain(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "—"
    return str(value)


def appeal_facts(revision: Any, reviewed: int | None, lang: Language) -> dict[str, Any] | None:
    """The appeal ``revision`` answers, in ``lang`` (None for a first ruling): the revision
    it reviews, the grounds, when it was lodged, its admissibility and whether the court
    ruled on an amended record."""
    appeal = getattr(revision, "appeal", None)
    if not appeal:
        return None
    verdict = appeal.get("admissibility") or {}
    status = verdict.get("status")
    return {
        "reviews": reviewed,
        "grounds": appeal.get("grounds") or "",
        "lodged_at": appeal.get("lodged_at"),
        "deadline": verdict.get("deadline"),
        "admissibility": text(f"console.admissibility.{status}", lang) if status else "—",
        "clauses": ", ".join(verdict.get("clauses") or []),
        "amended": bool(appeal.get("amended_record")),
    }
