"""``python -m bench``: run every benchmark, print one table, write bench/RESULTS.md.

Options: ``--quick`` (smaller corpora and shorter load runs, for a smoke test),
``--only inprocess,batch,claims,jobs,upload,service,skaty``, ``--games N`` (default
10,000), ``--million``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import batch, claims, inprocess, service, versus_skaty
from bench import jobs as job_bench
from bench import upload as upload_bench
from bench.games import mixed_corpus

HERE = Path(__file__).resolve().parent
SECTIONS = ("inprocess", "batch", "claims", "jobs", "upload", "service", "skaty")
#: the sections that rule the seeded corpus (the others bring their own games)
CORPUS_SECTIONS = {"inprocess", "batch", "jobs", "upload", "service"}


def machine() -> dict[str, str]:
    """nproc, CPU model, Python, date: the context every figure needs."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "nproc": str(os.cpu_count()),
        "cpu": model,
        "python": platform.python_version(),
        "os": platform.platform(),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _f(x: float, digits: int = 0) -> str:
    return f"{x:,.{digits}f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default=",".join(SECTIONS))
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument(
        "--million", action="store_true", help="also rule a 1,000,000-record job (~20 min)"
    )
    ap.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    args = ap.parse_args(argv)
    only = set(args.only.split(","))
    n = args.games or (1_000 if args.quick else 10_000)
    rows: list[tuple[str, str, str]] = []  # (section, measure, value)
    t_start = time.perf_counter()

    def add(section: str, measure: str, value: str) -> None:
        rows.append((section, measure, value))
        print(f"  {section:<10} {measure:<58} {value}", flush=True)

    clean: list[dict[str, Any]] = []
    faulty: list[dict[str, Any]] = []
    if only & CORPUS_SECTIONS:
        print(f"generating {n:,} clean games and {n:,} with infractions (seeded) ...", flush=True)
        t0 = time.perf_counter()
        mixed = mixed_corpus(n)
        clean = mixed.pop("clean")
        faulty = [d for docs in mixed.values() for d in docs]
        add(
            "corpus",
            f"games generated ({len(clean):,} clean, {len(faulty):,} infractions)",
            f"{time.perf_counter() - t0:.1f} s",
        )

    if "inprocess" in only:
        for label, docs in (("clean", clean), ("infractions", faulty)):
            r = inprocess.stages(docs, repeat=1 if args.quick else 3)
            add(
                "in-process",
                f"{label}: games/s on one core (parse+rule+render)",
                _f(r["games_per_s"]),
            )
            add(
                "in-process",
                f"{label}: games/s on one core (replay+detect+rule only)",
                _f(r["ruled_per_s"]),
            )
            add("in-process", f"{label}: µs per game", _f(r["total_us"], 1))
            shares = ", ".join(
                f"{k} {r[k + '_us']:.0f} µs ({r[k + '_share']:.0%})"
                for k in ("parse", "replay", "ruling", "render")
            )
            add("in-process", f"{label}: share parse / replay / detect+rule / render", shares)

    if "batch" in only:
        jobs = os.cpu_count() or 1
        sizes = (2_000, 20_000) if args.quick else (10_000, 100_000)
        docs = clean[: min(len(clean), 5_000)] + faulty[: min(len(faulty), 5_000)]
        with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
            small = batch.write_archive(Path(tmp) / "small.iss", docs, 500, iss=True)
            ruled, errors = batch.check_output(small, jobs, True)
            add("batch", "ISS check: 500 lines -> rulings / error lines", f"{ruled} / {errors}")
            for size in sizes:
                path = batch.write_archive(Path(tmp) / f"a{size}.iss", docs, size, iss=True)
                for j in sorted({1, jobs}) if size == sizes[0] else (jobs,):
                    r = batch.run_batch(path, jobs=j, iss=True)
                    add(
                        "batch",
                        f"--iss --jobs {j}: {size:,} ISS records, games/s",
                        _f(r["games_per_s"]),
                    )
                    add(
                        "batch",
                        f"--iss --jobs {j}: {size:,} ISS records, peak RSS (largest proc)",
                        f"{r['peak_rss_mib']:.1f} MiB",
                    )
                path.unlink()

    if "claims" in only:
        positions = 30 if args.quick else 100
        labels = (
            ("claim", "claim (4.3.4)"),
            ("schwarz", "schwarz reachable"),
            ("schneider", "90 reachable"),
            ("defender_claim", "defender's claim (4.3.5)"),
            ("null_claim", "null claim (4.3.4)"),
            ("partial_claim", "claim of all tricks but one (4.3.4, Python)"),
            ("claim_line", "the same held to a stated line (4.3.4, Python)"),
        )
        random_runs = claims.run(positions=positions)
        for left, r in random_runs.items():
            for q, label in labels:
                b = r["by_question"][q]
                add(
                    "claims",
                    f"{left} tricks left, {label}: p50 / p95 / max ({positions} positions)",
                    f"{_ms(b['p50_ms'])} / {_ms(b['p95_ms'])} / {_ms(b['max_ms'])} ms",
                )
            add(
                "claims",
                f"{left} tricks left: holding claims (suit/grand, null), max nodes, "
                "node limit reached",
                f"{r['claims_holding']}, {r['null_claims_holding']}, {r['max_nodes']:,}, "
                f"{r['timed_out']}",
            )
        climbed = claims.run_hardest()
        for q, h in climbed.items():
            add(
                "claims",
                f"hill-climbed, {q}: p50 / max, max nodes, limit reached ({h['positions']:.0f})",
                f"{_ms(h['p50_ms'])} / {_ms(h['max_ms'])} ms, {h['max_nodes']:,.0f}, "
                f"{h['limited']:.0f}",
            )
        for q, t in claims.targets(random_runs[10]["by_question"], climbed).items():
            add(
                "claims",
                f"target (10 tricks left + hill-climbed), {q}: p50 / max "
                f"({t['positions']:.0f}; p50 2 ms, max 100 ms aimed at)",
                f"{_ms(t['p50_ms'])} / {_ms(t['max_ms'])} ms",
            )

    if "jobs" in only:
        docs = clean[: min(len(clean), 5_000)] + faulty[: min(len(faulty), 5_000)]
        size = 10_000 if args.quick else 100_000
        runs = job_bench.run(docs, size, million=args.million)
        first_digest = None
        inproc = runs.pop("in-process")["cpu_ms_per_game"]
        add(
            "jobs",
            "in-process, the archive's first 10,000 lines (rule_job_line): CPU per game",
            f"{inproc:.3f} ms",
        )
        for label, r in runs.items():
            add("jobs", f"{label}: {r['records']:,} ISS records, records/s", _f(r["records_per_s"]))
            add(
                "jobs",
                f"{label}: upload / total, peak RSS per worker",
                f"{r['upload_s']:.1f} / {r['total_s']:.1f} s, {r['peak_rss_mib']:.1f} MiB",
            )
            add(
                "jobs",
                f"{label}: worker CPU per game (user + system), games/s of one worker's CPU",
                f"{r['cpu_ms_per_game']:.3f} ms (x{r['cpu_ms_per_game'] / inproc:.2f} the "
                f"in-process figure), {_f(r['games_per_cpu_s'])}",
            )
            add(
                "jobs",
                f"{label}: database growth per game (records, results, bookkeeping)",
                f"{_f(r['stored_bytes_per_game'])} bytes",
            )
            if r["table_bytes_per_game"]:
                tables = sorted(r["table_bytes_per_game"].items(), key=lambda kv: -kv[1])
                add(
                    "jobs",
                    f"{label}: bytes per game by table (with indexes and TOAST)",
                    ", ".join(f"{name} {_f(size)}" for name, size in tables),
                )
            if r["records"] == size:
                first_digest = first_digest or r["sha256"]
                same = "same" if r["sha256"] == first_digest else "DIFFERENT"
                add("jobs", f"{label}: results file", f"sha256 {r['sha256'][:12]}… ({same})")
        one, two = runs["1 worker"]["records_per_s"], runs["2 workers"]["records_per_s"]
        add("jobs", "scaling, 2 workers over 1", f"x{two / one:.2f}" if one else "-")
        fair = job_bench.fairness(docs, size)
        add(
            "jobs",
            f"fairness: 1-record job behind another owner's {size:,}, done after",
            f"{fair['small_done_s']:.1f} s ({fair['chunks']:.1f} chunks' time, "
            f"{fair['chunk_s']:.1f} s a chunk)",
        )

    if "upload" in only:
        docs = clean[: min(len(clean), 5_000)] + faulty[: min(len(faulty), 5_000)]
        size_mib = 20 if args.quick else 200
        for label, r in upload_bench.run(docs, size_mib).items():
            add(
                "upload",
                f"{label}: {size_mib} MiB job upload ({r['records']:,} records), web worker "
                "RSS before / peak / after",
                f"{r['before_mib']:.0f} / {r['peak_mib']:.0f} / {r['after_mib']:.0f} MiB "
                f"({r['seconds']:.1f} s)",
            )

    if "service" in only:
        seconds = 3 if args.quick else 10
        rows_s = service.run(
            clean[1] if clean[0]["events"][0]["type"] == "pass" else clean[0], seconds=seconds
        )
        for r in rows_s:
            add(
                "service",
                f"{r['db']:<10} {r['endpoint']}: req/s",
                f"{_f(r['rps'])}  (x{r['ratio']:.2f} of ceiling"
                + (f", x{r['to_health']:.2f} of GET /health)" if "to_health" in r else ")"),
            )
            add(
                "service",
                f"{r['db']:<10} {r['endpoint']}: p50 / p99",
                f"{r['p50_ms']:.1f} / {r['p99_ms']:.1f} ms"
                + (f"  non-2xx {r['non_2xx']}" if r["non_2xx"] else "")
                + (f"  (load avg {r['load']:.1f})" if "load" in r else ""),
            )

    if "skaty" in only:
        games = 1_000 if args.quick else 5_000
        rounds = 3 if args.quick else 5
        try:
            sk = versus_skaty.run(games, rounds=rounds)
        except versus_skaty.Unavailable as e:
            print(f"  skaty: skipped, {e}", flush=True)
        else:
            add(
                "skaty",
                "games skaty dealt and played (passed in, overbid), results agreeing",
                f"{sk['games']:,} ({sk['passed_in']:,}, {sk['overbid']:,}), all",
            )
            add(
                "skaty",
                f"skaty replay + score: µs per game (median of {rounds} rounds)",
                _f(sk["skaty_us"], 1),
            )
            add(
                "skaty",
                f"referee rule(): µs per game (median of {rounds} rounds)",
                _f(sk["ours_us"], 1),
            )
            add("skaty", "ratio, skaty's time over the referee's", f"x{sk['ratio']:.2f}")

    elapsed = time.perf_counter() - t_start
    m = machine()
    write_results(
        args.out,
        m,
        rows,
        elapsed,
        command=" ".join(["python -m bench", *(argv if argv is not None else sys.argv[1:])]),
    )
    print(f"\nwritten to {args.out} ({elapsed:.0f} s)")
    return 0


