""" "German (and Spanish) everywhere": every console page and every error message
the console can show, rendered in de and es, holds no English (tests/support/leaks.py says
how English is found: words shown in the English rendering too that no German or Spanish
text of rules_kb/ holds).

The pages come from Flask's url_map, so a new page is rendered here without being listed;
a page with a URL part the test cannot fill fails until it is taught one. The errors come
from bad input of every kind the console reads (a pasted record, an ISS line, the context,
an appeal, the sign-in, the entry form) and every code the domain can raise must have its
text in the catalogue (found in the source, so a new error cannot escape either).
"""

from __future__ import annotations

import ast
import copy
import functools
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee.rules.messages import default_messages
from tests.support.leaks import data_words, leaks, visible_text
from tests.support.service import ROLES
from tests.support.web import EXAMPLES, Console, example, example_text

ROOT = Path(__file__).resolve().parents[2]
OTHER = ("de", "es")
REVOKE = example("revoke-objected")
GROUNDS = "Grounds typed by the court"


def _record_data() -> set[str]:
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]
    owners = [owner for _n, _r, owner in ROLES]
    return data_words(docs, owners, GROUNDS)


DATA = _record_data()


def _found(render: Any, what: str, extra: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """``render(lang)`` -> page text; the English words left in de and es."""
    english = render("en")
    out = []
    for lang in OTHER:
        found = leaks(english, render(lang), lang, DATA | extra)
        if found:
            out.append(f"{what} in {lang}: {found}")
    return out


def _check(render: Any, what: str, extra: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """Fail with the English words left in de and es."""
    found = _found(render, what, extra)
    assert found == [], "English left:\n" + "\n".join(found)


def _with(doc: dict[str, Any], change: Any) -> str:
    doc = copy.deepcopy(doc)
    change(doc)
    return json.dumps(doc)


# -- every page ------------------------------------------------------------------------------


@pytest.fixture
def pages(app, as_role, keys) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """Every example as a dispute (its ruling page), one of them appealed (two revisions)."""
    referee = as_role("referee")
    court = as_role("court")
    ids = {
        p.stem: referee.submit_ok(p.read_text(encoding="utf-8"))
        for p in sorted(EXAMPLES.glob("*.json"))
    }
    appealed = ids["revoke-objected"]
    response = court.post(
        f"/console/disputes/{appealed}/appeal",
        {"grounds": GROUNDS, "record": example_text("revoke-after-cards-gathered")},
    )
    assert response.status_code == 302, response.get_data(as_text=True)[:1000]
    return {
        "referee": referee,
        "court": court,
        "admin": as_role("admin"),
        # the admin's own key (revoking it is refused) and a referee's (its QR hand-over)
        "key_ids": [
            str(app.extensions["referee"].keys.authenticate(keys[name]).key_id)
            for name in ("admin", "referee")
        ],
        "ids": ids,
        "appealed": appealed,
    }


#: values for the URL parts of console routes; a route with another part fails the test
def _values(pages: dict[str, Any]) -> dict[str, list[str]]:
    return {
        "dispute_id": [str(i) for i in pages["ids"].values()],
        "clause_id": ["isko-4.2.3", "isko-3.3.9", "skwo-7.3.3"],
        "key_id": pages["key_ids"],
    }


def _urls(app: Flask, pages: dict[str, Any]) -> list[tuple[str, str]]:
    """(method, url) for every console route, each URL part filled with every value."""
    values = _values(pages)
    out = []
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("console")]
    assert len(rules) >= 10
    for rule in rules:
        if rule.endpoint == "console.static":
            continue
        method = "GET" if "GET" in (rule.methods or ()) else "POST"
        missing = [a for a in rule.arguments if a not in values]
        assert not missing, f"{rule.rule}: teach the test a value for {missing}"
        fills: list[dict[str, str]] = [{}]
        for arg in sorted(rule.arguments):
            fills = [{**f, arg: v} for f in fills for v in values[arg]]
        for fill in fills:
            url = rule.rule
            for arg, value in fill.items():
                url = re.sub(rf"<(?:[^:<>]+:)?{arg}>", value, url)
            out.append((method, url))
    return out


def _values_of(node: Any) -> list[str]:
    """The strings of a JSON answer (its keys are names, not texts; so is a ``field``)."""
    if isinstance(node, dict):
        return [v for k, value in node.items() if k != "field" for v in _values_of(value)]
    if isinstance(node, list):
        return [v for value in node for v in _values_of(value)]
    return [node] if isinstance(node, str) else []


def _page(client: Console, method: str, url: str, lang: str) -> str:
    sep = "&" if "?" in url else "?"
    target = f"{url}{sep}lang={lang}"
    if method == "GET":
        response = client.get(target)
    else:
        response = client.post(target, {})
    assert response.status_code < 500, (target, response.status_code)
    if response.status_code in (301, 302, 303):
        return ""
    if response.mimetype == "application/json":
        return "\n".join(html.escape(v) for v in _values_of(response.get_json()))
    return response.get_data(as_text=True)


def test_every_console_page_is_german_and_spanish_for_every_role(app, pages) -> None:  # type: ignore[no-untyped-def]
    urls = _urls(app, pages)
    assert any("/revisions" in u for _m, u in urls) and any("/rules/" in u for _m, u in urls)
    appealed = pages["appealed"]
    urls += [
        ("GET", f"/console/disputes/{appealed}?rev=1"),
        ("GET", f"/console/disputes/{appealed}?at=5"),
        ("GET", f"/console/disputes/{appealed}/revisions?a=2&b=2"),
        ("GET", "/console/?outcome=game_won&kind=revoke&date=2026-01-01"),
        ("GET", "/console/rules?q=revoke"),
        ("GET", "/console/no-such-page"),
    ]
    found = []
    for role in ("referee", "court", "admin"):
        client = pages[role]
        for method, url in urls:
            found += _found(functools.partial(_page, client, method, url), f"{role} {method} {url}")
    assert found == [], "English left:\n" + "\n".join(found)


def test_the_signed_out_pages_are_german_and_spanish(console: Console) -> None:
    for url in ("/console/sign-in", "/console/rules"):
        _check(functools.partial(_page, console, "GET", url), url)


def test_the_entry_forms_texts_are_german_and_spanish(pages) -> None:  # type: ignore[no-untyped-def]
    """The script's texts come in a JSON block the page check skips: checked here."""

    def texts(lang: str) -> str:
        page = pages["referee"].get(f"/console/disputes/enter?lang={lang}").get_data(as_text=True)
        block = re.search(r'id="entry-data">(.*?)</script>', page, re.S)
        assert block
        data = json.loads(html.unescape(block.group(1)))
        shown = [data["texts"], data["seats"], data["short"], data["games"], data["flags"]]
        shown += [c["label"] for c in data["cards"].values()]
        for fact in data["facts"]:  # step 4's facts and their controls' words
            shown += [fact["label"], fact["hint"]]
            for c in fact["controls"]:
                shown += [c["label"], c["unset"], *(words for _value, words in c["options"])]
        return "\n".join(html.escape(v) for v in _values_of(shown))

    _check(texts, "entry form data")


# -- every error -----------------------------------------------------------------------------


def _event(doc: dict[str, Any], kind: str) -> int:
    return next(i for i, e in enumerate(doc["events"]) if e["type"] == kind)


PLAY = _event(REVOKE, "play")
SKAT = REVOKE["deal"]["skat"]


def _both(*changes: Any) -> Any:
    def change(doc: dict[str, Any]) -> None:
        for one in changes:
            one(doc)

    return change


def _set(path: str, value: Any) -> Any:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(path: str) -> Any:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]

    return change


