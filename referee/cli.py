"""The ``referee`` command line.

Each subcommand lives in the module of the layer it belongs to and exposes
``register(subparsers)``; this file only wires them together, importing each module
lazily so that ``referee rules`` never loads Flask.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

#: subcommand name -> module that implements it (``register`` + ``run``)
COMMANDS: dict[str, str] = {
    "examples": "referee.core.examples_cli",
    "replay": "referee.record.replay_cli",
    "import-iss": "referee.record.iss_cli",
    "rules": "referee.kb.cli",
    "adjudicate": "referee.kb.adjudicate_cli",
    "serve": "referee.service.serve_cli",
    "keys": "referee.service.keys_cli",
    "openapi": "referee.api.openapi_cli",
}


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = [a for a in argv if not a.startswith("-")][:1]
    for name, module_name in COMMANDS.items():
        if wanted and wanted[0] != name:
            sub.add_parser(name, help=f"(run 'referee {name} --help')")
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a layer not built yet
            if exc.name and exc.name.startswith("referee"):
                continue
            raise
        module.register(sub.add_parser(name, help=module.HELP, description=module.HELP))
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # the reader went away (`referee rules | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
