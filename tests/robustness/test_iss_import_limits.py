"""The ISS import: one unreadable line never ends the import, and
one line never costs more memory than the line limit."""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest

from referee.record.iss import MAX_LINE_CHARS
from tests.support.service import ISS_EXAMPLES

GOOD = (ISS_EXAMPLES / "jskat-samples.sgf").read_text(encoding="utf-8")
GOOD_GAMES = sum(1 for line in GOOD.splitlines() if line.strip())


def _import(client, keys, body: bytes | str) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    r = client.post(
        "/v1/imports/iss", data=body, content_type="text/plain", headers=keys["platform"]
    )
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    return [json.loads(line) for line in r.get_data(as_text=True).splitlines()]


BROKEN = [
    pytest.param("garbage that is no record", id="garbage"),
    pytest.param("(;GM[Skat]ID[1]MV[nonsense]R[])", id="bad-moves"),
    pytest.param("(;GM[Skat]ID[" + "9" * 5000 + "]MV[w x]R[])", id="5000-digit-id"),
    pytest.param("\x00\x01\x02", id="binary"),
]


@pytest.mark.parametrize("broken", BROKEN)
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_an_unreadable_record_does_not_end_the_import(  # type: ignore[no-untyped-def]
    client, keys, broken: str, where: str
) -> None:
    good = [line for line in GOOD.splitlines() if line.strip()]
    at = {"first": 0, "middle": 5, "last": len(good)}[where]
    lines = [*good[:at], broken, *good[at:]]
    out = _import(client, keys, "\n".join(lines) + "\n")
    assert out[-1]["summary"] == {"games": GOOD_GAMES + 1, "ruled": GOOD_GAMES, "errors": 1}
    assert [x["index"] for x in out[:-1]] == list(range(GOOD_GAMES + 1))
    assert "error" in out[at] and out[at]["error"]["line"] == at + 1
    assert all("ruling" in x for i, x in enumerate(out[:-1]) if i != at)


def test_a_bid_of_5000_digits_in_an_iss_record_is_an_error_line(client, keys) -> None:  # type: ignore[no-untyped-def]
    first = GOOD.splitlines()[0]
    start = first.index("MV[") + 3
    moves = first[start:].split(" ")
    # the first bid after the deal: "<seat> <value>"
    bid_at = next(i for i in range(1, len(moves), 2) if moves[i].isdigit())
    moves[bid_at] = "9" * 5000
    out = _import(client, keys, first[:start] + " ".join(moves) + "\n" + GOOD)
    assert out[0]["error"]["code"] == "iss.bid"
    assert out[-1]["summary"]["ruled"] == GOOD_GAMES


def test_an_overlong_line_is_skipped_in_bounded_memory(client, keys) -> None:  # type: ignore[no-untyped-def]
    """Before: the whole 8 MiB line was held (twice: bytes and text); now at most one
    line limit's worth of it at a time."""
    size = 8 * 1024 * 1024
    body = ("x" * size + "\n" + GOOD).encode()
    tracemalloc.start()
    try:
        out = _import(client, keys, body)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out[0]["error"]["code"] == "iss.line_too_long"
    assert out[0]["error"]["line"] == 1
    assert out[-1]["summary"] == {"games": GOOD_GAMES + 1, "ruled": GOOD_GAMES, "errors": 1}
    assert peak < size // 2, peak  # the body itself was allocated before tracing started
    assert MAX_LINE_CHARS * 8 < size // 2
