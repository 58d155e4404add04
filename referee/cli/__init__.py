"""The ``referee`` command line: every command of the project, one module each.

Each module exposes ``HELP``, ``register(parser)`` and ``run(args)``. A command module
imports at its top only the standard library and what its arguments need (the core, the
language and role names); everything else (the record, the rulings, the database, the
web app) is imported inside the functions that use it, so that building the parser costs
little and ``referee adjudicate FILE`` waits for the rulings only
(tests/test_cli_start.py).

>>> parser = build_parser()
>>> sorted(parser._subparsers._group_actions[0].choices)  # doctest: +NORMALIZE_WHITESPACE
['adjudicate', 'examples', 'import-iss', 'keys', 'openapi', 'replay', 'rules', 'serve',
 'worker']
"""

from __future__ import annotations

import argparse
import os
import sys
from types import ModuleType

from referee.cli import (
    adjudicate,
    examples,
    import_iss,
    keys,
    openapi,
    replay,
    rules,
    serve,
    worker,
)

__all__ = ["COMMANDS", "build_parser", "main"]

#: subcommand name -> the module that implements it
COMMANDS: dict[str, ModuleType] = {
    "examples": examples,
    "replay": replay,
    "import-iss": import_iss,
    "rules": rules,
    "adjudicate": adjudicate,
    "serve": serve,
    "keys": keys,
    "openapi": openapi,
    "worker": worker,
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subcommand per entry of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog="referee", description="The Skat referee: rule disputed games under the ISkO."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        module.register(sub.add_parser(name, help=module.HELP, description=module.HELP))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns its exit status."""
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from referee.service.settings import SettingsError

    try:
        return int(args.run(args) or 0)
    except SettingsError as exc:  # refused at start-up, with the setting named
        print(f"referee: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`referee rules | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
