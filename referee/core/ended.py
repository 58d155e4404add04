"""How a game ended: the values of a ruling's ``ended.reason``, declared once.

The ruling schema's list of reasons (``skat-ruling/1``, ``$defs.ended``) is generated
from :data:`MEANINGS` (``make spec``); a test holds the committed schema equal to it and
every reason the rulings write among these.

>>> EndReason("played_out") is EndReason.PLAYED_OUT, EndReason.SHUFFLE_FAULT
(True, 'shuffle_fault')
>>> all(r in MEANINGS for r in EndReason)
True
>>> Ended(EndReason.INFRACTION, 9, 3, Kind.REVOKE).to_dict()
{'reason': 'infraction', 'event': 9, 'trick': 3, 'kind': 'revoke'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.core.kinds import Kind
from referee.core.vocabulary import Word

__all__ = ["END_REASONS", "MEANINGS", "EndReason", "Ended"]


class EndReason(Word):
    """Why the game is over (or where the record stops)."""

    PLAYED_OUT = "played_out"
    DECIDED = "decided"
    INCOMPLETE = "incomplete"
    INFRACTION = "infraction"
    PASSED_IN = "passed_in"
    MISDEAL = "misdeal"
    MISDEAL_WON = "misdeal_won"
    DEALT_OUT_OF_TURN = "dealt_out_of_turn"
    SHUFFLE_FAULT = "shuffle_fault"
    FOLDED = "folded"
    NULL_UNPLAYABLE = "null_unplayable"
    CLAIM = "claim"
    DEFENDER_CLAIM = "defender_claim"
    THROWN_IN = "thrown_in"
    DECLARER_CONCEDED = "declarer_conceded"
    DEFENDERS_CONCEDED = "defenders_conceded"
    TIMEOUT = "timeout"
    LEFT = "left"


#: each reason and what it means, in the order the schema lists them
MEANINGS: dict[EndReason, str] = {
    EndReason.PLAYED_OUT: "all ten tricks were played",
    EndReason.DECIDED: "the record stops where the defenders had already won beyond change",
    EndReason.INCOMPLETE: "the record stops before the game was over",
    EndReason.INFRACTION: "an infraction ended the game (its kind is in `kind`)",
    EndReason.PASSED_IN: "every player passed: nobody plays the game",
    EndReason.MISDEAL: "the cards were dealt wrongly and are dealt again",
    EndReason.MISDEAL_WON: "after a misdeal the declarer took the game as won at the bid (3.3.10)",
    EndReason.DEALT_OUT_OF_TURN: "the wrong player dealt, or the order of dealers went wrong",
    EndReason.SHUFFLE_FAULT: "a fault in shuffling, cutting or dealing that was objected to",
    EndReason.FOLDED: "after a look at the skat in the bidding the declarer let it pass (3.3.11)",
    EndReason.NULL_UNPLAYABLE: "a null game announced below the bid: lost as 3.4.4 values it",
    EndReason.CLAIM: "the declarer claimed the remaining tricks",
    EndReason.DEFENDER_CLAIM: "a defender claimed the remaining tricks",
    EndReason.THROWN_IN: "the cards were thrown in during play",
    EndReason.DECLARER_CONCEDED: "the declarer conceded the game",
    EndReason.DEFENDERS_CONCEDED: "the defenders conceded the game",
    EndReason.TIMEOUT: "a player ran out of time on the platform",
    EndReason.LEFT: "a player left the table on the platform",
}

#: every reason, in the order of :data:`MEANINGS`
END_REASONS: tuple[str, ...] = tuple(str(r) for r in MEANINGS)


@dataclass(frozen=True, slots=True)
class Ended:
    """How a game ended: why, at which event and in which trick (``None``: before one),
    and for an infraction its kind. A ruling's ``ended`` (skat-ruling/1 ``$defs.ended``)."""

    reason: EndReason
    event: int | None
    trick: int | None
    kind: Kind | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind`` only where an infraction ended the game."""
        out: dict[str, Any] = {"reason": self.reason.value, "event": self.event}
        out["trick"] = self.trick
        if self.kind is not None:
            out["kind"] = self.kind.value
        return out
