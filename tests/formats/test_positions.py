"""Position files (formats/position.py): a game state written as YAML, refused at its line when no game
could reach it, and a game begun there saved and replayed (`gaia new --position`)."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.formats import savegame
from gaia_rules.formats.position import PositionError, load_position
from gaia_rules.rules import Engine

ENGINE = Engine()
runner = CliRunner()

# seed 7 with terrans and xenos: terra planets 1B2 3A3 4A10 6B0, desert 1A11 2A7 3A2 6A2 (xenos' starting
# mines 1A11 2A7 3A2), transdim 1A5, empty space 1A1; tech1 lies on the gaia track, advtech3 above terra
HEAD = "players: 2\nfactions: [terrans, xenos]\nseed: 7\n"


def write(tmp_path: Path, body: str, head: str = HEAD) -> Path:
    path = tmp_path / "p.position.yaml"
    path.write_text(head + textwrap.dedent(body), encoding="utf-8")
    return path


def test_a_position_sets_what_it_names_and_the_set_up_gives_the_rest(tmp_path):
    state = load_position(ENGINE, write(tmp_path, """\
        round: 3
        turn: xenos
        seats:
          - vp: 31
            resources: {c: 12, o: 6}
            power: {area1: 1, area2: 3, area3: 4, gaia: 2}
            research: {terra: 2}
            pieces: {4A10: ts, 1B2: m}
            gaiaformers: {gained: 2, in_gaia: 1}
            tiles: [{tile: tech1, covered: true}, advtech3]
            federation_tokens: [fed2, {token: fed3, green: false}]
            booster: booster5
        """))
    terrans, xenos = state.players
    assert (state.round, state.phase, state.current, state.moves) == (3, "actions", 1, [])
    assert (terrans.vp, terrans.credits, terrans.ore, terrans.knowledge) == (31, 12, 6, 4)  # k: the set-up's
    assert terrans.power == {"area1": 1, "area2": 3, "area3": 4, "gaia": 2}
    assert terrans.research["terra"] == 2 and terrans.research["gaia"] == 1   # gaia 1: the faction's start
    assert {n: h.piece for n, h in state.board.items() if h.owner == 0} == {"1B2": "m", "4A10": "ts"}
    assert {n: h.piece for n, h in state.board.items() if h.owner == 1} == {"1A11": "m", "2A7": "m", "3A2": "m"}
    assert (terrans.gaiaformers, terrans.gaiaformers_in_gaia) == (2, 1)
    assert [(t.tile, t.pos, t.enabled) for t in terrans.tech] == [("tech1", "gaia", False),
                                                                  ("advtech3", "adv-terra", True)]
    assert [(t.tile, t.green) for t in terrans.fed_tokens] == [("fed2", True), ("fed3", False)]
    assert state.fed_supply["fed2"] == 2 and state.tech_supply["adv-terra"] == 0 and state.tech_supply["gaia"] == 1
    assert terrans.booster == "booster5" and "booster5" not in state.boosters_table


def test_passed_seats_and_the_turn_follow_the_file(tmp_path):
    state = load_position(ENGINE, write(tmp_path, "seats:\n  - passed: true\n"))
    assert state.current == 1 and state.pass_order == [0]


def test_the_income_phase_plays_the_rounds_income(tmp_path):
    state = load_position(ENGINE, write(tmp_path, "round: 2\nphase: income\nseats:\n  - resources: {c: 0}\n"))
    assert state.round == 2 and state.phase == "actions"
    assert state.players[0].credits > 0   # income paid


def test_a_gaiaformer_on_transdim_starts_a_gaia_project_in_the_positions_round(tmp_path):
    state = load_position(ENGINE, write(tmp_path, "round: 2\nseats:\n  - pieces: {1A5: gf, 1B2: m}\n"
                                                  "    gaiaformers: {gained: 1}\n"))
    assert state.players[0].gaia_projects == {"1A5": 2}


@pytest.mark.parametrize("body, line, message", [
    ("seats:\n  - pieces: {1B2: m}\n  - pieces: {1B2: m}\n", 6, "two pieces on 1B2: seat 1 has one there already"),
    ("seats:\n  - pieces: {1B2: m, 3A3: m, 4A10: m, 6B0: m, 1A7: m, 1A8: m, 2A11: m, 1B0: m, 2B0: m}\n",
     5, "9 pieces 'm' on the map; terrans has 8 copies of 'm' on its board"),
    ("seats:\n  - pieces: {1A5: gf, 2A9: gf}\n", 5, "2 pieces 'gf' on the map; terrans has 1 Gaiaformers gained"),
    ("seats:\n  - pieces: {1A1: m}\n", 5, "'m' cannot stand on 1A1, a hex of empty"),
    ("seats:\n  - pieces: {9Z9: m}\n", 5, "unknown hex '9Z9' on this game's map"),
    ("seats:\n  - pieces: {1B2: xx}\n", 5, "'xx' is no piece of terrans"),
    ("seats:\n  - resources: {c: -1}\n", 5, "seats.0.resources.c: -1 is outside its declared range 0..10000"),
    ("seats:\n  - resources: {o: 16}\n", 5, "16 o is more than its cap 15"),
    ("seats:\n  - resources: {x: 1}\n", 5, "unknown resource 'x'"),
    ("seats:\n  - research: {terra: 6}\n", 5, "level 6 is past the top level 5"),
    ("seats:\n  - research: {terra: 5}\n  - research: {terra: 5}\n", 6, "seats 1 and 2 are both at the top of terra"),
    ("seats:\n  - research: {tera: 1}\n", 5, "unknown research track 'tera' (did you mean 'terra'?)"),
    ("seats:\n  - tiles: [tech99]\n", 5, "tile 'tech99' is not on this game's board"),
    ("seats:\n  - tiles: [tech1, tech1]\n", 5, "tile 'tech1' is held twice by this seat"),
    ("seats:\n  - tiles: [tech1]\n  - tiles: [tech1]\n  - {}\n", 7, "3 seats given; the game has 2"),
    ("seats:\n  - tiles: [tech1, advtech3]\n", 5, "1 advanced tile and 0 covered standard tiles"),
    ("seats:\n  - tiles: [tech1, {tile: tech1, covered: true}]\n", 5, "held twice"),
    ("seats:\n  - tiles: [{tile: advtech3}]\n  - tiles: [{tile: advtech3}]\n", 5, "advanced tile"),
    ("seats:\n  - federation_tokens: [fed2, fed2, fed2, fed2]\n", 5, "federation token 'fed2' is held 4 times"),
    ("seats:\n  - federation_tokens: [fedx]\n", 5, "unknown federation token 'fedx'"),
    ("seats:\n  - booster: booster5\n  - booster: booster5\n", 6, "booster 'booster5' is held by seat 1 too"),
    ("seats:\n  - booster: booster1\n", 5, "booster 'booster1' is not in this game"),
    ("seats:\n  - gaiaformers: {gained: 1, in_gaia: 2}\n", 5, "2 Gaiaformers in the Gaia area; the seat gained 1"),
    ("seats:\n  - deck: [a]\n", 5, "only the Automa's seat has a deck"),
    ("round: 7\n", 4, "round 7 is past the game's last round"),
    ("turn: zz\n", 4, "no seat 'zz' in this game"),
    ("phase: income\n", 4, "phase income is for round 2 or later"),
    ("turn: 1\nseats:\n  - passed: true\n", 4, "seat 1 has passed"),
    ("seats:\n  - colour: red\n", 5, "unknown key 'colour' in seats.0"),
])
def test_a_position_no_game_could_reach_is_refused_at_its_line(tmp_path, body, line, message):
    path = write(tmp_path, body)
    with pytest.raises(PositionError) as err:
        load_position(ENGINE, path)
    first = err.value.diagnostics
    assert any(message in d.message for d in first), [str(d) for d in first]
    hit = next(d for d in first if message in d.message)
    assert hit.line == line, str(hit)
    assert hit.file == str(path)


def test_a_position_without_players_is_refused(tmp_path):
    with pytest.raises(PositionError, match="names its players"):
        load_position(ENGINE, write(tmp_path, "round: 2\n", head=""))


def test_the_set_up_fields_are_checked_as_in_a_set_up_file(tmp_path):
    with pytest.raises(PositionError, match=r"p.position.yaml:2:21: unknown faction 'xenoss'"):
        load_position(ENGINE, write(tmp_path, "", head="players: 2\nfactions: [terrans, xenoss]\n"))


def test_a_solo_position_sets_the_automas_deck(tmp_path):
    head = "players: 1\nfactions: [terrans]\nautoma: automa-xenos\nseed: 3\n"
    cards = sorted(ENGINE.catalogue.automa.cards)[:3]
    state = load_position(ENGINE, write(tmp_path, f"seats:\n  - vp: 12\n  - deck: [{', '.join(cards)}]\n", head))
    assert state.automa.deck == cards and state.players[0].vp == 12
    with pytest.raises(PositionError, match="the Automa's seat holds no resources"):
        load_position(ENGINE, write(tmp_path, "seats:\n  - {}\n  - resources: {c: 1}\n", head))


# ------------------------------------------------------------------ gaia new --position, and its save

def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def test_gaia_new_starts_at_a_position_and_the_save_round_trips(tmp_path):
    path = write(tmp_path, "round: 3\nturn: xenos\nseats:\n  - pieces: {1B2: m}\n")
    out = tmp_path / "g.json"
    result = gaia("new", "--position", path, "-o", out)
    assert result.exit_code == 0, result.output
    assert f"round 3 from {path}" in result.output
    result = gaia("move", out, "build m 1A8")
    assert result.exit_code == 0, result.output
    game = savegame.load(ENGINE, out)
    assert game.state.round == 3 and game.moves[0].args == ("m", "1A8")
    assert game.start is not None and game.start.moves == []
    assert json.loads(out.read_text())["start"]["round"] == 3
    assert gaia("undo", out).exit_code == 0
    assert savegame.load(ENGINE, out).moves == []


def test_gaia_new_refuses_a_bad_position_in_one_line_and_other_set_up_options(tmp_path):
    path = write(tmp_path, "seats:\n  - pieces: {1B2: m}\n  - pieces: {1B2: m}\n")
    result = gaia("new", "--position", path, "-o", tmp_path / "g.json")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"gaia new: {path}:6:14: two pieces on 1B2: seat 1 has one "
                                                  f"there already"]
    result = gaia("new", "--position", path, "--players", "3", "-o", tmp_path / "g.json")
    assert result.exit_code == 2 and "--position goes alone" in result.output
