"""``referee serve``: migrate the database, make a first admin key, run gunicorn.

On a fresh clone this serves on SQLite (``var/referee.db``) at http://127.0.0.1:8000.
When the database has no key at all, an admin key is created and stored in
``dev-admin-key`` in the instance's folder (``REFEREE_VAR_DIR``, default ``var``; mode
0600 from its creation); the log names the file, never the key itself (a log is read by
more people than the operator).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.service.keys import KeyService

HELP = "run the REST service under gunicorn (migrates the database first)"
WSGI_APP = "referee.wsgi:app"
DEV_KEY_NAME = "dev-admin-key"
DEV_KEY_FILE = Path("var") / DEV_KEY_NAME


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bind",
        default=os.environ.get("REFEREE_BIND", "127.0.0.1:8000"),
        help="address to listen on (default 127.0.0.1:8000, env REFEREE_BIND)",
    )
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: from CPUs)")
    parser.add_argument(
        "--no-server", action="store_true", help="only migrate and make the first key"
    )
    parser.add_argument(
        "--no-worker",
        action="store_true",
        help="do not start a bulk-job worker beside gunicorn (run `referee worker` elsewhere)",
    )
    parser.set_defaults(run=run)


def gunicorn_config() -> Path | None:
    """``gunicorn.conf.py`` from the working directory or the source checkout."""
    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        if (base / "gunicorn.conf.py").is_file():
            return base / "gunicorn.conf.py"
    return None


def ensure_first_key(keys: KeyService, key_file: Path = DEV_KEY_FILE) -> str | None:
    """Create an admin key when there is none at all; returns its secret (else None).

    The file is created with mode 0600 (never readable by others, not even for a moment)
    in a directory created 0700.
    """
    if keys.list():
        return None
    _key, secret = keys.create("admin", "development", "created by referee serve")
    key_file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if key_file.exists():
        key_file.unlink()  # a key of an earlier database: replaced, not reused
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(secret + "\n")
    return secret


def run(args: argparse.Namespace) -> int:
    from referee.service.keys import KeyService
    from referee.service.settings import Settings
    from referee.storage.backend import open_backend

    settings = Settings.from_env()
    backend = open_backend(settings.database_url)
    try:
        backend.migrate()
        key_file = Path(settings.var_dir) / DEV_KEY_NAME
        secret = ensure_first_key(KeyService(backend.unit_of_work), key_file)
    finally:
        backend.dispose()
    if secret:
        print(f"an admin key was created; it is in {key_file} (mode 0600), not in this log")
        print(
            f"sign in with it at http://{args.bind}/console/ and create the referees' keys "
            "there (Keys: a QR code signs a phone in)"
        )
    print(f"database: {settings.database_url}", flush=True)
    if args.no_server:
        return 0
    argv = [sys.executable, "-m", "gunicorn", "--bind", args.bind]
    conf = gunicorn_config()
    if conf is not None:
        argv += ["--config", str(conf)]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    argv.append(WSGI_APP)
    # gunicorn.conf.py starts `referee worker` beside the server and stops it on exit
    os.environ["REFEREE_WORKER_BESIDE"] = "0" if args.no_worker else "1"
    os.execv(sys.executable, argv)  # does not return
