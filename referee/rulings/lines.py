"""One archive line in, one output line out: the bulk format shared by ``referee
adjudicate --batch`` and the bulk jobs of the service.

A line that rules gives the compact ``skat-ruling/1`` itself; a line that cannot be
ruled gives ``{"line": n, "error": {"code", "message", "where"}}`` in its place. The
output is a function of the line alone (no time, no machine), so the same archive gives
the same bytes wherever and however often it is ruled.

>>> from referee.record.log import EXAMPLE_DEAL
>>> doc = {"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]}
>>> out, ok = rule_line((1, json.dumps(doc)), iss=False, lang="en")
>>> ok, json.loads(out)["outcome"]
(True, 'passed_in')
>>> out, ok = rule_line((7, "{"), iss=False, lang="en")
>>> ok, json.loads(out)["line"], json.loads(out)["error"]["code"]
(False, 7, 'record.json')
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.errors import RefereeError
from referee.core.ruleset import RuleSet
from referee.core.vocabulary import Language
from referee.record.iss import parse_iss_record
from referee.record.iss_convert import iss_to_skatlog
from referee.record.log import parse_record, parse_record_text
from referee.rulings.adjudicate import rule
from referee.rulings.render import render
from referee.rulings.search.gate import BudgetSpent

__all__ = ["error_line", "rule_line"]


def error_line(line: int, *, code: str, message: str, where: dict[str, Any]) -> str:
    """The output line for an input line that could not be ruled."""
    error = {"code": code, "message": message, "where": where}
    return json.dumps({"line": line, "error": error}, ensure_ascii=False)


def rule_line(
    item: tuple[int, str], *, iss: bool, lang: Language, default: RuleSet | None = None
) -> tuple[str, bool]:
    """Rule one input line (a record that names no rule set under ``default``); returns
    (output line, ruled without error). Raises only :class:`BudgetSpent`, under a meter
    with a node budget (a bulk job's): the line is then not ruled at all, and the caller
    says so."""
    line_no, text = item
    try:
        if iss:
            record = parse_record(iss_to_skatlog(parse_iss_record(text, line_no)))
        else:
            record = parse_record_text(text)
        ruling = render(rule(record, record.rules or default), lang)
        return json.dumps(ruling, ensure_ascii=False, separators=(",", ":")), True
    except RefereeError as exc:
        where = {k: v for k, v in exc.where.items() if k != "line"}
        return error_line(line_no, code=exc.code, message=exc.message, where=where), False
    except BudgetSpent:
        raise
    except RecursionError:
        return error_line(
            line_no, code="record.too_deep", message="the JSON nests too deeply", where={}
        ), False
    except Exception as exc:  # noqa: BLE001 - one bad game must not stop an archive
        message = f"internal error: {type(exc).__name__}: {exc}"
        return error_line(line_no, code="referee.internal", message=message, where={}), False
