"""The score sheet (ISkO 5.5), tournament performance (SkWO 5.1, 8.12) and settlement (5.5.5).

>>> sheet = ScoreSheet(["A", "B", "C"])
>>> sheet.record("A", 24); sheet.record("B", -72); sheet.record_passed_in()
>>> sheet.totals()
{'A': 24, 'B': -72, 'C': 0}
>>> [(e.number, e.player, e.score) for e in sheet.entries]
[(1, 'A', 24), (2, 'B', -72), (3, None, 0)]
>>> sheet.performance()["C"]   # C gets 40 for B's lost game at a table of three
40
>>> performance(937, won=18, lost=3, others_lost=14, table_size=4)   # SkWO 5.1 example
2107
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from referee.core.errors import InvalidInput

WIN_BONUS = 50  # SkWO 5.1: per game won, and minus per game lost
#: SkWO 5.1: points each other player receives for a game a declarer lost, by table size
OPPONENT_BONUS = {3: 40, 4: 30}


def performance(points: int, *, won: int, lost: int, others_lost: int, table_size: int) -> int:
    """SkWO 5.1 performance: game points, +-50 per game won/lost, 40/30 per game others lost."""
    return points + WIN_BONUS * (won - lost) + opponent_bonus(table_size) * others_lost


def opponent_bonus(table_size: int) -> int:
    try:
        return OPPONENT_BONUS[table_size]
    except KeyError:
        raise InvalidInput(
            f"table size must be 3 or 4, got {table_size!r}",
            code="table_size.invalid",
            params={"got": repr(table_size)[:40]},
        ) from None


def game_tournament_points(value: int, won: bool, table_size: int = 3) -> tuple[int, int]:
    """SkWO 5.1 for one game: (declarer's points, each other player's points).

    >>> game_tournament_points(24, True)
    (74, 0)
    >>> game_tournament_points(36, False)      # -72 - 50; the others get 40 each
    (-122, 40)
    """
    if won:
        return value + WIN_BONUS, 0
    return -2 * value - WIN_BONUS, opponent_bonus(table_size)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the sheet: the declarer (None if passed in), his score, running totals."""

    number: int
    player: str | None
    score: int
    running: Mapping[str, int]

    @property
    def won(self) -> bool | None:
        return None if self.player is None else self.score > 0


@dataclass
class ScoreSheet:
    """Per-game entries with running totals (5.5.1) for the players of one table."""

    players: Sequence[str]
    entries: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.players) not in OPPONENT_BONUS:
            opponent_bonus(len(self.players))

    def record(self, player: str, score: int) -> None:
        """Enter a played game: ``score`` is + value if won, - 2 x value if lost."""
        if player not in self.players:
            raise InvalidInput(
                f"unknown player {player!r}",
                code="scoresheet.unknown_player",
                params={"player": repr(player)[:40]},
            )
        if score == 0:
            raise InvalidInput("a played game never scores 0", code="scoresheet.zero_score")
        running = dict(self.totals())
        running[player] += score
        self.entries.append(Entry(len(self.entries) + 1, player, score, running))

    def record_passed_in(self) -> None:
        """A passed-in game is a valid game worth nothing (3.2.16, 3.3.7)."""
        self.entries.append(Entry(len(self.entries) + 1, None, 0, dict(self.totals())))

    def totals(self) -> dict[str, int]:
        if self.entries:
            return dict(self.entries[-1].running)
        return {p: 0 for p in self.players}

    def won_lost(self) -> dict[str, tuple[int, int]]:
        counts = {p: [0, 0] for p in self.players}
        for e in self.entries:
            if e.player is not None:
                counts[e.player][0 if e.score > 0 else 1] += 1
        return {p: (w, lost) for p, (w, lost) in counts.items()}

    def performance(self) -> dict[str, int]:
        """SkWO 5.1 / 8.12 performance of every player at the end of the series."""
        wl = self.won_lost()
        total_lost = sum(lost for _, lost in wl.values())
        totals = self.totals()
        return {
            p: performance(
                totals[p],
                won=wl[p][0],
                lost=wl[p][1],
                others_lost=total_lost - wl[p][1],
                table_size=len(self.players),
            )
            for p in self.players
        }


def settle(scores: Mapping[str, int], version: int = 1) -> dict[str, int]:
    """ISkO 5.5.5 settlement in points (cents at 1 cent a point), versions 1-3.

    Versions 1 and 2: each player's final score times the number of players, minus the
    sum of all final scores. Version 3: each player against each other, the differences
    summed. All three give the same amounts; they are three ways of reckoning.

    >>> settle({"A": 196, "B": 33, "C": -12, "D": 85})
    {'A': 482, 'B': -170, 'C': -350, 'D': 38}
    """
    if version in (1, 2):
        total = sum(scores.values())
        n = len(scores)
        return {p: n * s - total for p, s in scores.items()}
    if version == 3:
        out = {p: 0 for p in scores}
        for a, b in combinations(scores, 2):
            out[a] += scores[a] - scores[b]
            out[b] += scores[b] - scores[a]
        return out
    raise InvalidInput(
        f"settlement version must be 1, 2 or 3, not {version!r}",
        code="settle.version",
        params={"got": repr(version)[:40]},
    )
