"""ISkO cases of family isko_3_declaration: each record against its expected ruling."""

from __future__ import annotations

from tests.support.casekit import generate, rule

#: cases where the engine is believed to rule against the ISkO (see the final report)
XFAIL: dict[str, str] = {}

generate("isko_3_declaration", globals(), XFAIL)


def test_one_player_left_in_the_bidding_after_a_look_is_spoken_of_in_the_singular() -> None:
    """3.3.9: when only one bidder is left after a look at the skat, the step speaks of
    him, not of 'the others' who 'kept to their bids'."""
    name = "isko_3_3_9_the_one_player_left_keeps_to_his_bid"
    texts = [s["text"] for s in rule("isko_3_declaration", name, "de")["reasoning"]]
    (step,) = [t for t in texts if t.startswith("Der Blick in den Skat")]
    assert "der einzige noch Reizende (Vorhand)" in step and "die übrigen" not in step
