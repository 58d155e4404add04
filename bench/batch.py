"""The batch CLI over an archive: games/s and peak memory at 10k and at 100k lines."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.games import iter_lines

# runs the command and prints the peak RSS (KiB) of the largest process in its tree
_MEASURE = (
    "import resource, subprocess, sys\n"
    "with open(sys.argv[1], 'rb') as src:\n"
    "    rc = subprocess.call(sys.argv[2:], stdin=src, stdout=subprocess.DEVNULL)\n"
    "print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def write_archive(path: Path, docs: list[dict[str, Any]], total: int, *, iss: bool) -> Path:
    """``total`` lines cycling over ``docs``, written as a stream."""
    with path.open("w", encoding="utf-8") as out:
        for line in iter_lines(docs, total, iss=iss):
            out.write(line)
            out.write("\n")
    return path


def run_batch(path: Path, *, jobs: int, iss: bool) -> dict[str, float]:
    """Wall time, games/s and peak RSS of ``referee adjudicate --batch - [--iss]``."""
    cmd = [sys.executable, "-m", "referee", "adjudicate", "--batch", "-"]
    cmd += ["--jobs", str(jobs), "--progress", "never"] + (["--iss"] if iss else [])
    lines = sum(1 for _ in path.open(encoding="utf-8"))
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path), *cmd], capture_output=True, text=True
    )
    wall = time.perf_counter() - t0
    rc, rss_kib = out.stdout.split()
    if int(rc) not in (0, 1):
        raise RuntimeError(f"batch failed with {rc}: {out.stderr[-2000:]}")
    return {
        "lines": lines,
        "seconds": wall,
        "games_per_s": lines / wall,
        "peak_rss_mib": int(rss_kib) / 1024,
        "jobs": jobs,
        "exit": int(rc),
    }


def check_output(path: Path, jobs: int, iss: bool) -> tuple[int, int]:
    """(rulings, errors) written for ``path`` (a correctness check on a small file)."""
    cmd = [sys.executable, "-m", "referee", "adjudicate", "--batch", str(path)]
    cmd += ["--jobs", str(jobs), "--progress", "never"] + (["--iss"] if iss else [])
    out = subprocess.run(cmd, capture_output=True, text=True)
    rulings = errors = 0
    for line in out.stdout.splitlines():
        doc = json.loads(line)
        if "error" in doc:
            errors += 1
        else:
            rulings += 1
    return rulings, errors
