"""The WSGI entry point for gunicorn: ``referee.wsgi:app`` (settings from the env).

The engine is warmed up here, so no worker's first ruling pays for loading tables, and
long exact searches are made to pass one at a time through a lock file all workers share
(``REFEREE_ANALYSIS_LOCK``; :mod:`referee.service.analysis_gate`), with at most
``REFEREE_LONG_SEARCH_WAITING`` requests of a worker waiting for them.
"""

from referee.app import create_app
from referee.service.analysis_gate import install_file_gate
from referee.service.engine import warm_up
from referee.service.settings import Settings

settings = Settings.from_env()
app = create_app(settings)
install_file_gate(settings.analysis_lock, settings.long_search_waiting)
warm_up()
