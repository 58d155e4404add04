"""A record replayed as JSON: what the API's and the console's replay views show.

>>> from referee.record.log import EXAMPLE_DEAL
>>> replay_document({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}]}, at=0)["phase"]
'bidding'
"""

from __future__ import annotations

from typing import Any

from referee.core.errors import RecordError
from referee.core.ruleset import RuleSet
from referee.record.log import parse_record
from referee.record.replay import replay

__all__ = ["replay_document"]


def replay_document(
    doc: dict[str, Any], *, at: int | None = None, rules: RuleSet | None = None
) -> dict[str, Any]:
    """Validate a skat-log/1 document and return the reconstruction (at event ``at``) as
    JSON, replayed under ``rules`` (a ruling's view passes the rule set the ruling was made
    under; without one, the rule set the record names, else the default, as a ruling of
    the record alone would choose)."""
    record = parse_record(doc)
    if at is not None and not (-1 <= at < len(record.events)):
        raise RecordError(
            f"no event {at}; the record has {len(record.events)}",
            code="replay.bad_index",
            where={"field": "at"},
            params={"at": at, "count": len(record.events)},
        )
    return replay(record, at, rules=record.ruled_under(rules)).to_dict()
