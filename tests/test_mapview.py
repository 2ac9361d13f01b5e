"""`gaia map` and gaia_rules/mapview.py: the board as an SVG picture and as a text map."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.formats import savegame
from gaia_rules.players import make_bot, play_game
from gaia_rules.faces.cli import app
from gaia_rules.content import default_catalogue
from gaia_rules.faces.mapview import COLOURS, piece_shape, player_colours, svg_map, text_map
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup
from gaia_rules.formats.corpus import corpus_file

SVG = "{http://www.w3.org/2000/svg}"
CORPUS_GAME = corpus_file("richbot-4p-02.json")
runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.fixture(scope="module")
def engine():
    return Engine(default_catalogue())


@pytest.fixture(scope="module")
def bot_game(engine):
    """A whole 2-player bot game: (set-up, moves, final state)."""
    setup = random_setup(engine.catalogue, 2, "map-5")
    moves = []
    state = play_game(engine, setup, [make_bot("greedy", "a"), make_bot("greedy", "b")],
                      on_move=lambda step: moves.append(step.move))
    return setup, moves, state


@pytest.fixture(scope="module")
def corpus_state(engine):
    """The final position of a recorded 4-player game (structures, satellites, federations)."""
    from gaia_rules.formats.replay import replay_file

    result = replay_file(engine, CORPUS_GAME, keep_state=True)
    return result.state


def _svg(engine, state) -> ET.Element:
    text = svg_map(engine.context(state), state)
    return ET.fromstring(text.encode("utf-8"))


def _all(root, tag, cls):
    return [e for e in root.iter(SVG + tag) if cls in (e.get("class") or "").split()]


# ------------------------------------------------------------------ the SVG

@pytest.mark.parametrize("players, hexes", [(2, 133), (3, 190), (4, 190)])
def test_svg_is_xml_with_a_viewbox_and_one_polygon_per_hex(engine, players, hexes):
    state = engine.new_game(random_setup(engine.catalogue, players, "map"))
    root = _svg(engine, state)
    assert root.tag == SVG + "svg"
    assert len(root.get("viewBox").split()) == 4
    polygons = list(root.iter(SVG + "polygon"))
    assert len(polygons) == hexes
    names = {h.name for h in engine.context(state).map.hexes.values()}
    assert {p.get("data-hex") for p in polygons} == names
    assert {t.text for t in _all(root, "text", "name")} == names


def test_svg_hexes_are_filled_by_planet_colour(engine, corpus_state):
    ctx = engine.context(corpus_state)
    root = _svg(engine, corpus_state)
    for poly in root.iter(SVG + "polygon"):
        planet = ctx.planet_at(corpus_state, poly.get("data-hex"))
        assert poly.get("data-planet") == planet
        colour = engine.catalogue.planets[planet].colour
        if colour in COLOURS:
            assert poly.get("fill") == COLOURS[colour]
    fills = {p.get("data-planet"): p.get("fill") for p in root.iter(SVG + "polygon")}
    assert len(set(fills.values())) == len(fills)  # one fill per planet type


@pytest.mark.parametrize("which", ["bot", "corpus"])
def test_svg_shows_every_piece_satellite_and_federation(engine, bot_game, corpus_state, which):
    state = bot_game[2] if which == "bot" else corpus_state
    root = _svg(engine, state)
    pieces = {(g.get("data-hex"), g.get("data-player"), g.get("data-piece"))
              for g in _all(root, "g", "piece") if "guest" not in g.get("class").split()}
    expected = {(name, str(h.owner + 1), h.piece) for name, h in state.board.items()
                if h.owner is not None and h.piece is not None}
    assert expected and pieces == expected
    guests = sorted((g.get("data-hex"), g.get("data-player")) for g in _all(root, "g", "guest"))
    assert guests == sorted((n, str(p + 1)) for n, h in state.board.items() for p in h.guests)

    satellites = sorted((c.get("data-hex"), c.get("data-player")) for c in _all(root, "circle", "satellite"))
    expected_sats = sorted((n, str(p + 1)) for n, h in state.board.items() for p in h.satellites)
    assert expected_sats and satellites == expected_sats

    feds = sorted((e.get("data-hex"), e.get("data-player")) for e in _all(root, "path", "federation"))
    expected_feds = sorted((n, str(p + 1)) for n, h in state.board.items() for p in h.federations)
    assert expected_feds and feds == expected_feds


def test_players_take_their_home_planet_colour(engine, corpus_state):
    colours = player_colours(engine.context(corpus_state), corpus_state)
    assert len(set(colours)) == len(corpus_state.players)
    for p, colour in zip(corpus_state.players, colours):
        home = engine.catalogue.factions[p.faction].home
        assert colour == COLOURS[engine.catalogue.planets[home].colour]


def test_players_without_a_faction_still_get_distinct_colours(engine):
    state = engine.new_game(random_setup(engine.catalogue, 4, "map"))
    assert all(p.faction is None for p in state.players)
    assert len(set(player_colours(engine.context(state), state))) == 4


def test_piece_shapes_come_from_the_faction_board(engine):
    for faction in engine.catalogue.factions.values():
        structures = faction.structures
        shapes = {sid: piece_shape(structures, sid, faction.planetary_institute_structure) for sid in structures}
        for sid, s in structures.items():
            if not s.structure:
                assert shapes[sid] in ("ring", "star")
            elif s.upgrades_from is None:
                assert shapes[sid] == "circle"
        assert shapes[faction.planetary_institute_structure] == "octagon"
        # a structure never looks like the one it is upgraded from
        for sid, s in structures.items():
            if s.upgrades_from in structures:
                assert shapes[sid] != shapes[s.upgrades_from], (faction.id, sid)


def test_svg_legend_names_players_and_planets(engine, corpus_state):
    text = svg_map(engine.context(corpus_state), corpus_state)
    for p in corpus_state.players:
        assert p.faction in text
    for pt in engine.catalogue.planets.values():
        assert pt.name in text


# ------------------------------------------------------------------ the text map

def _cells(text: str) -> list[str]:
    grid = text.split("\n\n")[0]
    return grid.split()


@pytest.mark.parametrize("which", ["fresh2", "fresh4", "bot", "corpus"])
def test_text_map_has_a_code_for_every_hex(engine, bot_game, corpus_state, which):
    state = {"fresh2": lambda: engine.new_game(random_setup(engine.catalogue, 2, "t")),
             "fresh4": lambda: engine.new_game(random_setup(engine.catalogue, 4, "t")),
             "bot": lambda: bot_game[2], "corpus": lambda: corpus_state}[which]()
    ctx = engine.context(state)
    text = text_map(ctx, state)
    cells = _cells(text)
    assert len(cells) == len(ctx.map.hexes)
    codes = {pt.code for pt in engine.catalogue.planets.values()}
    n = len(state.players)
    for cell in cells:
        assert cell == "." or cell in codes or re.fullmatch(rf"[{''.join(codes).upper()}][1-{n}]", cell), cell
    occupied = sum(1 for h in state.board.values() if h.owner is not None or h.guests)
    assert sum(1 for c in cells if c[-1].isdigit()) == occupied
    def empty_space(name):
        h = state.board.get(name)
        taken = h is not None and (h.owner is not None or h.guests)
        return not taken and engine.catalogue.planets[ctx.planet_at(state, name)].habitable == "space"

    space = sum(1 for h in ctx.map.hexes.values() if empty_space(h.name))
    assert cells.count(".") == space
    assert max(len(line) for line in text.splitlines()) <= 100


# ------------------------------------------------------------------ gaia map

@pytest.fixture(scope="module")
def saved_game(engine, bot_game, tmp_path_factory) -> Path:
    setup, moves, _ = bot_game
    game = savegame.with_moves(engine, savegame.new_game(engine, setup), moves[:80])
    path = tmp_path_factory.mktemp("map") / "game.json"
    savegame.save(game, path)
    return path


def test_gaia_map_writes_an_svg(saved_game, tmp_path, engine):
    out = tmp_path / "out.svg"
    result = gaia("map", saved_game, "-o", out)
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stdout.strip() == f"map of 133 hexes written to {out}"
    root = ET.fromstring(out.read_bytes())
    assert len(list(root.iter(SVG + "polygon"))) == 133
    assert _all(root, "g", "piece")


def test_gaia_map_prints_a_text_map(saved_game, engine):
    result = gaia("map", saved_game)
    assert result.exit_code == 0, result.stderr
    state = savegame.load(engine, saved_game).state
    assert result.stdout == text_map(engine.context(state), state)


def test_gaia_map_of_a_missing_file_is_one_line_exit_2(tmp_path):
    result = gaia("map", tmp_path / "nowhere.json", "-o", tmp_path / "out.svg")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [f"gaia map: {tmp_path / 'nowhere.json'}: no such file"]
    assert not (tmp_path / "out.svg").exists()


def test_gaia_map_to_an_unwritable_place_is_one_line_exit_2(saved_game, tmp_path):
    result = gaia("map", saved_game, "-o", tmp_path / "no" / "dir" / "out.svg")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("gaia map: cannot write ")
