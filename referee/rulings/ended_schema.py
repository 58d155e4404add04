"""The list of ``ended.reason`` values in the ``skat-ruling/1`` JSON Schema, generated
from their declaration in :mod:`referee.core.ended`.

The committed schema (``referee/api/formats/skat-ruling-1.schema.json``) holds them as
:func:`schema_text` writes them; ``make spec`` rewrites it
(``python -m referee.rulings.ended_schema``) and a test holds the file equal to the text.

>>> reason_schema()["enum"][:3]
['played_out', 'decided', 'incomplete']
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from referee.core.ended import END_REASONS, MEANINGS
from referee.core.generated import rewrite
from referee.core.ruleset import rules_schema

__all__ = ["SCHEMA_PATH", "reason_schema", "schema_text"]

#: the committed schema, inside the package (the service serves it as it is)
SCHEMA_PATH = Path(__file__).parents[1] / "api" / "formats" / "skat-ruling-1.schema.json"


def reason_schema() -> dict[str, Any]:
    """``$defs.ended.properties.reason``: every declared reason, each said in the text."""
    said = "; ".join(f"{r}: {m}" for r, m in MEANINGS.items())
    return {
        "type": "string",
        "enum": list(END_REASONS),
        "description": f"Why the game is over (or where the record stops). {said}.",
    }


def schema_text(committed: str) -> str:
    """The schema ``committed`` with its list of reasons and its rule set generated (the
    rest kept)."""
    schema = json.loads(committed)
    schema["$defs"]["ended"]["properties"]["reason"] = reason_schema()
    schema["$defs"]["rules"] = rules_schema()  # the rule set, from the readings declared
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Rewrite the committed schema (or the file named) with the generated reasons."""
    return rewrite(argv, SCHEMA_PATH, schema_text)


if __name__ == "__main__":  # pragma: no cover - make spec
    raise SystemExit(main(sys.argv[1:]))
