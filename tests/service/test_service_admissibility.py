"""referee.rulings.appeals: deadlines (ISkO 4.5.10, SkWO 9.10) and ruling comparison."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from referee.rulings.appeals import (
    AppealError,
    check_admissibility,
    compare_rulings,
    parse_time,
    require_grounds,
)


def at(text: str) -> datetime:
    return parse_time(text, name="t")


def test_isko_4_5_10_before_next_series_start():
    meta = {"next_series_starts_at": "2026-05-02T14:00:00+02:00"}
    assert check_admissibility(at("2026-05-02T11:59:59Z"), meta).status == "admissible"
    late = check_admissibility(at("2026-05-02T12:00:00Z"), meta)
    assert late.status == "late" and not late.accepted
    assert late.deadline == datetime(2026, 5, 2, 12, tzinfo=UTC)


def test_skwo_9_10_last_series_grace_of_15_minutes():
    meta = {"last_series": True, "series_ends_at": "2026-05-02T18:00:00"}
    assert check_admissibility(at("2026-05-02T18:15:00Z"), meta).status == "admissible"
    assert check_admissibility(at("2026-05-02T18:15:01Z"), meta).status == "late"


def test_missing_times_answer_unverified():
    only_last = check_admissibility(at("2026-05-02T18:00:00Z"), {"last_series": True})
    assert only_last.status == "unverified" and only_last.missing == ("series_ends_at",)
    assert only_last.accepted
    nothing = check_admissibility(at("2026-05-02T18:00:00Z"), {"series": 2})
    assert nothing.status == "unverified" and nothing.deadline is None


def test_bad_times_are_coded_errors():
    with pytest.raises(AppealError) as err:
        check_admissibility("yesterday", {"next_series_starts_at": "2026-05-02T18:00:00Z"})
    assert err.value.code == "appeal.bad_time"
    assert err.value.where == {"field": "lodged_at"}


def test_an_unreadable_stored_schedule_leaves_the_appeal_unverified():
    # the record is evidence kept as submitted: its bad meta must not block every appeal
    result = check_admissibility(at("2026-05-02T18:00:00Z"), {"next_series_starts_at": "soon"})
    assert result.status == "unverified"
    assert result.missing == ("next_series_starts_at",)


def test_skwo_7_3_3_grounds_required():
    with pytest.raises(AppealError):
        require_grounds(" ")


def test_comparison_ignores_texts_and_compares_citations_by_id():
    before = {
        "outcome": "lost",
        "tournament_points": {"forehand": -98, "middlehand": 40},
        "infractions": [{"kind": "revoke", "explanation": "english"}],
        "citations": [{"id": "ISkO 4.2.3", "title": "Revoke"}],
    }
    after = {
        "outcome": "won",
        "tournament_points": {"forehand": 74, "middlehand": 0},
        "infractions": [{"kind": "revoke", "explanation": "deutsch"}],
        "citations": [{"id": "ISkO 4.2.3", "title": "Nichtbedienen"}],
    }
    diff = compare_rulings(before, after)
    fields = [c["field"] for c in diff["changed"]]
    assert fields == ["outcome", "tournament_points.forehand", "tournament_points.middlehand"]
    assert "infractions" in diff["unchanged"] and "citations" in diff["unchanged"]
