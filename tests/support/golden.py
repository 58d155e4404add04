"""The golden rulings: every ruling the referee makes on the records the project keeps,
rendered in every language, written once and compared byte for byte.

A redesign of the engine must not change a ruling; this file is what "not change"
means. The sources, each under its own name in the golden file:

- ``cases/<family>/<name>``: every record under ``tests/cases/`` (the clause families and
  the review regressions);
- ``examples/<name>``: every record under ``examples/`` (JSON records and ISS lines);
- ``iss/<file>/<n>``: the ISS games under ``examples/`` (``examples/iss/`` holds real ones);
- ``shared-iss/<file>/<n>``: the real ISS games of the shared data folder next to the
  repository (``../shared/data/iss``), when it is there (a clone has only its own);
- ``generated/<n>``: seeded random games, each with one infraction injected or none; the
  record is stored with its rulings, so a change to the generator cannot move them;
- ``worked``: what the core computes for each worked example of the rule texts
  (``rules_kb/examples/worked.yaml``).

Write it (only when a ruling is meant to change, and say so in the commit)::

    .venv/bin/python -m tests.support.golden --write

``tests/rulings/test_golden.py`` compares every entry, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "rulings" / "golden"
LANGUAGES = ("de", "en", "es")
#: how many seeded random games, and the infractions injected (None: a clean game)
GENERATED = 240
_INJECTED: tuple[str | None, ...] = (
    None,
    "revoke",
    "false_lead",
    "skat_viewed",
    "tricks_reviewed",
    "remark",
    "concede",
    "lay_down",
    "throw_in",
)


def dumps(value: Any) -> str:
    """The one serialisation the golden file and the comparison use."""
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def rulings_of(doc: Any) -> dict[str, Any]:
    """The rulings of one skat-log/1 document, rendered in every language."""
    from referee.record.log import parse_record
    from referee.rulings import render, rule

    ruling = rule(parse_record(doc))
    return {lang: render(ruling, lang) for lang in LANGUAGES}


def _case_sources() -> Iterator[tuple[str, Path]]:
    cases = ROOT / "tests" / "cases"
    for path in sorted(cases.glob("*/*.json")):
        if path.name.endswith(".expected.json"):
            continue
        yield f"cases/{path.parent.name}/{path.stem}", path


def _example_sources() -> Iterator[tuple[str, Path]]:
    for path in sorted((ROOT / "examples").glob("*.json")):
        yield f"examples/{path.stem}", path


#: the shared data folder beside the repository's work tree (absent in a plain clone)
SHARED_ISS = ROOT.parent / "shared" / "data" / "iss"
SHARED_PREFIX = "shared-iss/"


def _iss_files() -> list[tuple[str, Path]]:
    """(name prefix, file) of every ISS file: ``examples/``, ``examples/iss/`` and the
    shared data folder when present."""
    examples = ROOT / "examples"
    out = [
        (f"iss/{p.relative_to(examples).with_suffix('')}", p)
        for p in sorted(examples.glob("*.sgf")) + sorted((examples / "iss").glob("*.sgf"))
    ]
    if SHARED_ISS.is_dir():
        out += [(f"{SHARED_PREFIX}{p.stem}", p) for p in sorted(SHARED_ISS.glob("*.sgf"))]
    return out


def _iss_docs(prefix: str, path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    from referee.record.iss import iter_iss_records
    from referee.record.iss_convert import iss_to_skatlog

    with path.open(encoding="utf-8") as stream:
        for n, rec in enumerate(iter_iss_records(stream)):
            yield f"{prefix}/{n}", iss_to_skatlog(rec)


def generated_records() -> list[dict[str, Any]]:
    """The seeded random games (only used to write the golden file)."""
    from tests.support.generate import random_game

    out = []
    for n in range(GENERATED):
        rng = random.Random(f"golden-{n}")
        out.append(random_game(rng, infraction=_INJECTED[n % len(_INJECTED)]))
    return out


def worked() -> dict[str, Any]:
    """The worked examples: id -> what the core computes."""
    from referee.rules.examples import EXAMPLES

    return {ex.id: ex.compute() for ex in EXAMPLES}


def sources(stored_generated: dict[str, Any] | None = None) -> dict[str, Callable[[], Any]]:
    """Every golden entry's name and how the code rules it now. The generated games are
    taken from ``stored_generated`` (name -> record) when given, else drawn afresh."""
    out: dict[str, Callable[[], Any]] = {}
    for name, path in [*_case_sources(), *_example_sources()]:
        out[name] = partial(_rule_file, path)
    for prefix, path in _iss_files():
        for name, doc in _iss_docs(prefix, path):
            out[name] = partial(rulings_of, doc)
    if stored_generated is None:
        stored_generated = {f"generated/{n:03d}": d for n, d in enumerate(generated_records())}
    for name, doc in stored_generated.items():
        out[name] = partial(_with_record, doc)
    out["worked"] = lambda: json.loads(json.dumps(worked()))
    return out


def _rule_file(path: Path) -> dict[str, Any]:
    return rulings_of(json.loads(path.read_text(encoding="utf-8")))


def _with_record(doc: dict[str, Any]) -> dict[str, Any]:
    return {"record": doc, **rulings_of(doc)}


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.json"


def stored_names() -> list[str]:
    return sorted(
        str(p.relative_to(GOLDEN_DIR).with_suffix("")) for p in GOLDEN_DIR.rglob("*.json")
    )


def stored_generated() -> dict[str, Any]:
    """The generated records as the golden file holds them."""
    out = {}
    for name in stored_names():
        if name.startswith("generated/"):
            out[name] = json.loads(path_of(name).read_text(encoding="utf-8"))["record"]
    return out


def write(regenerate: bool = False) -> int:
    """Write every entry; keep the stored generated records unless ``regenerate``."""
    kept = None if regenerate or not GOLDEN_DIR.exists() else stored_generated() or None
    entries = {name: make() for name, make in sources(kept).items()}
    for old in stored_names():
        if old not in entries and not (old.startswith(SHARED_PREFIX) and not SHARED_ISS.is_dir()):
            path_of(old).unlink()
    for name, value in entries.items():
        path = path_of(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(value), encoding="utf-8")
    return len(entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the golden file")
    parser.add_argument(
        "--regenerate", action="store_true", help="draw the generated games afresh too"
    )
    args = parser.parse_args(argv)
    if not args.write:
        parser.print_help()
        return 2
    print(f"{write(args.regenerate)} golden entries in {GOLDEN_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
