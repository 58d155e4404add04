"""The facts step 4 of the entry form offers and the controls each one needs, made from the
event declarations (:mod:`referee.record.event_types`): every field of a declared type
becomes a control chosen by its :class:`FieldKind` (a card pool, a yes/no, a trick number,
a seat, a list of words, a line of text), labelled by a key made from the type and field
names (``console.entry.field.<type>.<field>``). The page gets this list in its data block
(:func:`facts_data`); the script draws the controls from it and writes the incident from
them, and :func:`read_values` / :func:`fact_event` here read the incident back and write
its event, so neither the template nor the script names an event type.

What an event type does on the form beyond its declared fields is written in this module
and nowhere else in the console: :data:`_OWN`, the few types whose place, cards or
controls the form fixes (the declarer's choice, the skat drawn anew, a claim's count, a
trick shown on request, the objection and the cards gathered before it), and the roles
the other modules look a type up by (:data:`CHOICE`, :data:`MISSING_CARD`,
:data:`REDRAW`, :data:`QUICK`, :data:`GATHERED`, :data:`LOOKS`). The form's own facts,
which are no event type (a second card gone into a trick, a declaration corrected, a card
led before the declaration, a game dealt wrongly), are declared here with their controls
too; how they enter the record is :mod:`referee.web.entry` and
:mod:`referee.web.entry_events`.

>>> [c.key for c in FACTS["lay_down"].controls]
['schneider', 'schwarz', 'claimed', 'cards', 'text']
>>> FACTS["choice"].at, [c.options for c in FACTS["choice"].controls]
(-1, [('play', 'fold')])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeAlias

from referee.core.seats import SEAT_NAMES
from referee.record.event_model import FieldKind
from referee.record.event_types import CHOICES, EVENT_TYPES, EXPOSE_HOW, Dealer, EventType
from referee.web.entry_errors import EntryError

__all__ = [
    "CHOICE",
    "FACTS",
    "FLAGS",
    "FORM_FACTS",
    "GAMES",
    "GATHERED",
    "LOOKS",
    "LOOKS_BY_PLAYER",
    "MISSING_CARD",
    "QUICK",
    "REDRAW",
    "Control",
    "Fact",
    "declared_facts",
    "draft_values",
    "fact_event",
    "facts_data",
    "label_keys",
    "read_cards",
    "read_values",
]

GAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null")
#: the flags of a declaration (a corrected one's first announcement has them too)
FLAGS = ("hand", "schneider", "schwarz", "ouvert")
#: how a game was dealt out of turn (the ``dealt`` event's flags; ISkO 3.2.11-3.2.13, SkWO 9.4)
#: or shuffled, cut or dealt wrongly (3.2.2-3.2.4) with an objection in time or not (3.2.10)
DEALINGS = ("out_of_turn", "earlier_round", "dealt_again", "shuffle_fault", "shuffle_fault_late")


class FormKind(StrEnum):
    """A control of the form's own, for a fact that is no event field."""

    ONE_OF = "one_of"  # one of a list of the form's own


#: what a control is: a field's kind, or one of the form's own
ControlKind: TypeAlias = FieldKind | FormKind
#: the card kinds: their cards are chosen in the step's one card pool (the draft's ``cards``)
CARD_KINDS = (FieldKind.CARD, FieldKind.CARDS)
#: the kinds the form has a control for (a bid is entered in the auction, not as a fact)
DRAWN: frozenset[str] = frozenset({*(k for k in FieldKind if k is not FieldKind.BID), *FormKind})
#: an incident's own keys in the draft, which no field may take
_PLACE_KEYS = ("type", "seat", "at", "step")
#: the kinds whose value is one of a list of words
_OPTIONS: dict[ControlKind, tuple[str, ...]] = {
    FieldKind.HOW: EXPOSE_HOW,
    FieldKind.CHOICE: CHOICES,
    FieldKind.GAME: GAMES,
}

# -- roles: a type other parts of the form treat in a way of their own -----------------------
#: the declarer's choice (ISkO 3.3.10, 3.3.11): written when the auction is over; a fold
#: leaves no game to declare
CHOICE = str(EventType.CHOICE)
#: a seat put no card to the trick, which was taken without it (the tricks are counted so)
MISSING_CARD = str(EventType.NO_CARD)
#: the skat taken into a hand and drawn anew (the deal is worked out back from it, 3.2.15)
REDRAW = str(EventType.SKAT_REDRAWN)
#: the objection: one tap in the tricks step, and the cards gathered before it when it
#: came only after (``gathered``: the event ``cards_gathered`` before it)
QUICK = str(EventType.OBJECTION)
GATHERED = str(EventType.CARDS_GATHERED)
#: acts during the bidding that free the bidders (ISkO 3.3.9): a look at the skat, the skat
#: taken up, and a player's (not the dealer's, 3.5.4) look into another's cards
LOOKS = (str(EventType.LOOK_AT_SKAT), REDRAW)
LOOKS_BY_PLAYER = (str(EventType.LOOK_INTO_HAND),)


