"""The terminal session of `gaia play`: what the prompts ask, the move list, names beside ids,
undo, save, did-you-mean, completion, and a whole game played through a real pseudo-terminal.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
import select
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.faces.describe import describe, named
from gaia_rules.faces.session import LineReader, Session, SessionError, choose_seats
from gaia_rules.faces.session_text import income_summary, question
from gaia_rules.faces.view import compact_moves, free_summary, move_delta, score_table, source_label
from gaia_rules.formats import savegame
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import Pending

from rules_helpers import CAT, ENGINE, start

runner = CliRunner()


def gaia(*args, input: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=input, prog_name="gaia")


@pytest.fixture(scope="module")
def duel():
    """terrans (p1) and xenos (p2) at p1's first action turn of round 1."""
    return start(["terrans", "xenos"])


def session_at(state, bots=None) -> Session:
    game = savegame.new_game(ENGINE, state.setup)
    game = savegame.with_moves(ENGINE, game, [m for m in _moves_of(state)])
    return Session(ENGINE, game, bots or {}, None, True, reader=LineReader(interactive=False))


def _moves_of(state):
    """The moves of a state (kept there as notation text) as Move values."""
    from gaia_rules.formats.notation import parse_line

    names = {p.faction: p.index for p in state.players if p.faction}
    out = []
    for text in state.moves:
        out.extend(parse_line(text, names, state.setup.players, CAT.token_words).moves)
    return out


# ------------------------------------------------------------------ describe()

def test_describe_renders_a_component_in_one_line_from_its_effects():
    assert describe(CAT, "booster3") == "income 1 Q.I.C. and 2 credits"
    assert describe(CAT, "booster10") == "income 4 credits; on passing 1 VP per Gaia planet colonized"
    assert describe(CAT, "power3") == "2 ore for 4 power"
    assert describe(CAT, "nevlas") == "Nevlas (Ice)"
    assert describe(CAT, "fed2") == "8 VP and 1 Q.I.C."
    assert describe(CAT, "tech7") == "each time you build a mine on a Gaia planet: 3 VP"
    assert describe(CAT, "nav") == "Navigation"


def test_describe_of_an_id_naming_two_kinds_takes_the_kind_asked_for():
    assert describe(CAT, "gleens") == "Gleens (Desert)"
    assert describe(CAT, "gleens", "federation_token") == "1 ore, 1 knowledge and 2 credits"


def test_named_puts_the_id_first_and_leaves_unknown_ids_alone():
    assert named(CAT, "booster1") == "booster1: income 1 knowledge and 1 ore"
    assert named(CAT, "no-such-thing") == "no-such-thing"


# ------------------------------------------------------------------ what the prompt asks

def with_decision(state, kind, player=1, **data):
    s = state.clone()
    s.decisions = [Pending(kind, player, data)]
    return s


def test_the_charge_prompt_names_the_builder_and_the_vp_price(duel):
    s = duel.clone()
    s.moves.append("p1 build m 4B0")
    s.decisions = [Pending("charge", 1, {"amount": 2, "max": 2, "extra": False})]
    assert question(ENGINE, s) == "Terrans built next to you: charge 2 power for 1 VP? [charge/decline, or y/n]"
    s.decisions = [Pending("charge", 1, {"amount": 1, "max": 1, "extra": False})]
    assert question(ENGINE, s) == "Terrans built next to you: charge 1 power for free? [charge/decline, or y/n]"


