"""Marshmallow schemas of the disputes, rulings and appeals resources."""

from __future__ import annotations

from datetime import UTC
from typing import Any

import marshmallow as ma

from referee.api.contract import NO_NUL, Document
from referee.api.schemas import LangQuerySchema, RulingQuerySchema
from referee.core.kinds import Kind
from referee.core.vocabulary import LANGUAGES
from referee.rulings.model import Outcome

OUTCOMES = [o.value for o in Outcome]
KINDS = sorted(k.value for k in Kind)


class IdempotencyHeaderSchema(ma.Schema):
    idempotency_key = ma.fields.String(
        data_key="Idempotency-Key",
        validate=ma.validate.Length(min=1, max=255),
        metadata={"description": "a retried request with the same key returns the first result"},
    )


#: the longest note a JSON dispute may carry
NOTE_MAX = 10_000


class DisputeCreateSchema(ma.Schema):
    record = Document(
        "SkatLog",
        required=True,
        metadata={"description": "the skat-log/1 record, stored as received"},
    )
    note = ma.fields.String(load_default="", validate=[ma.validate.Length(max=NOTE_MAX), NO_NUL])
    meta = ma.fields.Dict(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "tournament context added to record.meta "
            "(e.g. next_series_starts_at, last_series, series_ends_at)"
        },
    )

    def load(self, data: Any, **kwargs: Any) -> Any:
        """marshmallow's load, but a body that plainly passes (a JSON object of a record
        object, a note that is text short enough and without NUL, a meta object or null,
        nothing else) is taken as it is without walking the schema (~13 µs a dispute):
        the same dict marshmallow gives (its keys in the fields' order, the
        note's and meta's defaults, meta a shallow copy). Anything else, errors
        included, is marshmallow's."""
        if (
            not kwargs
            and not self.many
            and type(data) is dict
            and data.keys() <= self.fields.keys()
        ):
            record = data.get("record")
            note = data.get("note", "")
            meta = data.get("meta")
            if (
                type(record) is dict
                and type(note) is str
                and len(note) <= NOTE_MAX
                and "\x00" not in note
                and (meta is None or type(meta) is dict)
            ):
                return {
                    "record": record,
                    "note": note,
                    "meta": None if meta is None else dict(meta),
                }
        return super().load(data, **kwargs)


class IssDisputeQuerySchema(RulingQuerySchema):
    note = ma.fields.String(
        validate=[ma.validate.Length(max=500), NO_NUL],
        metadata={
            "description": "the note of an ISS record (text); with a JSON body, the note "
            "when the body gives none (the body's own note comes first)"
        },
    )


