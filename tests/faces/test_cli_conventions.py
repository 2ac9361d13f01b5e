"""Command-line conventions shared by every `gaia` command.

One scheme of exit codes (0 ok, 1 refused, 2 usage, 3 internal error; app.py),
-h/--help everywhere, --version, shell completion, option values shown as
words with the allowed values listed, --json with stable keys for scripts, a
progress bar only for a person at a terminal, and a save that never drops
another process's move.
"""
from __future__ import annotations

import io
import json
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gaia_rules.content as content
from gaia_rules.content import default_catalogue
from gaia_rules.faces import app as app_module
from gaia_rules.faces import view
from gaia_rules.faces.cli import app
from gaia_rules.formats import savegame
from gaia_rules.players import BOTS
from gaia_rules.rules import Engine

runner = CliRunner()
WIDE = {"COLUMNS": "200", "TERMINAL_WIDTH": "200"}


def gaia(*args, input=None, env=None):
    return runner.invoke(app, [str(a) for a in args], input=input, prog_name="gaia", env=env)


def one_line_error(result) -> str:
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def command_names() -> list[str]:
    import typer.main

    return sorted(typer.main.get_command(app).commands)


@pytest.fixture(scope="module")
def engine():
    return Engine(default_catalogue())


@pytest.fixture
def game(tmp_path) -> Path:
    path = tmp_path / "game.json"
    assert gaia("new", "--players", "2", "--seed", "7", "--factions", "terrans,xenos", "-o", path).exit_code == 0
    return path


@pytest.fixture
def mid(tmp_path) -> Path:
    """A game in round 1's action phase (factions chosen by moves, as docs/cli.md builds it)."""
    path = tmp_path / "mid.json"
    assert gaia("new", "--players", "2", "--seed", "7", "-o", path).exit_code == 0
    for _ in range(9):
        assert gaia("move", path, "1").exit_code == 0
    return path


# ------------------------------------------------------------------ help, version, completion

def test_gaia_alone_prints_the_help_and_no_stray_error_line():
    result = gaia()
    assert result.exit_code == 2
    assert "Usage: gaia [OPTIONS] COMMAND" in result.stdout
    assert result.stderr == ""


def test_the_root_help_lists_the_commands_in_the_order_of_use():
    from gaia_rules.faces.app import COMMAND_ORDER

    assert sorted(COMMAND_ORDER) == command_names()              # every command has its place
    listed = [line.split()[1] for line in gaia("--help", env=WIDE).stdout.splitlines()
              if line.startswith("│ ") and len(line.split()) > 1 and line.split()[1] in COMMAND_ORDER]
    assert listed == list(COMMAND_ORDER)


def test_every_command_has_the_commands_listed_by_the_root_help():
    assert command_names() == ["arena", "bench", "explain", "export", "import", "map", "move", "moves", "new", "play",
                               "replay", "report", "show", "simulate", "teach", "test", "tune", "undo", "validate"]


@pytest.mark.parametrize("command", ["", *command_names()])
def test_h_and_help_print_the_same_help_everywhere(command):
    args = [command] if command else []
    short, long = gaia(*args, "-h", env=WIDE), gaia(*args, "--help", env=WIDE)
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout
    assert f"Usage: gaia {command}".rstrip() in short.stdout
    assert "-h" in short.stdout and "--help" in short.stdout


@pytest.mark.parametrize("command", ["", *command_names()])
def test_help_shows_option_values_as_words_not_python_types(command):
    text = gaia(*([command] if command else []), "--help", env=WIDE).stdout
    for typer_type in ("<bool>", "<int>", "<str>", "<path>", "<list[", "[Path]", "<float>"):
        assert typer_type not in text, (command, typer_type)
    assert "[[" not in text and "]...]" not in text   # optional arguments written once: [FILE]...


