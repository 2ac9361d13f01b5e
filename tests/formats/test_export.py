"""Exporting a game's moves in the boardgamers.space notation: replaying the lines gives the same game."""
from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.formats.export import export_lines
from gaia_rules.formats.notation import canonical, parse_line
from gaia_rules.formats.replay import hex_namer, token_words
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup


def _random_game(engine, players, seed):
    setup = random_setup(engine.catalogue, players, f"export-{seed}", variant="boardgamers")
    state, rng, moves = engine.new_game(setup), random.Random(seed), []
    while not state.ended:
        move = rng.choice(engine.legal_moves(state))
        moves.append(move)
        engine.apply_in_place(state, move)
    return setup, moves, state


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_exported_lines_replay_to_the_same_game(players, seed):
    engine = Engine()
    setup, moves, state = _random_game(engine, players, seed)
    lines = export_lines(engine, setup, moves)
    assert lines[0] == f"init {players} export-{seed}"
    again = engine.new_game(setup)
    for line in lines[1:]:
        names = {p.faction: p.index for p in again.players if p.faction}
        for move in parse_line(line, names, players, token_words(engine)).moves:
            engine.apply_in_place(again, canonical(move, hex_namer(engine, again)))
    assert again.to_json() == state.to_json()


def test_one_action_phase_turn_is_one_line():
    engine = Engine()
    setup, moves, _ = _random_game(engine, 2, 4)
    lines = export_lines(engine, setup, moves)
    turns = [line for line in lines if line.endswith("endturn")]
    assert turns and all(line.count("endturn") == 1 for line in turns)


def test_gaia_export_prints_the_move_list(tmp_path):
    runner = CliRunner()
    game = tmp_path / "g.json"
    assert runner.invoke(app, ["new", "--players", "2", "--seed", "5", "-o", str(game)]).exit_code == 0
    assert runner.invoke(app, ["move", str(game), "1"]).exit_code == 0
    result = runner.invoke(app, ["export", str(game)])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "init 2 5"
    assert result.output.splitlines()[1].startswith("p1 faction ")
