"""Test lanes: which tests a run takes, and the hypothesis profile of each lane.

``fast`` (the default) leaves out tests marked ``slow``; ``slow`` runs only those; ``all``
runs both. The lane is chosen with ``--lane`` or ``REFEREE_TEST_LANE`` and applies on top
of any ``-m`` expression, so ``-m "not postgres"`` keeps the slow tests out as well. An
``-m`` expression that names ``slow`` itself decides alone (``-m slow`` runs the slow
tests without ``--lane``).

Hypothesis profiles: ``ci`` (every test's own number of examples, hypothesis' default
where it names none; no deadline: the workers share the machine's cores) and ``check``
(at most ``CHECK_EXAMPLES`` for every property test, its own number too, for the inner
loop of ``make check``), chosen with ``--hypothesis-profile`` or ``HYPOTHESIS_PROFILE``;
``ci`` when neither is given.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, settings

LANES = ("fast", "slow", "all")
CHECK_EXAMPLES = 10

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("check", settings.get_profile("ci"), max_examples=CHECK_EXAMPLES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        "--lane",
        choices=LANES,
        default=os.environ.get("REFEREE_TEST_LANE", "fast"),
        help="fast: leave out tests marked slow (default); slow: only those; all: both",
    )


def select(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the items outside the run's lane; cap the examples in the check profile."""
    profile = config.getoption("hypothesis_profile", None) or os.environ.get(
        "HYPOTHESIS_PROFILE", "ci"
    )
    if profile == "check":
        for item in items:
            _cap_examples(getattr(item, "obj", None), CHECK_EXAMPLES)
    lane = config.getoption("lane")
    if lane == "all" or re.search(r"\bslow\b", config.getoption("markexpr") or ""):
        return
    wanted = lane == "slow"
    kept = [item for item in items if (item.get_closest_marker("slow") is not None) == wanted]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in set(kept)])
        items[:] = kept


def _cap_examples(test: object, cap: int) -> None:
    """A property test that asks for more than ``cap`` examples runs ``cap`` of them.

    A test's own ``@settings(max_examples=...)`` outranks any profile; hypothesis reads
    the settings it runs with from the attribute below when the test is called.
    """
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if isinstance(own, settings) and own.max_examples > cap:
        test._hypothesis_internal_use_settings = settings(own, max_examples=cap)  # type: ignore[union-attr]
