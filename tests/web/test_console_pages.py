"""The console's pages through Flask's test client: every page, role and error path."""

from __future__ import annotations

import html
import json
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.support.web import ISS_FILE, Console, example, example_text

REVOKE = example_text("revoke-objected")


def text_of(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.get_data(as_text=True))


# -- signing in ------------------------------------------------------------------------------


def test_sign_in_page_has_a_labelled_key_field(console: Console) -> None:
    page = console.get("/console/sign-in")
    body = text_of(page)
    assert page.status_code == 200
    assert '<label for="api_key">API key</label>' in body
    assert 'type="password"' in body


def test_pages_need_a_key_and_come_back_after_sign_in(console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    page = console.get("/console/disputes/new")
    assert page.status_code == 302
    assert page.headers["Location"].startswith("/console/sign-in?next=/console/disputes/new")
    response = console.post(
        "/console/sign-in", {"api_key": keys["referee"], "next": "/console/disputes/new"}
    )
    assert response.headers["Location"] == "/console/disputes/new"


def test_the_key_never_appears_in_a_url_or_page(console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    secret = keys["referee"]
    response = console.sign_in(secret)
    assert secret not in response.headers["Location"]
    dispute = console.submit_ok(REVOKE)
    for url in ("/console/", f"/console/disputes/{dispute}", "/console/rules"):
        assert secret not in console.get(url).get_data(as_text=True)


def test_unknown_key_is_refused_next_to_the_field(console: Console) -> None:
    response = console.sign_in("rk_not-a-key")
    body = text_of(response)
    assert response.status_code == 401
    assert 'id="api_key-error"' in body and "unknown or has been revoked" in body
    assert 'aria-invalid="true"' in body


def test_empty_key_is_refused(console: Console) -> None:
    response = console.sign_in("  ")
    assert response.status_code == 422
    assert "Enter your API key." in text_of(response)


def test_open_redirects_are_refused(console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    response = console.post(
        "/console/sign-in", {"api_key": keys["referee"], "next": "https://evil.example/"}
    )
    assert response.headers["Location"] == "/console/"


def test_a_post_without_the_csrf_token_is_refused(console: Console, keys) -> None:  # type: ignore[no-untyped-def]
    response = console.client.post("/console/sign-in", data={"api_key": keys["referee"]})
    assert response.status_code == 400
    assert "form has expired" in text_of(response)


def test_sign_out_forgets_the_key(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    assert c.get("/console/").status_code == 200
    assert c.post("/console/sign-out", {}).status_code == 302
    assert c.get("/console/").status_code == 302


def test_a_revoked_key_signs_the_session_out(app, as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    service = app.extensions["referee"].keys
    for key in service.list():
        service.revoke(key.id)
    response = c.get("/console/")
    assert response.status_code == 302 and "/console/sign-in" in response.headers["Location"]


def test_root_leads_to_the_console(console: Console) -> None:
    assert console.get("/").headers["Location"] == "/console/"


def test_pages_are_not_cached_and_static_files_are_served(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    assert c.get("/console/").headers["Cache-Control"] == "no-store"
    css = c.get("/console/static/console.css")
    assert css.status_code == 200 and b"@media (max-width: 480px)" in css.data
    assert c.get("/console/static/console.js").status_code == 200


def test_every_page_names_its_icon(console: Console, as_role) -> None:  # type: ignore[no-untyped-def]
    """A browser asks for an icon: each page names one of the console's files (a phone's
    tab and bookmark show it), so none asks for /favicon.ico, which is not there (404)."""
    for c, path in ((console, "/console/sign-in"), (as_role("referee"), "/console/disputes/enter")):
        body = c.get(path).get_data(as_text=True)
        found = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', body)
        assert found, path
        icon = c.get(found.group(1))
        assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
        assert b"<svg" in icon.data


# -- new dispute -----------------------------------------------------------------------------


def test_submit_a_pasted_record_shows_its_ruling(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    dispute = c.submit_ok(REVOKE, note="objection after trick 5", event="Club cup", table="7")
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert "Forehand wins hearts with 2, game 3: +30" in body
    assert "objection after trick 5" in body and "Club cup" in body


def test_an_infraction_outside_a_trick_names_no_trick(as_role) -> None:  # type: ignore[no-untyped-def]
    """A look at the skat during the bidding happened in no trick: the infraction's line says
    the seat and the event, without a trick "—" (in every language)."""
    c = as_role("referee")
    dispute = c.submit_ok(example_text("look-at-skat-bidding"))
    for lang, said, trick in (
        ("de", "Hinterhand, Ereignis 2", "Stich"),
        ("en", "Rearhand, event 2", "trick"),
        ("es", "Tercera mano, evento 2", "baza"),
    ):
        body = text_of(c.get(f"/console/disputes/{dispute}?lang={lang}"))
        where = re.findall(r'<span class="where">([^<]*)</span>', body)
        assert where == [said], (lang, where)
        assert trick not in where[0]


def test_submit_an_uploaded_file(as_role) -> None:  # type: ignore[no-untyped-def]
    import io

    c = as_role("referee")
    response = c.post(
        "/console/disputes/new",
        {"record": "", "record_file": (io.BytesIO(REVOKE.encode()), "revoke.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302


def test_submit_an_iss_record(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("platform")
    dispute = c.submit_ok(ISS_FILE.read_text(encoding="utf-8").splitlines()[0])
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert "Rearhand loses" in body


def test_malformed_json_is_shown_next_to_the_record_field(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    response = c.submit('{"format": "skat-log/1",\n  "deal": }')
    body = text_of(response)
    assert response.status_code == 422
    assert 'id="record-error"' in body and "line 2, column" in body
    assert 'aria-describedby="record-hint record-error"' in body


def test_an_impossible_event_is_marked_in_the_event_list(as_role) -> None:  # type: ignore[no-untyped-def]
    doc = example("revoke-objected")
    doc["events"][10]["card"] = "ZZ"
    c = as_role("referee")
    response = c.submit(json.dumps(doc))
    body = text_of(response)
    assert response.status_code == 422
    assert "Event 10: Unknown card 'ZZ'" in body and 'translate="no">/events/10/card<' in body
    bad = re.search(r'<li class="bad" id="bad-event">(.*?)</li>', body, re.S)
    assert bad and '"ZZ"' in bad.group(1)
    assert body.count("<li") - body.count('<li class="bad"') >= 24  # the other events too


def test_a_card_the_seat_does_not_hold_names_its_event(as_role) -> None:  # type: ignore[no-untyped-def]
    doc = example("revoke-objected")
    doc["events"][12]["card"] = "CA"
    response = as_role("referee").submit(json.dumps(doc))
    # CA is played early (event 12), so its real play at event 18 is the impossible one
    assert "Event 18: forehand plays ace of clubs, a card that seat does not hold" in text_of(
        response
    )


@pytest.mark.parametrize(
    ("record", "message"),
    [("", "Paste a record or choose a file."), ("[1, 2]", "must be a JSON object")],
)
def test_empty_or_non_object_records_are_refused(as_role, record: str, message: str) -> None:  # type: ignore[no-untyped-def]
    response = as_role("referee").submit(record)
    assert response.status_code == 422 and message in text_of(response)


def test_a_bad_schedule_time_is_shown_at_its_field(as_role) -> None:  # type: ignore[no-untyped-def]
    response = as_role("referee").submit(REVOKE, next_series="tomorrow")
    body = text_of(response)
    assert response.status_code == 422
    assert 'id="next_series-error"' in body and "Not a date and time." in body


def test_the_court_may_not_submit(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("court")
    assert c.get("/console/disputes/new").status_code == 403
    response = c.submit(REVOKE)
    assert response.status_code == 403 and "may not submit" in text_of(response)


def test_submitting_is_stored_once_per_post(app, as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    c.submit_ok(REVOKE)
    assert "1 dispute" in text_of(c.get("/console/"))


# -- the ruling page -------------------------------------------------------------------------


@pytest.fixture
def revoke_page(as_role):  # type: ignore[no-untyped-def]
    c = as_role("referee")
    dispute = c.submit_ok(REVOKE, next_series="2099-01-01T10:00")
    return c, dispute


def test_ruling_page_shows_outcome_score_and_tournament_points(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert '<p id="outcome-line" class="outcome-line outcome-won">' in body
    assert re.search(r"<dt>Score</dt><dd class=\"score\">\+30</dd>", body)
    assert re.search(r"<dt>Game value</dt><dd>30</dd>", body)
    assert re.search(r"<th scope=\"row\">Forehand</th><td>Anna</td><td class=\"num\">80</td>", body)


def test_ruling_page_draws_the_deal_with_text_alternatives(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    deal = body.split('id="deal-title"')[1].split("</section>")[0]
    assert deal.count('role="img"') == 32
    assert 'class="card red" role="img" aria-label="ten of hearts"' in deal
    assert 'class="card black" role="img" aria-label="jack of clubs"' in deal
    assert '<span aria-hidden="true">10♥</span>' in deal
    assert deal.count('data-seat="') == 4  # three hands and the skat


def test_ruling_page_lists_the_bidding(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert "<li>Middlehand bids 18</li>" in body and "<li>Forehand holds 20</li>" in body
    assert "<li>Rearhand passes</li>" in body


def test_isko_4_2_3_trick_and_card_of_the_revoke_are_highlighted(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    rows = dict(
        re.findall(r'<tr class="([^"]*)" data-trick="(\d)"', body)[i][::-1] for i in range(5)
    )
    assert rows["4"].strip() == "flagged not-counted"
    assert rows["3"] == "" and rows["5"].strip() == "not-counted"
    trick4 = body.split('data-trick="4"')[1].split("</tr>")[0]
    assert 'aria-label="king of diamonds (infraction)"' in trick4
    assert trick4.count("flagged") == 2  # the played card and its span


def test_trick_table_keeps_running_totals_of_the_counted_tricks(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    totals = re.findall(r'<td class="num">(\d+ : \d+)</td>', body)
    assert totals == ["6 : 0", "8 : 0", "22 : 0", "22 : 0"]  # tricks 1-3, then the skat (0)
    assert '<tfoot><tr class="skat-row">' in body
    assert body.count(">not counted<") == 2


def test_infractions_show_their_status_and_the_reasoning_expands_each_clause(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert '<span class="badge status-penalized">penalized</span>' in body
    clause = re.search(
        r'<details class="clause" data-clause="ISkO 4.2.3">\s*'
        r"<summary>(.*?)</summary>\s*<p>(.*?)</p>",
        body,
        re.S,
    )
    assert clause is not None
    assert "ISkO 4.2.3" in clause.group(1) and "A revoke ends the game" in clause.group(1)
    assert clause.group(2).startswith("Not following the suit")


def test_step_through_shows_the_hands_at_each_event(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    last = text_of(c.get(f"/console/disputes/{dispute}"))
    assert "Event 24 of 24" in last and "The table: objection" not in last
    assert "Forehand: objection" in last
    assert f'href="/console/disputes/{dispute}?at=23#step"' in last
    at19 = text_of(c.get(f"/console/disputes/{dispute}?at=19"))
    step = at19.split('id="step"')[1]
    assert "Event 19 of 24" in step
    assert "Middlehand plays king of diamonds (infraction)" in step
    assert step.count('role="img"') == 2 + 6 + 6 + 7  # on the table, then the three hands
    deal = text_of(c.get(f"/console/disputes/{dispute}?at=-1")).split('id="step"')[1]
    assert "The deal, before the first event" in deal and 'rel="prev"' not in deal
    assert deal.count('role="img"') == 32
    clamped = text_of(c.get(f"/console/disputes/{dispute}?at=999"))
    assert "Event 24 of 24" in clamped and 'rel="next"' not in clamped.split('id="step"')[1]


def test_a_bad_step_or_revision_number_is_not_found(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    assert c.get(f"/console/disputes/{dispute}?at=x").status_code == 404
    assert c.get(f"/console/disputes/{dispute}?rev=9").status_code == 404


@pytest.mark.parametrize("page", ["1" + "0" * 30, "1_0", "\u0663", "\uff12"])
def test_a_page_number_is_ascii_digits_a_database_offset_holds(as_role, page: str) -> None:  # type: ignore[no-untyped-def]
    """int() alone took a page of 10^30 (an offset PostgreSQL's bigint cannot hold), 1_0
    and Arabic-Indic or full-width digits: each is not found, as a step that is not a
    number is."""
    c = as_role("referee")
    response = c.get("/console/", query_string={"page": page})
    assert response.status_code == 404, page
    assert c.get("/console/?page=999999999").status_code == 200  # far beyond, but a number


def test_the_whole_page_follows_the_language(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    response = c.post("/console/language", {"lang": "de", "next": f"/console/disputes/{dispute}"})
    assert response.headers["Location"] == f"/console/disputes/{dispute}"
    body = text_of(c.get(f"/console/disputes/{dispute}"))
    assert '<html lang="de">' in body
    assert "Vorhand gewinnt Herz mit 2, Spiel 3: +30" in body
    assert 'aria-label="Herz-Zehn"' in body and '<span aria-hidden="true">B♣</span>' in body
    assert "Nichtbedienen beendet das Spiel" in body and "Das Spiel Schritt für Schritt" in body
    assert "Mittelhand reizt 18" in body
    es = text_of(c.get(f"/console/disputes/{dispute}?lang=es"))
    assert "Primera mano gana Corazón con 2, juego 3: +30" in es and "diez de Corazón" in es


def test_an_unknown_language_is_a_400_page_and_changes_nothing(revoke_page) -> None:  # type: ignore[no-untyped-def]
    """A language the user names (?lang=, the switch) and the referee does not speak is the
    user's error: a 400 page naming the known ones, in the language the session had."""
    c, dispute = revoke_page
    c.post("/console/language", {"lang": "de", "next": "/console/"})
    refused = c.post("/console/language", {"lang": "fr", "next": "/console/"})
    assert refused.status_code == 400
    assert "Der Schiedsrichter spricht fr nicht; er spricht: en, de, es." in text_of(refused)
    page = c.get(f"/console/disputes/{dispute}?lang=xx")
    assert page.status_code == 400 and '<html lang="de">' in text_of(page)
    assert "spricht xx nicht" in text_of(page)
    assert c.get(f"/console/disputes/{dispute}?lang=").status_code == 400
    assert '<html lang="de">' in text_of(c.get(f"/console/disputes/{dispute}"))
    missing = c.get("/console/no-such-page?lang=xx")
    assert missing.status_code == 400 and "spricht xx nicht" in text_of(missing)
    assert c.get("/console/no-such-page?lang=es").status_code == 404


def test_another_owners_dispute_is_not_found(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    other = as_role("other_referee")
    response = other.get(f"/console/disputes/{dispute}")
    assert response.status_code == 404 and "nothing here that you may see" in text_of(response)
    assert other.get("/console/disputes/999").status_code == 404
    assert other.get(f"/console/disputes/{dispute}/revisions").status_code == 404


# -- list ------------------------------------------------------------------------------------


def test_dispute_list_filters(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    c.submit_ok(REVOKE, event="Club cup", table="7")
    c.submit_ok(example_text("suit-game-clean"), event="Town cup", table="2")
    everything = text_of(c.get("/console/"))
    assert "2 disputes" in everything and "Forehand wins hearts with 2" in everything
    only_revoke = text_of(c.get("/console/?kind=revoke"))
    assert "1 dispute" in only_revoke and "Club cup" in only_revoke
    by_event = text_of(c.get("/console/?event=Town+cup&table=2"))
    assert "1 dispute" in by_event and "Town cup" in by_event
    # a part of the event's name, without case, accents or the spaces around it
    for typed in ("town", "+TOWN+CUP+", "tówn"):
        assert "1 dispute" in text_of(c.get(f"/console/?event={typed}")), typed
    assert "0 disputes" in text_of(c.get("/console/?event=town+cups"))
    assert "No disputes match." in text_of(c.get("/console/?outcome=annulled"))
    today = datetime.now(ZoneInfo("Europe/Berlin")).date()  # the event's calendar day
    assert "2 disputes" in text_of(c.get(f"/console/?date={today.isoformat()}"))
    yesterday = today - timedelta(days=1)
    assert "0 disputes" in text_of(c.get(f"/console/?date={yesterday.isoformat()}"))
    assert "2 disputes" in text_of(c.get("/console/?date=not-a-date&outcome=bogus"))


def test_dispute_list_pages(as_role, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from referee.web import views_disputes

    monkeypatch.setattr(views_disputes, "PAGE_SIZE", 1)
    c = as_role("referee")
    first, second = c.submit_ok(REVOKE), c.submit_ok(REVOKE)
    page1 = text_of(c.get("/console/"))
    assert "Page 1 of 2" in page1 and f"Dispute {second}" in page1
    assert f"Dispute {first}<" not in page1 and 'rel="next"' in page1
    assert f"Dispute {first}<" in text_of(c.get("/console/?page=2"))


def test_the_court_sees_every_owners_disputes(as_role) -> None:  # type: ignore[no-untyped-def]
    as_role("referee").submit_ok(REVOKE)
    as_role("other_referee").submit_ok(REVOKE)
    assert "2 disputes" in text_of(as_role("court").get("/console/"))
    assert "1 dispute" in text_of(as_role("referee").get("/console/"))


def test_admin_keys_read_no_disputes(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("admin")
    response = c.get("/console/")  # the start page leads the admin to the keys
    assert response.status_code == 302 and response.headers["Location"] == "/console/keys"
    response = c.get("/console/disputes/1")
    assert response.status_code == 403 and "Your role may not do this." in text_of(response)
    assert c.get("/console/sign-in").headers["Location"] == "/console/keys"


# -- appeals and revisions -------------------------------------------------------------------


def _appeal(c: Console, dispute: int, **fields: str):  # type: ignore[no-untyped-def]
    return c.post(f"/console/disputes/{dispute}/appeal", fields)


def test_only_the_court_may_appeal(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    assert "Lodge an appeal" not in text_of(c.get(f"/console/disputes/{dispute}"))
    assert c.get(f"/console/disputes/{dispute}/appeal").status_code == 403
    assert _appeal(c, dispute, grounds="x").status_code == 403
    court = as_role("court")
    assert "Lodge an appeal" in text_of(court.get(f"/console/disputes/{dispute}"))
    assert court.get(f"/console/disputes/{dispute}/appeal").status_code == 200


def test_skwo_7_3_3_an_appeal_needs_written_grounds(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    response = _appeal(as_role("court"), dispute, grounds="   ")
    body = text_of(response)
    assert response.status_code == 422
    assert 'id="grounds-error"' in body and "SkWO 7.3.3" in body


def test_isko_4_5_10_a_late_appeal_is_refused_at_its_time(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE, next_series="2026-05-02T14:00")
    response = _appeal(as_role("court"), dispute, grounds="late", lodged_at="2026-05-02T15:00")
    body = text_of(response)
    assert response.status_code == 422
    assert 'id="lodged_at-error"' in body and "came too late" in body
    assert "before 2026-05-02 14:00 (+02:00)" in body


def test_a_broken_amended_record_is_shown_at_the_record_field(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    response = _appeal(as_role("court"), dispute, grounds="g", record="{nope")
    assert response.status_code == 422 and 'id="record-error"' in text_of(response)


def test_appeal_adds_a_revision_and_the_revisions_show_what_changed(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page
    assert "There is only one revision so far." in text_of(
        c.get(f"/console/disputes/{dispute}/revisions")
    )
    court = as_role("court")
    response = _appeal(
        court,
        dispute,
        grounds="The objection came after the cards were gathered.",
        record=example_text("revoke-after-cards-gathered"),
    )
    assert response.headers["Location"] == f"/console/disputes/{dispute}/revisions"
    body = text_of(court.get(response.headers["Location"]))
    assert "The appeal was heard: revision 2." in body
    assert "in time" in body and "ruled on an amended record" in body
    # the fact is labelled as a fact, not with the form's label for an optional field
    assert "<dt>Record</dt><dd>ruled on an amended record</dd>" in body
    assert "Amended record (optional)" not in body
    ruling = text_of(court.get(f"/console/disputes/{dispute}?lang=de"))
    assert "<dt>Protokoll</dt><dd>auf berichtigtem Protokoll entschieden</dd>" in ruling
    assert "(optional)" not in ruling
    assert "on appeal, reviewing revision 1" in body
    rows = re.findall(
        r'title="([a-z_.]+)">([^<]*)</th><td><del>(.*?)</del></td><td><ins>(.*?)</ins>', body
    )
    changes = {field: (before, after) for field, _label, before, after in rows}
    labels = {field: label for field, label, _b, _a in rows}
    assert changes["card_points.declarer"] == ("22", "86")  # all ten tricks count now
    assert labels["card_points.declarer"] == "card points · declarer"
    assert changes["ended.reason"] == ("infraction", "played to the end")
    assert "score" not in changes and "Unchanged: outcome" in body
    # the same comparison in German and Spanish, in their words
    german = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=de"))
    assert "Augen · Alleinspieler" in german and "zu Ende gespielt" in german
    assert "card_points" not in german.replace('title="card_points', "")
    assert "Unverändert: Ergebnis, Alleinspieler, Spiel, Reizwert" in german
    spanish = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=es"))
    assert "tantos · rematador" in spanish and "jugado hasta el final" in spanish
    current = text_of(court.get(f"/console/disputes/{dispute}?lang=en"))
    assert "Ruling, revision 2 of 2" in current
    first = text_of(court.get(f"/console/disputes/{dispute}?rev=1"))
    assert "Ruling, revision 1 of 2" in first and "?at=23&rev=1#step" in first
    same = text_of(court.get(f"/console/disputes/{dispute}/revisions?a=2&b=2"))
    assert "What changed" not in same


def test_the_revisions_say_a_changed_outcome_in_the_console_language(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    record = json.loads(REVOKE)
    for event in record["events"]:
        if event.get("card") == "DK":  # middlehand followed suit after all: no revoke
            event["card"] = "CK"
    court = as_role("court")
    response = _appeal(court, dispute, grounds="Er hat bedient.", record=json.dumps(record))
    assert response.status_code == 302, text_of(response)[:400]
    body = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=de"))
    outcome = re.search(
        r'title="outcome">[^<]*</th><td><del>(.*?)</del></td><td><ins>(.*?)</ins>', body
    )
    assert outcome is not None and outcome.groups() == ("gewonnen", "nicht entscheidbar")
    spanish = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=es"))
    assert "<del>ganado</del>" in spanish and "<ins>no decidible</ins>" in spanish


def test_an_appeal_form_sent_twice_is_heard_once(revoke_page, as_role) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    court = as_role("court")
    page = text_of(court.get(f"/console/disputes/{dispute}/appeal"))
    reviews = re.search(r'name="reviews" value="(\d+)"', page)
    assert reviews is not None and reviews.group(1) == "1"
    fields = {"grounds": "Er hat bedient.", "reviews": reviews.group(1)}
    assert _appeal(court, dispute, **fields).status_code == 302
    again = _appeal(court, dispute, **fields)  # sent again (back, resend): not a second appeal
    assert again.status_code == 409
    body = text_of(again)
    assert "reviewed revision 1, but revision 2 was stored since" in body
    assert court.get(f"/console/disputes/{dispute}?rev=2").status_code == 200
    assert court.get(f"/console/disputes/{dispute}?rev=3").status_code == 404  # heard once
    # a revision field that is no number is no revision named, never a 500
    odd = _appeal(court, dispute, grounds="Noch einmal.", reviews="²")
    assert odd.status_code == 302


def test_the_revisions_name_a_reading_by_its_id(revoke_page, as_role, keys) -> None:  # type: ignore[no-untyped-def]
    _c, dispute = revoke_page
    court = as_role("court")
    rules = {"edition": "1998", "readings": {"objection-at-record-end": "none"}}
    response = court.client.post(
        f"/v1/disputes/{dispute}/appeals",
        json={"grounds": "Eine andere Lesart.", "rules": rules},
        headers={"Authorization": f"Bearer {keys['court']}"},
    )
    assert response.status_code == 201, response.json
    body = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=de"))
    row = re.search(r'title="rules\.readings\.objection-at-record-end">([^<]*)</th>', body)
    assert row is not None and row.group(1) == "Regelwerk · Lesarten · objection-at-record-end"


def test_the_records_context_is_labelled_in_the_console_language(revoke_page) -> None:  # type: ignore[no-untyped-def]
    c, dispute = revoke_page  # the record's meta has the game's number and a description
    german = text_of(c.get(f"/console/disputes/{dispute}?lang=de"))
    assert "<dt>Spiel Nr.</dt><dd>5</dd>" in german and "<dt>Beschreibung</dt>" in german
    assert "<dt>game</dt>" not in german and "<dt>description</dt>" not in german
    spanish = text_of(c.get(f"/console/disputes/{dispute}?lang=es"))
    assert "<dt>Juego n.º</dt><dd>5</dd>" in spanish and "<dt>Descripción</dt>" in spanish


def test_an_appeal_under_another_edition_keeps_the_readings(as_role, keys) -> None:  # type: ignore[no-untyped-def]
    record = json.loads(REVOKE)
    record["rules"] = {"readings": {"isko-5.2.5-schwarz-suffered": "announced_only"}}
    dispute = as_role("referee").submit_ok(json.dumps(record))
    court = as_role("court")
    assert _appeal(court, dispute, grounds="Nach 2022.", edition="2022").status_code == 302
    api = {"Authorization": f"Bearer {keys['court']}"}
    rules = court.client.get(f"/v1/disputes/{dispute}/rulings/2", headers=api).json["appeal"]
    assert rules["rules"]["edition"] == "2022"
    assert rules["rules"]["readings"]["isko-5.2.5-schwarz-suffered"] == "announced_only"
    # an amended record's readings are the ones kept beside the edition chosen
    record["rules"] = {"readings": {"isko-5.2.5-schwarz-suffered": "at_least"}}
    fields = {"grounds": "Berichtigt.", "edition": "1998", "record": json.dumps(record)}
    assert _appeal(court, dispute, **fields).status_code == 302
    third = court.client.get(f"/v1/disputes/{dispute}/rulings/3", headers=api).json["appeal"]
    assert third["rules"]["edition"] == "1998"
    assert third["rules"]["readings"]["isko-5.2.5-schwarz-suffered"] == "at_least"


def test_isko_4_5_10_the_deadline_cites_the_clauses_that_set_it(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE, next_series="2026-05-02T14:00")
    page = text_of(as_role("court").get(f"/console/disputes/{dispute}/appeal?lang=de"))
    line = re.search(r'<p class="deadline" id="appeal-deadline">(.*?)</p>', page)
    assert line is not None and "vor 02.05.2026 14:00 (+02:00)" in line.group(1)
    # SkWO 7.3.3 asks for the appeal in writing and sets no deadline (rules_kb says so)
    assert "ISkO 4.5.10" in line.group(1) and "SkWO 9.10" in line.group(1)
    assert "7.3.3" not in line.group(1)
    # the ruling is an Entscheidung (resolución) on every page, the form's choice too
    assert "wie die überprüfte Entscheidung (1998)" in page and "Urteil" not in page
    spanish = text_of(as_role("court").get(f"/console/disputes/{dispute}/appeal?lang=es"))
    assert "como la resolución revisada (1998)" in spanish


def test_skwo_9_10_the_last_series_without_its_end_is_said_as_such(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE, last_series="on")  # no end time given
    page = text_of(as_role("court").get(f"/console/disputes/{dispute}/appeal?lang=de"))
    line = re.search(r'<p class="deadline" id="appeal-deadline">(.*?)</p>', page)
    assert line is not None and "Einspruchsfrist: nicht bekannt" in line.group(1)
    # it was the last series: the line must not say the dispute did not say so
    assert "letzten Serie" in line.group(1) and "dass es die letzte war" not in line.group(1)


def test_isko_4_1_11_an_infraction_nobody_objected_to_is_not_said_to_be_objected_late(
    as_role,
) -> None:  # type: ignore[no-untyped-def]
    record = json.loads(REVOKE)
    record["events"] = record["events"][:-1]  # no objection at all
    record["rules"] = {"readings": {"objection-at-record-end": "none"}}
    dispute = as_role("referee").submit_ok(json.dumps(record))
    page = text_of(as_role("court").get(f"/console/disputes/{dispute}?lang=de"))
    assert "erhob niemand Einwand" in page  # the reasoning
    assert "kein rechtzeitiger Einwand" in page and "Einwand zu spät" not in page


def test_the_changed_clauses_are_cited_as_each_revisions_edition_cites_them(
    revoke_page, as_role
) -> None:  # type: ignore[no-untyped-def]
    from referee.web.ruling_view import citer

    _c, dispute = revoke_page
    record = json.loads(REVOKE)
    for event in record["events"]:
        if event.get("card") == "DK":  # no revoke: other clauses are cited
            event["card"] = "CK"
    court = as_role("court")
    fields = {"grounds": "Bedient.", "record": json.dumps(record), "edition": "2022"}
    assert _appeal(court, dispute, **fields).status_code == 302
    body = text_of(court.get(f"/console/disputes/{dispute}/revisions?lang=de"))
    row = re.search(
        r'title="citations">[^<]*</th><td><del>(.*?)</del></td><td><ins>(.*?)</ins>', body
    )
    assert row is not None
    before, after = row.groups()
    assert before.startswith("ISkO 4.2.3, ISkO 4.2.4") and "(1998/99)" not in before
    assert after == citer({"rules": {"edition": "2022"}})("ISkO 4.3.1") != "ISkO 4.3.1"


def test_an_unverified_appeal_is_heard(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE)
    court = as_role("court")
    response = _appeal(court, dispute, grounds="Please look again.")
    body = text_of(court.get(response.headers["Location"]))
    assert "not verified (schedule unknown)" in body
    assert "The decision is the same in both revisions." in body


# -- rules -----------------------------------------------------------------------------------


def test_rule_browser_searches_in_the_chosen_language(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    everything = text_of(c.get("/console/rules"))
    count = int(re.search(r"(\d+) clauses", everything).group(1))  # type: ignore[union-attr]
    assert count > 100
    hits = text_of(c.get("/console/rules?q=revoke"))
    assert 'data-clause="ISkO 4.2.3"' in hits
    assert int(re.search(r"(\d+) clauses", hits).group(1)) < count  # type: ignore[union-attr]
    assert "No clause matches." in text_of(c.get("/console/rules?q=zzzzqqq"))
    skwo = text_of(c.get("/console/rules?document=SkWO"))
    assert 'data-clause="ISkO' not in skwo and 'data-clause="SkWO 5.1"' in skwo
    german = text_of(c.get("/console/rules?q=Nichtbedienen&lang=de"))
    assert "Nichtbedienen beendet das Spiel" in german and "Regeln" in german


def test_rule_page_and_unknown_clause(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    body = text_of(c.get("/console/rules/isko-4.2.3"))
    assert "A revoke ends the game" in body and 'href="/console/rules/isko-4.1.3"' in body
    assert c.get("/console/rules/isko-99.9").status_code == 404


def test_rules_need_a_key_unless_the_operator_opens_them(console: Console, make_app) -> None:  # type: ignore[no-untyped-def]
    assert console.get("/console/rules").status_code == 302
    open_app = make_app(anonymous_access=True)
    assert open_app.test_client().get("/console/rules").status_code == 200


def test_isko_4_1_10_a_step_that_applies_a_reading_names_it(as_role) -> None:  # type: ignore[no-untyped-def]
    """The reading of an open question (docs/interpretations.md) is named on the page."""
    from tests.support.casekit import CASES_DIR

    record = (
        CASES_DIR
        / "isko_4_1_lead"
        / "isko_4_1_10_false_lead_to_the_last_trick_is_scored_as_if_led_by_right.json"
    ).read_text(encoding="utf-8")
    c = as_role("referee")
    body = text_of(c.get(f"/console/disputes/{c.submit_ok(record)}"))
    assert '<li data-reading="isko-4.1.10-entitled-lead">' in body
    assert "Reading applied: <code>isko-4.1.10-entitled-lead</code>" in body
    assert body.count("data-reading=") == 1
    assert "<dt>Card points (declarer : defenders)</dt><dd>107 : 13</dd>" in body


def test_isko_3_4_6_a_game_ended_before_play_shows_no_card_points(as_role) -> None:  # type: ignore[no-untyped-def]
    from tests.support.casekit import CASES_DIR

    record = (
        CASES_DIR / "isko_4_2_other" / "isko_3_4_6_declarer_discarding_three_cards_loses.json"
    ).read_text(encoding="utf-8")
    c = as_role("referee")
    body = text_of(c.get(f"/console/disputes/{c.submit_ok(record)}"))
    assert "outcome-lost" in body
    assert "<dt>Card points (declarer" not in body and "<dt>Tricks (declarer" not in body


def test_the_ruling_names_the_referee_who_submitted_it(app) -> None:  # type: ignore[no-untyped-def]
    """ "Eingereicht von" names the key's holder (the referee), with the owner (the event):
    the owner alone does not say who was at the table."""
    keys = app.extensions["referee"].keys
    _key, secret = keys.create("referee", "Turnier Bremen 2026", "Erika Muster")
    client = Console(app.test_client())
    assert client.sign_in(secret).status_code == 302
    dispute = client.submit_ok(example_text("revoke-objected"))
    page = client.get(f"/console/disputes/{dispute}?lang=de").get_data(as_text=True)
    assert "Eingereicht von Erika Muster (Turnier Bremen 2026) am" in page
    _key, unnamed = keys.create("referee", "Turnier Bremen 2026")
    other = Console(app.test_client())
    assert other.sign_in(unnamed).status_code == 302
    dispute = other.submit_ok(example_text("revoke-objected"))
    page = other.get(f"/console/disputes/{dispute}?lang=de").get_data(as_text=True)
    assert "Eingereicht von Turnier Bremen 2026 am" in page
