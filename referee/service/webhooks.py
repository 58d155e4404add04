"""Webhooks: where a platform wants to hear of finished jobs and changed rulings.

A webhook can aim the service at any address, so every destination is checked twice:
when it is registered and again at each delivery (a name may resolve elsewhere later).
Every address the host resolves to must be public: no private, loopback, link-local,
unspecified, multicast, reserved or shared (CGNAT) address, nor an IPv4 one of those
inside an IPv6 form, nor a cloud metadata name or address. An operator may open named
networks (``REFEREE_WEBHOOK_ALLOW_NETWORKS=10.1.0.0/16``); metadata addresses stay shut.
The delivery connects to an address checked here (see :mod:`referee.worker.delivery`),
so a name that resolves to a public address for the check and to an inside one a moment
later (DNS rebinding) gains nothing.

Deliveries are signed as Standard Webhooks sign theirs: ``webhook-id`` (one id per
delivery, the same on every retry), ``webhook-timestamp`` (Unix seconds of the attempt)
and ``webhook-signature`` (``v1,`` and the base64 HMAC-SHA256 of ``id.timestamp.body``).

>>> sign("whsec_c2VjcmV0", "msg_1", 1700000000, b"{}")
'v1,A5oIrJxXPB/PkULSoVu0e4khvPiqpF9vljmhkSKg0FI='
>>> check_address("127.0.0.1")
'a loopback address'
>>> check_address("::ffff:169.254.169.254")
'a cloud metadata address'
>>> check_address("93.184.215.14") is None
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import secrets
import socket
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import urlsplit

import orjson

from referee.core.errors import Conflict, InvalidInput, NotFound
from referee.service.idempotency import once
from referee.service.keys import Principal
from referee.service.model import Dispute, Revision, Webhook
from referee.service.ports import UnitOfWork, UnitOfWorkFactory
from referee.service.settings import Settings

__all__ = [
    "EVENTS",
    "Destination",
    "DestinationRefused",
    "WebhookService",
    "check_address",
    "destination",
    "new_secret",
    "sign",
]

#: the events a webhook may ask for
EVENTS = ("job.done", "ruling.changed")
SUBMITTERS = ("platform",)
#: the longest callback URL (the column's width)
MAX_URL = 2000

#: names that answer for a cloud's metadata service inside its networks
METADATA_NAMES = frozenset(
    {
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "metadata.azure.com",
        "instance-data",
        "instance-data.ec2.internal",
    }
)
#: metadata services' addresses: refused even inside an allowed network
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",
        "169.254.170.2",
        "fd00:ec2::254",
        "100.100.100.200",
        "168.63.129.16",
    )
)
#: refused besides what :mod:`ipaddress` calls non-global (some of these it calls global)
DENIED_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in (
        "0.0.0.0/8",  # "this network"
        "100.64.0.0/10",  # shared address space (carrier-grade NAT)
        "192.0.0.0/24",  # IETF protocol assignments
        "198.18.0.0/15",  # benchmarking
        "224.0.0.0/3",  # multicast and the old class E
        "::/128",
        "64:ff9b:1::/48",  # local-use IPv4/IPv6 translation
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "ff00::/8",  # multicast
    )
)
#: an IPv6 address that carries an IPv4 one (NAT64's well-known prefix)
NAT64 = ipaddress.ip_network("64:ff9b::/96")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
#: resolves (host, port) to the addresses it stands for, as text
Resolver = Callable[[str, int], list[str]]


#: the longest a registration waits for its host to resolve
RESOLVE_TIMEOUT_S = 2.0


def _lookup(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def system_resolve(host: str, port: int, timeout: float | None = None) -> list[str]:
    """Every address the system resolver gives for ``host`` (numeric forms such as
    ``2130706433``, ``0x7f.1`` or ``0177.0.0.1`` come back as the address they mean);
    a resolver that takes longer than ``timeout`` is an error. The lookup runs on a
    thread of its own, so the caller stops waiting at the timeout; the thread ends when
    the resolver gives up, and no other lookup waits behind it."""
    timeout = RESOLVE_TIMEOUT_S if timeout is None else timeout
    answer: Future[list[str]] = Future()

    def look() -> None:
        try:
            answer.set_result(_lookup(host, port))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            answer.set_exception(exc)

    threading.Thread(target=look, name="webhook-dns", daemon=True).start()
    try:
        return answer.result(timeout=timeout)
    except FuturesTimeout:
        raise TimeoutError(f"no answer within {timeout:g} s") from None


def _embedded_v4(ip: Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4, Teredo), if any."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    return None


def check_address(text: str, allowed: Sequence[Network] = ()) -> str | None:
    """Why the service must not connect to the address ``text`` (None: it may)."""
    ip: Address = ipaddress.ip_address(text.split("%", 1)[0])  # no IPv6 zone
    inner = _embedded_v4(ip)
    for candidate in (ip, inner) if inner is not None else (ip,):
        if candidate in METADATA_ADDRESSES:
            return "a cloud metadata address"
    if any(ip in net for net in allowed):
        return None
    if inner is not None:
        return check_address(str(inner), allowed)
    for what, flag in (
        ("an unspecified address", ip.is_unspecified),
        ("a loopback address", ip.is_loopback),
        ("a link-local address", ip.is_link_local),
        ("a multicast address", ip.is_multicast),
        ("a private address", ip.is_private),
        ("a reserved address", ip.is_reserved),
    ):
        if flag:
            return what
    if any(ip.version == net.version and ip in net for net in DENIED_NETWORKS):
        return "an address of a reserved or shared network"
    if not ip.is_global:
        return "an address that is not public"
    return None


class DestinationRefused(InvalidInput):
    """A callback URL the service will not call (names the field ``url``)."""

    code = "webhook.url_refused"

    def __init__(self, why: str, url: str):
        super().__init__(
            f"the callback URL is refused: {why}", where={"field": "url"}, params={"why": why}
        )
        self.why = why
        self.url = url


@dataclass(frozen=True)
class Destination:
    """A checked callback: where to connect (``addresses``, all checked) and what to
    send as ``Host`` (``host``, ``port``) and request target (``target``)."""

    scheme: str
    host: str
    port: int
    target: str
    addresses: tuple[str, ...]


def destination(
    url: str, allowed: Sequence[Network] = (), resolve: Resolver | None = None
) -> Destination:
    """Check ``url`` as a callback and resolve it; raises :class:`DestinationRefused`."""
    resolve = resolve or system_resolve
    if len(url) > MAX_URL:
        raise DestinationRefused(f"it is longer than {MAX_URL} characters", url[:100])
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise DestinationRefused(f"it is not a URL ({exc})", url) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise DestinationRefused("it must be an http or https URL", url)
    if parts.username is not None or parts.password is not None:
        raise DestinationRefused("it must not carry a user name or password", url)
    host = (parts.hostname or "").rstrip(".").lower()
    if not host:
        raise DestinationRefused("it names no host", url)
    if host in METADATA_NAMES:
        raise DestinationRefused(f"{host} is a cloud metadata name", url)
    if host == "localhost" or host.endswith(".localhost"):
        raise DestinationRefused(f"{host} is this machine", url)
    if port == 0:  # no server listens on port 0 (and 0 is no "default port" either)
        raise DestinationRefused("its port is 0", url)
    port = (443 if scheme == "https" else 80) if port is None else port
    try:
        addresses = resolve(host, port)
    except (OSError, UnicodeError) as exc:
        raise DestinationRefused(f"its host {host} does not resolve ({exc})", url) from None
    if not addresses:
        raise DestinationRefused(f"its host {host} does not resolve", url)
    for address in addresses:
        why = check_address(address, allowed)
        if why is not None:
            raise DestinationRefused(f"{host} resolves to {address}, {why}", url)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    return Destination(scheme, host, port, target, tuple(addresses))


def new_secret() -> str:
    """A signing secret in the Standard Webhooks form: ``whsec_`` and base64 bytes."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def _key(secret: str) -> bytes:
    if secret.startswith("whsec_"):
        return base64.b64decode(secret.removeprefix("whsec_"))
    return secret.encode()  # a secret made before the whsec_ form


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header of one delivery attempt."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secret: str, message_id: str, event: str, body: bytes, now: int) -> dict[str, str]:
    """The headers of one delivery attempt made at ``now`` (Unix seconds)."""
    return {
        "Content-Type": "application/json",
        "User-Agent": "skat-referee-webhook",
        "X-Referee-Event": event,
        "webhook-id": message_id,
        "webhook-timestamp": str(now),
        "webhook-signature": sign(secret, message_id, now, body),
    }


