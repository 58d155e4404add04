"""Every caller rules a record through one call, :func:`referee.service.engine.adjudicate`.

The API, the console's entry analysis, the CLI (one record and an archive) and a bulk
job's chunk each reach the engine through it; no other module of the package calls the
engine's ``rule`` or ``render``, and the rule set of a ruling is chosen in one place.
"""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee.cli import main as cli_main
from referee.core.vocabulary import Language
from referee.service import engine
from referee.service.jobs import _rule_claim
from referee.service.model import Claim
from referee.web import entry_analysis
from referee.web.entry_draft import draft_from_record
from tests.support.service import example

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
#: the engine's own modules and the one door may call ``rule``/``render``
ALLOWED = ("rulings/", "service/engine.py")


@pytest.fixture
def door(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The records that passed through the one call."""
    seen: list[Any] = []
    real = engine.adjudicate

    def counting(record: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(record)
        return real(record, *args, **kwargs)

    monkeypatch.setattr(engine, "adjudicate", counting)
    return seen


def test_the_api_rules_through_the_one_call(client, keys, door) -> None:
    r = client.post("/v1/adjudications", json=example("false-lead"), headers=keys["referee"])
    assert r.status_code == 200, r.json
    assert len(door) == 1


def test_a_stored_dispute_is_ruled_through_the_one_call(client, keys, door) -> None:
    body = {"record": example("revoke-objected")}
    r = client.post("/v1/disputes", json=body, headers=keys["referee"])
    assert r.status_code == 201, r.json
    assert len(door) == 1


def test_the_console_entry_analysis_rules_through_the_one_call(door) -> None:
    draft = draft_from_record(example("revoke-objected"))
    with Flask(__name__).test_request_context():
        answer = entry_analysis.analyse(json.loads(json.dumps(draft)), Language.EN)
    assert answer.get("ruling")
    assert len(door) >= 1


def test_the_cli_rules_one_record_through_the_one_call(
    door, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(example("false-lead")), encoding="utf-8")
    assert cli_main(["adjudicate", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "skat-ruling/1"
    assert len(door) == 1


def test_the_cli_rules_an_archive_through_the_one_call(
    door, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [json.dumps(example(name)) for name in ("false-lead", "revoke-objected")]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert cli_main(["adjudicate", "--batch", "-", "--progress", "never"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    assert len(door) == 2


def test_a_bulk_job_rules_its_lines_through_the_one_call(door) -> None:
    lines: list[tuple[int, str | None]] = [
        (1, json.dumps(example("false-lead"))),
        (2, "{"),  # no record: an error line, never ruled
        (3, json.dumps(example("revoke-objected"))),
    ]
    claim = Claim(job_id=1, no=0, input_format="json", lang=Language.EN, lines=lines)
    out, ruled, errors, _nodes = _rule_claim(claim)
    assert (ruled, errors) == (2, 1) and len(out.splitlines()) == 3
    assert len(door) == 2


def _sources() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        out.append((name, ast.parse(path.read_text(encoding="utf-8"), filename=name)))
    return out


def test_only_the_one_call_imports_the_engines_rule_or_render() -> None:
    engine_modules = {"referee.rulings", "referee.rulings.adjudicate", "referee.rulings.render"}
    found = []
    for name, tree in _sources():
        if name.startswith(ALLOWED):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in engine_modules:
                taken = {a.name for a in node.names} & {"rule", "render"}
                found += [f"{name}:{node.lineno} {t}" for t in sorted(taken)]
            elif isinstance(node, ast.Import):
                found += [
                    f"{name}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name in engine_modules - {"referee.rulings"}
                ]
    assert found == []


def test_the_rule_set_of_a_ruling_is_chosen_in_one_place() -> None:
    """``record.rules or ...`` (the record's own rule set, else another) is written only
    in :meth:`referee.record.log.GameRecord.ruled_under`, which the ruling, the replay
    view and the CLI's replay all ask."""
    found = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.BoolOp)
                and isinstance(node.op, ast.Or)
                and any(isinstance(v, ast.Attribute) and v.attr == "rules" for v in node.values)
            ):
                found.append(name)
    assert found == ["record/log.py"]


def test_the_door_has_no_pass_throughs() -> None:
    """The one door holds what it is for, nothing it only hands on."""
    assert sorted(engine.__all__) == ["adjudicate", "warm_up"]
    tree = ast.parse((PACKAGE / "service" / "engine.py").read_text(encoding="utf-8"))
    names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert names == {"adjudicate", "warm_up"}
