"""The services the app factory wired, as the console sees them (no import of referee.api).

The API package and the console are siblings that never import each other; both read
the same object from ``app.extensions['referee']``.
"""

from __future__ import annotations

from typing import Protocol

from flask import current_app

from referee.service.disputes import DisputeService
from referee.service.keys import KeyService
from referee.service.settings import Settings


class ConsoleServices(Protocol):
    """The part of the app's service bundle the console uses."""

    settings: Settings
    keys: KeyService
    disputes: DisputeService


def services() -> ConsoleServices:
    """The service bundle of the running app."""
    bundle: ConsoleServices = current_app.extensions["referee"]
    return bundle
