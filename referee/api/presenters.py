"""Turn service objects into the JSON the schemas describe (ruling texts in one language)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.vocabulary import Language
from referee.rulings.appeals import reason_in
from referee.service.model import Dispute, Revision


def dispute_url(dispute_id: int | None) -> str:
    return f"/v1/disputes/{dispute_id}"


def ruling_url(ruling: Revision) -> str:
    return f"{dispute_url(ruling.dispute_id)}/rulings/{ruling.revision}"


def ruling(r: Revision, lang: Language, revisions: Sequence[Revision]) -> dict[str, Any]:
    """A ruling revision with its ``skat-ruling/1`` document in ``lang`` and the record it
    ruled; ``revisions`` are its dispute's (to name the one it reviews by its number)."""
    numbers = {other.id: other.revision for other in revisions}
    reviews = None if r.reviews is None else numbers.get(r.reviews)
    return {
        "id": r.id,
        "dispute_id": r.dispute_id,
        "revision": r.revision,
        "created_at": r.created_at,
        "created_by": r.created_by,
        "reviews": reviews,
        "reviews_url": None
        if reviews is None
        else f"{dispute_url(r.dispute_id)}/rulings/{reviews}",
        "record": r.record,
        "language": lang,
        "document": r.in_language(lang),
        "appeal": appeal(r.appeal, lang),
        "comparison": r.comparison,
        "record_amended": bool(r.appeal and r.appeal.get("amended_record")),
        "url": ruling_url(r),
    }


def appeal(stored: dict[str, Any] | None, lang: Language) -> dict[str, Any] | None:
    """The appeal a revision answers, its admissibility's reason in ``lang`` (the stored
    appeal keeps the English one; nothing stored is changed)."""
    if not stored or not isinstance(stored.get("admissibility"), dict):
        return stored
    verdict = stored["admissibility"]
    return {
        **stored,
        "admissibility": {**verdict, "reason": reason_in(verdict.get("reason"), lang)},
    }


def dispute(d: Dispute, lang: Language, *, full: bool = True) -> dict[str, Any]:
    """A dispute; ``full`` adds the record and the current ruling."""
    out: dict[str, Any] = {
        "id": d.id,
        "owner": d.owner,
        "submitted_at": d.submitted_at,
        "event": d.event,
        "table": d.table,
        "outcome": d.outcome,
        "infraction_kinds": d.kinds,
        "note": d.note,
        "meta": d.meta,
        "revisions": len(d.rulings),
        "links": {
            "self": dispute_url(d.id),
            "rulings": dispute_url(d.id) + "/rulings",
            "replay": dispute_url(d.id) + "/replay",
            "appeals": dispute_url(d.id) + "/appeals",
        },
    }
    if full:
        out["record"] = d.record
        out["ruling"] = ruling(d.current, lang, d.rulings)
    return out
