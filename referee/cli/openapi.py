"""``referee openapi --out FILE``: write the OpenAPI 3 description generated from the app."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HELP = "write the service's OpenAPI spec as YAML (api_spec/openapi.yaml)"


def spec_dict() -> dict[str, Any]:
    """The spec as the app generates it (no database is touched)."""
    from referee.app import create_app
    from referee.service.settings import Settings

    app = create_app(Settings(database_url="sqlite://"))
    spec: dict[str, Any] = app.extensions["referee_api"].spec.to_dict()
    return spec


def spec_yaml() -> str:
    import yaml

    # through JSON: shared sub-objects become plain copies (no YAML anchors)
    plain = json.loads(json.dumps(spec_dict()))
    return yaml.safe_dump(plain, sort_keys=False, allow_unicode=True, width=100)


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="-", help="output file (default: stdout)")
    parser.add_argument(
        "--formats",
        metavar="DIR",
        help="also write the formats' JSON Schemas there (<name>.schema.json)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    text = spec_yaml()
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    if args.formats:
        write_formats(Path(args.formats))
    return 0


def write_formats(folder: Path) -> None:
    """The JSON Schemas the service serves at /schemas/<name>.json, as files."""
    from referee.api.contract import FORMATS, format_bytes

    folder.mkdir(parents=True, exist_ok=True)
    for name in FORMATS:
        (folder / f"{name}.schema.json").write_bytes(format_bytes(name))
