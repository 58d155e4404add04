"""appeals for the court: the amended record is edited in the entry form,
prefilled from the current revision; the revisions page compares facts (which events
changed) and results in the chosen language; the current ruling says "on appeal", with
the grounds and the admissibility. Stored revisions are never edited (SkWO 7.3.3: the
appeal is heard on written grounds; the court's ruling is a new revision)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from referee.web import entry, entry_analysis
from referee.web.entry_draft import draft_from_record
from tests.support.web import example, example_text

REVOKE = example_text("revoke-objected")


def _prefill(page: str) -> dict[str, Any]:
    block = re.search(r'id="entry-data">(.*?)</script>', page, re.S)
    assert block, "no data block"
    return json.loads(html.unescape(block.group(1)))["prefill"]


def _amended_record(draft: dict[str, Any], **change: Any) -> str:
    answer = entry_analysis.analyse({**draft, **change}, "de")
    assert answer["record"] is not None, answer["problems"]
    return json.dumps(answer["record"])


def test_the_court_amends_in_the_entry_form_prefilled_from_the_current_revision(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE)
    court = as_role("court")
    ruling = court.get(f"/console/disputes/{dispute}?lang=de").get_data(as_text=True)
    assert f'href="/console/disputes/{dispute}/amend"' in ruling
    assert "Im Eingabeformular berichtigen" in ruling
    page = court.get(f"/console/disputes/{dispute}/amend?lang=de")
    body = page.get_data(as_text=True)
    assert page.status_code == 200
    prefill = _prefill(body)
    full = draft_from_record(example("revoke-objected"), full_auction=True)
    assert prefill == {**full, "step": "review"}
    assert f'action="/console/disputes/{dispute}/appeal"' in body  # it lodges an appeal
    assert 'name="grounds"' in body and f'data-draft-key="skat-referee-amend-{dispute}-1"' in body
    assert "Protokoll von Streitfall" in body and "Fassung 1" in body


def test_an_amendment_that_changes_nothing_keeps_the_auctions_steps(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE)  # middlehand bids 18 and 20, forehand holds
    page = as_role("court").get(f"/console/disputes/{dispute}/amend")
    draft = {k: v for k, v in _prefill(page.get_data(as_text=True)).items() if k != "step"}
    built = entry_analysis.analyse(draft, "de")["record"]
    assert built is not None

    def bidding(record: dict[str, Any]) -> list[dict[str, Any]]:
        return [e for e in record["events"] if e["type"] in ("bid", "hold", "pass")]

    assert bidding(built) == bidding(example("revoke-objected"))
    assert built["events"] == example("revoke-objected")["events"]


def test_only_the_court_amends(as_role) -> None:  # type: ignore[no-untyped-def]
    referee = as_role("referee")
    dispute = referee.submit_ok(REVOKE)
    assert referee.get(f"/console/disputes/{dispute}/amend").status_code == 403
    assert "/amend" not in referee.get(f"/console/disputes/{dispute}").get_data(as_text=True)


def test_a_record_the_form_cannot_say_is_amended_as_json(as_role) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(example_text("look-at-skat-bidding"))
    court = as_role("court")
    try:
        draft_from_record(example("look-at-skat-bidding"))
    except entry.EntryError:
        response = court.get(f"/console/disputes/{dispute}/amend?lang=de")
        assert response.headers["Location"] == f"/console/disputes/{dispute}/appeal?record=current"
        page = court.get(response.headers["Location"]).get_data(as_text=True)
        assert "Einspruchsformular als JSON" in page
    else:  # the form can say it: then it opens prefilled
        assert court.get(f"/console/disputes/{dispute}/amend").status_code == 200


def test_a_record_sent_to_the_json_form_comes_with_its_json(as_role) -> None:  # type: ignore[no-untyped-def]
    record = example("revoke-after-cards-gathered")
    record["events"] = record["events"][:-1]  # cards gathered, no objection after: the form
    dispute = as_role("referee").submit_ok(json.dumps(record))  # cannot say it
    court = as_role("court")
    response = court.get(f"/console/disputes/{dispute}/amend?lang=de")
    assert response.status_code == 302
    page = html.unescape(court.get(response.headers["Location"]).get_data(as_text=True))
    assert "Einspruchsformular als JSON" in page
    box = re.search(r'<textarea id="record" name="record"[^>]*>(.*?)</textarea>', page, re.S)
    assert box is not None and json.loads(box.group(1)) == record  # the JSON to amend
    # sent back as it came, it amends nothing: the appeal is heard on the stored record
    sent = court.post(
        f"/console/disputes/{dispute}/appeal", {"grounds": "Neu prüfen.", "record": box.group(1)}
    )
    assert sent.status_code == 302
    heard = court.get(f"/console/disputes/{dispute}/revisions?lang=de").get_data(as_text=True)
    assert "auf berichtigtem Protokoll entschieden" not in heard
    assert "Beide Fassungen entschieden über dasselbe Protokoll." in heard


def test_the_amended_appeal_is_a_new_revision_compared_by_facts_and_results(
    app, keys, as_role
) -> None:  # type: ignore[no-untyped-def]
    dispute = as_role("referee").submit_ok(REVOKE)
    court = as_role("court")
    prefill = _prefill(court.get(f"/console/disputes/{dispute}/amend").get_data(as_text=True))
    steps = prefill["auction"]  # the form holds the auction's steps as the record says them
    assert [(a["type"], a.get("value")) for a in steps[:3]] == [
        ("bid", 18),
        ("hold", None),
        ("bid", 20),
    ]
    # the court finds the bidding stopped at 18: middlehand passed instead of bidding 20
    record = _amended_record(prefill, auction=steps[:2] + steps[-2:])
    response = court.post(
        f"/console/disputes/{dispute}/appeal?lang=de",
        {"grounds": "Gereizt wurde nur bis 18.", "record": record},
    )
    assert response.headers["Location"] == f"/console/disputes/{dispute}/revisions"
    revisions = html.unescape(
        court.get(f"/console/disputes/{dispute}/revisions?lang=de").get_data(as_text=True)
    )
    facts = revisions[revisions.index('id="facts"') : revisions.index('id="changes-title"')]
    assert "Was die Protokolle verschieden festhalten" in facts
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>", facts)
    assert rows, facts
    texts = [" ".join(re.sub(r"<[^>]+>", "", c) for c in row) for row in rows]
    # the amended auction stops before middlehand bids 20 and forehand holds it
    assert "Ereignis 2 Mittelhand reizt 20 —" in texts, texts
    assert "Reizwert" in revisions  # the results table names the bid that changed
    current = html.unescape(
        court.get(f"/console/disputes/{dispute}?lang=de").get_data(as_text=True)
    )
    assert "Auf Einspruch: Diese Entscheidung überprüft Fassung 1." in current
    assert (
        "Gereizt wurde nur bis 18." in current and "nicht geprüft (Zeitplan unbekannt)" in current
    )
    assert "auf berichtigtem Protokoll entschieden" in current
    listed = html.unescape(court.get("/console/?lang=de").get_data(as_text=True))
    assert "(Auf Einspruch)" in listed  # the list says which rulings answer an appeal
    first = html.unescape(
        court.get(f"/console/disputes/{dispute}?rev=1&lang=de").get_data(as_text=True)
    )
    assert 'id="on-appeal"' not in first  # the first ruling answers no appeal
    services = app.extensions["referee"]
    stored = services.disputes.get(services.keys.authenticate(keys["court"]), dispute)
    assert [r.revision for r in stored.rulings] == [1, 2]
    assert stored.rulings[0].record == example("revoke-objected")  # evidence never changed
    assert stored.current.record == json.loads(record) and stored.current.appeal["amended_record"]
    assert stored.current.record["meta"] == example("revoke-objected")["meta"]  # context kept
    spanish = html.unescape(
        court.get(f"/console/disputes/{dispute}/revisions?lang=es").get_data(as_text=True)
    )
    assert "Qué dicen de forma distinta los registros" in spanish and "evento" in spanish


def test_isko_4_5_10_a_late_appeal_from_the_entry_form_comes_back_to_the_entry_form(
    as_role,
) -> None:  # type: ignore[no-untyped-def]
    """Refused from the amending tap form, the appeal comes back to the tap form (the draft
    stays in the browser) with the German refusal beside the time and the grounds as
    typed, never to the JSON form holding the record as raw text; the JSON form and the
    tap form keep the grounds under one key, so switching between them loses nothing."""
    dispute = as_role("referee").submit_ok(REVOKE, next_series="2026-11-24T20:00")
    court = as_role("court")
    prefill = _prefill(court.get(f"/console/disputes/{dispute}/amend").get_data(as_text=True))
    record = _amended_record(prefill, bid=18)
    grounds = "Gereizt wurde nur bis 18."
    late = court.post(
        f"/console/disputes/{dispute}/appeal?lang=de",
        {"grounds": grounds, "lodged_at": "2026-11-24T20:05", "record": record, "from": "amend"},
    )
    body = late.get_data(as_text=True)
    assert late.status_code == 422
    assert 'id="entry"' in body and 'id="record"' not in body  # the tap form, no JSON field
    assert 'id="lodged_at-error"' in body and "zu spät" in body
    assert "vor 24.11.2026 20:00 (+01:00)" in html.unescape(body)
    assert f">{grounds}</textarea>" in body and 'value="2026-11-24T20:05"' in body
    key = f'data-keep="skat-referee-grounds-{dispute}-1"'
    assert key in body
    json_form = court.get(f"/console/disputes/{dispute}/appeal?lang=de").get_data(as_text=True)
    assert key in json_form and f'href="/console/disputes/{dispute}/amend"' in json_form
    # the JSON form itself still answers with the JSON form
    plain = court.post(
        f"/console/disputes/{dispute}/appeal?lang=de",
        {"grounds": grounds, "lodged_at": "2026-11-24T20:05", "record": record},
    )
    assert plain.status_code == 422 and 'id="record"' in plain.get_data(as_text=True)


def test_the_amend_form_replays_the_record_under_the_rule_set_of_the_current_ruling(
    as_role, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The court amends the record as its current ruling read it: after an appeal ruled
    under the 1998 edition, the form's draft comes from a replay under that edition, not
    under the rule set the record names (none here: the service's default, 2022)."""
    from referee.core.ruleset import Edition
    from referee.web import entry_draft

    dispute = as_role("referee").submit_ok(REVOKE)
    court = as_role("court")
    appealed = court.post(
        f"/console/disputes/{dispute}/appeal?lang=de",
        {"grounds": "Nach der Ausgabe 1998.", "record": "", "edition": "1998"},
    )
    assert appealed.headers["Location"] == f"/console/disputes/{dispute}/revisions"
    seen: list[Any] = []
    replay_document = entry_draft.replay_document

    def watched(doc: dict[str, Any], **kw: Any) -> dict[str, Any]:
        seen.append(kw.get("rules"))
        return replay_document(doc, **kw)

    monkeypatch.setattr(entry_draft, "replay_document", watched)
    page = court.get(f"/console/disputes/{dispute}/amend?lang=de")
    assert page.status_code == 200
    assert [r.edition for r in seen] == [Edition.ISKO_1998]
