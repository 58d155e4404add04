"""The test lanes (tests/support/lanes.py) combine with a run's own ``-m``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILE = "tests/service/test_service_ops.py"
SLOW = f"{FILE}::test_gunicorn_serves_a_dispute_over_http"
FAST = f"{FILE}::test_keys_cli_create_list_revoke"


def _collected(*args: str) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_TEST_LANE"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *args, FILE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {line for line in done.stdout.splitlines() if line.startswith(FILE + "::")}


def test_an_own_marker_expression_keeps_the_slow_tests_out() -> None:
    ids = _collected("-m", "not postgres")
    assert FAST in ids
    assert SLOW not in ids


def test_the_slow_lane_takes_only_the_slow_tests() -> None:
    assert _collected("-m", "not postgres", "--lane=slow") == {SLOW}
