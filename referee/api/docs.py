"""Swagger UI (``/docs``) and ReDoc (``/redoc``) from pinned copies the service serves.

flask-smorest renders both pages; their scripts and styles come from
``referee/api/docs_assets/`` (versions and licences in its README), at
``/docs-assets/<tool>/<file>``, so the documentation works without internet.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask

ASSETS = Path(__file__).with_name("docs_assets")
SWAGGER_UI_VERSION = "5.17.14"
REDOC_VERSION = "2.1.5"
PREFIX = "/docs-assets"

blp = Blueprint(
    "docs_assets",
    __name__,
    static_folder=str(ASSETS),
    static_url_path=PREFIX,
)


def configure(app: Flask) -> None:
    """Point flask-smorest's pages at the served copies (before the Api is made)."""
    app.config.update(
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=f"{PREFIX}/swagger-ui/",
        OPENAPI_REDOC_PATH="/redoc",
        OPENAPI_REDOC_URL=f"{PREFIX}/redoc/redoc.standalone.js",
    )
    app.register_blueprint(blp)
