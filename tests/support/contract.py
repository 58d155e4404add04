"""Responses checked against ``api_spec/openapi.yaml``: status, headers and body.

:class:`ContractClient` is the Flask test client of every app the test fixtures build
(tests/conftest.py): each response to a documented operation is checked as it arrives,
and a test whose request got an answer the spec does not describe fails there.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

SPEC_PATH = Path(__file__).resolve().parents[2] / "api_spec" / "openapi.yaml"
SPEC_URI = "urn:skat-referee:openapi"
#: headers any HTTP response may carry: not part of an operation's contract
GENERIC_HEADERS = {
    "content-type",
    "content-length",
    "cache-control",
    "vary",
    "set-cookie",
    "date",
    "server",
    "connection",
    "etag",
    "last-modified",
    "expires",
    "transfer-encoding",
    # security headers on every response (referee/api/security_headers.py)
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "strict-transport-security",
    "content-security-policy",
}


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class Contract:
    """The committed spec, ready to check responses against."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.registry: Registry = Registry().with_resource(
            SPEC_URI, Resource(contents=spec, specification=DRAFT202012)
        )
        self.paths: list[tuple[re.Pattern[str], str]] = []
        for template in spec["paths"]:
            parts = re.split(r"(\{[^}]+\})", template)
            pattern = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
            self.paths.append((re.compile(f"^{pattern}$"), template))
        # literal paths before templated ones (/v1/disputes before /v1/disputes/{id})
        self.paths.sort(key=lambda p: p[1].count("{"))

    def _resolve(self, node: dict[str, Any], pointer: str) -> tuple[dict[str, Any], str]:
        while "$ref" in node:
            pointer = node["$ref"].lstrip("#")
            node = self.spec
            for part in pointer.strip("/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def _validate(self, value: Any, pointer: str) -> list[str]:
        validator = Draft202012Validator(
            {"$ref": f"{SPEC_URI}#{pointer}"},
            registry=self.registry,
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )
        return [
            f"{'/' + '/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
            for e in validator.iter_errors(value)
        ]

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]] | None:
        for pattern, template in self.paths:
            if pattern.match(path):
                op = self.spec["paths"][template].get(method.lower())
                return (template, op) if op is not None else None
        return None

    def check(self, method: str, path: str, response: TestResponse) -> list[str]:
        """What in ``response`` the spec does not describe (empty: it conforms)."""
        found = self.operation(method, path)
        if found is None:
            return []
        template, op = found
        status = str(response.status_code)
        base = f"/paths/{_escape(template)}/{method.lower()}/responses"
        if status not in op["responses"]:
            return [f"status {status} is not documented"]
        doc, pointer = self._resolve(op["responses"][status], f"{base}/{status}")
        problems: list[str] = []
        problems += self._check_headers(doc, pointer, response)
        body = response.get_data()
        content = doc.get("content") or {}
        if not body:
            return problems
        mimetype = response.mimetype
        if mimetype not in content:
            return [*problems, f"content type {mimetype} is not documented ({list(content)})"]
        schema_pointer = f"{pointer}/content/{_escape(mimetype)}/schema"
        if "schema" not in content[mimetype]:
            return problems
        text = body.decode("utf-8")
        if mimetype == "application/x-ndjson":
            values = [json.loads(line) for line in text.splitlines() if line.strip()]
        elif mimetype.endswith("json"):
            values = [json.loads(text)]
        else:
            values = [text]
        for value in values:
            problems += [f"body {p}" for p in self._validate(value, schema_pointer)]
        return problems

    def _check_headers(
        self, doc: dict[str, Any], pointer: str, response: TestResponse
    ) -> list[str]:
        problems = []
        documented = {name.lower(): name for name in doc.get("headers") or {}}
        for name in {h.lower() for h in response.headers.keys()}:
            if name in GENERIC_HEADERS:
                continue
            if name not in documented:
                problems.append(f"header {name} is not documented")
                continue
            spec_name = documented[name]
            header, hpointer = self._resolve(
                doc["headers"][spec_name], f"{pointer}/headers/{_escape(spec_name)}"
            )
            raw = response.headers[name]
            if "content" in header:
                ((mt, media),) = header["content"].items()
                value: Any = json.loads(raw)
                target = f"{hpointer}/content/{_escape(mt)}/schema"
            else:
                schema = header.get("schema") or {}
                value = (
                    int(raw)
                    if schema.get("type") == "integer" and raw.lstrip("-").isdigit()
                    else raw
                )
                target = f"{hpointer}/schema"
            problems += [f"header {spec_name} {p}" for p in self._validate(value, target)]
        for spec_name, header in (doc.get("headers") or {}).items():
            header, _ = self._resolve(header, "")
            if header.get("required") and spec_name.lower() not in response.headers:
                problems.append(f"required header {spec_name} is missing")
        return problems


@cache
def contract() -> Contract:
    return Contract(yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8")))


class ContractClient(FlaskClient):
    """A test client that checks every response against the spec as it comes."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        response = super().open(*args, **kwargs)
        request = response.request
        problems = contract().check(request.method, request.path, response)
        if problems:
            where = f"{request.method} {request.path} -> {response.status_code}"
            raise AssertionError(
                f"response not as api_spec/openapi.yaml says ({where}):\n  " + "\n  ".join(problems)
            )
        return response
