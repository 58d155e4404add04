"""Every ruling the project keeps is byte-identical to its golden rendering.

The golden file (``tests/rulings/golden/``, written by ``python -m tests.support.golden
--write``) holds the three renderings of every ruling over ``tests/cases``, ``examples``,
the real ISS games and seeded random games, and what the core computes for the worked
examples of the rule texts. A change that moves any of them fails here, naming the entry.
"""

from __future__ import annotations

import difflib

import pytest

from tests.support import golden

_STORED = golden.stored_names()
_SOURCES = golden.sources(golden.stored_generated())


def _shared_missing(name: str) -> bool:
    return name.startswith(golden.SHARED_PREFIX) and not golden.SHARED_ISS.is_dir()


@pytest.mark.parametrize("name", _STORED)
def test_ruling_is_byte_identical_to_the_golden_file(name: str) -> None:
    if _shared_missing(name):
        pytest.skip(f"{golden.SHARED_ISS} is not beside this work tree")
    assert name in _SOURCES, f"the source of golden entry {name} is gone"
    want = golden.path_of(name).read_text(encoding="utf-8")
    got = golden.dumps(_SOURCES[name]())
    if got != want:
        diff = "".join(
            list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), n=2))[:60]
        )
        pytest.fail(f"the ruling of {name} changed:\n{diff}")


def test_every_source_has_a_golden_entry() -> None:
    """A new case or example is ruled into the golden file when it is added."""
    missing = sorted(set(_SOURCES) - set(_STORED))
    assert not missing, (
        f"no golden entry for {missing}: write them with "
        "`.venv/bin/python -m tests.support.golden --write` (and check the diff adds only them)"
    )
