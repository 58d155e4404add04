"""``referee replay FILE``: print the reconstruction of a skat-log/1 record."""

from __future__ import annotations

import argparse
import json
import sys

from referee.core.errors import RecordError, RefereeError

HELP = "Replay a skat-log/1 record (FILE or -) and print the reconstructed game"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="skat-log/1 JSON file, or - for stdin")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--at", type=int, default=None, help="stop after this event index")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.record.io import load_record
    from referee.record.render_text import render_state
    from referee.record.replay import replay

    try:
        record = load_record(args.file)
        if args.at is not None and not 0 <= args.at < len(record.events):
            raise RecordError(
                f"no event {args.at}; the record has events 0 to {len(record.events) - 1}",
                code="replay.bad_index",
                where={"field": "at"},
            )
        # under the rule set the record names, as `referee rule` would rule it
        state = replay(record, args.at, rules=record.ruled_under())
    except RefereeError as exc:
        print(f"referee replay: {exc} [{exc.code}]", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(state.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_state(state))
    return 0
