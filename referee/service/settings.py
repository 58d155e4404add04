"""Service settings, read from the environment (every one has a working default).

>>> s = Settings.from_env({"REFEREE_MAX_BODY_BYTES": "1024"})
>>> s.max_body_bytes, s.database_url
(1024, 'sqlite:///var/referee.db')
>>> s = Settings.from_env({"REFEREE_VAR_DIR": "/srv/a"})
>>> s.database_url, s.queue_path, s.control_socket
('sqlite:////srv/a/referee.db', '/srv/a/queue.db', '/srv/a/gunicorn.ctl')
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from referee.core.ruleset import Edition, RuleSet

#: the folder for this instance's own files (see ``Settings.var_dir``)
DEFAULT_VAR_DIR = "var"
DEFAULT_DATABASE_URL = "sqlite:///var/referee.db"
#: the event's time zone: the console shows times in it and reads typed times in it
DEFAULT_TIMEZONE = "Europe/Berlin"


COOKIE_SECURE = ("auto", "always", "never")


class SettingsError(ValueError):
    """A setting the service cannot start with (the message names it and what it takes)."""


def _choice(name: str, value: str | None, allowed: tuple[str, ...]) -> str | None:
    if value is None or not value.strip():
        return None
    value = value.strip().lower()
    if value not in allowed:
        raise SettingsError(f"{name} must be one of {', '.join(allowed)} (got {value!r})")
    return value


def _edition(value: str | None) -> Edition:
    """The ISkO edition a record naming none is ruled under (``1998`` when not set)."""
    if value is None or not value.strip():
        return Edition.ISKO_1998
    try:
        return Edition(value.strip())
    except ValueError:
        known = ", ".join(e.value for e in Edition)
        raise SettingsError(f"REFEREE_EDITION must be one of {known} (got {value!r})") from None


def _zone(value: str | None) -> str:
    """An IANA time zone name the system knows (``Europe/Berlin`` when not set).

    >>> _zone(None), _zone(" America/New_York ")
    ('Europe/Berlin', 'America/New_York')
    """
    name = (value or "").strip() or DEFAULT_TIMEZONE
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise SettingsError(
            f"REFEREE_TIMEZONE must be an IANA time zone such as Europe/Berlin (got {name!r})"
        ) from None
    return name


def _networks(value: str | None) -> tuple[str, ...]:
    """Comma-separated networks (``10.1.0.0/16, 192.168.5.7``), each checked.

    >>> _networks(" 10.1.0.0/16,192.168.5.7 ")
    ('10.1.0.0/16', '192.168.5.7/32')
    """
    out = []
    for name in (value or "").split(","):
        if name.strip():
            try:
                out.append(str(ipaddress.ip_network(name.strip(), strict=False)))
            except ValueError:
                raise SettingsError(
                    "REFEREE_WEBHOOK_ALLOW_NETWORKS must list networks such as 10.1.0.0/16 "
                    f"(got {name.strip()!r})"
                ) from None
    return tuple(out)


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Settings:
    """Everything an operator can tune (README.md, "Settings (environment)", lists them)."""

    #: this instance's own files: the SQLite database and queue when no server is named,
    #: the console's generated secret key, the first admin key, the analysis lock and
    #: gunicorn's control socket (relative paths are taken from the working folder)
    var_dir: str = DEFAULT_VAR_DIR
    database_url: str = DEFAULT_DATABASE_URL
    #: the ISkO edition of a record that names none and whose key's owner chose none
    #: (1998 while the 2018/2022 numbering is incomplete: docs/editions.md)
    edition: Edition = Edition.ISKO_1998
    max_body_bytes: int = 256 * 1024
    import_max_bytes: int = 64 * 1024 * 1024
    rate_limit: str = "300 per minute"
    #: shared:// all workers of this gunicorn server; memory:// each process;
    #: redis://... all instances
    rate_limit_storage: str = "shared://"
    #: proxies in front that set X-Forwarded-For and -Proto (nginx: 1); the client's
    #: address (rate limits, sign-in attempts) is then the one the nearest proxy saw
    proxies: int = 0
    #: search nodes the rulings of one key may take in a window (the points search runs
    #: some 150,000 a second); over it a request is refused with 429 (empty: no bound)
    heavy_budget: str = "10000000 per 10 minutes"
    #: search nodes one analysis of the entry form may take over all its completions
    entry_budget: int = 200_000
    #: seconds an authenticated key is remembered per process (0: ask the database every
    #: time); a revocation is immediate in the process that revokes, within this elsewhere
    key_cache_s: float = 2.0
    anonymous_access: bool = False
    #: signs the console's session cookie; None: generated once and kept in var_dir
    #: (instances behind one load balancer must share one key: set it on all of them)
    secret_key: str | None = None
    #: hours a console sign-in lasts (sign-out ends it at once)
    console_session_hours: float = 12.0
    #: the console cookie's Secure flag: auto (when the request came over HTTPS), always,
    #: never (plain http on a developer's machine)
    cookie_secure: str = "auto"
    #: the event's IANA time zone: every time the console shows is in it (with its UTC
    #: offset), and times typed into the console are read in it
    timezone: str = DEFAULT_TIMEZONE
    #: the address people reach the service under (``https://referee.example.org``), for
    #: sign-in links handed over as QR codes; None: the address of the admin's request
    public_url: str | None = None
    #: host names requests may carry in ``Host`` (``referee.example.org``, ``.example.org``
    #: for its subdomains); others are refused (400). Empty: any host, but sign-in links
    #: then follow the request's host only when it is local (see the console's keys page)
    trusted_hosts: tuple[str, ...] = ()
    #: minutes a sign-in link for a phone stays valid (it works once)
    signin_link_minutes: float = 10.0
    #: PostgreSQL: seconds to connect, for one statement, waiting for a lock (0: no limit);
    #: a server that does not answer at all is cut off a second after the statement limit
    db_connect_timeout_s: float = 3.0
    db_statement_timeout_s: float = 5.0
    db_lock_timeout_s: float = 3.0
    #: lock file through which long exact searches pass one at a time on this machine
    #: (gunicorn workers; "" for none)
    analysis_lock: str = "var/analysis.lock"
    #: requests of one web worker that may wait for (or run) a long search at once; a
    #: further one is answered 503 with Retry-After. The default leaves one of gunicorn's
    #: threads (``GUNICORN_THREADS``, 4) free for /health and ordinary requests
    long_search_waiting: int = 3
    #: Redis for the task queue (and anything else shared between instances); None: the
    #: queue lives in PostgreSQL if the database is one, else in ``queue_path``
    redis_url: str | None = None
    queue_path: str = "var/queue.db"
    #: gunicorn's control socket (``gunicornc``); "" for none. Two instances on one host
    #: need two paths (each its own var_dir gives that)
    control_socket: str = "var/gunicorn.ctl"
    #: run queued tasks at once in the process that queues them (tests; no worker needed)
    queue_immediate: bool = False
    #: bulk jobs: records a chunk, largest upload, a worker's lease on a chunk, how long
    #: a finished job and its results are kept, how often dead workers' chunks are looked for
    job_chunk_records: int = 500
    job_max_bytes: int = 256 * 1024 * 1024
    #: requests one job's archive may come in (the first, then parts)
    job_max_parts: int = 64
    job_lease_s: float = 120.0
    job_keep_s: float = 7 * 24 * 3600.0
    #: the bytes an owner's stored job results (compressed) may take before a new job is
    #: refused (409 job.quota); 0: no bound
    job_result_quota_bytes: int = 4 * 1024**3
    job_reap_interval_s: float = 10.0
    #: a chunk taken this often without being written is given up (failed)
    job_max_attempts: int = 3
    #: a chunk task that fails is retried this often, first after ``job_retry_delay_s``,
    #: each wait twice the one before
    job_task_retries: int = 6
    job_retry_delay_s: float = 1.0
    #: webhook deliveries: attempts after the first, seconds between them, and one deadline
    #: for a whole attempt (connect, send, answer), however slowly a receiver trickles
    webhook_retries: int = 5
    webhook_retry_delay_s: int = 30
    webhook_timeout_s: float = 10.0
    #: webhooks one owner may register
    webhook_max_per_owner: int = 10
    #: networks webhooks may reach although they are not public (e.g. ``10.1.0.0/16``);
    #: cloud metadata addresses stay refused
    webhook_allow_networks: tuple[str, ...] = ()
    #: threads of a worker that deliver webhooks (apart from the ones that rule chunks)
    webhook_threads: int = 2

    @property
    def rules(self) -> RuleSet:
        """The service's default rule set: its edition, every reading at its default."""
        return RuleSet(edition=self.edition)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``DATABASE_URL`` and the ``REFEREE_*`` variables."""
        env = os.environ if env is None else env
        d = cls()
        var = (env.get("REFEREE_VAR_DIR") or "").strip().rstrip("/") or DEFAULT_VAR_DIR
        return cls(
            var_dir=var,
            database_url=env.get("DATABASE_URL") or f"sqlite:///{var}/referee.db",
            edition=_edition(env.get("REFEREE_EDITION")),
            max_body_bytes=int(env.get("REFEREE_MAX_BODY_BYTES") or d.max_body_bytes),
            import_max_bytes=int(env.get("REFEREE_IMPORT_MAX_BYTES") or d.import_max_bytes),
            rate_limit=env.get("REFEREE_RATE_LIMIT") or d.rate_limit,
            rate_limit_storage=env.get("REFEREE_RATE_LIMIT_STORAGE") or d.rate_limit_storage,
            proxies=int(env.get("REFEREE_PROXIES") or d.proxies),
            heavy_budget=env.get("REFEREE_HEAVY_BUDGET", d.heavy_budget).strip(),
            entry_budget=int(env.get("REFEREE_ENTRY_BUDGET") or d.entry_budget),
            key_cache_s=float(env.get("REFEREE_KEY_CACHE_S") or d.key_cache_s),
            anonymous_access=_flag(env.get("REFEREE_ANONYMOUS_ACCESS")),
            secret_key=env.get("REFEREE_SECRET_KEY") or None,
            console_session_hours=float(
                env.get("REFEREE_CONSOLE_SESSION_HOURS") or d.console_session_hours
            ),
            cookie_secure=_choice(
                "REFEREE_COOKIE_SECURE", env.get("REFEREE_COOKIE_SECURE"), COOKIE_SECURE
            )
            or d.cookie_secure,
            timezone=_zone(env.get("REFEREE_TIMEZONE")),
            public_url=(env.get("REFEREE_PUBLIC_URL") or "").strip().rstrip("/") or None,
            trusted_hosts=tuple(
                h.strip() for h in (env.get("REFEREE_TRUSTED_HOSTS") or "").split(",") if h.strip()
            ),
            signin_link_minutes=float(
                env.get("REFEREE_SIGNIN_LINK_MINUTES") or d.signin_link_minutes
            ),
            analysis_lock=env.get("REFEREE_ANALYSIS_LOCK", f"{var}/analysis.lock"),
            long_search_waiting=max(
                1,
                int(
                    env.get("REFEREE_LONG_SEARCH_WAITING")
                    or int(env.get("GUNICORN_THREADS") or 4) - 1
                ),
            ),
            db_connect_timeout_s=float(
                env.get("REFEREE_DB_CONNECT_TIMEOUT_S") or d.db_connect_timeout_s
            ),
            db_statement_timeout_s=float(
                env.get("REFEREE_DB_STATEMENT_TIMEOUT_S") or d.db_statement_timeout_s
            ),
            db_lock_timeout_s=float(env.get("REFEREE_DB_LOCK_TIMEOUT_S") or d.db_lock_timeout_s),
            redis_url=env.get("REDIS_URL") or None,
            queue_path=env.get("REFEREE_QUEUE_PATH") or f"{var}/queue.db",
            control_socket=env.get("REFEREE_CONTROL_SOCKET", f"{var}/gunicorn.ctl").strip(),
            queue_immediate=_flag(env.get("REFEREE_QUEUE_IMMEDIATE")),
            job_chunk_records=int(env.get("REFEREE_JOB_CHUNK_RECORDS") or d.job_chunk_records),
            job_max_bytes=int(env.get("REFEREE_JOB_MAX_BYTES") or d.job_max_bytes),
            job_max_parts=int(env.get("REFEREE_JOB_MAX_PARTS") or d.job_max_parts),
            job_lease_s=float(env.get("REFEREE_JOB_LEASE_S") or d.job_lease_s),
            job_keep_s=float(env.get("REFEREE_JOB_KEEP_S") or d.job_keep_s),
            job_result_quota_bytes=int(
                env.get("REFEREE_JOB_RESULT_QUOTA_BYTES") or d.job_result_quota_bytes
            ),
            job_reap_interval_s=float(
                env.get("REFEREE_JOB_REAP_INTERVAL_S") or d.job_reap_interval_s
            ),
            job_max_attempts=int(env.get("REFEREE_JOB_MAX_ATTEMPTS") or d.job_max_attempts),
            job_task_retries=int(env.get("REFEREE_JOB_TASK_RETRIES") or d.job_task_retries),
            job_retry_delay_s=float(env.get("REFEREE_JOB_RETRY_DELAY_S") or d.job_retry_delay_s),
            webhook_retries=int(env.get("REFEREE_WEBHOOK_RETRIES") or d.webhook_retries),
            webhook_retry_delay_s=int(
                env.get("REFEREE_WEBHOOK_RETRY_DELAY_S") or d.webhook_retry_delay_s
            ),
            webhook_timeout_s=float(env.get("REFEREE_WEBHOOK_TIMEOUT_S") or d.webhook_timeout_s),
            webhook_max_per_owner=int(
                env.get("REFEREE_WEBHOOK_MAX_PER_OWNER") or d.webhook_max_per_owner
            ),
            webhook_allow_networks=_networks(env.get("REFEREE_WEBHOOK_ALLOW_NETWORKS")),
            webhook_threads=int(env.get("REFEREE_WEBHOOK_THREADS") or d.webhook_threads),
        )