@dataclass(frozen=True, slots=True)
class Control:
    """One control of a fact: what the referee says about one of its fields."""

    #: the event's field it fills (or the form's own word)
    name: str
    kind: ControlKind
    #: the incident's key for it in the draft (every card field is kept as ``cards``)
    key: str
    #: the message key of its label
    label: str
    optional: bool = False
    #: the words it may be (``how``, ``choice``, ``game``, ``one_of``)
    options: tuple[str, ...] = ()
    #: a yes/no asked as *not said / yes / no*: a *no* is written too
    ask: bool = False
    #: the control's element id is ``inc-<id>``
    id: str = ""
    #: a yes/no the list of facts can switch afterwards
    toggle: bool = False


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of step 4: an event type with a place there, or one of the form's own."""

    type: str
    controls: tuple[Control, ...] = ()
    #: an event type of skat-log/1 (the form's own facts are written by the form)
    event: bool = True
    seat: bool = True  # a seat must be said
    dealer: bool = False  # the dealer who sits out (and at five or more the others) may act
    #: its place is fixed: -1 the bidding, -2 after the skat, 0 before the first card
    at: int | None = None
    #: during the bidding, its place among the auction's steps may be said
    steps: bool = True
    after_card: bool = False  # it is placed right after a card played
    played: bool = False  # its cards went into a trick (they left the hand)
    unplayed: bool = False  # its cards are chosen among those not played
    #: its cards are in the seat's hand where it happened: those played before are not offered
    held: bool = False
    count: int = 0  # exactly this many cards
    #: its label and the hint shown with its controls ("" for none)
    label: str = ""
    hint: str = ""

    @property
    def card_control(self) -> Control | None:
        return next((c for c in self.controls if c.kind in CARD_KINDS), None)


@dataclass(frozen=True, slots=True)
class _Own:
    """What the form fixes for one declared type beyond its declaration."""

    fields: tuple[str, ...] | None = None  # the fields it offers (None: all)
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)  # a field's draft key
    ids: dict[str, str] = field(default_factory=dict)  # a control's id
    ask: tuple[str, ...] = ()
    extra: tuple[Control, ...] = ()
    at: int | None = None
    steps: bool = True
    count: int = 0
    hint: bool = False
    held: bool = False  # see Fact.held


_OWN: dict[str, _Own] = {
    # the declarer's choice comes when the auction is over; the form offers to play or fold
    # (ISkO 3.3.11); a choice with cards corrected after a misdeal (3.3.10) it cannot say
    CHOICE: _Own(
        fields=("choice",), options={"choice": ("play", "fold")}, at=-1, steps=False, hint=True
    ),
    # the two cards drawn as the new skat, in the deal or the bidding (ISkO 3.2.15)
    REDRAW: _Own(at=-1, count=2),
    # how many of the remaining tricks a claim takes (left out: all, ISkO 4.3.4)
    str(EventType.LAY_DOWN): _Own(keys={"tricks": "claimed"}, held=True),
    # a trick shown on request (4.4.3) or looked at unasked (4.4.6), or not said
    str(EventType.REVIEW_TRICKS): _Own(ask=("on_request",), ids={"on_request": "request"}),
    str(EventType.ANNOUNCE): _Own(hint=True),
    # an objection that came only after the cards were gathered (ISkO 4.1.11)
    QUICK: _Own(
        extra=(
            Control(
                "gathered", FieldKind.BOOL, "gathered", "console.entry.gathered", True, toggle=True
            ),
        )
    ),
}


def _control(type_: str, f: Any, own: _Own) -> Control:
    if str(f.kind) not in DRAWN:
        raise ValueError(f"{type_}: the entry form has no control for {[str(f.kind)]}")
    kind = FieldKind(str(f.kind))
    key = "cards" if kind in CARD_KINDS else own.keys.get(f.name, f.name)
    return Control(
        name=f.name,
        kind=kind,
        key=key,
        label=f"console.entry.field.{type_}.{f.name}",
        optional=bool(f.optional),
        options=own.options.get(f.name, _OPTIONS.get(kind, ())),
        ask=f.name in own.ask,
        id=own.ids.get(f.name, key),
    )


