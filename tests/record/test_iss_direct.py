"""The direct ISS path (:func:`iss_to_record`: moves to checked events without the
skat-log/1 document) gives the record the document path gives, or its very error."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from referee.core.errors import RefereeError
from referee.record.iss import IssRecord, parse_iss_record
from referee.record.iss_convert import iss_to_record, iss_to_skatlog
from referee.record.log import parse_record
from referee.service.lines import rule_job_line
from tests.support.service import ISS_DIR


def _real_lines() -> list[str]:
    lines: list[str] = []
    for path in sorted(ISS_DIR.glob("*.sgf")):
        lines += [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return lines


def _damaged(line: str) -> list[str]:
    """The line with each move dropped, doubled, or replaced by another kind of move."""
    start = line.index("MV[") + 3
    end = line.index("]", start)
    moves = line[start:end].split(" ")
    out = []
    for k in range(len(moves)):
        for variant in (
            moves[:k] + moves[k + 1 :],
            moves[: k + 1] + moves[k:],
            moves[:k] + ["18"] + moves[k + 1 :],
            moves[:k] + ["p"] + moves[k + 1 :],
            moves[:k] + ["TI.1"] + moves[k + 1 :],
            moves[:k],
        ):
            out.append(line[:start] + " ".join(variant) + line[end:])
    return out


def _outcome(convert: Any, rec: IssRecord) -> tuple[Any, ...]:
    try:
        return ("record", convert(rec).to_dict())
    except RefereeError as exc:
        return ("error", exc.code, exc.message, exc.where, exc.params)


def _document_path(rec: IssRecord) -> Any:
    return parse_record(iss_to_skatlog(rec))


@pytest.mark.parametrize("line", _real_lines()[:40])
def test_direct_path_gives_the_documents_record_or_error(line: str) -> None:
    seen = set()
    for no, text in enumerate([line, *_damaged(line)], start=1):
        try:
            rec = parse_iss_record(text, no)
        except RefereeError:
            continue
        direct = _outcome(iss_to_record, rec)
        assert direct == _outcome(_document_path, rec), text
        seen.add(direct[0])
    assert "record" in seen


def test_direct_path_records_are_equal_objects() -> None:
    for no, text in enumerate(_real_lines(), start=1):
        rec = parse_iss_record(text, no)
        assert iss_to_record(rec) == _document_path(rec)


@pytest.mark.parametrize("label", ["ID[7]", 'ID[x"ü]', ""])
def test_a_job_line_names_the_game_id_as_json_writes_it(label: str) -> None:
    text = re.sub(r"ID\[[^\]]*\]", label, _real_lines()[0], count=1)
    game = parse_iss_record(text, 3).game_id
    line, ok = rule_job_line((3, text), iss=True, lang="en")
    assert ok
    assert json.loads(line)["iss_id"] == game
    assert line.startswith(json.dumps({"line": 3, "iss_id": game}, ensure_ascii=False)[:-1] + ", ")
