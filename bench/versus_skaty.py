"""Side by side with skaty (PyPI): the same legal games, replayed and scored by each.

skaty needs Python >= 3.13, so it lives in its own virtual environment
(``$SKATY_ENV``, else ``.bench-skaty`` at the top of the repository), created here when
missing from the first Python 3.13 or newer found on PATH or under pyenv. In that
environment ``bench/skaty_side.py`` has skaty deal and play N random legal games from a
fixed seed and times skaty replaying (every action checked) and scoring them. Here the
same games, converted to skat-log/1 records, are ruled by :func:`rule`. Both sides run
several rounds on this machine, one after the other, and the median round counts (CPU
time of the timing thread). Each game's result must agree (passed in, or the declarer's
score), or the comparison is refused: it is only fair if both did the same work.

>>> g = {"dealer": 2, "hands": [["CJ"], ["SJ"], ["HJ"]], "skat": ["DJ", "HA"],
...      "actions": [["pass", 1], ["bid", 2, 18], ["pass", 0]]}
>>> [e["type"] + ":" + e["seat"] for e in to_record(g)["events"]]
['pass:middlehand', 'bid:rearhand', 'pass:forehand']
>>> to_record(g)["deal"]["forehand"]
['CJ']
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from referee.record.log import GameRecord, parse_record
from referee.rulings.adjudicate import rule
from referee.rulings.model import Outcome

HERE = Path(__file__).resolve().parent
SIDE = HERE / "skaty_side.py"
DEFAULT_ENV = HERE.parent / ".bench-skaty"
SEATS = ("forehand", "middlehand", "rearhand")
#: the skaty release the side script is written against (its API and its stand-ins)
SKATY = "skaty==0.1.1"
PYENV_ROOTS = (Path(os.environ.get("PYENV_ROOT", "~/.pyenv")).expanduser(), Path("/root/.pyenv"))


class Unavailable(Exception):
    """No Python >= 3.13 (or no skaty) to run the other side with."""


def _version_ok(python: str) -> bool:
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print(sys.version_info >= (3, 13))"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.stdout.strip() == "True"


def find_python() -> str | None:
    """A Python >= 3.13: on PATH (python3.13, python3.14, ...) or a pyenv version."""
    candidates: list[str] = []
    for minor in range(13, 20):
        found = shutil.which(f"python3.{minor}")
        if found:
            candidates.append(found)
    for root in PYENV_ROOTS:
        versions = root / "versions"
        if versions.is_dir():
            for v in sorted(versions.iterdir(), reverse=True):
                if (v / "bin" / "python").exists():
                    candidates.append(str(v / "bin" / "python"))
    return next((c for c in candidates if _version_ok(c)), None)


def skaty_python(env: Path | None = None) -> Path:
    """The interpreter of skaty's environment, created (venv + ``pip install skaty``) when
    missing."""
    env = env or Path(os.environ.get("SKATY_ENV", DEFAULT_ENV))
    python = env / "bin" / "python"
    if python.exists() and _has_skaty(python):
        return python
    base = find_python()
    if base is None:
        raise Unavailable(
            "no Python >= 3.13 found (python3.13 on PATH or under pyenv); skaty needs one"
        )
    print(f"creating skaty's environment in {env} from {base} ...", flush=True)
    subprocess.run([base, "-m", "venv", str(env)], check=True)
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", SKATY], capture_output=True, text=True
    )
    if done.returncode != 0 or not _has_skaty(python):
        raise Unavailable(f"pip install skaty failed in {env}: {done.stderr.strip()[-300:]}")
    return python


def _has_skaty(python: Path) -> bool:
    return (
        subprocess.run(
            [str(python), "-c", "import importlib.util as u; assert u.find_spec('skaty')"],
            capture_output=True,
        ).returncode
        == 0
    )


def to_record(game: dict[str, Any]) -> dict[str, Any]:
    """A skaty game (as ``skaty_side.py`` writes it) as a skat-log/1 document.

    skaty numbers the players 0-2 and names the dealer; forehand sits after the dealer,
    rearhand is the dealer. A declaration without a pickup is a hand game; skaty's
    ``open`` is ouvert.
    """
    dealer = game["dealer"]
    seat_of = {(dealer + 1 + k) % 3: SEATS[k] for k in range(3)}
    deal = {seat_of[p]: list(game["hands"][p]) for p in range(3)}
    deal = {s: deal[s] for s in SEATS}
    deal["skat"] = list(game["skat"])
    events: list[dict[str, Any]] = []
    picked_up = False
    for a in game["actions"]:
        kind, seat = a[0], seat_of[a[1]]
        if kind == "bid":
            events.append({"type": "bid", "seat": seat, "value": a[2]})
        elif kind in ("hold", "pass"):
            events.append({"type": kind, "seat": seat})
        elif kind == "pickup":
            picked_up = True
            events.append({"type": "pickup", "seat": seat})
        elif kind == "discard":
            events.append({"type": "discard", "seat": seat, "cards": list(a[2])})
        elif kind == "declare":
            events.append(
                {
                    "type": "declare",
                    "seat": seat,
                    "game": a[2],
                    "hand": not picked_up,
                    "schneider": a[3],
                    "schwarz": a[4],
                    "ouvert": a[5],
                }
            )
        elif kind == "play":
            events.append({"type": "play", "seat": seat, "card": a[2]})
        else:
            raise ValueError(f"unknown skaty action {kind!r}")
    return {"format": "skat-log/1", "table_size": 3, "deal": deal, "events": events}


def differences(game: dict[str, Any], record: GameRecord) -> str | None:
    """How the referee's result differs from skaty's for one game, or ``None``.

    Compared: passed in or not; the declarer; for suit and grand games the declarer's
    card points (skat included) and tricks; won or lost where both value the game alike.
    skaty counts the matadors without the skat and, in a lost game, leaves out the levels
    announced but not reached (ISkO 5.1.2, 5.2.1 count both); where the matadors differ,
    something was announced, or the referee finds an overbid, won or lost turns on that
    value and is not compared.
    """
    r = rule(record)
    if game["score"] is None:
        return None if r.outcome is Outcome.PASSED_IN else f"skaty passed in, referee {r.outcome}"
    if r.outcome not in (Outcome.WON, Outcome.LOST):
        return f"not a clean game: referee {r.outcome}"
    seat = SEATS[(game["declarer"] - game["dealer"] - 1) % 3]
    if r.declarer is None or r.declarer.value != seat:
        return f"declarer: skaty {seat}, referee {r.declarer}"
    contract = r.contract
    alike = (
        contract is not None
        and not (contract.schneider or contract.schwarz or contract.ouvert)
        and not r.overbid
        and (contract.is_null or (r.matadors is not None and r.matadors.count == game["matadors"]))
    )
    if alike and (r.outcome is Outcome.WON) != (game["score"] > 0):
        return f"skaty score {game['score']}, referee {r.outcome}"
    if r.card_points is not None and r.tricks is not None:
        ours = (r.card_points["declarer"], r.tricks["declarer"])
        if ours != (game["card_points"], game["tricks"]):
            theirs = (game["card_points"], game["tricks"])
            return f"declarer's card points, tricks: skaty {theirs}, referee {ours}"
    return None


def disagreements(games: list[dict[str, Any]], records: list[GameRecord]) -> list[str]:
    """The games whose results differ between skaty and the referee (should be none)."""
    out = []
    for i, (g, rec) in enumerate(zip(games, records, strict=True)):
        why = differences(g, rec)
        if why:
            out.append(f"game {i}: {why}")
    return out


def time_ours(records: list[GameRecord], rounds: int) -> list[float]:
    """CPU seconds of this thread per round to rule every record (results dropped at once,
    as a server does)."""
    times = []
    for _ in range(rounds):
        t0 = time.thread_time()
        for rec in records:
            rule(rec)
        times.append(time.thread_time() - t0)
    return times


def generate(python: Path, n: int, seed: int, out: Path) -> list[dict[str, Any]]:
    subprocess.run([str(python), str(SIDE), "generate", str(n), str(seed), str(out)], check=True)
    games: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return games


def run(n: int = 5_000, *, seed: int = 2024, rounds: int = 5) -> dict[str, Any]:
    """Generate ``n`` games with skaty, check both sides agree, time both; per-game µs."""
    python = skaty_python()
    with tempfile.TemporaryDirectory(prefix="referee-skaty-") as tmp:
        path = Path(tmp) / "games.json"
        games = generate(python, n, seed, path)
        records = [parse_record(to_record(g)) for g in games]
        wrong = disagreements(games, records)
        if wrong:
            raise RuntimeError(
                f"{len(wrong)} of {n} games ruled differently: " + "; ".join(wrong[:5])
            )
        skaty_rounds: list[float] = []
        our_rounds: list[float] = []
        for _ in range(rounds):  # paired: one round of each, alternating
            out = subprocess.run(
                [str(python), str(SIDE), "time", str(path), "1"],
                check=True,
                capture_output=True,
                text=True,
            )
            timed = json.loads(out.stdout)
            if timed["scores"] != [g["score"] for g in games]:
                raise RuntimeError("skaty scored the replayed games differently")
            skaty_rounds += timed["seconds"]
            our_rounds += time_ours(records, 1)
    skaty_us = statistics.median(skaty_rounds) * 1e6 / n
    ours_us = statistics.median(our_rounds) * 1e6 / n
    return {
        "games": n,
        "passed_in": sum(1 for g in games if g["score"] is None),
        "overbid": sum(1 for rec in records if rule(rec).overbid),
        "skaty_us": skaty_us,
        "ours_us": ours_us,
        "ratio": skaty_us / ours_us,
        "rounds": rounds,
    }


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m bench.versus_skaty")
    ap.add_argument("--games", type=int, default=5_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        r = run(args.games, rounds=args.rounds)
    except Unavailable as e:
        print(f"skipped: {e}")
        return 0
    print(json.dumps(r, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
