"""One word per thing (``rules_kb/messages/glossary.yaml``): the objection a player raises at
the table and the appeal the court hears are two words in every language (de *Einwand* /
*Einspruch*, en *objection* / *appeal*, es *objeción* / *apelación*), and neither word is
used for the other thing, in any text and on any console page; counted nouns take their
singular and plural from the glossary (never "1 Streitfälle")."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
import yaml

from referee.core.vocabulary import LANGUAGES
from referee.rules.messages import load_messages
from tests.support.leaks import visible_text
from tests.support.web import ROOT
from tests.web.test_translations import _page, _urls, pages  # noqa: F401 (fixture)

MESSAGES = load_messages()
WORD = {thing: MESSAGES.messages[f"glossary.{thing}"] for thing in ("objection", "appeal")}
#: the texts about the appeal to the court (the only ones that may use its word)
APPEAL_TEXTS = (
    "console.amend.",
    "console.appeal.",
    "console.deadline.",
    "console.new.next_series_label",
    "console.revisions.lodged",
    "console.revisions.reviews",
    "console.ruling.appeal",
    "console.ruling.on_appeal",
    "console.schedule.summary",
    "error.appeal.",
)
#: texts about the appeal that name the objection at the table as such
MENTIONS_OBJECTION = ("console.appeal.record_hint",)


def _stem(word: str) -> str:
    """The word's stem, so that compounds and inflections are found (Einspruchsfrist,
    Einsprüche, apelaciones)."""
    return {"Einspruch": "einspr", "apelación": "apela", "objeción": "objeci"}.get(
        word, word.lower()
    )


def _uses(text: str, thing: str, lang: str) -> bool:
    return _stem(WORD[thing][lang]) in text.lower()


def _appeal_text(key: str) -> bool:
    return key.startswith(APPEAL_TEXTS)


def test_the_glossary_has_two_words_and_each_avoids_the_other() -> None:
    for lang in LANGUAGES:
        objection, appeal = WORD["objection"][lang], WORD["appeal"][lang]
        assert objection != appeal and _stem(objection) not in _stem(appeal)
        assert MESSAGES.messages["glossary.objection.avoid"][lang] == appeal
        assert MESSAGES.messages["glossary.appeal.avoid"][lang] == objection
    # the objection's own names are the glossary's word
    for key in ("console.type.objection", "console.entry.incident.objection"):
        for lang in LANGUAGES:
            assert MESSAGES.messages[key][lang].lower() == WORD["objection"][lang].lower(), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_uses_the_word_of_its_thing(lang: str) -> None:
    wrong = []
    for key, texts in sorted({**MESSAGES.messages, **MESSAGES.terms}.items()):
        if key.startswith("glossary."):
            continue
        text = texts[lang]
        if _uses(text, "appeal", lang) and not _appeal_text(key):
            wrong.append(f"{key}: the appeal's word outside the appeal: {text}")
        if _appeal_text(key) and _uses(text, "objection", lang) and key not in MENTIONS_OBJECTION:
            wrong.append(f"{key}: the objection's word for the appeal: {text}")
    assert wrong == []


def _fragments(thing: str, lang: str) -> list[str]:
    """The fixed parts of every text allowed to show ``thing``'s word (between
    placeholders), and the rule texts of rules_kb (clause titles and summaries)."""
    out = []
    for key, texts in {**MESSAGES.messages, **MESSAGES.terms}.items():
        if key.startswith("glossary."):
            continue
        allowed = _appeal_text(key) if thing == "appeal" else not _appeal_text(key)
        if allowed or (thing == "objection" and key in MENTIONS_OBJECTION):
            for piece in re.split(r"\{[^}]*\}", texts[lang]):
                if _uses(piece, thing, lang):
                    out.append(piece.strip())
    for path in sorted((ROOT / "rules_kb").glob("*.yaml")):
        out += [s for s in _strings(yaml.safe_load(path.read_text(encoding="utf-8")), lang)]
    return out


def _strings(node: Any, lang: str) -> list[str]:
    if isinstance(node, dict):
        if isinstance(node.get(lang), str):
            return [" ".join(node[lang].split())]
        return [s for v in node.values() for s in _strings(v, lang)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v, lang)]
    return []


def test_every_page_shows_each_word_for_its_own_thing(app, pages) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Every console page, as referee, court and admin, in de, en and es: a line that shows
    the appeal's word comes from a text about the appeal (or a rule text), one that shows
    the objection's word from a text about the game at the table."""
    urls = [(m, u) for m, u in _urls(app, pages) if m == "GET"]
    appealed = pages["appealed"]
    urls += [("GET", f"/console/disputes/{appealed}?rev=1")]
    fragments = {(t, lang): _fragments(t, lang) for t in WORD for lang in LANGUAGES}
    wrong = []
    for role in ("referee", "court", "admin"):
        for _method, url in urls:
            for lang in LANGUAGES:
                page = _page(pages[role], "GET", url, lang)
                for line in visible_text(page).splitlines():
                    flat = " ".join(line.split())
                    for thing in WORD:
                        if not _uses(flat, thing, lang):
                            continue
                        ok = fragments[(thing, lang)]
                        if not any(f and (f in flat or flat in f) for f in ok):
                            wrong.append(f"{role} {url} {lang}: {thing}: {flat}")
    assert sorted(set(wrong)) == []


