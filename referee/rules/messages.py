"""Message templates in German, English and Spanish (``rules_kb/messages/messages.yaml``).

Rulings carry language-neutral :class:`~referee.rulings.model.Message` keys; this module
turns them into text. Terms (seats, sides, games, levels) in the parameters are
translated through the ``terms`` table of the same file.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from referee.core.errors import Unavailable
from referee.core.vocabulary import LANGUAGES, Language
from referee.rules.catalogue import default_path

__all__ = [
    "Messages",
    "MessagesError",
    "default_messages",
    "load_messages",
    "messages_dir",
]

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class MessagesError(Unavailable):
    code = "kb.messages_invalid"


class Messages:
    """Validated templates: ``render(key, params, lang)``."""

    def __init__(self, messages: dict[str, dict[str, str]], terms: dict[str, dict[str, str]]):
        self.messages = messages
        self.terms = terms
        #: (key, lang, parameters with their types) -> the text, for :meth:`render`
        self._texts: dict[tuple[str, str, tuple[Any, ...]], str] = {}
        #: lang -> the glossary's nouns (``glossary.noun.<name>``: "singular/plural")
        prefix = "glossary.noun."
        self.nouns: dict[str, dict[str, str]] = {
            lang: {k[len(prefix) :]: v[lang] for k, v in messages.items() if k.startswith(prefix)}
            for lang in LANGUAGES
        }

    def has(self, key: str) -> bool:
        return key in self.messages

    def term(self, word: Any, lang: Language) -> Any:
        if isinstance(word, str) and word in self.terms:
            return self.terms[word].get(lang, word)
        if isinstance(word, list):
            return ", ".join(str(self.term(w, lang)) for w in word)
        if isinstance(word, bool):
            return self.terms.get(str(word).lower(), {}).get(lang, str(word))
        return word

    def render(
        self, key: str, params: Mapping[str, Any] | None = None, lang: Language = Language.EN
    ) -> str:
        """The text of ``key`` in ``lang`` (a :class:`Language`, parsed where it came in).

        A text is a function of the key, the language and the parameters (values and
        types: ``True`` and ``1`` render differently), so it is remembered under all
        three (at most :data:`TEXTS_KEPT` texts; parameters other than text, integers,
        booleans, None and lists of them are rendered every time).

        >>> m = Messages({"k": {"en": "{n}, {b}"}}, {"true": {"en": "yes"}})
        >>> m.render("k", {"n": 1, "b": True}), m.render("k", {"n": True, "b": 1})
        ('1, yes', 'yes, 1')
        """
        frozen = _frozen(params) if params else ()
        if frozen is None:
            return self._render(key, params, lang)
        text = self._texts.get((key, lang, frozen))
        if text is None:
            text = self._render(key, params, lang)
            if len(self._texts) >= TEXTS_KEPT:
                self._texts.clear()
            self._texts[(key, lang, frozen)] = text
        return text

    def _render(self, key: str, params: Mapping[str, Any] | None, lang: Language) -> str:
        template = self.messages.get(key)
        params = params or {}
        if template is None:  # never silent: tests assert every key exists
            return key + (" " + repr(params) if params else "")
        nouns = self.nouns.get(lang)
        values = _Defaulting({k: _counted(self.term(v, lang), nouns) for k, v in params.items()})
        return template[lang].format_map(values)


#: how many rendered texts :class:`Messages` keeps (then it starts again)
TEXTS_KEPT = 4096
#: float is left out: 0.0 and -0.0 are one key but render differently
_PLAIN = (str, int, bool, type(None))


def _frozen(params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The parameters as a key: names, types and values (None if one cannot be).

    >>> _frozen({"a": 1, "b": ["x", True]})
    (('a', <class 'int'>, 1), ('b', <class 'list'>, ((<class 'str'>, 'x'), (<class 'bool'>, True))))
    >>> _frozen({"a": {"b": 1}}) is None
    True
    """
    out = []
    for name, value in params.items():
        kind = type(value)
        if kind in _PLAIN:
            out.append((name, kind, value))
        elif kind is list and all(type(v) in _PLAIN for v in value):
            out.append((name, kind, tuple((type(v), v) for v in value)))
        else:
            return None
    return tuple(out)


class _Count(int):
    """A number that can name what it counts: ``{tricks:trick/tricks}`` gives "1 trick"
    and "2 tricks" (singular/plural after the colon), ``{n:@card}`` the noun's forms from
    the glossary (``glossary.noun.card`` in ``rules_kb/messages/glossary.yaml``); other
    format specs work as for int.

    >>> nouns = {"card": "Karte/Karten"}
    >>> f"{_Count(1):trick/tricks}, {_Count(3):Stich/Stiche}, {_Count(-4):+d}"
    '1 trick, 3 Stiche, -4'
    >>> [f"{_Count(n, nouns):@card}" for n in (0, 1, 2)]
    ['0 Karten', '1 Karte', '2 Karten']
    """

    nouns: Mapping[str, str] = {}

    def __new__(cls, value: int, nouns: Mapping[str, str] | None = None) -> _Count:
        out = super().__new__(cls, value)
        out.nouns = nouns or {}
        return out

    def __format__(self, spec: str) -> str:
        if spec.startswith("@"):
            spec = self.nouns.get(spec[1:], spec[1:] + "/" + spec[1:])
        if "/" in spec:
            one, _, many = spec.partition("/")
            return f"{int(self)} {one if self == 1 else many}"
        return int.__format__(self, spec)


def _counted(value: Any, nouns: Mapping[str, str] | None = None) -> Any:
    return _Count(value, nouns) if type(value) is int else value


# (type: ignore below) a dict subclass for str.format_map; its type args do not matter
class _Defaulting(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "?"


def messages_dir() -> Path:
    return default_path() / "messages"


def load_messages(path: Path | None = None) -> Messages:
    """Read and validate the templates (every ``*.yaml`` of a folder, or one file): every
    message and term in all three languages, no key defined twice."""
    path = path or messages_dir()
    files = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    out: dict[str, dict[str, dict[str, str]]] = {"messages": {}, "terms": {}}
    for file in files:
        _read_into(file, out)
    return Messages(out["messages"], out["terms"])


def _read_into(path: Path, out: dict[str, dict[str, dict[str, str]]]) -> None:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    except (OSError, yaml.YAMLError) as exc:
        raise MessagesError(f"{path}: {exc}", where={"file": str(path)}) from None
    if not isinstance(data, dict) or set(data) - {"messages", "terms"}:
        raise MessagesError(f"{path}: top level must hold 'messages' and 'terms'")
    for section in ("messages", "terms"):
        entries = data.get(section) or {}
        for key, texts in entries.items():
            if key in out[section]:
                raise MessagesError(
                    f"{path}: {section}.{key} is defined twice",
                    where={"file": str(path), "key": key},
                )
            if (
                not isinstance(texts, dict)
                or set(texts) != set(LANGUAGES)
                or not all(isinstance(t, str) and t.strip() for t in texts.values())
            ):
                raise MessagesError(
                    f"{path}: {section}.{key} needs non-empty en, de and es texts",
                    where={"file": str(path), "key": key},
                )
            out[section][key] = texts


@functools.lru_cache(maxsize=1)
def default_messages() -> Messages:
    return load_messages()
