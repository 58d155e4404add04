"""Rulings: what the ISkO says the result of a recorded game is, and appeals against it.

Rule once, render per language:

>>> from referee.record import parse_record, EXAMPLE_DEAL
>>> ruling = rule(parse_record({"format": "skat-log/1", "deal": EXAMPLE_DEAL, "events": [
...     {"type": "pass", "seat": "middlehand"}, {"type": "pass", "seat": "rearhand"},
...     {"type": "pass", "seat": "forehand"}]}))
>>> ruling.outcome is Outcome.PASSED_IN, render(ruling, "de")["language"]
(True, 'de')
"""

from referee.rulings.adjudicate import rule
from referee.rulings.appeals import AppealError, compare_rulings
from referee.rulings.model import Infraction, Message, Outcome, Party, Ruling, Step
from referee.rulings.render import FORMAT, render

__all__ = [
    "FORMAT",
    "AppealError",
    "Infraction",
    "Message",
    "Outcome",
    "Party",
    "Ruling",
    "Step",
    "compare_rulings",
    "render",
    "rule",
]
