"""No input hangs or crashes the engine: every bad or absurd move is refused, quickly and by name.

Its slow tier: test_robustness.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from rules_helpers import ENGINE
from test_robustness import LISTING, _reloaded

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("bot_name, moves", [("RandomBot", 400), ("GreedyBot", 120)])
def test_a_seeded_bot_plays_the_same_game_when_saved_and_reloaded_every_move(bot_name, moves):
    import gaia_rules.players as bots
    from gaia_rules.setup import random_setup

    start_state = ENGINE.new_game(random_setup(ENGINE.catalogue, 3, "reload"))
    games = []
    for reload in (False, True):
        bot, state, played = getattr(bots, bot_name)(seed=7), start_state, []
        for _ in range(moves):
            if state.ended:
                break
            move, state = bot.play(ENGINE, _reloaded(state) if reload else state)
            played.append(str(move))
        games.append(played)
    assert len(games[0]) > 100 and games[0] == games[1]


def test_legal_moves_do_not_depend_on_the_hash_seed():
    """Sets iterate in an order that changes with PYTHONHASHSEED: no listing may depend on it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent  # this module and, one up, the tests' helpers it imports
    outputs = []
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=os.pathsep.join([str(here), str(here.parent)]))
        done = subprocess.run([sys.executable, "-c", LISTING], cwd=here, env=env,
                              capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0].count("\n") == 61 and "federation" in outputs[0]
    assert outputs[0] == outputs[1]
