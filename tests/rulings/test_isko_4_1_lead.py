"""ISkO cases of family isko_4_1_lead: each record against its expected ruling."""

from __future__ import annotations

from tests.support.casekit import generate

#: cases where the engine is believed to rule against the ISkO (see the final report)
XFAIL: dict[str, str] = {}

generate("isko_4_1_lead", globals(), XFAIL)
