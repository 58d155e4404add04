"""Security headers on every response.

Everything: ``X-Content-Type-Options: nosniff`` (a JSON body is never sniffed into a
script), ``X-Frame-Options: DENY`` (no page of the service in another site's frame),
``Referrer-Policy: no-referrer``, and over HTTPS ``Strict-Transport-Security``. API
answers also carry ``Content-Security-Policy: default-src 'none'; frame-ancestors
'none'`` (a response opened in a browser can load nothing); the console sets its own
policy (referee/web/console.py), and the interactive API docs (``/docs``, ``/redoc``,
whose pages run inline scripts; Swagger UI and ReDoc are served by the service itself,
referee/api/docs.py) get none.

>>> from flask import Flask
>>> app = Flask("doc")
>>> init_app(app)
>>> app.add_url_rule("/x", "x", lambda: "x")
>>> h = app.test_client().get("/x").headers
>>> h["X-Content-Type-Options"], h["X-Frame-Options"], h["Content-Security-Policy"]
('nosniff', 'DENY', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
"""

from __future__ import annotations

from flask import Flask, Response, request

API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
#: the API docs pages (inline scripts, Swagger UI and ReDoc): no policy of ours
DOCS_PAGES = frozenset({"/docs", "/redoc"})


def add_security_headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Referrer-Policy", "no-referrer")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if request.path not in DOCS_PAGES:
        headers.setdefault("Content-Security-Policy", API_CSP)
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
