"""Types of the compiled searches (``_engine.c``); see :mod:`referee.rulings.search.native`."""

from collections.abc import Callable, Sequence

Raw = tuple[bool | None, list[tuple[int, int]], int]

def prepare(
    index: int,
    trumps: int,
    class_of: bytes,
    order: Sequence[Sequence[int]],
    class_mask: Sequence[int],
    above: Sequence[int],
    below: Sequence[int],
    beaten_by: Sequence[int],
    followers: Sequence[int],
    points: bytes,
    outcomes: bytes,
) -> None: ...
def force(
    game: int,
    hands: Sequence[int],
    leader: int,
    played: Sequence[int],
    winners: int,
    controllers: int,
    is_null: bool,
    limit: int,
    light: int = ...,
    on_heavy: Callable[[], object] | None = ...,
) -> Raw: ...
def take_all(
    game: int,
    hands: Sequence[int],
    leader: int,
    played: Sequence[int],
    declarer: int,
    limit: int,
    light: int = ...,
    on_heavy: Callable[[], object] | None = ...,
) -> Raw: ...
def reach(
    game: int,
    hands: Sequence[int],
    leader: int,
    played: Sequence[int],
    declarer: int,
    needed: int,
    limit: int,
    light: int = ...,
    on_heavy: Callable[[], object] | None = ...,
) -> Raw: ...
def null_lost_suits(game: int, hands: Sequence[int], declarer: int) -> int: ...
def most_tricks(
    game: int, hands: Sequence[int], leader: int, declarer: int, limit: int
) -> tuple[int | None, int]: ...
def lowest_points(game: int, hands: Sequence[int]) -> list[tuple[int, int]]: ...
def throw_most(
    game: int, hands: Sequence[int], leader: int, declarer: int, partner: bool = ...
) -> tuple[tuple[int, int], tuple[int, int]]: ...
def null_sure_safe(game: int, hands: Sequence[int], declarer: int) -> int: ...
def canon(
    game: int, hands: Sequence[int], by_points: bool, general: bool = ...
) -> tuple[int, int, int]: ...
def set_memo_slots(slots: int) -> int: ...
