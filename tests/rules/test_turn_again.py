"""`Engine.turn_again`: the position a seat's next turn of the round would find, for planners.

A hypothetical, never a move of the game: the turn is handed to the seat, the charges owed to
others are dropped, and the game it came from is left exactly as it was.
"""
from __future__ import annotations

import random

from gaia_rules.rules import Game
from gaia_rules.setup import random_setup
from rules_helpers import CAT, ENGINE


def after_someone_elses_turn(seed: str = "turn-again") -> tuple[Game, int]:
    """A 2-player game in the action phase where the seat that just moved waits for the other's turn."""
    game = Game.new(random_setup(CAT, 2, seed), ENGINE)
    rng = random.Random(3)
    while not (game.state.phase == "actions" and game.state.round >= 1 and not game.state.decisions):
        game.push_random(rng)
    return game, 1 - game.turn


def test_the_turn_is_handed_to_the_seat_that_waits_and_the_game_is_unchanged():
    game, waiting = after_someone_elses_turn()
    before = game.state.to_json()
    again = ENGINE.turn_again(game.state, waiting)
    assert again is not None and ENGINE.to_move(again) == waiting
    moves = ENGINE.legal_moves(again)
    assert moves and all(m.player == waiting for m in moves)
    assert any(m.command == "pass" for m in moves)
    ENGINE.apply(again, moves[0])            # a move in the hypothetical changes only the hypothetical
    assert game.state.to_json() == before


def test_no_turn_again_for_a_seat_that_passed_or_outside_the_action_phase():
    game, waiting = after_someone_elses_turn()
    mover = game.turn
    game.push(next(m for m in game.legal_moves if m.command == "pass"))
    assert ENGINE.turn_again(game.state, mover) is None          # passed: no turn left this round
    start = Game.new(random_setup(CAT, 2, "turn-again"), ENGINE)
    assert ENGINE.turn_again(start.state, 0) is None              # choosing factions: no turns yet
