"""Bots: seeded, they only play listed moves, and whole games finish.

Also checks the positions where a listed action used to owe a follow-up that
no move could give (e.g. a build when no build is affordable): the engine now
refuses such actions. See docs/cli.md, "Actions that owe a follow-up".
"""
from __future__ import annotations

import pytest

from gaia_rules.rules import IllegalMoveError

from gaia_rules.players import (BotGameError, Evaluator, GreedyBot, RandomBot, dead_end, is_free, make_bot,
                             play_game, structure_values)
from gaia_rules.content import default_catalogue
from gaia_rules.rules import Engine
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.formats.movetext import move_text


@pytest.fixture(scope="module")
def engine():
    return Engine(default_catalogue())


def test_random_bot_is_seeded(engine):
    state = engine.new_game(random_setup(engine.catalogue, 2, 1))
    picks = lambda seed: [RandomBot(seed).choose(engine, state) for _ in range(1)]  # noqa: E731
    assert picks("a") == picks("a")
    assert len({RandomBot(s).choose(engine, state) for s in range(30)}) > 1


def test_bots_choose_only_listed_moves(engine):
    state = engine.new_game(random_setup(engine.catalogue, 2, 2))
    for bot in (RandomBot(1), GreedyBot(1)):
        s = state
        for _ in range(15):
            legal = engine.legal_moves(s)
            move = bot.choose(engine, s, legal)
            assert move in legal
            s = engine.apply(s, move)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_bots_finish_a_game(engine, players):
    setup = random_setup(engine.catalogue, players, f"bots-{players}")
    state = play_game(engine, setup, [RandomBot(f"r{p}") for p in range(players)])
    assert state.ended
    assert all(p.final_scoring is not None for p in state.players)
    assert state.round == engine.catalogue.game["rounds"]


def test_greedy_bots_finish_a_game_and_beat_random_bots(engine):
    setup = random_setup(engine.catalogue, 2, "duel")
    state = play_game(engine, setup, [GreedyBot("g"), RandomBot("r")])
    assert state.ended
    greedy, rnd = state.players
    assert greedy.vp > rnd.vp


def test_play_game_is_deterministic(engine):
    setup = random_setup(engine.catalogue, 2, "again")
    a = play_game(engine, setup, [make_bot("greedy", p) for p in range(2)])
    b = play_game(engine, setup, [make_bot("greedy", p) for p in range(2)])
    assert a.moves == b.moves


def test_play_game_stops_after_max_moves(engine):
    setup = random_setup(engine.catalogue, 2, 1)
    with pytest.raises(BotGameError, match="did not end within 10 moves"):
        play_game(engine, setup, [RandomBot(p) for p in range(2)], max_moves=10)


def test_every_structure_is_worth_more_than_the_one_it_upgrades(engine):
    for fid, faction in engine.catalogue.factions.items():
        values = structure_values(engine.catalogue, fid)
        for sid, s in faction.structures.items():
            if s.upgrades_from in values:
                assert values[sid] > values[s.upgrades_from], (fid, sid)


def test_greedy_score_counts_only_vp_once_the_game_has_ended(engine):
    setup = random_setup(engine.catalogue, 2, "end")
    state = play_game(engine, setup, [RandomBot(p) for p in range(2)])
    ev = Evaluator(engine.catalogue)
    assert [ev(state, p) for p in range(2)] == [float(p.vp) for p in state.players]


# ------------------------------------------------------------------ the engine problem the bots step around

