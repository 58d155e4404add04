"""The ruling texts (rules_kb/messages/messages.yaml) against the engine that emits them.

Every message key the engine can emit must have a template in English, German and
Spanish; a template may use only the params its call sites pass; ``{detail}`` (English
free text from the replayer) appears only in English. Keys are collected twice: by a
static scan of ``referee/rulings/*.py`` and by ruling every example, test case and ISS
record.
"""

from __future__ import annotations

import ast
import json
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from referee.core.contracts import Game
from referee.core.errors import RecordError
from referee.core.kinds import KINDS, Kind, Origin
from referee.core.ruleset import APPLIED
from referee.core.seats import Seat
from referee.core.valuation import LEVELS
from referee.core.vocabulary import LANGUAGES
from referee.record.iss import iter_iss_records
from referee.record.iss_convert import iss_to_skatlog
from referee.record.log import parse_record
from referee.rules.messages import Messages, load_messages, messages_dir
from referee.rulings.adjudicate import rule
from referee.rulings.model import Message
from referee.service.engine import adjudicate

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "referee" / "rulings"
MESSAGES_FILE = messages_dir() / "messages.yaml"
ISS_DIR = ROOT.parent / "shared" / "data" / "iss"

KEY_RE = re.compile(r"[a-z_]+(?:\.[a-z_]+)+")
#: params every infraction explanation built by Hearing.verdict() carries
MAKE_PARAMS = frozenset({"seat", "detail", "card", "event"})
#: keyword arguments of Hearing.verdict() that are not message params
MAKE_ARGS = frozenset({"clauses", "ends_at"})


def _registry_keys(suffix: str) -> frozenset[str]:
    """The message keys with this ending that the registry declares for the kinds the
    judges decide (kinds found by the replayer)."""
    return frozenset(
        m
        for spec in KINDS.values()
        if spec.origin is Origin.IRREGULARITY
        for m in spec.messages
        if m.endswith(suffix)
    )


#: keys the engine builds at run time, expanded: (module, key expression) -> keys
_HOLDS = ("holds", "fails")
_ANALYSED = ("holds", "fails", "unknown")
DYNAMIC: dict[tuple[str, str], frozenset[str]] = {
    ("judges.py", "f'{h.kind}.penalized'"): _registry_keys(".penalized"),
    (
        "judges.py",
        "'infraction.after_game' if h.irr.phase == 'finished' else f'{h.kind}.outside_play'",
    ): frozenset({"infraction.after_game", *_registry_keys(".outside_play")}),
    ("outcome.py", "'outcome.null_guilty_' + guilty"): frozenset(
        {"outcome.null_guilty_declarer", "outcome.null_guilty_defenders"}
    ),
    (
        "marker_endings.py",
        "'unauthorized_concession.' + ('void' if played_after else 'record_stops')",
    ): frozenset({"unauthorized_concession.void", "unauthorized_concession.record_stops"}),
    ("marker_endings.py", "f'ending.{m.type}'"): frozenset({"ending.timeout", "ending.left"}),
    ("marker_endings.py", "f'{kind}.no_effect'"): frozenset(
        {"failed_claim.no_effect", "failed_defender_claim.no_effect"}
    ),
    ("marker_endings.py", "f'{kind}.penalized'"): frozenset(
        {"failed_claim.penalized", "failed_defender_claim.penalized"}
    ),
    ("shortened.py", "'claim.played_on.' + ('holds' if holds else 'fails')"): frozenset(
        f"claim.played_on.{h}" for h in _HOLDS
    ),
    (
        "shortened.py",
        "'claim.analysed.' + ('null.' if contract_is_null else '') + _yes_no(holds)",
    ): frozenset(f"claim.analysed.{n}{h}" for n in ("", "null.") for h in _ANALYSED),
    ("shortened.py", "'defender_claim.played_on.' + ('holds' if holds else 'fails')"): frozenset(
        f"defender_claim.played_on.{h}" for h in _HOLDS
    ),
    ("shortened.py", "'defender_claim.analysed.' + _yes_no(holds)"): frozenset(
        f"defender_claim.analysed.{h}" for h in _ANALYSED
    ),
    # the step naming the reading a verdict applied, looked up in the readings' table
    # (its params: tests/rulings/test_applied_readings.py)
    ("adjudicate.py", "said.message"): frozenset(
        s.message for said in APPLIED.values() for s in said
    ),
}
DYNAMIC_KEYS = frozenset(k for keys in DYNAMIC.values() for k in keys)

