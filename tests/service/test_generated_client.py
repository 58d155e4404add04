"""A client generated from api_spec/openapi.yaml by openapi-python-client (test extra),
used unchanged against the service under real gunicorn: rule a record, store a
dispute with an Idempotency-Key (twice: one dispute), page through the disputes and read
the rules."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.live import LiveServer
from tests.support.service import ROOT, example

SPEC = ROOT / "api_spec" / "openapi.yaml"
PACKAGE = "skat_referee_client"


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
    # what the generator could not express: only the ISS bodies (text types it lacks)
    skipped = [line for line in run.stdout.splitlines() if line.startswith("Unsupported")]
    assert set(skipped) <= {
        "Unsupported content type text/x-iss-sgf",
        "Unsupported content type text/plain",
    }, run.stdout[-3000:]
    assert "Unable to" not in run.stdout, run.stdout[-3000:]
    sys.path.insert(0, str(out))
    try:
        yield lambda name: importlib.import_module(f"{PACKAGE}.{name}")
    finally:
        sys.path.remove(str(out))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    server = LiveServer(tmp_path_factory.mktemp("live"))
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
