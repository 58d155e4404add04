"""``referee examples``: recompute the worked examples of the rule texts and compare.

Prints one line an example: the clause, the example, the result the core computes, the
result the rule text states, and OK or MISMATCH. Exits 1 when any example mismatches.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import IO, Any

from referee.core.worked import WorkedExample

HELP = "recompute the worked examples of the ISkO/SkWO with the core and compare"

_HEADERS = ("clause", "example", "computed", "expected", "result")


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``examples`` and bind :func:`run`."""
    parser.add_argument(
        "--full", action="store_true", help="one line an example: do not wrap long cells"
    )
    parser.add_argument("--json", action="store_true", help="print JSON lines instead")
    parser.add_argument("--only", metavar="TEXT", help="only examples whose id contains TEXT")
    parser.set_defaults(run=run)


def show(value: Any) -> str:
    """A result as people read it: signed scores, rows of numbers, ``A:+482 B:-170``.

    >>> show(-100), show((("clubs", "hearts"), -120)), show({"A": 482, "B": -170})
    ('-100', 'clubs/hearts -120', 'A:+482 B:-170')
    >>> show((18, 27, 36))
    '18 27 36'
    """
    if isinstance(value, dict):
        return " ".join(f"{k}:{v:+d}" for k, v in value.items())
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple):
        return f"{'/'.join(value[0])} {value[1]:+d}".replace("+", "")
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return str(value)


#: column widths the cells are wrapped to (clause, example, computed, expected)
_WRAP = (14, 44, 28, 28)


def rows(examples: tuple[WorkedExample, ...]) -> list[tuple[str, ...]]:
    """The table lines: clause, description, computed, expected, OK/MISMATCH."""
    out: list[tuple[str, ...]] = []
    for ex in examples:
        computed = ex.compute()
        status = "OK" if computed == ex.expected else "MISMATCH"
        out.append((ex.clause, ex.description, show(computed), show(ex.expected), status))
    return out


def _wrap(text: str, width: int | None) -> list[str]:
    return textwrap.wrap(text, width) or [""] if width else [text]


def print_table(table: list[tuple[str, ...]], out: IO[str], full: bool = False) -> None:
    """Print the rows as aligned columns, long cells wrapped unless ``full``."""
    limits = (*(None if full else w for w in _WRAP), None)
    cells = [[_wrap(c, limit) for c, limit in zip(row, limits, strict=True)] for row in table]
    widths = [
        max(len(_HEADERS[i]), *(len(part) for row in cells for part in row[i]))
        for i in range(len(_HEADERS))
    ]

    def emit(parts: tuple[str, ...]) -> None:
        print("  ".join(p.ljust(w) for p, w in zip(parts, widths, strict=True)).rstrip(), file=out)

    emit(_HEADERS)
    emit(tuple("-" * w for w in widths))
    for row in cells:
        for i in range(max(len(c) for c in row)):
            emit(tuple(c[i] if i < len(c) else "" for c in row))


def run(args: argparse.Namespace) -> int:
    """Print the comparison; 0 when every example agrees, 1 otherwise."""
    from referee.rules.examples import EXAMPLES  # read on first use

    out = sys.stdout
    chosen = tuple(e for e in EXAMPLES if not args.only or args.only in e.id)
    if args.json:
        bad = 0
        for ex in chosen:
            computed = ex.compute()
            ok = computed == ex.expected
            bad += not ok
            record = {
                "id": ex.id,
                "clause": ex.clause,
                "description": ex.description,
                "computed": computed,
                "expected": ex.expected,
                "ok": ok,
            }
            print(json.dumps(record, ensure_ascii=False), file=out)
        return 1 if bad else 0
    table = rows(chosen)
    print_table(table, out, full=args.full)
    mismatches = sum(row[-1] != "OK" for row in table)
    print(f"\n{len(table) - mismatches} of {len(table)} worked examples reproduced", file=out)
    return 1 if mismatches else 0
