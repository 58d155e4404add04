"""Tests of the Skat domain core (referee.core)."""