class DisputeQuerySchema(LangQuerySchema):
    event = ma.fields.String(
        validate=[ma.validate.Length(max=200), NO_NUL],
        metadata={
            "description": "a part of the event's name, as in the record's meta: trimmed, "
            "case and accents ignored (`bremen` finds `Turnier Bremen 2026`)"
        },
    )
    table = ma.fields.String(
        validate=[ma.validate.Length(max=50), NO_NUL],
        metadata={"description": "the table, as in the record's meta (as text)"},
    )
    outcome = ma.fields.String(validate=ma.validate.OneOf(OUTCOMES))
    kind = ma.fields.String(
        validate=ma.validate.OneOf(KINDS),
        metadata={"description": "infraction kind in the current ruling"},
    )
    date = ma.fields.Date(metadata={"description": "submitted on this day (UTC)"})
    submitted_from = ma.fields.Date(metadata={"description": "submitted on or after (UTC)"})
    submitted_to = ma.fields.Date(metadata={"description": "submitted on or before (UTC)"})

    @ma.validates_schema(pass_original=True)
    def _no_unknown(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        """A misspelt filter must not silently return the unfiltered list."""
        allowed = set(self.fields) | {"page", "page_size"}  # pagination is parsed apart
        unknown = sorted(set(original) - allowed)
        if unknown:
            raise ma.ValidationError({k: ["unknown query parameter"] for k in unknown})


class ReplayQuerySchema(LangQuerySchema):
    at = ma.fields.Integer(
        validate=ma.validate.Range(min=-1),
        metadata={
            "description": "replay up to and including this event index; -1 is the deal, "
            "before any event (default: the whole record); an index past the record's "
            "last event names no step of it: 404"
        },
    )


class AdmissibilitySchema(ma.Schema):
    status = ma.fields.String(metadata={"description": "admissible, late or unverified"})
    reason = ma.fields.String(allow_none=True)
    deadline = ma.fields.String(allow_none=True, metadata={"description": "ISO 8601 time"})
    missing = ma.fields.List(ma.fields.String())
    clauses = ma.fields.List(ma.fields.String())


class AppealRecordSchema(ma.Schema):
    grounds = ma.fields.String()
    lodged_at = ma.fields.String(metadata={"description": "ISO 8601 time"})
    admissibility = ma.fields.Nested(AdmissibilitySchema)
    amended_record = ma.fields.Boolean()
    rules = ma.fields.Dict(
        metadata={"description": "the rule set the appeal was ruled under (skat-ruling/1 rules)"}
    )


class ChangeSchema(ma.Schema):
    field = ma.fields.String()
    before = ma.fields.Raw(allow_none=True)
    after = ma.fields.Raw(allow_none=True)


class ComparisonSchema(ma.Schema):
    changed = ma.fields.List(ma.fields.Nested(ChangeSchema))
    unchanged = ma.fields.List(ma.fields.String())


class RulingRevisionSchema(ma.Schema):
    id = ma.fields.Integer()
    dispute_id = ma.fields.Integer()
    revision = ma.fields.Integer()
    created_at = ma.fields.DateTime()
    created_by = ma.fields.String()
    reviews = ma.fields.Integer(
        allow_none=True,
        metadata={
            "description": "the revision number of the ruling this revision reviews "
            "(`/v1/disputes/{dispute_id}/rulings/{reviews}`); null for the first"
        },
    )
    reviews_url = ma.fields.String(
        allow_none=True, metadata={"description": "the ruling this revision reviews"}
    )
    record = Document(
        "SkatLog",
        metadata={
            "description": "the record this revision ruled: the dispute's record, or the "
            "one an appeal amended"
        },
    )
    language = ma.fields.String(
        validate=ma.validate.OneOf(LANGUAGES),
        metadata={"description": "the language of the ruling's texts"},
    )
    document = Document(
        "SkatRuling", metadata={"description": "the ruling (skat-ruling/1) in `language`"}
    )
    appeal = ma.fields.Nested(
        AppealRecordSchema,
        allow_none=True,
        metadata={"description": "the appeal this revision answers (null for the first)"},
    )
    comparison = ma.fields.Nested(
        ComparisonSchema,
        allow_none=True,
        metadata={"description": "what the appeal changed against the revision it reviews"},
    )
    record_amended = ma.fields.Boolean()
    url = ma.fields.String()

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        """What marshmallow's dump gives, built directly for the presenters' dicts (the
        document and the record are already JSON; marshmallow walked them field by field
        for nothing); anything else goes to marshmallow."""
        if self.many if many is None else many:
            return [self.dump(o, many=False) for o in obj]
        if not _shaped(obj, self.fields):
            return super().dump(obj, many=False)
        return dump_ruling(obj)


class DisputeSummarySchema(ma.Schema):
    id = ma.fields.Integer()
    owner = ma.fields.String()
    submitted_at = ma.fields.DateTime()
    event = ma.fields.String(allow_none=True)
    table = ma.fields.String(allow_none=True)
    outcome = ma.fields.String(allow_none=True)
    infraction_kinds = ma.fields.List(ma.fields.String())
    note = ma.fields.String()
    meta = ma.fields.Dict()
    revisions = ma.fields.Integer()
    links = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())


