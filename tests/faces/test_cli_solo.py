"""Solo games against the Automa at the command line and in the lab (docs/solo.md).

`gaia new --players 1 --automa CARD --difficulty LEVEL`, the card drawn from the seed and the
standard difficulty when not given, solo set-up files; `gaia play` and `gaia move` play the
Automa's turns and tell them; `show` and `map` give its cards; `undo` takes back the Automa's moves
after the player's; `export` refuses a solo game; `replay` checks a saved one; arena, simulate and
report with bots in the player's seat. Bad input is one line, exits 2 and writes nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.content import load_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.faces.session_text import automa_line
from gaia_rules.lab.stats import solo_stats
from gaia_rules.players.arena import GameResult, solo_schedule, solo_summary
from gaia_rules.rules.moves import Move
from gaia_rules.setup import SetupError, random_setup, solo_choices

from rules_helpers import CAT, ENGINE

runner = CliRunner()


def gaia(*args, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input, prog_name="gaia")


def ok(*args, input: str | None = None) -> list[str]:
    result = gaia(*args, input=input)
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout.splitlines()


def one_line_error(result) -> str:
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


NEW = ("new", "--players", "1", "--automa", "automa-xenos", "--difficulty", "automa", "--factions", "terrans",
       "--seed", "5")


@pytest.fixture
def solo(tmp_path) -> Path:
    """Terrans against the Xenos Automa at the normal level, seed 5, before the first mine."""
    path = tmp_path / "solo.json"
    ok(*NEW, "-o", path)
    return path


@pytest.fixture
def round1(solo) -> Path:
    """The same game at the Terrans' first action of round 1 (both set-up mines and the boosters placed)."""
    for move in ("1", "1", "1"):
        ok("move", solo, move)
    return solo


# ------------------------------------------------------------------ gaia new

def test_new_solo_names_the_automa_card_and_the_difficulty(solo):
    data = json.loads(solo.read_text())
    assert data["setup"]["players"] == 1
    assert (data["setup"]["automa"], data["setup"]["difficulty"]) == ("automa-xenos", "automa")
    assert [p["faction"] for p in data["state"]["players"]] == ["terrans", "xenos"]


def test_new_solo_says_solo_game_against_the_automa(tmp_path):
    assert ok(*NEW, "-o", tmp_path / "g.json") == [
        f"new solo game against the Automa (Xenos Automa, difficulty Automa), seed 5, layout standard, variant "
        f"rules: saved to {tmp_path / 'g.json'}",
        "set-up, phase setup, 0 moves; to act: terrans: setup"]


def test_new_solo_json_adds_the_card_and_the_difficulty(tmp_path):
    data = json.loads(ok(*NEW, "-o", tmp_path / "g.json", "--json")[0])
    assert (data["players"], data["automa"], data["difficulty"], data["seed"]) == (1, "automa-xenos", "automa", "5")


def test_players_1_alone_draws_the_card_from_the_seed_at_the_standard_difficulty(tmp_path):
    first = ok("new", "--players", "1", "--seed", "7", "-o", tmp_path / "a.json")[0]
    assert first.startswith("new solo game against the Automa (Terrans Automa, difficulty Automa), seed 7")
    again = json.loads((tmp_path / "a.json").read_text())["setup"]
    ok("new", "--players", "1", "--seed", "7", "-o", tmp_path / "b.json")
    assert json.loads((tmp_path / "b.json").read_text())["setup"] == again   # the same seed, the same card
    assert solo_choices(CAT, "7") == ("automa-terrans", "automa")


def test_the_drawn_card_can_face_the_fixed_faction():
    # seed 7 draws the Terrans Automa; a Terra faction fixed by the player makes the draw skip it
    assert solo_choices(CAT, "7", factions=["lantids"])[0] != "automa-terrans"
    for seed in range(20):
        card, _ = solo_choices(CAT, seed, factions=["xenos"])
        assert CAT.factions[CAT.automa.factions[card].faction].home != CAT.factions["xenos"].home


