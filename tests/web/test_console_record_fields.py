"""The console shows what skat-log/1 can say about a game beyond bids and cards:
the end of the deal (``dealt``), the dealer at a table of four (``players.dealer`` and his
own acts), how a card became visible (``expose.how``), a trick shown on request or looked
at unasked (``review_tricks.on_request``), the declarer's choices (``choice``), his
correction of an announcement (``declare.correction``), a refused concession (``refuse``),
two cards put into one trick or none (``play.extra``, ``no_card``)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from referee.web.ruling_view import event_text, players, table_events

DEAL = {
    "forehand": ["CJ", "SJ", "HA", "HT", "HK", "H9", "H8", "CA", "C7", "S8"],
    "middlehand": ["HJ", "CT", "CK", "C9", "SA", "SK", "S9", "DA", "DK", "D8"],
    "rearhand": ["DJ", "HQ", "H7", "CQ", "C8", "ST", "SQ", "S7", "DT", "DQ"],
    "skat": ["D9", "D7"],
}
TRICKS = (
    "F:CJ M:HJ R:DJ F:SJ M:D8 R:H7 F:HA M:C9 R:HQ F:CA M:CK R:C8 F:C7 M:CT R:CQ "
    "M:SA R:ST F:S8 M:SK R:SQ F:H8 F:HT M:DK R:DQ F:HK M:S9 R:S7 F:H9 M:DA R:DT"
).split()
SEATS = {"F": "forehand", "M": "middlehand", "R": "rearhand"}


def _plays(tokens: list[str]) -> list[dict[str, Any]]:
    return [{"type": "play", "seat": SEATS[t[0]], "card": t.split(":")[1]} for t in tokens]


def table_of_four_record() -> dict[str, Any]:
    """Hearts on the docs' deal at a table of four, with every new field on the way."""
    events: list[dict[str, Any]] = [
        {"type": "look_at_skat", "seat": "dealer"},
        {"type": "dealt"},
        {"type": "bid", "seat": "middlehand", "value": 18},
        {"type": "hold", "seat": "forehand"},
        {"type": "bid", "seat": "middlehand", "value": 20},
        {"type": "hold", "seat": "forehand"},
        {"type": "pass", "seat": "middlehand"},
        {"type": "pass", "seat": "rearhand"},
        {"type": "choice", "seat": "forehand", "choice": "play"},
        {"type": "pickup", "seat": "forehand"},
        {"type": "discard", "seat": "forehand", "cards": ["D9", "D7"]},
        {"type": "declare", "seat": "forehand", "game": "diamonds", "hand": True},
        {"type": "declare", "seat": "forehand", "game": "hearts", "correction": True},
        {"type": "look_into_hand", "seat": "dealer", "into": "forehand"},
        *_plays(TRICKS[:14]),
        {"type": "review_tricks", "seat": "rearhand", "trick": 4, "on_request": True},
        *_plays(TRICKS[14:15]),
        {"type": "expose", "seat": "forehand", "cards": ["H9"], "how": "dropped"},
        *_plays(TRICKS[15:]),
    ]
    return {
        "format": "skat-log/1",
        "table_size": 4,
        "players": {"forehand": "Anna", "middlehand": "Ben", "rearhand": "Carl", "dealer": "Dora"},
        "deal": DEAL,
        "events": events,
    }


# -- the words for each new field (pure functions) -------------------------------------------