#: enumerated param values that must be translated through ``terms``
PHASES = ("deal", "bidding", "declaring", "playing", "finished", "passed_in")
SIDES = ("declarer", "defenders")
ENUMERATED = (
    *(s.value for s in Seat),
    *SIDES,
    *(g.value for g in Game),
    *LEVELS,
    *PHASES,
    *Kind,
    "true",
    "false",
    *(f"{w} {n}" for w in ("with", "without") for n in range(1, 12)),
)


# -- the static scan ------------------------------------------------------------------------
class CallSite:
    """One place in the engine that emits a message: its key pattern and its params."""

    def __init__(self, path: Path, call: ast.Call, key: ast.expr, params: frozenset[str] | None):
        self.where = f"{path.name}:{call.lineno}"
        self.source = (path.name, ast.unparse(key))
        self.pattern, literal = _key_pattern(key)  # a regex over the keys it can emit
        self.static = literal is not None  # every key it can emit is a string literal
        self.keys = literal if literal is not None else DYNAMIC.get(self.source)
        self.params = params  # None: not known statically

    def matches(self, key: str) -> bool:
        if self.keys is not None:
            return key in self.keys
        return re.fullmatch(self.pattern, key) is not None


def _key_pattern(node: ast.expr) -> tuple[str, frozenset[str] | None]:
    """(regex over keys, the keys themselves when they are all literals) for a key expression."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value), frozenset({node.value})
    if isinstance(node, ast.JoinedStr):
        parts = [
            re.escape(v.value) if isinstance(v, ast.Constant) else "[a-z_.]+" for v in node.values
        ]
        return "".join(parts), None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, _ = _key_pattern(node.left)
        right, _ = _key_pattern(node.right)
        return left + right, None
    if isinstance(node, ast.IfExp):
        body, body_keys = _key_pattern(node.body)
        orelse, orelse_keys = _key_pattern(node.orelse)
        keys = body_keys | orelse_keys if body_keys and orelse_keys else None
        return f"(?:{body}|{orelse})", keys
    return "[a-z0-9_.-]+", None  # a name: any key, a reading's id too


def _dict_keys(node: ast.expr | None) -> frozenset[str] | None:
    if node is None:
        return frozenset()
    if isinstance(node, ast.Dict) and all(
        isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys
    ):
        return frozenset(k.value for k in node.keys)  # type: ignore[union-attr]
    return None


def _kwargs(call: ast.Call, drop: frozenset[str] = frozenset()) -> frozenset[str] | None:
    if any(k.arg is None for k in call.keywords):  # **params: unknown
        return None
    return frozenset(k.arg for k in call.keywords if k.arg not in drop)  # type: ignore[misc]


#: the engine's own emitting helpers: (position of the key argument, how params are passed)
EMITTERS = {"step": 1, "say": 1, "make": 1, "verdict": 1, "Message": 0}


def _emitted(call: ast.Call) -> tuple[ast.expr, frozenset[str] | None] | None:
    """(key expression, params) when ``call`` emits a message."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in EMITTERS or len(call.args) <= EMITTERS[name]:
        return None
    key = call.args[EMITTERS[name]]
    if name in ("step", "say") and isinstance(func, ast.Attribute):
        return key, _kwargs(call)
    if (name == "make" and isinstance(func, ast.Name)) or (
        name == "verdict" and isinstance(func, ast.Attribute)
    ):
        extra = _kwargs(call, MAKE_ARGS)
        return key, None if extra is None else MAKE_PARAMS | extra
    if name == "Message":
        return key, _dict_keys(call.args[1] if len(call.args) > 1 else None)
    return None


