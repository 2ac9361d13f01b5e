"""Whole solo games against the Automa, to the end: a bot in the player's seat, every Automa faction
card at every difficulty (the slow tier), and one game of random moves (the fast tier)."""
from __future__ import annotations

import random

import pytest
from automa_helpers import AUTOMA, DESIGNER_CARD, SEAT
from rules_helpers import CAT, ENGINE

from gaia_rules.content import load_catalogue
from gaia_rules.players import FastBot, RandomBot, play_game
from gaia_rules.rules import Engine, Move
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


DESIGNER = {
    "automa-lantids.yaml": """kind: automa_faction
id: automa-lantids
name: Lantids Automa
faction: lantids
setup: {research: [nav], starting_mines: 2}
faction_action:
  steps:
    - {do: build-mine, range: 3, tiebreaker: closest-to-human}
    - {do: research-track, track: sci, otherwise: {do: research-highest}}
  vp: 3
special:
  - {rule: vp-for-upgrade, to: lab, vp: 2}
""",
    "automa18.yaml": DESIGNER_CARD,
    "nightmare.yaml": """kind: automa_difficulty
id: nightmare
name: Nightmare
level: 9
starting_vp: 20
deck: {add: [automa9, automa15, automa18]}
random_reserve_cards: 2
extra_vp: {vp: 2, sources: [card, round-tile]}
""",
}


@pytest.mark.slow
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
