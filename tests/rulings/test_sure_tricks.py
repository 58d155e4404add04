"""The sure-tricks search of a claim of some tricks, or of a claim with its line stated
(ISkO 4.3.4; readings isko-4.3.4-partial-claim and isko-4.3.4-explanation), held to a
plain exhaustive minimax over the independent model of the game (tests/support/skatmini)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.cards import Card, mask_of
from referee.core.contracts import Game
from referee.rulings.search import NodeLimitReached
from referee.rulings.search.gate import BudgetSpent, metered
from referee.rulings.search.sure import sure_tricks
from tests.support.skatmini import legal, trick_winner

Hands = tuple[tuple[str, ...], ...]
SETTINGS = settings(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def _after(hands: Hands, seat: int, card: str) -> Hands:
    return tuple(tuple(c for c in h if c != card) if i == seat else h for i, h in enumerate(hands))


def _held(hand: tuple[str, ...], led: str | None, game: str, line: tuple[str, ...]) -> list[str]:
    """The cards a seat held to ``line`` may play: the first of it he may, else any."""
    ok = legal(list(hand), led, game)
    return next(([c] for c in line if c in ok), ok)


def ref_sure(
    hands: Hands,
    leader: int,
    table: tuple[str, ...],
    game: str,
    side: int,
    need: int,
    holder: int,
    line: tuple[str, ...],
) -> bool:
    """Does ``side`` take ``need`` more tricks against every play of the others?"""
    if need <= 0:
        return True
    if len(table) == 3:
        w = (leader + trick_winner(list(table), game)) % 3
        return ref_sure(hands, w, (), game, side, need - ((side >> w) & 1), holder, line)
    if not any(hands):
        return False
    seat = (leader + len(table)) % 3
    led = table[0] if table else None
    cards = (
        _held(hands[seat], led, game, line)
        if seat == holder
        else legal(list(hands[seat]), led, game)
    )
    values = [
        ref_sure(_after(hands, seat, c), leader, (*table, c), game, side, need, holder, line)
        for c in cards
    ]
    return any(values) if (side >> seat) & 1 else all(values)


@st.composite
def claims(draw: st.DrawFn) -> tuple[str, Hands, int, int, int, tuple[str, ...]]:
    game = draw(st.sampled_from([g.value for g in Game if g is not Game.NULL]))
    n = draw(st.integers(1, 3))
    deck = draw(st.permutations([c.name for c in Card]))
    hands = tuple(tuple(deck[i * n : (i + 1) * n]) for i in range(3))
    declarer = draw(st.integers(0, 2))
    line: tuple[str, ...] = ()
    if draw(st.booleans()):
        line = tuple(draw(st.permutations(hands[declarer])))[: draw(st.integers(1, n))]
    return game, hands, draw(st.integers(0, 2)), declarer, draw(st.integers(1, n)), line


@SETTINGS
@given(claims())
def test_isko_4_3_4_sure_tricks_equal_minimax(claim) -> None:  # type: ignore[no-untyped-def]
    """The claimed count holds exactly when an exhaustive minimax says the declarer takes
    that many tricks against every defence, held to his stated line while it lasts."""
    game, hands, leader, d, need, line = claim
    masks = [mask_of(Card[c] for c in h) for h in hands]
    got = sure_tricks(
        masks,
        leader,
        (),
        Game(game),
        side=1 << d,
        need=need,
        holder=d,
        line=tuple(Card[c] for c in line),
    )
    assert got.answer == ref_sure(hands, leader, (), game, 1 << d, need, d, line)


@SETTINGS
@given(claims())
def test_isko_4_3_4_the_proof_line_is_legal_and_gives_the_answer(claim) -> None:  # type: ignore[no-untyped-def]
    """The line the answer carries is legal play to the last card, the declarer keeps to
    his stated line in it, and its trick count agrees with the answer."""
    game, hands, leader, d, need, line = claim
    masks = [mask_of(Card[c] for c in h) for h in hands]
    got = sure_tricks(
        masks,
        leader,
        (),
        Game(game),
        side=1 << d,
        need=need,
        holder=d,
        line=tuple(Card[c] for c in line),
    )
    h, table, lead, taken = hands, [], leader, 0
    for seat, card in got.line:
        assert seat == (lead + len(table)) % 3
        may = (
            _held(h[seat], table[0] if table else None, game, line)
            if seat == d
            else legal(list(h[seat]), table[0] if table else None, game)
        )
        assert card.name in may
        h = _after(h, seat, card.name)
        table.append(card.name)
        if len(table) == 3:
            lead = (lead + trick_winner(table, game)) % 3
            taken += lead == d
            table = []
    assert not any(h)
    assert (taken >= need) == got.answer


def test_isko_4_3_4_a_stated_line_can_lose_what_best_play_keeps() -> None:
    """Hearts: HA and H7 against HT. Cashing the ace first takes both tricks; the line
    that leads the seven first gives the ten a trick."""
    hands = [mask_of([Card.HA, Card.H7]), mask_of([Card.HT, Card.S7]), mask_of([Card.C7, Card.C8])]
    assert sure_tricks(hands, 0, (), Game.HEARTS, side=1, need=2).answer
    held = sure_tricks(hands, 0, (), Game.HEARTS, side=1, need=2, holder=0, line=(Card.H7,))
    assert not held.answer
    assert held.line[:2] == [(0, Card.H7), (1, Card.HT)]


def test_isko_4_3_4_the_search_stops_at_its_node_limit_and_at_the_budget() -> None:
    """Ten cards each: the search is bounded by its node count, and inside a request by
    the request's budget (never ruled on what was searched so far)."""
    deck = list(Card)
    hands = [mask_of(deck[i * 10 : (i + 1) * 10]) for i in range(3)]
    with pytest.raises(NodeLimitReached):
        sure_tricks(hands, 0, (), Game.GRAND, side=1, need=6, node_limit=50)
    with metered(budget=40), pytest.raises(BudgetSpent):
        sure_tricks(hands, 0, (), Game.GRAND, side=1, need=6)
