"""Test lanes: which tests a run takes, and the hypothesis profile of each lane.

``fast`` (the default) leaves out tests marked ``slow``; ``slow`` runs only those; ``all``
runs both. The lane is chosen with ``--lane`` or ``REFEREE_TEST_LANE`` and applies on top
of any ``-m`` expression, so ``-m "not postgres"`` keeps the slow tests out as well. An
``-m`` expression that names ``slow`` itself decides alone (``-m slow`` runs the slow
tests without ``--lane``).

Hypothesis profiles: ``ci`` (hypothesis' default number of examples, no deadline: the
workers share the machine's cores with each other) and ``check`` (few examples, for the
inner loop of ``make check``), chosen with ``--hypothesis-profile`` or
``HYPOTHESIS_PROFILE``; ``ci`` when neither is given.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, settings

LANES = ("fast", "slow", "all")

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("check", settings.get_profile("ci"), max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        "--lane",
        choices=LANES,
        default=os.environ.get("REFEREE_TEST_LANE", "fast"),
        help="fast: leave out tests marked slow (default); slow: only those; all: both",
    )


def select(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the items outside the run's lane."""
    lane = config.getoption("lane")
    if lane == "all" or re.search(r"\bslow\b", config.getoption("markexpr") or ""):
        return
    wanted = lane == "slow"
    kept = [item for item in items if (item.get_closest_marker("slow") is not None) == wanted]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in set(kept)])
        items[:] = kept
