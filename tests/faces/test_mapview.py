"""`gaia map`, gaia_rules/faces/mapview.py, maptext.py and tableview.py: the game as an SVG picture and as a text map."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.formats import savegame
from gaia_rules.players import make_bot, play_game
from gaia_rules.faces.cli import app
from gaia_rules.content import default_catalogue
from gaia_rules.faces.maptext import piece_glyphs, text_map
from gaia_rules.faces.mapview import COLOURS, piece_shape, player_colours, svg_map
from gaia_rules.rules import Engine, Game
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


@pytest.fixture(scope="module")
def midgame_state(engine):
    """The same recorded game after its first 110 lines: round 4, boosters held, two board actions used."""
    from gaia_rules.formats.replay import replay_record

    record = json.loads(CORPUS_GAME.read_text(encoding="utf-8"))
    record["moves"] = record["moves"][:110]
    record.pop("final", None)
    return replay_record(engine, record, keep_state=True).state


def _svg(engine, state) -> ET.Element:
    text = svg_map(Game(state, engine).view(), state)
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
    names = {h.name for h in Game(state, engine).view().map.hexes.values()}
    assert {p.get("data-hex") for p in polygons} == names
    assert {t.text for t in _all(root, "text", "name")} == names


def test_svg_hexes_are_filled_by_planet_colour(engine, corpus_state):
    ctx = Game(corpus_state, engine).view()
    root = _svg(engine, corpus_state)
    for poly in root.iter(SVG + "polygon"):
        planet = ctx.map.planet_at(corpus_state, poly.get("data-hex"))
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
    colours = player_colours(Game(corpus_state, engine).view(), corpus_state)
    assert len(set(colours)) == len(corpus_state.players)
    for p, colour in zip(corpus_state.players, colours):
        home = engine.catalogue.factions[p.faction].home
        assert colour == COLOURS[engine.catalogue.planets[home].colour]


def test_players_without_a_faction_still_get_distinct_colours(engine):
    state = engine.new_game(random_setup(engine.catalogue, 4, "map"))
    assert all(p.faction is None for p in state.players)
    assert len(set(player_colours(Game(state, engine).view(), state))) == 4


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
    text = svg_map(Game(corpus_state, engine).view(), corpus_state)
    for p in corpus_state.players:
        assert p.faction in text
    for pt in engine.catalogue.planets.values():
        assert pt.name in text


# ------------------------------------------------------------------ the text map

def _cells(text: str) -> list[str]:
    grid = text.split("\n\n")[0]
    return grid.split()


@pytest.mark.parametrize("which", ["fresh2", "fresh4", "bot", "corpus"])
def test_compact_text_map_has_a_code_for_every_hex(engine, bot_game, corpus_state, which):
    state = {"fresh2": lambda: engine.new_game(random_setup(engine.catalogue, 2, "t")),
             "fresh4": lambda: engine.new_game(random_setup(engine.catalogue, 4, "t")),
             "bot": lambda: bot_game[2], "corpus": lambda: corpus_state}[which]()
    ctx = Game(state, engine).view()
    text = text_map(ctx, state, compact=True)
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
        return not taken and engine.catalogue.planets[ctx.map.planet_at(state, name)].habitable == "space"

    space = sum(1 for h in ctx.map.hexes.values() if empty_space(h.name))
    assert cells.count(".") == space
    assert max(len(line) for line in text.splitlines()) <= 100


def _full_cells(text: str, names: set[str]) -> dict[str, str]:
    """Hex name -> the content written under it (same column, next line) in the full text map."""
    lines = text.split("\n\n")[0].splitlines()
    out = {}
    for i, line in enumerate(lines):
        for m in re.finditer(r"\S+", line):
            if m.group() in names:
                below = lines[i + 1] if i + 1 < len(lines) else ""
                out[m.group()] = below[m.start():].split(" ", 1)[0] if len(below) > m.start() else ""
    cut = re.search(r"^> cut short, in full: (.*)$", text, re.M)
    for entry in cut.group(1).split(", ") if cut else []:
        name, full = entry.split(" ")
        assert out[name] == full[:4] + ">"
        out[name] = full
    return out


@pytest.mark.parametrize("which", ["fresh2", "fresh4", "bot", "corpus"])
def test_text_map_names_every_hex_with_its_planet_and_pieces(engine, bot_game, corpus_state, which):
    state = {"fresh2": lambda: engine.new_game(random_setup(engine.catalogue, 2, "t")),
             "fresh4": lambda: engine.new_game(random_setup(engine.catalogue, 4, "t")),
             "bot": lambda: bot_game[2], "corpus": lambda: corpus_state}[which]()
    ctx = Game(state, engine).view()
    names = {h.name for h in ctx.map.hexes.values()}
    text = text_map(ctx, state)
    cells = _full_cells(text, names)
    assert set(cells) == names
    glyphs = piece_glyphs(ctx)
    for name, cell in cells.items():
        planet = engine.catalogue.planets[ctx.map.planet_at(state, name)]
        assert cell[0] == ("." if planet.habitable == "space" else planet.code), (name, cell)
        h = state.board.get(name)
        expected = ""
        if h is not None:
            if h.owner is not None and h.piece is not None:
                expected += f"{glyphs[h.piece]}{h.owner + 1}" + ("+" if h.owner in h.federations else "")
            for g in h.guests:
                expected += f"{glyphs[ctx.mine_id]}{g + 1}" + ("+" if g in h.federations else "")
            if h.satellites:
                expected += "*" + "".join(str(p + 1) for p in h.satellites)
        assert cell[1:] == expected, (name, cell)
    width = max(len(line) for line in text.split("\n\n")[0].splitlines())
    assert width <= (90 if len(state.players) == 2 else 120)


def test_text_map_of_a_known_position(engine, corpus_state):
    ctx = Game(corpus_state, engine).view()
    names = {h.name for h in ctx.map.hexes.values()}
    cells = _full_cells(text_map(ctx, corpus_state), names)
    assert len(cells) == 190
    # a mine of player 4; a lab of player 1 and a PI of player 4 in their federations; an academy of
    # player 2 outside any; satellites of two players on one hex; a Gaiaformer; an empty transdim planet
    picked = ("2A11", "2A8", "9B5", "4B0", "9A10", "6A1", "10A2", "8A6")
    assert [cells[n] for n in picked] == ["dM4", "tL1+", "gP4+", "vA2", ".*43", ".*14", "mG1", "m"]
    assert sum(1 for c in cells.values() if c[1:2].isupper()) == 24      # pieces: 7 + 4 + 5 + 8
    assert sum(c.count("+") for c in cells.values()) == 11
    assert sum(len(c.split("*")[1]) for c in cells.values() if "*" in c) == 8 + 11 + 4


def test_text_map_cuts_a_cell_too_long_for_its_column_and_gives_it_in_full(engine):
    """A guest mine beside a planetary institute does not fit in 5 characters: cut, then listed."""
    from gaia_rules.formats.replay import replay_file

    state = replay_file(engine, corpus_file("bot-2p-04.json"), keep_state=True).state
    text = text_map(Game(state, engine).view(), state)
    assert "\n> cut short, in full: 2B5 sP1M2+\n" in text
    lines = text.splitlines()
    name = re.compile(r"(?<!\S)2B5(?!\S)")
    i = next(i for i, line in enumerate(lines) if name.search(line))
    col = name.search(lines[i]).start()
    assert lines[i + 1][col:col + 6] == "sP1M> "
    assert max(len(line) for line in text.split("\n\n")[0].splitlines()) <= 90


def test_pieces_get_one_letter_each_and_players_their_number(engine, corpus_state):
    glyphs = piece_glyphs(Game(corpus_state, engine).view())
    assert len(set(glyphs.values())) == len(glyphs) == 8
    assert all(g.isupper() for g in glyphs.values())
    text = text_map(Game(corpus_state, engine).view(), corpus_state)
    mine = glyphs["m"]
    assert f"{mine}1" in text and f"{mine}4" in text       # two players' mines tell apart by number
    for sid, g in glyphs.items():
        assert f"{g} {engine.catalogue.boards['default']['structures'][sid]['name']}" in text


def test_compact_text_map_fits_80_columns_on_every_board(engine, corpus_state):
    text = text_map(Game(corpus_state, engine).view(), corpus_state, compact=True)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert len(_cells(text)) == 190


# ------------------------------------------------------------------ the table beside the map

def _group(root, cls):
    found = _all(root, "g", cls)
    assert len(found) == 1, cls
    return found[0]


def test_svg_research_board_has_one_marker_per_player_and_track_at_their_level(engine, corpus_state):
    root = _svg(engine, corpus_state)
    board = _group(root, "research")
    markers = _all(board, "circle", "marker")
    tracks = [t.id for t in sorted(engine.catalogue.tracks.values(), key=lambda t: t.order)]
    assert len(markers) == 4 * 6
    got = {(m.get("data-player"), m.get("data-track")): int(m.get("data-level")) for m in markers}
    assert got == {(str(p + 1), t): pl.research[t] for p, pl in enumerate(corpus_state.players) for t in tracks}
    assert [got[("1", t)] for t in tracks] == [1, 4, 1, 1, 2, 4]
    # each track column: its cells and markers, levels 0..5 from content
    for g in _all(board, "g", "track"):
        levels = [int(r.get("data-level")) for r in g.iter(SVG + "rect") if r.get("class") == "level"]
        assert levels == list(range(engine.catalogue.research.levels))
    token = _all(board, "g", "track-token")
    assert [t.get("data-tile") for t in token] == [corpus_state.terraforming_token] == ["fed1"]


def test_svg_tech_tiles_sit_at_their_positions_with_copies_left_and_holders(engine, corpus_state):
    root = _svg(engine, corpus_state)
    tiles = {g.get("data-pos"): g for g in _all(root, "g", "tech-tile")}
    assert len(tiles) == 9 + 6
    left = {pos: int(g.get("data-left")) for pos, g in tiles.items()}
    assert left == corpus_state.tech_supply
    assert [left[p] for p in ("terra", "nav", "int", "gaia", "eco", "sci", "free1", "free2", "free3")] == [3, 4, 4, 3, 4, 2, 2, 4, 3]
    assert sum(1 for g in tiles.values() if "advanced" in g.get("class").split()) == 6
    assert tiles["sci"].get("data-tile") == corpus_state.setup.tech_tiles["sci"]
    holders = [c.get("data-player") for c in _all(root, "circle", "holder")
               if c in list(_group(root, "research").iter())]
    assert len(holders) == sum(len(pl.tech) for pl in corpus_state.players) == 10


def test_svg_scoring_tiles_mark_the_current_round_and_count_the_final_tiles(engine, corpus_state, midgame_state):
    root = _svg(engine, midgame_state)
    rounds = _all(root, "g", "round-tile")
    assert [g.get("data-tile") for g in rounds] == ["score2", "score5", "score4", "score1", "score3", "score9"]
    assert [g.get("data-current") for g in rounds] == ["false"] * 3 + ["true"] + ["false"] * 2
    root = _svg(engine, corpus_state)
    assert [g.get("data-current") for g in _all(root, "g", "round-tile")] == ["false"] * 6
    finals = [g.get("data-tile") for g in _all(root, "g", "final-tile")]
    assert finals == corpus_state.setup.final_tiles == ["sector", "structure"]
    counts = {(g.get("data-tile"), g.get("data-player")): int(g.get("data-count")) for g in _all(root, "g", "final-count")}
    assert counts == {(pl.final_scoring[f"final_tile_{k + 1}"]["tile"], str(p + 1)): pl.final_scoring[f"final_tile_{k + 1}"]["count"]
                      for p, pl in enumerate(corpus_state.players) for k in range(2)}
    assert [counts[("sector", str(p))] for p in (1, 2, 3)] == [5, 2, 2]


def test_svg_boosters_show_who_holds_which(engine, midgame_state, corpus_state):
    boosters = _all(_svg(engine, midgame_state), "g", "booster")
    assert len(boosters) == 7
    held = {g.get("data-tile"): g.get("data-holder") for g in boosters if g.get("data-holder")}
    assert held == {"booster8": "1", "booster6": "2", "booster7": "3", "booster3": "4"}
    table = sorted(g.get("data-tile") for g in boosters if g.get("data-table") == "true")
    assert table == ["booster10", "booster2", "booster9"]
    final = _all(_svg(engine, corpus_state), "g", "booster")
    assert all(g.get("data-holder") == "" and g.get("data-table") == "true" for g in final)


def test_svg_board_actions_and_federation_supply(engine, midgame_state, corpus_state):
    root = _svg(engine, midgame_state)
    used = [g.get("data-action") for g in _all(root, "g", "board-action") if g.get("data-used") == "true"]
    assert used == ["power4", "power5"]
    assert len(_all(root, "g", "board-action")) == len(engine.catalogue.board_actions) == 10
    feds = {g.get("data-tile"): int(g.get("data-left")) for g in _all(_svg(engine, corpus_state), "g", "fed-token")}
    assert feds == corpus_state.fed_supply == {"fed1": 2, "fed2": 2, "fed3": 3, "fed4": 3, "fed5": 3, "fed6": 1}


def test_svg_player_panels_show_faction_vp_resources_and_power(engine, midgame_state):
    state = midgame_state
    root = ET.fromstring(svg_map(Game(state, engine).view(), state, engine.to_move(state)).encode())
    panels = _all(root, "g", "player")
    assert [g.get("data-player") for g in panels] == ["1", "2", "3", "4"]
    vps = [int(t.text.split()[0]) for t in _all(root, "text", "vp")]
    assert vps == [pl.vp for pl in state.players] == [20, 14, 21, 24]
    res = {(g.get("data-player"), g.get("data-resource")): int(g.get("data-value")) for g in _all(root, "g", "resource")}
    assert [res[("2", r)] for r in "cokq"] == [15, 1, 1, 0]
    bowls = {(g.get("data-player"), g.get("data-area")): int(g.get("data-tokens")) for g in _all(root, "g", "bowl")}
    assert [bowls[("2", a)] for a in ("area1", "area2", "area3", "gaia")] == [5, 3, 0, 0]
    boxes = [r for r in root.iter(SVG + "rect") if r.get("class") == "player-box"]
    assert [b.get("data-faction") for b in boxes] == [pl.faction for pl in state.players]
    assert [b.get("stroke-width") for b in boxes] == ["3", "2", "2", "2"]   # p1 is to move


def test_svg_player_panels_show_the_special_token_and_what_is_left_to_build(engine):
    from gaia_rules.formats.replay import replay_file

    state = replay_file(engine, corpus_file("bot-2p-05.json"), keep_state=True).state
    root = _svg(engine, state)
    tokens = _all(root, "circle", "special-token")
    assert [(t.get("data-area")) for t in tokens] == [state.players[0].token] == ["area1"]
    texts = [t.text for t in root.iter(SVG + "text") if t.text]
    assert [t for t in texts if t.startswith("left to build")] == [
        "left to build: m 8 ts 2 lab 3 PI 0 ac1 1 ac2 1",    # 2 trading stations and the PI stand
        "left to build: m 8 ts 1 lab 3 PI 0 ac1 1 ac2 1"]    # 3 trading stations and the PI
    assert "pieces: ts 3 PI 1 sp 6; satellites 0" in texts


def test_svg_labels_come_from_content(engine, corpus_state):
    text = svg_map(Game(corpus_state, engine).view(), corpus_state)
    for tid in corpus_state.setup.round_tiles:
        assert engine.catalogue.round_tiles[tid].name in text
    for track in engine.catalogue.tracks.values():
        assert f"{track.id}: " in text


def test_svg_is_deterministic_and_self_contained(engine, midgame_state):
    a = svg_map(Game(midgame_state, engine).view(), midgame_state, 0)
    assert a == svg_map(Game(midgame_state, engine).view(), midgame_state, 0)
    assert "href" not in a and "@import" not in a and "url(" not in a


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
    assert result.stdout == text_map(Game(state, engine).view(), state)


def test_gaia_map_compact_prints_the_compact_text_map(saved_game, engine):
    result = gaia("map", saved_game, "--compact")
    assert result.exit_code == 0, result.stderr
    state = savegame.load(engine, saved_game).state
    assert result.stdout == text_map(Game(state, engine).view(), state, compact=True)
    assert result.stdout != text_map(Game(state, engine).view(), state)


def test_gaia_map_in_a_pipe_honours_columns_the_full_map_where_it_fits_else_the_compact_one(saved_game, engine):
    """`COLUMNS=80 gaia map game.json | cat`: the full map is 92 columns wide, so the compact one is printed."""
    state = savegame.load(engine, saved_game).state
    view = Game(state, engine).view()
    full, compact = text_map(view, state), text_map(view, state, compact=True)
    assert max(map(len, full.splitlines())) == 92 and max(map(len, compact.splitlines())) <= 80
    narrow = runner.invoke(app, ["map", str(saved_game)], prog_name="gaia", env={"COLUMNS": "80"})
    wide = runner.invoke(app, ["map", str(saved_game)], prog_name="gaia", env={"COLUMNS": "92"})
    assert (narrow.exit_code, narrow.stdout) == (0, compact)
    assert (wide.exit_code, wide.stdout) == (0, full)


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


# ------------------------------------------------------------------ the picture in docs/cli.md

def test_docs_map_example_is_what_the_documented_snippet_writes(tmp_path, monkeypatch):
    """docs/map-example.svg is regenerated by the Python block of the map section of docs/cli.md."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    text = (docs / "cli.md").read_text(encoding="utf-8")
    section = text[text.index("## A picture of the game"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], "docs/cli.md", "exec"), {})
    written = (tmp_path / "docs" / "map-example.svg").read_text(encoding="utf-8")
    assert written == (docs / "map-example.svg").read_text(encoding="utf-8")
    root = ET.fromstring(written.encode("utf-8"))
    assert len(list(root.iter(SVG + "polygon"))) == 190
    assert len(_all(root, "circle", "marker")) == 24
