"""The engine's test build (``_engine_hooks``): the search engine's source compiled with
the tests' hooks (``engine/test_hooks.h``), which the module the service loads
(``_engine``) does not have. ``make test`` builds it (``REFEREE_ENGINE_TEST_BUILD=1``,
setup.py).

Inside :func:`test_build`, :mod:`referee.rulings.search.native` searches with the test
build, so that a hook's setting (``memo_slots``) reaches the searches it is meant for;
the functions here ask the hooks what the searches only use inside.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from referee.core.contracts import Game
from referee.rulings.search import native
from referee.rulings.search.tables import NODE_LIMIT, NodeLimitReached

#: a file of the test build to load instead of the one `make test` built: the sanitizer
#: lane (tests/rulings/test_engine_sanitized.py) builds one with ASan and UBSan
SANITIZED = os.environ.get("REFEREE_ENGINE_HOOKS_FILE")
if SANITIZED:
    _name = "referee.rulings.search._engine_hooks"
    _spec = importlib.util.spec_from_file_location(_name, SANITIZED)
    assert _spec is not None and _spec.loader is not None, SANITIZED
    sys.modules[_name] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules[_name])

try:
    from referee.rulings.search import _engine_hooks as HOOKS  # type: ignore[attr-defined]
except ImportError as missing:  # pragma: no cover - a clone built without `make test`
    raise ImportError(
        "the engine's test build is missing: `make test` builds it "
        "(REFEREE_ENGINE_TEST_BUILD=1 python setup.py build_ext --inplace)"
    ) from missing

hooks: Any = HOOKS


@contextmanager
def test_build() -> Iterator[None]:
    """The searches of :mod:`~referee.rulings.search.native` run on the test build inside
    (its tables prepared afresh there), and on the service's module again afterwards."""
    engine, prepared = native._engine, set(native._prepared)
    native._engine = hooks
    native._prepared.clear()
    try:
        yield
    finally:
        native._engine = engine
        native._prepared.clear()
        native._prepared.update(prepared)


def _slot(game: Game) -> int:
    assert native._engine is hooks, "inside test_build() only"
    return native._slot(game)


def most_tricks(
    hands: Sequence[int], leader: int, game: Game, declarer: int, *, node_limit: int = NODE_LIMIT
) -> int:
    """The most tricks ``declarer`` can still win from a trick boundary with everyone
    playing for him, as the points bound counts them (``w_best``)."""
    most, nodes = hooks.most_tricks(_slot(game), list(hands[:3]), leader, declarer, node_limit)
    if most is None:
        raise NodeLimitReached(nodes)
    return int(most)


def throw_most(
    hands: Sequence[int], leader: int, game: Game, declarer: int, *, partner: bool = True
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per defender: the protected cards the points bound counts and how many of them it
    lets end in the declarer's tricks (``throw_most``; ``throw_free`` without ``partner``)."""
    result: tuple[tuple[int, int], tuple[int, int]]
    result = hooks.throw_most(_slot(game), list(hands[:3]), leader, declarer, partner)
    return result


def lowest_points(hands: Sequence[int], game: Game) -> list[tuple[int, int]]:
    """Per hand and k = 1..5: the points of its k cheapest cards, as remembered by the
    points bound's memo and as counted afresh."""
    return list(hooks.lowest_points(_slot(game), list(hands)))


@contextmanager
def memo_slots(slots: int) -> Iterator[None]:
    """Every search inside uses only ``slots`` slots (a power of two) of the points
    bound's memos, so that different holdings clash in them."""
    before = hooks.set_memo_slots(slots)
    try:
        yield
    finally:
        hooks.set_memo_slots(before)


def canonical(
    hands: Sequence[int], game: Game, *, by_points: bool, general: bool = False
) -> tuple[int, int, int]:
    """The canonical form under which the transposition table files a position
    (``general``: by the general loop rather than the shortcut without points)."""
    out: tuple[int, int, int] = hooks.canon(_slot(game), list(hands[:3]), by_points, general)
    return out


def null_lost_suits(hands: Sequence[int], declarer: int) -> int:
    """Null, the declarer not on lead: the suits (bit k for suit k) whose one-suit game
    ``G_S`` he loses; 0 is the sign that he takes no trick."""
    return int(hooks.null_lost_suits(_slot(Game.NULL), list(hands[:3]), declarer))


def null_sure_safe(hands: Sequence[int], declarer: int) -> int:
    """Null, the declarer not on lead: 1 when he wins every one-suit game, 2 when he
    loses one but wins the game that counts his own discards too (``G'_S``), else 0."""
    return int(hooks.null_sure_safe(_slot(Game.NULL), list(hands[:3]), declarer))


def table_probe(positions: int, *, huge: bool) -> tuple[bool, bool, bool]:
    """Fill a transposition table with ``positions`` positions, with or without the
    2 MB-page mapping, and read them back: (all found, mapped on its own, 2 MB aligned)."""
    found, mapped, aligned = hooks.table_probe(positions, huge)
    return bool(found), bool(mapped), bool(aligned)
