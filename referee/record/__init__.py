"""Records of games: skat-log/1 and its strict JSON reading, ISS import, and the replayer.

Read a record once and hand it to anything that needs it:

>>> rec = parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]})
>>> replay(rec).phase
'passed_in'
"""

from referee.core.errors import RecordError
from referee.record.events import Event
from referee.record.iss import IssRecord, iter_iss_records, parse_iss_record
from referee.record.iss_convert import iss_to_skatlog
from referee.record.log import EXAMPLE_DEAL, GameRecord, parse_record, parse_record_text
from referee.record.position import Position
from referee.record.replay import (
    SHORTENING,
    GameState,
    Irregularity,
    Marker,
    Replayer,
    Trick,
    replay,
)
from referee.record.replay_json import replay_document
from referee.record.state import position_of

__all__ = [
    "EXAMPLE_DEAL",
    "SHORTENING",
    "Event",
    "GameRecord",
    "GameState",
    "Irregularity",
    "IssRecord",
    "Marker",
    "Position",
    "RecordError",
    "Replayer",
    "Trick",
    "iss_to_skatlog",
    "iter_iss_records",
    "parse_iss_record",
    "parse_record",
    "parse_record_text",
    "position_of",
    "replay",
    "replay_document",
]