def _ms(value: float) -> str:
    """Milliseconds with the digits that matter (0.012, 0.35, 4.2, 911)."""
    if value < 0.1:
        return f"{value:.3f}"
    if value < 10:
        return f"{value:.2f}"
    return f"{value:.0f}"


def write_results(
    path: Path,
    m: dict[str, Any],
    rows: list[tuple[str, str, str]],
    elapsed: float,
    *,
    command: str,
) -> None:
    """Write the rows of this run, one table per section, into ``path``.

    The file holds results only: per section, when and where it ran, then its rows. A run
    of some sections (``--only``) replaces those sections and keeps the others as the
    run before left them.
    """
    order: list[str] = []
    for section, _, _ in rows:
        if section not in order:
            order.append(section)
    run = (
        f"{m['date']}, `{command}` ({elapsed:.0f} s), "
        f"load average {os.getloadavg()[0]:.1f} at the end; {m['nproc']} CPUs "
        f"({m['cpu']}), Python {m['python']}, {m['os']}."
    )
    blocks = _read_blocks(path)
    for section in order:
        body = [run, "", "| measure | value |", "|---|---|"]
        body += [f"| {k} | {v} |" for s, k, v in rows if s == section]
        blocks[section] = body
    lines = ["# Benchmark results", "", "Written by `make bench` (`python -m bench`).", ""]
    for section, body in blocks.items():
        lines += [f"## {section}", "", *body, ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def _read_blocks(path: Path) -> dict[str, list[str]]:
    """The sections of an earlier results file, in their order, each as its lines."""
    blocks: dict[str, list[str]] = {}
    if not path.exists():
        return blocks
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = blocks.setdefault(line[3:].strip(), [])
        elif current is not None:
            current.append(line)
    for body in blocks.values():
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
    return blocks


if __name__ == "__main__":
    sys.exit(main())
