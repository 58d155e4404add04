"""The WSGI entry point for gunicorn: ``referee.api.wsgi:app`` (settings from the env)."""

from referee.api.app import create_app

app = create_app()
