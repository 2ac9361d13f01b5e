"""Designs nobody shipped (tests/content/designer/), each YAML alone, played by bots.

Each design is a faction whose only difference from the default board is the
design's statement. To check its exact effect, every move of a bot game is
applied twice from the same position: with the design, and with a control
faction that is the same file without its ability. What differs between the
two results is exactly what the design did.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.players import GreedyBot, RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from state_diff import differences

DESIGNS = Path(__file__).resolve().parents[1] / "content" / "designer"
SEEDS = range(1, 7)





def engines(folder: str, tmp_path: Path) -> tuple[Engine, Engine, str]:
    """(the design's engine, the control's engine, the design's faction id)."""
    src = DESIGNS / folder
    control = tmp_path / f"{folder}-control"
    control.mkdir()
    faction = None
    for f in src.glob("*.yaml"):
        data = yaml.safe_load(f.read_text())
        if data["kind"] == "faction":
            faction = data["id"]
            data["ability"] = []
        (control / f.name).write_text(yaml.safe_dump(data, sort_keys=False))
    return Engine(default_catalogue([src])), Engine(default_catalogue([control])), faction


def played(engine: Engine, faction: str, seed: int, bot=GreedyBot):
    """(state before, move) of every move of a 3-player bot game with the design in seat 1."""
    setup = random_setup(engine.catalogue, 3, seed, factions=[faction, "terrans", "hadsch-hallas"])
    seen: list[tuple[GameState, object]] = []
    state = engine.new_game(setup)
    bots = [bot(seed * 10 + i) for i in range(3)]
    while not state.ended:
        p = engine.to_move(state)
        move, after = bots[p].play(engine, state)
        seen.append((state, move))
        state = after
    return seen


def effect_of(design: Engine, control: Engine, state: GameState, move) -> dict[str, tuple]:
    return differences(design.apply(state, move), control.apply(state, move))


@pytest.mark.parametrize("folder", ["v1", "v2", "v3", "v4", "v6"])
def test_each_design_validates_clean(folder):
    _, problems = load_catalogue([DESIGNS / folder])
    assert problems == []


@pytest.mark.parametrize("folder", ["v1", "v2", "v3", "v4", "v6"])
def test_each_design_plays_to_the_end_with_random_bots(folder):
    engine = Engine(default_catalogue([DESIGNS / folder]))
    faction = next(f for f in engine.catalogue.factions if engine.catalogue.factions[f].file.startswith(str(DESIGNS))
                   or "designer" in engine.catalogue.factions[f].file)
    for players in (2, 4):
        others = ["terrans", "hadsch-hallas", "ambas"][: players - 1]
        setup = random_setup(engine.catalogue, players, 7, factions=[faction, *others])
        end = play_game(engine, setup, [RandomBot(i) for i in range(players)])
        assert end.ended and end.round == engine.catalogue.game["rounds"]


def labs_of(state: GameState, p: int) -> int:
    return sum(1 for h in state.board.values() if h.owner == p and h.piece == "lab")


def engine_turn(engine: Engine, state: GameState):
    return engine.to_move(state)
