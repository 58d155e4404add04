"""Every error of the project sits in exactly one category, and the category sets its status.

The API and the console map error *types* to HTTP statuses, never codes.
"""

from __future__ import annotations

import pytest

import referee.api.problems
import referee.app  # noqa: F401  (imports every layer, so every error class is defined)
import referee.cli  # noqa: F401
from referee.core import errors
from referee.core.errors import CATEGORIES, RefereeError, category_of


def _all_errors() -> list[type[RefereeError]]:
    out: list[type[RefereeError]] = []
    todo = list(RefereeError.__subclasses__())
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(set(out), key=lambda c: f"{c.__module__}.{c.__qualname__}")


CONCRETE = [c for c in _all_errors() if c not in CATEGORIES and c is not errors.AuthError]


def test_the_project_defines_errors_in_every_layer() -> None:
    modules = {c.__module__.split(".")[1] for c in CONCRETE}
    assert {"core", "rules", "rulings", "service", "web"} <= modules


@pytest.mark.parametrize("cls", CONCRETE, ids=lambda c: c.__qualname__)
def test_every_error_has_exactly_one_category(cls: type[RefereeError]) -> None:
    direct = [cat for cat in CATEGORIES if issubclass(cls, cat)]
    # Unavailable is a ServerFault: the most specific one counts
    assert category_of(cls) is not None, f"{cls.__qualname__} has no category"
    most_specific = [c for c in direct if not any(o is not c and issubclass(o, c) for o in direct)]
    assert len(most_specific) == 1, f"{cls.__qualname__} is in {most_specific}"


@pytest.mark.parametrize("cls", CONCRETE, ids=lambda c: c.__qualname__)
def test_the_api_status_is_the_category_status(cls: type[RefereeError]) -> None:
    error = cls.__new__(cls)
    RefereeError.__init__(error, "x")
    category = category_of(cls)
    assert category is not None
    assert referee.api.problems.status_for(error) == category.status


def test_categories_carry_distinct_meanings() -> None:
    statuses = {c.__name__: c.status for c in CATEGORIES}
    assert statuses == {
        "InvalidInput": 422,
        "BadRequest": 400,
        "NotFound": 404,
        "Conflict": 409,
        "Unauthenticated": 401,
        "Forbidden": 403,
        "ServerFault": 500,
        "Unavailable": 503,
    }
