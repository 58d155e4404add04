"""The console's Blueprint (pages under ``/console``, static files under ``/console/static``)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint(
    "console",
    __name__,
    url_prefix="/console",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)