class DisputeSchema(DisputeSummarySchema):
    record = Document(
        "SkatLog",
        metadata={
            "description": "the record exactly as submitted (the current ruling's own record, "
            "amended by an appeal or not, is `ruling.record`)"
        },
    )
    ruling = ma.fields.Nested(
        RulingRevisionSchema, metadata={"description": "the current ruling revision"}
    )

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        """As :meth:`RulingRevisionSchema.dump`: the presenter's dispute built directly."""
        if self.many if many is None else many:
            return [self.dump(o, many=False) for o in obj]
        if not _shaped(obj, self.fields) or not _shaped(obj["ruling"], _RULING_FIELDS):
            return super().dump(obj, many=False)
        return {
            "id": _int(obj["id"]),
            "owner": _str(obj["owner"]),
            "submitted_at": _iso(obj["submitted_at"]),
            "event": _str(obj["event"]),
            "table": _str(obj["table"]),
            "outcome": _str(obj["outcome"]),
            "infraction_kinds": None
            if obj["infraction_kinds"] is None
            else [_str(k) for k in obj["infraction_kinds"]],
            "note": _str(obj["note"]),
            "meta": None if obj["meta"] is None else dict(obj["meta"]),
            "revisions": _int(obj["revisions"]),
            "links": None
            if obj["links"] is None
            else {_str(k): _str(v) for k, v in obj["links"].items()},
            "record": obj["record"],
            "ruling": dump_ruling(obj["ruling"]),
        }


# -- marshmallow's dump of the schemas above, built directly ------------------------------
# (tests/service/test_response_shapes.py compares both on stored disputes and appeals)

_APPEAL = AppealRecordSchema()
_COMPARISON = ComparisonSchema()
_RULING_FIELDS = RulingRevisionSchema().fields


def _shaped(obj: Any, fields: dict[str, ma.fields.Field[Any]]) -> bool:
    """A dict with exactly the schema's fields (what the presenters build)."""
    return isinstance(obj, dict) and obj.keys() == fields.keys()


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _str(value: Any) -> str | None:
    return value if value is None or isinstance(value, str) else str(value)


def _iso(value: Any) -> str | None:
    return None if value is None else value.isoformat()


def _bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def dump_ruling(obj: dict[str, Any]) -> dict[str, Any]:
    """RulingRevisionSchema's dump of a presenter's ruling revision."""
    appeal, comparison = obj["appeal"], obj["comparison"]
    return {
        "id": _int(obj["id"]),
        "dispute_id": _int(obj["dispute_id"]),
        "revision": _int(obj["revision"]),
        "created_at": _iso(obj["created_at"]),
        "created_by": _str(obj["created_by"]),
        "reviews": _int(obj["reviews"]),
        "reviews_url": _str(obj["reviews_url"]),
        "record": obj["record"],
        "language": _str(obj["language"]),
        "document": obj["document"],
        "appeal": None if appeal is None else _APPEAL.dump(appeal),
        "comparison": None if comparison is None else _COMPARISON.dump(comparison),
        "record_amended": _bool(obj["record_amended"]),
        "url": _str(obj["url"]),
    }


class AppealSchema(ma.Schema):
    grounds = ma.fields.String(
        required=True,
        validate=[ma.validate.Length(min=1, max=10_000), NO_NUL],
        metadata={"description": "the written grounds (SkWO 7.3.3)"},
    )
    lodged_at = ma.fields.AwareDateTime(
        load_default=None,
        allow_none=True,
        default_timezone=UTC,
        metadata={"description": "when the appeal was lodged (default: now); no offset = UTC"},
    )
    record = Document(
        "SkatLog",
        load_default=None,
        allow_none=True,
        metadata={"description": "an amended skat-log/1 record, ruled instead of the stored one"},
    )
    rules = ma.fields.Dict(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "the rule set to rule the appeal under: an edition and an option "
            "for any reading (see skat-log/1 rules); default: the one the amended record "
            "names, else the one the reviewed ruling was made under"
        },
    )
