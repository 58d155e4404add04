"""``/v1/jobs``: bulk rulings as jobs; ``/v1/webhooks``: callbacks for jobs and appeals.

A job is accepted at once (202 with ``Location``) and ruled by the workers in chunks;
``GET`` shows its progress; its results are NDJSON in input order (the format of
``referee adjudicate --batch``) with a summary line at the end. A larger archive comes in
parts: ``?open=true``, then ``/parts`` (the last with ``?last=true``) or ``/start``.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, cast

from flask import Response, request, url_for
from flask.views import MethodView
from flask_smorest import abort

from referee.api.context import authorized, principal, refuse_other_charset, services
from referee.api.contract import NOT_BLANK, header_ref, ref
from referee.api.dispute_schemas import IdempotencyHeaderSchema
from referee.api.extensions import Blueprint
from referee.api.job_schemas import (
    JobQuerySchema,
    JobSchema,
    PartQuerySchema,
    ResultsQuerySchema,
    WebhookCreateSchema,
    WebhookSchema,
)
from referee.api.problems import problem, problem_item
from referee.api.schemas import edition_of
from referee.core.errors import InvalidInput
from referee.http_status import status_for
from referee.service.errors import JobNotDone
from referee.service.jobs import FINISHED
from referee.service.model import Job, JobProgress, Webhook

NDJSON = "application/x-ndjson"
#: raw bytes: the one request body type a generated client can send (openapi-python-client
#: sends nothing else but JSON and forms); the archive's format comes from ``?format=``
OCTET_STREAM = "application/octet-stream"
#: the body's content type says what the archive holds (raw bytes say nothing)
FORMAT_OF: dict[str, str | None] = {
    "text/x-iss-sgf": "iss",
    "text/plain": "iss",
    "application/x-ndjson": "skat-log",
    "application/jsonl": "skat-log",
    OCTET_STREAM: None,
}

#: the request body of a job: text holding a character that is not blank (no "type": any
#: value a generator would draw is sent as its text, and "null" is a line like another)
ARCHIVE = {"pattern": NOT_BLANK, "description": "one record a line"}
#: the same as raw bytes (UTF-8 text, its format named by ?format=)
ARCHIVE_BYTES = {
    "type": "string",
    "format": "binary",
    "pattern": NOT_BLANK,
    "description": "one record a line, UTF-8; ?format= says which records",
}

blp = Blueprint(
    "jobs",
    __name__,
    url_prefix="/v1",
    description="Bulk rulings as jobs ruled by workers; webhooks for finished jobs and appeals.",
)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _progress(job: Job, progress: JobProgress) -> dict[str, Any]:
    rate = None
    first, last = progress.first_done_at, progress.last_done_at
    if first and last and last > first and progress.records_done:
        # the chunks written after the first one, over the time they took
        seconds = (last - first).total_seconds()
        rate = round(progress.records_done / seconds, 1) if seconds else None
    eta = progress.eta_s
    place = progress.place
    return {
        "records_done": progress.records_done,
        "ruled": progress.ruled,
        "errors": progress.errors,
        "chunks_done": progress.chunks_done,
        "percent": round(100 * progress.records_done / job.records, 1) if job.records else 0,
        "records_per_s": rate,
        "eta_s": eta,
        "queue": None
        if place is None
        else {
            "chunks_ahead": place.chunks_ahead,
            "own_chunks_ahead": place.own_chunks_ahead,
            "other_chunks_ahead": place.other_chunks_ahead,
            "jobs_ahead": place.jobs_ahead,
        },
    }


def _job(job: Job, progress: JobProgress) -> dict[str, Any]:
    readable = job.state != "cancelled"
    return {
        "id": job.id,
        "state": job.state,
        "format": job.input_format,
        "language": job.lang,
        "edition": job.edition.value,
        "records": job.records,
        "chunks": job.chunks,
        "parts": job.parts,
        "created_at": _iso(job.created_at),
        "finished_at": _iso(job.finished_at),
        "expires_at": _iso(job.expires_at),
        "progress": _progress(job, progress),
        "results": url_for("jobs.JobResults", job_id=job.id) if readable else None,
    }


def _lines(limit: int) -> Iterator[bytes]:
    """The body's lines as they arrive (each read with at most ``limit`` bytes); buffered,
    since the request stream reads a line one byte at a time."""
    stream = io.BufferedReader(cast(io.RawIOBase, request.stream), 1 << 20)
    while True:
        line = stream.readline(limit)
        if not line:
            return
        yield line


def _archive_format(named: str | None, of_job: Callable[[], str] | None = None) -> str:
    """The format of the body: the one its content type names (415 for another type, or
    for a charset other than UTF-8); for raw bytes the one ``?format=`` names (``named``),
    else the job's (``of_job``, for a part), else a 422 asking for ``?format=``. A
    ``?format=`` other than the content type's is a 422 naming both."""
    kind = (request.mimetype or "").lower()
    if kind not in FORMAT_OF:
        abort(
            415,
            message=f"send the archive as one of {', '.join(FORMAT_OF)} (got {kind or 'none'})",
            messages={"headers": {"Content-Type": [f"must be one of {', '.join(FORMAT_OF)}"]}},
        )
    refuse_other_charset()
    typed = FORMAT_OF[kind]
    if typed is None:
        typed = named or (of_job() if of_job is not None else None)
        if typed is None:
            need = (
                f"an archive sent as {OCTET_STREAM} needs ?format=iss (ISS records) or "
                "?format=skat-log (skat-log/1 JSON lines)"
            )
            abort(status_for(InvalidInput), messages={"query": {"format": [need]}})
    elif named is not None and named != typed:
        disagree = (
            f"?format={named} disagrees with Content-Type {kind}, which holds {typed} "
            f"records: leave ?format= out, or send the archive as {OCTET_STREAM}"
        )
        abort(status_for(InvalidInput), messages={"query": {"format": [disagree]}})
    assert typed is not None  # (abort raises)
    return typed


