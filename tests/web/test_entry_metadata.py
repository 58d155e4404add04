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
    # nor of the seats, the steps or the cards: they come in the data block too
    assert data["seat_order"] == ["forehand", "middlehand", "rearhand"]
    assert data["holders"] == [*data["seat_order"], "skat"] and data["sizes"]["skat"] == 2
    assert data["steps"] == list(entry.STEPS) and len(data["cards"]) == 32
    for copied in ('"rearhand"', '"incidents", "review"', "ATKQJ987"):
        assert copied not in script, copied


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


# -- the controls of step 4 come from the declarations --------------------------------------

TEMPLATE = Path(entry.__file__).with_name("templates") / "console" / "entry.html"


def _names_a_fact(text: str) -> list[str]:
    """The facts of step 4 a file names in a string (as a whole string, a CSS selector's
    value or a message key's last part); a CSS class ``choice`` is no fact."""
    text = re.sub(r'(cls: |class=)"[^"]*"|"choice "', "", text)
    return sorted(t for t in entry.INCIDENTS if re.search(rf"[\"'=.]{re.escape(t)}[\"'\]]", text))


def test_the_script_and_the_template_name_no_fact_of_step_4() -> None:
    assert _names_a_fact(SCRIPT.read_text(encoding="utf-8")) == []
    assert _names_a_fact(TEMPLATE.read_text(encoding="utf-8")) == []
    # the check finds a name when there is one
    assert _names_a_fact('if (x.type === "lay_down") {') == ["lay_down"]
    assert _names_a_fact("t('console.entry.incident.objection')") == ["objection"]
    assert _names_a_fact('[data-incident="expose"]') == ["expose"]


def test_every_declared_field_of_an_offered_type_is_a_control_of_its_fact() -> None:
    """A field added to a declaration shows up on the form by itself, with a control for
    its kind, a label key made from the type and field names, and its draft key."""
    from referee.web.entry_facts import FACTS

    for t in EventType:
        d = DECLARED[t]
        if not d.entry:
            assert str(t) not in FACTS
            continue
        fact = FACTS[str(t)]
        names = [c.name for c in fact.controls if c.name != "gathered"]
        assert set(names) <= set(d.field_names), t
        left_out = set(d.field_names) - set(names)
        assert left_out <= {"cards", "to"} and (not left_out or t is EventType.CHOICE), t
        for c in fact.controls:
            assert c.kind == "bool" or c.kind == str(
                next(f.kind for f in d.fields if f.name == c.name)
            )
            if c.name != "gathered":
                assert c.label == f"console.entry.field.{t}.{c.name}"
        assert sum(c.kind in ("card", "cards") for c in fact.controls) <= 1


def test_every_label_of_step_4_exists_in_every_language() -> None:
    """The facts' labels, their controls' labels and the words a control offers: a key a
    new declaration asks for and the catalogue lacks fails here."""
    from referee.rules.messages import default_messages
    from referee.web.entry_facts import label_keys

    messages = default_messages().messages
    keys = label_keys()
    assert "console.entry.field.lay_down.tricks" in keys
    assert "console.entry.field.review_tricks.on_request.yes" in keys
    missing = [(k, lang) for k in keys for lang in Language if lang not in messages.get(k, {})]
    assert missing == []


def test_the_script_is_served_each_facts_controls_in_the_language_of_the_page() -> None:
    data = script_data(Language.DE)
    facts = {f["type"]: f for f in data["facts"]}
    assert list(facts) == list(entry.INCIDENTS)
    claim = {c["key"]: c for c in facts["lay_down"]["controls"]}
    assert claim["claimed"]["kind"] == "trick" and claim["claimed"]["id"] == "claimed"
    assert claim["claimed"]["label"] == "Beanspruchte Stiche (ISkO 4.3.4)"
    assert claim["claimed"]["unset"].startswith("Alle restlichen")
    assert claim["cards"]["label"].startswith("Die Reihenfolge")
    asked = {c["key"]: c for c in facts["review_tricks"]["controls"]}["on_request"]
    assert asked["ask"] and [v for v, _ in asked["options"]] == ["yes", "no"]
    assert asked["unset"] == "nicht angegeben"
    assert facts["choice"]["at"] == -1 and not facts["choice"]["steps"]
    assert [v for v, _ in facts["choice"]["controls"][0]["options"]] == ["play", "fold"]
    assert facts["extra_cards"]["played"] and facts["extra_cards"]["after_card"]
    assert data["quick"] == "objection"
    assert all(not f["label"].startswith("console.") for f in facts.values())