@pytest.mark.parametrize(
    ("event", "lang", "words"),
    [
        ({"type": "dealt"}, "en", "The table: the deal is complete"),
        ({"type": "dealt"}, "de", "Der Tisch: das Geben ist beendet"),
        ({"type": "look_at_skat", "seat": "dealer"}, "en", "Dealer: looks at the skat"),
        ({"type": "look_at_skat", "seat": "dealer"}, "es", "Repartidor: mira el Skat"),
        (
            {"type": "look_into_hand", "seat": "dealer", "into": "middlehand"},
            "de",
            "Geber sieht in die Karten von Mittelhand",
        ),
        (
            {"type": "expose", "seat": "forehand", "cards": ["D7"], "how": "dropped"},
            "en",
            "Forehand drops seven of diamonds by accident",
        ),
        (
            {"type": "expose", "seat": "rearhand", "cards": ["SA"], "how": "with_play"},
            "en",
            "Rearhand puts ace of spades down together with the card played",
        ),
        (
            {"type": "review_tricks", "seat": "rearhand", "trick": 4, "on_request": True},
            "en",
            "Rearhand has trick 4 shown on request",
        ),
        (
            {"type": "review_tricks", "seat": "rearhand", "trick": 4, "on_request": False},
            "es",
            "Tercera mano mira la basa 4 sin pedirlo",
        ),
        ({"type": "refuse", "seat": "middlehand"}, "en", "Middlehand: refuses the concession"),
        (
            {"type": "choice", "seat": "forehand", "choice": "fold"},
            "en",
            "Forehand chooses not to play (passed in)",
        ),
        (
            {"type": "choice", "seat": "forehand", "choice": "win"},
            "de",
            "Vorhand nimmt das Spiel ohne Spielen als gewonnen",
        ),
        (
            {
                "type": "choice",
                "seat": "forehand",
                "choice": "play",
                "cards": ["DQ"],
                "to": "rearhand",
            },
            "en",
            "Forehand chooses to play (queen of diamonds go to Rearhand)",
        ),
        (
            {"type": "declare", "seat": "forehand", "game": "hearts", "correction": True},
            "en",
            "Forehand corrects the announcement to Hearts",
        ),
        (
            {"type": "play", "seat": "middlehand", "card": "CT", "extra": ["SA"]},
            "en",
            "Middlehand plays ten of clubs together with ace of spades",
        ),
        ({"type": "no_card", "seat": "forehand"}, "en", "Forehand puts no card to the trick"),
    ],
)
def test_each_new_record_field_is_said_in_words(
    event: dict[str, Any], lang: str, words: str
) -> None:
    assert event_text(event, lang) == words


def test_the_dealer_is_a_player_only_at_a_table_of_four() -> None:
    record = table_of_four_record()
    assert players(record)["dealer"] == "Dora"
    assert "dealer" not in players({**record, "table_size": 3, "players": {"forehand": "A"}})


def test_table_events_list_every_event_but_bids_and_cards() -> None:
    record = table_of_four_record()
    listed = table_events(record, {"infractions": [{"event": 0}]}, "en")
    kinds = [record["events"][te.event]["type"] for te in listed]
    assert kinds == [
        "look_at_skat",
        "dealt",
        "choice",
        "declare",
        "declare",
        "look_into_hand",
        "review_tricks",
        "expose",
    ]
    assert listed[0].flagged and not any(te.flagged for te in listed[1:])


# -- the ruling page -------------------------------------------------------------------------


def _page(as_role, record: dict[str, Any]) -> str:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    dispute = c.submit_ok(json.dumps(record))
    return html.unescape(c.get(f"/console/disputes/{dispute}").get_data(as_text=True))


def test_ruling_page_shows_the_dealer_and_the_new_record_fields(as_role) -> None:  # type: ignore[no-untyped-def]
    body = _page(as_role, table_of_four_record())
    assert re.search(r'<dt>Dealer \(sits out\)</dt><dd class="dealer">Dora</dd>', body)
    assert re.search(r'<th scope="row">Dealer</th><td>Dora</td><td class="num">0</td>', body)
    events = body.split('id="table-events-title"')[1].split("</section>")[0]
    for words in (
        "Dealer: looks at the skat",
        "The table: the deal is complete",
        "Forehand chooses to play",
        "Forehand corrects the announcement to Hearts",
        "Dealer looks into the cards of forehand",
        "Rearhand has trick 4 shown on request",
        "Forehand drops nine of hearts by accident",
    ):
        assert words in events, words
    # the dealer's look at the skat is his own infraction, named as his
    infractions = body.split('id="inf-title"')[1].split("</section>")[0]
    assert "Dealer" in infractions and "SkWO 8.5" in infractions


def test_ruling_page_shows_the_new_fields_in_german(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    dispute = c.submit_ok(json.dumps(table_of_four_record()))
    body = html.unescape(c.get(f"/console/disputes/{dispute}?lang=de").get_data(as_text=True))
    assert "Geber (setzt aus)" in body and "Was am Tisch sonst geschah" in body
    assert "Vorhand lässt Herz-Neun versehentlich fallen" in body
    assert "Hinterhand lässt sich Stich 4 auf Verlangen zeigen" in body
