"""``POST /v1/imports/iss``: a file of ISS records in, NDJSON rulings streamed out.

The body is read whole (within ``REFEREE_IMPORT_MAX_BYTES``, kept in memory up to
:data:`SPOOL_MEMORY` and in a temporary file beyond) before the first line of the answer
is sent: a client that sends its whole body before it reads (Python's urllib,
python-requests) would otherwise wait for the server to read on while the server waits
for it to read the answer, and neither would move.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from flask import Response, json, request, stream_with_context
from flask.views import MethodView
from flask_smorest import abort
from werkzeug.exceptions import RequestEntityTooLarge

from referee.api import examples
from referee.api.context import (
    ISS_TEXT,
    ISS_TYPES,
    authorized,
    body_kind,
    language,
    principal,
    refuse_other_charset,
    services,
)
from referee.api.contract import Document
from referee.api.extensions import Blueprint
from referee.api.problems import problem_item
from referee.api.schemas import RulingQuerySchema, edition_of
from referee.core.errors import InvalidInput, RefereeError, TooLarge
from referee.http_status import status_for
from referee.record.iss import MAX_LINE_CHARS
from referee.service.adjudication import IMPORTERS

NDJSON = "application/x-ndjson"
#: raw bytes, read as ISS text: the one request body type a generated client can send
OCTET_STREAM = "application/octet-stream"
ISS_BYTES = {
    "type": "string",
    "format": "binary",
    "pattern": ISS_TEXT["pattern"],
    "description": "ISS records, one a line, UTF-8 (as text/x-iss-sgf)",
}
#: bytes of an import kept in memory while it is read; the rest goes to a temporary file
SPOOL_MEMORY = 1024 * 1024
#: bytes read from the request at a time
READ_CHUNK = 64 * 1024

blp = Blueprint(
    "imports",
    __name__,
    url_prefix="/v1/imports",
    description="Bulk rulings for platforms: ISS files in, NDJSON out (nothing stored).",
)


class ImportErrorSchema(ma.Schema):
    """Why one game could not be ruled: the fields of a problem+json ``errors`` entry."""

    class Meta:
        unknown = ma.INCLUDE

    code = ma.fields.String(metadata={"description": "stable machine-readable code"})
    detail = ma.fields.String(metadata={"description": "what is wrong, in English"})
    line = ma.fields.Integer(metadata={"description": "line of the file (from 1)"})
    pointer = ma.fields.String(metadata={"description": "JSON Pointer into the converted record"})
    event = ma.fields.Integer(metadata={"description": "index of the converted record's event"})


class ImportSummarySchema(ma.Schema):
    games = ma.fields.Integer()
    ruled = ma.fields.Integer()
    errors = ma.fields.Integer()


class ImportLineSchema(ma.Schema):
    """One NDJSON line: a ruling, an error, or (last) the summary."""

    index = ma.fields.Integer(metadata={"description": "the game's position in the file (from 0)"})
    game = ma.fields.Raw(allow_none=True, metadata={"description": "the ISS game id"})
    ruling = Document("SkatRuling")
    error = ma.fields.Nested(ImportErrorSchema)
    summary = ma.fields.Nested(ImportSummarySchema)


class ImportNotIss(InvalidInput):
    """An import whose first record cannot be read: not an ISS file (HTTP 422)."""


def error_item(error: dict[str, Any]) -> dict[str, Any]:
    """A game's error (``{code, message, ...where}``) as a problem+json ``errors`` entry:
    ``code``, ``detail``, and where it is (``pointer`` into the converted record, ``event``,
    ``line``).

    >>> item = error_item({"code": "card.unknown", "message": "bad", "event": 3, "field": "card"})
    >>> item["code"], item["detail"], item["pointer"], item["event"]
    ('card.unknown', 'bad', '/events/3/card', 3)
    """
    where = {k: v for k, v in error.items() if k not in ("code", "message")}
    return problem_item(
        RefereeError(str(error.get("message")), code=error.get("code"), where=where)
    )


class _Peeked:
    """The body read up to its first ISS record (bounded), then as it comes: lines before
    that record are kept and served again, in the same pieces, so an unreadable first line
    is still an error line of the import while a body with no ISS record near
    its start is refused as a whole (422)."""

    #: how far into the body the first record is looked for: lines, and characters kept
    HEAD_LINES = 1000
    HEAD_CHARS = 1024 * 1024

    def __init__(self, stream: io.TextIOBase) -> None:
        self._stream = stream
        self._head: list[str] = []
        self.lines = 0
        self.blank = True

    def find_record(self) -> bool:
        """Read lines (in the pieces the reader asks for) until one holds ``(;``. Of a line
        over the reader's limit only its first piece is kept (the reader drops the rest)."""
        kept = 0
        while self.lines < self.HEAD_LINES and kept < self.HEAD_CHARS:
            piece = self._stream.readline(MAX_LINE_CHARS + 1)
            if not piece:
                return False
            self.lines += 1
            if len(piece) > MAX_LINE_CHARS and not piece.endswith("\n"):
                while True:  # the rest of an overlong line: read on, keep nothing
                    rest = self._stream.readline(MAX_LINE_CHARS)
                    if not rest or rest.endswith("\n"):
                        break
                piece += "\n"  # the reader sees an overlong line that ends here
                self._head.extend([piece[:-1], "\n"])
            else:
                self._head.append(piece)
            kept += len(piece)
            self.blank = self.blank and not piece.strip()
            if "(;" in piece:
                return True
        return False

    def readline(self, size: int = -1) -> str:
        if self._head:
            return self._head.pop(0)
        return self._stream.readline(size)


@blp.route("/iss")
class IssImport(MethodView):
    @authorized(*IMPORTERS)
    @blp.doc(
        operationId="importIss",
        requestBody={
            "required": True,
            "description": "ISS records, one per line",
            "content": {
                # an ISS record holds "(;": a body without one is refused as a whole
                **{t: {"schema": ISS_TEXT, "example": examples.ISS_RECORD} for t in ISS_TYPES},
                # the same text as raw bytes: what a generated client can send
                OCTET_STREAM: {"schema": ISS_BYTES, "example": examples.ISS_RECORD},
            },
        },
    )
    @blp.arguments(RulingQuerySchema, location="query")
    @blp.response(200, ImportLineSchema, content_type=NDJSON)
    @blp.problems(401, 403, 413, 415, 422, 429, 503)
    def post(self, args: dict[str, Any]) -> Response:
        """Rule every game of an ISS file; one JSON line per game, then a summary line.

        The file comes as text/x-iss-sgf or text/plain, or as application/octet-stream
        (what a generated client sends), always in UTF-8.

        An empty body, or one with no ISS record in its first 1,000 lines, is a 422; lines
        before the first record are error lines like any other unreadable line. A game that
        cannot be ruled gives a line with error (code, detail, and where it is: line,
        event, pointer), the same fields as a problem+json errors entry.
        """
        who = principal()
        lang = language()
        limit = services().settings.import_max_bytes
        request.max_content_length = limit
        if request.content_length is not None and request.content_length > limit:
            abort(status_for(TooLarge), message=f"the import is larger than {limit} bytes")
        if request.mimetype == OCTET_STREAM:
            refuse_other_charset()
        else:
            body_kind(iss=True, json_ok=False)
        spool = _spooled(limit)
        try:
            # a byte that is not UTF-8 is kept as a lone surrogate: its line is an error
            # line (iss.encoding), never a record read with the byte replaced
            text = io.TextIOWrapper(spool, encoding="utf-8", errors="surrogateescape")
            head = _Peeked(text)
            if not head.find_record():
                if not head.blank:
                    raise ImportNotIss(
                        f"no ISS record in the first {head.lines} line(s); an ISS file holds "
                        "one record (;GM[Skat]...;) a line",
                        code="iss.not_iss",
                        where={"line": head.lines},
                    )
                abort(
                    status_for(InvalidInput),
                    message="the body is empty: send ISS records, one per line",
                )
            lines = services().adjudication.import_iss(who, head, lang, edition_of(args))
        except BaseException:
            spool.close()
            raise

        def ndjson() -> Iterator[str]:
            try:
                for item in lines:
                    if "error" in item:  # the fields of a problem+json errors entry
                        item = {**item, "error": error_item(item["error"])}
                    yield json.dumps(item) + "\n"
            finally:
                spool.close()

        return Response(stream_with_context(ndjson()), mimetype=NDJSON)


def _spooled(limit: int) -> tempfile.SpooledTemporaryFile[bytes]:
    """The whole body, read before anything is answered (413 past ``limit`` bytes, also
    for a chunked body), in memory up to :data:`SPOOL_MEMORY` and in a temporary file
    beyond, positioned at its start."""
    spool: tempfile.SpooledTemporaryFile[bytes] = tempfile.SpooledTemporaryFile(
        max_size=SPOOL_MEMORY, prefix="referee-import-"
    )
    size = 0
    try:
        while True:
            try:
                chunk = request.stream.read(READ_CHUNK)
            except RequestEntityTooLarge:
                chunk, size = b"", limit + 1
            if size > limit or (chunk and size + len(chunk) > limit):
                abort(status_for(TooLarge), message=f"the import is larger than {limit} bytes")
            if not chunk:
                break
            size += len(chunk)
            spool.write(chunk)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool
