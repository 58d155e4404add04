"""Stateless adjudication: one record in, one ruling out, nothing stored.

Also the ISS import: a stream of ISS records, one ruling (or one coded error) per game,
produced lazily so a large file is ruled in constant memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.core.errors import RefereeError
from referee.core.ruleset import Edition, RuleSet
from referee.core.vocabulary import Language
from referee.record.iss import LineSource, parse_iss_record, read_iss_lines
from referee.record.iss_convert import iss_to_skatlog
from referee.rulings.search.gate import BudgetSpent, Crowded
from referee.service import engine
from referee.service.keys import Principal

ADJUDICATORS = ("referee", "court", "platform", "admin", "anonymous")
IMPORTERS = ("platform",)


def _game_id(rec: Any) -> Any:
    for name in ("game_id", "id", "game"):
        value = getattr(rec, name, None)
        if isinstance(value, str | int):
            return value
    return None


class AdjudicationService:
    """Rulings that are computed and returned, never stored.

    A record that names no rule set is ruled under the ``edition`` the request asks
    for, else under the one its key's owner chose, else under ``default`` (the
    service's, ``REFEREE_EDITION``); an ISS record never names one."""

    def __init__(self, default: RuleSet | None = None) -> None:
        self.default = default or RuleSet()

    def _rules(self, who: Principal, edition: Edition | None) -> RuleSet:
        chosen = edition or who.edition
        return self.default if chosen is None else RuleSet(edition=chosen)

    def adjudicate(
        self, who: Principal, doc: dict[str, Any], lang: Language, edition: Edition | None = None
    ) -> dict[str, Any]:
        who.require(*ADJUDICATORS)
        return engine.adjudicate(doc, lang, default=self._rules(who, edition))

    def adjudicate_iss(
        self, who: Principal, text: str, lang: Language, edition: Edition | None = None
    ) -> dict[str, Any]:
        """Rule one raw ISS record."""
        who.require(*ADJUDICATORS)
        doc = iss_to_skatlog(parse_iss_record(text))
        return engine.adjudicate(doc, lang, default=self._rules(who, edition))

    def import_iss(
        self,
        who: Principal,
        stream: LineSource,
        lang: Language,
        edition: Edition | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Check the role now, then rule lazily: one dict per game, then a summary."""
        who.require(*IMPORTERS)
        return self._rule_stream(stream, lang, self._rules(who, edition))

    def _rule_stream(
        self, stream: LineSource, lang: Language, rules: RuleSet
    ) -> Iterator[dict[str, Any]]:
        """One result per non-blank line: a line that cannot be read, converted or ruled
        gets its error and the import goes on with the next line (a line longer than
        :data:`~referee.record.iss.MAX_LINE_CHARS` is skipped without being held)."""
        counts = {"games": 0, "ruled": 0, "errors": 0}
        for _line_no, text in read_iss_lines(stream):
            index = counts["games"]
            counts["games"] += 1
            rec = None
            try:
                if isinstance(text, RefereeError):
                    raise text
                rec = parse_iss_record(text, _line_no)
                doc = iss_to_skatlog(rec)
                ruling = engine.adjudicate(doc, lang, default=rules)
            except RefereeError as exc:
                counts["errors"] += 1
                yield {"index": index, "game": _game_id(rec), "error": exc.to_dict()}
                continue
            except Crowded as exc:  # long searches queued up: stop here, come back
                counts["errors"] += 1
                error = {"code": "server.analysis_busy", "message": f"{exc}; the rest was not read"}
                yield {"index": index, "game": _game_id(rec), "error": error}
                break
            except BudgetSpent as exc:  # the caller's nodes are spent: stop here
                counts["errors"] += 1
                error = {"code": "rate.search_budget", "message": f"{exc}; the rest was not read"}
                yield {"index": index, "game": _game_id(rec), "error": error}
                break
            counts["ruled"] += 1
            yield {"index": index, "game": _game_id(rec), "ruling": ruling}
        yield {"summary": counts}