@pytest.mark.parametrize("kind, data, expected", [
    ("income", {"events": []}, "choose the order of your income: which comes first? [income AMOUNT]"),
    ("gaia-phase", {}, "Gaia phase: use a Gaia-phase conversion now? [spend ... / decline]"),
    ("token", {"op": "charge", "n": 3, "options": ["area2", "area3"]},
     "charging 3 power: where does your token go? [token area2/area3]"),
    ("token", {"op": "spend", "n": 4, "options": ["area1", "area3"]},
     "spending 4 power: where does your token go? [token area1/area3]"),
    ("token", {"op": "take", "n": 1, "options": ["area2", "gaia"]},
     "removing 1 power tokens: where does your token go? [token area2/gaia]"),
    ("areas", {"n": 2, "to": "gaia", "options": []},
     "move 2 power tokens to the Gaia area: from which bowls? [areas SPLIT]"),
    ("up", {"track": "any", "source": "tech"}, "advance one research level: on which track? [up TRACK / decline]"),
    ("up", {"track": "nav", "source": "x"}, "advance one level on Navigation? [up nav / decline]"),
    ("tech", {"source": "x"}, "choose a tech tile [tech POSITION]"),
    ("cover", {}, "choose a tech tile of yours to cover with the advanced one [cover POSITION]"),
    ("build", {"pieces": ["m"]}, "build a mine: where? [build PIECE HEX]"),
    ("swap", {"first": "PI", "second": "m"}, "swap your planetary institute with a mine: which one? [swap-PI HEX]"),
    ("fedtile", {}, "choose a federation token of yours to gain again [fedtile ID]"),
    ("lostPlanet", {}, "place the Lost Planet: on which space hex? [lostPlanet HEX]"),
])
def test_every_decision_kind_is_asked_in_words(duel, kind, data, expected):
    assert question(ENGINE, with_decision(duel, kind, **data)) == expected


def test_the_phases_of_the_set_up_and_of_a_turn_are_asked_in_words(duel):
    setup = random_setup(CAT, 2, "words")
    state = ENGINE.new_game(setup)
    assert question(ENGINE, state) == "choose a faction [faction NAME]"
    for _ in range(2):
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    assert state.phase == "setup"
    home = CAT.planets[CAT.factions[state.players[0].faction].home].name
    assert question(ENGINE, state) == f"place a starting mine on a {home} planet [build m HEX]" \
        or question(ENGINE, state) == f"place a starting mine on an {home} planet [build m HEX]"
    while state.phase == "setup":
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    assert question(ENGINE, state) == "choose a booster [booster ID]"
    assert question(ENGINE, duel).startswith("your action [")
    after = ENGINE.apply(duel, Move(0, "up", ("nav",)))
    assert question(ENGINE, after) == "end your turn, or take free actions first [endturn]"


# ------------------------------------------------------------------ the move list

def test_compact_list_numbers_every_move_as_gaia_moves_does(duel):
    legal = ENGINE.legal_moves(duel)
    lines = compact_moves(ENGINE, duel, legal)
    assert len(legal) == 46 and len(lines) == 18        # 46 moves on 18 lines
    seen: list[int] = []
    for line in lines:
        single = re.match(r"\s*(\d+)\. (.*)", line)
        if single:
            n = int(single.group(1))
            assert single.group(2).startswith(f"terrans {legal[n - 1]}")
            seen.append(n)
        for a, b in re.findall(r"free actions (\d+)-(\d+)", line):
            seen += range(int(a), int(b) + 1)
        if "build" in line and not single:
            for n, hexname in re.findall(r"(\d+) (\d+[A-Z]\d+)", line.split(":", 1)[1]):
                assert legal[int(n) - 1] == Move(0, "build", (legal[int(n) - 1].args[0], hexname))
                seen.append(int(n))
    assert sorted(seen) == list(range(1, len(legal) + 1))


def test_builds_of_one_piece_at_one_price_share_a_line_with_the_price(duel):
    lines = compact_moves(ENGINE, duel, ENGINE.legal_moves(duel))
    assert lines[0] == "    build m (mine) -2c -7o -1q: 1 1A9  3 3A3  6 4B0"
    assert lines[3] == "    build ts (trading station) -6c -2o +4vp: 9 1B3"
    assert lines[5] == "    build gf (Gaiaformer) -6t to the Gaia area: 11 1A7"   # the tokens a follow-up takes


