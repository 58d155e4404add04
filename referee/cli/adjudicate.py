"""``referee adjudicate FILE``: rule a game record (skat-log/1 JSON or an ISS record).

With ``--batch FILE|-`` it rules an archive instead: one skat-log/1 record a line in (or
one ISS record a line with ``--iss``), one compact skat-ruling/1 a line out, in input
order, in constant memory. A line that cannot be ruled gives
``{"line": n, "error": {"code", "message", "where"}}`` in its place; the exit code is
then 1. Blank lines are skipped. ``--jobs N`` spreads the work over N processes.
Each line is ruled by :func:`referee.service.lines.rule_line`, as the service's bulk
jobs rule theirs; a single record, as every record, by
:func:`referee.service.engine.adjudicate`.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from referee.core.errors import RefereeError
from referee.core.vocabulary import LANGUAGES, Language

if TYPE_CHECKING:
    from referee.record.log import GameRecord

HELP = "Rule a game record (skat-log/1 JSON or an ISS record; FILE or -) and print the ruling"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", help="skat-log/1 JSON or ISS record file, or - for stdin"
    )
    parser.add_argument(
        "--batch",
        metavar="FILE",
        help="rule one record a line from FILE (- = stdin); one skat-ruling/1 a line out",
    )
    parser.add_argument(
        "--iss", action="store_true", help="with --batch: the lines are ISS records"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="with --batch: worker processes (default 1; 0 = one per CPU)",
    )
    parser.add_argument(
        "--lang",
        type=Language,
        choices=LANGUAGES,
        default=Language.EN,
        help="language: en, de or es (default en)",
    )
    parser.add_argument("--format", choices=("json", "text"), default="json")
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="with --batch: progress bar on stderr (auto = only on a terminal)",
    )
    parser.set_defaults(run=run)


def load_any(text: str) -> GameRecord:
    """A GameRecord from skat-log/1 JSON or from one ISS record line."""
    from referee.record.iss import parse_iss_record
    from referee.record.iss_convert import iss_to_skatlog
    from referee.record.log import parse_record, parse_record_text

    stripped = text.lstrip()
    if stripped.startswith("(;"):
        return parse_record(iss_to_skatlog(parse_iss_record(stripped.splitlines()[0])))
    return parse_record_text(text)


def run(args: argparse.Namespace) -> int:
    from referee.record.io import read_text
    from referee.rulings.summary import render_ruling_text
    from referee.service import engine

    if args.batch is not None:
        if args.file is not None:
            print("referee adjudicate: give either FILE or --batch FILE", file=sys.stderr)
            return 2
        return run_batch(args)
    if args.file is None:
        print("referee adjudicate: FILE or --batch FILE is required", file=sys.stderr)
        return 2
    try:
        record = load_any(read_text(args.file))
        ruling = engine.adjudicate(record, args.lang)
    except RefereeError as exc:
        print(f"referee adjudicate: {exc} [{exc.code}]", file=sys.stderr)
        return 2
    if args.format == "text":
        print(render_ruling_text(ruling))
    else:
        json.dump(ruling, sys.stdout, indent=2, ensure_ascii=False)
        print()
    return 0


# -- batch --------------------------------------------------------------------------------
def _lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) of every non-blank line, read lazily."""
    for line_no, line in enumerate(stream, start=1):
        text = line.strip()
        if text:
            yield line_no, text


