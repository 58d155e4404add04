"""Write referee/api/formats/response-examples.json: one real answer per operation, made by
the service itself on a throw-away SQLite database, with times, key prefixes and secrets
replaced by fixed ones so the file (and the spec that embeds it) does not change between
runs. Run it after changing a response's shape, then ``make spec``:

    .venv/bin/python scripts/response_examples.py && make spec

tests/service/test_response_examples.py holds every example to the spec's schema.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.app import create_app  # noqa: E402
from referee.service.lines import rule_job_line  # noqa: E402
from referee.service.settings import Settings  # noqa: E402
from referee.storage.backend import SqlBackend  # noqa: E402

OUT = ROOT / "referee" / "api" / "formats" / "response-examples.json"
EXAMPLES = ROOT / "examples"
TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(\+00:00|Z)")
SECRET = re.compile(r"rk_[A-Za-z0-9_-]{20,}")
PREFIX = re.compile(r"^rk_[A-Za-z0-9_-]{1,12}$")


def _fixed(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _fixed(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_fixed(v) for v in node]
    if isinstance(node, str):
        node = TIME.sub("2026-05-02T14:05:00+00:00", node)
        node = SECRET.sub("rk_EXAMPLE-secret-shown-only-once-0000000000000", node)
        return "rk_EXAMPLE00" if PREFIX.match(node) else node
    return node


def _webhook_secret(hook: dict[str, Any]) -> dict[str, Any]:
    return {**hook, "secret": "whsec-EXAMPLE-shown-only-once"} if "secret" in hook else hook


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/examples.db"
        backend = SqlBackend(url)
        backend.migrate()
        backend.dispose()
        app = create_app(Settings(database_url=url, secret_key="examples"))
        services = app.extensions["referee"]
        secrets = {
            role: services.keys.create(role, owner)[1]
            for role, owner in (
                ("admin", "Operator"),
                ("referee", "Referee team"),
                ("court", "Skat court"),
                ("platform", "Online platform"),
            )
        }
        c = app.test_client()

        def call(method: str, url: str, role: str, **kw: Any) -> Any:
            headers = {"Authorization": f"Bearer {secrets[role]}", **kw.pop("headers", {})}
            r = c.open(url, method=method, headers=headers, **kw)
            assert r.status_code < 300, (method, url, r.status_code, r.get_data(as_text=True))
            if r.mimetype == "application/x-ndjson":
                return r.get_data(as_text=True)
            return r.get_json()

        record = json.loads((EXAMPLES / "revoke-objected.json").read_text(encoding="utf-8"))
        iss = (EXAMPLES / "iss-record.sgf").read_text(encoding="utf-8").strip()
        note = "Forehand objected after trick 5; the table could not agree."
        out: dict[str, Any] = {}
        out["getHealth"] = call("GET", "/health", "admin")
        out["getReadiness"] = call("GET", "/ready", "admin")
        dispute = call(
            "POST",
            "/v1/disputes",
            "referee",
            json={"record": record, "note": note, "meta": {"table": "3"}},
            headers={"Idempotency-Key": "table-3-game-5"},
        )
        out["createDispute"] = dispute
        d = dispute["id"]
        out["listDisputes"] = call("GET", "/v1/disputes", "referee")
        out["getDispute"] = call("GET", f"/v1/disputes/{d}", "referee")
        out["replayDispute"] = call("GET", f"/v1/disputes/{d}/replay?at=3", "referee")
        grounds = (
            "The revoke was noticed before the cards were gathered; we ask the court to confirm it."
        )
        out["lodgeAppeal"] = call(
            "POST", f"/v1/disputes/{d}/appeals", "court", json={"grounds": grounds}
        )
        out["listRulings"] = call("GET", f"/v1/disputes/{d}/rulings", "referee")
        out["getRuling"] = call("GET", f"/v1/disputes/{d}/rulings/1", "referee")
        out["listRules"] = call("GET", "/v1/rules?q=revoke", "referee")[:2]
        out["getRule"] = call("GET", "/v1/rules/isko-4.2.3", "referee")
        out["importIss"] = call(
            "POST",
            "/v1/imports/iss",
            "platform",
            data=iss + "\n",
            headers={"Content-Type": "text/x-iss-sgf"},
        )
        job = call(
            "POST",
            "/v1/jobs?lang=en",
            "platform",
            data=iss + "\n",
            headers={"Content-Type": "text/x-iss-sgf"},
        )
        out["createJob"] = job
        out["getJob"] = call("GET", f"/v1/jobs/{job['id']}", "platform")
        out["listJobs"] = call("GET", "/v1/jobs", "platform")
        out["cancelJob"] = call("POST", f"/v1/jobs/{job['id']}/cancel", "platform")
        opened = call(
            "POST",
            "/v1/jobs?lang=en&open=true",
            "platform",
            data=iss + "\n",
            headers={"Content-Type": "text/x-iss-sgf"},
        )
        out["appendJobPart"] = call(
            "POST",
            f"/v1/jobs/{opened['id']}/parts",
            "platform",
            data=iss + "\n",
            headers={"Content-Type": "text/x-iss-sgf"},
        )
        out["startJob"] = call("POST", f"/v1/jobs/{opened['id']}/start", "platform")
        # the lines the workers write for the job (ruled here: no worker runs)
        ruled, ok = rule_job_line((1, iss), iss=True, lang="en")
        summary = {"records": 1, "ruled": int(ok), "errors": int(not ok)}
        out["getJobResults"] = ruled + "\n" + json.dumps({"summary": summary}) + "\n"
        hook = {
            "url": "https://platform.example/skat/hooks",
            "events": ["job.done", "ruling.changed"],
        }
        out["createWebhook"] = _webhook_secret(call("POST", "/v1/webhooks", "platform", json=hook))
        out["listWebhooks"] = call("GET", "/v1/webhooks", "platform")
        out["createKey"] = call(
            "POST", "/v1/keys", "admin", json={"role": "platform", "owner": "Online platform"}
        )
        out["listKeys"] = call("GET", "/v1/keys", "admin")
        out["revokeKey"] = call("POST", f"/v1/keys/{out['createKey']['id']}/revoke", "admin")
        services.backend.dispose()
    requests = {"createWebhook": hook, "createJob": iss + "\n", "appendJobPart": iss + "\n"}
    doc = {"responses": _fixed(out), "requests": requests}
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(out)} operations")


if __name__ == "__main__":
    main()