def test_main_actions_show_their_cost_and_the_free_actions_one_line(duel):
    lines = compact_moves(ENGINE, duel, ENGINE.legal_moves(duel))
    assert "16. terrans up nav: Navigation  (-4k +1q)" in lines
    assert "21. terrans pass booster3: income 1 Q.I.C. and 2 credits" in lines
    free = " ".join(l.strip() for l in lines if "free actions" in l or l.startswith("      "))
    assert free == ("free actions 24-46: spend Q.I.C. for ore; knowledge for credits; ore for credits or power "
                    "tokens; burn 1-2 power (`moves all` lists each)")


def test_move_delta_is_what_the_move_costs_and_gives_now(duel):
    assert move_delta(ENGINE, duel, Move(0, "up", ("terra",))) == "-4k +2o"
    assert move_delta(ENGINE, duel, Move(0, "up", ("nowhere",))) == ""          # refused: nothing to show


def test_free_summary_names_resources_as_prices():
    moves = [Move(0, "spend", ("4pw", "1o")), Move(0, "spend", ("1o", "1t")), Move(0, "burn", ("1",))]
    assert free_summary(ENGINE, moves) == "spend power for ore; ore for power tokens; burn 1 power"


# ------------------------------------------------------------------ rounds, scores

def test_income_summary_adds_up_the_income_of_the_round(duel):
    assert income_summary(ENGINE, duel, 0) == "+4o +1k, +2 power tokens"
    assert income_summary(ENGINE, duel, 1) == "+4o +2k"


def test_score_rows_name_their_sources(duel):
    assert source_label(ENGINE, duel, "round1") == f"round1 {duel.setup.round_tiles[0]} (4 VP per trading station)"
    assert source_label(ENGINE, duel, "final1").endswith(" (count)")
    assert source_label(ENGINE, duel, "nav") == "research Navigation"
    assert source_label(ENGINE, duel, "booster7") == "booster7 VP per trading station"
    assert source_label(ENGINE, duel, "qic3") == "action qic3 (3 VP and 1 VP per planet type colonized)"
    assert source_label(ENGINE, duel, "spend") == "resources left"
    assert score_table(ENGINE, duel).row_count >= 2


# ------------------------------------------------------------------ reading a line

def test_a_misspelt_command_gets_a_did_you_mean(duel):
    s = session_at(duel)
    with pytest.raises(SessionError, match=r"^unknown command 'shwo' \(did you mean 'show'\?\)$"):
        s.resolve("shwo")
    with pytest.raises(SessionError, match=r"^unknown command 'bulid' \(did you mean 'build'\?\)$"):
        s.resolve("bulid m 4B0")


def test_moves_are_read_in_any_case_and_by_number(duel):
    s = session_at(duel)
    assert s.resolve("terrans up nav: Navigation  (-4k +1q)") == Move(0, "up", ("nav",))   # a line of the list
    assert s.resolve("BUILD M 4b0") == Move(0, "build", ("m", "4B0"))
    assert s.resolve("Up Nav") == Move(0, "up", ("nav",))
    assert s.resolve("TERRANS BUILD m 9z9") == Move(0, "build", ("m", "9Z9"))   # read; the rules refuse it later
    assert s.resolve("16") == Move(0, "up", ("nav",))
    with pytest.raises(SessionError, match="no move 99: there are 46 legal moves"):
        s.resolve("99")


def test_y_and_n_answer_a_charge(duel):
    s = duel.clone()
    s.decisions = [Pending("charge", 1, {"amount": 1, "max": 1, "extra": False})]
    session = session_at(duel)
    session.game = dataclasses.replace(session.game, state=s)
    assert session.resolve("y") == Move(1, "charge", ("1pw",))
    assert session.resolve("no") == Move(1, "decline")


def test_tab_completion_offers_commands_hexes_and_ids(duel):
    s = session_at(duel)
    assert s.complete("ex") == ["explain"]
    assert s.complete("up n") == ["nav"]
    assert s.complete("build ts ") == ["1B3", "3A7"]
    assert s.complete("explain booster1") == ["booster1", "booster10"]


