"""The game's vocabulary as types: the languages, the phases of a game, what became of an
infraction, and the replayer's notes that are no infraction.

A language is parsed once, where it enters (the API's ``?lang=``, the console's choice, a
command's ``--lang``): an unknown one is refused there, never replaced by another.

>>> parse_language("de") is Language.DE, LANGUAGES
(True, ('en', 'de', 'es'))
>>> try:
...     parse_language("fr")
... except LanguageError as exc:
...     print(exc.code, exc.message)
language.unknown unknown language 'fr'; known: en, de, es
>>> Phase("playing") is Phase.PLAYING, Phase.PLAYING, Status.VOID
(True, 'playing', <Status.VOID: 'void'>)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from referee.core.errors import BadRequest

__all__ = [
    "DEFAULT_LANGUAGE",
    "Word",
    "LANGUAGES",
    "Language",
    "LanguageError",
    "Note",
    "Phase",
    "Status",
    "parse_language",
]


class Word(StrEnum):
    """A word of the vocabulary: it compares, hashes, formats and prints as its text, so
    a value that was a plain string reads the same in every message and log."""

    def __repr__(self) -> str:
        return repr(self.value)


class Language(Word):
    """The languages the referee speaks: every clause, message and ruling exists in each."""

    EN = "en"
    DE = "de"
    ES = "es"


#: every language, English first
LANGUAGES: tuple[Language, ...] = tuple(Language)
#: the language of an answer that asks for none
DEFAULT_LANGUAGE = Language.EN


class LanguageError(BadRequest):
    """A language the referee does not speak (400)."""

    code = "language.unknown"


def parse_language(value: Any) -> Language:
    """``value`` as a :class:`Language`; anything else is a :class:`LanguageError` that
    names the known ones."""
    if isinstance(value, str) and value in _BY_CODE:
        return _BY_CODE[value]
    known = ", ".join(LANGUAGES)
    raise LanguageError(
        f"unknown language {value!r}; known: {known}",
        where={"field": "lang"},
        params={"got": str(value)[:20], "known": known},
    )


_BY_CODE: dict[str, Language] = {lang.value: lang for lang in Language}


class Phase(Word):
    """Where a game stands: the deal, the bidding, the declaration, the play, its end."""

    DEAL = "deal"
    BIDDING = "bidding"
    DECLARING = "declaring"
    PLAYING = "playing"
    FINISHED = "finished"
    PASSED_IN = "passed_in"


class Status(StrEnum):
    """What became of an infraction.

    ``penalized``: it stands and (usually) ends the game; ``void``: the rules do not punish
    it; ``expired``: it came too late to be claimed; ``waived``: the innocent side demanded
    play go on (4.1.6).
    """

    PENALIZED = "penalized"
    VOID = "void"
    EXPIRED = "expired"
    WAIVED = "waived"


class Note(Word):
    """What the replayer notes that is no infraction of the ISkO (the reasoning mentions it)."""

    BIDDING_IRREGULAR = "bidding_irregular"
    PLAY_AFTER_END = "play_after_end"
    PLAY_AFTER_GATHERED = "play_after_gathered"
    DEALT_OUT_OF_TURN = "dealt_out_of_turn"  # the deal's mark says so (ISkO 3.2.11-3.2.13)
    #: words added to the announcement before the first card (ISkO 3.4.1): they count
    ANNOUNCEMENT_COMPLETED = "announcement_completed"
    #: words added to the announcement after the first card (ISkO 3.4.1): they do not count
    LATE_ANNOUNCEMENT = "late_announcement"
