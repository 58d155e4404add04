"""The event types that cut a game short or halt it: a concession and the answers to it, a
claim (lay_down), a throw-in, an objection, play asked to go on, the cards gathered
(:mod:`referee.record.event_types` holds the list of all)."""

from dataclasses import dataclass
from typing import Annotated

from referee.core.cards import Card
from referee.record.event_model import (
    BySeat,
    Dealer,
    Event,
    EventType,
    FieldKind,
    FieldSpec,
    Section,
)

__all__ = [
    "END_EVENTS",
    "CardsGathered",
    "Concede",
    "Consent",
    "Continue",
    "LayDown",
    "Objection",
    "Refuse",
    "ThrowIn",
]

# the annotations are evaluated when the class is made (no postponed annotations here):
# the FieldSpec in each is read back by referee.record.event_model.declaration


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede(BySeat):
    type = EventType.CONCEDE
    title = "Concede"
    description = "The declarer gives his game up, or a defender gives up on behalf of his side."
    section = Section.TABLE
    clauses = ("ISkO 4.3.1", "ISkO 4.3.3")
    marker = True
    shortens = True
    entry = 7


@dataclass(frozen=True, slots=True, kw_only=True)
class Consent(BySeat):
    type = EventType.CONSENT
    title = "Consent"
    description = (
        "A defender agrees to the declarer's concession, or, under edition 2022 (ISkO 4.4.4), to "
        "the claim he laid down before it."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.3.2",)
    marker = True
    entry = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class Refuse(BySeat):
    type = EventType.REFUSE
    title = "Refuse a concession"
    description = (
        "A defender refuses the declarer's concession (ISkO 4.3.2), or under edition 2022 the "
        "claim he laid down before it (the game then goes on with the declarer's cards open; under"
        " 1998 a refusal of a claim changes nothing, the claim is judged by 4.3.4). With fewer "
        "than nine cards the declarer needs one defender's consent: without it the concession has "
        "no effect and the game goes on, decided by what the record shows after it. With nine or "
        "more cards, or when the other defender consents, a refusal changes nothing."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.3.2",)
    marker = True
    entry = 13


@dataclass(frozen=True, slots=True, kw_only=True)
class LayDown(BySeat):
    type = EventType.LAY_DOWN
    title = "Lay down the cards"
    description = (
        "The seat lays his cards open and claims: the declarer all remaining tricks (in null: no "
        "further trick), or only as many as tricks says, by the line he stated, if any; a defender"
        " that he alone takes all remaining tricks. Under edition 2022 the defenders answer a "
        "declarer's claim with consent or refuse events."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.3.4", "ISkO 4.3.5")
    marker = True
    shortens = True
    entry = 6
    schneider: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Schneider claimed",
            (
                "The declarer claimed schneider together with his cards (under edition 2022 a "
                "higher level counts only if claimed with the claim, ISkO 4.4.4)."
            ),
            default=False,
        ),
    ] = False
    schwarz: Annotated[
        bool,
        FieldSpec(
            FieldKind.BOOL,
            "Schwarz claimed",
            "The declarer claimed schwarz together with his cards (see schneider).",
            default=False,
        ),
    ] = False
    tricks: Annotated[
        int | None,
        FieldSpec(
            FieldKind.TRICK,
            "Tricks claimed",
            (
                "A claim of only some of the remaining tricks: how many of them (the trick on the "
                "table counted) the declarer says his side takes; the rest he gives up. Left out: "
                "all of them (ISkO 4.3.4)."
            ),
        ),
    ] = None
    line: Annotated[
        tuple[Card, ...] | None,
        FieldSpec(
            FieldKind.CARDS,
            "Line stated",
            (
                "A claim with an explanation: the declarer's own cards in the order he said he "
                "would play them, as far as he said it."
            ),
        ),
    ] = None
    text: Annotated[
        str | None,
        FieldSpec(
            FieldKind.STR,
            "Explanation",
            "The explanation in the claimant's own words, kept as evidence.",
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowIn(BySeat):
    type = EventType.THROW_IN
    title = "Throw in"
    description = "The seat throws his cards in."
    section = Section.TABLE
    clauses = ("ISkO 4.3.6",)
    marker = True
    shortens = True
    entry = 9


@dataclass(frozen=True, slots=True, kw_only=True)
class Objection(Event):
    type = EventType.OBJECTION
    title = "Objection"
    description = (
        "A player calls an infraction. Where it stands in the record matters: it tells the referee"
        " what the table looked like when the objection came."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.1.11",)
    seat_required = False
    dealer = Dealer.MAY
    marker = True
    entry = 1
    text: Annotated[
        str | None,
        FieldSpec(
            FieldKind.STR,
            "Objection text",
            "What was objected to (optional).",
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Continue(Event):
    type = EventType.CONTINUE
    title = "Continue"
    description = (
        "After an infraction the innocent side asks for play to go on; the offending card goes "
        "back to its owner."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.1.6",)
    seat_required = False
    marker = True
    entry = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsGathered(Event):
    type = EventType.CARDS_GATHERED
    title = "Cards gathered"
    description = (
        "The game is over and both sides have gathered their cards; later objections to a revoke "
        "are too late. Play recorded after it while the game was not over is noted "
        "(play_after_gathered) and ruled as recorded: the ruling says the record contradicts "
        "itself."
    )
    section = Section.TABLE
    clauses = ("ISkO 4.2.5",)
    seat_required = False
    marker = True


END_EVENTS: tuple[type[Event], ...] = (
    Concede,
    Consent,
    Refuse,
    LayDown,
    ThrowIn,
    Objection,
    Continue,
    CardsGathered,
)