def test_seats_put_the_chosen_seat_first():
    assert choose_seats(3, 2, 2) == [1]
    assert choose_seats(4, 2, 3) == [2, 0]
    assert choose_seats(2, 1, None) == [0]
    assert choose_seats(2, 2, None) == []


# ------------------------------------------------------------------ the session through piped input

def test_undo_says_exactly_what_it_took_back(tmp_path):
    result = gaia("play", tmp_path / "u.json", "--players", "2", "--seed", "9", input="13\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "took back your last move: p1 faction terrans and the bot's 1 move after it" in result.output


def test_undo_without_bots_counts_the_other_players_moves():
    result = gaia("play", "--players", "2", "--seed", "9", "--bots", "0", input="13\n1\nundo\nundo\nquit\ny\n")
    assert "took back your last move: p2 faction ambas" in result.output       # p2 is a human too
    assert "took back your last move: p1 faction terrans" in result.output


def test_score_inside_a_session_is_the_score_so_far():
    result = gaia("play", "--players", "2", "--seed", "9", input="score\nquit\n")
    assert "Score after 0 moves" in result.output


def test_a_bad_save_path_keeps_the_session_going(tmp_path):
    bad = tmp_path / "no-such-folder" / "g.json"
    result = gaia("play", "--players", "2", "--seed", "9", input=f"1\nsave {bad}\nmoves\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert f"cannot write {bad}" in result.output
    assert "the game is kept in memory" in result.output
    assert "the game is not saved: quit anyway? [y/N]" in result.output
    assert "stopped after 2 moves" in result.output


def test_quitting_an_unsaved_game_can_be_called_off(tmp_path):
    result = gaia("play", "--players", "2", "--seed", "9", input="1\nquit\nn\nshow\nquit\ny\n")
    assert result.exit_code == 0
    assert result.output.count("the game is not saved: quit anyway? [y/N]") == 2
    assert "Players" in result.output                     # `show` ran after the first quit was called off


def test_seat_option_gives_the_human_that_seat():
    result = gaia("play", "--players", "2", "--seed", "9", "--seat", "2", input="quit\n")
    assert result.exit_code == 0
    assert "p1 bot (fast), p2 you" in result.output
    bad = gaia("play", "--players", "2", "--seed", "9", "--seat", "3", input="quit\n")
    assert bad.exit_code == 2 and "--seat must be between 1 and 2" in bad.stderr


def test_map_explain_and_help_inside_a_session():
    result = gaia("play", "--players", "2", "--seed", "9", input="map\nexplain booster3\nexplain BOOSTER3\n"
                                                                     "explain boostr3\nhelp\nquit\n")
    assert result.exit_code == 0
    assert "planets: " in result.output                    # the map's legend
    assert result.output.count("# Q.I.C. and credits (booster `booster3`)") == 2     # ids in any case
    assert "no component 'boostr3' (did you mean 'booster3'?)" in result.output
    assert "auto [N|end]" in result.output


def test_round_headers_show_each_players_income():
    result = gaia("play", "--players", "2", "--seed", "9", "--bots", "1", input="13\nauto 12\nquit\ny\n")
    lines = result.output.splitlines()
    header = lines.index("Round 1")
    assert lines[header + 1].startswith("  income of terrans: ")
    assert lines[header + 2].startswith("  income of ")


def test_a_game_resumed_mid_round_says_so_without_repeating_the_income(tmp_path):
    file = tmp_path / "g.json"
    first = gaia("play", file, "--players", "2", "--seed", "9", "--bots", "1", input="13\nauto 12\nquit\n")
    assert first.exit_code == 0, first.output
    assert "  income of terrans: " in first.output
    again = gaia("play", file, "--bots", "1", input="quit\n")
    assert again.exit_code == 0, again.output
    saved = json.loads(file.read_text())
    moves, round_ = len(saved["moves"]), saved["state"]["round"]
    assert round_ >= 1
    assert f"Round {round_} (continued after {moves} moves)" in again.output
    assert "income of" not in again.output


# ------------------------------------------------------------------ a whole game in a pseudo-terminal

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>]|\r")


class Terminal:
    """A child process on a pseudo-terminal, read until a pattern shows (escape codes removed)."""

    def __init__(self, *args: str):
        master, slave = os.openpty()
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="120", LINES="40")
        code = "from gaia_rules.faces.cli import app; app()"
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True)
        os.close(slave)
        self.fd, self.raw, self.mark = master, b"", 0

    def text(self) -> str:
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def expect(self, pattern: str, limit: float = 20.0) -> str:
        """The text since the last expect, once it matches `pattern` (fails after `limit` seconds)."""
        end = time.monotonic() + limit
        while True:
            new = self.text()[self.mark:]
            found = re.search(pattern, new)
            if found:
                self.mark += found.end()
                return new[:found.end()]
            if time.monotonic() > end or self.proc.poll() is not None and not select.select([self.fd], [], [], 0)[0]:
                raise AssertionError(f"no {pattern!r} in:\n{new[-2000:]}")
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    self.raw += os.read(self.fd, 65536)
                except OSError:
                    pass

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=20)
        finally:
            os.close(self.fd)


