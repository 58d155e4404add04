"""The one door from every caller to the adjudication engine.

:func:`adjudicate` is the only call that rules a record outside the engine itself: the
API, the console, the CLI (one record or an archive, line by line) and the bulk jobs all
rule through it, so what a ruling is made of is decided here once. The rule set a record
is ruled under is chosen by :func:`referee.rulings.adjudicate.rule` alone (the one asked
for, else the record's own, else the caller's default, else the engine's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, overload

from referee.core.contracts import Game
from referee.core.ruleset import RuleSet
from referee.core.tricks import trick_outcomes
from referee.core.vocabulary import Language
from referee.record.log import GameRecord, parse_record
from referee.rules.catalogue import default_catalogue
from referee.rules.messages import default_messages
from referee.rulings.adjudicate import rule
from referee.rulings.render import render

__all__ = ["adjudicate", "warm_up"]


def warm_up() -> None:
    """Load what the first ruling would otherwise load: the trick tables of every game
    and the clause catalogue with its messages (some 0.2 s, once per process)."""
    for game in Game:
        trick_outcomes(game)
    default_catalogue()
    default_messages()


@overload
def adjudicate(
    record: GameRecord | Mapping[str, Any],
    lang: Language = ...,
    *,
    rules: RuleSet | None = ...,
    default: RuleSet | None = ...,
) -> dict[str, Any]: ...


@overload
def adjudicate(
    record: GameRecord | Mapping[str, Any],
    lang: tuple[Language, ...],
    *,
    rules: RuleSet | None = ...,
    default: RuleSet | None = ...,
) -> dict[str, dict[str, Any]]: ...


def adjudicate(
    record: GameRecord | Mapping[str, Any],
    lang: Language | tuple[Language, ...] = Language.EN,
    *,
    rules: RuleSet | None = None,
    default: RuleSet | None = None,
) -> dict[str, Any] | dict[str, dict[str, Any]]:
    """Rule a record once and render the decision as ``skat-ruling/1``.

    ``record``: a parsed :class:`GameRecord`, or a ``skat-log/1`` document (validated
    here; raises :class:`~referee.core.errors.RecordError`). The record is ruled under
    ``rules``, else the rule set it names, else ``default`` (the key owner's or the
    service's), else the engine's. ``lang``: one language (the ruling in it), or a tuple
    of languages (``{lang: ruling}``, every text rendered from the same decision)."""
    parsed = record if isinstance(record, GameRecord) else parse_record(record)
    decision = rule(parsed, rules, default=default)
    if isinstance(lang, tuple):
        texts: dict[str, dict[str, Any]] = {one: render(decision, one) for one in lang}
        return texts
    return render(decision, lang)
