"""``referee import-iss FILE|- [--out DIR]``: convert ISS records into skat-log/1.

Reads one ISS record a line and writes one compact skat-log/1 JSON document a line on
stdout, or with ``--out DIR`` one file a game (``iss-<series>-<id>.json``).  Streams: one
line is read, converted and written before the next is read.  A bad record is reported
on stderr with its line number and skipped; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import IO, Any

from referee.core.errors import RefereeError

HELP = "convert International Skat Server records (one a line) into skat-log/1 JSON"


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``import-iss`` and bind :func:`run`."""
    parser.add_argument(
        "file", metavar="FILE", help="ISS record file, one record a line; - = stdin"
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        type=Path,
        help="write one skat-log/1 file a game into DIR instead of JSON lines on stdout",
    )
    parser.set_defaults(run=run)


def _file_name(doc: dict[str, Any], line_no: int) -> str:
    """``iss-<series>-<id>.json``, or ``iss-line<n>.json`` without series and id.

    >>> _file_name({"meta": {"iss": {"series": 24072, "id": 541932}}}, 1)
    'iss-24072-541932.json'
    >>> _file_name({"meta": {"iss": {"series": None, "id": "a/b"}}}, 7)
    'iss-line7-a_b.json'
    """
    iss = doc["meta"]["iss"]
    series = f"line{line_no}" if iss.get("series") is None else str(iss["series"])
    game = "" if iss.get("id") is None else f"-{iss['id']}"
    return re.sub(r"[^A-Za-z0-9._-]", "_", f"iss-{series}{game}") + ".json"


def convert_stream(
    stream: IO[str], out: IO[str] | None, out_dir: Path | None, err: IO[str], name: str
) -> tuple[int, int]:
    """Convert every record of ``stream``; return ``(converted, failed)``."""
    from referee.record.iss import iter_iss_lines, parse_iss_record
    from referee.record.iss_convert import iss_to_skatlog

    done = failed = 0
    for line_no, text in iter_iss_lines(stream):
        try:
            doc = iss_to_skatlog(parse_iss_record(text, line_no))
        except RefereeError as exc:
            failed += 1
            place = ", ".join(f"{k} {v}" for k, v in exc.where.items() if k != "line")
            print(
                f"{name}:{line_no}: {place + ': ' if place else ''}{exc.message} [{exc.code}]",
                file=err,
            )
            continue
        if out_dir is not None:
            path = out_dir / _file_name(doc, line_no)
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        elif out is not None:
            out.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
        done += 1
    return done, failed


def run(args: argparse.Namespace) -> int:
    """Run the import; 0 when every record converted, 1 when any failed, 2 on a bad FILE."""
    out_dir: Path | None = args.out
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"referee import-iss: cannot create {out_dir}: {exc.strerror}", file=sys.stderr)
            return 2
    try:
        if args.file == "-":
            _, failed = convert_stream(sys.stdin, sys.stdout, out_dir, sys.stderr, "<stdin>")
        else:
            with open(args.file, encoding="utf-8", errors="replace") as stream:
                _, failed = convert_stream(stream, sys.stdout, out_dir, sys.stderr, args.file)
    except BrokenPipeError:  # e.g. piped into head: stop quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the exit flush silent
        return 0
    except OSError as exc:
        print(f"referee import-iss: {exc.filename or args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    if failed:
        print(f"referee import-iss: {failed} record(s) could not be converted", file=sys.stderr)
    return 1 if failed else 0
