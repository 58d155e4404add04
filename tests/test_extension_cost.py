"""What it costs to add an event type or an infraction kind, measured on the tree: the
files outside tests and generated output that name an existing one (its value, such as
``throw_in``, or its enum member, such as ``THROW_IN``). docs/architecture.md gives the
recipes ("Adding an event type", "Adding an infraction kind") with these counts.

``python -m tests.test_extension_cost`` prints the files for every type and kind with a
name no other word shares."""

from __future__ import annotations

import re
from pathlib import Path

from referee.core.kinds import Kind
from referee.record.event_types import EVENT_TYPES as EVENT_TYPES_DECLARED
from referee.record.event_types import EventType

ROOT = Path(__file__).parents[1]
#: written by ``make spec`` from the declarations (docs/skat-log.md only between markers),
#: and the recipes themselves (their examples name existing types and kinds)
GENERATED = {"referee/api/formats/skat-log-1.schema.json", "docs/architecture.md"}
VENDORED = "referee/api/docs_assets/"
SUFFIXES = {".py", ".yaml", ".md", ".js", ".html", ".json", ".css"}
#: event types and kinds whose names are no common word (``pass``, ``left`` and
#: ``continue`` are found everywhere)
EVENT_TYPES = [t for t in EventType if "_" in t]
KINDS = [k for k in Kind if "_" in k]


def _texts() -> dict[str, str]:
    out = {}
    for folder in ("referee", "rules_kb", "docs"):
        for path in (ROOT / folder).rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or "__pycache__" in path.parts:
                continue
            if rel in GENERATED or rel.startswith(VENDORED):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if rel == "docs/skat-log.md":
                text = re.sub(
                    r"<!-- event-types:\w+ -->.*?<!-- /event-types -->", "", text, flags=re.S
                )
            out[rel] = text
    return out


def files_naming(word: str, name: str, texts: dict[str, str]) -> list[str]:
    """The files that name ``word`` (as a token, or in a handler's name such as
    ``_on_look_at_skat``), the enum member ``name`` or the class named after it
    (``LookAtSkat``, an event type's dataclass)."""
    camel = "".join(part.capitalize() for part in word.split("_"))
    pattern = re.compile(
        rf"(?<![\w-]){re.escape(word)}(?![\w-])|_on_{re.escape(word)}\b|\b{name}\b|\b{camel}\b"
    )
    return sorted(rel for rel, text in texts.items() if pattern.search(text))


def test_an_event_type_without_a_feature_of_its_own_is_named_in_at_most_six_files() -> None:
    """``look_at_skat``: its name (record/event_model.py), its class, its handler (typed with
    the class, record/replay_acts.py), its console texts, the guide's prose and the entry
    form's list of what frees the bidders (web/entry_facts.py); the schema, the guide's
    table, the parser, the replayer's table and markers and the entry form's fact follow
    from the declaration. ``throw_in``'s ending is named by the ruling format's list of
    endings, which is generated too."""
    texts = _texts()
    files = files_naming("look_at_skat", "LOOK_AT_SKAT", texts)
    assert len(files) <= 6, files
    assert {
        "referee/record/event_model.py",
        "referee/record/event_types_table.py",
        "referee/record/replay_acts.py",
    } <= set(files)
    assert len(files_naming("throw_in", "THROW_IN", texts)) <= 6


#: the console's one module for what the entry form does with a type beyond its declared
#: fields, and its one file of texts about event types
FACTS_MODULE = "referee/web/entry_facts.py"
EVENT_TEXTS = "rules_kb/messages/console_events.yaml"


def test_a_type_with_controls_on_the_entry_form_costs_the_console_at_most_two_files() -> None:
    """The entry form's controls of a type, its line in the list of facts and its words on
    the ruling page come from its declaration: the console's code (referee/web, its
    template and script) names a type it offers at most in entry_facts.py (the few it
    treats in a way of its own: lay_down's count, the skat redrawn, ...) and its texts are
    in console_events.yaml alone. A type with fields of its own that the form treats like
    any other is named in at most six files in all, as a plain type is."""
    texts = _texts()
    offered = [d for d in EVENT_TYPES_DECLARED if d.entry and "_" in d.type]
    assert {d.type for d in offered} >= {EventType.LAY_DOWN, EventType.NOT_LAID_OUT}
    for d in offered:
        files = files_naming(str(d.type), d.type.name, texts)
        web = [f for f in files if f.startswith("referee/web/")]
        console = [f for f in files if f.startswith("rules_kb/messages/console")]
        assert set(web) <= {FACTS_MODULE}, (d.type, web)
        assert console == [EVENT_TEXTS], (d.type, console)
    # a type with fields of its own and nothing the form does specially: none of the
    # console's code names it (its controls come from its fields' kinds)
    for t in (EventType.NOT_LAID_OUT, EventType.TAKE_BACK, EventType.STOP_PARTNER):
        assert FACTS_MODULE not in files_naming(str(t), t.name, texts), t
    # and with no reading of its own either (not_laid_out has one, isko-2.2.5-not-laid-out,
    # which the rule set's declarations and docs/interpretations.md name), six files in all
    for t in (EventType.TAKE_BACK, EventType.STOP_PARTNER):
        assert len(files_naming(str(t), t.name, texts)) <= 6, t


def test_an_infraction_kind_is_named_in_at_most_five_files_for_the_plainest_kinds() -> None:
    texts = _texts()
    for k in (Kind.IMPROPER_REMARK, Kind.FAILED_DEFENDER_CLAIM, Kind.CARD_TAKEN_BACK):
        files = files_naming(str(k), k.name, texts)
        assert len(files) <= 5, (k, files)
        assert "referee/core/kinds.py" in files


def test_a_kind_whose_verdicts_apply_a_reading_is_named_with_the_reading_not_in_the_rulings():
    """The verdicts that apply a reading are declared with it (core/readings.py); the step
    naming the reading is looked up there, so the rulings' composition
    (rulings/adjudicate.py) names none of these kinds; and a verdict that loses whatever
    the count says so itself, so the endings (rulings/ending.py) do not name skat_viewed."""
    texts = _texts()
    for k, most in ((Kind.HAND_VIEWED, 6), (Kind.PARTNER_STOPPED, 6), (Kind.SKAT_VIEWED, 9)):
        files = files_naming(str(k), k.name, texts)
        assert "referee/core/readings.py" in files, k
        assert "referee/rulings/adjudicate.py" not in files, k
        assert "referee/rulings/ending.py" not in files, k
        assert len(files) <= most, (k, files)


if __name__ == "__main__":  # pragma: no cover - a report, not a test
    every = _texts()
    for word in [*EVENT_TYPES, *KINDS]:
        found = files_naming(str(word), word.name, every)
        print(f"{word!s:26} {len(found):2}  " + " ".join(found))
