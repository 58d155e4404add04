"""The command line imports a command's modules only when that command runs, and the
search engine hands its tables over on first use (a referee ruling one file waits for
the rulings, not for the database, the web framework or the null game's tables)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: what no command but the service's own may load
SERVICE_ONLY = ("flask", "sqlalchemy", "alembic", "huey", "redis", "gunicorn", "psycopg")


def _loaded_after(code: str) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter; it leaves its findings in ``found``."""
    script = f"import json, sys\nfound = {{}}\n{code}\nprint(json.dumps(found))"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_building_the_parser_imports_no_command_body() -> None:
    found = _loaded_after(
        "import referee.cli\nreferee.cli.build_parser()\nfound['modules'] = sorted(sys.modules)\n"
    )
    modules = found["modules"]
    assert isinstance(modules, list)
    heavy = SERVICE_ONLY + ("referee.storage", "referee.app", "referee.rulings", "referee.record")
    assert [m for m in modules if m.startswith(heavy)] == []


def test_adjudicating_a_file_loads_no_service_layer_and_no_unused_engine_table() -> None:
    found = _loaded_after(
        "import contextlib, io\n"
        "from referee.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    found['status'] = main(['adjudicate', 'examples/suit-game-clean.json'])\n"
        "found['modules'] = sorted(sys.modules)\n"
        "from referee.rulings.search import native\n"
        "found['prepared'] = sorted(g.value for g in native._prepared)\n"
    )
    assert found["status"] == 0
    modules = found["modules"]
    assert isinstance(modules, list)
    assert "referee.rulings.render" in modules  # the command did run
    assert [m for m in modules if m.startswith(SERVICE_ONLY + ("referee.storage",))] == []
    assert "null" not in found["prepared"]  # a suit game: the null tables stay unbuilt


def test_the_engine_prepares_a_game_on_its_first_search_only() -> None:
    found = _loaded_after(
        "from referee.core.cards import Card, mask_of\n"
        "from referee.core.contracts import Game\n"
        "from referee.rulings.search import native\n"
        "found['at_import'] = sorted(g.value for g in native._prepared)\n"
        "hands = [mask_of([Card.C7]), mask_of([Card.D7]), mask_of([Card.H7])]\n"
        "r = native.can_force_trick(hands, 0, (), Game.NULL, winners=1, controllers=0b110)\n"
        "found['answer'] = r.answer\n"
        "found['after'] = sorted(g.value for g in native._prepared)\n"
    )
    assert found["at_import"] == []
    assert found["after"] == ["null"]
    assert found["answer"] is True  # nobody can follow the seven led: its leader takes it
