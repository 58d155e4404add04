"""Error types with machine-readable codes, grouped by category.

Every error the project raises carries a stable ``code`` (for APIs and tests) and,
where it applies, ``where``: the place in the input it concerns (event index,
field path). Each concrete error belongs to exactly one *category* (:class:`InvalidInput`,
:class:`NotFound`, :class:`Conflict`, :class:`TooLarge`, :class:`Gone`,
:class:`Unauthenticated`, :class:`Forbidden`, :class:`BadRequest`, :class:`ServerFault`,
:class:`Unavailable`); no error knows an HTTP status: the edges choose it from the
category (``referee/http_status.py``) and never look at codes.

>>> where = {"event": 3, "field": "card"}
>>> err = RecordError("unknown card token 'X9'", code="card.unknown", where=where)
>>> err.code, err.where["event"]
('card.unknown', 3)
>>> str(err)
"event 3, field card: unknown card token 'X9'"
>>> category_of(err) is InvalidInput
True
"""

from __future__ import annotations

from typing import Any


class RefereeError(Exception):
    """Base class: a message, a stable code, and where in the input it happened.

    Raise a category or a subclass of one, never this class itself.

    ``params`` are the message's values by name (the token, the seat, the expected kind of
    value; and ``variant`` where one code has several sentences), so a page can say the
    same in another language from ``rules_kb/messages/errors.yaml`` (``error.<code>``);
    the English ``message`` stays what the API returns.
    """

    code: str = "referee.error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        where: dict[str, Any] | None = None,
        params: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.where: dict[str, Any] = dict(where or {})
        self.params: dict[str, Any] = dict(params or {})

    def __str__(self) -> str:
        prefix = ", ".join(f"{k} {v}" for k, v in self.where.items())
        return f"{prefix}: {self.message}" if prefix else self.message

    def to_dict(self) -> dict[str, Any]:
        """Machine-readable form: ``{"code", "message", **where}``."""
        return {"code": self.code, "message": self.message, **self.where}


# -- categories (the edges map each to an HTTP status) -----------------------------------------
class InvalidInput(RefereeError):
    """Input that is well-formed but cannot be accepted: a bad record, card, bid (422)."""

    code = "invalid_input"


class BadRequest(RefereeError):
    """A request that cannot be understood or is not the one expected (400)."""

    code = "bad_request"


class NotFound(RefereeError):
    """Nothing with that id, or nothing the caller may see (404)."""

    code = "not_found"


class Conflict(RefereeError):
    """Another change got there first; retry on the current state (409)."""

    code = "conflict"


class TooLarge(RefereeError):
    """A body or upload over the size the server accepts (413)."""

    code = "too_large"


class Gone(RefereeError):
    """Something that was there and is not usable any more, e.g. a one-time link (410)."""

    code = "gone"


class AuthError(RefereeError):
    """Access refused; the subclass says whether the key is missing or lacks the role."""

    code = "auth.error"


class Unauthenticated(AuthError):
    """No API key, or one that is unknown or revoked (401)."""

    code = "auth.unauthenticated"


class Forbidden(AuthError):
    """The key's role may not use this operation (403)."""

    code = "auth.forbidden"


class ServerFault(RefereeError):
    """The server's own fault, not the request's (500)."""

    code = "server.fault"


class Unavailable(ServerFault):
    """A part the server needs is broken or unreachable for now, e.g. its rules data (503)."""

    code = "server.unavailable"


CATEGORIES: tuple[type[RefereeError], ...] = (
    InvalidInput,
    BadRequest,
    NotFound,
    Conflict,
    TooLarge,
    Gone,
    Unauthenticated,
    Forbidden,
    ServerFault,
    Unavailable,
)


def category_of(error: RefereeError | type[RefereeError]) -> type[RefereeError] | None:
    """The most specific category an error (or error class) belongs to.

    >>> category_of(RecordError("x")).__name__
    'InvalidInput'
    """
    cls = error if isinstance(error, type) else type(error)
    for base in cls.__mro__:
        if base in CATEGORIES:
            return base
    return None


# -- the domain's own errors ---------------------------------------------------------------
class CardError(InvalidInput, ValueError):
    """A card token or card set that is not valid Skat notation."""

    code = "card.invalid"


class ContractError(InvalidInput, ValueError):
    """A game declaration that the ISkO does not allow (e.g. schneider announced after pickup)."""

    code = "contract.invalid"


class BiddingError(InvalidInput, ValueError):
    """A bid that is not a legal value or not in the legal order."""

    code = "bidding.invalid"


class RecordError(InvalidInput, ValueError):
    """A game record that cannot describe a real game (refused by the replayer)."""

    code = "record.invalid"