def test_option_words_say_what_to_give():
    new = gaia("new", "--help", env=WIDE).stdout
    assert "--players" in new and " N " in new
    assert " FILE " in new and " SEED " in new and " DIR " in new
    assert "Usage: gaia replay [OPTIONS] [FILE]..." in gaia("replay", "--help", env=WIDE).stdout
    assert "Usage: gaia play [OPTIONS] [FILE]" in gaia("play", "--help", env=WIDE).stdout
    usage = next(line for line in gaia("move", "--help", env=WIDE).stdout.splitlines() if "Usage:" in line)
    assert usage.split()[1:4] == ["gaia", "move", "[OPTIONS]"] and "FILE" in usage and "MOVE" in usage


def test_allowed_values_are_listed_from_content_and_from_the_bots():
    variants = "|".join(sorted(default_catalogue().variants))
    assert variants == "boardgamers|rules"
    for command in ("new", "play"):
        text = gaia(command, "--help", env=WIDE).stdout
        assert variants in text
        assert "standard|random" in text
    assert "|".join(BOTS) in gaia("play", "--help", env=WIDE).stdout


def test_version_comes_from_the_package_metadata():
    result = gaia("--version")
    assert result.exit_code == 0
    assert result.stdout == f"gaia-rules {version('gaia-rules')}\n"


def test_show_completion_prints_a_bash_completion_script():
    result = gaia("--show-completion", "bash")
    assert result.exit_code == 0
    assert "_gaia_completion()" in result.stdout and "_GAIA_COMPLETE=complete_bash" in result.stdout


