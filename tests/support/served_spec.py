"""The spec a schemathesis run against a live server reads: the one that server serves.

``st run`` reads its spec when it starts, the server imported its code when it started;
read from two places, the two can disagree: a checkout that moves on (a rebase, a pull)
while a server of the earlier code still runs makes a run test new operations and enum
values against old validation, and a value the server does not know yet is a "valid
request rejected" that no code on disk has. A run takes the server's own
``/openapi.json`` instead, after checking that it is the committed
``api_spec/openapi.yaml``: what is tested is the committed spec, answered by the code
that serves it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import requests
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "api_spec" / "openapi.yaml"


def differences(served: dict[str, Any], committed: dict[str, Any]) -> list[str]:
    """Where two specs differ: their paths, their components (by kind and name) and any
    other top-level member."""
    found: list[str] = []

    def compare(label: str, ours: dict[str, Any], theirs: dict[str, Any]) -> None:
        for name in sorted(set(ours) | set(theirs)):
            if ours.get(name) != theirs.get(name):
                found.append(f"{label}{name}")

    compare("paths: ", served.get("paths", {}), committed.get("paths", {}))
    ours, theirs = served.get("components", {}), committed.get("components", {})
    for kind in sorted(set(ours) | set(theirs)):
        compare(f"components/{kind}: ", ours.get(kind, {}), theirs.get(kind, {}))
    others = (set(served) | set(committed)) - {"paths", "components"}
    compare("", {k: served.get(k) for k in others}, {k: committed.get(k) for k in others})
    return found


def served_spec(base: str, into: Path) -> Path:
    """The spec the server at ``base`` serves, written to ``into/openapi.json``; an
    ``AssertionError`` naming where it differs when it is not the committed one."""
    answer = requests.get(f"{base}/openapi.json", timeout=30)
    assert answer.status_code == 200, f"GET {base}/openapi.json: {answer.status_code}"
    served = answer.json()
    committed = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    if served != committed:
        where = differences(served, committed)
        raise AssertionError(
            "the server under test serves another spec than api_spec/openapi.yaml: it runs "
            "other code than the checkout (restart it) or the spec was not regenerated "
            f"(make spec); they differ in {', '.join(where[:10]) or 'their order'}"
        )
    path = into / "openapi.json"
    path.write_text(json.dumps(served), encoding="utf-8")
    return path
