"""Wire the console into the Flask app: secret key, cookie settings, pages, error pages.

The app factory calls :func:`init_app` once; the pages live in ``views_*`` modules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response, redirect, render_template, request, url_for
from werkzeug.exceptions import TooManyRequests

from referee.core.errors import Forbidden, NotFound, RefereeError, Unauthenticated, Unavailable
from referee.core.vocabulary import LANGUAGES, LanguageError
from referee.http_status import status_for
from referee.rulings.search.gate import Crowded
from referee.service.settings import Settings
from referee.web import (  # noqa: F401  (routes)
    views_amend,
    views_auth,
    views_disputes,
    views_entry,
    views_keys,
    views_revisions,
    views_rules,
)
from referee.web.auth import FormExpired, check_csrf, csrf_token, current_principal
from referee.web.blueprint import bp
from referee.web.error_text import error_text, place
from referee.web.i18n import (
    LANGUAGE_NAMES,
    capitalized,
    choose_language,
    current_language,
    term,
    text,
)
from referee.web.secret import SECRET_NAME, load_or_create_secret
from referee.web.services import services
from referee.web.times import when


def init_app(app: Flask, settings: Settings) -> None:
    """Register the console on ``app`` (pages under ``/console``, ``/`` leads there)."""
    app.secret_key = settings.secret_key or load_or_create_secret(
        Path(settings.var_dir) / SECRET_NAME
    )
    # set, not setdefault: Flask's defaults already hold these keys (SameSite None)
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_SECURE"] = settings.cookie_secure == "always"
    #: Secure exactly when the request came over HTTPS (see CookieSessionsOnDemand)
    app.config["REFEREE_COOKIE_SECURE_AUTO"] = settings.cookie_secure == "auto"
    app.register_blueprint(bp)
    app.add_url_rule("/", "console_home", lambda: redirect(url_for("console.disputes")))


@bp.before_request
def _before() -> Any:
    lang = request.args.get("lang")
    if lang is not None:  # named by the user: one the referee does not speak is a 400 page
        choose_language(lang)
    if request.method == "POST":
        check_csrf()
    return None


@bp.app_template_global()
def clause_slug(clause_id: str) -> str:
    """``ISkO 4.2.3`` -> ``isko-4.2.3`` (the rule page's address)."""
    return clause_id.lower().replace(" ", "-")


@bp.context_processor
def _context() -> dict[str, Any]:
    lang = current_language()
    return {
        "lang": lang,
        "languages": LANGUAGES,
        "language_names": LANGUAGE_NAMES,
        "t": lambda key, **params: text(key, lang, **params),
        "term": lambda word: term(word, lang),
        "cap": lambda word: capitalized(word, lang),
        "when": when,
        "zone_name": services().settings.timezone,
        "who": current_principal(),
        "csrf_token": csrf_token,
    }


def _error_page(status: int, message: str) -> tuple[str, int]:
    return render_template("console/error.html", status=status, message=message), status


@bp.errorhandler(RefereeError)
def _referee_error(error: RefereeError) -> Any:
    lang = current_language()
    if isinstance(error, Unauthenticated):
        return redirect(url_for("console.sign_in", next=request.full_path.rstrip("?")))
    if isinstance(error, Forbidden):
        return _error_page(status_for(error), text("console.error.forbidden", lang))
    if isinstance(error, NotFound):
        return _error_page(status_for(error), text("console.error.not_found", lang))
    if isinstance(error, FormExpired):
        return _error_page(status_for(error), text("console.error.form_expired", lang))
    where = place(error.where, lang)
    message = error_text(error, lang)
    return _error_page(status_for(error), f"{where}: {message}" if where else message)


@bp.errorhandler(404)
def _not_found(_error: Exception) -> Any:
    return _error_page(status_for(NotFound), text("console.error.not_found", current_language()))


def not_found_page() -> Any:
    """A console address no page answers (``/console/typo``): the console's 404 page in
    the reader's language (the app routes it here; the API answers its own with JSON)."""
    status, message = status_for(NotFound), text("console.error.not_found", current_language())
    with_lang = request.args.get("lang")
    if with_lang is not None:
        try:
            choose_language(with_lang)
        except LanguageError as error:  # the named language is the first thing wrong
            status, message = status_for(error), error_text(error, current_language())
        else:
            message = text("console.error.not_found", current_language())
    # outside the blueprint's own routes: its context processor does not run by itself
    page = render_template("console/error.html", status=status, message=message, **_context())
    return page, status


@bp.errorhandler(429)
def _too_many(error: TooManyRequests) -> Any:
    """A form over the rate limit (referee/api/ratelimit.py): a page, with Retry-After."""
    retry = int(getattr(error, "retry_after", None) or 60)
    page, status = _error_page(
        429, text("console.error.too_many", current_language(), seconds=retry)
    )
    return page, status, {"Retry-After": str(retry)}


@bp.errorhandler(Crowded)
def _crowded(error: Crowded) -> Any:
    """A ruling that needed a long search while as many as may wait for one were waiting
    (referee/service/analysis_gate.py): a page, with Retry-After, as the API's 503."""
    retry = error.retry_after
    page, status = _error_page(
        status_for(Unavailable),
        text("console.error.analysis_busy", current_language(), seconds=retry),
    )
    return page, status, {"Retry-After": str(retry)}


#: the console's own scripts and styles only: no inline code, no other origin, no frames
CONSOLE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)


def no_store(response: Response) -> Response:
    """Pages show private rulings: keep them out of shared caches; and a content
    security policy (the app adds nosniff and X-Frame-Options to every response)."""
    if request.endpoint != "console.static":
        response.headers.setdefault("Cache-Control", "no-store")
    response.headers.setdefault("Content-Security-Policy", CONSOLE_CSP)
    return response


bp.after_request(no_store)
