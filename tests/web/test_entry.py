"""The game-entry form's server side (referee/web/entry.py) and its JSON endpoint.

Every example the form can express is turned into a draft and back into a record; the
record must get the ruling the example gets (the auction is the shortest one with the
same declarer and bid, so event numbers differ). A deal with cards nobody entered never
gets a confident ruling: either every completion agrees, or the form says it depends.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee.service import engine
from referee.web import entry, entry_analysis
from referee.web.entry_draft import draft_from_record
from tests.support.web import EXAMPLES, Console, example

#: examples the form cannot say, and why (docs/console.md lists them)
NOT_EXPRESSIBLE = {
    "card-seen-in-deal": "the end of the deal (`dealt`) is not a place in the form",
    "continue-after-infraction": "a card taken back and played again",
}
EXAMPLE_NAMES = sorted(p.stem for p in EXAMPLES.glob("*.json"))


def comparable(doc: dict[str, Any]) -> dict[str, Any]:
    """A ruling without the event numbers (the form's auction may be shorter)."""
    return {
        "outcome": doc["outcome"],
        "declarer": doc["declarer"],
        "contract": doc["contract"],
        "bid": doc["bid"],
        "matadors": doc["matadors"],
        "game_value": doc["game_value"],
        "score": doc["score"],
        "tournament_points": doc["tournament_points"],
        "card_points": doc["card_points"],
        "tricks": doc["tricks"],
        "ended": {k: v for k, v in (doc["ended"] or {}).items() if k != "event"},
        "infractions": [
            (i["kind"], i["seat"], i["status"], i["trick"], i["clauses"])
            for i in doc["infractions"]
        ],
        "clauses": [step["clauses"] for step in doc["reasoning"]],
    }


def analyse(draft: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    with Flask(__name__).test_request_context():
        return entry_analysis.analyse(json.loads(json.dumps(draft)), lang)


def revoke_draft() -> dict[str, Any]:
    return draft_from_record(example("revoke-objected"))


@pytest.mark.parametrize("name", [n for n in EXAMPLE_NAMES if n not in NOT_EXPRESSIBLE])
def test_an_example_entered_in_the_form_gets_the_same_ruling(name: str) -> None:
    record = example(name)
    answer = analyse(draft_from_record(record))
    assert answer["problems"] == [] and answer["record"] is not None
    built = answer["record"]
    assert built.get("meta") == record.get("meta")  # the context comes back as it was
    for holder in ("forehand", "middlehand", "rearhand", "skat"):
        assert sorted(built["deal"][holder]) == sorted(record["deal"][holder])
    assert comparable(engine.adjudicate(built)) == comparable(engine.adjudicate(record))


@pytest.mark.parametrize("name", sorted(NOT_EXPRESSIBLE))
def test_what_the_form_cannot_say_is_refused_not_bent(name: str) -> None:
    with pytest.raises(entry.EntryError):
        draft = draft_from_record(example(name))
        entry.read_draft(draft)


def test_seats_follow_the_lead_and_the_trick_winner_ISkO_4_1_1() -> None:  # noqa: N802
    answer = analyse(revoke_draft())
    seats = [p["seat"] for p in answer["plays"]]
    # trick 1 led by forehand; the club ten wins trick 5 for middlehand
    assert seats[:3] == ["forehand", "middlehand", "rearhand"]
    assert [t["winner"] for t in answer["tricks"]] == [
        "forehand",
        "forehand",
        "forehand",
        "forehand",
        "middlehand",
    ]
    assert [t["points"] for t in answer["tricks"]][:2] == [6, 2]


def test_a_revoke_is_flagged_once_the_seat_is_known_to_hold_the_suit_ISkO_4_2_3() -> None:  # noqa: N802
    draft = revoke_draft()
    draft["cards"] = {}
    plays = draft["plays"][:12]  # up to the king of diamonds on the club ace
    answer = analyse({**draft, "plays": plays, "incidents": []})
    flags = {p["card"]: p["flag"] for p in answer["plays"] if p["flag"]}
    assert flags["DK"] == "no_follow"  # not proven yet: middlehand may have had no clubs
    answer = analyse({**draft, "plays": draft["plays"], "incidents": []})
    flags = {p["card"]: p["flag"] for p in answer["plays"] if p["flag"]}
    assert flags["DK"] == "revoke_proven"  # the club ten he played in trick 5
    complete = analyse(revoke_draft())
    assert {p["card"]: p["flag"] for p in complete["plays"] if p["flag"]} == {"DK": "revoke_proven"}
    assert complete["infraction_plays"] == [10]


def test_only_cards_that_follow_are_marked_legal_ISkO_4_2_1() -> None:  # noqa: N802
    draft = revoke_draft()
    answer = analyse({**draft, "plays": draft["plays"][:10], "cards": {}, "incidents": []})
    assert answer["to_play"] == "middlehand" and answer["led"] == "CA"
    assert "CT" in answer["follows"] and "DK" not in answer["follows"]
    assert "CJ" not in answer["follows"]  # a jack is a trump, not a club


def test_a_lead_out_of_turn_is_entered_by_naming_the_seat_ISkO_4_1_2() -> None:  # noqa: N802
    draft = draft_from_record(example("false-lead"))
    chosen = [p for p in draft["plays"] if p["seat"]]
    assert chosen, "the false lead needs the seat named"
    answer = analyse(draft)
    assert "false_lead" in {i["kind"] for i in engine.adjudicate(answer["record"])["infractions"]}


def test_the_last_holder_gets_the_remaining_cards_by_elimination() -> None:
    draft = revoke_draft()
    rearhand = draft["cards"].pop("rearhand")
    answer = analyse(draft)
    assert set(answer["deduced"]) == {"rearhand"}
    assert sorted(answer["deduced"]["rearhand"]) == sorted(rearhand)
    assert answer["record"] is not None


def test_half_a_deal_gets_no_ruling_but_says_what_is_needed() -> None:
    draft = revoke_draft()
    draft["cards"] = {"forehand": draft["cards"]["forehand"]}
    answer = analyse(draft, "de")
    assert answer["record"] is None and answer["ruling"] is None
    knowledge = answer["knowledge"]
    assert knowledge["verdict"] == "unknown" and knowledge["possible"] == []
    assert "7 weitere Karten" not in knowledge["needed"][0]
    assert re.match(
        r"12 weitere Karten: 5 für Mittelhand, 5 für Hinterhand, 2 für Skat", knowledge["needed"][0]
    )
    # the revoke itself is established by the cards entered (the club ten in trick 5)
    assert any("Karo-König" in line and "Stich 4" in line for line in knowledge["decided"])


def test_missing_cards_that_cannot_change_the_ruling_are_said_to_be_so() -> None:
    draft = revoke_draft()
    draft["cards"]["middlehand"] = draft["cards"]["middlehand"][2:]
    draft["cards"].pop("rearhand")
    answer = analyse(draft)
    knowledge = answer["knowledge"]
    assert answer["ruling"] is None  # no ruling is presented as the ruling
    assert knowledge["verdict"] == "same" and knowledge["completions"] == 21
    assert knowledge["possible"] == [
        "Forehand wins hearts with 2, game 3: +30; revoke by middlehand in trick 4 (penalized)"
    ]


def test_missing_cards_that_change_the_ruling_block_it() -> None:
    # forehand's H8 and middlehand's DA unknown: with the heart, middlehand would have
    # revoked already in trick 2 (a trump led), so the ruling depends on them
    draft = revoke_draft()
    draft["cards"]["forehand"].remove("H8")
    draft["cards"]["middlehand"].remove("DA")
    answer = analyse(draft)
    knowledge = answer["knowledge"]
    assert answer["ruling"] is None and answer["record"] is None
    assert knowledge["verdict"] == "depends" and knowledge["completions"] == 2
    assert len(knowledge["possible"]) == 2


def test_the_contract_is_needed_before_anything_is_ruled() -> None:
    answer = analyse({"plays": []}, "es")
    assert answer["record"] is None
    assert answer["knowledge"]["needed"][0].startswith("el rematador")


def test_too_many_cards_for_a_hand_is_said_not_ruled() -> None:
    draft = revoke_draft()
    draft["cards"]["forehand"] += draft["cards"].pop("rearhand")
    answer = analyse(draft, "de")
    assert answer["record"] is None
    assert answer["problems"] == [
        {"field": "cards/forehand", "message": "Vorhand hat 15 Karten; es dürfen 10 sein."}
    ]


def test_a_discard_other_than_the_skat_found_is_kept_apart() -> None:
    draft = revoke_draft()
    # the declarer found D9 D7 but laid away S8 and D9 (he kept D7)
    draft["skat_dealt"] = ["D9", "D7"]
    draft["cards"]["skat"] = ["S8", "D9"]
    draft["cards"]["forehand"] = [c for c in draft["cards"]["forehand"] if c != "S8"] + ["D7"]
    answer = analyse(draft)
    record = answer["record"]
    assert record["deal"]["skat"] == ["D9", "D7"]
    assert "S8" in record["deal"]["forehand"] and "D7" not in record["deal"]["forehand"]
    discard = next(e for e in record["events"] if e["type"] == "discard")
    assert discard["cards"] == ["S8", "D9"]


# -- the pages -------------------------------------------------------------------------------


def _token(page: str) -> str:
    match = re.search(r'data-csrf="([^"]+)"', page)
    assert match
    return match.group(1)


@pytest.mark.parametrize(
    ("lang", "title", "card"),
    [
        ("de", "Spiel erfassen", "Karo-König"),
        ("en", "Enter a game", "king of diamonds"),
        ("es", "Anotar una partida", "rey de Caró"),
    ],
)
def test_the_entry_page_in_each_language(as_role, lang: str, title: str, card: str) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    page = c.get(f"/console/disputes/enter?lang={lang}").get_data(as_text=True)
    assert f"<h1>{title}</h1>" in page
    data = json.loads(re.search(r'id="entry-data">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert data["cards"]["DK"]["label"] == card
    assert len(data["cards"]) == 32 and data["lang"] == lang
    assert "<script>" not in page and " style=" not in page  # nothing inline (CSP)


def test_a_german_browser_gets_the_form_in_german(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    page = c.get("/console/disputes/enter", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert "<h1>Spiel erfassen</h1>" in page.get_data(as_text=True)


def test_the_analyse_endpoint_needs_the_csrf_header_and_a_submitter(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    page = c.get("/console/disputes/enter?lang=de").get_data(as_text=True)
    token = _token(page)
    ok = c.client.post(
        "/console/entry/analyse", json=revoke_draft(), headers={"X-CSRF-Token": token}
    )
    assert ok.status_code == 200
    assert ok.get_json()["ruling"]["summary"] == "Vorhand gewinnt Herz mit 2, Spiel 3: +30"
    stale = c.client.post(
        "/console/entry/analyse", json=revoke_draft(), headers={"X-CSRF-Token": "x"}
    )
    assert stale.status_code == 400
    bad = c.client.post(
        "/console/entry/analyse",
        json={"plays": [{"card": "HX"}]},
        headers={"X-CSRF-Token": token},
    )
    assert bad.status_code == 422
    assert bad.get_json() == {"error": "unbekannte Karte HX", "field": "plays/0"}
    admin = as_role("admin")
    token = admin.csrf()
    denied = admin.client.post("/console/entry/analyse", json={}, headers={"X-CSRF-Token": token})
    assert denied.status_code == 403
    court = as_role("court")  # the court amends records in the form (views_amend.py) ...
    token = court.csrf()
    allowed = court.client.post("/console/entry/analyse", json={}, headers={"X-CSRF-Token": token})
    assert allowed.status_code == 200
    assert court.get("/console/disputes/enter").status_code == 403  # ... but enters no new game


def test_the_entered_record_is_submitted_as_a_dispute(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    record = analyse(revoke_draft())["record"]
    dispute_id = c.submit_ok(json.dumps(record), note="entered on a phone")
    page = c.get(f"/console/disputes/{dispute_id}?lang=en").get_data(as_text=True)
    assert "Forehand wins hearts with 2, game 3: +30" in page


def test_the_entry_script_and_styles_are_served_by_the_app(console: Console) -> None:
    script = console.get("/console/static/entry.js")
    assert script.status_code == 200 and b"localStorage" in script.data
    assert not Path(entry.__file__).with_name("static").joinpath("vendor").exists()


def test_every_text_of_the_entry_script_exists_in_three_languages() -> None:
    from referee.core.vocabulary import LANGUAGES
    from referee.rules.messages import load_messages, messages_dir
    from referee.web.views_entry import _SCRIPT_TEXTS

    own: dict[str, dict[str, str]] = {}
    for path in sorted(messages_dir().glob("console*.yaml")):
        own |= load_messages(path).messages
    keys = [f"console.entry.{name}" for name in _SCRIPT_TEXTS]
    keys += [f"console.entry.incident.{kind}" for kind in entry.INCIDENTS]
    steps = ("contract", "tricks", "cards", "incidents", "review")
    keys += [f"console.entry.step.{s}" for s in steps]
    keys += ["console.entry.possible_infraction", "console.entry.signed_out"]
    for key in keys:
        assert key in own, key
        assert set(own[key]) >= set(LANGUAGES), key


def test_the_context_of_a_dispute_is_labelled_in_the_chosen_language(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    record = analyse(revoke_draft())["record"]
    dispute_id = c.submit_ok(json.dumps(record), event="Pokal", table="7", last_series="on")
    german = c.get(f"/console/disputes/{dispute_id}?lang=de").get_data(as_text=True)
    assert "<dt>Veranstaltung</dt><dd>Pokal</dd>" in german
    assert "<dt>Letzte Serie</dt><dd>ja</dd>" in german
    assert "last_series" not in german
    spanish = c.get(f"/console/disputes/{dispute_id}?lang=es").get_data(as_text=True)
    assert "<dt>Mesa</dt><dd>7</dd>" in spanish and "<dt>Última serie</dt><dd>sí</dd>" in spanish


# -- the facts of step 4 ----------------------------------------------------------------------


def _four(draft: dict[str, Any]) -> dict[str, Any]:
    return {**draft, "table_size": 4, "players": {**draft["players"], "dealer": "Dora"}}


def test_isko_3_5_4_the_dealer_at_a_table_of_four_looks_into_a_hand_and_remarks() -> None:
    draft = _four(revoke_draft())
    draft["incidents"] = [
        *draft["incidents"],
        {"type": "look_into_hand", "seat": "dealer", "into": "middlehand", "at": 3},
        {"type": "remark", "seat": "dealer", "text": "Kreuz ist raus!", "at": 6},
    ]
    answer = analyse(draft, "de")
    assert answer["problems"] == [] and answer["record"] is not None
    events = answer["record"]["events"]
    assert {"type": "look_into_hand", "seat": "dealer", "into": "middlehand"} in events
    assert {"type": "remark", "seat": "dealer", "text": "Kreuz ist raus!"} in events
    assert answer["record"]["players"]["dealer"] == "Dora"
    assert engine.adjudicate(answer["record"])["outcome"]  # the replayer takes it
    assert "Geber sieht in die Karten von Mittelhand" in answer["events"]


def test_isko_3_2_7_a_table_of_five_names_who_sits_out_and_takes_his_remark() -> None:
    """A table of five: Dora deals, Emil sits out with her (ISkO 3.2.7); Emil's remark is
    written with the seat sitting_out, the record names both, and reads back the same."""
    draft = revoke_draft()
    players = {**draft["players"], "dealer": "Dora", "sitting_out_1": "Emil"}
    draft = {**draft, "table_size": 5, "players": players}
    draft["incidents"] = [
        *draft["incidents"],
        {"type": "remark", "seat": "sitting_out", "text": "Kreuz ist raus!", "at": 6},
    ]
    answer = analyse(draft, "de")
    assert answer["problems"] == [] and answer["record"] is not None
    record = answer["record"]
    assert record["table_size"] == 5
    assert record["players"]["dealer"] == "Dora" and record["players"]["sitting_out"] == ["Emil"]
    assert {"type": "remark", "seat": "sitting_out", "text": "Kreuz ist raus!"} in record["events"]
    ruling = engine.adjudicate(record)
    assert set(ruling["tournament_points"]) >= {"dealer", "sitting_out"}
    again = draft_from_record(record)
    assert again["table_size"] == 5 and again["players"]["sitting_out_1"] == "Emil"
    with pytest.raises(entry.EntryError) as caught:  # nobody else sits out at four
        entry.read_draft({**draft, "table_size": 4})
    assert caught.value.code == "console.entry.dealer_only"


def test_the_dealer_acts_only_at_a_table_of_four() -> None:
    draft = revoke_draft()
    for inc, table in (
        ({"type": "remark", "seat": "dealer", "text": "x"}, 3),  # nobody sits out at three
        ({"type": "expose", "seat": "dealer", "cards": ["CA"]}, 4),  # not one of his acts
    ):
        d = {**(_four(draft) if table == 4 else draft), "incidents": [inc]}
        with pytest.raises(entry.EntryError) as caught:
            entry.read_draft(d)
        assert caught.value.code == "console.entry.dealer_only"


def test_isko_4_5_5_a_player_looks_into_another_players_cards_in_play() -> None:
    draft = revoke_draft()
    draft["incidents"] = [
        {"type": "look_into_hand", "seat": "middlehand", "into": "forehand", "at": 3},
        {"type": "objection", "at": 3},
    ]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = answer["record"]["events"]
    assert {"type": "look_into_hand", "seat": "middlehand", "into": "forehand"} in events
    ruling = engine.adjudicate(answer["record"])
    looked = [i for i in ruling["infractions"] if i["kind"] == "hand_viewed"]
    assert len(looked) == 1 and "ISkO 4.5.5" in looked[0]["clauses"]


def test_isko_3_3_9_a_look_into_a_hand_in_the_bidding_frees_the_bidders_in_the_form() -> None:
    """Entered among the bidding steps, a player's look into a hand takes him out of the
    bidding as the replayer does: the auction the form follows is the released one."""
    record = json.loads(
        (
            Path(__file__).resolve().parents[1]
            / "cases/isko_3_declaration"
            / "isko_3_3_9_player_looks_into_another_hand_in_the_bidding_started_over.json"
        ).read_text()
    )
    draft = draft_from_record(record)
    assert [i["type"] for i in draft["incidents"]][:1] == ["look_into_hand"]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    ruling = engine.adjudicate(answer["record"])
    assert ruling["declarer"] == "forehand" and ruling["bid"] == 18
    assert [i["kind"] for i in ruling["infractions"]] == ["hand_viewed"]


def test_a_look_into_ones_own_hand_is_refused_by_the_form() -> None:
    draft = revoke_draft()
    draft["incidents"] = [{"type": "look_into_hand", "seat": "forehand", "into": "forehand"}]
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.code == "console.entry.own_hand"


def test_isko_3_3_11_the_declarers_choice_follows_the_auction() -> None:
    record = example("choice-fold")
    draft = draft_from_record(record)
    assert [i["type"] for i in draft["incidents"]] == ["look_at_skat", "choice"]
    answer = analyse(draft)
    events = answer["record"]["events"]
    auction_end = max(i for i, e in enumerate(events) if e["type"] in ("bid", "hold", "pass"))
    assert events[auction_end + 1] == {"type": "choice", "seat": "forehand", "choice": "fold"}
    assert not any(e["type"] in ("pickup", "declare", "play") for e in events)
    played = {**draft, "incidents": [{**draft["incidents"][1], "choice": "play"}], "game": "hearts"}
    events = analyse(played)["record"]["events"]
    choice = next(i for i, e in enumerate(events) if e["type"] == "choice")
    assert events[choice]["choice"] == "play" and events[choice + 1]["type"] == "pickup"


def test_a_refused_concession_is_an_incident() -> None:
    draft = draft_from_record(example("concede-refused"))
    assert [i["type"] for i in draft["incidents"]][-2:] == ["concede", "refuse"]
    events = analyse(draft)["record"]["events"]
    conceded = events.index({"type": "concede", "seat": "forehand"})
    assert events[conceded + 1] == {"type": "refuse", "seat": "middlehand"}  # play goes on


def test_a_deal_mark_mid_deal_is_still_refused() -> None:
    with pytest.raises(entry.EntryError):
        draft_from_record(example("card-seen-in-deal"))


def _two_cards() -> dict[str, Any]:
    """revoke-objected with forehand putting a second card into trick 1 (ISkO 4.2.6)."""
    record = example("revoke-objected")
    play = next(e for e in record["events"] if e["type"] == "play")
    played = {e["card"] for e in record["events"] if e["type"] == "play"}
    play["extra"] = [next(c for c in record["deal"][play["seat"]] if c not in played)]
    return record


def test_isko_4_2_6_two_cards_to_one_trick_go_with_the_play() -> None:
    record = _two_cards()
    draft = draft_from_record(record)
    extra = next(e for e in record["events"] if e.get("extra"))["extra"]
    assert {"type": "extra_cards", "seat": "forehand", "cards": extra, "at": 1} in draft[
        "incidents"
    ]
    answer = analyse(draft)
    assert answer["problems"] == []
    first = next(e for e in answer["record"]["events"] if e["type"] == "play")
    assert first == {"type": "play", "seat": "forehand", "card": "CJ", "extra": extra}
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))
    wrong = {**draft, "incidents": [{**draft["incidents"][0], "seat": "rearhand"}]}
    with pytest.raises(entry.EntryError) as caught:
        analyse(wrong)
    assert caught.value.code == "console.entry.extra_seat"
    twice = {**draft, "incidents": [{**draft["incidents"][0], "cards": ["CJ"]}]}
    with pytest.raises(entry.EntryError):
        analyse(twice)  # a card played cannot also go with another play


def test_isko_4_2_6_a_trick_taken_without_a_seats_card_passes_that_seat_over() -> None:
    draft = draft_from_record(example("no-card"))
    assert draft["incidents"][0] == {"type": "no_card", "at": 17, "seat": "forehand"}
    answer = analyse(draft, "de")
    short = answer["tricks"][5]  # middlehand led the ace of spades, rearhand the ten
    assert [answer["plays"][i]["seat"] for i in short["cards"]] == ["middlehand", "rearhand"]
    assert short["winner"] == "middlehand" and short["points"] == 21
    assert answer["to_play"] == "middlehand"  # the winner leads the next trick
    assert {"type": "no_card", "seat": "forehand"} in answer["record"]["events"]


CASES = Path(__file__).resolve().parents[1] / "cases" / "isko_3_declaration"


@pytest.mark.parametrize(
    "case",
    [
        "isko_3_4_5_declarer_corrects_an_invalid_announcement",
        "isko_3_4_5_correction_to_another_kind_of_game_does_not_count",
    ],
)
def test_isko_3_4_5_a_declaration_corrected_before_the_first_card(case: str) -> None:
    record = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    draft = draft_from_record(record)
    first = next(e for e in record["events"] if e["type"] == "declare")
    fix = next(i for i in draft["incidents"] if i["type"] == "correction")
    assert fix["game"] == first["game"] and fix.get("hand", False) == first.get("hand", False)
    answer = analyse(draft)
    declares = [e for e in answer["record"]["events"] if e["type"] == "declare"]
    assert [d["game"] for d in declares] == [first["game"], draft["game"]]
    assert declares[1]["correction"] is True
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_the_replayers_refusal_of_a_draft_is_said_in_the_referees_language() -> None:
    draft = {**revoke_draft(), "incidents": [{"type": "no_card", "seat": "forehand", "at": 0}]}
    answer = analyse(draft, "de")  # no card put to a trick before any was led: refused
    assert answer["record"] is not None and answer["ruling"] is None
    said = "„Keine Karte“ setzt einen laufenden Stich mit einer Karte auf dem Tisch voraus."
    assert answer["problems"] == [{"field": "record", "message": said}]


def _heavy_draft() -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A half-entered hardest-case deal whose completions are all ruled alike only after
    long searches: the draft, the nodes of its whole analysis, and its knowledge."""
    from referee.rulings.search.gate import metered
    from tests.support.heavy import heavy_records

    for record in heavy_records():
        draft = draft_from_record(record)
        played = {p["card"] for p in draft["plays"]}
        for seat in ("middlehand", "rearhand"):
            for card in [c for c in draft["cards"][seat] if c not in played][:2]:
                draft["cards"][seat].remove(card)
        with metered() as m:
            knowledge = analyse(draft)["knowledge"]
        if knowledge and knowledge["verdict"] == "same" and m.used > 50_000:
            return draft, m.used, knowledge
    raise AssertionError("no hardest-case draft with one ruling over its completions")


@pytest.mark.usefixtures("no_search_runner")
def test_the_analysis_of_a_draft_is_cut_short_at_its_budget_and_says_so() -> None:
    """An aid, not a ruling: past its nodes the analysis stops and says so (before, up to
    24 completions were ruled in full, seconds of a request thread for one crafted draft)."""
    draft, nodes, full = _heavy_draft()
    with Flask(__name__).test_request_context():
        cut = entry_analysis.analyse(json.loads(json.dumps(draft)), "en", budget=nodes // 2)
    knowledge = cut["knowledge"]
    assert knowledge["cut_short"] and knowledge["verdict"] == "cut_short"
    assert knowledge["tried"] < knowledge["completions"] == full["completions"]
    assert knowledge["verdict_text"].startswith("Cut short")
    with Flask(__name__).test_request_context():
        whole = entry_analysis.analyse(json.loads(json.dumps(draft)), "en", budget=nodes)
    assert whole["knowledge"]["verdict"] == "same" and not whole["knowledge"]["cut_short"]
    assert whole["knowledge"]["possible"] == full["possible"]


@pytest.mark.usefixtures("no_search_runner")
def test_the_analysis_never_queues_behind_another_long_search(tmp_path: Path) -> None:
    """With the machine's long-search runner taken, the analysis does not wait for it:
    it answers what its light share found and says it was cut short."""
    import fcntl
    import os

    from referee.rulings.search import gate
    from referee.service.analysis_gate import FileGate, LowPriorityRunner

    draft, _nodes, _full = _heavy_draft()
    lock = tmp_path / "analysis.lock"
    before = gate.runner()
    gate.set_runner(LowPriorityRunner(FileGate(lock)))
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another worker's long search
        with Flask(__name__).test_request_context():
            cut = entry_analysis.analyse(json.loads(json.dumps(draft)), "en")
    finally:
        os.close(fd)
        gate.set_runner(before)
    assert cut["knowledge"]["cut_short"] and cut["knowledge"]["verdict"] == "cut_short"


def test_isko_4_1_2_a_card_taken_back_is_entered_with_the_card() -> None:
    record = example("take-back")
    draft = draft_from_record(record)
    taken = {"type": "take_back", "seat": "middlehand", "cards": ["CT"], "at": 14}
    assert taken in draft["incidents"]
    answer = analyse(draft)
    assert answer["problems"] == []
    events = answer["record"]["events"]
    assert {"type": "take_back", "seat": "middlehand", "card": "CT"} in events
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))
    two = {**draft, "incidents": [{**taken, "cards": ["CT", "CK"]}]}
    with pytest.raises(entry.EntryError) as caught:
        analyse(two)
    assert caught.value.code == "console.entry.take_back_one"


@pytest.mark.parametrize(
    ("name", "outcome"),
    [
        ("isko_3_2_11_game_dealt_out_of_turn_is_annulled_even_when_played_out", "annulled"),
        ("isko_3_2_13_wrong_dealing_order_from_a_finished_round_the_game_stands", "won"),
        ("skwo_9_4_the_same_dealer_after_a_game_passed_in_is_annulled", "annulled"),
        ("isko_3_2_10_a_cut_of_two_cards_objected_in_time_is_dealt_again", "redeal"),
        ("isko_3_2_10_a_missing_cut_objected_too_late_the_game_stands", "won"),
    ],
)
def test_isko_3_2_11_a_game_dealt_out_of_turn_is_a_fact_of_the_form(
    name: str, outcome: str
) -> None:
    record = json.loads(
        (
            Path(__file__).resolve().parents[1] / "cases/isko_3_declaration" / f"{name}.json"
        ).read_text()
    )
    draft = draft_from_record(record)
    assert [i["type"] for i in draft["incidents"]] == ["dealt_out_of_turn"]
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    assert answer["record"]["events"][0] == record["events"][0]
    assert engine.adjudicate(answer["record"])["outcome"] == outcome


def test_an_unknown_way_of_dealing_out_of_turn_is_refused() -> None:
    draft = revoke_draft()
    draft["incidents"] = [{"type": "dealt_out_of_turn", "at": -1, "dealing": "twice"}]
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.code == "console.entry.bad_incident"


@pytest.mark.parametrize(
    "case",
    [
        "isko_2_2_5_open_game_not_laid_out_the_game_goes_on",
        "isko_2_2_5_open_game_still_not_laid_out_when_asked_declarer_loses",
    ],
)
def test_isko_2_2_5_an_open_game_not_laid_out_is_entered_with_its_refusal(case: str) -> None:
    """The fact goes from the record into the form and back unchanged (with ``refused``
    when the declarer still kept his cards hidden), and the form's record rules alike."""
    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_5_value" / f"{case}.json").read_text()
    )
    draft = draft_from_record(record)
    said = [i for i in draft["incidents"] if i["type"] == "not_laid_out"]
    assert len(said) == 1 and said[0]["seat"] == "forehand"
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = [e for e in answer["record"]["events"] if e["type"] == "not_laid_out"]
    assert events == [e for e in record["events"] if e["type"] == "not_laid_out"]
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


@pytest.mark.parametrize(("lang", "said"), [("en", "busy"), ("de", "Analysen"), ("es", "ocupado")])
def test_a_dispute_whose_long_search_is_crowded_out_gets_a_page_to_send_it_again(
    as_role, lang: str, said: str
) -> None:  # type: ignore[no-untyped-def]
    """A long search refused because as many as may wait for one wait (the API's 503
    server.analysis_busy): the console shows a page in the reader's language with
    Retry-After, not the API's JSON."""
    from referee.rulings.search import gate
    from tests.support.heavy import heavy_records

    def crowded(_search: Any, /, *, wait: bool = True) -> Any:
        raise gate.Crowded

    c = as_role("referee")
    before = gate.runner()
    gate.set_runner(crowded)
    try:
        r = c.post(
            "/console/disputes/new",
            {"record": json.dumps(heavy_records()[0])},
            headers={"Accept-Language": lang},
        )
    finally:
        gate.set_runner(before)
    assert r.status_code == 503 and r.mimetype == "text/html", r.get_data(as_text=True)[:500]
    assert said in r.get_data(as_text=True)
    assert int(r.headers["Retry-After"]) >= 1


@pytest.mark.parametrize(
    "case",
    [
        "isko_4_3_4_partial_claim_line_leading_the_low_trump_fails",
        "isko_4_3_4_partial_claim_of_four_of_six_played_on_1998",
        "isko_4_3_4_partial_claim_of_five_of_six_fails_by_analysis_1998",
    ],
)
def test_isko_4_3_4_a_claim_of_some_tricks_with_its_line_is_entered(case: str) -> None:
    """The claim's count, its line (the cards in the order stated) and the words said go
    from the record into the form and back unchanged, and the form's record rules alike."""
    record = json.loads(
        (
            Path(__file__).resolve().parents[1] / "cases/isko_4_3_shortened" / f"{case}.json"
        ).read_text()
    )
    claim = next(e for e in record["events"] if e["type"] == "lay_down")
    draft = draft_from_record(record)
    said = [i for i in draft["incidents"] if i["type"] == "lay_down"]
    assert len(said) == 1 and said[0]["claimed"] == claim["tricks"]
    assert said[0].get("cards", []) == claim.get("line", [])
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = [e for e in answer["record"]["events"] if e["type"] == "lay_down"]
    assert events == [claim]
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))


def test_isko_4_3_4_a_claimed_count_out_of_range_is_refused_at_its_place() -> None:
    draft = {"incidents": [{"type": "lay_down", "seat": "forehand", "claimed": 11}]}
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.code == "console.entry.bad_incident"
    assert caught.value.where == {"field": "incidents/0/claimed"}


@pytest.mark.parametrize(
    "case",
    [
        "isko_4_4_5_declarer_leaves_tricks_lying_and_loses_a_later_trick_1998",
        "isko_4_4_4_defenders_mix_their_tricks_declarer_wins",
    ],
)
def test_isko_4_4_4_tricks_not_gathered_are_entered_with_their_trick(case: str) -> None:
    """Tricks left lying or mixed go from the record into the form and back unchanged (the
    first trick concerned, ``mixed``), and the form's record rules alike."""
    record = json.loads(
        (Path(__file__).resolve().parents[1] / "cases/isko_4_4_tricks" / f"{case}.json").read_text()
    )
    draft = draft_from_record(record)
    said = [i for i in draft["incidents"] if i["type"] == "tricks_not_gathered"]
    assert len(said) == 1
    answer = analyse(draft)
    assert answer["problems"] == [] and answer["record"] is not None
    events = [e for e in answer["record"]["events"] if e["type"] == "tricks_not_gathered"]
    assert events == [e for e in record["events"] if e["type"] == "tricks_not_gathered"]
    assert comparable(engine.adjudicate(answer["record"])) == comparable(engine.adjudicate(record))
