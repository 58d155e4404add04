"""The skaty side of ``python -m bench --only skaty``: runs in skaty's own environment.

This file is not imported by the project (skaty needs Python >= 3.13); bench runs it with
that environment's interpreter:

    python skaty_side.py generate N SEED OUT.json   # N legal random games, seeded
    python skaty_side.py time IN.json ROUNDS        # replay + score them, print JSON

A game is kept as plain data: the dealer's index, the three hands and the skat as card
tokens ("CJ", "HT", ...), the actions in order and skaty's score. The random policy picks
among the actions skaty lists as valid, with one structure imposed on the declaration
(hand game or pick up, then put two cards away, then declare), so that every game is one
a table could have played.
"""

from __future__ import annotations

import builtins
import json
import random
import sys
import time

# skaty's state module annotates a class attribute with names it imports only under
# TYPE_CHECKING; Python 3.13 evaluates class annotations at once (3.14 defers them), so
# the import fails there. Stand-ins for the three names while skaty loads, removed after.
_STAND_INS = ("DeclareBid", "Listen", "Pass")
for _name in _STAND_INS:
    setattr(builtins, _name, type(_name, (), {}))

from skaty.cards import Card, Rank, Suit, create_deck  # noqa: E402
from skaty.isko.actions import (  # noqa: E402
    BurySkat,
    DeclareBid,
    DeclareGame,
    DrawSkat,
    Listen,
    Pass,
    PlayCard,
)
from skaty.isko.rules import ISkO  # noqa: E402
from skaty.isko.state import ISkOGameState, ISkOGameTypes  # noqa: E402
from skaty.rules import GamePhases, GameTypes  # noqa: E402

for _name in _STAND_INS:
    delattr(builtins, _name)

SUITS = "DHSC"  # skaty's suit order: diamonds 0 .. clubs 3
RANKS = "789TJQKA"  # skaty's ranks 7 .. 14
GAMES = {
    ISkOGameTypes.DIAMONDS: "diamonds",
    ISkOGameTypes.HEARTS: "hearts",
    ISkOGameTypes.SPADES: "spades",
    ISkOGameTypes.CLUBS: "clubs",
    ISkOGameTypes.GRAND: "grand",
    ISkOGameTypes.NULL: "null",
}
GAME_TYPES = {name: gt for gt, name in GAMES.items()}


def token(card: Card) -> str:
    return SUITS[card.suit.value] + RANKS[card.rank.value - 7]


def card(tok: str) -> Card:
    return Card(Rank(RANKS.index(tok[1]) + 7), Suit(SUITS.index(tok[0])))


def encode(action: object) -> list[object]:
    """An action as a JSON list: kind, player index, then its fields."""
    p = action.player_idx
    if isinstance(action, DeclareBid):
        return ["bid", p, action.bid]
    if isinstance(action, Listen):
        return ["hold", p]
    if isinstance(action, Pass):
        return ["pass", p]
    if isinstance(action, DrawSkat):
        return ["pickup", p]
    if isinstance(action, BurySkat):
        return ["discard", p, [token(c) for c in action.cards]]
    if isinstance(action, DeclareGame):
        return [
            "declare",
            p,
            GAMES[action.game_type],
            action.schneider,
            action.schwarz,
            action.open,
        ]
    if isinstance(action, PlayCard):
        return ["play", p, token(action.card)]
    raise ValueError(f"unknown action {action!r}")


def decode(a: list) -> object:
    kind, p = a[0], a[1]
    if kind == "bid":
        return DeclareBid(player_idx=p, bid=a[2])
    if kind == "hold":
        return Listen(player_idx=p)
    if kind == "pass":
        return Pass(player_idx=p)
    if kind == "pickup":
        return DrawSkat(player_idx=p)
    if kind == "discard":
        return BurySkat(player_idx=p, cards=(card(a[2][0]), card(a[2][1])))
    if kind == "declare":
        return DeclareGame(
            player_idx=p, game_type=GAME_TYPES[a[2]], schneider=a[3], schwarz=a[4], open=a[5]
        )
    return PlayCard(player_idx=p, card=card(a[2]))


def _suit_of(c: Card, game_type: object) -> object:
    """The suit a card belongs to in play: in suit and grand games a jack is trump."""
    if game_type is ISkOGameTypes.NULL:
        return c.suit
    if c.rank is Rank.JACK or GAMES[game_type] == SUIT_NAMES[c.suit.value]:
        return "trump"
    return c.suit


