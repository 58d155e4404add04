"""Coded errors raised by the service layer, each in a category of :mod:`referee.core.errors`.

The category decides the HTTP status at the edge (``referee/http_status.py``); ``code``
stays machine-readable.

>>> err = NotFound("no dispute 7", where={"dispute": 7})
>>> err.code, isinstance(err, categories.NotFound)
('service.not_found', True)
"""

from __future__ import annotations

from referee.core import errors as categories
from referee.core.errors import Forbidden, Unauthenticated

__all__ = [
    "Conflict",
    "DuplicateIdempotencyKey",
    "Forbidden",
    "IdempotencyMismatch",
    "InvalidInput",
    "JobNotDone",
    "JobNotOpen",
    "NotFound",
    "RequestMalformed",
    "RevisionNotCurrent",
    "Unauthenticated",
]


class NotFound(categories.NotFound):
    """Nothing with that id that this key may see (HTTP 404, also for other owners)."""

    code = "service.not_found"


class RequestMalformed(categories.BadRequest):
    """A body that is not what the content type says: malformed JSON, not UTF-8 (HTTP 400)."""

    code = "request.malformed"


class InvalidInput(categories.InvalidInput):
    """A request the schema accepted but the use case cannot (HTTP 422)."""

    code = "service.invalid_input"


class IdempotencyMismatch(categories.InvalidInput):
    """An ``Idempotency-Key`` reused with a different request body (HTTP 422)."""

    code = "idempotency.mismatch"


class Conflict(categories.Conflict):
    """Another request changed the same dispute at the same moment; retry (HTTP 409)."""

    code = "service.conflict"


class JobNotDone(categories.Conflict):
    """The results of a job that is not done: queued or running (ask again later) or
    cancelled (they never come); ``where`` names the job and its state (HTTP 409)."""

    code = "job.not_done"


class QuotaExceeded(categories.Conflict):
    """The owner's stored job results take as many bytes as allowed: a new job is refused
    until older ones are deleted or expire (HTTP 409)."""

    code = "job.quota"


class JobNotOpen(categories.Conflict):
    """A part appended to a job no longer open (started or cancelled), or a cancelled job
    asked to start; ``where`` names the job and its state (HTTP 409)."""

    code = "job.not_open"


class RevisionNotCurrent(Conflict):
    """An appeal reviewed a ruling that another appeal replaced meanwhile (HTTP 409)."""

    code = "appeal.revision_not_current"


class DuplicateIdempotencyKey(categories.Conflict):
    """Raised by storage when another transaction already claimed the same key."""

    code = "idempotency.duplicate"
