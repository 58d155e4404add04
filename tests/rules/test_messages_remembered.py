"""Rendered texts are remembered per key, language and parameters (a stored
dispute renders its one decision in three languages). A remembered text must be the text
rendering gives: the key holds the parameters' types as well as their values, since
``True`` and ``1`` (equal in Python) render differently."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.vocabulary import LANGUAGES
from referee.rules import messages as messages_module
from referee.rules.messages import Messages, load_messages

MESSAGES = load_messages()
KEYS = sorted(MESSAGES.messages)
PLAIN = st.one_of(
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([0.0, -0.0, 1.0, "1", "True", "declarer", "forehand", "grand", "", None]),
)
VALUE = st.one_of(PLAIN, st.lists(PLAIN, max_size=3), st.dictionaries(st.text(max_size=2), PLAIN))


def _fresh() -> Messages:
    return Messages(MESSAGES.messages, MESSAGES.terms)


def _outcome(m: Messages, key: str, params: Any, lang: str) -> tuple[str, str]:
    """The text, or the error a template's format gives for parameters it cannot take."""
    try:
        return "text", m.render(key, params, lang)
    except (ValueError, TypeError) as exc:
        return "error", str(exc)


@settings(max_examples=300, deadline=None)
@given(
    calls=st.lists(
        st.tuples(
            st.sampled_from(KEYS),
            st.dictionaries(st.sampled_from(["n", "seat", "points", "card", "game"]), VALUE),
            st.sampled_from(LANGUAGES),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_a_remembered_text_is_the_rendered_text(calls: list[tuple[str, Any, str]]) -> None:
    remembering = _fresh()
    for _ in range(2):  # the second time from what was remembered
        for key, params, lang in calls:
            assert _outcome(remembering, key, params, lang) == _outcome(_fresh(), key, params, lang)


def test_true_and_one_are_remembered_apart() -> None:
    m = Messages(
        {"k": {lang: "{v}" for lang in LANGUAGES}}, {"true": dict.fromkeys(LANGUAGES, "ja")}
    )
    assert [m.render("k", {"v": v}, "de") for v in (1, True, 1.0, "1", 1, True)] == [
        "1",
        "ja",
        "1.0",
        "1",
        "1",
        "ja",
    ]


def test_a_text_is_rendered_once_and_remembered(monkeypatch: Any) -> None:
    m = _fresh()
    rendered: list[str] = []
    render = Messages._render

    def counted(self: Messages, key: str, params: Any, lang: str) -> str:
        rendered.append(key)
        return render(self, key, params, lang)

    monkeypatch.setattr(Messages, "_render", counted)
    key = KEYS[0]
    for _ in range(3):
        for lang in LANGUAGES:
            m.render(key, {"n": 2, "seat": "forehand"}, lang)
    assert len(rendered) == len(LANGUAGES)
    m.render(key, {"n": {"not": "plain"}}, "en")
    m.render(key, {"n": {"not": "plain"}}, "en")  # not remembered: rendered again
    assert len(rendered) == len(LANGUAGES) + 2


def test_zero_and_minus_zero_are_not_remembered_as_one() -> None:
    """0.0 == -0.0 (and their hashes agree), but they render as "0.0" and "-0.0"."""
    m = Messages({"k": {lang: "{v}" for lang in LANGUAGES}}, {})
    assert [m.render("k", {"v": v}, "en") for v in (0.0, -0.0, [0.0], [-0.0])] == [
        "0.0",
        "-0.0",
        "0.0",
        "-0.0",
    ]


def test_it_keeps_a_bounded_number_of_texts(monkeypatch: Any) -> None:
    monkeypatch.setattr(messages_module, "TEXTS_KEPT", 10)
    m = _fresh()
    for n in range(25):
        m.render(KEYS[0], {"n": n}, "en")
        assert len(m._texts) <= 10
