"""Whole solo games against the Automa, to the end: a bot in the player's seat, every Automa faction

Its slow tier: test_automa_games.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import random

import pytest

from gaia_rules.content import load_catalogue
from gaia_rules.players import FastBot, RandomBot, play_game
from gaia_rules.rules import Engine, Move
from gaia_rules.setup import random_setup

from automa_helpers import AUTOMA, SEAT
from rules_helpers import CAT, ENGINE
from test_automa_games import DESIGNER, check_ended

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("level", sorted(AUTOMA.difficulties, key=lambda d: AUTOMA.difficulties[d].level))
@pytest.mark.parametrize("automa", sorted(AUTOMA.factions))
def test_the_fast_bot_plays_a_whole_game_against_each_automa_at_each_difficulty(automa, level):
    setup = random_setup(CAT, 1, f"{automa}/{level}", automa=automa, difficulty=level, factions=[None])
    state = play_game(ENGINE, setup, {0: FastBot(f"{automa}/{level}"), 1: RandomBot("automa")})
    check_ended(state, level)
    assert state.players[0].vp > 0 and state.players[SEAT].vp > AUTOMA.difficulties[level].starting_vp


def test_a_designers_automa_faction_card_and_harder_deck_play_without_code(tmp_path):
    for name, text in DESIGNER.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    catalogue, problems = load_catalogue([tmp_path])
    assert problems == []
    engine = Engine(catalogue)
    state = engine.new_game(random_setup(catalogue, 1, "designer", automa="automa-lantids", difficulty="nightmare"))
    assert len(state.automa.deck) == 6 + 3 + 2 and state.players[SEAT].faction == "lantids"
    rng = random.Random(1)
    while not state.ended:
        p = engine.to_move(state)
        state = engine.apply(state, Move(p, "automa")) if state.is_automa(p) else engine.random_move(state, rng)[1]
    assert catalogue.factions[state.players[0].faction].home != "terra"     # not the Automa's home planet
    sources = state.players[SEAT].vp_sources
    assert state.players[SEAT].research["nav"] >= 1 and sources["automa-faction"] % 3 == 0
    assert sources["automa-extra"] % 2 == 0 and sources["automa-rule"] % 2 == 0
    turns = [r for r in state.automa.log if r["kind"] == "turn" and r["action"] == "faction"]
    assert turns and all(t["steps"][0]["do"] == "build-mine" for t in turns)
