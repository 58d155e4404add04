"""The composition root: settings, storage, services, the API and the console in one app.

>>> from referee.service.settings import Settings
>>> app = create_app(Settings(database_url="sqlite://"))
>>> sorted(bp for bp in app.blueprints if bp != "api-docs")[:3]
['adjudications', 'appeals', 'console']
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from werkzeug.exceptions import NotFound as HttpNotFound
from werkzeug.middleware.proxy_fix import ProxyFix

from referee import __version__, worker
from referee.api import (
    adjudications,
    appeals,
    disputes,
    docs,
    documents,
    health,
    imports,
    jobs,
    keys,
    rules,
    security_headers,
)
from referee.api.context import Services
from referee.api.contract import (
    FORMATS,
    ContractPlugin,
    components,
    document_field_properties,
    register_headers,
)
from referee.api.extensions import RefereeApi, RefereeFlask
from referee.api.job_schemas import result_line_components
from referee.api.problems import (
    from_crowded,
    from_http_exception,
    from_referee_error,
    from_unexpected,
)
from referee.api.ratelimit import RateLimiter
from referee.core.errors import RefereeError
from referee.rulings.search.gate import Crowded
from referee.service.adjudication import AdjudicationService
from referee.service.disputes import DisputeService
from referee.service.jobs import JobService
from referee.service.keys import KeyService
from referee.service.ports import Backend
from referee.service.settings import Settings
from referee.service.webhooks import WebhookService
from referee.storage.backend import open_backend
from referee.storage.db import Timeouts
from referee.web import console

SPEC_DESCRIPTION = (
    "Rulings on disputed Skat games under the International Skat Order (ISkO 1998/99) "
    "and the Skat Tournament Order (SkWO). Errors are RFC 9457 problem+json; "
    "authenticate with `Authorization: Bearer <API key>`. The formats are JSON Schemas "
    "served at /schemas/skat-log-1.json, /schemas/skat-ruling-1.json and "
    "/schemas/skat-replay-1.json. How a platform integrates: docs/integration.md."
)
BLUEPRINTS = (health, adjudications, disputes, appeals, rules, imports, jobs, keys, documents)


def create_app(settings: Settings | None = None, backend: Backend | None = None) -> Flask:
    """Build the app; ``settings`` default to the environment, ``backend`` to its URL."""
    settings = settings or Settings.from_env()
    backend = backend or open_backend(
        settings.database_url,
        Timeouts(
            settings.db_connect_timeout_s,
            settings.db_statement_timeout_s,
            settings.db_lock_timeout_s,
        ),
    )
    app = RefereeFlask("referee")
    app.config.update(
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        API_TITLE="Skat referee",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
    )
    if settings.trusted_hosts:
        app.config["TRUSTED_HOSTS"] = list(settings.trusted_hosts)  # any other Host: 400
    docs.configure(app)  # /docs and /redoc from pinned copies the service serves

    def jobs_for(queue: worker.HueyQueue) -> JobService:
        hooks = WebhookService.from_settings(settings, backend.unit_of_work, queue)
        return JobService.from_settings(settings, backend.unit_of_work, queue, hooks)

    queue = worker.build(settings, jobs_for)
    job_service = jobs_for(queue)
    assert job_service.webhooks is not None
    app.extensions["referee"] = Services(
        settings=settings,
        backend=backend,
        keys=KeyService(
            backend.unit_of_work,
            cache_seconds=settings.key_cache_s,
            session_seconds=settings.console_session_hours * 3600,
            link_seconds=settings.signin_link_minutes * 60,
        ),
        disputes=DisputeService(
            backend.unit_of_work,
            on_ruling_changed=job_service.webhooks.ruling_changed,
            default_rules=settings.rules,
        ),
        adjudication=AdjudicationService(settings.rules),
        jobs=job_service,
        webhooks=job_service.webhooks,
    )
    api = RefereeApi(
        app,
        spec_kwargs={
            "info": {"description": SPEC_DESCRIPTION},
            "security": [{"bearer": []}],
            "extra_plugins": [ContractPlugin()],
        },
    )
    app.extensions["referee_api"] = api
    api.spec.components.security_scheme(
        "bearer",
        {"type": "http", "scheme": "bearer", "description": "an API key: Bearer <key>"},
    )
    api.ma_plugin.converter.add_attribute_function(document_field_properties)
    register_headers(api.spec)
    for name in FORMATS:
        for component, schema in components(name).items():
            api.spec.components.schema(component, schema)
    for component, schema in result_line_components().items():
        api.spec.components.schema(component, schema)
    for module in BLUEPRINTS:
        api.register_blueprint(module.blp)
    app.register_error_handler(RefereeError, from_referee_error)
    app.register_error_handler(Exception, from_unexpected)
    app.register_error_handler(Crowded, from_crowded)
    RateLimiter(settings.rate_limit, settings.rate_limit_storage, settings.heavy_budget).init_app(
        app
    )
    console.init_app(app, settings)  # the console (/console), a sibling of the API
    app.register_error_handler(404, _not_found)
    security_headers.init_app(app)
    if settings.proxies:  # behind nginx (deploy/nginx.conf): the client's own address
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.proxies, x_proto=settings.proxies
        )
    return app


def _not_found(error: HttpNotFound) -> Any:
    """No route answers: the console's page for an address under /console (in the
    reader's language), the API's problem+json elsewhere."""
    if request.path == "/console" or request.path.startswith("/console/"):
        return console.not_found_page()
    return from_http_exception(error)