#: the request body of a job or a part (the content types and what each holds)
ARCHIVE_BODY = {
    "required": True,
    "description": "one record a line: ISS (text/x-iss-sgf, text/plain) or "
    "skat-log/1 JSON (application/x-ndjson, application/jsonl), in UTF-8; or either as "
    "application/octet-stream (what a generated client sends) with ?format= naming it",
    # any text with a non-blank character (an archive of blank lines holds no record,
    # a 422); a line that is not a record becomes an error line of the results
    "content": {t: {"schema": ARCHIVE if t != OCTET_STREAM else ARCHIVE_BYTES} for t in FORMAT_OF},
}


@blp.route("/jobs")
class Jobs(MethodView):
    @authorized("platform")
    @blp.arguments(JobQuerySchema, location="query")
    @blp.doc(requestBody=ARCHIVE_BODY, operationId="createJob")
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.response(
        202, JobSchema, headers={h: header_ref(h) for h in ("Location", "Idempotent-Replayed")}
    )
    @blp.problems(401, 403, 409, 413, 415, 422, 429, 503)
    def post(self, args: dict[str, Any], headers: dict[str, Any]) -> Any:
        """Store an archive as a job and queue it; 202 with Location (the job's URL).

        202 means the job is stored; 503 means nothing is. With an Idempotency-Key a
        retried upload returns the job stored the first time (Idempotent-Replayed: true),
        on any instance; the same key with another archive is a 422. While the owner's
        stored results (compressed) take REFEREE_JOB_RESULT_QUOTA_BYTES, a new job is a
        409 (code job.quota) and nothing is stored.

        With open=true the body is the first part of a larger archive: the job is stored
        open (not started) until POST /v1/jobs/{id}/start or a part sent with last=true.
        The body is read as a stream, at most REFEREE_JOB_MAX_BYTES (413 beyond). Its
        content type names its records; sent as application/octet-stream (a generated
        client's raw body), ?format= names them."""
        who = principal()
        jobs = services().jobs
        input_format = _archive_format(args.get("format"))
        request.max_content_length = jobs.max_bytes
        job, replayed = jobs.submit_once(
            who,
            _lines(jobs.max_line_bytes + 1),
            input_format,
            args["lang"],
            idem_key=headers.get("idempotency_key"),
            edition=edition_of(args),
            start=not args["open"],
        )
        assert job.id is not None
        _, progress = jobs.progress(who, job.id)
        extra = {"Location": url_for("jobs.JobItem", job_id=job.id)}
        if replayed:
            extra["Idempotent-Replayed"] = "true"
        return _job(job, progress), 202, extra

    @authorized("platform", "admin")
    @blp.doc(operationId="listJobs")
    @blp.response(200, JobSchema(many=True))
    @blp.paginate()
    @blp.problems(401, 403, 422, 429, 503)
    def get(self, pagination_parameters: Any) -> list[dict[str, Any]]:
        """The caller's jobs, newest first (pagination in X-Pagination)."""
        who = principal()
        p = pagination_parameters
        jobs = services().jobs
        items, total = jobs.list(who, offset=p.first_item, limit=p.page_size)
        p.item_count = total
        return [_job(*jobs.progress(who, j.id)) for j in items if j.id is not None]


