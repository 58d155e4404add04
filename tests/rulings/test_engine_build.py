"""The search engine's two builds: the service's module carries no test hooks, and the
transposition table's two ways to get memory (a mapping on 2 MB pages for a large table,
calloc for a small one or where the mapping is refused) both hold every position."""

from __future__ import annotations

import pytest

from referee.rulings.search import _engine
from tests.support import engine_hooks

HOOKS = (
    "canon",
    "null_sure_safe",
    "null_lost_suits",
    "most_tricks",
    "lowest_points",
    "set_memo_slots",
    "throw_most",
    "table_probe",
)


def test_the_services_engine_has_no_test_hooks() -> None:
    assert [h for h in HOOKS if hasattr(_engine, h)] == []
    assert [h for h in HOOKS if not hasattr(engine_hooks.hooks, h)] == []
    assert {"prepare", "force", "take_all", "reach"} <= set(dir(_engine))


#: 100,000 positions grow the table to 262,144 slots of 16 bytes: 4 MB, past one 2 MB page
LARGE = 100_000


def test_a_large_table_is_mapped_on_a_2_mb_boundary_and_keeps_every_position() -> None:
    assert engine_hooks.table_probe(LARGE, huge=True) == (True, True, True)


def test_without_the_mapping_the_fall_back_keeps_every_position() -> None:
    found, mapped, _ = engine_hooks.table_probe(LARGE, huge=False)
    assert (found, mapped) == (True, False)


@pytest.mark.parametrize("huge", [True, False])
def test_a_small_table_is_never_mapped(huge: bool) -> None:
    found, mapped, _ = engine_hooks.table_probe(1_000, huge=huge)
    assert (found, mapped) == (True, False)
