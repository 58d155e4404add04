"""Human-readable forms of a skat-ruling/1 document (one line, or a full text page)."""

from __future__ import annotations

from typing import Any

from referee.core.vocabulary import Language
from referee.rules.messages import Messages, default_messages


def summary_line(ruling: dict[str, Any], messages: Messages | None = None) -> str:
    """E.g. ``Middlehand loses hearts with 1, game 2: -40`` in the ruling's language."""
    m = messages or default_messages()
    lang = Language(ruling["language"])
    outcome = ruling["outcome"]
    if outcome not in ("won", "lost"):
        return m.render(f"summary.{outcome}", {}, lang)
    contract = ruling["contract"]
    declarer = str(m.term(ruling["declarer"], lang))
    declarer = declarer[:1].upper() + declarer[1:]
    if not contract:  # lost before any game was declared (ISkO 4.1.1): the bid is the value
        return m.render(
            f"summary.{outcome}_undeclared",
            {"declarer": declarer, "bid": ruling["bid"], "score": ruling["score"]},
            lang,
        )
    mat = ruling.get("matadors")
    mats = (
        m.render(
            "summary.with" if mat["with"] else "summary.without", {"count": mat["count"]}, lang
        )
        if mat
        else ""
    )
    mult = ruling.get("multiplier")
    levels = mult["levels"] if mult else []
    level_text = (
        m.render("summary.game", {"multiplier": mult["value"]}, lang)
        if mult
        else str(ruling["game_value"])
    )
    if levels and levels != ["game"]:
        level_text += " (" + ", ".join(str(m.term(x, lang)) for x in levels) + ")"
    game = str(m.term(contract.get("game"), lang))
    if contract.get("game") == "null":  # a null game's kind is its value: say it
        game += "".join(
            " " + str(m.term(flag, lang)) for flag in ("hand", "ouvert") if contract.get(flag)
        )
    return m.render(
        f"summary.{outcome}",
        {
            "declarer": declarer,
            "game": game,
            "matadors": mats,
            "levels": level_text,
            "score": ruling["score"],
        },
        lang,
    )


def render_ruling_text(ruling: dict[str, Any], messages: Messages | None = None) -> str:
    """A ruling as a page of text: outcome, infractions, reasoning, tournament points, clauses."""
    m = messages or default_messages()
    lang = Language(ruling["language"])
    out = [summary_line(ruling, m)]
    if ruling.get("card_points"):
        cp, tr = ruling["card_points"], ruling["tricks"] or {}
        out.append(
            f"  {m.term('declarer', lang)}: {cp['declarer']} / {tr.get('declarer')}   "
            f"{m.term('defenders', lang)}: {cp['defenders']} / {tr.get('defenders')}"
        )
    if ruling["infractions"]:
        out += ["", m.render("text.infractions", {}, lang)]
        for inf in ruling["infractions"]:
            # the status and kind by their names in the language (the console's, declared once)
            status = f"console.status.{inf['status']}"
            status = m.render(status, {}, lang) if m.has(status) else str(inf["status"])
            out.append(
                f"  [{status}] {m.term(inf['kind'], lang)} ({', '.join(inf['clauses'])}): "
                f"{inf['explanation']}"
            )
    out += ["", m.render("text.reasoning", {}, lang)]
    for i, step in enumerate(ruling["reasoning"], 1):
        out.append(f"  {i}. [{', '.join(step['clauses'])}] {step['text']}")
    if ruling.get("tournament_points"):
        tp = ruling["tournament_points"]
        out += [
            "",
            m.render("text.tournament", {}, lang)
            + ": "
            + ", ".join(f"{m.term(k, lang)} {v:+d}" for k, v in tp.items()),
        ]
    out += ["", m.render("text.citations", {}, lang)]
    for c in ruling["citations"]:
        out.append(f"  {c['id']} — {c['title']}: {c['summary']}")
    return "\n".join(out)
