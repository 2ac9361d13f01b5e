"""Importing a game as the site stores it: its current state (options, tiles, map, players, moveHistory)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.formats.corpus import corpus_file, corpus_files
from gaia_rules.formats.replay import build_map, player_trace, replay_record, setup_from_record
from gaia_rules.formats.siteimport import ImportError_, import_site_game, read_site_game, setup_from_site
from gaia_rules.rules import Engine

EXPORTS = Path(__file__).parents[1] / "data" / "site-exports"
# site export -> the corpus record of the same game, and its VP when the export was taken
GAMES = {
    "Piling-song-3477.data.json": ("fixture-piling-song-3477.json", [33, 30, 62]),
    "Wavely-triangle-5324.data.json": ("fixture-wavely-triangle-5324.json", [20, 58, 23, 55]),
}


def export(name: str) -> dict:
    return json.loads((EXPORTS / name).read_text(encoding="utf-8"))


def record(name: str) -> dict:
    return json.loads(corpus_file(name).read_text(encoding="utf-8"))


def site_data(engine: Engine, rec: dict) -> dict:
    """A recorded game written the way the site stores it: its state after the last line."""
    state = replay_record(engine, rec, keep_state=True).state
    s = rec["setup"]
    codes = {p.id: p.code for p in engine.catalogue.planets.values()}
    setup = setup_from_record(engine, rec)
    printed = build_map(engine, setup.sectors, setup.mirror).hexes
    now = {name: h.planet for name, h in state.board.items() if h.planet}
    techs = {pos: {"tile": v["tile"], "count": state.tech_supply[pos]} for pos, v in s["tech_tiles"].items()}
    techs.update({pos: {"tile": tile, "count": state.tech_supply[pos]} for pos, tile in s["advanced_tech_tiles"].items()})
    data = {
        "options": rec["options"],
        "expansions": 0,
        "tiles": {"boosters": {b: b in state.boosters_table for b in s["boosters"]}, "techs": techs,
                  "scorings": {"round": s["round_scoring_tiles"], "final": s["final_scoring_tiles"]},
                  "federations": dict(state.fed_supply)},
        "map": [{"q": c[0], "r": c[1], "data": {"planet": codes[now.get(h.name, h.planet)], "sector": h.sector}}
                for c, h in printed.items()],
        "players": [{"player": p, "data": dict(zip(("victoryPoints", "credits", "ores", "knowledge", "qics"),
                                                  player_trace(state, p)[:5]),
                                               power=dict(zip(("area1", "area2", "area3", "gaia"),
                                                              player_trace(state, p)[5:])))}
                    for p in range(rec["players"])],
        "moveHistory": rec["moves"],
    }
    if state.terraforming_token is not None:
        data["terraformingFederation"] = state.terraforming_token
    return data


# ------------------------------------------------------------------ the two real exports

@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_site_export_replays_to_the_corpus_numbers_after_every_line(name):
    engine, data = Engine(), export(name)
    rec_name, vp = GAMES[name]
    rec = record(rec_name)
    trace = rec["trace"]["after_each_move"]
    seen = []

    def after_line(i, state):
        assert [player_trace(state, p) for p in range(rec["players"])] == trace[i], f"line {i}"
        seen.append(i)

    game = read_site_game(engine, data, after_line)
    assert seen == list(range(1, len(rec["moves"])))
    assert [p.vp for p in game.state.players] == vp
    # the same set-up and lines pass every checkpoint and the final state of the record
    result = replay_record(engine, dict(rec, moves=data["moveHistory"]), setup=game.setup)
    assert result.first_divergence is None
    assert (result.checkpoints_matched, result.final_matched) == (result.checkpoints_total, True)
    assert result.checkpoints_total == {"fixture-piling-song-3477.json": 6}.get(rec_name, 5)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_set_up_is_rebuilt_from_options_tiles_and_moves_not_from_the_board(name):
    engine = Engine()
    assert setup_from_site(engine, export(name)) == setup_from_record(engine, record(GAMES[name][0]))


def test_boosters_taken_by_players_stay_in_the_set_up():
    data = export("Piling-song-3477.data.json")
    assert sorted(b for b, on in data["tiles"]["boosters"].items() if not on) == ["booster3", "booster7", "booster8"]
    setup = setup_from_site(Engine(), data)
    assert setup.boosters == ["booster1", "booster3", "booster5", "booster6", "booster7", "booster8"]


def test_the_terraforming_token_taken_during_the_game_is_found_from_the_moves():
    data = export("Piling-song-3477.data.json")
    assert "terraformingFederation" not in data  # a player reached the top of the terraforming track
    setup = setup_from_site(Engine(), data)
    assert setup.terraforming_token == "fed2"
    assert setup.fed_supply == {"fed1": 3, "fed2": 2, "fed3": 3, "fed4": 3, "fed5": 3, "fed6": 3}


def test_a_stored_token_is_taken_as_is_and_the_supply_refilled():
    setup = setup_from_site(Engine(), export("Wavely-triangle-5324.data.json"))
    assert setup.terraforming_token == "fed1"
    assert setup.fed_supply == {"fed1": 2, "fed2": 3, "fed3": 3, "fed4": 3, "fed5": 3, "fed6": 3}


def test_transdim_planets_turned_gaia_and_the_lost_planet_still_fit_our_sectors():
    data = export("Wavely-triangle-5324.data.json")
    shown = {(h["q"], h["r"]): h["data"]["planet"] for h in data["map"]}
    engine = Engine()
    setup = setup_from_site(engine, data)
    printed = build_map(engine, setup.sectors, setup.mirror).hexes
    changed = sorted((printed[c].planet, code) for c, code in shown.items()
                     if engine.catalogue.planets[printed[c].planet].code != code)
    assert changed == [("empty", "l")] + [("transdim", "g")] * 10


def test_a_stored_planet_that_play_cannot_make_is_named():
    data = export("Wavely-triangle-5324.data.json")
    hexes = build_map(Engine(), setup_from_site(Engine(), data).sectors, False).hexes
    target = next(c for c, h in sorted(hexes.items()) if h.planet == "terra")
    for h in data["map"]:
        if (h["q"], h["r"]) == target:
            h["data"]["planet"] = "o"
    with pytest.raises(ImportError_) as err:
        setup_from_site(Engine(), data)
    assert f"shows 'o' at {hexes[target].name} ({target[0]}x{target[1]}), where our sector" in str(err.value)


def test_the_choose_bid_auction_imports_with_its_bid_lines():
    data = export("Wavely-triangle-5324.data.json")
    assert data["options"]["auction"] == "choose-bid"
    assert sum(line.split()[1] == "bid" for line in data["moveHistory"][1:]) == 4
    game = read_site_game(Engine(), data)
    assert game.setup.auction == "choose-bid"
    assert [p.faction for p in game.state.players] == ["taklons", "xenos", "terrans", "baltaks"]


# ------------------------------------------------------------------ refusals

@pytest.mark.parametrize("where, option, value", [
    ("options", "advancedRules", True),
    ("options", "customBoardSetup", True),
    ("options", "randomFactions", True),
    ("options", "flexibleFederations", True),
    ("options", "factionVariant", "more-balanced"),
    ("options", "spaceShips", True),
    ("top", "expansions", 1),
])
def test_an_unsupported_option_is_refused_in_one_message_naming_it(where, option, value):
    data = export("Piling-song-3477.data.json")
    (data["options"] if where == "options" else data)[option] = value
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    message = str(err.value)
    assert message.startswith(f"option '{option}'") and "not supported" in message and "\n" not in message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_without_options_map_the_sectors_come_from_the_stored_hexes(name):
    engine, data = Engine(), export(name)
    del data["options"]["map"]
    setup, expected = setup_from_site(engine, data), setup_from_record(engine, record(GAMES[name][0]))
    assert (setup.sectors, setup.mirror) == (expected.sectors, expected.mirror)


def test_without_options_map_nor_sectors_on_the_hexes_the_map_is_refused():
    data = export("Piling-song-3477.data.json")
    del data["options"]["map"]
    for h in data["map"]:
        del h["data"]["sector"]
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert str(err.value) == ("options has no 'map' and the stored map names no sectors: the map cannot be rebuilt")


def test_a_replay_that_ends_away_from_the_stored_numbers_is_refused():
    data = export("Piling-song-3477.data.json")
    data["players"][1]["data"]["victoryPoints"] += 1
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert str(err.value) == ("after the last move the replay has player 2's VP, credits, ore, knowledge, QIC and "
                              "power areas [30, 10, 5, 4, 1, 9, 2, 0, 0], but the site stores "
                              "[31, 10, 5, 4, 1, 9, 2, 0, 0]")


def test_a_wrong_stored_supply_is_refused():
    data = export("Wavely-triangle-5324.data.json")
    data["tiles"]["boosters"]["booster6"] = True
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert "boosters on the table" in str(err.value)


def _set(data: dict, path: tuple, value) -> dict:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, message", [
    (("tiles", "boosters"), ["booster1"], "'boosters' in tiles is not a JSON object"),
    (("tiles", "scorings", "round", 0), "score99", "tiles.scorings.round names 'score99', which our content does not have"),
    (("tiles", "scorings", "final", 1), None, "tiles.scorings.final names 'None', which our content does not have"),
    (("tiles", "techs", "nav", "tile"), "tech99", "tiles.techs names 'tech99', which our content does not have"),
    (("tiles", "techs", "nav"), "tech6", "tiles.techs needs {tile, count} for each position"),
    (("tiles", "federations", "fed4"), "none", "tiles.federations needs a number of tokens left for each federation token"),
    (("terraformingFederation",), "fed9", "terraformingFederation 'fed9' is no federation token of our content's supply"),
    (("map", 0, "q"), None, "map[0] needs whole q and r and a planet code in data.planet"),
    (("options", "map", "sectors", 0, "sector"), "11", "options.map names sector '11', which our content does not have"),
    (("moveHistory",), "init 3 x", "moveHistory must start with 'init <players> <seed>'"),
])
def test_a_malformed_field_is_one_message_naming_it(path, value, message):
    data = _set(export("Piling-song-3477.data.json"), path, value)
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert str(err.value) == message


def test_a_bad_line_is_reported_with_its_index():
    data = export("Piling-song-3477.data.json")
    data["moveHistory"][10] = "baltaks build m 99A9"
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert str(err.value).startswith("moveHistory[10] 'baltaks build m 99A9': ")


def test_missing_fields_are_named():
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), {"options": {}, "moveHistory": ["init 2 x"]})
    assert str(err.value) == "the game data has no 'tiles'"


# ------------------------------------------------------------------ other recorded games, written as the site would

@pytest.mark.parametrize("path", corpus_files("games") + [corpus_file("spec/engine-accept-01.json")],
                         ids=lambda path: path.name)
def test_a_recorded_game_written_as_the_site_stores_it_imports_to_its_set_up_and_numbers(path):
    engine = Engine()
    rec = json.loads(path.read_text(encoding="utf-8"))
    data = site_data(engine, rec)
    setup, moves, state = import_site_game(engine, data)
    assert [player_trace(state, p) for p in range(rec["players"])] == rec["trace"]["after_each_move"][-1]
    assert setup == setup_from_record(engine, rec)
    del data["options"]["map"]  # as old games: the sectors (and a flipped reading) are found from the hexes
    rebuilt = setup_from_site(engine, data)
    assert (sorted(rebuilt.sectors, key=str), rebuilt.mirror) == (sorted(setup.sectors, key=str), setup.mirror)


# ------------------------------------------------------------------ the command

def test_gaia_import_writes_a_saved_game_that_gaia_show_loads(tmp_path):
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["import", str(EXPORTS / "Piling-song-3477.data.json"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == [
        "imported Piling-song-3477: 3 players, 209 lines (413 moves), round 6, phase actions",
        "players: p1 baltaks 33 VP, p2 bescods 30 VP, p3 ambas 62 VP"]
    assert f"saved to {out}" in result.output
    shown = CliRunner().invoke(app, ["show", str(out), "--json"])
    state = json.loads(shown.output)
    assert [p["vp"] for p in state["players"]] == [33, 30, 62]
    assert state["round"] == 6


def test_gaia_import_check_saves_nothing(tmp_path):
    result = CliRunner().invoke(app, ["import", str(EXPORTS / "Wavely-triangle-5324.data.json"), "--check"])
    assert result.exit_code == 0, result.output
    assert ("checked against the site's stored game: boosters, tech tiles, federation tokens, every player's VP, "
            "resources and power") in result.output
    assert "saved to" not in result.output


def test_gaia_import_needs_an_output_or_check():
    result = CliRunner().invoke(app, ["import", str(EXPORTS / "Wavely-triangle-5324.data.json")])
    assert result.exit_code == 2
    assert "-o FILE" in result.output


def test_gaia_import_of_a_refused_option_is_one_line_and_exit_2(tmp_path):
    data = export("Piling-song-3477.data.json")
    data["options"]["randomFactions"] = True
    source = tmp_path / "site.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(source), "-o", str(tmp_path / "g.json")])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "option 'randomFactions' is not supported" in result.output
    assert not (tmp_path / "g.json").exists()


def test_gaia_import_of_a_broken_file_is_one_line_and_exit_2(tmp_path):
    source = tmp_path / "site.json"
    source.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(source), "-o", str(tmp_path / "g.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.output
    assert not (tmp_path / "g.json").exists()