@blp.route("/jobs/<int(max=2147483647):job_id>")
class JobItem(MethodView):
    @authorized("platform", "admin")
    @blp.doc(operationId="getJob")
    @blp.response(200, JobSchema)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def get(self, job_id: int) -> dict[str, Any]:
        """A job's state and progress: records done, errors, rate, estimated time left."""
        return _job(*services().jobs.progress(principal(), job_id))

    @authorized("platform", "admin")
    @blp.doc(operationId="deleteJob")
    @blp.response(204)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def delete(self, job_id: int) -> None:
        """Delete a job: its archive and its results are removed, a job under way is
        stopped, and the job's URLs answer 404 afterwards (to stop a job and keep what
        was ruled, cancel it)."""
        services().jobs.delete(principal(), job_id)


@blp.route("/jobs/<int(max=2147483647):job_id>/parts")
class JobParts(MethodView):
    @authorized("platform")
    @blp.arguments(PartQuerySchema, location="query")
    @blp.doc(requestBody=ARCHIVE_BODY, operationId="appendJobPart")
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.response(
        200, JobSchema, headers={"Idempotent-Replayed": header_ref("Idempotent-Replayed")}
    )
    @blp.problems(401, 403, 404, 409, 413, 415, 422, 429, 503)
    def post(self, args: dict[str, Any], headers: dict[str, Any], job_id: int) -> Any:
        """Append a part to an open job (one stored with open=true): its records follow
        the parts before, its line numbers go on from theirs (a part begins a new line:
        split a file between lines). With last=true the job starts with this part.

        409 (code job.not_open) when the job is no longer open (started or cancelled);
        413 beyond REFEREE_JOB_MAX_BYTES a part or REFEREE_JOB_MAX_PARTS parts a job. With
        an Idempotency-Key a retried part is not appended twice: the answer is the job
        (Idempotent-Replayed: true), also after the job started; the same key with
        another part is a 422, as is a part in another format than the job's. A part sent
        as application/octet-stream is read in the job's format."""
        jobs = services().jobs
        input_format = _archive_format(
            args.get("format"), lambda: jobs.get(principal(), job_id).input_format
        )
        request.max_content_length = jobs.max_bytes
        job, replayed = jobs.append(
            principal(),
            job_id,
            _lines(jobs.max_line_bytes + 1),
            input_format,
            idem_key=headers.get("idempotency_key"),
            last=args["last"],
        )
        assert job.id is not None
        extra = {"Idempotent-Replayed": "true"} if replayed else {}
        return _job(*jobs.progress(principal(), job.id)), 200, extra


@blp.route("/jobs/<int(max=2147483647):job_id>/start")
class JobStart(MethodView):
    @authorized("platform")
    @blp.doc(operationId="startJob")
    @blp.response(200, JobSchema)
    @blp.problems(401, 403, 404, 409, 422, 429, 503)
    def post(self, job_id: int) -> dict[str, Any]:
        """Start an open job: it is queued and the workers rule it. A job started already
        is shown as it is (a retried start changes nothing); a cancelled job is a 409
        (code job.not_open)."""
        who = principal()
        jobs = services().jobs
        job = jobs.start(who, job_id)
        assert job.id is not None
        return _job(*jobs.progress(who, job.id))


@blp.route("/jobs/<int(max=2147483647):job_id>/cancel")
class JobCancel(MethodView):
    @authorized("platform", "admin")
    @blp.doc(operationId="cancelJob")
    @blp.response(200, JobSchema)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def post(self, job_id: int) -> dict[str, Any]:
        """Cancel a job: its chunks not yet ruled are dropped, the job stays readable
        (state cancelled) until it expires or is deleted; a finished job is left as it
        is."""
        who = principal()
        jobs = services().jobs
        jobs.cancel(who, job_id)
        return _job(*jobs.progress(who, job_id))