class DeliveryQueue(Protocol):
    """Where deliveries go (``referee.worker`` puts them on a queue of their own)."""

    def deliver(self, webhook_id: int, message_id: str, event: str, body: bytes) -> None: ...


class WebhookService:
    """Registering webhooks and queueing their deliveries."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        queue: DeliveryQueue | None = None,
        *,
        max_per_owner: int = 10,
        allowed: Sequence[Network] = (),
        resolve: Resolver | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._uow = uow
        self.queue = queue
        self.max_per_owner = max_per_owner
        self.allowed = tuple(allowed)
        self.resolve = resolve
        self._now = clock

    @classmethod
    def from_settings(
        cls, settings: Settings, uow: UnitOfWorkFactory, queue: DeliveryQueue | None
    ) -> WebhookService:
        return cls(
            uow,
            queue,
            max_per_owner=settings.webhook_max_per_owner,
            allowed=allowed_networks(settings.webhook_allow_networks),
        )

    def check(self, url: str) -> Destination:
        """``url`` checked and resolved now (raises :class:`DestinationRefused`)."""
        return destination(url, self.allowed, self.resolve)

    def add(
        self,
        who: Principal,
        url: str,
        events: Iterable[str],
        *,
        idem_key: str | None = None,
    ) -> tuple[Webhook, bool]:
        """Register a callback for the caller's jobs and disputes; (webhook, replayed).
        Its secret is shown in this answer, and again to a retry with the same
        Idempotency-Key, which registers nothing new (a retried registration would
        otherwise deliver every event twice, under two message ids)."""
        who.require(*SUBMITTERS)
        chosen = tuple(dict.fromkeys(events))
        unknown = [e for e in chosen if e not in EVENTS]
        if unknown or not chosen:
            raise InvalidInput(
                f"events must be among {', '.join(EVENTS)}", where={"field": "events"}
            )

        def prepare() -> Callable[[UnitOfWork], int]:
            self.check(url)
            return produce

        def produce(uow: UnitOfWork) -> int:
            uow.write_turn()  # one registration of the owner's at a time counts its hooks
            uow.webhooks.lock_owner(who.owner)
            if len(uow.webhooks.of_owner(who.owner)) >= self.max_per_owner:
                raise Conflict(
                    f"an owner may register at most {self.max_per_owner} webhooks; "
                    "remove one first",
                    code="webhook.limit",
                    where={"limit": self.max_per_owner},
                    params={"limit": self.max_per_owner},
                )
            hook = uow.webhooks.add(
                Webhook(None, who.owner, url, new_secret(), chosen, self._now())
            )
            assert hook.id is not None
            return hook.id

        def lookup(hook_id: int) -> Webhook:
            hook = self.get(hook_id)
            assert hook is not None
            return hook

        payload = {"url": url, "events": list(chosen)}
        hook, replayed = once(self._uow, who, "webhooks", idem_key, payload, prepare, lookup)
        return hook, replayed

    def of(self, who: Principal) -> list[Webhook]:
        with self._uow() as uow:
            return uow.webhooks.of_owner(who.owner)

    def remove(self, who: Principal, hook_id: int) -> None:
        with self._uow() as uow:
            hook = uow.webhooks.get(hook_id)
            if hook is None or hook.owner != who.owner:
                raise NotFound(f"no webhook {hook_id}", where={"webhook": hook_id})
            uow.webhooks.delete(hook_id)
            uow.commit()

    def get(self, hook_id: int) -> Webhook | None:
        with self._uow() as uow:
            return uow.webhooks.get(hook_id)

    def notify(self, owner: str, event: str, payload: dict[str, Any]) -> int:
        """Queue ``event`` for every webhook of ``owner`` that asked for it; how many.
        Each delivery gets its id now, so its retries carry the same one."""
        with self._uow() as uow:
            hooks = [h for h in uow.webhooks.of_owner(owner) if event in h.events]
        body = orjson.dumps({"event": event, **payload})
        for hook in hooks:
            assert hook.id is not None
            if self.queue is not None:
                self.queue.deliver(hook.id, "msg_" + secrets.token_urlsafe(16), event, body)
        return len(hooks)

    def ruling_changed(self, dispute: Dispute, revision: Revision) -> None:
        """The court stored a new revision: tell the dispute's owner (``ruling.changed``)."""
        payload = {
            "dispute": dispute.id,
            "revision": revision.revision,
            "outcome": revision.outcome,
        }
        self.notify(dispute.owner, "ruling.changed", payload)


def allowed_networks(names: Iterable[str]) -> tuple[Network, ...]:
    """The networks an operator opened to webhooks, parsed.

    >>> allowed_networks(["10.1.0.0/16", " 127.0.0.1 "])
    (IPv4Network('10.1.0.0/16'), IPv4Network('127.0.0.1/32'))
    """
    return tuple(ipaddress.ip_network(n.strip(), strict=False) for n in names if n.strip())
