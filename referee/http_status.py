"""The HTTP status of each error category: the one table both edges (the API's
problem+json and the console's pages) answer with.

The domain's errors (:mod:`referee.core.errors`) know their category, never a status; the
status is chosen here, at the edge, from the most specific category an error belongs to.

>>> from referee.core.errors import RecordError, Unavailable
>>> status_for(RecordError("bad")), status_for(Unavailable("down"))
(422, 503)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from referee.core.errors import (
    AuthError,
    BadRequest,
    Conflict,
    Forbidden,
    Gone,
    InvalidInput,
    NotFound,
    RefereeError,
    ServerFault,
    TooLarge,
    Unauthenticated,
    Unavailable,
)

#: error category -> HTTP status
STATUS: Mapping[type[RefereeError], int] = MappingProxyType(
    {
        InvalidInput: 422,
        BadRequest: 400,
        NotFound: 404,
        Conflict: 409,
        TooLarge: 413,
        Gone: 410,
        AuthError: 401,
        Unauthenticated: 401,
        Forbidden: 403,
        ServerFault: 500,
        Unavailable: 503,
    }
)


def status_for(error: RefereeError | type[RefereeError]) -> int:
    """The status of an error's (or error class's) most specific category; 500 for one
    without."""
    cls = error if isinstance(error, type) else type(error)
    for base in cls.__mro__:
        if base in STATUS:
            return STATUS[base]
    return 500
