"""The WSGI entry point for gunicorn: ``referee.wsgi:app`` (settings from the env).

The engine is warmed up here, so no worker's first ruling pays for loading tables.
"""

from referee.app import create_app
from referee.service.engine import warm_up

app = create_app()
warm_up()
