"""One webhook delivery attempt: checked, pinned, signed, and over by a deadline.

The destination is checked again right before the attempt
(:func:`referee.service.webhooks.destination`), and the connection goes to one of the
addresses that check passed, never to a fresh lookup of the name; ``Host`` and, over
https, the name the certificate must carry (SNI) are the URL's host. A redirect is an
answer like any other that is not 2xx: a failed attempt, never followed. The whole
attempt (connecting, sending, waiting for the status line) has one deadline: a receiver
that trickles its answer a byte at a time is cut off when it runs out, however often it
sends.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
from collections.abc import Sequence

from referee.service.webhooks import (
    Destination,
    Network,
    Resolver,
    destination,
    headers,
    system_resolve,
)

__all__ = ["DeliveryFailed", "post"]


class DeliveryFailed(Exception):
    """The attempt did not reach a 2xx answer; the queue tries again later."""


class _Pinned(http.client.HTTPConnection):
    """Plain http to a checked address, with the URL's host in ``Host``."""

    def __init__(self, dest: Destination, deadline: float) -> None:
        super().__init__(dest.host, dest.port, timeout=deadline - time.monotonic())
        self.addresses = dest.addresses
        self.deadline = deadline  # time.monotonic() at which the attempt is over
        self.raw: socket.socket | None = None

    def _open(self) -> socket.socket:
        """A connection to the first checked address that takes one before the deadline."""
        error: OSError = TimeoutError("no time left to connect")
        for address in self.addresses:
            left = self.deadline - time.monotonic()
            if left <= 0:
                break
            try:
                self.raw = socket.create_connection((address, self.port), left)
            except OSError as exc:
                error = exc
            else:
                return self.raw
        raise error

    def connect(self) -> None:
        self.sock = self._open()


class _PinnedTLS(_Pinned):
    """https to a checked address; the certificate must name the URL's host."""

    context = ssl.create_default_context()

    def connect(self) -> None:
        self.sock = self.context.wrap_socket(self._open(), server_hostname=self.host)


def _cut(conn: _Pinned, fired: threading.Event) -> None:
    """The deadline: shut the socket, which ends any read or write blocked on it."""
    fired.set()
    if conn.raw is not None:
        try:
            conn.raw.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def post(
    url: str,
    secret: str,
    message_id: str,
    event: str,
    body: bytes,
    *,
    deadline_s: float,
    allowed: Sequence[Network] = (),
    resolve: Resolver | None = None,
) -> int:
    """Deliver ``body`` once; the receiver's 2xx status, else :class:`DeliveryFailed`."""
    start = time.monotonic()
    deadline = start + deadline_s
    if resolve is None:

        def resolve(host: str, port: int) -> list[str]:  # within what is left of the deadline
            return system_resolve(host, port, timeout=max(0.01, deadline - time.monotonic()))

    try:
        dest = destination(url, allowed, resolve)
    except ValueError as exc:  # DestinationRefused: the name resolves inside now
        raise DeliveryFailed(str(exc)) from None
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise DeliveryFailed(f"{dest.host} took longer than {deadline_s:g} s to resolve")
    kind = _PinnedTLS if dest.scheme == "https" else _Pinned
    conn = kind(dest, deadline)
    fired = threading.Event()
    timer = threading.Timer(remaining, _cut, (conn, fired))
    timer.daemon = True
    timer.start()
    try:
        conn.request(
            "POST",
            dest.target,
            body=body,
            headers=headers(secret, message_id, event, body, int(time.time())),
        )
        status = conn.getresponse().status
    except (OSError, http.client.HTTPException) as exc:
        if fired.is_set():
            raise DeliveryFailed(
                f"{dest.host} did not answer within the deadline of {deadline_s:g} s"
            ) from None
        raise DeliveryFailed(f"{dest.host} unreachable: {exc}") from None
    finally:
        timer.cancel()
        conn.close()
    if fired.is_set():
        raise DeliveryFailed(f"{dest.host} did not answer within the deadline of {deadline_s:g} s")
    if not 200 <= status < 300:
        where = " (redirects are not followed)" if 300 <= status < 400 else ""
        raise DeliveryFailed(f"{dest.host} answered {status}{where}")
    return status
