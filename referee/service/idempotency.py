"""A write done once per Idempotency-Key: a client that retries a request whose answer it
lost gets the resource stored the first time, never a second one.

Disputes, appeals and webhooks share :func:`once`; a job's upload keeps its own (the key
is claimed in the transaction that stores the archive's lines as they stream in).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from referee.service.errors import DuplicateIdempotencyKey, IdempotencyMismatch
from referee.service.keys import Principal
from referee.service.model import IdempotencyEntry
from referee.service.ports import UnitOfWork, UnitOfWorkFactory


def request_hash(payload: Any) -> str:
    """A stable fingerprint of a request body.

    >>> request_hash({"b": 1, "a": 2}) == request_hash({"a": 2, "b": 1})
    True
    """
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def once(
    uow_factory: UnitOfWorkFactory,
    who: Principal,
    scope: str,
    idem_key: str | None,
    payload: Any,
    prepare: Callable[[], Callable[[UnitOfWork], int]],
    lookup: Callable[[int], Any],
) -> tuple[Any, bool]:
    """Once per (key, scope, Idempotency-Key): ``prepare()`` (the slow part, outside any
    transaction) returns ``produce(uow) -> id``, run in one transaction with the key's
    claim; ``produce`` takes the write turn (``UnitOfWork.write_turn``) before its first
    statement. Returns (result, replayed); the same key with another ``payload`` is an
    :class:`IdempotencyMismatch`."""
    keyed = bool(idem_key) and who.key_id is not None
    # the fingerprint only where a key is given (a request without one is never replayed)
    digest = request_hash(payload) if keyed else ""
    if keyed:
        assert idem_key is not None and who.key_id is not None
        with uow_factory() as uow:
            seen = uow.idempotency.get(who.key_id, scope, idem_key)
        if seen is not None:
            return _replayed(seen, digest, lookup), True
    produce = prepare()
    try:
        with uow_factory() as uow:
            entry = None
            if keyed:
                assert idem_key is not None and who.key_id is not None
                uow.write_turn()
                entry = IdempotencyEntry(who.key_id, scope, idem_key, digest, None)
                uow.idempotency.claim(entry)
            # produce() takes the write turn before its first statement (a dispute's
            # insert once its values are encoded: the turn is held as briefly as can be)
            resource_id = produce(uow)
            if entry is not None:
                uow.idempotency.resolve(entry, resource_id)
            uow.commit()
    except DuplicateIdempotencyKey:
        assert idem_key and who.key_id is not None
        with uow_factory() as uow:
            seen = uow.idempotency.get(who.key_id, scope, idem_key)
        if seen is None or seen.resource_id is None:  # pragma: no cover - defensive
            raise
        return _replayed(seen, digest, lookup), True
    return lookup(resource_id), False


def _replayed(seen: IdempotencyEntry, digest: str, lookup: Callable[[int], Any]) -> Any:
    if seen.request_hash != digest:
        raise IdempotencyMismatch(
            "this Idempotency-Key was already used with a different request",
            where={"header": "Idempotency-Key"},
        )
    assert seen.resource_id is not None
    return lookup(seen.resource_id)
