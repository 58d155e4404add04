"""``referee keys create|list|revoke``: manage API keys in the service database."""

from __future__ import annotations

import argparse

from referee.core.errors import RefereeError
from referee.service.model import ROLES

HELP = "create, list or revoke API keys (DATABASE_URL, default sqlite:///var/referee.db)"


def register(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="keys_command", metavar="ACTION", required=True)
    create = sub.add_parser("create", help="create a key and print it once")
    create.add_argument("--role", required=True, choices=ROLES)
    create.add_argument("--owner", required=True, help="who the key belongs to")
    create.add_argument("--label", default="", help="a note for the key list")
    sub.add_parser("list", help="list keys (never their secrets)")
    revoke = sub.add_parser("revoke", help="revoke a key by id")
    revoke.add_argument("id", type=int)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.service.keys import KeyService
    from referee.service.settings import Settings
    from referee.storage.backend import open_backend

    backend = open_backend(Settings.from_env().database_url)
    try:
        backend.migrate()
        keys = KeyService(backend.unit_of_work)
        if args.keys_command == "create":
            key, secret = keys.create(args.role, args.owner, args.label)
            print(secret)
            print(f"# key {key.id} ({key.role}, owner {key.owner!r}); shown only once")
        elif args.keys_command == "list":
            print(
                f"{'id':>4}  {'prefix':<12} {'role':<9} {'status':<8} {'last used (UTC)':<17} owner"
            )
            for key in keys.list():
                status = "active" if key.active else "revoked"
                used = key.last_used_at.strftime("%Y-%m-%d %H:%M") if key.last_used_at else "never"
                line = f"{key.id:>4}  {key.prefix:<12} {key.role:<9} {status:<8} {used:<17}"
                print(f"{line} {key.owner}")
        else:
            key = keys.revoke(args.id)
            print(f"revoked key {key.id} ({key.role}, owner {key.owner!r})")
    except RefereeError as exc:
        print(f"referee keys: {exc}")
        return 2
    finally:
        backend.dispose()
    return 0
