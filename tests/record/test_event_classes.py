"""Each event type is one frozen dataclass: the parser builds an event as its type's
class, a field the type requires is typed without None, a field it does not have is not
there at all, and the declarations the schema and the guide are made from are read back
from the classes."""

from __future__ import annotations

import dataclasses
import types
from typing import Literal, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.bidding import BID_VALUES
from referee.core.cards import Card
from referee.core.errors import RecordError
from referee.core.seats import Seat
from referee.record.event_model import (
    BySeat,
    Dealer,
    Event,
    FieldKind,
    FieldSpec,
    declaration,
    of_class,
)
from referee.record.event_types import (
    CHOICES,
    DECLARED,
    EVENT_CLASSES,
    EVENT_TYPES,
    EXPOSE_HOW,
    Choice,
    EventType,
    Play,
)
from referee.record.event_types_end import LayDown
from referee.record.event_types_table import Expose, Remark
from referee.record.events import CLASS_OF
from referee.record.log import EXAMPLE_DEAL, parse_record


def _allows_none(hint: object) -> bool:
    if get_args(hint) and hasattr(hint, "__metadata__"):
        hint = get_args(hint)[0]  # Annotated[T, FieldSpec]
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def test_one_class_per_event_type_in_the_order_of_the_types() -> None:
    assert [c.type for c in EVENT_CLASSES] == list(EventType)
    assert len(set(EVENT_CLASSES)) == len(EventType)
    for cls in EVENT_CLASSES:
        assert issubclass(cls, Event)
        params = getattr(cls, "__dataclass_params__")  # noqa: B009 - the decorator's own record
        assert params.frozen and hasattr(cls, "__slots__"), cls
        assert declaration(cls) == DECLARED[cls.type]


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: str(c.type))
def test_a_required_field_has_no_default_and_is_never_none(cls: type[Event]) -> None:
    hints = get_type_hints(cls, include_extras=True)
    for f in DECLARED[cls.type].fields:
        field = next(x for x in dataclasses.fields(cls) if x.name == f.name)
        assert any(isinstance(m, FieldSpec) for m in hints[f.name].__metadata__)
        if f.optional:
            assert field.default is not dataclasses.MISSING, (cls, f.name)
        else:
            assert field.default is dataclasses.MISSING, (cls, f.name)
            assert not _allows_none(hints[f.name]), (cls, f.name)


def test_a_type_only_a_seat_in_play_does_has_its_seat_typed_without_none() -> None:
    """A type whose seat is required and that the dealer who sits out never does extends
    :class:`BySeat` (``seat: Seat``); the others keep ``seat: Seat | None``."""
    for cls in EVENT_CLASSES:
        by_seat = cls.seat_required and cls.dealer is Dealer.NO
        assert issubclass(cls, BySeat) == by_seat, cls
        assert _allows_none(get_type_hints(cls, include_extras=True)["seat"]) != by_seat, cls
    with pytest.raises(RecordError) as exc:
        parse_record(
            {"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [{"type": "bid", "value": 18}]}
        )
    assert exc.value.code == "event.seat"


def test_the_parser_builds_each_event_as_its_class() -> None:
    doc = {
        "format": "skat-log/1",
        "deal": EXAMPLE_DEAL,
        "events": [
            {"type": "remark", "seat": "rearhand", "text": "hm"},
            {"type": "play", "seat": "forehand", "card": "HK"},
            {"type": "lay_down", "seat": "forehand", "tricks": 3},
        ],
    }
    remark, play, lay_down = parse_record(doc).events
    assert type(remark) is Remark and remark.text == "hm"
    assert type(play) is Play and play.card is Card.HK and play.extra is None
    assert type(lay_down) is LayDown and lay_down.tricks == 3 and lay_down.schneider is False
    assert not hasattr(play, "text") and not hasattr(remark, "card")  # no field of another type
    assert [e.to_dict() for e in (remark, play)] == doc["events"][:2]
    # left-out booleans with a declared default come back as false, as they always did
    assert lay_down.to_dict() == {
        "type": "lay_down",
        "seat": "forehand",
        "schneider": False,
        "schwarz": False,
        "tricks": 3,
    }


def test_an_event_is_frozen_and_needs_what_its_type_requires() -> None:
    play = Play(index=0, seat=Seat.FOREHAND, card=Card.SA)
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.card = Card.HK  # type: ignore[misc]
    with pytest.raises(TypeError):
        Play(index=0, seat=Seat.FOREHAND)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="event 0 is a play, not a remark"):
        of_class(play, Remark)


