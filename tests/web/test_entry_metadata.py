"""The entry form's lists of facts come from the event declarations (record/event_types.py),
and the script gets them from the page's data block, not from a copy of its own."""

from __future__ import annotations

import re
from pathlib import Path

from referee.core.vocabulary import Language
from referee.record.event_types import DECLARED, EventType
from referee.web import entry
from referee.web.views_entry import script_data

SCRIPT = Path(entry.__file__).with_name("static") / "entry.js"


def test_the_facts_offered_are_the_declared_types_with_a_place_then_the_forms_own() -> None:
    offered = [t for t in entry.INCIDENTS if t not in entry.FORM_FACTS]
    assert offered == sorted(
        (str(t) for t in EventType if DECLARED[t].entry), key=lambda t: DECLARED[EventType(t)].entry
    )
    assert not set(entry.FORM_FACTS) & set(EventType)
    declared = {t for t in offered if not DECLARED[EventType(t)].seat_required}
    assert set(entry.SEATLESS) == declared | set(entry.SEATLESS_FACTS)
    assert set(entry.SEATLESS_FACTS) <= set(entry.FORM_FACTS)
    assert set(entry.DEALER_INCIDENTS) == {"look_at_skat", "remark", "look_into_hand", "objection"}


def test_the_script_is_served_the_lists_and_carries_no_list_of_types() -> None:
    data = script_data(Language.EN)
    assert data["incidents"] == list(entry.INCIDENTS)
    assert data["seatless"] == list(entry.SEATLESS)
    script = SCRIPT.read_text(encoding="utf-8")
    arrays = re.findall(r"\[\s*\"[^\]]*\]", script)  # array literals of strings
    types = {str(t) for t in EventType}
    copies = [a for a in arrays if len(types & set(re.findall(r'"(\w+)"', a))) > 2]
    assert copies == []  # no list of event types of its own in the script


def test_every_type_kept_as_a_marker_or_offered_by_the_form_has_its_labels() -> None:
    """The console names a marker by ``console.type.<type>`` and step 4 a fact by
    ``console.entry.incident.<type>``, in every language (a missing text shows its key)."""
    from referee.web.i18n import text

    missing = [
        (key, lang)
        for t in EventType
        for key in (
            *([f"console.type.{t}"] if DECLARED[t].marker else []),
            *([f"console.entry.incident.{t}"] if DECLARED[t].entry else []),
        )
        for lang in Language
        if text(key, lang).startswith("console.")
    ]
    assert missing == []
