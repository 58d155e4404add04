"""Contracts (ISkO 2.1, 2.2, 3.4, 5.1, 5.2.5, 5.2.6): games, hand, announcements, ouvert."""

from __future__ import annotations

import itertools

import pytest

from referee.core import NULL_VALUES, Contract, ContractError, Game

FLAGS = list(itertools.product((False, True), repeat=4))  # hand, schneider, schwarz, ouvert


def naive_is_valid(game: str, hand: bool, schneider: bool, schwarz: bool, ouvert: bool) -> bool:
    """Written from the rule text, independently of the core."""
    if game == "null":
        return not schneider and not schwarz  # ouvert with or without hand
    if ouvert:
        return hand and schneider and schwarz  # 5.2.6: ouvert counts all levels
    if schwarz:
        return hand and schneider  # 5.2.5: announcements only in hand games
    if schneider:
        return hand
    return True


@pytest.mark.parametrize("game", [g.value for g in Game])
@pytest.mark.parametrize("flags", FLAGS)
def test_isko_5_2_every_flag_combination_accepted_or_refused(game, flags):
    if naive_is_valid(game, *flags):
        contract = Contract(Game(game), *flags)
        assert contract.problem() is None
    else:
        with pytest.raises(ContractError) as info:
            Contract(Game(game), *flags)
        assert info.value.code.startswith("contract.")
        assert info.value.message


def test_isko_5_2_there_are_29_valid_declarations():
    valid = [(g, f) for g in Game for f in FLAGS if naive_is_valid(g.value, *f)]
    assert len(valid) == 5 * 5 + 4


def test_isko_5_2_5_schneider_without_hand_is_refused_with_the_reason():
    with pytest.raises(ContractError) as info:
        Contract.declare("hearts", schneider=True)
    assert info.value.code == "contract.announcement_without_hand"
    assert "hand game" in info.value.message


def test_isko_5_2_5_schwarz_without_hand_is_refused():
    with pytest.raises(ContractError) as info:
        Contract.declare("grand", schwarz=True)
    assert info.value.code == "contract.announcement_without_hand"


def test_isko_5_2_5_announced_schwarz_includes_schneider():
    assert Contract.declare("spades", hand=True, schwarz=True).schneider
    with pytest.raises(ContractError) as info:
        Contract(Game.SPADES, hand=True, schwarz=True)
    assert info.value.code == "contract.schwarz_without_schneider"


@pytest.mark.parametrize("flag", ["schneider", "schwarz"])
@pytest.mark.parametrize("hand", [False, True])
def test_isko_5_1_2_null_cannot_announce_schneider_or_schwarz(flag, hand):
    with pytest.raises(ContractError) as info:
        Contract.declare("null", hand=hand, **{flag: True})
    assert info.value.code == "contract.null_announcement"
    assert "null" in info.value.message


@pytest.mark.parametrize("game", ["diamonds", "hearts", "spades", "clubs", "grand"])
def test_isko_5_2_6_suit_and_grand_ouvert_imply_hand_schneider_schwarz(game):
    contract = Contract.declare(game, ouvert=True)
    assert (contract.hand, contract.schneider, contract.schwarz, contract.ouvert) == (
        True,
        True,
        True,
        True,
    )
    with pytest.raises(ContractError) as info:
        Contract(Game(game), ouvert=True)
    assert info.value.code == "contract.ouvert_not_hand"


@pytest.mark.parametrize(("hand", "value"), [(False, 46), (True, 59)])
def test_isko_5_1_2_null_ouvert_with_and_without_pickup(hand, value):
    contract = Contract.declare("null", hand=hand, ouvert=True)
    assert contract.hand is hand and not contract.schneider and not contract.schwarz
    assert contract.base_value == value


@pytest.mark.parametrize(
    ("game", "base"),
    [("diamonds", 9), ("hearts", 10), ("spades", 11), ("clubs", 12), ("grand", 24)],
)
def test_isko_5_1_1_base_values(game, base):
    assert Contract.declare(game).base_value == base
    assert Contract.declare(game, ouvert=True).base_value == base  # grand ouvert is 24 too
    assert Game(game).base_value == base


def test_isko_5_1_2_null_values():
    assert NULL_VALUES == {
        (False, False): 23,
        (True, False): 35,
        (False, True): 46,
        (True, True): 59,
    }
    assert Contract.declare("null").base_value == 23
    assert Contract.declare("null", hand=True).base_value == 35
    assert Game.NULL.base_value is None


def test_contracts_unknown_game_is_refused_naming_it():
    with pytest.raises(ContractError) as info:
        Contract.declare("ramsch")
    assert info.value.code == "contract.unknown_game"
    assert "'ramsch'" in info.value.message


def test_contracts_trump_suit_and_labels():
    assert Game.HEARTS.trump_suit.value == "H" and Game.GRAND.trump_suit is None
    assert Game.CLUBS.is_suit and not Game.NULL.is_suit
    assert Contract.declare("grand", hand=True, schneider=True).describe() == (
        "grand hand schneider announced"
    )
    assert Contract.declare("clubs", ouvert=True).describe() == "clubs hand ouvert"
    assert Contract.declare("null", ouvert=True).to_dict() == {
        "game": "null",
        "hand": False,
        "schneider": False,
        "schwarz": False,
        "ouvert": True,
    }
