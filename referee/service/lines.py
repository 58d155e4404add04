"""One archive line in, one output line out: the bulk format shared by ``referee
adjudicate --batch`` and the bulk jobs of the service; each line is ruled by
:func:`referee.service.engine.adjudicate`, as every other record is.

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
from collections.abc import Mapping
from typing import Any

import orjson

from referee.core.errors import RefereeError
from referee.core.ruleset import RuleSet
from referee.core.vocabulary import Language
from referee.record.iss import iss_game_id, parse_iss_record
from referee.record.iss_convert import iss_to_record
from referee.record.log import parse_record_text
from referee.rulings.search.gate import BudgetSpent
from referee.service import engine

__all__ = ["error_line", "game_id_of", "rule_job_line", "rule_line", "with_game"]


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
    line, ok, _game = _rule(item, iss=iss, lang=lang, default=default)
    return line, ok


def rule_job_line(
    item: tuple[int, str], *, iss: bool, lang: Language, default: RuleSet | None = None
) -> tuple[str, bool]:
    """As :func:`rule_line`, in the format of a bulk job's results: every line starts with
    the input's line number and the record's ISS game id (null when it has none)."""
    line, ok, game = _rule(item, iss=iss, lang=lang, default=default)
    if not ok:  # an error line: {"line": n, "error": ...}
        return with_game(line, game), False
    return f'{{"line": {item[0]}, "iss_id": {_json_id(game)}, {line[1:]}', True


def _json_id(game: int | str | None) -> str:
    """An ISS game id as ``json.dumps`` writes it (``ensure_ascii=False``)."""
    if game is None:
        return "null"
    if type(game) is int:
        return str(game)
    return json.dumps(game, ensure_ascii=False)


def with_game(error: str, game: int | str | None) -> str:
    """An :func:`error_line` with the record's ISS game id after its line number."""
    doc = json.loads(error)
    line = doc.pop("line")
    return json.dumps({"line": line, "iss_id": game, **doc}, ensure_ascii=False)


def game_id_of(text: str | None, *, iss: bool) -> int | str | None:
    """The ISS game id a line names (``ID[...]`` of an ISS record, ``meta.iss.id`` of a
    skat-log/1 document converted from one), or None: for a line that is no record."""
    if text is None:
        return None
    if iss:
        return iss_game_id(text)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return _iss_id(doc.get("meta") if isinstance(doc, dict) else None)


def _iss_id(meta: Any) -> int | str | None:
    source = meta.get("iss") if isinstance(meta, Mapping) else None
    found = source.get("id") if isinstance(source, Mapping) else None
    return found if isinstance(found, int | str) and not isinstance(found, bool) else None


def _compact(doc: dict[str, Any]) -> str:
    """``json.dumps(doc, ensure_ascii=False, separators=(",", ":"))``, by orjson where it
    can (the same text, some six times faster; it refuses what json writes anyway: an
    integer beyond 64 bits, a lone surrogate)."""
    try:
        return orjson.dumps(doc).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _rule(
    item: tuple[int, str], *, iss: bool, lang: Language, default: RuleSet | None
) -> tuple[str, bool, int | str | None]:
    line_no, text = item
    game: int | str | None = None
    try:
        if iss:
            parsed = parse_iss_record(text, line_no)
            game = parsed.game_id
            record = iss_to_record(parsed)
        else:
            record = parse_record_text(text)
            game = _iss_id(record.meta)
        ruling = engine.adjudicate(record, lang, default=default)
        return _compact(ruling), True, game
    except RefereeError as exc:
        where = {k: v for k, v in exc.where.items() if k != "line"}
        game = game if game is not None else game_id_of(text, iss=iss)
        return error_line(line_no, code=exc.code, message=exc.message, where=where), False, game
    except BudgetSpent:
        raise
    except RecursionError:
        return (
            error_line(
                line_no, code="record.too_deep", message="the JSON nests too deeply", where={}
            ),
            False,
            game,
        )
    except Exception as exc:  # noqa: BLE001 - one bad game must not stop an archive
        message = f"internal error: {type(exc).__name__}: {exc}"
        return error_line(line_no, code="referee.internal", message=message, where={}), False, game
