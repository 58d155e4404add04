"""POST /v1/adjudications: stateless rulings, languages, ISS input, errors, access."""

from __future__ import annotations

from referee.service import engine
from tests.support.service import ISS_DIR, example

PROBLEM = "application/problem+json"


def first_iss_record() -> str:
    text = (ISS_DIR / "jskat-samples.sgf").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.strip())


def test_adjudication_returns_the_engine_ruling(client, keys):
    doc = example("false-lead")
    r = client.post("/v1/adjudications", json=doc, headers=keys["platform"])
    assert r.status_code == 200, r.json
    assert r.json == engine.adjudicate(doc, lang="en")
    assert r.json["format"] == "skat-ruling/1"


def test_adjudication_language_from_accept_language_and_query(client, keys):
    doc = example("revoke-objected")
    de = client.post(
        "/v1/adjudications", json=doc, headers={**keys["platform"], "Accept-Language": "de-DE"}
    )
    es = client.post("/v1/adjudications?lang=es", json=doc, headers=keys["platform"])
    assert de.json == engine.adjudicate(doc, lang="de")
    assert es.json == engine.adjudicate(doc, lang="es")
    assert de.json["citations"] != es.json["citations"]
    bad = client.post("/v1/adjudications?lang=fr", json=doc, headers=keys["platform"])
    assert bad.status_code == 400 and bad.json["code"] == "language.unknown"
    assert bad.json["errors"][0]["field"] == "lang"
    assert bad.json["errors"][0]["location"] == "query"
    assert "lang" in bad.json["detail"] and "en, de, es" in bad.json["detail"]


def test_adjudication_of_a_raw_iss_record(client, keys):
    r = client.post(
        "/v1/adjudications",
        data=first_iss_record(),
        content_type="text/x-iss-sgf",
        headers=keys["referee"],
    )
    assert r.status_code == 200, r.json
    assert r.json["format"] == "skat-ruling/1"


def test_broken_iss_record_is_a_problem(client, keys):
    r = client.post(
        "/v1/adjudications",
        data="(;GM[Skat]",
        content_type="text/x-iss-sgf",
        headers=keys["platform"],
    )
    assert r.status_code == 422
    assert r.content_type == PROBLEM


def test_impossible_record_names_the_event(client, keys):
    doc = example("suit-game-clean")
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "play")
    doc["events"][index]["card"] = "X9"
    r = client.post("/v1/adjudications", json=doc, headers=keys["platform"])
    assert r.status_code == 422
    assert r.content_type == PROBLEM
    body = r.json
    assert body["type"].startswith("urn:skat-referee:problem:")
    assert body["errors"][0]["event"] == index
    assert body["errors"][0]["pointer"].startswith(f"/events/{index}")


def test_malformed_json_and_wrong_body_type(client, keys):
    r = client.post(
        "/v1/adjudications",
        data="{nope",
        content_type="application/json",
        headers=keys["platform"],
    )
    assert r.status_code == 400 and r.content_type == PROBLEM
    r = client.post("/v1/adjudications", json=[1, 2], headers=keys["platform"])
    assert r.status_code == 400 and r.json["code"] == "request.malformed"


def test_unknown_top_level_key_is_refused(client, keys):
    doc = {**example("suit-game-clean"), "surprise": 1}
    r = client.post("/v1/adjudications", json=doc, headers=keys["platform"])
    assert r.status_code == 422 and r.content_type == PROBLEM


def test_adjudication_needs_a_key_unless_the_operator_opens_it(make_app):
    closed = make_app().test_client()
    r = closed.post("/v1/adjudications", json=example("false-lead"))
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    r = closed.post(
        "/v1/adjudications", json=example("false-lead"), headers={"Authorization": "Bearer nope"}
    )
    assert r.status_code == 401
    opened = make_app(anonymous_access=True).test_client()
    assert opened.post("/v1/adjudications", json=example("false-lead")).status_code == 200
    assert opened.get("/v1/disputes").status_code == 401


def test_engine_crash_is_a_500_problem_without_traceback(client, keys, monkeypatch):
    def crash(doc, **kw):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(engine, "adjudicate", crash)
    r = client.post("/v1/adjudications", json=example("false-lead"), headers=keys["platform"])
    assert r.status_code == 500 and r.content_type == PROBLEM
    assert "Traceback" not in r.get_data(as_text=True) and "boom" not in r.get_data(as_text=True)
