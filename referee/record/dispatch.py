"""The replayer's table of handlers, made from the handlers themselves.

A method of the replayer that applies events says so with :func:`handles`; its ``event``
parameter is annotated with the event class it applies (or a union of them). That one
annotation lets mypy check the handler and keys the table: :func:`table` pairs every
class with its handler, so no list of types is kept beside the handlers, and a class
given two handlers is an error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, get_args, get_type_hints

__all__ = ["handles", "table"]

F = TypeVar("F", bound=Callable[..., None])

_HANDLERS: list[Callable[..., None]] = []


def handles(handler: F) -> F:
    """Mark ``handler`` as applying the events its ``event`` parameter is annotated with."""
    _HANDLERS.append(handler)
    return handler


def table(*handlers: Callable[..., None]) -> dict[type[Any], Callable[..., None]]:
    """Each handler (by default every one marked with :func:`handles`) keyed by the classes
    of its ``event`` annotation."""
    out: dict[type[Any], Callable[..., None]] = {}
    for handler in handlers or tuple(_HANDLERS):
        hint = get_type_hints(handler)["event"]
        for cls in get_args(hint) or (hint,):
            if cls in out:
                raise TypeError(f"two handlers for {cls.__name__}")
            out[cls] = handler
    return out
