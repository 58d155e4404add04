"""Every event type is declared once (referee/record/event_types.py) and the parser's
tables are derived from that declaration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.core.errors import RecordError
from referee.record.event_docs import DOCS_PATH, docs_text
from referee.record.event_schema import SCHEMA_PATH, schema_text
from referee.record.event_types import DECLARED, EVENT_TYPES, Dealer, EventDecl, EventType, Section
from referee.record.events import DEALER_EVENTS, EVENT_FIELDS
from referee.record.log import EXAMPLE_DEAL, parse_record
from referee.rules.catalogue import default_catalogue

SCHEMA = Path(__file__).parents[2] / "referee" / "api" / "formats" / "skat-log-1.schema.json"


def test_each_event_type_is_declared_exactly_once() -> None:
    assert [d.type for d in EVENT_TYPES] == list(EventType)
    assert len(DECLARED) == len(EVENT_TYPES)
    for d in EVENT_TYPES:
        assert len(set(d.field_names)) == len(d.fields), d.type
        assert not {"type", "seat", "time", "note"} & set(d.field_names), d.type


def test_every_clause_an_event_type_names_is_in_the_rules_kb() -> None:
    catalogue = default_catalogue()
    missing = [(d.type, c) for d in EVENT_TYPES for c in d.clauses if c not in catalogue]
    assert missing == []


def test_the_parser_tables_are_the_declarations() -> None:
    assert set(EVENT_FIELDS) == set(EventType)
    assert DEALER_EVENTS == {"look_at_skat", "remark", "look_into_hand", "objection"}
    assert EVENT_FIELDS["lay_down"] == (
        True,
        {
            "schneider": "bool?",
            "schwarz": "bool?",
            "tricks": "trick?",
            "line": "cards?",
            "text": "str?",
        },
    )
    assert EVENT_FIELDS["objection"] == (False, {"text": "str?"})


def test_the_committed_schema_states_each_declaration() -> None:
    """Each type's fields, required fields and seat in the schema are those declared."""
    defs = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
    assert defs["event"]["properties"]["type"]["enum"] == [t.value for t in EventType]
    for d in EVENT_TYPES:
        schema = defs[f"event_{d.type}"]
        assert set(schema["properties"]) == {"type", "seat", "time", "note", *d.field_names}
        required = {"type", *(["seat"] if d.seat_required else [])}
        required |= {f.name for f in d.fields if not f.optional}
        assert set(schema["required"]) == required, d.type
        seat = schema["properties"]["seat"]
        if d.dealer is Dealer.ONLY:
            assert seat["const"] == "dealer"
        else:
            kind = "seat_or_dealer" if d.dealer is Dealer.MAY else "seat"
            assert seat["$ref"] == f"#/$defs/{kind}", d.type


@pytest.mark.parametrize("decl", EVENT_TYPES, ids=lambda d: str(d.type))
def test_a_declared_type_parses_to_its_event_type(decl: EventDecl) -> None:
    event: dict[str, object] = {"type": str(decl.type)}
    if decl.dealer is not Dealer.NO:
        event["seat"] = "dealer"
    elif decl.seat_required:
        event["seat"] = "forehand"
    doc: dict[str, object] = {"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [event]}
    if decl.dealer is not Dealer.NO:
        doc["table_size"] = 4
    missing = [f.name for f in decl.fields if not f.optional]
    if missing:
        with pytest.raises(RecordError) as exc:
            parse_record(doc)
        assert exc.value.code == "event.missing_field"
        return
    parsed = parse_record(doc).events[0]
    assert parsed.type is decl.type
    assert parsed.to_dict().items() >= event.items()  # (booleans left out come back false)


def test_the_committed_schema_is_generated_from_the_declarations() -> None:
    """The event definitions of the committed schema are the generated ones: run
    ``make spec`` after changing record/event_types.py."""
    committed = SCHEMA.read_text(encoding="utf-8")
    assert schema_text(committed) == committed, "run: make spec"
    assert SCHEMA == SCHEMA_PATH


def test_the_guide_lists_the_declared_event_types_in_generated_tables() -> None:
    """docs/skat-log.md's event tables are the generated ones (``make spec``), one per
    section, and together they list every declared type once."""
    committed = DOCS_PATH.read_text(encoding="utf-8")
    assert docs_text(committed) == committed, "run: make spec"
    assert committed.count("<!-- event-types:") == len(Section)
    listed = [t for t in EventType if f"\n| `{t}` |" in committed]
    assert listed == list(EventType)
