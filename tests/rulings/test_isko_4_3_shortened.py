"""ISkO cases of family isko_4_3_shortened: each record against its expected ruling."""

from __future__ import annotations

from tests.support.casekit import generate

#: cases where the engine is believed to rule against the ISkO (see the final report)
XFAIL: dict[str, str] = {}

generate("isko_4_3_shortened", globals(), XFAIL)
