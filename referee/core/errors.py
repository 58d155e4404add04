"""Error types with machine-readable codes.

Every error the domain raises carries a stable ``code`` (for APIs and tests) and,
where it applies, ``where``: the place in the input it concerns (event index,
field path).

>>> where = {"event": 3, "field": "card"}
>>> err = RecordError("unknown card token 'X9'", code="card.unknown", where=where)
>>> err.code, err.where["event"]
('card.unknown', 3)
>>> str(err)
"event 3, field card: unknown card token 'X9'"
"""

from __future__ import annotations

from typing import Any


class RefereeError(Exception):
    """Base class: a message, a stable code, and where in the input it happened."""

    code: str = "referee.error"

    def __init__(
        self, message: str, *, code: str | None = None, where: dict[str, Any] | None = None
    ):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.where: dict[str, Any] = dict(where or {})

    def __str__(self) -> str:
        prefix = ", ".join(f"{k} {v}" for k, v in self.where.items())
        return f"{prefix}: {self.message}" if prefix else self.message

    def to_dict(self) -> dict[str, Any]:
        """Machine-readable form: ``{"code", "message", **where}``."""
        return {"code": self.code, "message": self.message, **self.where}


class CardError(RefereeError, ValueError):
    """A card token or card set that is not valid Skat notation."""

    code = "card.invalid"


class ContractError(RefereeError, ValueError):
    """A game declaration that the ISkO does not allow (e.g. schneider announced after pickup)."""

    code = "contract.invalid"


class BiddingError(RefereeError, ValueError):
    """A bid that is not a legal value or not in the legal order."""

    code = "bidding.invalid"


class PlayError(RefereeError, ValueError):
    """A card that may not be played to the current trick."""

    code = "play.invalid"


class RecordError(RefereeError, ValueError):
    """A game record that cannot describe a real game (refused by the replayer)."""

    code = "record.invalid"
