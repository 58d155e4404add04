"""Use cases on disputes, their ruling revisions and appeals (one transaction each).

Each write runs the engine first (outside any transaction), then stores everything in
one unit of work and commits once. ``Idempotency-Key`` claims are rows with a unique
constraint, inserted in the same transaction as the dispute or ruling, so two processes
receiving the same retry never both store it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from referee.core.ruleset import Edition, RuleSet
from referee.core.vocabulary import LANGUAGES
from referee.record.iss import parse_iss_record
from referee.record.iss_convert import iss_to_skatlog
from referee.record.replay_json import replay_document
from referee.rulings.appeals import (
    LateAppeal,
    ScheduleError,
    check_admissibility,
    check_schedule,
    compare_rulings,
    require_grounds,
)
from referee.service import engine
from referee.service.errors import (
    InvalidInput,
    NotFound,
    RevisionNotCurrent,
)
from referee.service.idempotency import once
from referee.service.keys import Principal
from referee.service.model import Dispute, DisputeFilter, Revision
from referee.service.ports import UnitOfWork, UnitOfWorkFactory
from referee.service.rulings import infraction_kinds

SUBMITTERS = ("referee", "platform")
READERS = ("referee", "platform", "court")
APPELLATE = ("court",)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


#: dispute context kept in its own columns -> the longest text the column stores
CONTEXT_COLUMNS = {"event": 200, "table": 50}


def check_context(context: dict[str, Any], *, given: dict[str, Any]) -> None:
    """Refuse a dispute's context (the record's ``meta`` under the request's ``meta``) that
    cannot be stored or read later: an event over 200 characters or a table over 50 (the
    columns' widths, which PostgreSQL enforces), an event or table that is no text or
    number (an object, an array, a boolean has no text form to filter by), a schedule the
    appeal could not read.
    The error names ``meta.<key>`` when the request's ``meta`` gave it, else
    ``record.meta.<key>``.

    >>> try:
    ...     check_context({"table": "7" * 51}, given={"table": "7" * 51})
    ... except InvalidInput as exc:
    ...     print(exc.where["field"], exc.message)
    meta.table meta.table is longer than 50 characters (51)
    """

    def field(key: str) -> str:
        return f"meta.{key}" if key in given else f"record.meta.{key}"

    for key, width in CONTEXT_COLUMNS.items():
        raw = context.get(key)
        if isinstance(raw, (dict, list, bool)):
            raise InvalidInput(
                f"{field(key)} must be text or a number, not {type(raw).__name__}",
                code="dispute.meta_type",
                where={"field": field(key)},
                params={"name": field(key)},
            )
        value = _text(raw)
        if value is not None and len(value) > width:
            raise InvalidInput(
                f"{field(key)} is longer than {width} characters ({len(value)})",
                code="dispute.meta_too_long",
                where={"field": field(key)},
                params={"name": field(key), "width": width, "length": len(value)},
            )
    try:
        check_schedule(context)
    except ScheduleError as exc:
        key = str(exc.where["field"])
        message = field(key) + exc.message.removeprefix(key)
        params = {**exc.params, "name": field(key)}
        raise ScheduleError(message, where={"field": field(key)}, params=params) from None


class DisputeService:
    """Disputes, rulings and appeals for one principal at a time."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        *,
        on_ruling_changed: Callable[[Dispute, Revision], None] | None = None,
        default_rules: RuleSet | None = None,
    ):
        self._uow = uow
        #: the rule set of a record that names none (the service's REFEREE_EDITION)
        self.default_rules = default_rules or RuleSet()
        #: told of every new revision an appeal stores (a platform's webhooks)
        self._on_ruling_changed = on_ruling_changed

    def rules_for(self, who: Principal) -> RuleSet:
        """The rule set of a record that names none: the edition the key's owner chose,
        else the service's default."""
        return RuleSet(edition=who.edition) if who.edition else self.default_rules

    # -- reading -----------------------------------------------------------------------

    def _visible(self, uow: UnitOfWork, who: Principal, dispute_id: int) -> Dispute:
        dispute = uow.disputes.get(dispute_id)
        if dispute is None or not (who.sees_all or dispute.owner == who.owner):
            raise NotFound(f"no dispute {dispute_id}", where={"dispute": dispute_id})
        return dispute

    def get(self, who: Principal, dispute_id: int) -> Dispute:
        who.require(*READERS)
        with self._uow() as uow:
            return self._visible(uow, who, dispute_id)

    def find(
        self, who: Principal, flt: DisputeFilter, *, offset: int, limit: int
    ) -> tuple[list[Dispute], int]:
        who.require(*READERS)
        for name in ("event", "table", "outcome", "kind"):
            value = getattr(flt, name)
            if value is not None and "\x00" in value:
                # no stored text holds a NUL, and PostgreSQL refuses one even in a filter
                raise InvalidInput(
                    f"the filter {name} holds a NUL character",
                    code="filter.invalid",
                    where={"location": "query", "field": name},
                    params={"name": name},
                )
        scoped = DisputeFilter(
            owner=None if who.sees_all else who.owner,
            event=flt.event,
            table=flt.table,
            outcome=flt.outcome,
            kind=flt.kind,
            submitted_from=flt.submitted_from,
            submitted_to=flt.submitted_to,
            day_zone=flt.day_zone,
        )
        with self._uow() as uow:
            return uow.disputes.find(scoped, offset=offset, limit=limit)

    def replay(self, who: Principal, dispute_id: int, at: int | None) -> dict[str, Any]:
        """The replayer's reconstruction of the record the current ruling is based on, under
        the rule set that ruling was made under."""
        dispute = self.get(who, dispute_id)
        record = dispute.current.record
        events = record.get("events") if isinstance(record, dict) else None
        if at is not None and isinstance(events, list) and at >= len(events):
            raise NotFound(
                f"no event {at} in the record of dispute {dispute_id}: it has {len(events)}",
                code="replay.bad_index",
                where={"field": "at"},
                params={"at": at, "count": len(events)},
            )
        return replay_document(record, at=at, rules=dispute.current.ruled_under())

    # -- writing -----------------------------------------------------------------------

    def submit(
        self,
        who: Principal,
        record: dict[str, Any],
        *,
        note: str = "",
        meta: dict[str, Any] | None = None,
        idem_key: str | None = None,
        edition: Edition | None = None,
    ) -> tuple[Dispute, bool]:
        """Store a record with its note and first ruling; (dispute, replayed). A record that
        names no rule set is ruled under ``edition`` when the request asks for one."""
        who.require(*SUBMITTERS)
        payload: dict[str, Any] = {"record": record, "note": note, "meta": meta}
        if edition is not None:  # a retry must ask for the same edition
            payload["edition"] = edition.value
        stored: dict[int, Dispute] = {}  # the dispute as written, not read back

        def lookup(dispute_id: int) -> Dispute:
            return stored.get(dispute_id) or self._load_dispute(dispute_id)

        return once(
            self._uow,
            who,
            "disputes",
            idem_key,
            payload,
            lambda: self._prepare_dispute(who, record, note, meta, stored, edition),
            lookup,
        )

    def submit_iss(
        self,
        who: Principal,
        text: str,
        *,
        note: str = "",
        meta: dict[str, Any] | None = None,
        idem_key: str | None = None,
        edition: Edition | None = None,
    ) -> tuple[Dispute, bool]:
        """Store one ISS record (converted to the skat-log/1 record that is kept); an ISS
        record names no rule set, so ``edition`` (or the owner's, or the service's) rules it."""
        who.require(*SUBMITTERS)
        record = iss_to_skatlog(parse_iss_record(text))
        return self.submit(who, record, note=note, meta=meta, idem_key=idem_key, edition=edition)

    def _prepare_dispute(
        self,
        who: Principal,
        record: dict[str, Any],
        note: str,
        meta: dict[str, Any] | None,
        stored: dict[int, Dispute],
        edition: Edition | None = None,
    ) -> Callable[[UnitOfWork], int]:
        dispute = self._new_dispute(who, record, note, meta, edition)

        def produce(uow: UnitOfWork) -> int:
            written = uow.disputes.add(dispute)
            assert written.id is not None
            stored[written.id] = written
            return written.id

        return produce

    def _new_dispute(
        self,
        who: Principal,
        record: dict[str, Any],
        note: str,
        meta: dict[str, Any] | None,
        edition: Edition | None = None,
    ) -> Dispute:
        """The dispute with its first ruling (ruled once, rendered in every language; a
        record that names no rule set under the edition the request asks for, else its
        owner's, else the service's)."""
        default = RuleSet(edition=edition) if edition is not None else self.rules_for(who)
        texts = engine.adjudicate(record, LANGUAGES, default=default)
        now = datetime.now(UTC)
        context = {**(record.get("meta") or {}), **(meta or {})}
        check_context(context, given=meta or {})
        first = texts["en"]
        ruling = Revision(None, None, 1, now, who.owner, record, texts, first.get("outcome"))
        return Dispute(
            id=None,
            owner=who.owner,
            submitted_by=who.key_id,
            submitted_at=now,
            record=record,
            meta=context,
            note=note,
            event=_text(context.get("event")),
            table=_text(context.get("table")),
            outcome=first.get("outcome"),
            kinds=infraction_kinds(first),
            rulings=[ruling],
        )

    def _load_dispute(self, dispute_id: int) -> Dispute:
        with self._uow() as uow:
            dispute = uow.disputes.get(dispute_id)
        if dispute is None:  # pragma: no cover - defensive
            raise NotFound(f"no dispute {dispute_id}", where={"dispute": dispute_id})
        return dispute

    def rulings(self, who: Principal, dispute_id: int) -> list[Revision]:
        return self.get(who, dispute_id).rulings

    def appeal(
        self,
        who: Principal,
        dispute_id: int,
        *,
        grounds: str,
        lodged_at: datetime | None = None,
        record: dict[str, Any] | None = None,
        rules: dict[str, Any] | None = None,
        idem_key: str | None = None,
        reviews: int | None = None,
    ) -> tuple[tuple[Dispute, Revision], bool]:
        """Hear an appeal: check admissibility, rule again, store a new revision.

        The appeal is ruled under ``rules`` when it names a rule set, else under the one
        an amended record names, else under the one the reviewed ruling was made under;
        the revision's ``appeal.rules`` says which. ``reviews``, when given, is the
        revision number the appeal was written against: if the current revision is
        another, the appeal is refused (a form sent twice must not be heard twice)."""
        who.require(*APPELLATE)
        payload = {
            "grounds": grounds,
            "lodged_at": lodged_at.isoformat() if lodged_at else None,
            "record": record,
        }
        if rules is not None:
            payload["rules"] = rules
        scope = f"appeals:{dispute_id}"

        def lookup(ruling_id: int) -> tuple[Dispute, Revision]:
            dispute = self._load_dispute(dispute_id)
            return dispute, next(r for r in dispute.rulings if r.id == ruling_id)

        dispute = self.get(who, dispute_id)
        (stored, revision), replayed = once(
            self._uow,
            who,
            scope,
            idem_key,
            payload,
            lambda: self._prepare_appeal(who, dispute, grounds, lodged_at, record, rules, reviews),
            lookup,
        )
        if not replayed and self._on_ruling_changed is not None:
            self._on_ruling_changed(stored, revision)
        return (stored, revision), replayed

    def _prepare_appeal(
        self,
        who: Principal,
        dispute: Dispute,
        grounds: str,
        lodged_at: datetime | None,
        record: dict[str, Any] | None,
        rules: dict[str, Any] | None = None,
        reviews: int | None = None,
    ) -> Callable[[UnitOfWork], int]:
        dispute_id = dispute.id
        if reviews is not None and reviews != dispute.current.revision:
            raise RevisionNotCurrent(
                f"this appeal reviewed revision {reviews}, but revision "
                f"{dispute.current.revision} was stored since; read it and appeal again",
                where={
                    "dispute": dispute_id,
                    "reviewed": reviews,
                    "current": dispute.current.revision,
                },
                params={"reviewed": reviews, "current": dispute.current.revision},
            )
        asked = RuleSet.from_dict(rules) if rules is not None else None
        assert dispute_id is not None
        text = require_grounds(grounds)
        lodged = lodged_at or datetime.now(UTC)
        verdict = check_admissibility(lodged, dispute.meta)
        if not verdict.accepted:
            raise LateAppeal(
                f"the appeal is inadmissible: {verdict.reason}",
                where={"field": "lodged_at", "deadline": verdict.to_dict()["deadline"]},
                params={
                    "variant": "last_series" if dispute.meta.get("last_series") is True else "",
                    "deadline": verdict.to_dict()["deadline"],
                },
            )
        reviewed = dispute.current
        if record == reviewed.record:
            record = None  # the record the reviewed ruling ruled, sent back: nothing amended
        basis = record if record is not None else reviewed.record
        if asked is None and not (record is not None and "rules" in record):
            # the rule set the reviewed ruling was made under (a ruling stored before
            # rulings named theirs: the record's own, or the default)
            stored_rules = reviewed.texts["en"].get("rules")
            asked = RuleSet.from_dict(stored_rules) if stored_rules is not None else None
        texts = engine.adjudicate(basis, LANGUAGES, rules=asked, default=self.default_rules)
        comparison = compare_rulings(reviewed.texts["en"], texts["en"])
        appeal = {
            "grounds": text,
            "lodged_at": lodged.isoformat(),
            "amended_record": record is not None,
            "admissibility": verdict.to_dict(),
            "rules": texts["en"]["rules"],
        }

        def produce(uow: UnitOfWork) -> int:
            # the dispute locked for this transaction: an appeal stored since this one was
            # heard means it reviewed a ruling that is no longer current
            uow.write_turn()
            current = uow.disputes.get(dispute_id, lock=True)
            assert current is not None
            if current.current.id != reviewed.id:
                raise RevisionNotCurrent(
                    f"this appeal reviewed revision {reviewed.revision}, but revision "
                    f"{current.current.revision} was stored since; read it and appeal again",
                    where={
                        "dispute": dispute_id,
                        "reviewed": reviewed.revision,
                        "current": current.current.revision,
                    },
                    params={"reviewed": reviewed.revision, "current": current.current.revision},
                )
            ruling = Revision(
                id=None,
                dispute_id=dispute_id,
                revision=current.current.revision + 1,
                created_at=datetime.now(UTC),
                created_by=who.owner,
                record=basis,
                texts=texts,
                outcome=texts["en"].get("outcome"),
                reviews=reviewed.id,
                appeal=appeal,
                comparison=comparison,
            )
            current.outcome = ruling.outcome
            current.kinds = infraction_kinds(texts["en"])
            stored = uow.disputes.add_ruling(current, ruling)
            assert stored.id is not None
            return stored.id

        return produce