# -- counted nouns ---------------------------------------------------------------------------

NOUNS = MESSAGES.nouns


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counted_nouns_have_their_singular_for_one_and_plural_otherwise(lang: str) -> None:
    """Every text rendered with every number parameter at 0, 1 and 2: no "1 <plural>", no
    "0 <singular>" or "2 <singular>" of a glossary noun."""
    pairs = [forms.split("/") for forms in NOUNS[lang].values()]
    wrong = []
    for key, texts in sorted(MESSAGES.messages.items()):
        names = set(re.findall(r"\{(\w+)", texts[lang]))
        if not names:
            continue
        for n in (0, 1, 2):
            params: dict[str, Any] = {k: "X" for k in names}
            formatted = set(re.findall(r"\{(\w+):", texts[lang]))  # a number by its format
            params.update({k: n for k in names if k in NUMBERS or k in formatted})
            text = MESSAGES.render(key, params, lang)
            for one, many in pairs:
                if one == many:
                    continue
                bad = f"{n} {many}" if n == 1 else f"{n} {one}"
                if re.search(rf"(?<!\d){re.escape(bad)}(?!\w)", text):
                    wrong.append(f"{key} ({n}): {text}")
    assert wrong == []


#: parameters that hold a number of things
NUMBERS = {"count", "total", "tricks", "n", "size"}


def test_the_dispute_list_counts_in_words_of_the_glossary(as_role) -> None:  # type: ignore[no-untyped-def]
    from tests.support.web import example_text

    referee = as_role("referee")
    expected = {
        "de": ("0 Streitfälle", "1 Streitfall", "2 Streitfälle"),
        "en": ("0 disputes", "1 dispute", "2 disputes"),
        "es": ("0 disputas", "1 disputa", "2 disputas"),
    }
    seen: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for n in range(3):
        if n:
            referee.submit_ok(example_text("revoke-objected"))
        for lang in LANGUAGES:
            page = referee.get(f"/console/?lang={lang}").get_data(as_text=True)
            said = re.search(r'<p role="status">([^<]*)</p>', page)
            assert said, page[:500]
            seen[lang].append(said.group(1))
    assert seen == {lang: list(v) for lang, v in expected.items()}


def test_the_rendering_is_one_function_of_the_glossary() -> None:
    render = functools.partial(MESSAGES.render, "console.ruling.hand_count")
    assert [render({"count": n}, "de") for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
    assert [render({"count": n}, "es") for n in (0, 1, 2)] == ["0 cartas", "1 carta", "2 cartas"]