class _Progress:
    """A one-line progress display on stderr (only drawn when enabled)."""

    def __init__(self, enabled: bool, total_bytes: int | None, stream: IO[str]) -> None:
        self.enabled, self.total, self.stream = enabled, total_bytes, stream
        self.start = self.last = time.monotonic()
        self.done = self.failed = 0

    def update(self, ok: bool, position: int | None = None) -> None:
        self.done += 1
        self.failed += not ok
        if self.enabled and time.monotonic() - self.last >= 0.2:
            self.draw(position)

    def draw(self, position: int | None) -> None:
        now = self.last = time.monotonic()
        rate = self.done / max(now - self.start, 1e-9)
        head = f"{self.done:>9,} games  {rate:>8,.0f}/s  {self.failed:,} failed"
        if self.total and position is not None:
            frac = min(position / self.total, 1.0)
            filled = int(frac * 30)
            head = f"[{'#' * filled}{'.' * (30 - filled)}] {frac:4.0%} " + head
        self.stream.write("\r" + head)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.draw(self.total)
            self.stream.write("\n")
            self.stream.flush()


def _bounded(items: Iterable[Any], slots: threading.Semaphore) -> Iterator[Any]:
    """Yield items, each only once a slot is free (keeps Pool.imap from reading ahead)."""
    for item in items:
        slots.acquire()
        yield item


def rule_stream(
    stream: IO[str],
    out: IO[str],
    *,
    iss: bool = False,
    lang: Language = Language.EN,
    jobs: int = 1,
    progress: _Progress | None = None,
) -> tuple[int, int]:
    """Rule every line of ``stream`` onto ``out``; returns (ruled, failed).

    With ``jobs > 1`` a process pool works on chunks of lines; the results come back in
    input order and at most a fixed number of lines is in flight (constant memory).
    """
    from referee.service.lines import rule_line

    work = functools.partial(rule_line, iss=iss, lang=lang)
    ruled = failed = 0
    position = _position_of(stream)

    def emit(result: tuple[str, bool]) -> None:
        nonlocal ruled, failed
        text, ok = result
        out.write(text)
        out.write("\n")
        ruled += ok
        failed += not ok
        if progress is not None:
            progress.update(ok, position())

    if jobs <= 1:
        for item in _lines(stream):
            emit(work(item))
        return ruled, failed
    chunksize = 16
    import multiprocessing  # only with --jobs

    slots = threading.Semaphore(jobs * chunksize * 4)
    ctx = multiprocessing.get_context("fork" if "fork" in _start_methods() else None)
    with ctx.Pool(jobs) as pool:
        for result in pool.imap(work, _bounded(_lines(stream), slots), chunksize=chunksize):
            slots.release()
            emit(result)
    return ruled, failed


def _start_methods() -> list[str]:
    import multiprocessing

    return multiprocessing.get_all_start_methods()


def _position_of(stream: IO[str]) -> Callable[[], int | None]:
    """A callable giving the byte offset read so far (None when it cannot be known)."""
    try:
        fd = stream.fileno()
        os.lseek(fd, 0, os.SEEK_CUR)
    except (OSError, ValueError, AttributeError):
        return lambda: None
    return lambda: os.lseek(fd, 0, os.SEEK_CUR)


def run_batch(args: argparse.Namespace) -> int:
    """``--batch``: exit 0 when every line got a ruling, 1 when any failed, 2 on a bad FILE."""
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    if args.format != "json":
        print("referee adjudicate: --batch writes JSON lines only", file=sys.stderr)
        return 2
    try:
        stream = (
            sys.stdin if args.batch == "-" else open(args.batch, encoding="utf-8", errors="replace")  # noqa: SIM115
        )
    except OSError as exc:
        print(f"referee adjudicate: {args.batch}: {exc.strerror}", file=sys.stderr)
        return 2
    total = None
    if args.batch != "-":
        total = os.fstat(stream.fileno()).st_size
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    progress = _Progress(show, total, sys.stderr)
    try:
        with stream:
            _ruled, failed = rule_stream(
                stream,
                sys.stdout,
                iss=args.iss,
                lang=args.lang,
                jobs=jobs,
                progress=progress,
            )
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the exit flush silent
        return 0
    finally:
        progress.close()
    sys.stdout.flush()
    if failed:
        print(f"referee adjudicate: {failed} line(s) could not be ruled", file=sys.stderr)
    return 1 if failed else 0
