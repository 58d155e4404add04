"""The one door from the service to the adjudication engine.

Every engine call of the service goes through these functions (imported statically, so
the path of a request is visible to every tool); tests replace them in one place.
"""

from __future__ import annotations

from typing import Any

from referee.core.contracts import Game
from referee.core.ruleset import RuleSet
from referee.core.tricks import trick_outcomes
from referee.core.vocabulary import Language
from referee.record.iss import iter_iss_records, parse_iss_record, read_iss_lines
from referee.record.iss_convert import iss_to_skatlog
from referee.record.log import parse_record
from referee.record.replay_json import replay_document
from referee.rules.catalogue import Catalogue, default_catalogue
from referee.rules.messages import default_messages
from referee.rulings import Ruling
from referee.rulings import render as render_ruling
from referee.rulings import rule as rule_record
from referee.rulings.search.gate import BudgetSpent, Crowded, metered

__all__ = [
    "BudgetSpent",
    "Crowded",
    "adjudicate",
    "catalogue",
    "iss_to_skatlog",
    "iter_iss_records",
    "metered",
    "parse_iss_record",
    "parse_record",
    "read_iss_lines",
    "render",
    "replay",
    "rule",
    "rule_set",
    "warm_up",
]


def warm_up() -> None:
    """Load what the first ruling would otherwise load: the trick tables of every game
    and the clause catalogue with its messages (some 0.2 s, once per process)."""
    for game in Game:
        trick_outcomes(game)
    default_catalogue()
    default_messages()


def adjudicate(
    doc: dict[str, Any], *, lang: Language = Language.EN, default: RuleSet | None = None
) -> dict[str, Any]:
    """Validate a ``skat-log/1`` document, rule it and render the ruling in ``lang``
    (``skat-ruling/1``). ``default``: the rule set if the record names none (the key
    owner's or the service's). Raises :class:`~referee.core.errors.RecordError`."""
    record = parse_record(doc)
    return render_ruling(rule_record(record, record.rules or default), lang)


def rule(
    doc: dict[str, Any], rules: RuleSet | None = None, *, default: RuleSet | None = None
) -> Ruling:
    """Validate a ``skat-log/1`` document and rule it once (a language-neutral decision)
    under ``rules``, else the rule set the record names, else ``default``, else the
    engine's default."""
    record = parse_record(doc)
    return rule_record(record, rules or record.rules or default)


def rule_set(doc: Any) -> RuleSet:
    """A rule set as a request names it (``{"edition"?, "readings"?}``); an unknown
    edition, reading or option is refused (422) at ``/rules/...``."""
    return RuleSet.from_dict(doc)


def render(ruling: Ruling, lang: Language = Language.EN) -> dict[str, Any]:
    """One decision as ``skat-ruling/1`` in ``lang``."""
    return render_ruling(ruling, lang)


def replay(doc: dict[str, Any], *, at: int | None = None) -> dict[str, Any]:
    """The replayer's reconstruction of a record, optionally up to event ``at``."""
    return replay_document(doc, at=at)


def catalogue() -> Catalogue:
    """The rules catalogue (``get``, iteration, ``search``)."""
    return default_catalogue()
