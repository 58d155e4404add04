"""The project's documents speak of the project as it is (docs/architecture.md): no line of
README.md, docs/ or bench/ numbers rounds of work or issues, and the performance
documents stay short enough to read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: "session 9", "sessions 10 and 11", "issue 13", "issue #13", "Issue 13's", "second round"
HISTORY = re.compile(
    r"\b(?:sessions?|issues?)\s*#?\d+"
    r"|\b(?:first|second|third|fourth|fifth|sixth|previous|next|this|earlier|last)\s+round\b"
    r"|\bround\s+\d+\b",
    re.IGNORECASE,
)


def documents() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("docs", "bench"):
        files += [
            p
            for p in sorted((ROOT / folder).rglob("*"))
            if p.is_file() and p.suffix in {".md", ".py", ".txt", ".yaml", ".toml"}
        ]
    return files


def history_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:120]}"
        for n, line in enumerate(text.splitlines(), 1)
        if HISTORY.search(line)
    ]


def test_the_pattern_finds_what_it_is_for() -> None:
    for said in ("in session 9", "Issue 13's target", "issue #15", "the third round", "round 2"):
        assert HISTORY.search(said), said
    for plain in ("rounded to 2 digits", "the next trick", "a round trip", "ISkO 4.1.5"):
        assert not HISTORY.search(plain), plain


def test_no_document_numbers_sessions_issues_or_rounds() -> None:
    files = documents()
    assert len(files) > 10  # the walk found the documents
    assert [line for path in files for line in history_lines(path)] == []


def test_performance_document_is_at_most_300_lines() -> None:
    lines = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300


def test_readme_measurements_section_is_at_most_15_lines() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Measurements\n(.*?)(?=^## |\Z)", text, re.DOTALL | re.MULTILINE)
    assert match, "README.md has a '## Measurements' section"
    section = match.group(1).strip().splitlines()
    assert 1 <= len(section) <= 15
