"""Long searches are handed to the service's runner; the answer is that of a single run
(ISkO 4.3.4: a null claim at trick 1 is the long search here)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

from referee.core.cards import Card, mask_of
from referee.core.contracts import Game
from referee.rulings.search import NODE_LIMIT, Answer, NodeLimitReached, gate, native

#: a null claim at trick 1 that takes some ninety thousand nodes (the hardest hill-climbed
#: one in bench/hardest_positions.json; the one used before fell to 57 nodes with the
#: engine's one-suit games for null)
HARD = [
    "CT CQ C8 C7 SQ S8 HJ H7 D9 D7",
    "SA ST S7 HT HK H9 DT DK DQ D8",
    "CA CJ C9 SK SJ HA HQ H8 DA DJ",
]
EASY = ["CJ", "DA", "D7"]
T = TypeVar("T")


def _hands(names: list[str]) -> list[int]:
    return [mask_of(Card[c] for c in h.split()) for h in names]


#: the light share in these tests: below HARD's nodes whatever the engine's speed-ups
LIGHT = 5_000


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A runner that notes each search handed to it and runs it where it is. The one
    installed before is put back (pytest's doctest collection imports referee.wsgi,
    which installs the service's)."""
    seen: list[str] = []
    monkeypatch.setattr(native, "LIGHT_NODES", LIGHT)

    def running(search: Callable[[], T], /) -> T:
        seen.append("run")
        return search()

    before = gate.runner()
    gate.set_runner(running)
    try:
        yield seen
    finally:
        gate.set_runner(before)


def _claim(hands: list[int], game: Game, limit: int = NODE_LIMIT) -> Answer:
    return native.can_force_trick(hands, 0, (), game, winners=1, controllers=6, node_limit=limit)


def _direct() -> tuple[bool | None, list[tuple[int, int]], int]:
    return native._engine.force(
        native._slot(Game.NULL), _hands(HARD), 0, [], 1, 6, True, NODE_LIMIT
    )


def test_a_long_search_is_handed_whole_to_the_runner_and_answers_as_one_run(
    handed: list[str],
) -> None:
    """A search past the light count stops there and the runner runs it again from the
    start: same answer, line and nodes as one plain run."""
    moved = _claim(_hands(HARD), Game.NULL)
    assert handed == ["run"]
    assert moved.nodes > LIGHT
    assert (moved.answer, [(s, int(c)) for s, c in moved.line], moved.nodes) == _direct()


def test_a_short_search_is_not_handed_to_the_runner(handed: list[str]) -> None:
    hands = _hands(EASY)
    answer = native.can_force_trick(hands, 0, (), Game.GRAND, winners=0b110, controllers=0b110)
    assert not answer.answer and handed == []


def test_a_node_limit_below_the_light_count_is_kept_without_the_runner(
    handed: list[str],
) -> None:
    with pytest.raises(NodeLimitReached):
        _claim(_hands(HARD), Game.NULL, limit=1_000)
    assert handed == []


def test_a_long_search_runs_twice_first_to_the_light_count_then_whole(
    handed: list[str],
) -> None:
    """The engine is called once with the light count, which it passes, and once in the
    runner without it: the first LIGHT nodes are the price of moving a long search."""
    calls: list[tuple[int, int]] = []
    real = native._engine.force

    def counting(*args: object) -> object:
        calls.append((args[7], args[8]))  # type: ignore[arg-type]
        return real(*args)  # type: ignore[arg-type]

    native._engine.force = counting  # type: ignore[assignment]
    try:
        moved = _claim(_hands(HARD), Game.NULL)
    finally:
        native._engine.force = real  # type: ignore[assignment]
    assert handed == ["run"] and calls == [(NODE_LIMIT, LIGHT), (NODE_LIMIT, 0)]
    assert moved.nodes > LIGHT


def test_a_runner_that_fails_fails_the_search(handed: list[str]) -> None:
    """If the runner cannot run the search (its lock file cannot be opened, say), the
    error reaches the caller; nothing is answered without it."""

    def broken(search: Callable[[], T], /) -> T:
        raise OSError("no lock file")

    gate.set_runner(broken)  # the fixture puts back what was there
    with pytest.raises(OSError, match="no lock file"):
        _claim(_hands(HARD), Game.NULL)


def test_without_a_runner_a_long_search_runs_where_it_is() -> None:
    before = gate.runner()
    gate.set_runner(None)
    try:
        plain = _claim(_hands(HARD), Game.NULL)
    finally:
        gate.set_runner(before)
    assert (plain.answer, [(s, int(c)) for s, c in plain.line], plain.nodes) == _direct()


def test_the_tests_start_without_a_runner() -> None:
    """Whatever the run collected (``referee.wsgi`` installs the service's runner on the
    lock file every xdist worker shares), a test finds no runner it did not install."""
    assert gate.runner() is None