def test_a_new_declared_type_gets_its_controls_without_code_of_its_own() -> None:
    """The recipe's ``points_counted``, declared with a trick, a yes/no, cards and words:
    the form draws its controls, reads them back and writes its event from the
    declaration alone."""
    from types import SimpleNamespace as Decl

    import pytest

    from referee.record.event_types import Dealer, FieldKind
    from referee.web.entry_errors import EntryError
    from referee.web.entry_facts import declared_facts, fact_event, label_keys, read_values

    fields = (
        Decl(name="trick", kind=FieldKind.TRICK, optional=True),
        Decl(name="aloud", kind=FieldKind.BOOL, optional=True),
        Decl(name="cards", kind=FieldKind.CARDS, optional=False),
        Decl(name="text", kind=FieldKind.STR, optional=True),
    )
    new = Decl(
        type="points_counted", entry=30, fields=fields, seat_required=True, dealer=Dealer.MAY
    )
    unoffered = Decl(type="x", entry=0, fields=(), seat_required=True, dealer=Dealer.NO)
    [fact] = declared_facts([new, unoffered])
    assert fact.dealer and fact.label == "console.entry.incident.points_counted"
    assert [(c.key, c.kind, c.label) for c in fact.controls] == [
        ("trick", "trick", "console.entry.field.points_counted.trick"),
        ("aloud", "bool", "console.entry.field.points_counted.aloud"),
        ("cards", "cards", "console.entry.field.points_counted.cards"),
        ("text", "str", "console.entry.field.points_counted.text"),
    ]
    values = read_values(fact, {"trick": 7, "aloud": True, "text": ""}, "incidents/0")
    assert fact_event(fact, "forehand", ["CJ"], values) == [
        {"type": "points_counted", "seat": "forehand", "trick": 7, "aloud": True, "cards": ["CJ"]}
    ]
    with pytest.raises(EntryError) as caught:
        read_values(fact, {"trick": 11}, "incidents/0")
    assert caught.value.where == {"field": "incidents/0/trick"}
    assert "console.entry.field.points_counted.trick" not in label_keys()  # not declared
    # a field of a kind the form has no control for is refused when the module loads
    bid = Decl(name="value", kind=FieldKind.BID, optional=False)
    with pytest.raises(ValueError, match="no control"):
        declared_facts([Decl(type="y", entry=1, fields=(bid,), seat_required=True, dealer=None)])


def test_a_field_named_like_the_incidents_own_keys_is_refused_at_import() -> None:
    from types import SimpleNamespace as Decl

    import pytest

    from referee.record.event_types import Dealer, FieldKind
    from referee.web.entry_facts import declared_facts

    at = Decl(name="at", kind=FieldKind.TRICK, optional=True)
    odd = Decl(type="z", entry=1, fields=(at,), seat_required=True, dealer=Dealer.NO)
    with pytest.raises(ValueError, match="keeps"):
        declared_facts([odd])


def test_cards_that_are_no_list_are_refused_at_their_place() -> None:
    import pytest

    draft = {"incidents": [{"type": "expose", "seat": "forehand", "cards": 5}]}
    with pytest.raises(entry.EntryError) as caught:
        entry.read_draft(draft)
    assert caught.value.code == "console.entry.bad_incident"
    assert caught.value.where == {"field": "incidents/0/cards"}
