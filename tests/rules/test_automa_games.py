"""Whole solo games against the Automa, to the end: a bot in the player's seat, every Automa faction
card at every difficulty (the slow tier), and one game of random moves (the fast tier)."""
from __future__ import annotations

import random

from automa_helpers import AUTOMA, DESIGNER_CARD, SEAT
from rules_helpers import CAT, ENGINE

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
