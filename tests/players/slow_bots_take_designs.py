"""Bots use what a designer adds (issue 39, item 9): a designer's advanced tile and federation token are taken
by the fast bot in games where they pay, counted over 20 seeded games, so `gaia simulate` sees them."""
from __future__ import annotations

from pathlib import Path

import pytest

from gaia_rules.content.load import default_catalogue
from gaia_rules.formats.position import build_position, read_position
from gaia_rules.players import FastBot, play_game
from gaia_rules.players.base import play_from
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

pytestmark = pytest.mark.slow

DESIGNER = Path(__file__).parents[1] / "content" / "designer"
GAMES = 20


def _games_from(folder: str, position: str, wanted: str) -> int:
    """Games (bot seeds 0..19) from the position in which the first seat plays a move starting with `wanted`."""
    engine = Engine(default_catalogue([DESIGNER / folder]))
    pos, problems = read_position(DESIGNER / folder / "tests" / position)
    assert pos is not None, problems
    start = build_position(engine, pos)
    taken = 0
    for seed in range(GAMES):
        moves: list[str] = []
        play_from(engine, start, {0: FastBot(f"{seed}/0"), 1: FastBot(f"{seed}/1")},
                  on_move=lambda step: moves.append(str(step.move)) if step.move.player == 0 else None)
        taken += any(m.startswith(wanted) for m in moves)
    return taken


def test_the_fast_bot_takes_a_designers_advanced_tile_where_it_pays():
    # level 4 of Science, a green token and a standard tile to cover: the Summit's step, its credits per tile
    # and its VP per level on passing pay more than any standard tile
    assert _games_from("v12-scholars", "summit-within-reach.position.yaml", "tech adv-sci") == GAMES


def test_the_fast_bot_takes_a_designers_federation_token_where_it_pays():
    # a federation of 7 within reach and the Windfall (14 VP) in the supply beside the standard tokens
    assert _games_from("v35-windfall", "ready.position.yaml", "federation") == GAMES
    assert _games_from("v35-windfall", "ready.position.yaml", "federation 2A4,2A5,3A9,3B3,3B4 windfall") == GAMES


def test_in_whole_games_the_first_federation_formed_takes_the_windfall():
    engine = Engine(default_catalogue([DESIGNER / "v35-windfall"]))
    formed = taken = 0
    for g in range(GAMES):
        setup = random_setup(engine.catalogue, 2, f"windfall/{g}", factions=["terrans", "xenos"],
                             fixed={"terraforming_token": "fed1"})
        first: list[str] = []
        play_game(engine, setup, [FastBot(f"{g}/0"), FastBot(f"{g}/1")],
                  on_move=lambda step: first.append(str(step.move)) if step.move.command == "federation" else None)
        if first:
            formed += 1
            taken += first[0].endswith(" windfall")
    assert formed >= GAMES // 2            # most games see a federation ...
    assert taken == formed                 # ... and the first one formed takes the Windfall every time
