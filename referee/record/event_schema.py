"""The event definitions of the ``skat-log/1`` JSON Schema, generated from the declarations
in :mod:`referee.record.event_types`.

The committed schema (``referee/api/formats/skat-log-1.schema.json``) holds them as
:func:`schema_text` writes them; ``make spec`` rewrites it
(``python -m referee.record.event_schema``) and a test holds the file equal to the text.

>>> event_defs()["event_take_back"]["required"]
['type', 'seat', 'card']
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from referee.core.bidding import BID_VALUES
from referee.core.generated import rewrite
from referee.core.ruleset import rules_schema
from referee.record.event_model import CHOICES, EXPOSE_HOW, Dealer, EventDecl, FieldDecl, FieldKind
from referee.record.event_types import EVENT_TYPES

__all__ = ["SCHEMA_PATH", "event_defs", "schema_text"]

#: the committed schema, inside the package (the service serves it as it is)
SCHEMA_PATH = Path(__file__).parents[1] / "api" / "formats" / "skat-log-1.schema.json"

_CARD = {"$ref": "#/$defs/card"}
_TIME = {
    "title": "Time",
    "description": "When the event happened, as an ISO-8601 date-time string (optional).",
    "type": "string",
    "format": "date-time",
}
_NOTE = {
    "title": "Note",
    "description": "Free text from the person who recorded the game (optional); never interpreted.",
    "type": "string",
}
_SEAT_OR_DEALER = (
    'The seat that acted; "dealer" for the dealer who sits out at a table of four or more '
    '(ISkO 3.3.9, 4.2.9, 4.1.11; SkWO 8.5); "sitting_out" for one who sits out besides him '
    "at a table of five or more (3.2.7), treated as the dealer."
)


def _texts(f: FieldDecl) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if f.title:
        out["title"] = f.title
    if f.description:
        out["description"] = f.description
    return out


def _field(f: FieldDecl) -> dict[str, Any]:
    """A field's schema: what its kind allows, with its title and description."""
    kind = f.kind
    if kind in (FieldKind.CARD, FieldKind.GAME, FieldKind.SEAT):
        return {"$ref": f"#/$defs/{kind}", **_texts(f)}
    out = _texts(f)
    if kind is FieldKind.BID:
        out |= {"type": "integer", "enum": list(BID_VALUES)}
    elif kind is FieldKind.BOOL:
        out["type"] = "boolean"
        if f.default is not None:
            out["default"] = f.default
    elif kind is FieldKind.CARDS:
        out |= {"type": "array", "items": _CARD, "minItems": 1, "uniqueItems": True}
    elif kind is FieldKind.HOW:
        out["enum"] = list(EXPOSE_HOW)
    elif kind is FieldKind.CHOICE:
        out["enum"] = list(CHOICES)
    elif kind is FieldKind.STR:
        out["type"] = "string"
    elif kind is FieldKind.TRICK:
        out |= {"type": "integer", "minimum": 1}
    else:  # pragma: no cover - every kind is handled above
        raise AssertionError(kind)
    return out


def _seat(d: EventDecl) -> dict[str, Any]:
    if d.dealer is Dealer.ONLY:
        return {
            "title": "Dealer",
            "description": 'Always "dealer": only the dealer\'s look into a hand is recorded.',
            "const": "dealer",
        }
    if d.dealer is Dealer.MAY:
        return {"$ref": "#/$defs/seat_or_dealer", "description": _SEAT_OR_DEALER}
    said = (
        "The seat that acted."
        if d.seat_required
        else "The seat concerned (optional for this event)."
    )
    return {"$ref": "#/$defs/seat", "description": said}


def _event(d: EventDecl) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "type": {
            "title": "Event type",
            "description": f'Always "{d.type}" for this event.',
            "const": str(d.type),
        },
        "seat": _seat(d),
    }
    properties |= {f.name: _field(f) for f in d.fields}
    properties |= {"time": _TIME, "note": _NOTE}
    required = ["type", *(["seat"] if d.seat_required else [])]
    required += [f.name for f in d.fields if not f.optional]
    return {
        "title": d.title,
        "description": d.description,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def event_defs() -> dict[str, Any]:
    """``$defs.event`` (the type picks the definition) and one ``$defs.event_<type>`` each."""
    out: dict[str, Any] = {
        "event": {
            "title": "Event",
            "description": (
                "One thing that happened at the table, in order. The `type` decides which "
                "other fields are allowed."
            ),
            "type": "object",
            "required": ["type"],
            "properties": {
                "type": {
                    "title": "Event type",
                    "description": "What happened.",
                    "enum": [str(d.type) for d in EVENT_TYPES],
                }
            },
            "allOf": [
                {
                    "if": {"properties": {"type": {"const": str(d.type)}}, "required": ["type"]},
                    "then": {"$ref": f"#/$defs/event_{d.type}"},
                }
                for d in EVENT_TYPES
            ],
        }
    }
    out |= {f"event_{d.type}": _event(d) for d in EVENT_TYPES}
    return out


def schema_text(committed: str) -> str:
    """The schema ``committed`` with its event definitions and its rule set generated (the
    rest kept)."""
    schema = json.loads(committed)
    kept = {k: v for k, v in schema["$defs"].items() if k != "event" and not k.startswith("event_")}
    schema["$defs"] = kept | event_defs()
    schema["$defs"]["rules"] = rules_schema()  # the rule set, from the readings declared
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Rewrite the committed schema (or the file named) with generated event definitions."""
    return rewrite(argv, SCHEMA_PATH, schema_text)


if __name__ == "__main__":  # pragma: no cover - make spec
    raise SystemExit(main(sys.argv[1:]))
