"""Fixtures for the rules_kb tests: a small valid catalogue written into tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.rules import catalogue as kb
from tests.support.kb_fixtures import mini_kb, write_kb


@pytest.fixture
def mini_dir(tmp_path: Path) -> Path:
    """A directory holding the valid mini catalogue."""
    return write_kb(tmp_path / "rules_kb", mini_kb())


@pytest.fixture
def mini(mini_dir: Path) -> kb.Catalogue:
    """The loaded mini catalogue."""
    return kb.load_catalogue(mini_dir)
