"""A strict JSON reader for records and request bodies: ``json.loads`` without what JSON
does not allow (NaN, Infinity), what no database column can store (NUL, lone surrogates)
and integers too long to handle, at orjson's speed where the text allows it.

>>> strict_json_loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> try:
...     strict_json_loads('{"a": NaN}')
... except StrictJSONError as exc:
...     print(exc.msg)
NaN is not valid JSON
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import orjson

__all__ = ["MAX_INT_DIGITS", "StrictJSONError", "strict_json_loads"]


class StrictJSONError(json.JSONDecodeError):
    """Text the JSON grammar allows (or Python's parser accepts) that a document here may
    not hold; ``msg`` says what and where (no line and column: they would point at the
    start of the document)."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg, "(document)", 0)  # doc non-empty: webargs treats "" as no body


def _reject_constant(name: str) -> Any:
    raise StrictJSONError(f"{name} is not valid JSON")


def strict_json_loads(text: str | bytes) -> Any:
    r"""``json.loads`` that refuses what JSON does not allow but Python accepts (NaN,
    Infinity), what no database column can store (NUL characters, lone UTF-16 surrogates,
    which are no characters at all: RFC 8259 8.2, I-JSON), and integers longer than
    :data:`MAX_INT_DIGITS` digits (Python refuses to read or write them beyond 4,300).
    Each refusal is a :class:`json.JSONDecodeError` that says what and, for a string,
    where (a JSON pointer).

    >>> strict_json_loads('{"a": 1}')
    {'a': 1}
    >>> strict_json_loads('[NaN]')
    Traceback (most recent call last):
    ...
    referee.record.strict_json.StrictJSONError: NaN is not valid JSON: line 1 column 1 (char 0)
    >>> try:
    ...     strict_json_loads(r'{"note": ["ok", "\ud800"]}')
    ... except json.JSONDecodeError as exc:
    ...     print(exc.msg)
    a lone UTF-16 surrogate (\ud800) at /note/1 is not a character
    """
    binary = isinstance(text, (bytes, bytearray))
    # (type: ignore below) text and needle have the same type (bytes or str), by `binary`
    if (b"\x00" if binary else "\x00") in text:  # type: ignore[operator]
        coding = json.detect_encoding(text) if isinstance(text, (bytes, bytearray)) else ""
        if coding.startswith("utf-") and coding not in ("utf-8", "utf-8-sig"):
            raise StrictJSONError(  # its NULs are the high bytes of its characters
                f"the text is {coding.upper()}, not UTF-8 (JSON between systems is "
                "UTF-8, RFC 8259): send it encoded as UTF-8"
            )
        raise StrictJSONError("NUL characters are not allowed (no database stores them)")
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
    else:
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a str holding a lone surrogate itself
            bad = f"\\u{ord(text[exc.start]):04x}"
            raise StrictJSONError(f"a lone UTF-16 surrogate ({bad}) is not a character") from None
    if b"\\u" in raw and (b"\\u0000" in raw or _SURROGATE_ESCAPE.search(raw)):
        # an escaped NUL or surrogate (or only a backslash written before "u0000" or
        # "ud800"): decode and look at every string
        doc = _standard_loads(text)
        _refuse_bad_strings(doc)
        return doc
    if _LONG_NUMBER not in raw.translate(_DIGITS):
        try:  # orjson reads valid JSON some 3x faster, to the same values
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # the standard parser explains it, or accepts what orjson is strict about
    return _standard_loads(text)


#: the longest integer a document may hold: far beyond any count or id, and far below
#: the 4,300 digits beyond which Python refuses to convert (a ValueError, not a JSON error)
MAX_INT_DIGITS = 1000
#: an escaped UTF-16 surrogate, ``\ud800`` to ``\udfff`` (a pair is two of them)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _standard_loads(text: str | bytes) -> Any:
    return json.loads(
        text, parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_bounded_int
    )


def _bounded_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise StrictJSONError(
            f"an integer of {digits} digits is too long (at most {MAX_INT_DIGITS})"
        )
    return int(text)


def _refuse_bad_strings(doc: Any) -> None:
    """Refuse a NUL or a lone surrogate in any string (key or value) of a decoded
    document, naming its JSON pointer; iterative, so a deeply nested document is judged
    like any other."""
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        item, pointer = stack.pop()
        if isinstance(item, str):
            problem = _bad_string(item)
            if problem:
                what, why = problem
                where = f" at {pointer}" if pointer else ""
                raise StrictJSONError(f"{what}{where} {why}")
        elif isinstance(item, dict):
            for key, value in item.items():
                path = pointer + "/" + key.replace("~", "~0").replace("/", "~1")
                stack.append((key, pointer))
                stack.append((value, path))
        elif isinstance(item, list):
            stack.extend((value, f"{pointer}/{i}") for i, value in enumerate(item))


def _bad_string(text: str) -> tuple[str, str] | None:
    """What makes ``text`` unstorable and why: a NUL, a lone surrogate, or None."""
    if "\x00" in text:
        return "a NUL character (\\u0000)", "is not allowed (no database stores it)"
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a lone UTF-16 surrogate (\\u{ord(text[exc.start]):04x})", "is not a character"
    return None


def _finite_float(text: str) -> float:
    """A JSON number as a float; one too large for a float (``1e400``) is refused rather
    than read as infinity, which JSON cannot write back."""
    value = float(text)
    if math.isinf(value):
        raise StrictJSONError(f"number {text} is too large")
    return value


#: 19 digits in a row: a number orjson would turn into a float beyond 64 bits (the
#: standard parser keeps Python's exact integers), so such text takes the standard road.
#: Found by mapping every digit byte to "0" and every other byte to " " (a C-speed
#: ``bytes.translate``; a regular expression costs 10x more on a 2 KB record).
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_NUMBER = b"0" * 19
