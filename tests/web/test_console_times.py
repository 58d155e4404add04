"""Times in the event's time zone: REFEREE_TIMEZONE, default Europe/Berlin.

Every time the console shows is in the event's zone with its UTC offset (winter +01:00,
summer +02:00 in Berlin); times typed into the console are read in that zone and stored
as RFC 3339 with the offset; the appeal deadline (ISkO 4.5.10, SkWO 7.3.3, SkWO 9.10)
is on the dispute and in the refusal of a late appeal.
"""

from __future__ import annotations

import html
from datetime import datetime

import pytest
from flask import Flask
from sqlalchemy import text

from referee.service.settings import Settings
from tests.support.web import Console, example_text

REVOKE = example_text("revoke-objected")


def text_of(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.get_data(as_text=True))


def german(c: Console) -> Console:
    c.post("/console/language", {"lang": "de"})
    return c


def _set_submitted(app: Flask, dispute: int, at: datetime) -> None:
    """Move a dispute's submission time (the database keeps UTC)."""
    with app.extensions["referee"].backend.engine.begin() as conn:
        conn.execute(
            text("UPDATE disputes SET submitted_at = :t WHERE id = :id"),
            {"t": at.replace(tzinfo=None), "id": dispute},
        )


def _meta(app: Flask, dispute: int) -> dict[str, object]:
    with app.extensions["referee"].backend.unit_of_work() as uow:
        return uow.disputes.get(dispute).meta  # type: ignore[union-attr]


def test_submission_times_are_shown_in_berlin_with_the_offset_winter_and_summer(
    app: Flask, as_role
) -> None:  # type: ignore[no-untyped-def]
    c = german(as_role("referee"))
    winter, summer = c.submit_ok(REVOKE), c.submit_ok(REVOKE)
    _set_submitted(app, winter, datetime(2026, 11, 24, 18, 30))  # 19:30 in Berlin (CET)
    _set_submitted(app, summer, datetime(2026, 7, 4, 17, 30))  # 19:30 in Berlin (CEST)
    listing = text_of(c.get("/console/"))
    assert "24.11.2026 19:30 (+01:00)" in listing
    assert "04.07.2026 19:30 (+02:00)" in listing
    assert "UTC" not in listing
    assert "24.11.2026 19:30 (+01:00)" in text_of(c.get(f"/console/disputes/{winter}"))
    assert "04.07.2026 19:30 (+02:00)" in text_of(c.get(f"/console/disputes/{summer}"))
    c.post("/console/language", {"lang": "es"})
    assert "24/11/2026 19:30 (+01:00)" in text_of(c.get("/console/"))


