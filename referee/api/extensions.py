"""flask-smorest with problem+json errors, and the per-key rate limiter."""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask_limiter import Limiter
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from referee.api.context import bearer_token
from referee.api.problems import ProblemSchema, from_http_exception
from referee.service.keys import hash_key


class RefereeApi(Api):
    """flask-smorest's Api whose errors are RFC 9457 problems."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        return from_http_exception(error)


def rate_limit_key() -> str:
    """Limits count per API key (by hash), or per client address without a key."""
    token = bearer_token()
    return "key:" + hash_key(token)[:16] if token else "addr:" + (request.remote_addr or "-")


def make_limiter(app: Flask, limit: str, storage_uri: str) -> Limiter:
    """A limiter on every route except the probes and the docs."""
    limiter = Limiter(
        rate_limit_key,
        app=app,
        default_limits=[limit],
        storage_uri=storage_uri,
        headers_enabled=True,
        default_limits_exempt_when=lambda: not request.path.startswith("/v1/"),
    )
    return limiter