#: (name, pasted record, the position the message must keep)
BAD_RECORDS: list[tuple[str, str, str | None]] = [
    ("empty", "  ", None),
    ("not JSON", '{"format": "skat-log/1",', None),
    ("not an object", "[1, 2]", None),
    ("NaN", '{"a": NaN}', None),
    ("card token", _with(REVOKE, _set("deal/forehand/0", "HX")), "/deal/forehand/0"),
    ("event card", _with(REVOKE, _set(f"events/{PLAY}/card", "HX")), f"/events/{PLAY}/card"),
    ("event type", _with(REVOKE, _set(f"events/{PLAY}/type", "dance")), f"/events/{PLAY}/type"),
    ("event field", _with(REVOKE, _set(f"events/{PLAY}/colour", "red")), f"/events/{PLAY}/colour"),
    ("missing field", _with(REVOKE, _drop(f"events/{PLAY}/card")), f"/events/{PLAY}/card"),
    ("seat", _with(REVOKE, _set(f"events/{PLAY}/seat", "north")), f"/events/{PLAY}/seat"),
    ("bid value", _with(REVOKE, _set("events/0/value", 19)), "/events/0/value"),
    ("bid type", _with(REVOKE, _set("events/0/value", "x")), "/events/0/value"),
    ("event not object", _with(REVOKE, _set("events/1", 7)), "/events/1"),
    ("format", _with(REVOKE, _set("format", "skat-log/9")), "/format"),
    ("top key", _with(REVOKE, _set("colour", 1)), "/colour"),
    ("table size", _with(REVOKE, _set("table_size", 8)), "/table_size"),
    (
        "sitting out, too many",
        _with(
            REVOKE,
            _both(
                _set("table_size", 5),
                _set("players", {"dealer": "Dora", "sitting_out": ["Emil", "Fritz"]}),
            ),
        ),
        "/players/sitting_out",
    ),
    (
        "sitting out at four",
        _with(
            REVOKE,
            _both(_set("table_size", 4), _set("players", {"dealer": "Dora", "sitting_out": ["E"]})),
        ),
        "/players/sitting_out",
    ),
    (
        "sitting out acts at four",
        _with(
            REVOKE,
            _both(
                _set("table_size", 4),
                _set(f"events/{PLAY}", {"type": "remark", "seat": "sitting_out"}),
            ),
        ),
        f"/events/{PLAY}/seat",
    ),
    ("players", _with(REVOKE, _set("players", {"north": "Ann"})), "/players/north"),
    ("dealer at three", _with(REVOKE, _set("players", {"dealer": "Ann"})), "/players/dealer"),
    ("events", _with(REVOKE, _set("events", {})), "/events"),
    ("meta", _with(REVOKE, _set("meta", [])), "/meta"),
    ("deal part", _with(REVOKE, _set("deal/skat", "D8")), "/deal/skat"),
    ("deal incomplete", _with(REVOKE, _set("deal/skat", SKAT[:1])), "/deal"),
    ("deal twice", _with(REVOKE, _set("deal/skat", [SKAT[0], SKAT[0]])), "/deal/skat/1"),
    ("not held", _with(REVOKE, _set(f"events/{PLAY}/seat", "rearhand")), f"/events/{PLAY}/card"),
    (
        "iss",
        "(;GM[Skat]PC[International Skat Server]CO[]SE[1]ID[1]DT[2026-01-01/10:00:00/UTC]",
        None,
    ),
]


