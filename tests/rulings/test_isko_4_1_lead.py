"""ISkO cases of family isko_4_1_lead: each record against its expected ruling."""

from __future__ import annotations

from tests.support.casekit import generate, rule

#: cases where the engine is believed to rule against the ISkO (see the final report)
XFAIL: dict[str, str] = {}

generate("isko_4_1_lead", globals(), XFAIL)


def test_a_false_lead_before_the_last_trick_does_not_cite_the_last_trick_clause() -> None:
    """4.1.10 only says a false lead to the last trick does not count; a false lead to
    trick 5 that ends the game is ruled by 4.1.3 and 4.1.4, and the ruling cites those."""
    r = rule("isko_4_1_lead", "isko_4_1_3_false_lead_by_defender_ends_game_declarer_wins_simple")
    (lead,) = [i for i in r["infractions"] if i["kind"] == "false_lead"]
    assert lead["status"] == "penalized" and lead["trick"] == 5
    assert lead["clauses"] == ["ISkO 4.1.3", "ISkO 4.1.4"]
    assert "ISkO 4.1.10" not in {c["id"] for c in r["citations"]}
