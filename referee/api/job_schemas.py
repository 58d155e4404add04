"""Marshmallow schemas of the jobs and webhooks resources."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from referee.api.contract import components, ref
from referee.api.schemas import EDITION_VALUES, LanguageParam
from referee.core.vocabulary import DEFAULT_LANGUAGE, LANGUAGES
from referee.service.job_uploads import FORMATS as JOB_FORMATS
from referee.service.webhooks import EVENTS, MAX_URL


class JobQuerySchema(ma.Schema):
    lang = LanguageParam(
        load_default=DEFAULT_LANGUAGE,
        metadata={"description": "language of the rulings"},
    )
    edition = ma.fields.String(
        validate=ma.validate.OneOf(EDITION_VALUES),
        metadata={
            "description": "the ISkO edition of the records that name no rule set (every "
            "ISS record); default: the service's (REFEREE_EDITION)"
        },
    )
    format = ma.fields.String(
        validate=ma.validate.OneOf(JOB_FORMATS),
        metadata={
            "description": "the records the archive holds: iss or skat-log; needed when "
            "the body is sent as application/octet-stream (as a generated client sends "
            "it), else the content type says it (a format other than the content type's "
            "is a 422)"
        },
    )
    open = ma.fields.Boolean(
        load_default=False,
        metadata={
            "description": "true: store this request's body as the first part of an open "
            "job, not started; append parts with POST /v1/jobs/{id}/parts, then start it"
        },
    )


class PartQuerySchema(ma.Schema):
    format = ma.fields.String(
        validate=ma.validate.OneOf(JOB_FORMATS),
        metadata={
            "description": "the records the part holds; the job's format (any other is a "
            "422); needed with none of the typed content types: a part sent as "
            "application/octet-stream is read in the job's format"
        },
    )
    last = ma.fields.Boolean(
        load_default=False,
        metadata={"description": "true: this is the last part; the job starts with it"},
    )


class JobSchema(ma.Schema):
    id = ma.fields.Integer()
    state = ma.fields.String(
        metadata={
            "enum": ["open", "queued", "running", "done", "cancelled"],
            "description": "open: stored in parts, not started (parts may be appended)",
        }
    )
    format = ma.fields.String(metadata={"enum": list(JOB_FORMATS)})
    language = ma.fields.String(
        metadata={"enum": list(LANGUAGES), "description": "language of the rulings (?lang=)"}
    )
    edition = ma.fields.String(
        metadata={
            "enum": EDITION_VALUES,
            "description": "the ISkO edition of records that name none (?edition=)",
        }
    )
    records = ma.fields.Integer()
    chunks = ma.fields.Integer()
    parts = ma.fields.Integer(metadata={"description": "requests the archive came in"})
    created_at = ma.fields.String()
    finished_at = ma.fields.String(allow_none=True)
    expires_at = ma.fields.String(allow_none=True)
    progress = ma.fields.Dict(
        metadata={
            "description": "records_done, ruled, errors, chunks_done, percent, "
            "records_per_s (this job's, since its first chunk was written), eta_s (seconds "
            "to the job's end at the rate all workers ended chunks lately; null when no "
            "rate is known: fewer than two chunks ended lately, or no worker holds a live "
            "lease), queue (null once finished: chunks_ahead, the chunks that may be ruled "
            "before its next one, own_chunks_ahead of its owner's older jobs, "
            "other_chunks_ahead of other owners', and jobs_ahead, the other owners' jobs "
            "they come from; a bound, not a forecast: every other owner with chunks waiting "
            "is counted a turn for each turn of this job's owner, though the turns go first "
            "to the owner with the fewest chunks in hand, then the one served longest ago, "
            "so fewer may come first; an owner who starts waiting later takes turns too)"
        }
    )
    results = ma.fields.String(
        allow_none=True,
        metadata={
            "description": "URL of the results, readable as far as they are ruled (null for "
            "a cancelled job)"
        },
    )


class WebhookCreateSchema(ma.Schema):
    url = ma.fields.Url(
        required=True,
        schemes={"http", "https"},
        require_tld=False,
        validate=ma.validate.Length(max=MAX_URL),
        metadata={
            # the JSON Schema name of the format (marshmallow's "url" is none) and the schemes
            "format": "uri",
            "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]",
            "description": "http(s); every address its host resolves to must be public "
            "(unless the operator allows a network), checked here and at each delivery",
        },
    )
    events = ma.fields.List(
        ma.fields.String(validate=ma.validate.OneOf(EVENTS)),
        required=True,
        validate=ma.validate.Length(min=1),
    )


class WebhookSchema(ma.Schema):
    id = ma.fields.Integer()
    url = ma.fields.String()
    events = ma.fields.List(ma.fields.String())
    created_at = ma.fields.String()
    secret = ma.fields.String(
        metadata={
            "description": "only in the answer to the registration: keep it to check "
            "webhook-signature (Standard Webhooks: 'v1,' and the base64 HMAC-SHA256 of "
            "'{webhook-id}.{webhook-timestamp}.{body}' keyed with the base64 part after "
            "'whsec_')"
        }
    )


class ResultsQuerySchema(ma.Schema):
    after = ma.fields.Integer(
        load_default=0,
        validate=ma.validate.Range(min=0, max=2147483647),
        metadata={
            "description": "the line number of the last result line already read (its "
            "'line'), or Results-Next of the last answer: the results of the lines after "
            "it come; 0, the default, reads from the start"
        },
    )


def result_line_components() -> dict[str, dict[str, Any]]:
    """The lines of a job's results as spec components, the ruling line made from the
    skat-ruling/1 format itself: its members with ``line`` and ``iss_id`` before them (the
    results put them into the ruling's object rather than around it)."""
    ruling = components("skat-ruling-1")["SkatRuling"]
    line = {"type": "integer", "minimum": 1, "description": "the input line (from 1)"}
    iss_id = {
        "anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}],
        "description": "the record's ISS game id (null when it names none)",
    }
    return {
        "JobRulingLine": {
            "title": "JobRulingLine",
            "type": "object",
            "description": "a record ruled: its line, its ISS game id, then the members of "
            "its skat-ruling/1",
            "required": ["line", "iss_id", *ruling["required"]],
            "properties": {"line": line, "iss_id": iss_id, **ruling["properties"]},
            "additionalProperties": False,
        },
        "JobErrorLine": {
            "title": "JobErrorLine",
            "type": "object",
            "description": "a record that could not be ruled: why, and where",
            "required": ["line", "iss_id", "error"],
            "properties": {
                "line": line,
                "iss_id": iss_id,
                "error": {
                    "type": "object",
                    "required": ["code", "message", "where"],
                    "properties": {
                        "code": {"type": "string", "description": "stable machine code"},
                        "message": {"type": "string", "description": "what is wrong"},
                        "where": {
                            "type": "object",
                            "description": "where in the record (event, field, line ...)",
                        },
                    },
                },
            },
            "additionalProperties": False,
        },
        "JobSummaryLine": {
            "title": "JobSummaryLine",
            "type": "object",
            "description": "the last line, once the results reach the job's end",
            "required": ["summary"],
            "properties": {
                "summary": {
                    "type": "object",
                    "required": ["records", "ruled", "errors"],
                    "properties": {
                        "records": {"type": "integer", "minimum": 0},
                        "ruled": {"type": "integer", "minimum": 0},
                        "errors": {"type": "integer", "minimum": 0},
                    },
                }
            },
            "additionalProperties": False,
        },
        "JobResultLine": {
            "title": "JobResultLine",
            "description": "one line of a job's results: a ruling, an error, or the summary",
            "anyOf": [ref("JobRulingLine"), ref("JobErrorLine"), ref("JobSummaryLine")],
        },
    }
