"""Claim analysis (ISkO 4.3.4, 4.3.5): exact search on hand-built worst-case positions.

Each position's answer is worked out by hand in its docstring; the test also replays the
proving line with the independent model of ``tests/cases/skatmini.py``.
"""

from __future__ import annotations

import pytest

from referee.core.cards import mask_of, parse_cards
from referee.core.contracts import Game
from referee.rulings.claims import can_force_trick, can_take_all
from tests.support.skatmini import legal, trick_winner

DEFENDERS_OF = {0: 0b110, 1: 0b101, 2: 0b011}


def _hands(*specs: str) -> tuple[int, int, int]:
    return tuple(mask_of(parse_cards(s.split())) for s in specs)  # type: ignore[return-value]


def _check_line(
    specs: tuple[str, ...], leader: int, game: str, line, winners: int, answer: bool
) -> None:
    """The line is legal play from the position and agrees with the answer."""
    assert line, "an analysis must carry a proving line"
    hands = [s.split() for s in specs]
    trick: list[tuple[int, str]] = []
    to_play = leader
    winner_tricks = 0
    for seat, card in line:
        assert seat == to_play, f"{card.name} by seat {seat} out of turn"
        led = trick[0][1] if trick else None
        assert card.name in legal(hands[seat], led, game), f"{card.name} is not a legal play"
        hands[seat].remove(card.name)
        trick.append((seat, card.name))
        to_play = (seat + 1) % 3
        if len(trick) == 3:
            w = trick[trick_winner([c for _, c in trick], game)][0]
            winner_tricks += (winners >> w) & 1
            trick, to_play = [], w
    if answer:
        assert winner_tricks >= 1, "a 'yes' line must show the forced trick"
    else:
        assert winner_tricks == 0, "a 'no' line must not hand the trick over"


POSITIONS = [
    # (id, game, hands F/M/R, leader, declarer, question, expected answer)
    pytest.param(
        "grand",
        (
            "CJ SJ CA CT CK CQ C9 SA ST SK",
            "HJ HA HT HK HQ H9 H8 H7 C8 SQ",
            "DJ DA DT DK DQ D9 D8 D7 C7 S9",
        ),
        0,
        0,
        "claim",
        False,
        id="10_tricks_grand_jacks_split_long_side_suits_claim_holds",
    ),  # F leads CJ: each defender must give up his only jack; every other card of F wins.
    pytest.param(
        "grand",
        (
            "SJ HJ CA CT CK CQ C9 SA ST SK",
            "CJ HA HT HK HQ H9 H8 H7 C8 SQ",
            "DJ DA DT DK DQ D9 D8 D7 C7 S9",
        ),
        0,
        0,
        "claim",
        True,
        id="10_tricks_grand_defender_holds_club_jack_claim_fails",
    ),  # the club jack wins whenever M plays it, and M must play it some time.
    pytest.param(
        "hearts",
        (
            "CJ SJ HJ DJ HA HT CA CT SA DA",
            "HK HQ H7 CK CQ C9 SK SQ DK DQ",
            "H9 H8 C8 C7 ST S9 S8 DT D9 D8",
        ),
        0,
        0,
        "claim",
        False,
        id="10_tricks_hearts_trumps_split_3_2_claim_holds",
    ),  # three trump leads draw all five defender trumps; the rest of F's cards are aces/tens.
    pytest.param(
        "grand",
        ("HJ HA HT HK HQ H9 H8 H7", "DJ DA DT DK DQ D9 D8 D7", "CJ SJ SA ST SK SQ S9 S8"),
        0,
        2,
        "claim",
        False,
        id="8_tricks_grand_two_trumps_against_split_jacks_claim_holds",
    ),  # R ruffs the first side lead with one jack and leads the other: both defender jacks
    # fall together, and nobody else holds a spade.
    pytest.param(
        "grand",
        ("HJ HA HT HK HQ H9 H8 H7", "DJ DA DT DK DQ D9 D8 D7", "CJ SA ST SK SQ S9 S8 S7"),
        0,
        2,
        "claim",
        True,
        id="8_tricks_grand_one_trump_against_split_jacks_claim_fails",
    ),  # R must ruff a heart with his only jack; then a defender ruffs his spades.
    pytest.param(
        "null",
        ("S9 ST H9 HT D8 C8", "S7 S8 H7 H8 D7 C7", "SJ SQ HJ HQ D9 C9"),
        0,
        1,
        "null_claim",
        False,
        id="6_tricks_null_declarer_always_lower_claim_holds",
    ),  # every card of M is lower than every defender card of its suit.
    pytest.param(
        "null",
        ("ST SJ SQ HT HJ D7", "S7 S8 S9 H7 H8 DA", "SK SA HQ HK D8 D9"),
        0,
        1,
        "null_claim",
        True,
        id="6_tricks_null_bare_diamond_ace_claim_fails",
    ),  # F leads D7: M must play his bare DA and takes the trick.
]


@pytest.mark.parametrize(("game", "specs", "leader", "declarer", "question", "expected"), POSITIONS)
def test_isko_4_3_4_claim_analysis(
    game: str, specs: tuple[str, ...], leader: int, declarer: int, question: str, expected: bool
) -> None:
    hands = _hands(*specs)
    defenders = DEFENDERS_OF[declarer]
    winners = (1 << declarer) if question == "null_claim" else defenders
    ans = can_force_trick(hands, leader, (), Game(game), winners=winners, controllers=defenders)
    assert ans.answer is expected
    _check_line(specs, leader, game, ans.line, winners, ans.answer)


def test_isko_5_4_3_schwarz_reachable_analysis_has_a_line() -> None:
    """can_take_all: with the club jack in a defender's hand schwarz is impossible (5.4.3)."""
    specs_no = ("SJ HJ DJ CA CT CK", "CJ SA ST SK SQ S9", "HA HT HK HQ H9 H8")
    specs_yes = ("CJ SJ HJ CA CT CK", "DJ SA ST SK SQ S9", "HA HT HK HQ H9 H8")
    no = can_take_all(_hands(*specs_no), 0, (), Game.GRAND, 0)
    yes = can_take_all(_hands(*specs_yes), 0, (), Game.GRAND, 0)
    assert no.answer is False and yes.answer is True
    assert yes.line, "a reachable schwarz must come with the line that reaches it"
    _check_line(specs_yes, 0, "grand", yes.line, 0b110, False)
