"""A client generated from api_spec/openapi.yaml by openapi-python-client (test extra),
used unchanged against the service under real gunicorn (a bulk-job worker beside it):
rule a record, store a dispute with an Idempotency-Key (twice: one dispute), page through
the disputes and read the rules; run a bulk job in parts and read its results while it
runs; import an ISS file.

What the generator cannot do, and the workaround docs/integration.md gives: it sends a
raw body only as application/octet-stream (so createJob, appendJobPart and importIss take
a ``File`` and the job's format comes in ``format_``), and it has no reader for NDJSON
answers (getJobResults' and importIss' 200 is not parsed: ``parsed`` is None; the lines
are in ``content``, each read with the generated JobRulingLine, JobErrorLine,
JobSummaryLine or ImportLine)."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.support.live import LiveServer
from tests.support.service import EXAMPLES, ROOT, example
from tests.support.stack import expected_results

SPEC = ROOT / "api_spec" / "openapi.yaml"
PACKAGE = "skat_referee_client"


TEXT = ("text/x-iss-sgf", "text/plain")
NDJSON_TYPES = ("application/x-ndjson", "application/jsonl")
#: what the generator leaves out, by operation: the typed bodies (it sends only JSON, forms
#: and application/octet-stream, which each of these operations takes too) and the NDJSON
#: answers (it reads only JSON, text/* and bytes); every operation is generated
LEFT_OUT = {
    "POST /v1/adjudications": {f"body {t}" for t in TEXT},
    "POST /v1/disputes": {f"body {t}" for t in TEXT},
    "POST /v1/imports/iss": {*(f"body {t}" for t in TEXT), "answer application/x-ndjson"},
    "POST /v1/jobs": {f"body {t}" for t in (*TEXT, *NDJSON_TYPES)},
    "POST /v1/jobs/{job_id}/parts": {f"body {t}" for t in (*TEXT, *NDJSON_TYPES)},
    "GET /v1/jobs/{job_id}/results": {"answer application/x-ndjson"},
}


def _left_out(stdout: str) -> dict[str, set[str]]:
    """The generator's warnings: operation -> what of it was left out."""
    out: dict[str, set[str]] = {}
    operation = ""
    for line in stdout.splitlines():
        found = re.match(r"WARNING parsing (\w+ \S+) within", line)
        if found:
            operation = found[1]
        elif line.startswith("Unsupported content type "):
            out.setdefault(operation, set()).add("body " + line.split()[-1])
        elif "response will be omitted" in line:
            kind = re.search(r"Unsupported content_type ([^)]+)\)", line)
            out.setdefault(operation, set()).add(f"answer {kind[1] if kind else line}")
    return out


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The generated package, imported from a temporary folder."""
    tool = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
    if tool is None:
        pytest.fail("openapi-python-client is missing: pip install -e '.[test]'")
    out = tmp_path_factory.mktemp("client")
    run = subprocess.run(
        [tool, "generate", "--path", str(SPEC), "--output-path", str(out / PACKAGE)]
        + ["--meta", "none"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=out,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    said = run.stdout + run.stderr  # (its warnings go to either, by version)
    assert _left_out(said) == LEFT_OUT, said[-3000:]
    assert "Unable to" not in said and "will not be generated" not in said
    sys.path.insert(0, str(out))
    try:
        yield lambda name: importlib.import_module(f"{PACKAGE}.{name}")
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("live")
    server = LiveServer(
        tmp,
        REFEREE_WORKER_BESIDE="1",  # one bulk-job worker, as `referee serve` runs
        REFEREE_QUEUE_PATH=str(tmp / "queue.db"),
        REFEREE_JOB_CHUNK_RECORDS="2",  # results come chunk by chunk
    )
    yield server
    server.stop()


def test_a_generated_client_rules_stores_pages_and_reads_rules(generated, live) -> None:  # type: ignore[no-untyped-def]
    client_mod: ModuleType = generated("client")
    models: ModuleType = generated("models")
    client = client_mod.AuthenticatedClient(base_url=live.base, token=live.secrets["platform"])

    # rule a record (nothing stored), in German
    rule_record = generated("api.adjudications.rule_record")
    r = rule_record.sync_detailed(
        client=client,
        body=models.SkatLog.from_dict(example("revoke-objected")),
        lang=models.RuleRecordLang.DE,
    )
    assert r.status_code == 200, r.content[:500]
    ruling = r.parsed
    assert isinstance(ruling, models.SkatRuling)
    assert ruling.outcome.value == "won" and ruling.language.value == "de"
    assert [c.id for c in ruling.citations][:2] == ["ISkO 4.2.3", "ISkO 4.2.4"]

    # store a dispute with an Idempotency-Key; the retry finds it
    create = generated("api.disputes.create_dispute")
    body = models.DisputeCreate.from_dict(
        {"record": example("revoke-objected"), "note": "objection at trick 6"}
    )
    first = create.sync_detailed(client=client, body=body, idempotency_key="game-14")
    again = create.sync_detailed(client=client, body=body, idempotency_key="game-14")
    assert first.status_code == again.status_code == 201
    assert isinstance(first.parsed, models.Dispute)
    assert first.parsed.id == again.parsed.id
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.headers["Location"] == f"/v1/disputes/{first.parsed.id}"
    assert first.parsed.ruling.document.outcome.value == "won"

    # four more, then page through all five, two a page
    for name in ("false-lead", "passed-in", "grand-hand", "null-ouvert"):
        stored = create.sync_detailed(
            client=client,
            body=models.DisputeCreate.from_dict({"record": example(name)}),
            idempotency_key=f"game-{name}",
        )
        assert stored.status_code == 201, stored.content[:500]
    listing = generated("api.disputes.list_disputes")
    seen: list[int] = []
    page: int | None = 1
    while page is not None:
        r = listing.sync_detailed(client=client, page=page, page_size=2)
        assert r.status_code == 200
        meta = json.loads(r.headers["X-Pagination"])
        seen += [d.id for d in r.parsed]
        page = meta.get("next_page")
    assert len(seen) == len(set(seen)) == 5 and meta["total"] == 5 and meta["total_pages"] == 3

    # the rules
    rules = generated("api.rules.list_rules").sync(client=client, q="revoke")
    assert rules and all(isinstance(c, models.Clause) for c in rules)
    clause = generated("api.rules.get_rule").sync("isko-4.2.3", client=client)
    assert clause.id == "ISkO 4.2.3" and clause.language == "en"


def _result_lines(generated, content: bytes) -> list[Any]:  # type: ignore[no-untyped-def]
    """NDJSON results read with the generated models (the generator leaves them unread)."""
    models = generated("models")
    out = []
    for text in content.decode("utf-8").splitlines():
        doc = json.loads(text)
        if "summary" in doc:
            out.append(models.JobSummaryLine.from_dict(doc))
        elif "error" in doc:
            out.append(models.JobErrorLine.from_dict(doc))
        else:
            out.append(models.JobRulingLine.from_dict(doc))
    return out


def test_a_generated_client_runs_a_bulk_job_in_parts_and_reads_it_while_it_runs(
    generated, live
) -> None:  # type: ignore[no-untyped-def]
    client_mod: ModuleType = generated("client")
    models: ModuleType = generated("models")
    types: ModuleType = generated("types")
    client = client_mod.AuthenticatedClient(base_url=live.base, token=live.secrets["platform"])
    names = ("revoke-objected", "false-lead", "passed-in", "grand-hand", "null-ouvert")
    lines = [json.dumps(example(n)) for n in names]
    lines.insert(3, '{"format": "skat-log/1"')  # broken: an error line in its place
    first, second = lines[:4], lines[4:]

    def body(part: list[str]):  # type: ignore[no-untyped-def]
        return types.File(payload=BytesIO("".join(x + "\n" for x in part).encode()))

    create = generated("api.jobs.create_job")
    r = create.sync_detailed(
        client=client,
        body=body(first),
        format_=models.CreateJobFormat.SKAT_LOG,
        open_=True,
        idempotency_key="bulk-1",
    )
    assert r.status_code == 202, r.content[:500]
    job = r.parsed
    assert isinstance(job, models.Job)
    assert job.state.value == "open" and job.format_.value == "skat-log" and job.records == 4
    assert r.headers["Location"] == f"/v1/jobs/{job.id}"

    append = generated("api.jobs.append_job_part")
    r = append.sync_detailed(job.id, client=client, body=body(second), last=True)
    assert r.status_code == 200, r.content[:500]
    assert r.parsed.parts == 2 and r.parsed.records == 6 and r.parsed.state.value != "open"

    # the results while the job runs: chunk by chunk, on from Results-Next, until complete
    results = generated("api.jobs.get_job_results")
    read, after, answers = b"", 0, []
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, (read, answers)
        r = results.sync_detailed(job.id, client=client, after=after)
        answers.append(r.status_code)
        if r.status_code == 409:  # nothing new yet: a problem the client reads
            assert isinstance(r.parsed, models.Problem) and r.parsed.code == "job.not_done"
            assert int(r.headers["Retry-After"]) >= 1
            time.sleep(0.1)
            continue
        assert r.status_code == 200 and r.parsed is None  # NDJSON: not parsed, see above
        read += r.content
        if r.headers["Results-Complete"] == "true":
            break
        after = int(r.headers["Results-Next"])
    assert read == expected_results(lines, iss=False, lang="en")
    parsed = _result_lines(generated, read)
    assert [type(x).__name__ for x in parsed] == [
        *("JobRulingLine",) * 3,
        "JobErrorLine",
        *("JobRulingLine",) * 2,
        "JobSummaryLine",
    ]
    assert [x.line for x in parsed[:-1]] == [1, 2, 3, 4, 5, 6]
    assert parsed[0].outcome.value == "won" and parsed[0].citations[0].id == "ISkO 4.2.3"
    assert parsed[3].error.code == "record.json"
    assert parsed[-1].summary.ruled == 5 and parsed[-1].summary.errors == 1

    # an archive of ISS records in one request; raw bytes without ?format= are refused
    iss = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8").strip()
    refused = create.sync_detailed(client=client, body=body([iss]))
    assert refused.status_code == 422 and refused.parsed.errors[0].pointer == "/format"
    r = create.sync_detailed(
        client=client, body=body([iss, iss]), format_=models.CreateJobFormat.ISS
    )
    assert r.status_code == 202 and r.parsed.format_.value == "iss"
    get_job = generated("api.jobs.get_job")
    while (state := get_job.sync(r.parsed.id, client=client).state.value) != "done":
        assert time.monotonic() < deadline, state
        time.sleep(0.1)
    done = results.sync_detailed(r.parsed.id, client=client)
    assert done.content == expected_results([iss, iss], iss=True, lang="en")
    assert [x.iss_id for x in _result_lines(generated, done.content)[:2]] == [541932] * 2


def test_a_generated_client_imports_an_iss_file(generated, live) -> None:  # type: ignore[no-untyped-def]
    client_mod: ModuleType = generated("client")
    models: ModuleType = generated("models")
    types: ModuleType = generated("types")
    client = client_mod.AuthenticatedClient(base_url=live.base, token=live.secrets["platform"])
    iss = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8").strip()
    text = f"{iss}\n(;GM[Skat] broken ;)\n{iss}\n"
    import_iss = generated("api.imports.import_iss")
    r = import_iss.sync_detailed(
        client=client,
        body=types.File(payload=BytesIO(text.encode())),
        lang=models.ImportIssLang.DE,
    )
    assert r.status_code == 200 and r.parsed is None, r.content[:500]
    assert r.headers["Content-Type"].startswith("application/x-ndjson")
    got = [models.ImportLine.from_dict(json.loads(x)) for x in r.content.splitlines()]
    assert [g.index for g in got[:3]] == [0, 1, 2]
    assert got[0].ruling.language.value == "de" and got[0].game == 541932
    assert got[1].error.code and got[1].error.line == 2
    assert (got[3].summary.games, got[3].summary.ruled, got[3].summary.errors) == (3, 2, 1)
