"""Plain-text rendering of a reconstruction, for people at the table."""

from __future__ import annotations

from referee.core.cards import Card, cards_of
from referee.core.seats import SEATS
from referee.record.replay import GameState


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards) or "-"


def render_state(state: GameState) -> str:
    """Hands, bidding, the trick table with running points, and the irregularities."""
    rec = state.record
    lines = ["Deal"]
    for seat in SEATS:
        name = rec.players.get(seat.value, "")
        lines.append(f"  {seat.value:<11}{name:<12}{cards_text(rec.deal.hand(seat))}")
    lines.append(f"  {'skat':<23}{cards_text(tuple(cards_of(rec.deal.skat)))}")
    bids = ", ".join(
        f"{a.seat.value} {a.kind}{' ' + str(a.value) if a.kind == 'bid' else ''}"
        for a in state.auction.history
    )
    lines += ["", f"Bidding: {bids or '-'}"]
    if state.phase == "passed_in":
        lines.append("All three passed: the game is passed in.")
    if state.declarer:
        lines.append(f"Declarer: {state.declarer.value} at {state.bid}")
    if state.contract:
        lines.append(f"Contract: {state.contract.describe()}")
        if state.discarded:
            lines.append(f"Discarded: {cards_text(state.discarded)}")
    if state.tricks or (state.current and state.current.plays):
        lines += ["", " #  leader       cards                     winner       pts  decl  def"]
        running = {"declarer": 0, "defenders": 0}
        for t in state.tricks:
            # (type: ignore below) completed tricks always have a winner
            running[state.side_of(t.winner)] += t.points  # type: ignore[arg-type]
            cards = "  ".join(f"{c.symbol:<4}" for _, c, _ in t.plays)
            lines.append(
                # (type: ignore below) completed tricks always have a winner
                f"{t.number:>2}  {t.leader.value:<11}  {cards:<24}  {t.winner.value:<11}"  # type: ignore[union-attr]
                f"  {t.points:>3}  {running['declarer']:>4}  {running['defenders']:>3}"
            )
        if state.current and state.current.plays:
            cards = "  ".join(f"{c.symbol:<4}" for _, c, _ in state.current.plays)
            lines.append(f"{state.current.number:>2}  {state.current.leader.value:<11}  {cards}")
        pts = state.card_points()
        lines.append(
            f"Card points with the skat: declarer {pts['declarer']}, defenders {pts['defenders']}"
        )
    if state.irregularities:
        lines += ["", "Irregularities"]
        for irr in state.irregularities:
            where = "deal" if irr.event is None else f"event {irr.event}"
            lines.append(f"  {where:<9} {irr.kind:<24} {irr.detail}")
    return "\n".join(lines)
