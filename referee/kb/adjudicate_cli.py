"""``referee adjudicate FILE``: rule a game record (skat-log/1 JSON or an ISS record)."""

from __future__ import annotations

import argparse
import json
import sys

from referee.core.errors import RefereeError
from referee.kb.render import adjudicate_record
from referee.kb.summary import render_ruling_text
from referee.record.io import read_text
from referee.record.iss import iss_to_skatlog, parse_iss_record
from referee.record.log import parse_record, parse_record_text

HELP = "Rule a game record (skat-log/1 JSON or an ISS record; FILE or -) and print the ruling"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="skat-log/1 JSON or ISS record file, or - for stdin")
    parser.add_argument("--lang", choices=("en", "de", "es"), default="en")
    parser.add_argument("--format", choices=("json", "text"), default="json")
    parser.add_argument(
        "--claim-budget",
        type=float,
        default=10.0,
        help="seconds the claim analysis may take (default 10)",
    )
    parser.set_defaults(run=run)


def load_any(text: str):  # type: ignore[no-untyped-def]
    """A GameRecord from skat-log/1 JSON or from one ISS record line."""
    stripped = text.lstrip()
    if stripped.startswith("(;"):
        return parse_record(iss_to_skatlog(parse_iss_record(stripped.splitlines()[0])))
    return parse_record_text(text)


def run(args: argparse.Namespace) -> int:
    try:
        record = load_any(read_text(args.file))
        ruling = adjudicate_record(record, lang=args.lang, claim_budget_s=args.claim_budget)
    except RefereeError as exc:
        print(f"referee adjudicate: {exc} [{exc.code}]", file=sys.stderr)
        return 2
    if args.format == "text":
        print(render_ruling_text(ruling))
    else:
        json.dump(ruling, sys.stdout, indent=2, ensure_ascii=False)
        print()
    return 0
