"""ISkO cases of family isko_null: each record against its expected ruling."""

from __future__ import annotations

from tests.support.casekit import generate, rule

#: cases where the engine is believed to rule against the ISkO (see the final report)
XFAIL: dict[str, str] = {}

generate("isko_null", globals(), XFAIL)


def test_a_null_game_conceded_is_not_said_to_count_matadors() -> None:
    """4.3.1 values a conceded suit game or grand with its matadors; a null game has none
    (5.1.2): the step that rules the concession says it is lost at its fixed value."""
    name = "isko_4_3_1_null_conceded_with_ten_cards_loses_its_fixed_value"
    first = {lang: rule("isko_null", name, lang)["reasoning"][0]["text"] for lang in ("en", "de")}
    assert "matadors" not in first["en"] and "fixed value" in first["en"]
    assert "Spitzen" not in first["de"] and "festen Wert" in first["de"]


def test_a_null_game_already_lost_is_said_to_be_lost_by_the_trick() -> None:
    """4.1.3 keeps a null game the declarer had already lost by taking a trick; the step
    says so, and not that it counts 'with the levels reached' (null has none, 5.1.2)."""
    r = rule("isko_null", "isko_4_1_3_null_declarer_already_took_a_trick")
    (step,) = [s for s in r["reasoning"] if s["clauses"] == ["ISkO 4.1.3"]]
    assert "null game was already lost" in step["text"] and "1 trick" in step["text"]
    assert "levels reached so far" not in step["text"]
