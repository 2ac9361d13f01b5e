"""Whole solo games against the Automa, to the end: a bot in the player's seat, every Automa faction
card at every difficulty (the slow tier), and one game of random moves (the fast tier)."""
from __future__ import annotations

import random

import pytest
from automa_helpers import AUTOMA, SEAT
from rules_helpers import CAT, ENGINE

from gaia_rules.players import FastBot, RandomBot, play_game
from gaia_rules.rules import Move
from gaia_rules.rules.scoring import source_groups
from gaia_rules.setup import random_setup


def check_ended(state, level: str) -> None:
    automa = state.players[SEAT]
    assert state.ended and state.round == CAT.game["rounds"]
    assert automa.final_scoring is not None and state.players[0].final_scoring is not None
    start = AUTOMA.difficulties[level].starting_vp
    assert automa.vp == start + sum(automa.vp_sources.values())
    groups = source_groups(CAT, automa.vp, automa.vp_sources)
    assert groups["start"] == start and set(groups) <= {"start", "decision cards", "faction card", "round tiles",
                                                        "final tiles", "research", "difficulty"}
    passes = [r for r in state.automa.log if r["kind"] == "pass"]
    assert passes[-1]["round"] == CAT.game["rounds"] and "booster" not in passes[-1]
    assert ("difficulty" in groups) == (AUTOMA.difficulties[level].extra_vp is not None)


def test_a_whole_solo_game_of_random_moves_ends_with_both_scores():
    state = ENGINE.new_game(random_setup(CAT, 1, "whole", automa="automa-geodens", difficulty="alptrauma"))
    rng = random.Random(5)
    while not state.ended:
        p = ENGINE.to_move(state)
        state = ENGINE.apply(state, Move(p, "automa")) if state.is_automa(p) else ENGINE.random_move(state, rng)[1]
    check_ended(state, "alptrauma")


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(AUTOMA.difficulties, key=lambda d: AUTOMA.difficulties[d].level))
@pytest.mark.parametrize("automa", sorted(AUTOMA.factions))
def test_the_fast_bot_plays_a_whole_game_against_each_automa_at_each_difficulty(automa, level):
    setup = random_setup(CAT, 1, f"{automa}/{level}", automa=automa, difficulty=level, factions=[None])
    state = play_game(ENGINE, setup, {0: FastBot(f"{automa}/{level}"), 1: RandomBot("automa")})
    check_ended(state, level)
    assert state.players[0].vp > 0 and state.players[SEAT].vp > AUTOMA.difficulties[level].starting_vp