#: seconds a client is told to wait for the results of a job whose end cannot be estimated
RETRY_S = 5


@blp.route("/jobs/<int(max=2147483647):job_id>/results")
class JobResults(MethodView):
    @authorized("platform", "admin")
    @blp.doc(operationId="getJobResults")
    @blp.arguments(ResultsQuerySchema, location="query")
    @blp.response(
        200,
        ref("JobResultLine"),
        content_type=NDJSON,
        description="one JSON line a record: its input line number (line), its ISS game id "
        "(iss_id, null when it names none), then the skat-ruling/1 or an error; a summary "
        "line last, once the results reach the job's end",
        headers={h: header_ref(h) for h in ("Results-Complete", "Results-Next")},
    )
    @blp.problems(401, 403, 404, 409, 422, 429, 503)
    def get(self, args: dict[str, Any], job_id: int) -> Response:
        """The results ruled so far, one line per input record in input order: those of
        the chunks the workers have finished, up to the first they have not, then (once
        the job is done) a summary line.

        Results-Complete says whether they reach the job's end; while not, Results-Next
        is the line they reached: ask again with ?after= that value to read on (a
        download cut short resumes with ?after= the line of the last line received).
        With nothing to read yet after that line the answer is 409 (code job.not_done)
        naming the job's state, with Retry-After (the seconds the estimated end is away,
        at most a minute); a cancelled job's results never complete: 409 without it."""
        who = principal()
        after = args["after"]
        try:
            _, body, next_after = services().jobs.results(who, job_id, after)
        except JobNotDone as e:
            headers = None
            if e.where["state"] not in FINISHED:
                eta = _job(*services().jobs.progress(who, job_id))["progress"]["eta_s"]
                retry = RETRY_S if eta is None else min(60, max(1, math.ceil(eta)))
                headers = {"Retry-After": str(retry)}
            return problem(
                status_for(e),
                e.message,
                code=e.code,
                errors=[problem_item(e)],
                headers=headers,
                **e.where,
            )
        out = Response(body, mimetype=NDJSON)
        out.headers["Results-Complete"] = "true" if next_after is None else "false"
        if next_after is not None:
            out.headers["Results-Next"] = str(next_after)
        return out


@blp.route("/webhooks")
class Webhooks(MethodView):
    @authorized("platform")
    @blp.doc(operationId="createWebhook")
    @blp.arguments(WebhookCreateSchema)
    @blp.arguments(IdempotencyHeaderSchema, location="headers")
    @blp.response(
        201, WebhookSchema, headers={"Idempotent-Replayed": header_ref("Idempotent-Replayed")}
    )
    @blp.problems(400, 401, 403, 409, 413, 415, 422, 429, 503)
    def post(self, data: dict[str, Any], headers: dict[str, Any]) -> Any:
        """Register a callback URL for job.done and/or ruling.changed (the secret is
        shown here); 409 when the owner has as many as allowed. With an Idempotency-Key
        a retried registration registers nothing new: the answer is the webhook stored
        the first time, its secret included (Idempotent-Replayed: true); the same key
        with another URL or other events is a 422."""
        hook, replayed = services().webhooks.add(
            principal(), data["url"], data["events"], idem_key=headers.get("idempotency_key")
        )
        extra = {"Idempotent-Replayed": "true"} if replayed else {}
        return _hook(hook, secret=True), 201, extra

    @authorized("platform")
    @blp.doc(operationId="listWebhooks")
    @blp.response(200, WebhookSchema(many=True))
    @blp.problems(401, 403, 422, 429, 503)
    def get(self) -> list[dict[str, Any]]:
        """The caller's webhooks (without their secrets)."""
        return [_hook(h) for h in services().webhooks.of(principal())]


@blp.route("/webhooks/<int(max=2147483647):hook_id>")
class WebhookItem(MethodView):
    @authorized("platform")
    @blp.doc(operationId="deleteWebhook")
    @blp.response(204)
    @blp.problems(401, 403, 404, 422, 429, 503)
    def delete(self, hook_id: int) -> None:
        """Remove a webhook."""
        services().webhooks.remove(principal(), hook_id)


def _hook(hook: Webhook, *, secret: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": hook.id,
        "url": hook.url,
        "events": list(hook.events),
        "created_at": _iso(hook.created_at),
    }
    if secret:
        out["secret"] = hook.secret
    return out