@pytest.mark.parametrize("words, cword, expected", [
    ("gaia ne", 1, ["new"]),
    ("gaia new --variant ", 3, ["boardgamers", "rules"]),
    ("gaia play --bot g", 3, ["greedy"]),
    ("gaia play --layout r", 3, ["random"]),
])
def test_completion_offers_commands_and_allowed_values(words, cword, expected):
    result = gaia(env={"_GAIA_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)})
    assert result.exit_code == 0
    assert result.stdout.split() == expected


def test_play_help_lists_the_commands_of_the_prompt():
    text = gaia("play", "--help", env=WIDE).stdout
    assert "At the prompt:" in text
    for word in ("show", "map", "moves", "explain ID", "undo", "save [FILE]", "help", "quit"):
        assert f"{word}:" in text, word


# ------------------------------------------------------------------ one scheme of exit codes

def test_the_scheme_is_written_once_in_app_and_in_docs():
    doc = " ".join(app_module.__doc__.split())
    assert "0 success 1 refused:" in doc and "2 usage:" in doc and "3 internal error" in doc
    table = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text()
    for row in ("| 0 | success |", "| 1 | refused:", "| 2 | usage:", "| 3 | internal error", "| 130 |"):
        assert row in table, row


def test_text_that_is_not_a_move_exits_2_even_when_the_parser_reads_a_command(mid):
    before = mid.read_bytes()
    result = gaia("move", mid, "spend -1o for 1c")
    assert result.exit_code == 2
    assert one_line_error(result).startswith("gaia move: not a move: 'spend -1o for 1c' (column 7: cannot read the price")
    assert mid.read_bytes() == before


def test_an_illegal_move_still_exits_1(mid):
    result = gaia("move", mid, "spend 9q for 9o")
    assert result.exit_code == 1
    assert one_line_error(result).startswith("gaia move: illegal move 'ambas spend 9q for 9o'")


def test_an_internal_error_is_one_line_exit_3(game, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(view, "status_line", broken)  # the command imports it when it runs
    result = gaia("moves", game)
    assert result.exit_code == 3
    assert one_line_error(result) == "gaia moves: internal error (please report): ZeroDivisionError: division by zero"


# ------------------------------------------------------------------ writing: every failure one line, nothing lost

def test_new_into_a_missing_folder_is_exit_2_and_names_the_seed_to_draw_it_again(tmp_path):
    target = tmp_path / "missing" / "dir" / "x.json"
    result = gaia("new", "--players", "2", "--seed", "5", "-o", target)
    assert result.exit_code == 2
    assert one_line_error(result) == (f"gaia new: cannot write {target}: no such folder '{target.parent}'; "
                                      f"the game (seed 5) was not saved")
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_new_onto_a_folder_is_exit_2_with_or_without_force(tmp_path, force):
    folder = tmp_path / "d"
    folder.mkdir()
    result = gaia("new", "--players", "2", "-o", folder, *force)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia new: cannot write {folder}: it is a folder (give a file name)"
    assert list(folder.iterdir()) == []


def test_new_to_a_path_that_cannot_be_written_is_exit_2(tmp_path, monkeypatch):
    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(savegame.os, "replace", refuse)
    target = tmp_path / "x.json"
    result = gaia("new", "--players", "2", "--seed", "5", "-o", target)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia new: cannot write {target}: permission denied; the game (seed 5) was not saved"
    assert list(tmp_path.iterdir()) == []


def test_a_move_that_cannot_be_written_says_the_move_was_not_saved(game, monkeypatch):
    before = game.read_bytes()

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(savegame.os, "replace", refuse)
    result = gaia("move", game, "1")
    assert result.exit_code == 2
    assert one_line_error(result) == (f"gaia move: cannot write {game}: permission denied; "
                                      f"your move 'terrans build m 1B2' was not saved")
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", ["show", "moves", "move", "undo", "map", "export"])
def test_a_saved_game_nested_100000_deep_is_one_line_exit_2(tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    args = [command, path] + (["1"] if command == "move" else [])
    result = gaia(*args)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia {command}: {path}: not a saved game (its JSON is nested too deeply to read)"


def test_replay_of_json_nested_too_deeply_is_one_line_exit_2(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    result = gaia("replay", "--check", path)
    assert result.exit_code == 2
    assert one_line_error(result) == f"gaia replay: {path}: not a recorded game (its JSON is nested too deeply)"


def test_a_move_refuses_to_overwrite_a_file_another_process_saved_meanwhile(game, engine, monkeypatch):
    """`gaia play game.json` saves a move while `gaia move game.json 1` is between its load and its save."""
    real_apply = savegame.apply_move

    def other_process_saves_first(engine_, game_, move_):
        other = savegame.load(engine_, game)
        savegame.save(real_apply(engine_, other, engine_.legal_moves(other.state)[-1]), game)
        return real_apply(engine_, game_, move_)

    monkeypatch.setattr(savegame, "apply_move", other_process_saves_first)
    result = gaia("move", game, "1")
    assert result.exit_code == 1
    assert one_line_error(result) == (
        f"gaia move: {game} changed since it was loaded (another gaia process?); "
        f"your move 'terrans build m 1B2' was not saved: reload with `gaia show {game}` and try again")
    monkeypatch.undo()
    kept = savegame.load(engine, game)
    assert [m.args for m in kept.moves] == [("m", "6B0")]    # the other process's move is kept


def test_undo_refuses_too_when_the_file_changed_meanwhile(game, engine, monkeypatch):
    assert gaia("move", game, "1").exit_code == 0
    real = savegame.with_moves

    def other_process_saves_first(engine_, game_, moves_):
        game.write_text(game.read_text().replace('"moves": [', '"moves":  ['))
        return real(engine_, game_, moves_)

    monkeypatch.setattr(savegame, "with_moves", other_process_saves_first)
    result = gaia("undo", game)
    assert result.exit_code == 1
    assert "changed since it was loaded (another gaia process?); the undo was not saved" in one_line_error(result)


def test_new_without_force_does_not_overwrite_a_file_created_meanwhile(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    real = savegame.new_game

    def someone_creates_it(*args, **kwargs):
        target.write_text("mine\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(savegame, "new_game", someone_creates_it)
    result = gaia("new", "--players", "2", "--seed", "5", "-o", target)
    assert result.exit_code == 1
    assert "was created by someone else meanwhile; not overwritten" in one_line_error(result)
    assert target.read_text() == "mine\n"


# ------------------------------------------------------------------ --json: stable keys

STATUS_KEYS = ["ended", "moves", "phase", "player", "round", "waiting_for"]


def test_new_json(tmp_path):
    result = gaia("new", "--players", "2", "--seed", "7", "-o", tmp_path / "j.json", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "file": str(tmp_path / "j.json"), "layout": "standard", "players": 2, "seed": "7", "variant": "rules",
        "status": {"ended": False, "moves": 0, "phase": "factions", "player": 0, "round": 0,
                   "waiting_for": "p1: factions"}}


def test_moves_json_numbers_the_legal_moves_as_the_text_listing_does(game):
    data = json.loads(gaia("moves", game, "--json").stdout)
    assert sorted(data) == ["file", "moves", "status"]
    assert sorted(data["status"]) == STATUS_KEYS
    assert data["moves"][:2] == [
        {"n": 1, "player": 0, "text": "terrans build m 1B2", "move": [0, "build", "m", "1B2"]},
        {"n": 2, "player": 0, "text": "terrans build m 3A3", "move": [0, "build", "m", "3A3"]}]
    text = gaia("moves", game).stdout.splitlines()[1:]
    assert [f"{m['n']}. {m['text']}" for m in data["moves"]] == [line.strip() for line in text]


def test_move_json_names_the_move_played_and_the_new_status(game):
    result = gaia("move", game, "3", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "file": str(game),
        "played": {"n": 1, "player": 0, "text": "terrans build m 4A10", "move": [0, "build", "m", "4A10"]},
        "status": {"ended": False, "moves": 1, "phase": "setup", "player": 1, "round": 0,
                   "waiting_for": "xenos: setup"}}


def test_show_json_is_the_state_and_validate_json_the_counts(game):
    state = json.loads(gaia("show", game, "--json").stdout)
    assert state["phase"] == "setup" and len(state["players"]) == 2
    result = gaia("validate", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["valid"] is True and data["problems"] == []
    assert data["counts"]["factions"] == 14


def test_validate_json_lists_problems_with_their_place_and_exits_1(tmp_path):
    folder = tmp_path / "boosters"
    folder.mkdir()
    (folder / "bad.yaml").write_text("kind: booster\nid: [unclosed\n")  # a content file (its kind says so), broken
    result = gaia("validate", "--json", "--content", tmp_path)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["valid"] is False and data["counts"] == {}
    assert data["problems"] and sorted(data["problems"][0]) == ["column", "file", "line", "message"]
    assert data["problems"][0]["file"].endswith("bad.yaml")


def test_errors_under_json_stay_on_stderr_and_stdout_stays_empty(tmp_path):
    result = gaia("moves", tmp_path / "nowhere.json", "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert one_line_error(result) == f"gaia moves: {tmp_path / 'nowhere.json'}: no such file"


# ------------------------------------------------------------------ progress bars: only for a person at a terminal

class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_only_when_stdout_and_stderr_are_terminals_and_not_json():
    assert app_module.wants_progress(False, Tty(), Tty()) is True
    assert app_module.wants_progress(True, Tty(), Tty()) is False
    assert app_module.wants_progress(False, io.StringIO(), Tty()) is False
    assert app_module.wants_progress(False, Tty(), io.StringIO()) is False


def test_a_disabled_progress_bar_prints_nothing(capsys):
    with app_module.progress_bar(3, "replay", enabled=False) as step:
        for name in "abc":
            step(name)
    assert capsys.readouterr() == ("", "")


def test_replay_of_many_files_prints_only_its_lines_when_not_on_a_terminal():
    from gaia_rules.formats.corpus import corpus_files

    files = [p for p in corpus_files("games")][:3]
    result = gaia("replay", "--check", *files)
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["PASS"] * 3
    assert result.stderr == ""


def test_bench_reports_each_benchmark_done_for_its_progress_bar():
    from gaia_rules.lab.bench import run_bench

    done, heard = [], []
    results = run_bench(["playout"], games=1, progress=heard.append, done=done.append)
    assert done == ["playout"]
    assert heard[0] == "playout ..."
    assert list(results["playout"]) == ["2p", "3p", "4p"]


def test_play_keeps_the_game_when_another_process_saved_its_file(game, monkeypatch):
    """The session saves after each move; a file changed under it is not overwritten: one line, game kept."""
    real_save = savegame.save
    calls = []

    def other_process_between(game_, path, *args, **kwargs):
        calls.append(path)
        if len(calls) == 2:   # after the session's first save, someone else writes the file
            Path(path).write_text(Path(path).read_text().replace('"moves": [', '"moves":  ['))
        return real_save(game_, path, *args, **kwargs)

    monkeypatch.setattr(savegame, "save", other_process_between)
    result = gaia("play", game, "--bots", "0", input="1\n1\nquit\n")
    assert f"{game} changed since it was loaded" in result.output
    assert "the game is kept in memory" in result.output
    assert "Traceback" not in result.output


def test_a_bug_in_a_command_without_its_own_handler_is_still_one_line_exit_3(monkeypatch):
    import gaia_rules.content as content

    def broken(*args, **kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(content, "load_catalogue", broken)  # `gaia validate` imports it when it runs
    result = gaia("validate")
    assert result.exit_code == 3
    assert one_line_error(result) == "gaia: internal error (please report): KeyError: 'oops'"


def test_the_allowed_variants_are_only_read_when_help_shows_them(monkeypatch):
    read = []
    monkeypatch.setattr(content, "default_catalogue", lambda: read.append(1) or default_catalogue())
    assert gaia("--version").exit_code == 0
    assert gaia("moves", "--help").exit_code == 0
    assert read == []
    assert "boardgamers|rules" in gaia("new", "--help", env=WIDE).stdout
    assert read


def test_the_bot_kinds_the_options_name_are_the_players_own():
    """faces/app.py names them so that the command line starts without importing the bots."""
    from gaia_rules.players import DEFAULT_BOT
    assert app_module.BOT_KINDS == tuple(BOTS)
    assert app_module.DEFAULT_BOT == DEFAULT_BOT


def test_gaia_starts_without_importing_the_engine():
    """`gaia --version`, `--help` and completion answer at once: the layers load only when a command runs."""
    import subprocess
    import sys
    code = ("import sys; from gaia_rules.faces.cli import app\n"
            "sys.argv = ['gaia', '--help']\n"
            "try:\n    app()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('gaia_rules.', 'lark', 'jsonschema', 'yaml', "
            "'prompt_toolkit')) and not m.startswith(('gaia_rules.faces', 'gaia_rules.user_cache'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_the_program_pauses_the_collector_while_it_starts_and_resumes_it_for_the_command(tmp_path):
    """faces/program.py: no collection while typer, rich and the layers load; the command runs with the collector
    on and what start-up made frozen. Imported as a library (faces/cli.py), the collector is left alone."""
    import subprocess
    import sys
    report = ("import atexit, gc, sys\n"
              "atexit.register(lambda: print(gc.isenabled(), gc.get_freeze_count() > 0, gc.get_count()[0] > 5000,"
              " file=sys.stderr))\n")
    game = tmp_path / "g.json"
    gaia("new", "--players", "2", "--seed", "1", "-o", game)
    runs = {how: subprocess.run([sys.executable, "-c", report + code, *args], capture_output=True, text=True)
            for how, code, args in (
                ("program", "from gaia_rules.faces.program import main; main()", ["show", str(game)]),
                ("starting", "from gaia_rules.faces.program import main; main()", ["--version"]),
                ("library", "from gaia_rules.faces.cli import app; app()", ["show", str(game)]))}
    assert {how: (r.returncode, r.stderr.split()) for how, r in runs.items()} == {
        "program": (0, ["True", "True", "False"]),     # resumed and frozen when `show` ran
        "starting": (0, ["False", "False", "True"]),   # --version answers before any command: never collected
        "library": (0, ["True", "False", "False"])}


def test_the_table_of_commands_names_each_command_its_module_and_its_first_paragraph_of_help():
    """`gaia --help` lists the commands from `app.COMMANDS` without importing their modules."""
    import inspect

    import typer.main
    infos = {info.name or typer.main.get_command_name(info.callback.__name__): info for info in app.registered_commands}
    assert list(app_module.COMMANDS) == list(app_module.COMMAND_ORDER) and sorted(infos) == sorted(app_module.COMMANDS)
    for name, (module, first) in app_module.COMMANDS.items():
        info = infos[name]
        assert info.callback.__module__ == f"gaia_rules.faces.{module}", name
        assert inspect.cleandoc(info.help or inspect.getdoc(info.callback)).split("\n\n")[0] == first, name


def test_a_command_imports_only_its_own_module_of_commands():
    import subprocess
    import sys
    code = ("import sys; from gaia_rules.faces.cli import app\n"
            "sys.argv = ['gaia', 'show', '--help']\n"
            "try:\n    app()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('gaia_rules.faces.cli') or m == 'gaia_rules.faces.bench'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "['gaia_rules.faces.cli', 'gaia_rules.faces.cli_game']"
    # (show is in cli_game; cli_turns and cli_files, bench, the bots' and the lab's commands stay unread)


def test_help_lists_the_commands_as_the_whole_command_does():
    """The program builds a command only when it runs; its --help lists the same as the fully built command."""
    import os
    import subprocess
    import sys
    code = "import sys; sys.argv = ['gaia', '--help']; from gaia_rules.faces.cli import app; app()"
    lazy = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "100"}).stdout
    whole = gaia("--help", env={"COLUMNS": "100"}).stdout
    assert "Usage: gaia [OPTIONS] COMMAND" in lazy
    assert [line for line in lazy.splitlines() if "Usage:" not in line] == \
        [line for line in whole.splitlines() if "Usage:" not in line]


@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("width", [20, 45, 80, 100, 160])
def test_the_root_help_is_drawn_as_typers_rich_help_draws_it(width, colour, monkeypatch, capsys):
    """faces/root_help.py draws `gaia --help` without importing typer's rich help: the same text and colours."""
    import typer.main
    import typer.rich_utils
    from gaia_rules.faces import root_help

    group = typer.main.get_command(app)
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setattr(typer.rich_utils, "FORCE_TERMINAL", True if colour else None)
    monkeypatch.setattr(typer.rich_utils, "MAX_WIDTH", None)   # typer reads TERMINAL_WIDTH once, at its import
    monkeypatch.delenv("TERMINAL_WIDTH", raising=False)
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    with group.make_context("gaia", ["--no-cache"], resilient_parsing=True) as ctx:
        assert root_help.drawable(group, ctx)
        group._listing = True
        try:
            root_help.print_root_help(group, ctx)
            ours = capsys.readouterr().out
            typer.rich_utils.rich_format_help(obj=group, ctx=ctx, markup_mode=group.rich_markup_mode)
            typers = capsys.readouterr().out
        finally:
            group._listing = False
    assert ("\x1b[" in ours) == colour
    assert ours == typers


@pytest.mark.parametrize("text, plain", [("Show a saved game: round, phase.", True), ("List (for `gaia move FILE N`).", True),
                                         ("Build afresh (also: GAIA_NO_CACHE=1).", True), ("An *emphasis*.", False),
                                         ("A [link](x).", False), ("_under_ score", False), ("a \\ escape", False),
                                         ("1. a list", False), ("an :emoji: code", False), ("an odd ` tick", False)])
def test_the_root_help_leaves_texts_markdown_would_change_to_typer(text, plain):
    from gaia_rules.faces.root_help import plain as is_plain
    assert is_plain(text) is plain
