"""``referee openapi --out FILE``: write the OpenAPI 3 description generated from the app."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

HELP = "write the service's OpenAPI spec as YAML (api_spec/openapi.yaml)"


def spec_dict() -> dict[str, Any]:
    """The spec as the app generates it (no database is touched)."""
    from referee.app import create_app
    from referee.service.settings import Settings

    app = create_app(Settings(database_url="sqlite://"))
    return app.extensions["referee_api"].spec.to_dict()


def spec_yaml() -> str:
    return yaml.safe_dump(spec_dict(), sort_keys=False, allow_unicode=True, width=100)


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="-", help="output file (default: stdout)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    text = spec_yaml()
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    return 0
