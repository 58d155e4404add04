"""Coded errors raised by the service layer (all :class:`~referee.core.errors.RefereeError`).

The HTTP layer maps each class to one status code; ``code`` stays machine-readable.

>>> NotFound("no dispute 7", where={"dispute": 7}).code
'service.not_found'
"""

from __future__ import annotations

from referee.core.errors import RefereeError


class ServiceError(RefereeError):
    """Base class for errors of the service layer."""

    code = "service.error"


class Unauthenticated(ServiceError):
    """No API key, or a key that is unknown or revoked (HTTP 401)."""

    code = "auth.unauthenticated"


class Forbidden(ServiceError):
    """The key's role may not use this operation (HTTP 403)."""

    code = "auth.forbidden"


class NotFound(ServiceError):
    """Nothing with that id that this key may see (HTTP 404, also for other owners)."""

    code = "service.not_found"


class InvalidInput(ServiceError):
    """A request the schema accepted but the use case cannot (HTTP 422)."""

    code = "service.invalid_input"


class IdempotencyMismatch(ServiceError):
    """An ``Idempotency-Key`` reused with a different request body (HTTP 422)."""

    code = "idempotency.mismatch"


class DuplicateIdempotencyKey(ServiceError):
    """Raised by storage when another transaction already claimed the same key."""

    code = "idempotency.duplicate"


class EngineUnavailable(ServiceError):
    """The adjudication engine is not installed or failed to load (HTTP 503)."""

    code = "engine.unavailable"


class Conflict(ServiceError):
    """Another request changed the same dispute at the same moment; retry (HTTP 409)."""

    code = "service.conflict"