SUIT_NAMES = ("diamonds", "hearts", "spades", "clubs")


def _follows(state: ISkOGameState, plays: list) -> list:
    """The plays ISkO allows. skaty lets a jack follow its printed suit (a revoke under
    ISkO 2.2.2: the jack is trump), so the policy keeps only the cards that follow the
    suit led as ISkO counts it."""
    first = state.current_trick.first_card
    if first is None:
        return plays
    gt = state.game_type
    led = _suit_of(first, gt)
    hand = state.hands[state.active_player]
    if any(_suit_of(c, gt) == led for c in hand):
        return [a for a in plays if _suit_of(a.card, gt) == led]
    return plays


def generate(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    rules = ISkO()
    deck = sorted(create_deck(), key=lambda c: c.uid)
    games = []
    for _ in range(n):
        dealer = rng.randrange(3)
        cards = rng.sample(deck, 32)
        hands = [cards[0:10], cards[10:20], cards[20:30]]
        skat = cards[30:32]
        record = {
            "dealer": dealer,
            "hands": [[token(c) for c in h] for h in hands],
            "skat": [token(c) for c in skat],
        }
        state = ISkOGameState(rules, dealer, [list(h) for h in hands], list(skat))
        actions = []
        picked_up = buried = False
        while state.phase != GamePhases.GAME_OVER:
            valid = list(state.get_valid_actions(state.active_player))
            if state.phase == GamePhases.DECLARATION:
                if not picked_up and not buried:
                    # a hand game or a pickup, half and half
                    draw = [a for a in valid if isinstance(a, DrawSkat)]
                    if draw and rng.random() < 0.5:
                        valid, picked_up = draw, True
                    else:
                        valid, buried = [a for a in valid if isinstance(a, DeclareGame)], True
                elif picked_up and not buried:
                    valid, buried = [a for a in valid if isinstance(a, BurySkat)], True
                else:
                    valid = [a for a in valid if isinstance(a, DeclareGame)]
            elif state.phase == GamePhases.PLAYING:
                valid = _follows(state, valid)
            action = valid[rng.randrange(len(valid))]
            state.apply_action(action)
            actions.append(encode(action))
        record["actions"] = actions
        if state.game_type is GameTypes.PASS:
            record["declarer"] = record["score"] = record["card_points"] = record["tricks"] = None
            record["matadors"] = None
        else:
            d = state.declarer_idx
            record["declarer"] = d
            record["score"] = state.calculate_game_score()[d]
            record["card_points"] = state.points[d] + sum(c.points for c in state.skat)
            record["tricks"] = state.tricks_won[d]
            record["matadors"] = state.tops
        games.append(record)
    return games


def time_games(games: list[dict], rounds: int) -> dict:
    """For each repetition, the CPU time of this thread to replay every game (each action
    checked for validity, as a referee must) and score it; the scores of the final one."""
    rules = ISkO()
    prepared = [
        (
            g["dealer"],
            [[card(t) for t in h] for h in g["hands"]],
            [card(t) for t in g["skat"]],
            [decode(a) for a in g["actions"]],
        )
        for g in games
    ]
    times = []
    scores: list[int | None] = []
    for _ in range(rounds):
        fresh = [(d, [list(h) for h in hs], list(sk), acts) for d, hs, sk, acts in prepared]
        scores = []
        t0 = time.thread_time()
        for dealer, hands, skat, acts in fresh:
            state = ISkOGameState(rules, dealer, hands, skat)
            for action in acts:
                state.apply_action(action)
            if state.game_type is GameTypes.PASS:
                scores.append(None)
            else:
                scores.append(state.calculate_game_score()[state.declarer_idx])
        times.append(time.thread_time() - t0)
    return {"games": len(games), "seconds": times, "scores": scores}


def main(argv: list[str]) -> int:
    if argv[0] == "generate":
        games = generate(int(argv[1]), int(argv[2]))
        with open(argv[3], "w", encoding="utf-8") as f:
            json.dump(games, f, separators=(",", ":"))
        return 0
    if argv[0] == "time":
        with open(argv[1], encoding="utf-8") as f:
            games = json.load(f)
        print(json.dumps(time_games(games, int(argv[2]))))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
