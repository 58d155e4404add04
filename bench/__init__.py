"""Benchmarks of the Skat referee (``python -m bench`` / ``make bench``); not part of the tests."""
