"""What a reading of the rule texts is (:class:`Reading`): an open question, the clauses it
concerns, its options with the text or reason behind each and the one applied by default,
and the verdicts that apply it (:class:`Applied`). The readings themselves are declared in
:mod:`referee.core.readings`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar

__all__ = ["Applied", "Reading", "declare"]

E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class Applied:
    """Verdicts that apply a reading, and the step a ruling says right after them.

    ``verdicts``: the explanation keys of the judges' verdicts (``cards_exposed.single``);
    ``option``: the option of the reading they apply, which the rule set must have chosen
    (``None`` for a fixed reading, which has no second option); ``clauses``: the clauses the step
    cites; ``when``: a parameter of the verdict's explanation that must be set as well
    (``in_play``); ``names_event``: the step names the infraction's event. The step's
    message key is ``reading.<id>`` for the default option (or a fixed reading) and
    ``reading.<id>.<option>`` for another.
    """

    verdicts: tuple[str, ...]
    clauses: tuple[str, ...]
    option: StrEnum | None = None
    when: str | None = None
    names_event: bool = False

    def message(self, reading_id: str, default: StrEnum | None = None) -> str:
        """The message key of the step naming the reading ``reading_id``."""
        if self.option is None or self.option is default:
            return f"reading.{reading_id}"
        return f"reading.{reading_id}.{self.option.value}"


@dataclass(frozen=True, slots=True)
class Reading:
    """One open question of the rule texts and the ways it can be read.

    ``sides`` gives, for every option, the text or reason it rests on (which translation
    says so, or why); ``default`` is the option the referee applies unless told otherwise;
    ``applied``: the verdicts that apply it, each with the option it applies and the step
    the ruling says after them.
    """

    id: str
    question: str
    clauses: tuple[str, ...]
    options: type[StrEnum]
    default: StrEnum
    sides: Mapping[str, str]
    applied: tuple[Applied, ...] = ()

    def __post_init__(self) -> None:
        if set(self.sides) != {o.value for o in self.options}:
            raise ValueError(f"reading {self.id}: a text for every option, and only for them")
        if self.default not in list(self.options):
            raise ValueError(f"reading {self.id}: the default is not one of its options")
        if any(a.option not in list(self.options) for a in self.applied):
            raise ValueError(f"reading {self.id}: a verdict applies an option it does not have")

    @property
    def alternatives(self) -> tuple[StrEnum, ...]:
        """The options other than the default."""
        return tuple(o for o in self.options if o is not self.default)


def declare(
    id: str,
    options: type[E],
    default: E,
    question: str,
    clauses: tuple[str, ...],
    *,
    applied: tuple[Applied, ...] = (),
    **sides: str,
) -> Reading:
    """A reading, its options and the text behind each (``sides``, by option value), and
    the verdicts that apply it (``applied``)."""
    return Reading(id, question, clauses, options, default, MappingProxyType(sides), applied)
