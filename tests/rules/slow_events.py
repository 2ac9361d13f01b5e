"""Events with data, conditions and limits (docs/effects.md, "Events").

Its slow tier: test_events.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest
import yaml

from gaia_rules.content import default_catalogue
from gaia_rules.rules import Engine

pytestmark = pytest.mark.slow


def test_every_event_of_the_vocabulary_fires_in_bot_games(tmp_path):
    """A faction listening once to every event: each one is heard in a few bot games (those that need a
    special position, a swap and a completed Gaia Project, have their own tests)."""
    from gaia_rules.language.vocabulary import EVENTS
    from gaia_rules.players import GreedyBot, RandomBot, play_game
    from gaia_rules.setup import random_setup

    names = [e for e in EVENTS if e != "build"]
    ability = [f"once per game: on {e}: 1vp" for e in names] + ["once per game: on build m: 1vp"]
    order = names + ["build"]
    folder = tmp_path / "listeners"
    folder.mkdir()
    (folder / "listeners.yaml").write_text(yaml.safe_dump(
        {"kind": "faction", "id": "listeners", "name": "Listeners", "home": "ice", "board": "default",
         "ability": ability}, sort_keys=False))
    engine = Engine(default_catalogue([folder]))
    heard = set()
    for seed in (1, 2):
        for bot in (GreedyBot, RandomBot):
            setup = random_setup(engine.catalogue, 3, seed, factions=["listeners", "ambas", "terrans"])
            end = play_game(engine, setup, [bot(seed * 3 + i) for i in range(3)])
            heard |= {order[int(m.split("#")[1])] for m in end.players[0].marks if m.startswith("game:faction#")}
    # never heard here: a swap and a Gaia Project's completion need a faction that has them (`refused`
    # is: a gain above a cap, or a charge with no token left to move, happens in these games)
    assert set(order) - heard == {"swap", "gaia-complete"}