def test_automa_or_difficulty_alone_makes_a_solo_game(tmp_path):
    assert ok("new", "--automa", "automa-terrans", "--seed", "7", "-o", tmp_path / "a.json")[0].startswith(
        "new solo game against the Automa (Terrans Automa, difficulty Automa)")
    assert ok("new", "--difficulty", "ultoma", "--seed", "7", "-o", tmp_path / "b.json")[0].startswith(
        "new solo game against the Automa (Terrans Automa, difficulty Ultoma)")


@pytest.mark.parametrize("args, message", [
    (["--players", "3", "--automa", "automa-xenos"],
     "--automa is for a solo game against the Automa (--players 1), not a game of 3 players"),
    (["--players", "2", "--automa", "automa-xenos", "--difficulty", "ultoma"],
     "--automa and --difficulty are for a solo game against the Automa (--players 1), not a game of 2 players"),
    (["--players", "1", "--difficulty", "ultima"],
     "unknown difficulty 'ultima' (did you mean 'ultoma'?) (choose automalein, automa, automaechtig, ultoma, "
     "alptrauma)"),
    (["--players", "1", "--automa", "automa-xenoss"],
     "unknown Automa faction 'automa-xenoss' (did you mean 'automa-xenos'?) (choose automa-firaks, automa-geodens, "
     "automa-hadsch-hallas, automa-itars, automa-taklons, automa-terrans, automa-xenos)"),
    (["--players", "1", "--automa", "xenos"],
     "unknown Automa faction 'xenos' (did you mean 'automa-xenos', the card that plays it?) (choose automa-firaks, "
     "automa-geodens, automa-hadsch-hallas, automa-itars, automa-taklons, automa-terrans, automa-xenos)"),
    (["--players", "1", "--automa", "automa-xenos", "--factions", "gleens"],
     "the Xenos Automa plays desert: it cannot face 'gleens', a faction of the same home planet (choose a faction "
     "of another home planet)"),
    (["--players", "1", "--factions", "terrans,xenos"],
     "a solo game has 1 player: give 1 faction (the Automa's comes from its card), not 2"),
    (["--players", "1", "--auction", "choose-bid"], "an auction is for several players: a solo player chooses a faction"),
    (["--players", "1", "--automa", ""],
     "--automa: name an Automa faction card (choose automa-firaks, automa-geodens, automa-hadsch-hallas, "
     "automa-itars, automa-taklons, automa-terrans, automa-xenos), or leave the option out to draw one from the seed"),
    (["--difficulty", " "],
     "--difficulty: name a difficulty (choose automalein, automa, automaechtig, ultoma, alptrauma), or leave the "
     "option out to play the standard one"),
])
def test_bad_solo_input_is_one_line_exit_2_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "bad.json"
    result = gaia("new", *args, "-o", out)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia new: {message}"
    assert not out.exists()


def test_players_1_in_content_without_an_automa_says_so():
    bare = load_catalogue()[0]
    bare.automa.factions.clear()
    with pytest.raises(SetupError, match="^a game of 1 player is a solo game against the Automa, and the content has "
                                         "no Automa faction card$"):
        solo_choices(bare, "1")


# ------------------------------------------------------------------ set-up files

