"""How a bot chooses its faction when the game leaves the choice to the players: by the board.

A faction starts on planets of its home type and grows first onto planets
it can reach and colonise cheaply. So each faction on offer is valued by the
map alone: for every planet of its home type, the planets within `NEAR`
hexes of it, each weighted by the terraforming steps between its type and
the home type on the wheel (`STEP_WEIGHTS`: the home type itself, one step,
two steps; farther types count nothing), Gaia planets by `GAIA_WEIGHT`. The
faction of the highest value is chosen; factions of equal value (two
factions of one home type always are) are drawn between with the bot's own
seeded generator. The choice is deterministic for a bot's seed and varies
with the board: the same sectors turned otherwise bring other planets
together.

The greedy, fast and search bots choose this way (the random bot draws
uniformly). Faction abilities are not weighed: the rule says where a faction
would find room, not how strong it is.
"""
from __future__ import annotations

import random
from typing import Sequence

from ..rules import Engine, Move
from ..setup import build_map
from ..state import GameState

NEAR = 2                  # hexes: a planet this close to a home planet is within early reach
STEP_WEIGHTS = (3, 2, 1)  # a planet of the home type, one terraforming step away, two steps away
GAIA_WEIGHT = 1           # a Gaia planet (any faction may colonise it for Q.I.C.)


def wheel_steps(wheel: Sequence[str], a: str, b: str) -> int | None:
    """Terraforming steps between two types of the wheel (the shorter way round), None off the wheel."""
    if a not in wheel or b not in wheel:
        return None
    d = abs(wheel.index(a) - wheel.index(b))
    return min(d, len(wheel) - d)


def board_values(engine: Engine, state: GameState, factions: Sequence[str]) -> dict[str, int]:
    """Each faction's value on this game's map (see the module's rule)."""
    catalogue = engine.catalogue
    game_map = build_map(catalogue, state.setup.sectors, state.setup.mirror)
    gaia = {p.id for p in catalogue.planets.values() if p.habitable == "gaia"}
    planets = {c: h.planet for c, h in game_map.hexes.items()
               if h.planet in catalogue.wheel or h.planet in gaia}
    values: dict[str, int] = {}
    for fid in factions:
        home = catalogue.factions[fid].home
        total = 0
        for coord, planet in planets.items():
            if planet != home:
                continue
            for near in game_map.within(coord, NEAR):
                if near == coord or near not in planets:
                    continue
                other = planets[near]
                if other in gaia:
                    total += GAIA_WEIGHT
                    continue
                steps = wheel_steps(catalogue.wheel, home, other)
                if steps is not None and steps < len(STEP_WEIGHTS):
                    total += STEP_WEIGHTS[steps]
        values[fid] = total
    return values


def is_faction_choice(state: GameState, moves: Sequence[Move]) -> bool:
    """The position asks for a faction and offers only factions (not an auction's bids)."""
    return state.phase == "factions" and bool(moves) and all(m.command == "faction" for m in moves)


def faction_by_board(engine: Engine, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    """The faction move of the highest board value; equal values drawn with `rng`."""
    values = board_values(engine, state, [m.args[0] for m in moves])
    top = max(values.values())
    return rng.choice([m for m in moves if values[m.args[0]] == top])
