"""The searches of a request are counted together: the light count is the request's,
and a budget bounds all of them; a search stopped by the budget is never a ruling
(ISkO 4.3.4: a null claim at trick 1 is the long search here)."""

from __future__ import annotations

import pytest

from referee.rulings.search import NodeLimitReached, gate, native
from tests.rulings.test_search_gate import EASY, HARD, _claim, _direct, _hands, handed  # noqa: F401

#: counted as in a process without a runner (see the fixture)
pytestmark = pytest.mark.usefixtures("no_search_runner")


def test_a_budget_stops_the_search_and_is_no_ruling() -> None:
    _ok, _line, nodes = _direct()
    with gate.metered(budget=nodes // 2) as m:
        with pytest.raises(gate.BudgetSpent):
            _claim(_hands(HARD), native.Game.NULL)
        assert nodes // 2 <= m.used <= nodes // 2 + 1  # counted to where it stopped
        with pytest.raises(gate.BudgetSpent):
            _claim(_hands(EASY), native.Game.GRAND)  # nothing left: not even an easy one
    assert not issubclass(gate.BudgetSpent, NodeLimitReached)


def test_within_its_budget_a_search_is_that_of_a_plain_run() -> None:
    ok, line, nodes = _direct()
    with gate.metered(budget=nodes) as m:
        found = _claim(_hands(HARD), native.Game.NULL)
    assert (found.answer, [(s, int(c)) for s, c in found.line], found.nodes) == (ok, line, nodes)
    assert m.used == nodes


def test_searches_of_one_request_share_the_light_count(handed: list[str]) -> None:  # noqa: F811
    """Each search below the light count, but the request's sum past it: the later ones
    go to the runner (before, every search had a light count of its own)."""
    easy = _hands(EASY)
    with gate.metered() as m:
        native.can_force_trick(easy, 0, (), native.Game.GRAND, winners=6, controllers=6)
        assert handed == []
        m.charge(native.LIGHT_NODES)  # earlier searches of the request took the light share
        native.can_force_trick(easy, 0, (), native.Game.GRAND, winners=6, controllers=6)
    assert handed == ["run"]


def test_nested_meters_count_for_both_and_are_bound_by_both() -> None:
    _ok, _line, nodes = _direct()
    with gate.metered(budget=nodes - 1) as outer:
        with gate.metered(budget=10 * nodes) as inner, pytest.raises(gate.BudgetSpent):
            _claim(_hands(HARD), native.Game.NULL)
    assert inner.used == outer.used < nodes + 1