def write(tmp_path: Path, text: str, name: str = "solo.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_solo_setup_file_names_the_card_and_the_difficulty(tmp_path):
    setup = write(tmp_path, "players: 1\nautoma: automa-terrans\ndifficulty: ultoma\nseed: weekly-1\n")
    assert ok("validate", "--setup", setup)[-1] == (
        f"{setup}: a valid set-up; it fixes players, automa, difficulty, seed; the rest is drawn from the seed.")
    out = tmp_path / "g.json"
    assert ok("new", "--setup", setup, "-o", out)[0] == (
        f"new solo game against the Automa (Terrans Automa, difficulty Ultoma), seed weekly-1, layout standard, "
        f"variant rules, fixed by {setup}: players, automa, difficulty, seed: saved to {out}")


def test_options_replace_a_solo_setup_files_card(tmp_path):
    setup = write(tmp_path, "players: 1\nautoma: automa-terrans\ndifficulty: ultoma\n")
    ok("new", "--setup", setup, "--automa", "automa-itars", "--seed", "1", "-o", tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())["setup"]
    assert (data["automa"], data["difficulty"]) == ("automa-itars", "ultoma")


def test_a_bad_solo_setup_file_lists_every_problem_at_its_place(tmp_path):
    setup = write(tmp_path, "automa: automa-terran\ndifficulty: hard\nboosters: [booster1, null, null, null]\n")
    result = gaia("validate", "--setup", setup)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{setup}:1:9: unknown Automa faction card 'automa-terran' (did you mean 'automa-terrans'?) (choose "
        "automa-firaks, automa-geodens, automa-hadsch-hallas, automa-itars, automa-taklons, automa-terrans, "
        "automa-xenos)",
        f"{setup}:2:13: unknown Automa difficulty 'hard' (choose automalein, automa, automaechtig, ultoma, alptrauma)",
        f"{setup}:3:11: 4 boosters given; a game has 5 (1 player, the Automa + game.yaml's boosters.extra 3); null "
        "leaves one to the draw"]


def test_a_solo_field_in_a_game_of_several_players_is_refused(tmp_path):
    setup = write(tmp_path, "players: 3\nautoma: automa-terrans\n")
    result = gaia("new", "--setup", setup, "-o", tmp_path / "g.json")
    assert result.exit_code == 2
    assert one_line_error(result) == (f"gaia new: {setup}:2:9: 'automa' is for a solo game against the Automa: a "
                                      f"game of 1 player, not 3")
    faced = write(tmp_path, "automa: automa-terrans\nfactions: [lantids]\n", "faced.yaml")
    assert gaia("validate", "--setup", faced).stdout.splitlines() == [
        f"{faced}:2:12: the Terrans Automa plays terra: it cannot face 'lantids', a faction of the same home planet "
        "(choose a faction of another home planet)"]


def test_a_standard_difficulty_that_is_no_difficulty_is_a_content_problem(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "rules.yaml").write_text("kind: automa_rules\npatch: automa-rules\nstandard_difficulty: normal\n")
    result = gaia("validate", "--content", folder)
    assert result.exit_code == 1
    assert any("unknown Automa difficulty 'normal'" in line for line in result.stdout.splitlines())


# ------------------------------------------------------------------ move, undo, show, map, export, replay

def test_gaia_move_plays_the_automas_turns_after_yours_and_tells_them(solo):
    assert ok("move", solo, "1") == [
        "played: terrans build m 1B4",
        "The Automa (xenos) places a starting mine on 1A3, its home type closest to the centre",
        "The Automa (xenos) places a starting mine on 6A0, its home type closest to the centre",
        "set-up, phase setup, 3 moves; to act: terrans: setup"]


def test_an_automa_turn_names_its_card_its_support_card_what_it_did_and_its_vp(round1):
    ok("move", round1, "up gaia")
    assert ok("move", round1, "endturn") == [
        "played: terrans endturn",
        "The Automa (xenos) draws card 2 (support card 13): turns its mine on 3A4 into a trading station, the "
        "closest to your planets, +1 VP (11 VP)",
        "round 1/6, phase actions, 10 moves; to act: terrans: decision 'charge'"]


def test_gaia_move_json_lists_the_automas_moves(round1):
    ok("move", round1, "up gaia")
    data = json.loads(ok("move", round1, "endturn", "--json")[0])
    assert data["played"]["n"] == 9 and data["played"]["text"] == "terrans endturn"
    assert data["automa"] == [{"n": 10, "player": 1, "move": [1, "automa"], "text":
                               "The Automa (xenos) draws card 2 (support card 13): turns its mine on 3A4 into a "
                               "trading station, the closest to your planets, +1 VP (11 VP)"}]


def test_undo_goes_back_to_your_last_move_and_takes_back_the_automas_after_it(round1):
    ok("move", round1, "up gaia")
    ok("move", round1, "endturn")
    assert ok("undo", round1) == [
        "took back your move 'terrans endturn' and the Automa's 1 move after it; 8 left",
        "round 1/6, phase actions, 8 moves; to act: terrans: end the turn or take free actions"]
    assert ok("undo", round1, "--steps", "3") == [
        "took back your last 3 moves and the Automa's 2 moves after them; 3 left",
        "set-up, phase setup, 3 moves; to act: terrans: setup"]
    result = gaia("undo", round1, "--steps", "5")
    assert result.exit_code == 2
    assert one_line_error(result) == "gaia undo: cannot undo 5 of your moves: the game has 1"


def test_show_says_solo_game_and_gives_the_automas_cards(round1, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    lines = ok("show", round1)
    assert lines[0] == "Game '5': solo game against the Automa (Xenos Automa, difficulty Automa), variant rules"
    at = next(i for i, x in enumerate(lines) if x.rstrip() == "Automa")   # the table's title
    rows = [" ".join(x.strip("│ ").split("│")[0].split()) + ": " + " ".join(x.strip("│ ").split("│")[1].split())
            for x in lines[at + 2:at + 9]]
    assert rows == ["faction card: Xenos Automa (automa-xenos)", "difficulty: Automa (automa)", "VP: 10",
                    "deck: 7 cards, the last 3 in the pass zone",
                    "next support card: the top card of its deck, at its first turn of the round",
                    "reserve: 10 cards",
                    "last move: takes booster6 as its first booster (card 14 shows slot 4)"]


def test_map_ends_with_the_automas_deck_next_support_card_and_vp(round1, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    ok("move", round1, "up gaia")
    ok("move", round1, "endturn")
    ok("move", round1, "decline")
    lines = ok("map", round1, "--compact")
    assert lines[-4:] == [
        "2 = p2 xenos: 3 pieces, 0 satellites, 0 federations, 11 VP",
        "the Automa (Xenos Automa, difficulty Automa): 11 VP; deck 5 cards, the",
        "  last 3 in the pass zone; next support card: card 2 (range 2); reserve",
        "  10 cards"]


def test_export_refuses_a_solo_game_with_one_line(round1):
    before = round1.read_bytes()
    result = gaia("export", round1)
    assert result.exit_code == 1
    assert one_line_error(result) == (f"gaia export: {round1} is a solo game against the Automa, which "
                                      "boardgamers.space does not play: its move list cannot be written (the saved "
                                      "game is the record; docs/solo.md)")
    assert round1.read_bytes() == before


def test_replay_checks_a_saved_solo_game_against_its_stored_state(round1, tmp_path):
    ok("move", round1, "up gaia")
    ok("move", round1, "endturn")
    assert ok("replay", "--check", round1) == ["PASS solo (a saved game: 10 moves, the stored state)"]
    data = json.loads(round1.read_text())
    data["state"]["players"][1]["vp"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = gaia("replay", "--check", bad)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "FAIL bad: the stored state differs from the replayed moves at state.players[1].vp: 11 != 99"]


def test_the_same_seed_gives_the_same_solo_game_byte_for_byte(tmp_path):
    files = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        ok(*NEW, "-o", path)
        for move in ("1", "1", "1", "up gaia", "endturn", "decline", "1"):
            ok("move", path, move)
        files.append(path.read_bytes())
    assert files[0] == files[1]


# ------------------------------------------------------------------ gaia play

def test_play_tells_the_automas_set_up_and_turns(tmp_path):
    path = tmp_path / "s.json"
    ok(*NEW, "-o", path)
    lines = ok("play", path, input="1\n1\n1\nup gaia\nendturn\nquit\n")
    assert lines[0] == ("solo game against the Automa (Xenos Automa, difficulty Automa), seed 5: p1 you, p2 the "
                        "Automa; type help for the commands")
    told = [x for x in lines if x.startswith("The Automa")]
    assert told == [
        "The Automa (xenos) places a starting mine on 1A3, its home type closest to the centre",
        "The Automa (xenos) places a starting mine on 6A0, its home type closest to the centre",
        "The Automa (xenos) places a starting mine on 3A4, its home type closest to the centre",
        "The Automa (xenos) takes booster6 as its first booster (card 14 shows slot 4)",
        "The Automa (xenos) draws card 2 (support card 13): turns its mine on 3A4 into a trading station, the "
        "closest to your planets, +1 VP (11 VP)"]
    assert "  income of terrans: +3o +1k +1q +2c" in lines and not any("income of xenos" in x for x in lines)
    assert any(x.startswith("[round 1] terrans: Xenos built next to you: charge") for x in lines)


def test_undo_in_a_solo_session_takes_back_the_automas_moves(tmp_path):
    path = tmp_path / "s.json"
    ok(*NEW, "-o", path)
    lines = ok("play", path, input="1\n1\n1\nup gaia\nendturn\nundo\nquit\n")
    assert "terrans> took back your last move: terrans endturn and the Automa's 1 move after it" in lines


def test_play_refuses_solo_options_for_a_saved_game(solo):
    result = gaia("play", solo, "--automa", "automa-itars")
    assert result.exit_code == 2
    assert one_line_error(result) == (f"gaia play: {solo} is a saved game with its set-up: --automa goes with a new "
                                      "game")


def test_the_automa_line_of_a_set_up_move_has_no_vp():
    state = ENGINE.new_game(random_setup(CAT, 1, "5", automa="automa-xenos", difficulty="automa",
                                         factions=["terrans"]))
    state = ENGINE.apply(state, Move(0, "build", ("m", "1B4")))
    state = ENGINE.apply(state, Move(1, "automa"))
    assert automa_line(ENGINE, state) == ("The Automa (xenos) places a starting mine on 1A3, its home type closest "
                                          "to the centre")


# ------------------------------------------------------------------ the lab

def test_solo_schedule_plays_every_card_and_difficulty_on_each_deal_with_each_kind():
    specs = solo_schedule(CAT, ["fast", "random"], 2, "s", ["automa-xenos", "automa-terrans"], ["automa", "ultoma"])
    assert len(specs) == 2 * 2 * 2 * 2
    assert {s.seed for s in specs[:8]} == {"s/0"}
    assert [(s.automa, s.difficulty, s.bots) for s in specs[:4]] == [
        ("automa-xenos", "automa", ("fast",)), ("automa-xenos", "automa", ("random",)),
        ("automa-xenos", "ultoma", ("fast",)), ("automa-xenos", "ultoma", ("random",))]
    # factions take turns among those the card can face: deal 0 card 0, deal 0 card 1, deal 1 card 0, ...
    assert [s.factions for s in specs[::4]] == [("ambas",), ("baltaks",), ("bescods",), ("firaks",)]


def test_solo_summary_counts_a_tie_as_half_a_win():
    results = [GameResult(i, "s", ("terrans",), ("fast",), vp, 100, automa="automa-xenos", difficulty="ultoma")
               for i, vp in enumerate([(120, 100), (100, 100), (90, 130)])]
    (stats,) = solo_summary(results)
    assert (stats.name, stats.difficulty, stats.games, stats.wins) == ("fast", "ultoma", 3, 1.5)
    assert stats.margin() == pytest.approx((20 + 0 - 40) / 3)


def test_arena_solo_reports_each_kind_against_the_automa(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    data = json.loads(ok("arena", "--players", "1", "--bots", "random", "--automa", "automa-xenos",
                         "--difficulty", "automalein,ultoma", "--deals", "1", "--json")[0])
    assert data["games"] == 2
    assert [(r["factions"], r["automa"], r["difficulty"], len(r["vp"])) for r in data["results"]] == [
        (["ambas"], "automa-xenos", "automalein", 2), (["ambas"], "automa-xenos", "ultoma", 2)]
    assert [(s["name"], s["difficulty"], s["games"]) for s in data["solo"]["bot"]] == [
        ("random", "automalein", 1), ("random", "ultoma", 1)]
    for s, r in zip(data["solo"]["bot"], data["results"]):
        assert (s["vp_mean"], s["automa_vp_mean"]) == tuple(r["vp"])


def test_arena_solo_tables(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    lines = ok("arena", "--players", "1", "--bots", "random", "--automa", "automa-xenos", "--difficulty", "ultoma",
               "--deals", "1")
    titles = [x.strip() for x in lines if x.strip() in ("Against the Automa",
                                                          "By faction of the player: win rate, mean VP")]
    assert titles == ["Against the Automa", "By faction of the player: win rate, mean VP"]
    assert any(x.split("│")[1:3] == [" random ", " ultoma     "] for x in lines)


@pytest.mark.parametrize("args, message", [
    (["--players", "3", "--automa", "all"],
     "--automa is for solo games against the Automa (--players 1), not games of 3 players"),
    (["--players", "1", "--automa", "automa-xeno"],
     "--automa: unknown Automa faction card 'automa-xeno' (did you mean 'automa-xenos'?) (choose automa-firaks, "
     "automa-geodens, automa-hadsch-hallas, automa-itars, automa-taklons, automa-terrans, automa-xenos, or all)"),
    (["--difficulty", "hard"],
     "--difficulty: unknown difficulty 'hard' (choose automalein, automa, automaechtig, ultoma, alptrauma, or all)"),
])
def test_arena_refuses_bad_solo_options_in_one_line(args, message):
    result = gaia("arena", *args, "--deals", "1")
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia arena: {message}"


def test_simulate_solo_writes_the_automas_seat_by_its_card(tmp_path):
    out = tmp_path / "solo.jsonl"
    ok("simulate", "--games", "2", "--players", "1", "--automa", "automa-xenos", "--difficulty", "automalein,ultoma",
       "--bot", "random", "--workers", "1", "-o", out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["factions"], r["automa"], r["difficulty"], r["setup_seed"], len(r["vp"])) for r in records] == [
        (["ambas", "automa-xenos"], "automa-xenos", "automalein", "lab/0", 2),
        (["ambas", "automa-xenos"], "automa-xenos", "ultoma", "lab/0", 2)]
    assert records[0]["options"]["automa"] == ["automa-xenos"]
    assert records[0]["options"]["difficulty"] == ["automalein", "ultoma"]
    assert [r["winners"] for r in records] == [[0] if r["vp"][0] > r["vp"][1] else [1] for r in records]


def solo_record(i: int, faction: str, level: str, vp: list[int]) -> dict:
    top = max(vp)
    return {"players": 1, "index": i, "factions": [faction, "automa-xenos"], "automa": "automa-xenos",
            "difficulty": level, "vp": vp, "winners": [s for s, v in enumerate(vp) if v == top],
            "options": {"difficulty": ["automalein", "ultoma"]}}


def test_report_numbers_of_solo_games_by_difficulty_and_faction():
    records = [solo_record(0, "terrans", "ultoma", [100, 140]), solo_record(1, "terrans", "automalein", [120, 110]),
               solo_record(2, "ivits", "automalein", [100, 100]), solo_record(3, "ivits", "ultoma", [90, 150])]
    rows = solo_stats(records)
    assert [(s.faction, s.difficulty, s.win.games, s.win.rate, s.vp.mean, s.automa_vp.mean) for s in rows] == [
        ("all", "automalein", 2, 0.75, 110.0, 105.0), ("ivits", "automalein", 1, 0.5, 100.0, 100.0),
        ("terrans", "automalein", 1, 1.0, 120.0, 110.0), ("all", "ultoma", 2, 0.0, 95.0, 145.0),
        ("ivits", "ultoma", 1, 0.0, 90.0, 150.0), ("terrans", "ultoma", 1, 0.0, 100.0, 140.0)]


def test_simulate_refuses_a_solo_option_with_several_players(tmp_path):
    result = gaia("simulate", "--games", "2", "--players", "2", "--difficulty", "ultoma", "-o", tmp_path / "x.jsonl")
    assert result.exit_code == 2
    assert one_line_error(result) == ("gaia simulate: --difficulty is for solo games against the Automa "
                                      "(--players 1), not games of 2 players")
    assert not (tmp_path / "x.jsonl").exists()


def test_solo_tables_fit_80_columns(round1, monkeypatch):
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", "80")
    outputs = [ok("show", round1), ok("replay", round1),
               ok("arena", "--players", "1", "--bots", "random", "--automa", "automa-xenos,automa-itars",
                  "--difficulty", "automalein,automa,automaechtig,ultoma,alptrauma", "--deals", "1")]
    for lines in outputs:
        assert max(cell_len(x) for x in lines) <= 80
        assert not any("…" in x for x in lines)
    assert any("VP by source group" in x for x in outputs[1])


def test_show_gives_the_automas_seat_a_dash_for_what_only_a_player_holds(round1, monkeypatch):
    """The Automa has no resources, power, Gaiaformers or tiles (solo rules §2.3): its column says so with a
    dash rather than zeros a player could take for a count; its VP and research are its own."""
    monkeypatch.setenv("COLUMNS", "100")
    lines = ok("show", round1, "--player", "2")
    cells = {x.strip("│ ").split("│")[0].strip(): x.strip("│ ").split("│")[1].strip()
             for x in lines if x.startswith("│") and x.count("│") == 3}
    assert "p2 xenos (Automa)" in "".join(lines)
    assert [cells[k] for k in ("credits", "ore", "knowledge", "QIC", "power I/II/III", "Gaiaformers",
                               "tech tiles", "fed. tokens")] == ["-"] * 8
    assert cells["VP"] == "10" and cells["research terra"].isdigit()


def test_the_svg_shows_the_automa_as_it_is_no_resources_or_power_but_its_deck_and_next_support_card(round1, tmp_path):
    """The Automa holds no credits, ore, knowledge, Q.I.C. or power: its panel gives its deck and next card instead."""
    import xml.etree.ElementTree as ET
    out = tmp_path / "solo.svg"
    ok("map", round1, "-o", out)
    root = ET.fromstring(out.read_bytes())
    ns = "{http://www.w3.org/2000/svg}"
    panels = {g.get("data-player"): g for g in root.iter(ns + "g") if g.get("class") == "player"}
    assert set(panels) == {"1", "2"}, [g.attrib for g in root.iter(ns + "g")][:5]

    def classes(panel):
        return [g.get("class") for g in panel.iter(ns + "g")]
    assert classes(panels["1"]).count("resource") == 4 and classes(panels["1"]).count("bowl") == 4
    assert "resource" not in classes(panels["2"]) and "bowl" not in classes(panels["2"])
    automa = ["".join(t.itertext()) for t in panels["2"].iter(ns + "text") if t.get("class") == "automa"]
    assert automa == ["difficulty: Automa (automa)", "deck: 7 cards, the last 3 in the pass zone",
                      "next support card: the top card of its deck,", "  at its first turn of the round",
                      "reserve: 10 cards"]
    assert any(t.get("class") == "vp" and "".join(t.itertext()) == "10 VP" for t in panels["2"].iter(ns + "text"))