def _sites_of(path: Path) -> list[CallSite]:
    """Call sites of one module; a helper that passes its ``key`` argument on to Message
    (e.g. outcome._unreached) is resolved at the places that call it with a literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    sites: list[CallSite] = []
    wrappers: dict[str, tuple[int, frozenset[str] | None]] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef) or fn.name in EMITTERS:
            continue
        names = [a.arg for a in fn.args.args]
        for call in ast.walk(fn):
            got = isinstance(call, ast.Call) and _emitted(call)
            if got and isinstance(got[0], ast.Name) and got[0].id in names:
                wrappers[fn.name] = (names.index(got[0].id), got[1])
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        got = _emitted(call)
        if got is not None and not isinstance(got[0], ast.Name):
            sites.append(CallSite(path, call, got[0], got[1]))
        name = getattr(call.func, "id", None)
        if name in wrappers and len(call.args) > wrappers[name][0]:
            sites.append(CallSite(path, call, call.args[wrappers[name][0]], wrappers[name][1]))
    return sites


@cache
def call_sites() -> tuple[CallSite, ...]:
    return tuple(site for path in sorted(RULINGS.glob("*.py")) for site in _sites_of(path))


def _code_strings(tree: ast.AST) -> set[int]:
    """ids of string constants that are error codes (``code=...``, ``code = ...``)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "code":
            out.add(id(node.value))
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "code" for t in node.targets
        ):
            out.add(id(node.value))
    return out


