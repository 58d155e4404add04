"""Long searches pass through the service's gate; the answer is that of a single run
(ISkO 4.3.4: a null claim at trick 1 is the long search here)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
def entries(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    seen: list[str] = []
    monkeypatch.setattr(native, "LIGHT_NODES", LIGHT)

    @contextmanager
    def noting() -> Iterator[None]:
        seen.append("entered")
        yield

    # no runner: pytest's doctest collection imports referee.wsgi, which installs the
    # service's, and a runner takes precedence over the gate
    runner = gate.runner()
    gate.set_runner(None)
    gate.set_gate(noting)
    try:
        yield seen
    finally:
        gate.set_gate(None)
        gate.set_runner(runner)


def _claim(hands: list[int], game: Game, limit: int = NODE_LIMIT) -> Answer:
    return native.can_force_trick(hands, 0, (), game, winners=1, controllers=6, node_limit=limit)


def test_a_long_search_passes_the_gate_and_answers_as_one_run(entries: list[str]) -> None:
    gated = _claim(_hands(HARD), Game.NULL)
    assert entries == ["entered"]
    gate.set_gate(None)
    direct = native._engine.force(
        native._INDEX[Game.NULL], _hands(HARD), 0, [], 1, 6, True, NODE_LIMIT
    )
    assert gated.nodes > LIGHT
    assert (gated.answer, [(s, int(c)) for s, c in gated.line], gated.nodes) == direct


def test_a_short_search_does_not_wait_for_the_gate(entries: list[str]) -> None:
    hands = _hands(EASY)
    answer = native.can_force_trick(hands, 0, (), Game.GRAND, winners=0b110, controllers=0b110)
    assert not answer.answer and entries == []


def test_a_small_node_limit_is_kept_without_the_gate(entries: list[str]) -> None:
    with pytest.raises(NodeLimitReached):
        _claim(_hands(HARD), Game.NULL, limit=1_000)
    assert entries == []


def test_a_long_search_enters_the_gate_once_mid_search_and_is_not_run_twice(
    entries: list[str],
) -> None:
    """The engine calls back when it passes the light count and goes on: the gate is
    entered once, while the search is under way (not before a second run), and left
    when the answer is there."""
    events: list[str] = []

    @contextmanager
    def tracing() -> Iterator[None]:
        events.append("enter")
        yield
        events.append("exit")

    gate.set_gate(tracing)
    calls: list[tuple[int, int]] = []
    real = native._engine.force

    def counting(*args: object) -> object:
        calls.append((args[7], args[8]))  # type: ignore[arg-type]
        return real(*args)  # type: ignore[arg-type]

    native._engine.force = counting  # type: ignore[assignment]
    try:
        gated = _claim(_hands(HARD), Game.NULL)
    finally:
        native._engine.force = real  # type: ignore[assignment]
    assert events == ["enter", "exit"] and calls == [(NODE_LIMIT, LIGHT)]
    assert gated.nodes > LIGHT


def test_a_gate_that_fails_fails_the_search(entries: list[str]) -> None:
    """If the gate cannot be entered (its lock file cannot be opened, say), the error
    reaches the caller from inside the search; nothing is answered without the gate."""

    @contextmanager
    def broken() -> Iterator[None]:
        raise OSError("no lock file")
        yield  # pragma: no cover

    gate.set_gate(broken)
    with pytest.raises(OSError, match="no lock file"):
        _claim(_hands(HARD), Game.NULL)


def test_a_long_search_is_handed_whole_to_the_runner_and_answers_as_one_run(
    entries: list[str],
) -> None:
    """With a runner installed (the service's low-priority thread), a search past the
    light count stops there and the runner runs it again from the start: same answer,
    line and nodes as one plain run; the gate is not used."""
    handed: list[str] = []

    def running(search: Callable[[], T], /) -> T:
        handed.append("run")
        return search()

    gate.set_runner(running)
    try:
        moved = _claim(_hands(HARD), Game.NULL)
        short = native.can_force_trick(
            _hands(EASY), 0, (), Game.GRAND, winners=0b110, controllers=0b110
        )
    finally:
        gate.set_runner(None)  # the fixture puts back what was there
    direct = native._engine.force(
        native._INDEX[Game.NULL], _hands(HARD), 0, [], 1, 6, True, NODE_LIMIT
    )
    assert handed == ["run"] and entries == []  # the short one stayed where it was
    assert (moved.answer, [(s, int(c)) for s, c in moved.line], moved.nodes) == direct
    assert not short.answer


def test_a_node_limit_below_the_light_count_is_kept_without_the_runner(
    entries: list[str],
) -> None:
    handed: list[int] = []

    def running(search: Callable[[], T], /) -> T:
        handed.append(1)
        return search()

    gate.set_runner(running)
    try:
        with pytest.raises(NodeLimitReached):
            _claim(_hands(HARD), Game.NULL, limit=1_000)
    finally:
        gate.set_runner(None)
    assert handed == []