# A 2-player game (set-up: random_setup(seed "1"), standard layout, rules variant) up to the point where
# p2's only mine has become a trading station: the special action that swaps the planetary institute with
# a mine is still listed, and after it p2 owes a swap that no move can give.
SWAP_GAME = [
    [0, "faction", "lantids"], [1, "faction", "ambas"], [0, "build", "m", "4A4"], [1, "build", "m", "2B3"],
    [1, "build", "m", "4B2"], [0, "build", "m", "3A7"], [1, "booster", "booster5"], [0, "booster", "booster3"],
    [0, "build", "ts", "4A4"], [0, "endturn"], [1, "charge", "1pw"], [1, "build", "ts", "4B2"], [1, "endturn"],
    [0, "charge", "2pw"], [0, "build", "PI", "4A4"], [0, "endturn"], [1, "charge", "2pw"],
    [1, "build", "PI", "4B2"], [1, "endturn"], [0, "decline"], [0, "build", "m", "4B2"], [0, "endturn"],
    [1, "decline"], [1, "up", "int"], [1, "endturn"], [0, "up", "int"], [0, "endturn"],
    [1, "build", "ts", "2B3"], [1, "endturn"], [0, "action", "qic3"], [0, "endturn"],
]
# seed "4": p1 has no ore left, yet the power action giving two terraforming steps (to be followed by a mine) is listed
TERRAFORM_GAME = [
    [0, "faction", "bescods"], [1, "faction", "xenos"], [0, "build", "m", "2A8"], [1, "build", "m", "3A10"],
    [1, "build", "m", "2A11"], [0, "build", "m", "7A4"], [1, "build", "m", "6A0"], [1, "booster", "booster2"],
    [0, "booster", "booster1"], [0, "build", "ts", "7A4"], [0, "endturn"], [1, "charge", "1pw"],
    [1, "build", "ts", "6A0"], [1, "endturn"], [0, "charge", "2pw"], [0, "build", "ac2", "7A4"],
    [0, "tech", "eco"], [0, "up", "eco"], [0, "endturn"], [1, "charge", "2pw"], [1, "build", "PI", "6A0"],
    [1, "endturn"], [0, "decline"], [0, "special", "q"], [0, "endturn"], [1, "up", "int"], [1, "endturn"],
    [0, "action", "qic3"], [0, "endturn"], [1, "build", "ts", "3A10"], [1, "endturn"],
    [0, "special", "up-lowest"], [0, "up", "nav"], [0, "endturn"], [1, "burn", "3"], [1, "action", "power7"],
    [1, "endturn"], [0, "burn", "3"],
]
CASES = {"swap": ("1", SWAP_GAME, Move(1, "special", ("swap-PI",))),
         "terraform": ("4", TERRAFORM_GAME, Move(0, "action", ("power6",)))}


def reach(engine, seed, rows):
    state = engine.new_game(random_setup(engine.catalogue, 2, seed))
    for row in rows:
        state = engine.apply(state, Move(row[0], row[1], tuple(row[2:])))
    return state


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_action_whose_required_follow_up_cannot_be_given_is_refused(engine, case):
    """The swap with no mine left, the 2-step power action with no ore for a mine: refused, not listed."""
    seed, rows, culprit = CASES[case]
    state = reach(engine, seed, rows)
    assert culprit not in engine.legal_moves(state)
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, culprit)
    assert err.value.rule == "follow-up"


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_listed_move_never_leaves_its_player_without_a_way_to_finish_the_turn(engine, case):
    seed, rows, culprit = CASES[case]
    state = reach(engine, seed, rows)
    for move in engine.legal_moves(state):
        after = engine.apply(state, move)
        if not after.ended and engine.to_move(after) == move.player and after.pending:
            assert any(not is_free(m) for m in engine.legal_moves(after)), \
                f"'{move_text(engine, state, move)}' leaves {after.pending[0]} with no move to complete it"


def _mid_game_state(engine, seed="draw", moves=60):
    state = engine.new_game(random_setup(engine.catalogue, 3, seed))
    bots = [RandomBot(f"{seed}{p}") for p in range(3)]
    for _ in range(moves):
        _, state = bots[engine.to_move(state)].play(engine, state)
    return state


def test_random_move_draws_only_legal_moves_and_applies_them(engine):
    """`Engine.random_move` returns a listed move with the very state `apply` gives."""
    import random

    state = _mid_game_state(engine)
    legal = engine.legal_moves(state)
    rng = random.Random(5)
    seen = set()
    for _ in range(200):
        move, after = engine.random_move(state, rng)
        assert move in legal
        assert after.to_json() == engine.apply(state, move).to_json()
        seen.add(move)
    assert seen == set(legal)  # with 200 draws every one of these few moves turns up


def test_bots_that_check_for_dead_ends_never_meet_one(engine):
    """The engine refuses actions whose follow-up cannot be given, so the bots' own check finds none."""
    setup = random_setup(engine.catalogue, 2, "dead-ends")
    seen = []

    def look(step):
        seen.append(dead_end(engine, step.state, step.move.player))

    state = play_game(engine, setup, [RandomBot(f"d{p}", avoid_dead_ends=True) for p in range(2)], on_move=look)
    assert state.ended and len(seen) > 50 and not any(seen)
