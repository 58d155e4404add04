"""Find English left in a German or Spanish console page ("German everywhere").

A page is rendered in English and in the other language. A word *leaks* when it is
shown in both renderings and is not a word of that language's catalogue (every ``de`` or
``es`` text under ``rules_kb/``: messages, terms, clause titles and texts) nor a word of the
data on the page (names, notes, the record's own strings, which are evidence and stay as
typed). So any English sentence left in a template, an error or an engine message is
found, without a list of English words that could go stale.

What a person sees counts: text outside ``<script>``/``<style>``/``<textarea>``, the
``aria-label``, ``title``, ``alt`` and ``placeholder`` attributes. An element marked
``translate="no"`` (HTML's own mark for text that is not to be translated: a card token,
a JSON pointer, the record as JSON) is skipped with what it holds.
"""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORD_RE = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]{3,}")
#: a message key shown instead of its text (``render`` falls back to the key)
KEY_RE = re.compile(r"\b(?:console|error|json)\.[a-z_0-9]+\.[a-z_0-9.]+")
_SKIP = {"script", "style", "textarea", "template"}
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}
_SHOWN_ATTRS = ("aria-label", "title", "alt", "placeholder")


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._stack: list[bool] = []  # per open element: hidden (skipped) or not

    def _hidden(self) -> bool:
        return any(self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        hidden = tag in _SKIP or a.get("translate") == "no"
        if not self._hidden() and not hidden:
            self.parts.extend(str(a[k]) for k in _SHOWN_ATTRS if a.get(k))
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.parts.append(str(a["value"]))
        if tag not in _VOID:
            self._stack.append(hidden)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self._stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or not self._stack:
            return
        self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden() and data.strip():
            self.parts.append(data.strip())


def visible_text(page: str) -> str:
    """The text a reader sees or hears on ``page``, one part per line."""
    parser = _Visible()
    parser.feed(page)
    parser.close()
    return "\n".join(parser.parts)


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD_RE.findall(text)}


def _strings(node: Any, lang: str, inside: bool = False) -> list[str]:
    out: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _strings(value, lang, inside or key == lang)
    elif isinstance(node, list):
        for value in node:
            out += _strings(value, lang, inside)
    elif isinstance(node, str) and inside:
        out.append(node)
    return out


@functools.lru_cache(maxsize=4)
def vocabulary(lang: str) -> frozenset[str]:
    """Every word of the ``lang`` texts under rules_kb/ (and the language names)."""
    found: set[str] = {"english", "deutsch", "español"}
    for path in (ROOT / "rules_kb").rglob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in _strings(doc, lang):
            found |= words(text)
    return frozenset(found)


def data_words(*data: Any) -> set[str]:
    """The words of every string in ``data`` (records, notes, names): evidence, not UI."""
    out: set[str] = set()
    stack = list(data)
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out |= words(item)
        elif isinstance(item, dict):
            stack += list(item.values())  # keys are names of the format: shown, they leak
        elif isinstance(item, list | tuple | set):
            stack += list(item)
    return out


def leaks(english: str, other: str, lang: str, data: set[str] = frozenset()) -> list[str]:
    """English words of ``english`` (a page) still on ``other`` (the same page in
    ``lang``), and message keys shown instead of texts; sorted, empty when clean."""
    seen = visible_text(other)
    shown = words(seen) & words(visible_text(english))
    bad = sorted(shown - vocabulary(lang) - data)
    return bad + sorted(set(KEY_RE.findall(seen)))
