"""Rulings: what the ISkO says the result of a recorded game is, and appeals against it."""
