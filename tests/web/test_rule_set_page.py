"""The console's ruling page says which rule set the ruling was made under: the edition,
and each reading read with an option other than the default."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from referee.core.ruleset import Edition
from referee.rules.editions import Confidence, numbering

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "isko_5_value"
CASE = CASES / "isko_5_2_5_missed_schneider_without_a_trick_loses_schwarz_as_well.json"


def test_the_ruling_page_names_the_rule_set(as_role) -> None:  # type: ignore[no-untyped-def]
    referee = as_role("referee")
    doc = json.loads(CASE.read_text(encoding="utf-8"))
    plain = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=de")
    page = plain.get_data(as_text=True)
    assert "Regelwerk" in page and "ISkO-Ausgabe 1998" in page
    assert "voreingestellten Lesarten" in page and "rule-set-changes" not in page
    doc["rules"] = {"readings": {"isko-5.2.5-schwarz-suffered": "announced_only"}}
    other = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=en")
    page = other.get_data(as_text=True)
    assert "Rule set" in page and "the default readings" not in page
    assert "<code>isko-5.2.5-schwarz-suffered</code> = <code>announced_only</code>" in page


def test_under_2022_the_page_cites_current_numbers_and_marks_the_others(as_role) -> None:  # type: ignore[no-untyped-def]
    """A ruling under the 2018/2022 edition shows each clause as that edition cites it:
    the current number where established (schwarz: 2.5.6), else the 1998/99 number with
    the mark and its explanation in the page's language."""
    referee = as_role("referee")
    doc = json.loads(CASE.read_text(encoding="utf-8"))
    doc["rules"] = {"edition": "2022"}
    page = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang=de")
    text = page.get_data(as_text=True)
    assert "ISkO-Ausgabe 2022" in text or "2022" in text
    assert "(1998/99)</span>" in text and 'class="number-mark"' in text
    assert "ist nicht gesichert" in text or "keine Quelle" in text
    assert '<span class="cid">ISkO 2.5.6</span>' in text


UNASKED = (
    ROOT
    / "tests"
    / "cases"
    / "isko_4_4_tricks"
    / "isko_4_4_6_last_trick_looked_at_unasked_ends_game.json"
)
MARKS = {"de": "ist nicht gesichert", "en": "is not established", "es": "no está establecido"}
NUMBER = re.compile(r"(?<![\w.\-/])(?:(ISkO|SkWO) )?(\d+(?:\.\d+)+)(?![\w\-/]|\.\d)")


@pytest.mark.parametrize("lang", ["de", "en", "es"])
def test_under_2022_no_text_of_the_page_shows_an_unmarked_uncertain_number(as_role, lang) -> None:  # type: ignore[no-untyped-def]
    """The ruling page of a 2022 ruling, in each language: the mark is there in the page's
    language, and every clause number the page shows (reasoning, infractions, the table's
    events, the clauses, the links to the rules) is an established 2022 number or carries
    the mark. The record's own words (its description) are evidence and left out."""
    referee = as_role("referee")
    doc = json.loads(UNASKED.read_text(encoding="utf-8"))
    doc["rules"] = {"edition": "2022"}
    doc["meta"].pop("description")
    page = referee.get(f"/console/disputes/{referee.submit_ok(json.dumps(doc))}?lang={lang}")
    body = page.get_data(as_text=True)
    assert MARKS[lang] in body
    main = body[body.index("<main") :]
    # the mark names a probable number as probable; it is checked in the JSON
    main = re.sub(r'<p class="number-mark">.*?</p>', "", main, flags=re.S)
    visible = html.unescape(
        re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", main, flags=re.S))
    )
    numbers = numbering(Edition.ISKO_2022)
    unmarked = []
    for m in NUMBER.finditer(visible):
        if visible.startswith(" (1998/99)", m.end()) or max(map(len, m.group(2).split("."))) > 2:
            continue  # marked, or a date such as 29.11.2026
        rows = numbers.find(f"{m.group(1) or 'ISkO'} {m.group(2)}")
        if not rows or rows[0].confidence is not Confidence.CERTAIN:
            unmarked.append(visible[max(0, m.start() - 40) : m.end() + 10])
    # the look the record shows is 4.4.6 in the 1998/99 text; in 2022, 4.4.6 is cards thrown
    # open: its label on the page must carry the mark
    assert "ISkO 4.4.6 (1998/99)" in visible
    assert not unmarked, [" ".join(u.split()) for u in unmarked]


def test_the_court_appeals_under_the_other_edition_and_the_revisions_show_it(as_role) -> None:  # type: ignore[no-untyped-def]
    """The appeal form offers the editions (empty: the reviewed ruling's); an appeal heard
    under 2022 is a new revision whose column names its edition, marked as changed."""
    doc = json.loads(
        (
            ROOT
            / "tests"
            / "cases"
            / "isko_4_3_shortened"
            / "isko_4_3_4_claim_refused_by_one_defender_record_stops_1998.json"
        ).read_text("utf-8")
    )
    doc["meta"]["next_series_starts_at"] = "2099-05-02T14:00:00+02:00"  # a deadline to show
    dispute = as_role("referee").submit_ok(json.dumps(doc))
    court = as_role("court")
    form = court.get(f"/console/disputes/{dispute}/appeal?lang=en").get_data(as_text=True)
    assert 'name="edition"' in form and "as the reviewed ruling (1998)" in form
    assert '<option value="2022">' in form
    bad = court.post(
        f"/console/disputes/{dispute}/appeal?lang=en", {"grounds": "x", "edition": "2018"}
    )
    assert bad.status_code == 422 and "1998, 2022" in html.unescape(bad.get_data(as_text=True))
    response = court.post(
        f"/console/disputes/{dispute}/appeal?lang=en",
        {"grounds": "The tournament plays the 2022 ISkO.", "edition": "2022"},
    )
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    page = court.get(f"/console/disputes/{dispute}/revisions?lang=en").get_data(as_text=True)
    assert re.search(r'<dd class="changed">2022</dd>', page), page
    assert re.search(r"<dd[^>]*>1998</dd>", page)
    # the appeal's admissibility names its clauses as the revision's edition cites them
    admissibility = re.search(r'<dd class="admissibility">(.*?)</dd>', page, re.S)
    assert admissibility and "(1998/99)" in admissibility.group(1), page
    ruling = court.get(f"/console/disputes/{dispute}?lang=en").get_data(as_text=True)
    assert "ISkO 4.4.4" in ruling  # the claim refused is ruled by 4.4.4 now
    again = court.get(f"/console/disputes/{dispute}/appeal?lang=en").get_data(as_text=True)
    deadline = re.search(r'id="appeal-deadline">(.*?)</p>', again, re.S)
    assert deadline and "ISkO 4.5.10 (1998/99)" in html.unescape(deadline.group(1))
