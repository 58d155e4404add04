"""skat-ruling/1: a ruling rendered with citations and reasoning in German, English or Spanish.

Rule once, render per language:

>>> from referee.record.log import EXAMPLE_DEAL, parse_record
>>> from referee.rulings.adjudicate import rule
>>> doc = {"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]}
>>> ruling = rule(parse_record(doc))
>>> out = render(ruling, "de")
>>> out["format"], out["outcome"], out["score"], out["citations"][0]["id"]
('skat-ruling/1', 'passed_in', 0, 'ISkO 3.3.7')
>>> [render(ruling, lang)["reasoning"][0]["clauses"] for lang in ("de", "en", "es")]
[['ISkO 3.3.7'], ['ISkO 3.3.7'], ['ISkO 3.3.7']]
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from referee.core.ruleset import EDITIONS, Edition, RuleSet
from referee.core.vocabulary import Language
from referee.rules.catalogue import Catalogue, default_catalogue
from referee.rules.editions import Numbering, numbering
from referee.rules.messages import Messages, default_messages
from referee.rulings.model import Ruling, Step, thawed

FORMAT = "skat-ruling/1"


def render(ruling: Ruling, lang: Language = Language.EN) -> dict[str, Any]:
    """The ruling as skat-ruling/1 in ``lang``: one decision, rendered in any language."""
    return ruling_to_dict(ruling, lang)


def ruling_to_dict(
    ruling: Ruling,
    lang: Language = Language.EN,
    *,
    catalogue: Catalogue | None = None,
    messages: Messages | None = None,
) -> dict[str, Any]:
    """The ruling as skat-ruling/1 JSON; every field present, ``None`` where it does not apply."""
    catalogue = catalogue or default_catalogue()
    messages = messages or default_messages()
    c = ruling.contract
    citations = [catalogue.citation(ref, lang) for ref in ruling.cited]
    edition = ruling.rules.edition
    numbers = None if edition is Edition.ISKO_1998 else numbering(edition)
    if numbers is not None:
        for citation in citations:
            citation["summary"] = numbers.cite_text(citation["summary"])
            citation["title"] = numbers.cite_text(citation["title"])
            citation.update(_cited_as(numbers, citation["id"], messages, lang))
    texts = numbers.cite_text if numbers is not None else _same
    return {
        "format": FORMAT,
        "language": lang,
        "outcome": ruling.outcome.value,
        "declarer": ruling.declarer.value if ruling.declarer else None,
        "contract": c.to_dict() if c else None,
        "bid": ruling.bid,
        "matadors": ruling.matadors.to_dict() if ruling.matadors else None,
        "multiplier": (
            {"value": ruling.multiplier, "levels": list(ruling.levels)}
            if ruling.multiplier is not None
            else None
        ),
        "game_value": ruling.game_value,
        "overbid": ruling.overbid,
        "score": ruling.score,
        "tournament_points": _plain(ruling.tournament_points),
        "card_points": _plain(ruling.card_points),
        "tricks": _plain(ruling.tricks),
        "ended": ruling.ended.to_dict() if ruling.ended is not None else None,
        "infractions": [
            {
                **inf.to_dict(),
                "explanation": texts(
                    messages.render(inf.explanation.key, dict(inf.explanation.params), lang)
                ),
            }
            for inf in ruling.infractions
        ],
        "citations": citations,
        "reasoning": [_step(step, messages, lang, numbers) for step in ruling.reasoning],
        "analysis": [thawed(entry) for entry in ruling.analysis],
        "rules": ruling.rules.to_dict(),
    }


#: a reasoning step whose message key starts with this names the reading of an open
#: question it applied (docs/interpretations.md has the id as an anchor)
READING_PREFIX = "reading."
#: the message key of a reading's option other than its default -> (reading id, option)
ALTERNATIVE_KEYS: dict[str, tuple[str, str]] = {
    f"{READING_PREFIX}{r.id}.{o.value}": (r.id, o.value)
    for _, r in RuleSet.readings()
    for o in r.alternatives
}


def _plain(counts: MappingProxyType[str, int] | None) -> dict[str, int] | None:
    """A ruling's read-only numbers by side or player as a JSON object."""
    return None if counts is None else counts.copy()


def _same(text: str) -> str:
    return text


def _cited_as(
    numbers: Numbering, clause_id: str, messages: Messages, lang: Language
) -> dict[str, Any]:
    """What a citation under a later edition adds: the number it is cited by, whether that
    is the edition's established number, and otherwise the mark that says it is not (made
    once per numbering, clause, language and messages)."""
    key = (id(numbers), numbers.edition, clause_id, lang, id(messages))
    made = _CITED_AS.get(key)
    if made is None:
        if len(_CITED_AS) >= 4096:
            _CITED_AS.clear()
        made = _CITED_AS[key] = _make_cited_as(numbers, clause_id, messages, lang)
    return dict(made)


#: what _cited_as made, by numbering, clause, language and messages
_CITED_AS: dict[tuple[int, Edition, str, str, int], dict[str, Any]] = {}


def _make_cited_as(
    numbers: Numbering, clause_id: str, messages: Messages, lang: Language
) -> dict[str, Any]:
    cited = numbers.cite(clause_id)
    out: dict[str, Any] = {"cited_as": cited.number, "number_established": cited.established}
    if not cited.established:
        name = EDITIONS[numbers.edition]
        if cited.probable:
            out["probable_number"] = cited.probable
            out["mark"] = messages.render(
                "edition.number_probable", {"edition": name, "number": cited.probable}, lang
            )
        else:
            out["mark"] = messages.render("edition.number_not_established", {"edition": name}, lang)
    return out


def _step(
    step: Step, messages: Messages, lang: Language, numbers: Numbering | None = None
) -> dict[str, Any]:
    """One reasoning step; a step that applies a documented reading also says which
    (``reading``: the id of its entry in docs/interpretations.md). Under a later edition
    ``cited_as`` gives its clauses as that edition cites them (marked where not established)."""
    out: dict[str, Any] = {
        "clauses": list(step.clauses),
        "text": messages.render(step.message.key, dict(step.message.params), lang),
    }
    if numbers is not None:  # the text is written in the 1998/99 numbering
        out["text"] = numbers.cite_text(out["text"])
        out["cited_as"] = [numbers.cite(ref).number for ref in step.clauses]
    key = step.message.key
    if key in ALTERNATIVE_KEYS:  # a reading applied with an option other than its default
        out["reading"], out["option"] = ALTERNATIVE_KEYS[key]
    elif key.startswith(READING_PREFIX):
        out["reading"] = key[len(READING_PREFIX) :]
    return out
