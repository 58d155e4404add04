"""The console's texts (rules_kb/messages/console.yaml) and its pure view helpers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.core.vocabulary import LANGUAGES
from referee.record.replay_json import replay_document
from referee.rules.messages import default_messages, load_messages, messages_dir
from referee.service.engine import adjudicate
from referee.web import ruling_view as rv
from referee.web.cards import card_view
from referee.web.record_input import ConsoleInputError
from tests.support.web import EXAMPLES, example

WEB = Path(__file__).resolve().parents[2] / "referee" / "web"
KEY_RE = re.compile(r"""["'](console\.[a-z_0-9.]+)["']""")
PREFIX_RE = re.compile(r"""["'](console\.[a-z_.]+\.)["']\s*~""")


def used_keys() -> tuple[set[str], set[str]]:
    """Literal console keys in the code and templates, and prefixes built with ``~``."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    for path in [*WEB.glob("*.py"), *WEB.glob("templates/console/*.html")]:
        source = path.read_text(encoding="utf-8")
        keys |= set(KEY_RE.findall(source))
        prefixes |= set(PREFIX_RE.findall(source))
    return keys - prefixes, prefixes


def test_every_console_text_the_pages_use_exists_in_three_languages(app) -> None:  # type: ignore[no-untyped-def]
    files = sorted(messages_dir().glob("console*.yaml"))  # console.yaml, console_access.yaml
    own_messages: dict[str, dict[str, str]] = {}
    for path in files:
        loaded = load_messages(path)
        assert loaded.terms == {}, path
        own_messages |= loaded.messages
    keys, prefixes = used_keys()
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    not_texts = endpoints | {ConsoleInputError.code}  # the class's default error code
    keys = {k for k in keys if k not in not_texts and not k.endswith((".css", ".js"))}
    assert len(keys) > 100 and "console.ruling.step" in keys
    assert sorted(k for k in keys if k not in own_messages) == []
    assert prefixes >= {"console.role.", "console.status.", "console.outcome."}
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in own_messages), prefix
    assert all(k.startswith("console.") for k in own_messages)


def test_console_texts_do_not_collide_with_the_engine_texts() -> None:
    assert default_messages().render("console.nav.rules", {}, "es") == "Reglas"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_spoken_label(lang: str) -> None:
    labels = {card_view(s + r, lang).label for s in "CSHD" for r in "ATKQJ987"}
    assert len(labels) == 32 and not any("console." in label for label in labels)


def test_isko_4_2_4_running_totals_stop_at_the_revoke_trick() -> None:
    doc = example("revoke-objected")
    ruling = adjudicate(doc)
    rows = rv.trick_rows(replay_document(doc), ruling, "en")
    counted = [r for r in rows if r.counted]
    assert [r.number for r in counted] == [1, 2, 3]
    assert counted[-1].running == (ruling["card_points"]["declarer"], 0)
    skat = rv.skat_row(replay_document(doc), rows, "en")
    assert skat is not None and skat["points"] == 0 and skat["running"] == (22, 0)


@pytest.mark.parametrize("name", ["suit-game-clean", "grand-hand", "null-ouvert"])
def test_a_played_out_game_counts_every_trick(name: str) -> None:
    doc = example(name)
    ruling = adjudicate(doc)
    rows = rv.trick_rows(replay_document(doc), ruling, "en")
    assert rows and all(r.counted and not r.flagged for r in rows)
    skat = rv.skat_row(replay_document(doc), rows, "en")
    if ruling["card_points"] and len(rows) == 10:
        cp = ruling["card_points"]
        assert skat is not None and skat["running"] == (cp["declarer"], cp["defenders"])


def test_every_example_renders_its_events_in_every_language() -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        doc = example(path.stem)
        for lang in LANGUAGES:
            for event in doc["events"]:
                line = rv.event_text(event, lang)
                assert line and "console." not in line and "?" not in line, (path.name, event)


def test_contract_text() -> None:
    contract = {"game": "grand", "hand": True, "schneider": True, "schwarz": False, "ouvert": False}
    assert rv.contract_text(contract, "en") == "Grand, hand, schneider announced"
    assert rv.contract_text(None, "de") == "—"