def test_a_field_of_another_type_is_refused_by_the_parser_as_before() -> None:
    doc = {
        "format": "skat-log/1",
        "deal": EXAMPLE_DEAL,
        "events": [{"type": "play", "seat": "forehand", "card": "HK", "text": "x"}],
    }
    with pytest.raises(RecordError) as exc:
        parse_record(doc)
    assert exc.value.code == "event.unknown_field"


def test_a_field_of_words_is_typed_with_the_words_the_schema_lists() -> None:
    """``expose.how`` and ``choice.choice`` are typed with their words (a Literal), and the
    lists the parser, the schema and the entry form use are read from those types."""
    how = get_type_hints(Expose, include_extras=True)["how"]
    assert get_args(get_args(how)[0]) == (Literal["dropped", "shown", "with_play"], type(None))
    assert EXPOSE_HOW == ("dropped", "shown", "with_play")
    choice = get_type_hints(Choice, include_extras=True)["choice"]
    assert get_args(choice)[0] == Literal["play", "fold", "win"]
    assert CHOICES == ("play", "fold", "win")


_VALUES = {
    FieldKind.BID: st.sampled_from(BID_VALUES),
    FieldKind.BOOL: st.booleans(),
    FieldKind.CARD: st.sampled_from([c.name for c in Card]),
    FieldKind.CARDS: st.lists(
        st.sampled_from([c.name for c in Card]), min_size=1, max_size=4, unique=True
    ),
    FieldKind.GAME: st.sampled_from(["clubs", "spades", "hearts", "diamonds", "grand", "null"]),
    FieldKind.HOW: st.sampled_from(EXPOSE_HOW),
    FieldKind.CHOICE: st.sampled_from(CHOICES),
    FieldKind.SEAT: st.sampled_from(["forehand", "middlehand", "rearhand"]),
    FieldKind.STR: st.text(max_size=8),
    FieldKind.TRICK: st.integers(1, 10),
}


@st.composite
def _event_docs(draw: st.DrawFn) -> dict[str, object]:
    """A well-formed skat-log/1 event of any declared type: its required fields, some of
    its optional ones, a seat where it needs one (never the looker's own for ``into``)."""
    decl = draw(st.sampled_from(EVENT_TYPES))
    doc: dict[str, object] = {"type": str(decl.type)}
    if decl.seat_required or draw(st.booleans()):
        doc["seat"] = draw(st.sampled_from(["forehand", "middlehand", "rearhand"]))
    for f in decl.fields:
        if not f.optional or draw(st.booleans()):
            doc[f.name] = draw(_VALUES[f.kind].filter(lambda v: v != doc.get("seat")))
    if draw(st.booleans()):
        doc["note"] = draw(st.text(max_size=8))
    return doc


@settings(max_examples=300, deadline=None)
@given(_event_docs())
def test_an_event_read_back_from_its_json_is_the_same_event(doc: dict[str, object]) -> None:
    """Whatever its type, an event parsed, written out (``to_dict``) and parsed again is
    equal to the first, of the same class, and its JSON keeps every field given."""
    record = {"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [doc]}
    event = parse_record(record).events[0]
    assert type(event) is CLASS_OF[EventType(doc["type"])]
    out = event.to_dict()
    assert out.items() >= doc.items()
    again = parse_record({**record, "events": [out]}).events[0]
    assert again == event and again.to_dict() == out
