"""Inputs that gave 500: each is now a clear 4xx
problem+json and stores nothing, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.service import example, stored_keys

PROBLEM = "application/problem+json"


def _is_problem(r, status: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:400])
    assert r.mimetype == PROBLEM
    return r.get_json()


def _stored(client, keys) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    return client.get("/v1/disputes", headers=keys["court"]).get_json()


def _post_json(client, path: str, text: str, headers: dict[str, str]):  # type: ignore[no-untyped-def]
    return client.post(
        path, data=text.encode(), headers={**headers, "Content-Type": "application/json"}
    )


# -- ids and pages beyond the database's integers --------------------------------------------
BEYOND = ["2147483648", "9223372036854775808", "1" + "0" * 40]


@pytest.mark.parametrize("number", BEYOND)
def test_ids_beyond_the_database_integer_are_404(client, keys, number: str) -> None:  # type: ignore[no-untyped-def]
    for path, who in [
        (f"/v1/disputes/{number}", "court"),
        (f"/v1/disputes/{number}/replay", "court"),
        (f"/v1/disputes/{number}/rulings", "court"),
        (f"/v1/disputes/1/rulings/{number}", "court"),
        (f"/v1/keys/{number}/revoke", "admin"),
    ]:
        method = "POST" if path.endswith("revoke") else "GET"
        _is_problem(client.open(path, method=method, headers=keys[who]), 404)
    r = client.post(
        f"/v1/disputes/{number}/appeals", json={"grounds": "late"}, headers=keys["court"]
    )
    _is_problem(r, 404)


def test_the_largest_id_is_an_ordinary_404(client, keys) -> None:  # type: ignore[no-untyped-def]
    body = _is_problem(client.get("/v1/disputes/2147483647", headers=keys["court"]), 404)
    assert body["code"] == "service.not_found"


@pytest.mark.parametrize("page", ["100000000000000000", "92233720368547758", "1" + "0" * 30])
def test_huge_page_numbers_give_an_empty_page(client, keys, page: str) -> None:  # type: ignore[no-untyped-def]
    client.post("/v1/disputes", json={"record": example("left")}, headers=keys["referee"])
    for size in ("10", "100"):
        r = client.get(f"/v1/disputes?page={page}&page_size={size}", headers=keys["court"])
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.get_json() == []


# -- integers Python will not convert, lone surrogates ----------------------------------------
HUGE = "9" * 5000


def _bodies(record: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(path, role, body text) with ``@`` where the bad value goes, one per validated body."""
    rec = json.dumps(record)
    return [
        ("/v1/disputes", "referee", '{"record": ' + rec + ', "note": "n", "meta": {"x": @}}'),
        ("/v1/disputes", "referee", '{"record": ' + rec[:-1] + ', "extra": @}}'),
        ("/v1/disputes", "referee", '{"record": ' + rec + ', "note": @}'),
        ("/v1/adjudications", "referee", rec[:-1] + ', "meta": {"event": @}}'),
        ("/v1/keys", "admin", '{"role": "referee", "owner": @}'),
        ("/v1/keys", "admin", '{"role": "referee", "owner": "o", "label": @}'),
        ("/v1/disputes/{id}/appeals", "court", '{"grounds": @}'),
        ("/v1/disputes/{id}/appeals", "court", '{"grounds": "g", "record": {"meta": @}}'),
    ]


@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, '"\\ud800"', '"a\\udfffb"', '["\\udc00"]'])
def test_unconvertible_integers_and_lone_surrogates_are_400_and_store_nothing(
    client, keys, value: str
) -> None:  # type: ignore[no-untyped-def]
    first = client.post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["referee"]
    ).get_json()
    keys_before = stored_keys(client, keys["admin"])
    for path, role, template in _bodies(example("suit-game-clean")):
        path = path.replace("{id}", str(first["id"]))
        r = _post_json(client, path, template.replace("@", value), keys[role])
        body = _is_problem(r, 400)
        assert "surrogate" in body["detail"] or "digits" in body["detail"], body
    assert [d["id"] for d in _stored(client, keys)] == [first["id"]]
    revisions = client.get(f"/v1/disputes/{first['id']}/rulings", headers=keys["court"])
    assert len(revisions.get_json()) == 1
    assert stored_keys(client, keys["admin"]) == keys_before