def declared_facts(decls: Iterable[Any]) -> list[Fact]:
    """The facts of the declarations with a place on step 4 (``entry``), in that order: a
    control per field (those :data:`_OWN` leaves out aside). A field of a kind the form
    cannot draw, or a second card field, is an error here, at import."""
    out = []
    for d in sorted((d for d in decls if d.entry), key=lambda d: d.entry):
        type_ = str(d.type)
        own = _OWN.get(type_, _Own())
        offered = [f for f in d.fields if own.fields is None or f.name in own.fields]
        controls = (*(_control(type_, f, own) for f in offered), *own.extra)
        taken = [c.key for c in controls if c.key in _PLACE_KEYS]
        if taken:  # the incident keeps its place and seat under these
            raise ValueError(f"{type_}: the entry form keeps {taken} for the incident itself")
        if sum(c.kind in CARD_KINDS for c in controls) > 1:  # the step has one card pool
            raise ValueError(f"{type_}: the entry form offers one card field per fact")
        out.append(
            Fact(
                type_,
                controls,
                seat=d.seat_required,
                dealer=d.dealer is not Dealer.NO,
                at=own.at,
                steps=own.steps,
                count=own.count,
                held=own.held,
                label=f"console.entry.incident.{type_}",
                hint=f"console.entry.hint.{type_}" if own.hint else "",
            )
        )
    return out


def _own_fact(type_: str, *controls: Control, **kw: Any) -> Fact:
    named = tuple(
        Control(
            c.name,
            c.kind,
            c.key,
            f"console.entry.field.{type_}.{c.name}",
            c.optional,
            c.options,
            id=c.key,
        )
        for c in controls
    )
    return Fact(type_, named, event=False, label=f"console.entry.incident.{type_}", **kw)


def _c(
    name: str, kind: ControlKind, *, optional: bool = False, options: tuple[str, ...] = ()
) -> Control:
    return Control(name, kind, "cards" if kind in CARD_KINDS else name, "", optional, options)


#: the facts of step 4 that are no event type of their own: a second card gone into a
#: trick (``play.extra``, ISkO 4.2.6), a declaration corrected (3.4.5), a card led before
#: the declaration (4.1.1), a game dealt out of turn or wrongly (the ``dealt`` mark)
_FORM_FACTS = (
    _own_fact(
        "extra_cards", _c("cards", FieldKind.CARDS), after_card=True, played=True, unplayed=True
    ),
    _own_fact(
        "correction",
        _c("game", FieldKind.GAME, options=GAMES),
        *(_c(f, FieldKind.BOOL, optional=True) for f in FLAGS),
        at=0,
        hint="console.entry.hint.correction",
    ),
    _own_fact("early_lead", _c("cards", FieldKind.CARD), at=-2, unplayed=True),
    _own_fact(
        "dealt_out_of_turn",
        _c("dealing", FormKind.ONE_OF, options=DEALINGS),
        seat=False,
        at=-1,
        steps=False,  # the deal's own mark: before the bidding, never among its steps
    ),
)
FORM_FACTS = tuple(f.type for f in _FORM_FACTS)
#: every fact step 4 offers, in its order: the declared types with a place there, then the
#: form's own
FACTS: dict[str, Fact] = {f.type: f for f in (*declared_facts(EVENT_TYPES), *_FORM_FACTS)}


# -- the words of the controls ----------------------------------------------------------------


def option_key(c: Control, value: str) -> str:
    """The message key of one word a control offers (a game is named by the glossary)."""
    if c.ask:
        return f"{c.label}.{value}"
    return f"console.entry.{c.name}.{value}"


def label_keys() -> list[str]:
    """Every message key step 4's facts need (the tests hold them present in every
    language); a game's name comes from the glossary."""
    keys = []
    for fact in FACTS.values():
        keys += [fact.label, *([fact.hint] if fact.hint else [])]
        for c in fact.controls:
            keys.append(c.label)
            opts = ("yes", "no") if c.ask else () if c.kind == FieldKind.GAME else c.options
            keys += [option_key(c, v) for v in opts]
    return keys


# -- an incident's values read, its event written ---------------------------------------------


def read_values(fact: Fact, inc: dict[str, Any], where: str) -> dict[str, Any]:
    """The values of ``fact``'s controls (its cards aside) in a draft's incident, checked
    and with the form's defaults where a required field was left out: trick 1, the first
    seat or word, a dash for words not reported. A value the record cannot hold is refused
    at its key."""
    out: dict[str, Any] = {}
    for c in fact.controls:
        if c.kind in CARD_KINDS:
            continue
        value = inc.get(c.key)
        at = f"{where}/{c.key}"
        if c.kind == FieldKind.BOOL:
            if c.ask and isinstance(value, bool):
                out[c.name] = value
            elif value is True:
                out[c.name] = True
        elif c.kind == FieldKind.TRICK:
            if value in (None, ""):
                value = None if c.optional else 1
            elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
                raise EntryError("console.entry.bad_incident", where=at)
            if value is not None:
                out[c.name] = value
        elif c.kind == FieldKind.STR:
            words = str(value or "")[:500]
            if words or not c.optional:
                out[c.name] = words or "—"
        elif c.kind == FieldKind.SEAT:
            if value in (None, ""):
                value = None if c.optional else SEAT_NAMES[0]
            elif value not in SEAT_NAMES:
                raise EntryError("console.entry.bad_seat", where=at)
            if value is not None:
                out[c.name] = str(value)
        else:  # one of a list of words
            if value in (None, ""):
                value = None if c.optional else c.options[0]
            elif value not in c.options:
                code = (
                    "console.entry.bad_game"
                    if c.kind == FieldKind.GAME
                    else "console.entry.bad_incident"
                )
                raise EntryError(code, where=at if c.kind != FieldKind.GAME else where)
            if value is not None:
                out[c.name] = str(value)
    return out


