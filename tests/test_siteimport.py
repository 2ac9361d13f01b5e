"""Importing a game as the site stores it (options, tiles, map, moveHistory)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.formats.replay import player_trace
from gaia_rules.rules import Engine
from gaia_rules.formats.siteimport import ImportError_, import_site_game
from gaia_rules.formats.corpus import corpus_dir

CORPUS = corpus_dir()


def site_data(record: dict) -> dict:
    """The recorded game written the way the site's engine stores its data."""
    s = record["setup"]
    techs = {pos: {"tile": v["tile"], "count": v["count"]} for pos, v in s["tech_tiles"].items()}
    techs.update({pos: {"tile": tile, "count": 1} for pos, tile in s["advanced_tech_tiles"].items()})
    return {
        "options": record["options"],
        "tiles": {"boosters": {b: True for b in s["boosters"]}, "techs": techs,
                  "scorings": {"round": s["round_scoring_tiles"], "final": s["final_scoring_tiles"]},
                  "federations": s["federation_supply"]},
        "terraformingFederation": s["terraforming_federation"],
        "map": [{"q": h["q"], "r": h["r"], "s": h["s"], "data": {"planet": h["planet"], "sector": h["sector"]}}
                for h in s["map"]["hexes"]],
        "moveHistory": record["moves"],
    }


@pytest.mark.parametrize("name", ["bot-2p-01.json", "richbot-4p-02.json", "fixture-piling-song-3477.json",
                                  "spec/engine-accept-01.json"])
def test_an_imported_game_ends_with_the_recorded_numbers(name):
    record = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    engine = Engine()
    setup, moves, state = import_site_game(engine, site_data(record))
    last = record["trace"]["after_each_move"][-1]
    assert [player_trace(state, p) for p in range(record["players"])] == last
    assert setup.variant == "boardgamers"


def test_a_bad_line_is_reported_with_its_index():
    record = json.loads((CORPUS / "bot-2p-01.json").read_text(encoding="utf-8"))
    data = site_data(record)
    data["moveHistory"] = data["moveHistory"][:10] + ["geodens build m 99A9"]
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), data)
    assert "moveHistory[10]" in str(err.value)


def test_missing_fields_are_named():
    with pytest.raises(ImportError_) as err:
        import_site_game(Engine(), {"options": {}, "moveHistory": ["init 2 x"]})
    assert "'tiles'" in str(err.value)


def test_gaia_import_writes_a_saved_game_that_loads(tmp_path):
    from typer.testing import CliRunner

    from gaia_rules.faces.cli import app

    record = json.loads((CORPUS / "bot-2p-01.json").read_text(encoding="utf-8"))
    source = tmp_path / "site.json"
    source.write_text(json.dumps(site_data(record)), encoding="utf-8")
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["import", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(app, ["show", str(out), "--json"])
    state = json.loads(shown.output)
    assert [p["vp"] for p in state["players"]] == record["final_info"]["vp"]


def test_gaia_import_of_a_broken_file_is_one_line_and_exit_2(tmp_path):
    from typer.testing import CliRunner

    from gaia_rules.faces.cli import app

    source = tmp_path / "site.json"
    source.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(source), "-o", str(tmp_path / "g.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.output
    assert not (tmp_path / "g.json").exists()
