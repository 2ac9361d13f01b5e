"""The game object: legal moves and membership, push and pop, turn, seats, score and the read-only view.

The soundness of `pop`: a pushed move is applied to a clone, and the state before it is kept
as it was. A state shares parts with the next one (the set-up, hexes copied on write, a
player's lists the rules replace rather than change); if any shared part were changed in
place, a kept state would drift. These tests snapshot every state as JSON before each push,
push and pop a different move at each step (a branch), and compare after popping all.
"""
from __future__ import annotations

import gc
import random
import weakref

import pytest

from automa_helpers import solo_setup
from gaia_rules.rules import Game, IllegalMoveError, Move, Seat
from gaia_rules.setup import random_setup
from rules_helpers import CAT, ENGINE


def new_game(players: int = 2, seed="game-object") -> Game:
    return Game.new(random_setup(CAT, players, seed), ENGINE)


def play_with_branches(game: Game, rng: random.Random, limit: int) -> list[str]:
    """Push random moves (at most `limit`), trying another legal move and popping it before each;
    the JSON of every state before a push, in order."""
    snapshots: list[str] = []
    while not game.is_over and len(snapshots) < limit:
        before = game.state.to_json()
        others = list(game.legal_moves)
        if len(others) > 1:
            game.push(others[-1])     # a branch: played, then taken back
            game.pop()
            assert game.state.to_json() == before, f"a branch changed the state at move {len(snapshots)}"
        snapshots.append(before)
        assert game.push_random(rng) is not None
    return snapshots


@pytest.mark.parametrize("setup", [random_setup(CAT, 2, "push-pop"), solo_setup(seed="push-pop")],
                         ids=["two-players", "solo"])
def test_pop_restores_every_state_exactly_after_a_whole_game(setup):
    game = Game.new(setup, ENGINE)
    snapshots = play_with_branches(game, random.Random(7), 400)
    assert game.is_over and len(game.move_stack) == len(snapshots)
    while game.move_stack:
        game.pop()
        assert game.state.to_json() == snapshots.pop(), f"state before move {len(snapshots)} changed"
    assert game.state.moves == []


def test_pop_returns_the_move_and_restores_the_legal_moves_listed_before():
    game = new_game()
    first = game.legal_moves[0]
    listed = list(game.legal_moves)
    game.push(first)
    assert game.peek() == first and game.move_stack == [first]
    assert game.pop() == first
    assert list(game.legal_moves) == listed and game.move_stack == []


def test_pop_with_nothing_pushed_is_an_index_error():
    with pytest.raises(IndexError, match="no move pushed"):
        new_game().pop()


def test_membership_and_is_legal_do_not_play_the_move():
    game = new_game()
    before = game.state.to_json()
    move = game.legal_moves[0]
    other_seat = Move(1 - move.player, move.command, move.args)
    assert move in game.legal_moves and game.is_legal(move)
    assert other_seat not in game.legal_moves and not game.is_legal(other_seat)
    assert game.state.to_json() == before and game.move_stack == []


def test_a_refused_push_raises_the_rule_and_leaves_the_game_unchanged():
    game = new_game()
    before = game.state.to_json()
    with pytest.raises(IllegalMoveError) as err:
        game.push(Move(1, "faction", (CAT.factions.__iter__().__next__(),)))
    assert err.value.rule == "turn"
    assert game.state.to_json() == before and game.move_stack == []


def test_turn_seats_and_score_of_a_new_two_player_game():
    game = new_game()
    assert game.turn == 0 and not game.is_over
    assert game.seats == (Seat(0, None, False), Seat(1, None, False))
    start_vp = next(iter(CAT.boards.values()))["start"]["vp"]
    assert game.score == (start_vp, start_vp)


def test_a_solo_game_has_two_seats_one_of_them_the_automa():
    game = Game.new(solo_setup(seed="push-pop"), ENGINE)
    automa = [s for s in game.seats if s.automa]
    assert len(game.seats) == 2 and len(automa) == 1
    assert automa[0].index == game.state.automa.seat and game.is_automa(automa[0].index)


def test_score_groups_sum_to_the_vp_of_each_seat_at_the_end():
    game = new_game(seed="groups")
    rng = random.Random(3)
    while not game.is_over:
        game.push_random(rng)
    for p, vp in enumerate(game.score):
        assert sum(game.score_groups(p).values()) == vp


def test_the_view_reads_parameters_and_names_of_the_current_state():
    game = new_game()
    view = game.view()
    assert view.catalogue is game.catalogue
    name = next(iter(view.map.hexes.values())).name
    assert view.map.canonical_name(name) == name
    assert view.mine_id in next(iter(CAT.boards.values()))["structures"]
    assert view.pieces_used(0) == {}


def test_a_copy_starts_at_the_same_state_with_nothing_to_pop():
    game = new_game()
    game.push(game.legal_moves[0])
    twin = game.copy()
    assert twin.state is game.state and twin.move_stack == []


def test_game_is_freed_without_the_collector():
    """A game, its listed moves and a pushed move make no reference cycle: dropped, they are freed at
    once, not left (with their states) for the collector's passes, as a replay builds one per line."""
    game = new_game()
    game.push(list(game.legal_moves)[0])
    listed = len(game.legal_moves)
    assert listed > 0
    gone = weakref.ref(game)
    gc.disable()
    try:
        del game
        assert gone() is None
    finally:
        gc.enable()