@pytest.mark.parametrize("name,record,where", BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_every_record_error_is_german_and_spanish_with_its_position(
    as_role, name, record, where
) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    seen: dict[str, str] = {}

    def render(lang: str) -> str:
        response = c.post(f"/console/disputes/new?lang={lang}", {"record": record})
        assert response.status_code == 422, (name, response.status_code)
        seen[lang] = visible_text(response.get_data(as_text=True))
        return response.get_data(as_text=True)

    _check(render, f"record error {name}", data_words(record))  # what was typed is evidence
    if where is not None:
        page = c.post("/console/disputes/new?lang=de", {"record": record}).get_data(as_text=True)
        assert f'translate="no">{where}</code>' in page, f"{name}: {where} not shown"


def _refused(client: Console, url: str, form: dict[str, str], lang: str) -> str:
    response = client.post(f"{url}?lang={lang}", form)
    assert 400 <= response.status_code < 500, (url, form, response.status_code)
    return response.get_data(as_text=True)


def test_every_context_and_appeal_error_is_german_and_spanish(as_role) -> None:  # type: ignore[no-untyped-def]
    referee, court = as_role("referee"), as_role("court")
    revoke = json.dumps(REVOKE)
    cases = [
        ("meta too long", referee, "/console/disputes/new", {"record": revoke, "event": "E" * 201}),
        ("bad time", referee, "/console/disputes/new", {"record": revoke, "next_series": "soon"}),
    ]
    dispute = referee.submit_ok(revoke, next_series="2026-05-02T14:00")
    appeal = f"/console/disputes/{dispute}/appeal"
    cases += [
        ("no grounds", court, appeal, {"grounds": "  "}),
        ("late", court, appeal, {"grounds": GROUNDS, "lodged_at": "2026-05-02T15:00"}),
        ("bad time", court, appeal, {"grounds": GROUNDS, "lodged_at": "later"}),
        (
            "amended card",
            court,
            appeal,
            {"grounds": GROUNDS, "record": _with(REVOKE, _set("deal/forehand/0", "HX"))},
        ),
        ("amended json", court, appeal, {"grounds": GROUNDS, "record": "{nope"}),
        ("not the court", referee, appeal, {"grounds": GROUNDS}),
        (
            "empty key",
            Console(court.client.application.test_client()),
            "/console/sign-in",
            {"api_key": " "},
        ),
        (
            "bad key",
            Console(court.client.application.test_client()),
            "/console/sign-in",
            {"api_key": "rk_x"},
        ),
    ]
    for name, client, url, form in cases:
        _check(functools.partial(_refused, client, url, form), name, {"e" * 201})


def test_entry_form_errors_are_german_and_spanish(as_role) -> None:  # type: ignore[no-untyped-def]
    c = as_role("referee")
    drafts = [{"plays": [{"card": "HX"}]}, {"declarer": "north"}, [], {"cards": {"skat": "x"}}]
    for draft in drafts:

        def render(lang: str, draft: Any = draft) -> str:
            response = c.client.post(
                f"/console/entry/analyse?lang={lang}",
                json=draft,
                headers={"X-CSRF-Token": c.csrf()},
            )
            assert 400 <= response.status_code < 500, (draft, response.status_code)
            return html.escape(response.get_json()["error"])

        _check(render, f"entry draft {draft}")


# -- every code has its text -----------------------------------------------------------------

DOMAIN = [ROOT / "referee" / part for part in ("core", "record", "rules", "rulings", "service")]
#: the loaders of rules_kb/ and the server's own faults: for the operator, never a form's answer
NOT_SHOWN = (
    "referee/record/io.py",
    "referee/rules/catalogue.py",
    "referee/rules/examples.py",
    "referee/rules/messages.py",
)


def domain_codes() -> dict[str, str]:
    """code -> where it is raised, for every coded error of the domain layers: a ``code=``
    argument, an error class's ``code`` attribute, the record parser's ``_fail(msg, code)``
    and the ISS reader's ``_error(what, ...)`` (``iss.<what>``)."""
    found: dict[str, str] = {}
    for folder in DOMAIN:
        for path in sorted(folder.rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel in NOT_SHOWN:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                codes: list[Any] = []
                if isinstance(node, ast.Call):
                    name = ast.unparse(node.func)
                    codes += [k.value for k in node.keywords if k.arg == "code"]
                    if name == "_fail" and len(node.args) > 1:
                        codes.append(node.args[1])
                    if name in ("_error", "self.fail") and node.args:
                        first = node.args[0]
                        if isinstance(first, ast.Constant):
                            codes.append(ast.Constant(f"iss.{first.value}"))
                elif isinstance(node, ast.ClassDef):
                    for item in node.body:
                        if isinstance(item, ast.Assign) and [
                            ast.unparse(t) for t in item.targets
                        ] == ["code"]:
                            codes.append(item.value)
                for code in codes:
                    if isinstance(code, ast.Constant) and isinstance(code.value, str):
                        found.setdefault(
                            code.value, f"{rel}:{node.lineno}" if hasattr(node, "lineno") else rel
                        )
    return found


def test_every_error_code_of_the_domain_has_its_text_in_three_languages() -> None:
    codes = domain_codes()
    assert {
        "card.unknown",
        "event.bad_field",
        "appeal.late",
        "iss.card",
        "replay.card_not_held",
    } <= set(codes)
    messages = default_messages().messages
    missing = sorted(
        f"{code} ({where})"
        for code, where in codes.items()
        if f"error.{code}" not in messages
        and not any(k.startswith(f"error.{code}.") for k in messages)
    )
    assert missing == []
