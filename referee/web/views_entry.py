"""Pages: the game-entry form (a phone form that builds the record) and its JSON helper.

``GET /console/disputes/enter`` draws the form; the script (``static/entry.js``) keeps the
draft in the browser and asks ``POST /console/entry/analyse`` after every change what the
domain code makes of it (:mod:`referee.web.entry`). The finished record is submitted by
the same form post as a pasted one (``/console/disputes/new``), so it goes through the
same service.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify, render_template, request

from referee.core.cards import Card
from referee.core.errors import Forbidden, InvalidInput, RefereeError, Unauthenticated
from referee.core.seats import SEAT_NAMES
from referee.core.vocabulary import Language
from referee.http_status import status_for
from referee.service.disputes import APPELLATE, SUBMITTERS
from referee.web import entry
from referee.web.auth import current_principal, require_principal, signed_in
from referee.web.blueprint import bp
from referee.web.cards import card_view
from referee.web.entry_analysis import analyse
from referee.web.entry_events import SITTING_OUT_KEYS, TABLE_SIZES
from referee.web.entry_facts import QUICK, facts_data
from referee.web.error_text import error_text
from referee.web.i18n import capitalized, current_language, term, text
from referee.web.services import services

#: the texts the script shows, by short name (console.entry.<name> unless a full key)
_SCRIPT_TEXTS = (
    "trick_status",
    "led",
    "next_out_of_turn",
    "added",
    "all_played",
    "follows",
    "not_follow",
    "flag.no_follow",
    "flag.revoke_proven",
    "flag.infraction",
    "room_left",
    "deduced",
    "remove_card",
    "at_bidding",
    "at_start",
    "at_end",
    "at_after",
    "nobody_said",
    "need_seat",
    "none_yet",
    "remove",
    "working",
    "offline",
    "restart_confirm",
    "event_col",
    "seat_col",
    "what_col",
    "needed",
    "decided",
    "possible",
    "skat",
    "skat_end",
    "skat_dealt",
    "submit_blocked",
    "declarer",
    "bid",
    "game",
    "hand",
    "announced",
    "passed",
    "trick_col",
    "winner_col",
    "points_col",
    "record_title",
    "knowledge_title",
    "ruling_title",
    "auction_hold",
    "auction_pass",
    "auction_irregular",
    "auction_next",
    "auction_result",
    "auction_open",
    "at_declaration",
    "auction_before",
    "auction_after",
    "auction_place",
    "auction_place_choose",
    "need_step",
    "objection_here",
    "game_went_on",
    "complete",
    "optional",
    "legend.no_follow",
    "legend.revoke",
    "all_of_suit_label",
    "names_order",
    "names_too_many",
)
_PLACEHOLDERS = {
    "count": "{count}",
    "seat": "{seat}",
    "trick": "{trick}",
    "card": "{card}",
    "bid": "{bid}",
    "suit": "{suit}",
    "seats": "{seats}",
    "what": "{what}",
}


def script_data(lang: Language) -> dict[str, Any]:
    """Cards, seats, games and texts in ``lang`` for the script (a JSON data block)."""
    texts = {name: text(f"console.entry.{name}", lang, **_PLACEHOLDERS) for name in _SCRIPT_TEXTS}
    cards = {}
    for c in Card:
        v = card_view(c.name, lang)
        cards[c.name] = {"rank": v.rank, "symbol": v.symbol, "colour": v.colour, "label": v.label}
    seats = {s: capitalized(s, lang) for s in (*SEAT_NAMES, "dealer", "sitting_out")}
    for n, key in enumerate(SITTING_OUT_KEYS, 1):  # at a table of five or more
        seats[key] = f"{seats['sitting_out']} {n}"
    short = {s: text(f"console.seat_short.{s}", lang) for s in SEAT_NAMES}
    games = {g: term(g, lang) for g in entry.GAMES}
    flags = {f: term(f, lang) for f in ("hand", "schneider", "schwarz", "ouvert")}
    return {
        "lang": lang,
        "cards": cards,
        #: the deck's order (a suit a row, A 10 K D B 9 8 7): the template's ``tojson`` sorts
        #: the keys of ``cards``, which would put them in the order of their tokens
        "card_order": [c.name for c in Card],
        "seats": seats,
        "short": short,
        "games": games,
        "flags": flags,
        "texts": texts,
        #: the seats, where cards are kept and how many a deal gives each, the steps
        "seat_order": list(SEAT_NAMES),
        "holders": list(entry.HOLDERS),
        "sizes": entry.SIZES,
        "steps": list(entry.STEPS),
        "incidents": list(entry.INCIDENTS),
        #: the facts of step 4 and their controls, from the event declarations
        "facts": facts_data(lambda key: text(key, lang), lambda g: capitalized(g, lang)),
        #: the fact one tap in the tricks step adds (an objection at the last card)
        "quick": QUICK,
        "seatless": list(entry.SEATLESS),
        "bids": list(entry.BID_VALUES),
    }


@bp.route("/disputes/enter", endpoint="enter_game")
@signed_in
def enter_game() -> Any:
    """The game-entry form (referees and platforms, like *New dispute*)."""
    who = require_principal()
    lang = current_language()
    if who.role not in SUBMITTERS:
        status = status_for(Forbidden)
        return render_template(
            "console/error.html", status=status, message=text("console.new.not_allowed", lang)
        ), status
    return render_template(
        "console/entry.html",
        data=script_data(lang),
        seats=SEAT_NAMES,
        games=entry.GAMES,
        bids=entry.BID_VALUES,
        incidents=entry.INCIDENTS,
        quick=QUICK,
        steps=entry.STEPS,
        table_sizes=TABLE_SIZES,
    )


@bp.route("/entry/analyse", methods=["POST"], endpoint="entry_analyse")
def entry_analyse() -> Any:
    """What the domain code makes of a draft (JSON in, JSON out; CSRF token in a header)."""
    lang = current_language()
    who = current_principal()
    if who is None:
        return jsonify({"error": text("console.entry.signed_out", lang)}), status_for(
            Unauthenticated
        )
    if who.role not in SUBMITTERS and who.role not in APPELLATE:  # the court amends records
        return jsonify({"error": text("console.new.not_allowed", lang)}), status_for(Forbidden)
    draft = request.get_json(silent=True)
    try:
        svc = services()
        rules = svc.disputes.rules_for(who)  # the rule set the dispute would be ruled under
        return jsonify(analyse(draft, lang, budget=svc.settings.entry_budget, rules=rules))
    except entry.EntryError as exc:
        message = text(exc.code, lang, **{"card": "", **exc.params})
        # a draft the form cannot read is the form's input, as every form's (InvalidInput)
        return jsonify({"error": message, "field": exc.where.get("field")}), status_for(
            InvalidInput
        )
    except RefereeError as exc:
        return jsonify(
            {"error": error_text(exc, lang), "field": exc.where.get("field")}
        ), status_for(exc)