@cache
def literal_keys() -> frozenset[str]:
    """Every key-like string literal of referee/rulings/*.py (error codes left out)."""
    keys = set()
    for path in sorted(RULINGS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        codes = _code_strings(tree)
        pieces = {id(c) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for c in n.values}
        pieces |= {
            id(side)
            for n in ast.walk(tree)
            if isinstance(n, ast.BinOp)
            for side in (n.left, n.right)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in codes
                and id(node) not in pieces
                and KEY_RE.fullmatch(node.value)
            ):
                keys.add(node.value)
    return frozenset(keys)


def engine_keys() -> frozenset[str]:
    static = {k for s in call_sites() if s.static and s.keys for k in s.keys}
    return frozenset(static | literal_keys() | DYNAMIC_KEYS)


def fields(template: str) -> set[str]:
    """The named fields of a str.format template."""
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.fixture(scope="module")
def messages() -> Messages:
    """All templates of rules_kb/messages/ (this file and the others of the folder)."""
    return load_messages()


@pytest.fixture(scope="module")
def own() -> Messages:
    """The templates of messages.yaml alone."""
    return load_messages(MESSAGES_FILE)


# -- loading and coverage -------------------------------------------------------------------
def test_messages_file_loads(own: Messages, messages: Messages) -> None:
    assert len(own.messages) >= 80
    assert set(own.messages) <= set(messages.messages)


def test_scan_finds_the_engine_call_sites() -> None:
    sites = call_sites()
    assert len(sites) >= 60
    assert {"revoke.penalized", "value.tournament", "claim.accepted"} <= literal_keys()
    assert not any(k.startswith(("appeal.", "claims.")) for k in literal_keys())  # error codes


def test_every_static_key_has_a_template(messages: Messages) -> None:
    missing = sorted(k for k in engine_keys() if not messages.has(k))
    assert missing == []


def test_every_dynamic_key_family_is_expanded() -> None:
    dynamic = [site for site in call_sites() if not site.static]
    for site in dynamic:
        assert site.source in DYNAMIC, f"{site.where}: expand {site.source[1]} in DYNAMIC"
        for key in DYNAMIC[site.source]:
            assert re.fullmatch(site.pattern, key), (site.where, key)
    assert set(DYNAMIC) == {site.source for site in dynamic}, "stale entries in DYNAMIC"


def test_every_template_is_emitted_by_the_engine(own: Messages) -> None:
    orphans = sorted(k for k in own.messages if not any(s.matches(k) for s in call_sites()))
    assert orphans == []


def test_templates_use_only_params_their_call_sites_pass(own: Messages) -> None:
    problems = []
    for key, texts in own.messages.items():
        sites = [s for s in call_sites() if s.matches(key)]
        if not sites or any(s.params is None for s in sites):
            continue
        # a field must be passed by every call site that can emit this key
        passed = frozenset.intersection(*(s.params for s in sites))  # type: ignore[misc]
        for lang in LANGUAGES:
            extra = fields(texts[lang]) - passed
            if extra:
                problems.append((key, lang, sorted(extra)))
    assert problems == []


def test_de_and_es_never_use_the_english_detail(own: Messages) -> None:
    assert [k for k, t in own.messages.items() if "detail" in fields(t["de"])] == []
    assert [k for k, t in own.messages.items() if "detail" in fields(t["es"])] == []


def test_enumerated_values_are_translated(own: Messages) -> None:
    missing = [w for w in ENUMERATED if w not in own.terms]
    assert missing == []
    assert own.term("rearhand", "de") == "Hinterhand"
    assert own.term(["game", "hand", "schneider_announced"], "de") == (
        "Spiel, Hand, Schneider angesagt"
    )
    assert own.term(True, "es") == "sí"


def test_isko_4_2_3_revoke_renders_in_three_languages(own: Messages) -> None:
    params = {"seat": "middlehand", "card": "DK", "event": 19, "detail": "x", "objected_at": 20}
    texts = {lang: own.render("revoke.penalized", params, lang) for lang in LANGUAGES}
    assert "middlehand" in texts["en"] and "king of diamonds" in texts["en"]
    assert "Mittelhand" in texts["de"] and "segunda mano" in texts["es"]
    assert all("?" not in t and "19" in t for t in texts.values())


def test_cards_in_texts_are_named_in_each_language_not_by_token(own: Messages) -> None:
    """an explanation says "Karo-König" where the page shows K♦, never "DK"."""
    params = {"seat": "middlehand", "card": "DK", "event": 19, "detail": "x", "objected_at": 20}
    texts = {lang: own.render("revoke.penalized", params, lang) for lang in LANGUAGES}
    assert "Karo-König" in texts["de"] and "rey de Caró" in texts["es"]
    assert not any(" DK" in t for t in texts.values())
    assert own.term(["CJ", "D7"], "de") == "Kreuz-Bube, Karo-Sieben"


def test_platform_endings_say_the_isko_is_silent(own: Messages) -> None:
    for key in ("ending.timeout", "ending.left"):
        text = own.render(key, {"seat": "forehand", "phase": "playing", "trick": 3}, "en")
        assert "ISkO does not provide" in text and "undetermined" in text
        assert "liable" in text and "counts" in text


# -- every record the project has -----------------------------------------------------------
def _skat_log(doc: Any) -> dict[str, Any] | None:
    if isinstance(doc, dict) and doc.get("format") == "skat-log/1":
        return doc
    if isinstance(doc, dict) and isinstance(doc.get("record"), dict):
        return _skat_log(doc["record"])
    return None


def _records() -> list[tuple[str, dict[str, Any]]]:
    out = []
    files = sorted((ROOT / "examples").glob("*.json"))
    files += sorted((ROOT / "tests" / "cases").glob("**/*.json"))
    for path in files:
        doc = _skat_log(json.loads(path.read_text(encoding="utf-8")))
        if doc is not None:
            out.append((str(path.relative_to(ROOT)), doc))
    for path in sorted(ISS_DIR.glob("*.sgf")):
        with path.open(encoding="utf-8") as stream:
            for i, rec in enumerate(iter_iss_records(stream)):
                out.append((f"{path.name}#{i}", iss_to_skatlog(rec)))
    return out


RECORDS = _records()
RAW_KEY = re.compile(r"^[a-z_]+(?:\.[a-z_]+)+(?: \{.*\})?$")


def test_the_record_corpus_is_there() -> None:
    assert sum(1 for name, _ in RECORDS if name.startswith("examples/")) >= 20
    assert sum(1 for name, _ in RECORDS if "#" in name) == 16  # the ISS records


@pytest.mark.parametrize(("name", "doc"), RECORDS, ids=[n for n, _ in RECORDS])
def test_every_emitted_message_has_a_complete_template(
    name: str, doc: dict[str, Any], messages: Messages
) -> None:
    try:
        record = parse_record(doc)
    except RecordError:
        pytest.skip("an invalid record (tested elsewhere)")
    ruling = rule(record)
    emitted: list[Message] = [s.message for s in ruling.reasoning]
    emitted += [i.explanation for i in ruling.infractions]
    assert emitted
    for msg in emitted:
        assert messages.has(msg.key), msg.key
        for lang in LANGUAGES:
            for field in fields(messages.messages[msg.key][lang]):
                assert msg.params.get(field) is not None, (msg.key, lang, field, msg.params)
    for lang in LANGUAGES:
        out = adjudicate(doc, lang=lang)
        texts = [s["text"] for s in out["reasoning"]]
        texts += [i["explanation"] for i in out["infractions"]]
        for text in texts:
            assert not RAW_KEY.match(text), text
            assert "None" not in text, text
