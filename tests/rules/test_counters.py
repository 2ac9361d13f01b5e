"""Every quantity a player has can be counted (issue 31 item 1): power tokens in each area, the special
token, Gaiaformers by where they are, federations, tech tiles by kind, research per track and pieces by
planet type, after `per`, in `if`, on a round scoring tile and on a final scoring tile."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import bundled_content_dir, default_catalogue, load_catalogue
from gaia_rules.formats.movetext import token_words
from gaia_rules.formats.notation import parse_line
from gaia_rules.rules import Engine, holdings, scoring, special_token
from gaia_rules.state import GameState

from rules_helpers import ENGINE, clear, hexes, put, set_player, set_turn, start

FACTIONS = ["terrans", "taklons"]


@pytest.fixture(scope="module")
def base():
    return start(FACTIONS, seed="counters", round_tiles=["score4"] * 6, final_tiles=["structure", "sector"])


def position(base) -> GameState:
    """Terrans (p1): power 1/2/3 with 4 in the Gaia area; 3 Gaiaformers (one on the map, one in the Gaia
    area); 2 federations; tech1 and tech2, tech2 covered by advtech1; research terra 2, eco 1; mines on two
    terra planets and a Gaia planet, a trading station on a third terra planet.
    Taklons (p2): the brainstone in area III."""
    s = set_turn(clear(base.clone(), vp=20, power=(1, 2, 3, 4)), 0)
    terra, gaia = hexes(s, "terra"), hexes(s, "gaia")
    put(s, terra[0], 0)
    put(s, terra[1], 0)
    put(s, terra[2], 0, "ts")
    put(s, gaia[0], 0)
    put(s, hexes(s, "transdim")[0], 0, "gf")
    set_player(s, 0, gaiaformers=3, gaiaformers_in_gaia=1, federations=[[terra[0]], [terra[1]]])
    holdings.set_research(s, 0, {**{t: 0 for t in s.players[0].research}, "terra": 2, "eco": 1})
    player = s.players[0]
    player.tech = []
    holdings.edited(s, [0])
    holdings.take_tile(s, 0, "tech1", "terra")
    holdings.take_tile(s, 0, "tech2", "eco")
    holdings.cover_tile(s, 0, player.tech[1], "advtech1", "eco")
    special_token.send(s.players[1], "area3")
    holdings.edited(s, [1])
    return s


EXPECTED = {
    "area1": 1, "area2": 2, "area3": 3, "area-gaia": 4,
    "gf-available": 1, "gf-map": 1, "gf-gaia": 1,
    "federation": 2, "tech-tile": 1, "adv-tile": 1,
    "research-terra": 2, "research-eco": 1, "research-nav": 0, "research": 3,
    "structure-on-terra": 3, "m-on-terra": 2, "ts-on-terra": 1, "m-on-gaia": 1, "structure-on-gaia": 1,
    "m-on-ice": 0,
}


@pytest.mark.parametrize("word, value", EXPECTED.items())
def test_each_counter_counts_exactly_what_the_player_holds(base, word, value):
    s = position(base)
    assert ENGINE.context(s).holdings.counter(s, 0, word) == value


def test_the_special_token_counts_1_in_the_power_cycle_and_0_elsewhere(base):
    s = position(base)
    counter = ENGINE.context(s).holdings.counter
    assert counter(s, 1, "special-token") == 1
    assert counter(s, 1, "area3") == 3        # the 3 tokens only: the brainstone is not a power token
    special_token.send(s.players[1], "gaia")
    holdings.edited(s, [1])
    assert counter(s, 1, "special-token") == 0
    assert counter(s, 0, "special-token") == 0  # terrans have no special token


def overlay(tmp_path: Path, ability: list[str] | None = None, round_tile: str | None = None,
            final_count: str | None = None) -> Path:
    """The bundled content with terrans' abilities, round tile score4's effects or final tile
    `structure`'s count replaced."""
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    if ability is not None:
        data = yaml.safe_load((bundled_content_dir() / "factions" / "terrans.yaml").read_text())
        data["ability"] = ability
        (folder / "terrans.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    if round_tile is not None:
        tile = yaml.safe_load((bundled_content_dir() / "tiles" / "round" / "score4.yaml").read_text())
        tile["effects"] = [round_tile]
        (folder / "score4.yaml").write_text(yaml.safe_dump(tile, sort_keys=False))
    if final_count is not None:
        tile = yaml.safe_load((bundled_content_dir() / "tiles" / "final" / "structure.yaml").read_text())
        tile["count"] = final_count
        (folder / "structure.yaml").write_text(yaml.safe_dump(tile, sort_keys=False))
    return folder


def build_mine(engine: Engine, s: GameState) -> GameState:
    """Terrans build a mine on a terra planet in reach of their mine there (no charge, nothing else)."""
    names = {p.faction: p.index for p in s.players}
    site = hexes(s, "terra")[3]
    for move in parse_line(f"p1 build m {site}. endturn", names, s.setup.players, token_words(engine)).moves:
        s = engine.apply(s, move)
    return s


# counters a mine built on terra does not change, and their value in the position
UNCHANGED = [w for w in EXPECTED if "terra" not in w or w.startswith("research")]


@pytest.mark.parametrize("word", UNCHANGED)
def test_a_counter_counts_after_per(base, tmp_path, word):
    engine = Engine(default_catalogue([overlay(tmp_path, ability=["set range = 10", f"on build m: 1vp per {word}"])]))
    after = build_mine(engine, position(base))
    assert after.players[0].vp == 20 + EXPECTED[word]


@pytest.mark.parametrize("word", UNCHANGED)
def test_a_counter_counts_in_if(base, tmp_path, word):
    n = EXPECTED[word]
    engine = Engine(default_catalogue([overlay(tmp_path, ability=[
        "set range = 10", f"if {word} >= {n}: on build m: 5vp", f"if {word} >= {n + 1}: on build m: 7vp"])]))
    after = build_mine(engine, position(base))
    assert after.players[0].vp == 25   # the first holds, the second does not


def test_a_piece_on_a_planet_type_counts_the_mine_just_built(base, tmp_path):
    engine = Engine(default_catalogue([overlay(tmp_path, ability=["set range = 10",
                                                                  "on build m: 1vp per m-on-terra"])]))
    assert build_mine(engine, position(base)).players[0].vp == 23   # two mines on terra, and the new one


@pytest.mark.parametrize("word", ["area3", "gf-gaia", "federation", "adv-tile", "research-terra"])
def test_a_round_scoring_tile_counts_a_counter(base, tmp_path, word):
    engine = Engine(default_catalogue([overlay(tmp_path, ability=["set range = 10"],
                                               round_tile=f"on build m: 2vp per {word}")]))
    after = build_mine(engine, position(base))
    assert after.players[0].vp == 20 + 2 * EXPECTED[word]


@pytest.mark.parametrize("word", ["area-gaia", "gf-available", "tech-tile", "m-on-terra", "research-eco"])
def test_a_final_scoring_tile_counts_a_counter(base, tmp_path, word):
    folder = overlay(tmp_path, final_count=word)
    _, problems = load_catalogue([folder])
    assert problems == []
    engine = Engine(default_catalogue([folder]))
    s = position(base)
    scoring.final_scoring(engine.context(s), s)
    assert s.players[0].final_scoring["final_tile_1"]["count"] == EXPECTED[word]


@pytest.mark.parametrize("text, expected", [
    ("on build m: 1vp per area4",
     "unknown counter 'area4' (did you mean 'area3'?); known: planet-type, gaia-planet, sector"),
    ("if gf-avaliable >= 1: on build m: 1vp", "unknown counter 'gf-avaliable' (did you mean 'gf-available'?)"),
    ("on build m: 1vp per research-terrra", "(did you mean 'research-terra'?)"),
    ("on build m: 1vp per m-on-terrra", "unknown planet type 'terrra' in counter 'm-on-terrra' (did you mean "
                                        "'terra'?); known: "),
    ("on build m: 1vp per mm-on-terra", "unknown piece 'mm' in counter 'mm-on-terra' (did you mean 'm'?)"),
])
def test_an_unknown_counter_names_the_closest_and_the_known_ones(tmp_path, text, expected):
    _, problems = load_catalogue([overlay(tmp_path, ability=[text])])
    found = [str(p) for p in problems]
    assert any(expected in m for m in found), found
    assert all(":" in m.split(" ")[0] for m in found)   # file:line:col first


def test_a_final_tile_with_an_unknown_counter_is_an_error_at_its_place(tmp_path):
    _, problems = load_catalogue([overlay(tmp_path, final_count="federations")])
    assert [(Path(p.file).name, p.line, p.message.split(";")[0]) for p in problems] == [
        ("structure.yaml", 4, "unknown counter 'federations' (did you mean 'federation'?)")]


def test_a_counter_of_holdings_cannot_count_among_an_events_pieces(tmp_path):
    _, problems = load_catalogue([overlay(tmp_path, ability=["on federation: 1vp per area3 in federation",
                                                             "on federation: 1vp per m-on-gaia in federation"])])
    assert [p.message for p in problems] == [
        "'area3 in federation': only pieces are counted among an event's pieces or in a place (planet-type, gaia-planet, "
        "sector, structure, federated-structure, satellite, a structure id, PIECE-on-KIND or opponent-PIECE)"]


def test_a_piece_on_a_planet_type_counts_among_given_hexes(base):
    s = position(base)
    among = ENGINE.context(s).holdings.counter_among
    terra, gaia = hexes(s, "terra"), hexes(s, "gaia")
    assert among(s, 0, "m-on-terra", [terra[0], terra[2], gaia[0]]) == 1       # the trading station is no mine
    assert among(s, 0, "structure-on-terra", [terra[0], terra[2], gaia[0]]) == 2
    assert among(s, 0, "m-on-gaia", [terra[0], terra[2], gaia[0]]) == 1
