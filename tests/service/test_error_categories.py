"""Every error of the project sits in exactly one category, and the category sets its status.

The API and the console map error *types* to HTTP statuses, never codes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from markupsafe import escape

import referee
import referee.api.problems
import referee.app  # (imports every layer, so every error class is defined)
import referee.cli  # noqa: F401
from referee.core import errors
from referee.core.errors import CATEGORIES, RefereeError, category_of
from referee.http_status import STATUS, status_for
from referee.service.settings import Settings
from referee.storage.backend import SqlBackend
from referee.web import console
from referee.web.error_text import error_text
from tests.support.web import Console, example_text

PACKAGE = Path(referee.__file__).parent


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
    error = _instance(cls)
    category = category_of(cls)
    assert category is not None
    assert status_for(error) == STATUS[category]


def _instance(cls: type[RefereeError]) -> RefereeError:
    """An instance whatever the class's own constructor wants (e.g. CatalogueError's list)."""
    error = cls.__new__(cls)
    RefereeError.__init__(error, "x")
    return error


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The real app (API and console) on an empty SQLite file."""
    url = f"sqlite:///{tmp_path_factory.mktemp('categories') / 'referee.db'}"
    backend = SqlBackend(url)
    backend.migrate()
    backend.dispose()
    made = referee.app.create_app(Settings(database_url=url, secret_key="test"))
    made.config["TESTING"] = True
    yield made
    made.extensions["referee"].backend.dispose()


@pytest.mark.parametrize("cls", CONCRETE, ids=lambda c: c.__qualname__)
def test_the_api_answers_with_the_category_status(app: Flask, cls: type[RefereeError]) -> None:
    category = category_of(cls)
    assert category is not None
    with app.test_request_context("/disputes"):
        response = referee.api.problems.from_referee_error(_instance(cls))
    assert response.status_code == STATUS[category]
    assert response.get_json()["code"] == cls.code


@pytest.mark.parametrize("cls", CONCRETE, ids=lambda c: c.__qualname__)
def test_the_console_answers_with_the_category_status(app: Flask, cls: type[RefereeError]) -> None:
    category = category_of(cls)
    assert category is not None
    with app.test_request_context("/console/rules"):
        response = app.make_response(console._referee_error(_instance(cls)))
    if category is errors.Unauthenticated:  # the console asks to sign in
        assert response.status_code == 302
    else:
        assert response.status_code == STATUS[category]


@pytest.fixture(scope="module")
def signed_in(app: Flask) -> dict[str, Console]:
    """A referee's and a court's console, and one dispute the court may appeal."""
    keys = app.extensions["referee"].keys
    out = {}
    for role in ("referee", "court"):
        client = Console(app.test_client())
        assert client.sign_in(keys.create(role, "Categories")[1]).status_code == 302
        out[role] = client
    return out


def _form_status(category: type[RefereeError]) -> int:
    """What a console form answers when the service raises an error of ``category``."""
    if category in (errors.InvalidInput, errors.BadRequest):
        return 422  # shown again with the field marked
    if category is errors.Unauthenticated:
        return 302  # to the sign-in page
    return STATUS[category]


@pytest.mark.parametrize("category", CATEGORIES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("form", ["new", "appeal"])
def test_the_console_forms_answer_by_category(
    app: Flask,
    signed_in: dict[str, Console],
    monkeypatch: pytest.MonkeyPatch,
    form: str,
    category: type[RefereeError],
) -> None:
    record = example_text("revoke-objected")
    dispute = signed_in["referee"].submit_ok(record)
    error = category("refused by the test")

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise error

    disputes = app.extensions["referee"].disputes
    monkeypatch.setattr(disputes, "submit" if form == "new" else "appeal", refuse)
    if form == "new":
        response = signed_in["referee"].submit(record)
    else:
        url = f"/console/disputes/{dispute}/appeal"
        response = signed_in["court"].post(url, {"grounds": "g", "lodged_at": "", "record": ""})
    assert response.status_code == _form_status(category)
    if category in (errors.InvalidInput, errors.BadRequest, errors.Conflict):
        # the console names the error in the page's language (its catalogue text)
        assert escape(error_text(error, "en")) in response.get_data(as_text=True)


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_nothing_raises_the_uncategorised_base() -> None:
    """``raise RefereeError(...)`` would escape the categories (and answer 500)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name == "RefereeError":
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []


def _reads_code(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "code"


def test_the_web_layers_never_decide_by_code() -> None:
    """No ``error.code.endswith(...)``, ``error.code == ...`` or ``table[error.code]``."""
    found = []
    for layer in ("api", "web"):
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for node in ast.walk(_tree(path)):
                by_string = (
                    isinstance(node, ast.Attribute)
                    and node.attr in ("startswith", "endswith")
                    and _reads_code(node.value)
                )
                compared = isinstance(node, ast.Compare) and any(
                    _reads_code(n) for n in (node.left, *node.comparators)
                )
                looked_up = isinstance(node, ast.Subscript) and _reads_code(node.slice)
                if by_string or compared or looked_up:
                    found.append(f"{path.relative_to(PACKAGE)}:{getattr(node, 'lineno', '?')}")
    assert found == []


def test_categories_carry_distinct_meanings() -> None:
    statuses = {c.__name__: STATUS[c] for c in CATEGORIES}
    assert statuses == {
        "InvalidInput": 422,
        "BadRequest": 400,
        "NotFound": 404,
        "Conflict": 409,
        "TooLarge": 413,
        "Gone": 410,
        "Unauthenticated": 401,
        "Forbidden": 403,
        "ServerFault": 500,
        "Unavailable": 503,
    }
