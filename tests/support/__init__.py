"""What the tests and benchmarks share: game generators, case files, servers, clients.

Imported as ``tests.support.<module>`` (the repository root is on ``sys.path``); the
shared fixtures live in ``tests/conftest.py``.
"""
