"""Skat referee: rules adjudication under the International Skat Order (ISkO 1998/99)."""

__version__ = "0.1.0"
