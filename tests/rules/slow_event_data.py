"""Event data that tell things apart (docs/effects.md, "Events"): terraforming steps paid or free,

Its slow tier: test_event_data.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest
import yaml

from gaia_rules.content import default_catalogue
from gaia_rules.players import GreedyBot, RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

from test_event_data import DESIGN, base, differences, shapers

pytestmark = pytest.mark.slow


def test_in_bot_games_the_shapers_design_does_exactly_what_it_says(shapers, tmp_path):
    """Every move of three bot games applied with the design and with the same faction without its
    abilities: what differs is 1 credit per step paid, 2 VP per mine a special action built, and from
    round 4 on 1 VP per mine; nothing else, and nothing for the other players."""
    data = yaml.safe_load((DESIGN / "shapers.yaml").read_text())
    data["ability"] = []
    (tmp_path / "shapers.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    control = Engine(default_catalogue([tmp_path]))
    wheel = shapers.catalogue.wheel
    cap = shapers.catalogue.resources["c"]["cap"]
    seen = {"paid": 0, "special": 0, "late": 0}
    for seed in (1, 2, 3):
        setup = random_setup(shapers.catalogue, 3, seed, factions=["shapers", "terrans", "hadsch-hallas"])
        state = shapers.new_game(setup)
        bots = [GreedyBot(seed * 10 + i) for i in range(3)]
        main = None
        while not state.ended:
            p = shapers.to_move(state)
            move, after = bots[p].play(shapers, state)
            answers_build = bool(state.pending) and state.pending[0].kind in ("build", "lostPlanet")
            if state.phase == "actions" and not state.pending and not state.decisions and move.player == 0 \
                    and move.command in ("build", "action", "special", "up", "federation", "pass"):
                main = move.command                                 # the turn's main action
            base = control.apply(state, move)
            expected: dict[str, tuple] = {}
            mine = move.player == 0 and state.phase == "actions" and (
                (move.command == "build" and move.args[0] == "m") or move.command == "lostPlanet")
            if mine:
                planet = shapers.context(state).map.planet_at(state, move.args[-1])
                steps = 0
                if move.command == "build" and planet in wheel:
                    d = abs(wheel.index("ice") - wheel.index(planet))
                    steps = min(d, len(wheel) - d)
                paid = steps - min(state.temp.get("step", 0), steps)
                special = answers_build and main == "special"
                late = state.round >= 4
                vp = 2 * special + late
                c = min(cap, base.players[0].credits + paid) - base.players[0].credits
                if vp:
                    expected["players[0].vp"] = (base.players[0].vp + vp, base.players[0].vp)
                if c:
                    expected["players[0].credits"] = (base.players[0].credits + c, base.players[0].credits)
                seen["paid"] += paid > 0
                seen["special"] += special
                seen["late"] += late
            assert differences(after, base) == expected, (seed, str(move))
            state = after
    assert min(seen.values()) >= 1, seen


@pytest.mark.parametrize("players", [2, 4])
def test_the_shapers_design_plays_to_the_end(shapers, players):
    others = ["terrans", "hadsch-hallas", "ambas"][: players - 1]
    setup = random_setup(shapers.catalogue, players, 7, factions=["shapers", *others])
    end = play_game(shapers, setup, [RandomBot(i) for i in range(players)])
    assert end.ended and end.round == shapers.catalogue.game["rounds"]
