"""Extract the clause numbers printed in the English and Spanish ISkO/SkWO seed texts.

Run ``python tests/rules/extract_ids.py [SEEDS_DIR]``: prints one line per printed number,
``<translation> <id>`` (``en ISkO 4.2.3``), marking repeated numbers with ``(dup)``, then
the ids that only one translation prints. The output was hand-checked into
``tests/rules/expected_ids.yaml``; ``test_expected_ids.py`` re-runs it to keep both in step.

A line counts as a clause (or numbered heading) when it starts with a number that
continues the numbering sequence (a first child, or the next sibling of the previous
number or of one of its ancestors). That rejects cross-reference continuation lines such
as ``4.1.3 – 4.1.6).`` and list items such as ``2. Ten 10 points``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
FILES = {"en": "001_c5b6257c09eba09e.txt", "es": "000_2ebaa04e85d5c37a.txt"}
#: the line that starts the SkWO part of each translation
SKWO_START = {"en": "Tournament Game Order", "es": "Reglamento de Campeonatos"}
_MARKER = re.compile(r"<\|[^|]*\|>")
_NUMBER = re.compile(r"^\s*(\d+(?:\.\d+)*)(\.?)\s+(\S.*)$")
#: how far a sibling may jump ahead and still count (1 = strictly consecutive; 2 lets a
#: skipped number through so that it shows up in the output)
MAX_STEP = 2


def _successors(prev: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Numbers that may follow ``prev``: its first child, or a next sibling of it or an ancestor."""
    out = {prev + (1,), prev}  # prev itself: a repeated number
    if prev[-1] > 1:  # one step back: a translation that prints two numbers twice
        out.add(prev[:-1] + (prev[-1] - 1,))
    for depth in range(1, len(prev) + 1):
        for step in range(1, MAX_STEP + 1):
            out.add(prev[: depth - 1] + (prev[depth - 1] + step,))
    return out


def _parse(text: str) -> tuple[int, ...] | None:
    """The number a clause line starts with, or None for other lines."""
    m = _NUMBER.match(_MARKER.sub("", text))
    if not m:
        return None
    parts = tuple(int(p) for p in m.group(1).split("."))
    rest = m.group(3)
    if parts[-1] == 0 and len(parts) == 2:  # "4.0 Execution of the game": a section
        parts = parts[:1]
    elif len(parts) == 1 and (m.group(2) or not rest[:1].isupper()):
        return None  # "2. Ten 10 points", "9" (table column): not a section heading
    if rest[:1] in ")–-" or rest.startswith(("to ", "a ", "is ")):
        return None  # the tail of a cross-reference wrapped onto a new line
    return parts


def _opens_section(section: int, following: list[str]) -> bool:
    """True when ``N.1`` starts one of the ``following`` lines: "N Title" opens section N."""
    return any(_parse(line) == (section, 1) for line in following)


def extract(lang: str, seeds: Path = SEEDS) -> list[tuple[str, str, bool]]:
    """``(document, number, repeated)`` for every clause number ``lang`` prints, in order."""
    lines = (seeds / FILES[lang]).read_text(encoding="utf-8").splitlines()
    out: list[tuple[str, str, bool]] = []
    doc, prev, seen = "", (0,), set()
    for index, line in enumerate(lines):
        if _MARKER.sub("", line).strip() in ("Skat Order", "Reglamento Internacional de Skat"):
            doc, prev, seen = "ISkO", (0,), set()
            continue
        if _MARKER.sub("", line).strip() == SKWO_START[lang]:
            doc, prev, seen = "SkWO", (0,), set()
            continue
        parts = _parse(line) if doc else None
        if parts is None or parts not in _successors(prev):
            continue
        if len(parts) == 1 and not _opens_section(parts[0], lines[index + 1 : index + 12]):
            continue  # a numbered table row ("6 Announced Schwarz ..."), not a section
        if parts == prev and len(parts) == 1:
            continue
        number = ".".join(map(str, parts))
        if len(parts) > 1:  # sections ("4") are file-level titles, not clause ids
            out.append((doc, number, number in seen))
            seen.add(number)
        prev = parts
    return out


def main(argv: list[str]) -> int:
    seeds = Path(argv[1]) if len(argv) > 1 else SEEDS
    ids: dict[str, set[str]] = {}
    for lang in FILES:
        ids[lang] = set()
        for doc, number, dup in extract(lang, seeds):
            print(f"{lang} {doc} {number}{' (dup)' if dup else ''}")
            ids[lang].add(f"{doc} {number}")
    for a, b in (("en", "es"), ("es", "en")):
        for i in sorted(ids[a] - ids[b]):
            print(f"only-{a} {i}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