def test_a_lone_surrogate_is_named_by_its_pointer(client, keys) -> None:  # type: ignore[no-untyped-def]
    text = '{"record": ' + json.dumps(example("left")) + ', "meta": {"event": "Cup \\ud800"}}'
    body = _is_problem(_post_json(client, "/v1/disputes", text, keys["referee"]), 400)
    assert body["detail"].endswith(
        "a lone UTF-16 surrogate (\\ud800) at /meta/event is not a character"
    )


def test_paired_surrogates_and_long_but_readable_integers_are_fine(client, keys) -> None:  # type: ignore[no-untyped-def]
    text = (
        '{"record": '
        + json.dumps(example("left"))
        + ', "note": "\\ud83c\\udccf joker", "meta": {"n": '
        + "7" * 1000
        + "}}"
    )
    r = _post_json(client, "/v1/disputes", text, keys["referee"])
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["note"] == "\U0001f0cf joker"
    assert r.get_json()["meta"]["n"] == int("7" * 1000)


# -- the dispute's context: column widths, schedules -----------------------------------------
@pytest.mark.parametrize(
    "meta, in_record, field",
    [
        ({"event": "E" * 201}, False, "meta.event"),
        ({"table": "7" * 51}, False, "meta.table"),
        ({"table": int("7" * 51)}, False, "meta.table"),
        ({"event": "E" * 201}, True, "record.meta.event"),
        ({"table": "T" * 51}, True, "record.meta.table"),
    ],
)
def test_event_and_table_wider_than_their_columns_are_422(
    client, keys, meta, in_record: bool, field: str
) -> None:  # type: ignore[no-untyped-def]
    record = example("left")
    body: dict[str, Any] = {"record": record}
    if in_record:
        record["meta"] = {**record.get("meta", {}), **meta}
    else:
        body["meta"] = meta
    problem = _is_problem(client.post("/v1/disputes", json=body, headers=keys["referee"]), 422)
    assert problem["code"] == "dispute.meta_too_long"
    assert problem["errors"][0]["pointer"] == "/" + field.replace(".", "/")
    assert _stored(client, keys) == []


def test_event_and_table_at_their_widths_are_stored(client, keys) -> None:  # type: ignore[no-untyped-def]
    meta = {"event": "É" * 200, "table": "7" * 50}
    r = client.post(
        "/v1/disputes", json={"record": example("left"), "meta": meta}, headers=keys["referee"]
    )
    assert r.status_code == 201, r.get_json()
    listed = client.get("/v1/disputes", query_string={"event": "É" * 200}, headers=keys["referee"])
    assert [d["table"] for d in listed.get_json()] == ["7" * 50]


@pytest.mark.parametrize("name", ["event", "table", "kind", "outcome"])
@pytest.mark.parametrize("value", ["\x00", "Cup\x00", "%00"])
def test_a_nul_in_a_filter_is_422(client, keys, name: str, value: str) -> None:  # type: ignore[no-untyped-def]
    query = f"{name}=%00" if value == "%00" else {name: value}
    r = client.get("/v1/disputes", query_string=query, headers=keys["referee"])
    problem = _is_problem(r, 422)
    assert problem["errors"][0]["field"] == name


BAD_TIMES = [
    ("next_series_starts_at", "tomorrow 14:00"),
    ("series_ends_at", "tomorrow 14:00"),
    ("series_ends_at", "9999-12-31T23:59:00+00:00"),
    ("series_ends_at", "9999-12-31T23:59:00-05:00"),
    ("next_series_starts_at", "0001-01-01T00:05:00+01:00"),
    ("next_series_starts_at", 1714651200),
    ("last_series", "yes"),
]


@pytest.mark.parametrize("key, value", BAD_TIMES)
@pytest.mark.parametrize("in_record", [False, True])
def test_an_unreadable_schedule_is_refused_at_submission(
    client, keys, key: str, value: Any, in_record: bool
) -> None:  # type: ignore[no-untyped-def]
    record = example("revoke-objected")
    meta = {"last_series": True, key: value} if key != "last_series" else {key: value}
    body: dict[str, Any] = {"record": record}
    if in_record:
        record["meta"] = {**record.get("meta", {}), **meta}
    else:
        body["meta"] = meta
    problem = _is_problem(client.post("/v1/disputes", json=body, headers=keys["referee"]), 422)
    assert problem["code"] == "schedule.invalid"
    prefix = "/record/meta/" if in_record else "/meta/"
    assert problem["errors"][0]["pointer"] == prefix + key
    assert _stored(client, keys) == []