PROMPT = r"\n(p\d|[a-z-]+)> ?$"


def test_a_file_that_cannot_be_written_on_the_command_line_is_exit_2(tmp_path):
    path = tmp_path / "no-such-folder" / "g.json"
    result = gaia("play", path, "--bots", "2", "--quiet")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"gaia play: cannot write {path}: no such folder '{path.parent}'"


def _words_kept_whole(wrapped: str, plain: str, width: int) -> None:
    """Every line of `wrapped` fits `width` (or is one word), and its words are `plain`'s, none cut."""
    assert wrapped.split() == plain.split()
    assert all(len(line) <= width or len(line.split()) == 1 for line in wrapped.splitlines())


def _terminal_of(width: int):
    """A stand-in for `terminal.console`: a terminal `width` columns wide (the session wraps only there)."""
    from gaia_rules.faces.terminal import FittingConsole
    return lambda **kwargs: FittingConsole(force_terminal=True, width=width, **kwargs)


def test_session_lists_and_explain_wrap_between_words_at_the_terminals_width(monkeypatch):
    """On a 60-column terminal the moves, the question and `explain` wrap between words ("Gaiaformer" never
    cut); in a pipe the lines stay whole."""
    import gaia_rules.faces.session as session_module
    wide = runner.invoke(app, ["play", "--players", "2", "--seed", "9"], prog_name="gaia",
                         input="explain default\nmoves\nquit\n")
    monkeypatch.setattr(session_module, "stdout_console", _terminal_of(60))
    narrow = runner.invoke(app, ["play", "--players", "2", "--seed", "9"], prog_name="gaia",
                           input="explain default\nmoves\nquit\n")
    assert narrow.exit_code == wide.exit_code == 0
    assert max(map(len, wide.output.splitlines())) > 60   # there is something to wrap
    _words_kept_whole(narrow.output, wide.output, 60)
    assert "Gaiaformer" in narrow.output


def test_piped_play_shows_the_seat_question_with_the_seat_taken_and_does_not_read_an_answer():
    asked = gaia("play", "--players", "2", "--seed", "9", input="quit\n")
    assert asked.exit_code == 0
    assert asked.output.splitlines()[:2] == [
        "which seat do you take? [1-2, Enter for 1] 1 (input is not a terminal: --seat N takes another)",
        "2-player game, seed 9: p1 you, p2 bot (fast); type help for the commands"]
    named = gaia("play", "--players", "2", "--seed", "9", "--seat", "2", input="quit\n")
    assert "which seat" not in named.output and "p1 bot (fast), p2 you" in named.output
    everyone = gaia("play", "--players", "2", "--seed", "9", "--bots", "0", input="quit\n")
    assert "which seat" not in everyone.output
