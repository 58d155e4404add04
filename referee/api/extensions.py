"""flask-smorest with problem+json errors, and the per-key rate limiter."""

from __future__ import annotations

import http
from typing import Any

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from flask_limiter import Limiter
from flask_smorest import Api
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest.utils import prepare_response
from marshmallow import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import HTTPException

from referee.api.context import bearer_token
from referee.api.problems import PROBLEM_JSON, ProblemSchema, from_http_exception
from referee.record.log import strict_json_loads
from referee.service.keys import hash_key


class StrictJSONProvider(DefaultJSONProvider):
    """Request bodies: no NaN or Infinity (not JSON) and no NUL characters (no database
    column stores them); either is a 400, never a 500."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return strict_json_loads(s)


class StrictParser(FlaskParser):
    """webargs reads JSON bodies itself; make it as strict as the app's provider."""

    def _raw_load_json(self, req: Any) -> Any:
        if not is_json_request(req):
            return missing
        return strict_json_loads(req.get_data(cache=True))


class Blueprint(SmorestBlueprint):
    """flask-smorest's Blueprint with the strict JSON argument parser."""

    ARGUMENTS_PARSER = StrictParser()


class RefereeFlask(Flask):
    json_provider_class = StrictJSONProvider


class RefereeApi(Api):
    """flask-smorest's Api whose errors are RFC 9457 problems."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Document every error response as ``application/problem+json``, as it is sent."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)

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