def test_a_schedule_at_the_end_of_the_calendar_stored_earlier_does_not_break_appeals(
    app, client, keys
) -> None:  # type: ignore[no-untyped-def]
    """A dispute stored before submissions were checked: its appeal is heard, no 500."""
    d = client.post(
        "/v1/disputes", json={"record": example("revoke-objected")}, headers=keys["referee"]
    ).get_json()
    backend = app.extensions["referee"].backend
    meta = {"last_series": True, "series_ends_at": "9999-12-31T23:59:00+00:00"}
    with backend.engine.begin() as conn:  # as an older version stored it
        from sqlalchemy import text

        conn.execute(
            text("UPDATE disputes SET meta = :m WHERE id = :i"),
            {"m": json.dumps(meta), "i": d["id"]},
        )
    r = client.post(
        f"/v1/disputes/{d['id']}/appeals", json={"grounds": "late claim"}, headers=keys["court"]
    )
    assert r.status_code == 201, r.get_json()
    admissibility = r.get_json()["appeal"]["admissibility"]
    assert admissibility["status"] == "admissible"
    assert admissibility["deadline"].startswith("9999-12-31T23:59:59")


def test_appeals_lodged_at_the_ends_of_the_calendar_do_not_break(client, keys) -> None:  # type: ignore[no-untyped-def]
    meta = {"last_series": True, "series_ends_at": "2026-05-02T18:00:00+02:00"}
    d = client.post(
        "/v1/disputes",
        json={"record": example("revoke-objected"), "meta": meta},
        headers=keys["referee"],
    ).get_json()
    for lodged, status in [
        ("9999-12-31T23:59:59-23:59", 422),  # late
        ("0001-01-01T00:00:00+23:59", 201),  # in time
    ]:
        r = client.post(
            f"/v1/disputes/{d['id']}/appeals",
            json={"grounds": "g", "lodged_at": lodged},
            headers=keys["court"],
        )
        assert r.status_code == status, r.get_json()


# -- the same through the console, on both databases -----------------------------------------
def _console(app, role: str):  # type: ignore[no-untyped-def]
    from tests.support.web import Console

    _key, secret = app.extensions["referee"].keys.create(role, "Console club")
    c = Console(app.test_client())
    assert c.sign_in(secret).status_code == 302
    return c


@pytest.mark.parametrize(
    "fields, where",
    [
        ({"event": "E" * 201}, "event"),
        ({"table": "7" * 51}, "table"),
        # typed in the event's zone (Europe/Berlin): 00:30 on 1 January of year 1 is in
        # year 0 in UTC, before the calendar starts (the end of year 9999 no longer
        # overflows: its UTC time is an hour earlier)
        ({"series_end": "0001-01-01T00:30", "last_series": "on"}, "series_end"),
    ],
)
def test_the_console_refuses_context_it_cannot_store_at_its_field(app, fields, where: str) -> None:  # type: ignore[no-untyped-def]
    from tests.support.web import example_text

    c = _console(app, "referee")
    r = c.submit(example_text("left"), **fields)
    assert r.status_code == 422, r.get_data(as_text=True)[:500]
    assert f'id="{where}-error"' in r.get_data(as_text=True)
    listed = c.get("/console/")
    assert listed.status_code == 200 and "/console/disputes/1" not in listed.get_data(as_text=True)


def test_a_nul_in_the_console_list_filter_is_a_4xx(app) -> None:  # type: ignore[no-untyped-def]
    c = _console(app, "referee")
    for query in ("event=%00", "table=7%00", "event=Cup%00&page=2"):
        r = c.get(f"/console/?{query}")
        assert r.status_code == 422, (query, r.status_code)
        assert "NUL" in r.get_data(as_text=True)
    # a page no database offset holds is not found before any filter is read
    assert c.get("/console/?page=99999999999999999999").status_code == 404
    assert c.get("/console/?kind=%00").status_code == 200  # not a kind: the filter is unset
