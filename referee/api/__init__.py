"""The HTTP API (Flask + flask-smorest): thin views over :mod:`referee.service`."""
