"""Use cases of the referee service: disputes, appeals, keys; one transaction per use case.

The layer defines what it needs from storage (:mod:`referee.service.ports`) and never
imports the database or the web framework; :mod:`referee.storage` implements the ports
and :mod:`referee.api` exposes the use cases over HTTP.
"""
