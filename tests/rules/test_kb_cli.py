"""``referee rules``: one clause, search, refs walk, table of contents, unknown ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.core.ruleset import Edition
from referee.rules import catalogue as kb
from referee.rules.editions import Confidence, numbering


@pytest.fixture
def mini_env(mini_dir: Path, monkeypatch: pytest.MonkeyPatch):
    """Point ``referee rules`` at the mini catalogue (and restore the cache afterwards)."""
    monkeypatch.setenv(kb.ENV_VAR, str(mini_dir))
    kb.default_catalogue.cache_clear()
    yield mini_dir
    kb.default_catalogue.cache_clear()


def rules(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_isko_4_2_3_in_german(mini_env, capsys) -> None:
    code, out, _ = rules(capsys, "4.2.3", "--lang", "de")
    assert code == 0
    assert out.startswith("ISkO 4.2.3 — Nichtbedienen beendet das Spiel")
    assert "ISkO 1998/99" in out and "4 > 4.2 > 4.2.3" in out
    assert "Über ISkO 4.2.3." in out and "revoke" in out


def test_refs_walk_shows_4_1_3_to_4_1_6(mini_env, capsys) -> None:
    code, out, _ = rules(capsys, "ISkO 4.2.3", "--refs")
    assert code == 0
    heads = [line.split(" — ")[0] for line in out.splitlines() if " — " in line]
    assert heads == ["ISkO 4.2.3", "ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6"]


def test_search(mini_env, capsys) -> None:
    code, out, _ = rules(capsys, "--search", "skat viewed")
    assert code == 0 and out.split()[:2] == ["ISkO", "4.2.8"]


def test_search_without_hits_exits_1(mini_env, capsys) -> None:
    code, out, err = rules(capsys, "--search", "zebra")
    assert (code, out) == (1, "") and "zebra" in err


def test_unknown_id_exits_2_without_traceback(mini_env, capsys) -> None:
    code, out, err = rules(capsys, "9.9.9")
    assert code == 2 and out == ""
    assert "no clause ISkO 9.9.9" in err and "kb.clause_not_found" in err
    assert "Traceback" not in err


def test_broken_catalogue_exits_1(mini_env, capsys) -> None:
    (mini_env / "isko-9.yaml").write_text("document: ISkO\n", encoding="utf-8")
    code, _, err = rules(capsys, "4.2.3")
    assert code == 1 and "isko-9.yaml" in err and "kb.invalid" in err


def test_table_of_contents(mini_env, capsys) -> None:
    code, out, _ = rules(capsys)
    assert code == 0
    lines = out.splitlines()
    assert "ISkO 4  Play" in lines and "SkWO 5  Play" in lines
    assert "  4.2      Title ISkO 4.2" in lines


def test_json_output(mini_env, capsys) -> None:
    code, out, _ = rules(capsys, "4.2.3", "--refs", "--json", "--lang", "es")
    data = json.loads(out)
    assert code == 0 and data[0]["title"] == "Servicio falso termina el juego"
    assert [d["distance"] for d in data] == [0, 1, 1, 1, 1]


# --- the real catalogue -----------------------------------------------------------------


def test_isko_3_2_14_in_german_from_the_real_catalogue(capsys) -> None:
    code, out, _ = rules(capsys, "3.2.14", "--lang", "de")
    assert code == 0 and "Skat" in out and "skat_viewed" in out


def test_isko_4_2_3_refs_walk_real(capsys) -> None:
    if "ISkO 4.2.3" not in kb.default_catalogue():
        pytest.skip("isko-4.yaml not written yet (the completeness test fails meanwhile)")
    code, out, _ = rules(capsys, "4.2.3", "--refs")
    heads = [line.split(" — ")[0] for line in out.splitlines() if " — " in line]
    assert code == 0 and heads[0] == "ISkO 4.2.3"
    assert {"ISkO 4.1.3", "ISkO 4.1.4", "ISkO 4.1.5", "ISkO 4.1.6"} <= set(heads[1:])


def test_search_skat_viewed_real_finds_every_skat_viewed_clause(capsys) -> None:
    code, out, _ = rules(capsys, "--search", "skat viewed")
    found = {" ".join(line.split()[:2]) for line in out.splitlines()}
    expected = {c.id for c in kb.default_catalogue().by_kind("skat_viewed")}
    assert code == 0 and {"ISkO 3.2.14", "ISkO 3.3.9", "ISkO 3.4.8"} <= expected <= found


# --- both numbers: 1998/99 and 2018/2022 (the real catalogue and its concordance) ----------


def test_a_clause_found_by_its_2022_number_shows_both_numbers(capsys) -> None:
    code, out, _ = rules(capsys, "4.4.4", "--edition", "2022")
    assert code == 0
    assert out.startswith("ISkO 4.3.4 — ")  # the declarer's claim, by its 1998/99 id
    line = next(x for x in out.splitlines() if "ISkO 2018/2022" in x)
    assert line.strip().startswith("ISkO 2018/2022: ISkO 4.4.4 (certain; sources: ")
    # the same clause by its 1998/99 id shows the same numbers
    code, same, _ = rules(capsys, "ISkO 4.3.4")
    assert code == 0 and same == out


def test_an_inferred_number_is_shown_as_probable_and_an_unknown_one_as_unknown(capsys) -> None:
    rows = numbering(Edition.ISKO_2022).rows.values()
    inferred = next(r for r in rows if r.confidence is Confidence.INFERRED and r.number)
    _, out, _ = rules(capsys, inferred.id)
    assert f"ISkO 2018/2022: probably {inferred.number} (inferred" in out
    unknown = next(r for r in rows if r.confidence is Confidence.UNKNOWN)
    _, out, _ = rules(capsys, unknown.id)
    assert "ISkO 2018/2022: number unknown (unknown" in out


def test_the_json_of_a_clause_carries_its_later_numbers(capsys) -> None:
    code, out, _ = rules(capsys, "4.4.4", "--edition", "2022", "--json")
    assert code == 0
    (clause,) = json.loads(out)
    assert clause["id"] == "ISkO 4.3.4"
    (n,) = clause["numbers"]
    assert (n["edition"], n["number"], n["confidence"]) == ("2022", "ISkO 4.4.4", "certain")
    assert n["sources"]


def test_a_number_no_clause_has_in_2022_is_exit_2(capsys) -> None:
    code, _, err = rules(capsys, "9.9.9", "--edition", "2022")
    assert code == 2 and "ISkO 9.9.9" in err and "2018/2022" in err


def test_an_unknown_edition_is_refused_naming_the_known_ones(capsys) -> None:
    code, out, err = rules(capsys, "4.4.4", "--edition", "2018")
    assert code == 2 and not out
    assert "unknown edition '2018'; known: 1998, 2022" in err


def test_a_number_only_2022_has_finds_its_clause_without_the_edition(capsys) -> None:
    """`referee rules 2.5.6`: no 1998/99 clause has that number, so it is read as the
    2018/2022 number of schwarz (5.2.4), and stderr says so."""
    code, out, err = rules(capsys, "2.5.6")
    assert code == 0, err
    assert out.startswith("ISkO 5.2.4 — ")
    assert "2.5.6 is not a 1998/99 number" in err and "ISkO 5.2.4" in err


def test_a_number_both_editions_have_says_which_it_read(capsys) -> None:
    """`referee rules 4.4.4` is the 1998/99 clause 4.4.4; the note names the clause that has
    that number in 2018/2022 (the declarer's claim, 4.3.4)."""
    code, out, err = rules(capsys, "4.4.4")
    assert code == 0 and out.startswith("ISkO 4.4.4 — ")
    assert "in the 2018/2022 edition ISkO 4.4.4 is ISkO 4.3.4" in err
    code, _, err = rules(capsys, "9.9.9")
    assert code == 2 and "no clause ISkO 9.9.9 in the catalogue, nor in the 2018/2022" in err
