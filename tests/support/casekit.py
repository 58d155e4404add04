"""Shared helpers for the clause-family tests: load the case files, rule them, compare.

A case is ``tests/cases/<family>/<name>.json`` (a skat-log/1 record) with
``<name>.expected.json`` next to it, holding only the ruling fields that are asserted:

- ``outcome``, ``declarer``, ``bid``, ``game_value``, ``score``, ``overbid``, ``matadors``,
  ``tournament_points``, ``card_points``, ``tricks``: equal to the ruling's field;
- ``ended``: every key given must match (e.g. ``reason`` and ``trick``);
- ``infractions``: each entry (``kind``, ``status``, optional ``seat``, ``clauses`` that must
  all be among the ruling's) matches a different infraction of the ruling; the ruling has
  exactly as many unless ``infractions_partial`` is true;
- ``cited``: clause ids that must appear among the ruling's citations;
- ``readings``: ids of readings (docs/interpretations.md) the reasoning must name, each
  in a step of its own (``reasoning[].reading``).

Test functions are generated per case and named ``test_<case name>``, so a failing test
names the clause it checks.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee.service.engine import adjudicate

CASES_DIR = Path(__file__).resolve().parents[1] / "cases"
EXACT = (
    "tournament_points",
    "outcome",
    "declarer",
    "bid",
    "game_value",
    "score",
    "overbid",
    "matadors",
    "card_points",
    "tricks",
)


def case_names(family: str | None = None) -> list[tuple[str, str]]:
    """(family, name) of every case, sorted."""
    folders = (
        [CASES_DIR / family]
        if family
        else sorted(p for p in CASES_DIR.iterdir() if p.is_dir() and p.name.startswith("isko"))
    )
    out = []
    for folder in folders:
        for p in sorted(folder.glob("*.expected.json")):
            out.append((folder.name, p.name.removesuffix(".expected.json")))
    return out


def load(family: str, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    folder = CASES_DIR / family
    doc = json.loads((folder / f"{name}.json").read_text())
    expected = json.loads((folder / f"{name}.expected.json").read_text())
    return doc, expected


@cache
def _ruled(family: str, name: str, lang: str) -> str:
    doc, _ = load(family, name)
    return json.dumps(adjudicate(doc, lang=lang))


def rule(family: str, name: str, lang: str = "en") -> dict[str, Any]:
    """The rendered ruling of a case (cached per language)."""
    return json.loads(_ruled(family, name, lang))


def _infraction_matches(want: dict[str, Any], got: dict[str, Any]) -> bool:
    if want["kind"] != got["kind"] or want.get("status", got["status"]) != got["status"]:
        return False
    if "seat" in want and want["seat"] != got["seat"]:
        return False
    return set(want.get("clauses", ())) <= set(got["clauses"])


def mismatches(ruling: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """Every way ``ruling`` differs from ``expected`` (empty: it matches).

    >>> mismatches({"outcome": "won", "score": 30}, {"outcome": "lost"})
    ["outcome: expected 'lost', got 'won'"]
    """
    out: list[str] = []
    for key in EXACT:
        if key in expected and ruling.get(key) != expected[key]:
            out.append(f"{key}: expected {expected[key]!r}, got {ruling.get(key)!r}")
    if "ended" in expected:
        got = ruling.get("ended") or {}
        for k, v in expected["ended"].items():
            if got.get(k) != v:
                out.append(f"ended.{k}: expected {v!r}, got {got.get(k)!r}")
    if "infractions" in expected:
        free = list(ruling.get("infractions") or [])
        for want in expected["infractions"]:
            hit = next((g for g in free if _infraction_matches(want, g)), None)
            if hit is None:
                out.append(f"infraction {want} not found in {free}")
            else:
                free.remove(hit)
        if free and not expected.get("infractions_partial"):
            out.append(f"unexpected infractions: {free}")
    if "cited" in expected:
        ids = {c["id"] for c in ruling.get("citations") or []}
        missing = [c for c in expected["cited"] if c not in ids]
        if missing:
            out.append(f"not cited: {missing} (cited: {sorted(ids)})")
    if "readings" in expected:
        named = {s.get("reading") for s in ruling.get("reasoning") or []}
        missing = [x for x in expected["readings"] if x not in named]
        if missing:
            out.append(f"reading not named: {missing} (named: {sorted(filter(None, named))})")
    return out


def _make(family: str, name: str) -> Callable[[], None]:
    def test() -> None:
        _, expected = load(family, name)
        problems = mismatches(rule(family, name), expected)
        assert not problems, f"{family}/{name}:\n  " + "\n  ".join(problems)

    test.__name__ = f"test_{name}"
    test.__doc__ = f"Case tests/cases/{family}/{name}.json against its expected ruling."
    return test


def generate(family: str, namespace: dict[str, Any], xfail: dict[str, str]) -> None:
    """Put one ``test_<name>`` function per case of ``family`` into ``namespace``.

    ``xfail`` maps case names to the reason the engine is believed wrong (strict xfail).
    """
    names = [n for _, n in case_names(family)]
    unknown = set(xfail) - set(names)
    assert not unknown, f"xfail for unknown cases: {unknown}"
    assert names, f"no cases in {family}"
    for name in names:
        fn = _make(family, name)
        if name in xfail:
            fn = pytest.mark.xfail(strict=True, reason=f"engine: {xfail[name]}")(fn)
        namespace[fn.__name__] = fn
