"""In-process throughput: games per second on one core and where the time goes.

Stages: parse (JSON text -> validated record), replay, detection + ruling (the
adjudicator minus its replay), rendering (skat-ruling/1 with texts and citations).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from referee.record.log import parse_record_text
from referee.record.replay import replay
from referee.rulings.adjudicate import rule
from referee.rulings.render import ruling_to_dict


def _timed(fn: Callable[[Any], Any], items: Sequence[Any], repeat: int) -> tuple[float, list[Any]]:
    """Best total CPU seconds of this thread over ``repeat`` runs of ``fn`` on every item,
    and the outputs. CPU time, so that other processes' time slices on a shared machine
    do not enter the figure.

    The timed runs drop each result at once, as a server or the batch CLI does: keeping
    10,000 game states alive would time the garbage collector walking them instead.
    """
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time()
        for x in items:
            fn(x)
        best = min(best, time.thread_time() - t0)
    return best, [fn(x) for x in items]


def stages(docs: Sequence[dict[str, Any]], *, repeat: int = 3) -> dict[str, float]:
    """Microseconds per game for each stage, the total and games/s on one core."""
    texts = [json.dumps(d, separators=(",", ":")) for d in docs]
    n = len(docs)
    t_parse, records = _timed(parse_record_text, texts, repeat)
    t_replay, _ = _timed(replay, records, repeat)
    t_adj, rulings = _timed(rule, records, repeat)
    t_render, _ = _timed(ruling_to_dict, rulings, repeat)
    us = 1e6 / n
    out = {
        "parse_us": t_parse * us,
        "replay_us": t_replay * us,
        "ruling_us": max(t_adj - t_replay, 0.0) * us,
        "render_us": t_render * us,
    }
    total = out["parse_us"] + out["replay_us"] + out["ruling_us"] + out["render_us"]
    out["total_us"] = total
    out["games_per_s"] = 1e6 / total
    out["ruled_per_s"] = 1e6 / (t_adj * us)  # replay + detection + ruling only
    for key in ("parse", "replay", "ruling", "render"):
        out[f"{key}_share"] = out[f"{key}_us"] / total
    out["games"] = n
    return out