def read_cards(fact: Fact, cards: list[str], where: str) -> None:
    """The number of cards a fact takes: one for a card field (one taken back, ISkO 4.1.2;
    none when it may be left out), exactly :attr:`Fact.count` when the form fixes it."""
    c = fact.card_control
    if c is None:
        return
    if fact.count and len(cards) != fact.count:
        raise EntryError("console.entry.bad_incident", where=where)
    if c.kind == FieldKind.CARD and (len(cards) > 1 or (not cards and not c.optional)):
        raise EntryError("console.entry.take_back_one", where=where)


def fact_event(
    fact: Fact, seat: str | None, cards: list[str], values: dict[str, Any]
) -> list[dict[str, Any]]:
    """The events of a declared fact: its type, seat and fields in the declared order (the
    cards chosen in the pool for its card field); an objection that came after the cards
    were gathered follows a ``cards_gathered`` event."""
    event: dict[str, Any] = {"type": fact.type}
    if seat:
        event["seat"] = seat
    for c in fact.controls:
        if c.kind in CARD_KINDS:
            if c.kind == FieldKind.CARD and cards:
                event[c.name] = cards[0]
            elif c.kind == FieldKind.CARDS and (cards or not c.optional):
                event[c.name] = list(cards)
        elif c.name in values and c not in _OWN.get(fact.type, _Own()).extra:
            event[c.name] = values[c.name]
    if fact.type == QUICK and values.get("gathered"):
        return [{"type": GATHERED}, event]
    return [event]


def draft_values(fact: Fact, event: dict[str, Any]) -> dict[str, Any]:
    """An event's fields as the draft's incident keeps them (the inverse of
    :func:`fact_event`); a field the form does not offer is refused."""
    out: dict[str, Any] = {}
    offered = {c.name for c in fact.controls}
    for name in event:
        if name not in offered and name not in ("type", "seat", "time", "note"):
            raise EntryError("console.entry.bad_incident", where="events")
    for c in fact.controls:
        value = event.get(c.name)
        if value is None:
            continue
        if c.kind == FieldKind.CARD:
            out["cards"] = [value]
        elif c.kind == FieldKind.CARDS:
            out["cards"] = list(value)
        elif c.kind != FieldKind.BOOL or value or c.ask:
            out[c.key] = value
    return out


def facts_data(say: Callable[[str], str], game: Callable[[str], str]) -> list[dict[str, Any]]:
    """The facts for the script (the page's data block): their words by ``say(key)``, a
    game's name by ``game(name)``."""

    def unset(c: Control) -> str:  # an optional choice's "not said"
        own = say(f"{c.label}.unset")
        return say("console.entry.not_said") if own.startswith("console.") else own

    out = []
    for fact in FACTS.values():
        controls = []
        for c in fact.controls:
            if c.kind == FieldKind.GAME:
                options = [[v, game(v)] for v in c.options]
            else:
                opts = ("yes", "no") if c.ask else c.options
                options = [[v, say(option_key(c, v))] for v in opts]
            asked = (
                c.optional and c.kind not in (FieldKind.BOOL, FieldKind.STR, *CARD_KINDS)
            ) or c.ask
            controls.append(
                {
                    "key": c.key,
                    "id": c.id or c.key,
                    "kind": c.kind,
                    "label": say(c.label),
                    "optional": c.optional,
                    "options": options,
                    "ask": c.ask,
                    "toggle": c.toggle,
                    "unset": unset(c) if asked else "",
                }
            )
        out.append(
            {
                "type": fact.type,
                "label": say(fact.label),
                "hint": say(fact.hint) if fact.hint else "",
                "controls": controls,
                "seat": fact.seat,
                "dealer": fact.dealer,
                "at": fact.at,
                "steps": fact.steps,
                "after_card": fact.after_card,
                "played": fact.played,
                "unplayed": fact.unplayed,
                "held": fact.held,
                "count": fact.count,
            }
        )
    return out