def test_typed_times_are_read_in_berlin_and_stored_with_their_offset(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    c = german(as_role("referee"))
    winter = c.submit_ok(REVOKE, next_series="2026-11-24T20:00")
    summer = c.submit_ok(REVOKE, last_series="on", series_end="2026-07-04T18:00")
    assert _meta(app, winter)["next_series_starts_at"] == "2026-11-24T20:00:00+01:00"
    assert _meta(app, summer)["series_ends_at"] == "2026-07-04T18:00:00+02:00"
    page = text_of(c.get(f"/console/disputes/{winter}"))
    assert "Nächste Serie beginnt" in page and "24.11.2026 20:00 (+01:00)" in page
    form = text_of(c.get("/console/disputes/new"))
    assert '(<span translate="no">Europe/Berlin</span>)' in form and "(UTC)" not in form


def test_a_time_the_clock_skips_is_refused_in_the_referees_language(as_role) -> None:  # type: ignore[no-untyped-def]
    c = german(as_role("referee"))
    response = c.submit(REVOKE, next_series="2026-03-29T02:30")
    body = text_of(response)
    assert response.status_code == 422
    assert 'id="next_series-error"' in body and "gibt es in Europe/Berlin nicht" in body


def test_skwo_7_3_3_the_appeal_deadline_is_on_the_dispute(as_role) -> None:  # type: ignore[no-untyped-def]
    c = german(as_role("referee"))
    before_next = c.submit_ok(REVOKE, next_series="2026-11-24T20:00")
    page = text_of(c.get(f"/console/disputes/{before_next}"))
    assert "Einspruchsfrist: vor 24.11.2026 20:00 (+01:00)" in page
    assert "ISkO 4.5.10" in page
    unknown = c.submit_ok(REVOKE)
    assert "Einspruchsfrist: nicht bekannt" in text_of(c.get(f"/console/disputes/{unknown}"))


def test_skwo_9_10_after_the_last_series_the_deadline_is_15_minutes_after_its_end(as_role) -> None:  # type: ignore[no-untyped-def]
    c = german(as_role("referee"))
    dispute = c.submit_ok(REVOKE, last_series="on", series_end="2026-07-04T18:00")
    page = text_of(c.get(f"/console/disputes/{dispute}"))
    assert "Einspruchsfrist: bis 04.07.2026 18:15 (+02:00)" in page and "SkWO 9.10" in page
    court = german(as_role("court"))
    appeal_form = text_of(court.get(f"/console/disputes/{dispute}/appeal"))
    assert "bis 04.07.2026 18:15 (+02:00)" in appeal_form


def test_isko_4_5_10_the_refusal_of_a_late_appeal_names_the_deadline(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE, next_series="2026-11-24T20:00")
    court = german(as_role("court"))
    late = court.post(
        f"/console/disputes/{dispute}/appeal",
        {"grounds": "Revoke falsch bewertet", "lodged_at": "2026-11-24T20:05"},
    )
    body = text_of(late)
    assert late.status_code == 422 and 'id="lodged_at-error"' in body
    assert "zu spät" in body and "vor 24.11.2026 20:00 (+01:00)" in body
    in_time = court.post(
        f"/console/disputes/{dispute}/appeal",
        {"grounds": "Revoke falsch bewertet", "lodged_at": "2026-11-24T19:55"},
    )
    assert in_time.status_code == 302  # 19:55 Berlin is in time (18:55 UTC)
    revisions = text_of(court.get(f"/console/disputes/{dispute}/revisions"))
    assert "24.11.2026 19:55 (+01:00)" in revisions and "24.11.2026 20:00 (+01:00)" in revisions


def test_another_event_zone(make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(timezone="America/New_York")
    _key, secret = app.extensions["referee"].keys.create("referee", "NY club")
    c = Console(app.test_client())
    assert c.sign_in(secret).status_code == 302
    dispute = c.submit_ok(REVOKE, next_series="2026-11-24T20:00")
    assert _meta(app, dispute)["next_series_starts_at"] == "2026-11-24T20:00:00-05:00"
    assert "2026-11-24 20:00 (-05:00)" in text_of(c.get(f"/console/disputes/{dispute}"))


def test_the_date_filter_means_the_events_calendar_day(app: Flask, as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    dispute = c.submit_ok(REVOKE)
    _set_submitted(app, dispute, datetime(2026, 11, 24, 23, 30))  # 25.11. 00:30 in Berlin
    assert "1 dispute" in text_of(c.get("/console/?date=2026-11-25"))
    assert "0 disputes" in text_of(c.get("/console/?date=2026-11-24"))


def test_the_time_zone_setting() -> None:
    assert Settings.from_env({}).timezone == "Europe/Berlin"
    assert Settings.from_env({"REFEREE_TIMEZONE": "Europe/Madrid"}).timezone == "Europe/Madrid"
    with pytest.raises(ValueError, match="REFEREE_TIMEZONE"):
        Settings.from_env({"REFEREE_TIMEZONE": "Mars/Olympus"})


def test_the_entry_form_sends_the_schedule_for_the_deadline(as_role) -> None:  # type: ignore[no-untyped-def]
    """The entry form's submission carries the schedule fields of the paste form (same
    endpoint), typed in the event's zone, so an entered game has its appeal deadline."""
    c = german(as_role("referee"))
    form = text_of(c.get("/console/disputes/enter"))
    for name in ("next_series", "last_series", "series_end"):
        assert f'name="{name}"' in form
    assert "Zeitplan (für die Einspruchsfrist)" in form
    assert '(<span translate="no">Europe/Berlin</span>)' in form
