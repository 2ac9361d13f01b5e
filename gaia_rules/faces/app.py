"""The `gaia` command object and what every command shares: one-line errors, --content, readable paths.

The commands themselves live in cli.py (validate, explain), cli_game.py, cli_turns.py, cli_files.py and bench.py;
each registers on `app` here, so no command module imports another.

Every command catches the project's own errors and prints one line per
problem on stderr, never a traceback. One scheme of exit codes for every
command (docs/cli.md has the same table):

    0    success
    1    refused: an illegal move, a failed check (`validate`, `replay --check`),
         content with problems (each printed as `file:line:col: message`), a
         game the engine cannot continue, a save refused because the file
         changed since it was loaded (another gaia process)
    2    usage: a wrong or missing option or argument, a move number out of
         range, text that is not a move, a file that does not exist or cannot be
         read or written (a folder, no permission, no such folder), a corrupt
         saved game or one made with other content
    3    internal error: a bug in gaia-rules (still one line; please report it)
    130  interrupted (Ctrl-C)

Conventions: `-h`/`--help` everywhere, `--version`, shell completion
(`--install-completion`, `--show-completion`), option values shown as words
(FILE, DIR, N, SEED, and the allowed values where there is a short list),
`--json` for scripts, a progress bar on long work only when both stdout and
stderr are a terminal.

Every command that reads content takes `--content DIR` (repeatable): a
designer's folder laid over the bundled content (`docs/content.md`).
"""
from __future__ import annotations

import gc
import importlib
import inspect
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, List, Optional

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from .. import __version__
from .plain_values import read_plainly

if TYPE_CHECKING:  # the layers are imported by the commands that use them, so that `gaia` starts at once
    from ..content.catalogue import Catalogue

# typer may bundle its own click: take its exception classes from typer itself
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

# The bot kinds (`players.BOTS`) and the default one, named here so that the options' help does not
# import the bots at startup; tests/faces/test_cli_conventions.py keeps them equal to the players' own.
BOT_KINDS = ("random", "greedy", "fast", "search")
DEFAULT_BOT = "fast"


# Every command in the order `gaia --help` lists them (a designer's and a player's path through them): the
# module of faces/ that defines it and the first paragraph of its help. `gaia --help` and shell completion
# list the commands from here, and a command's module is imported only when it runs; tests/faces/test_cli_conventions.py
# keeps this table equal to the commands themselves.
COMMANDS = {
    "validate": ("cli", "Check content files: YAML, JSON Schema, the effect language and cross-references."),
    "explain": ("cli", "Print a component in plain English: a faction, tile, booster, research track, board action, ..."),
    "test": ("cli_designer", "Run a designer's test files: in a position, after some moves, exactly this holds."),
    "new": ("cli_game", "Draw a new game from a seed and save it."),
    "moves": ("cli_turns", "List the legal moves, numbered, in the site notation (for `gaia move FILE N`)."),
    "move": ("cli_turns", "Play one move (atomic: an illegal move changes nothing and exits 1; text that is not a move "
                         "exits 2)."),
    "show": ("cli_game", "Show a saved game: round, phase, who acts, each player, the table."),
    "map": ("cli_game", "A picture of the game: the map (hex names, planets, pieces, satellites, federations) and the "
                        "table."),
    "undo": ("cli_turns", "Take back the last moves (the game is replayed without them)."),
    "play": ("cli_turns", "Play at the terminal against bots, or watch bots play."),
    "replay": ("cli_files", "Replay recorded games with the engine and compare every recorded number."),
    "import": ("cli_files", "Turn a boardgamers.space game (`options`, `tiles`, `map`, `moveHistory`) into a saved game."),
    "export": ("cli_files", "Write a saved game's moves as the boardgamers.space move list (one line per turn)."),
    "arena": ("cli_bots", "Play bots against each other: win rates and mean VP with 95% intervals paired by deal, a "
                          "rating per bot kind."),
    "tune": ("cli_bots", "Tune the fast bot's weights by self-play (an evolution strategy; docs/bots.md)."),
    "teach": ("cli_bots", "The search bot as the fast bot's teacher: collect its decisions, fit the fast bot's weights "
                          "to them."),
    "simulate": ("cli_lab", "Play N bot games over balanced seatings; one JSON line per game in the results file."),
    "report": ("cli_lab", "How each faction fares in a results file, and what changed against a baseline."),
    "bench": ("bench", "Measure the engine: load, apply, legal, federation, replay, playout, bots, memory, startup."),
}
COMMAND_ORDER = tuple(COMMANDS)


class _OneLineErrors(TyperGroup):
    """Usage errors as one line on stderr (`gaia new: Missing option '--players'.`), exit code 2, no box.

    Run as the program (`_LazyTyper`), a command's click object is built only when it is run:
    typer builds every command's options from its signature, which took half of `gaia --version`'s
    time. The list in `gaia --help` and in shell completion needs only each command's name and help.
    """

    lazy: dict = {}      # command name -> typer's CommandInfo, not built yet
    _listing = False     # listing the commands (help, completion): their names and help are enough

    def list_commands(self, ctx):
        names = set(super().list_commands(ctx)) | set(self.lazy) | set(COMMANDS)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda n: (rank.get(n, len(rank)), n))

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is not None or (name not in self.lazy and name not in COMMANDS):
            return command
        if self._listing and name in COMMANDS:
            return TyperCommand(name=name, help=COMMANDS[name][1])
        if name not in self.lazy:  # the program: the command's module is imported now, as it runs
            app.load_commands([name])
            self.lazy.update(_by_name(app.registered_commands))
        info = self.lazy[name]
        if self._listing:
            return TyperCommand(name=name, help=info.help or inspect.getdoc(info.callback), short_help=info.short_help,
                                hidden=info.hidden, deprecated=info.deprecated, rich_help_panel=info.rich_help_panel)
        command = typer.main.get_command_from_info(info, pretty_exceptions_short=app.pretty_exceptions_short,
                                                   rich_markup_mode=app.rich_markup_mode)
        _dress(command)
        self.add_command(command, name)
        return command

    def _listed(self, method, *args):
        self._listing = True
        try:
            return method(*args)
        finally:
            self._listing = False

    def format_help(self, ctx, formatter):
        return self._listed(self._format_help, ctx, formatter)

    def _format_help(self, ctx, formatter):
        from . import root_help  # the root's list without importing typer's rich help (root_help.py)
        if ctx.parent is None and root_help.drawable(self, ctx):
            return root_help.print_root_help(self, ctx)
        return super().format_help(ctx, formatter)

    def shell_complete(self, ctx, incomplete):
        return self._listed(super().shell_complete, ctx, incomplete)

    def invoke(self, ctx):
        if not gc.isenabled():  # paused while the program started (faces/program.py): what it made stays
            gc.freeze()         # for good, so the collector neither walks it now nor later; the command runs as usual
            gc.enable()
        # Ctrl-C inside a command that does not handle it: say so here, as recent typer versions turn
        # the interrupt into a silent exit 130 before `main` below could see it
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            name = ctx.invoked_subcommand
            typer.echo(f"gaia{' ' + name if name else ''}: interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        _words_for_types(self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _ClickException as err:
            ctx = getattr(err, "ctx", None)
            message = err.format_message().strip()
            if message:  # `gaia` alone: the help is already printed, nothing more to say
                typer.echo(f"{ctx.command_path if ctx is not None else 'gaia'}: {message}", err=True)
            sys.exit(err.exit_code)
        except (typer.Abort, KeyboardInterrupt):
            typer.echo("gaia: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except Exception as err:  # a bug in a command that has no handler of its own: still one line
            text = str(err).splitlines()[0] if str(err) else ""
            typer.echo(f"gaia: internal error (please report): {type(err).__name__}: {text}", err=True)
            sys.exit(EXIT_INTERNAL)
        sys.exit(rv if isinstance(rv, int) else 0)


def _by_name(infos) -> dict:
    return {info.name or typer.main.get_command_name(info.callback.__name__): info for info in infos}


class _LazyTyper(typer.Typer):
    """The `gaia` program: its group is built with the root options only, each command when it is run.

    Run as the program, a command's module (`COMMANDS`) is imported only when that command runs.
    Whoever builds the whole command instead (`typer.main.get_command(app)`, typer's test runner)
    reads `registered_commands`, which imports every command module first.
    """

    _program = False    # run as the program: import command modules one by one, when they run

    @property
    def registered_commands(self) -> list:
        if not self._program:
            self.load_commands(COMMANDS)
        return self._commands

    @registered_commands.setter
    def registered_commands(self, value: list) -> None:
        self._commands = value

    def command(self, *args, **kwargs):
        register = super().command(*args, **kwargs)

        def decorator(f):
            program, self._program = self._program, True   # registering a command reads the list, not loads it
            try:
                return register(f)
            finally:
                self._program = program

        return decorator

    def load_commands(self, names) -> None:
        """Import the modules of faces/ that define these commands (they register themselves on `app`)."""
        program, self._program = self._program, True
        try:
            for module in sorted({COMMANDS[name][0] for name in names}):
                importlib.import_module(f"{__package__}.{module}")
        finally:
            self._program = program

    def __call__(self, *args, **kwargs):
        self._program = True
        registered, self._commands = self._commands, []
        try:
            group = typer.main.get_command(self)
        finally:
            self._commands = registered
        group.lazy = _by_name(registered)
        return group(*args, **kwargs)


app = _LazyTyper(
    cls=_OneLineErrors,
    pretty_exceptions_enable=False,
    add_completion=True,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="gaia-rules: a rules-as-data engine for Gaia Project.",
    rich_markup_mode="markdown",
)


def package_version() -> str:
    """The version of gaia-rules (`gaia_rules.__version__`, which the package metadata reads too)."""
    return __version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"gaia-rules {package_version()}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                 help="Print the version of gaia-rules and exit."),
    no_cache: bool = typer.Option(False, "--no-cache",
                                  help="Build the content afresh instead of reading the built catalogue kept in the "
                                       "user's cache folder (also: GAIA_NO_CACHE=1)."),
) -> None:
    """gaia-rules: a rules-as-data engine for Gaia Project.

    Exit codes: 0 success; 1 refused (an illegal move, a failed check, content
    with problems, a file changed by another process); 2 usage (bad arguments,
    a file that cannot be read or written, a corrupt saved game, text that is
    not a move); 3 an internal error. See docs/cli.md.
    """
    from ..content import cache
    cache.switch_off(no_cache)


# ------------------------------------------------------------------ option values as words in help

_CHOICES: dict[str, Callable[[], list[str]]] = {}


def choice_option(default, flag: str, choices: Callable[[], list[str]], help: str, *names: str):
    """An option whose allowed values are listed in help (`rules|boardgamers`) and offered by completion.

    `choices` is called only when help or completion needs it (content is not
    loaded for other commands). The value itself is checked by the command,
    against the content at hand (a --content folder may add a variant).
    """
    _CHOICES[flag] = choices

    def complete(incomplete: str) -> list[str]:
        return [c for c in choices() if c.startswith(incomplete)]

    return typer.Option(default, flag, *names, help=help, autocompletion=complete)


def _type_word(param) -> str | None:
    """The word shown for a parameter's value: its metavar, the allowed values, or one from its type."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    for flag in getattr(param, "opts", ()):
        if flag in _CHOICES:
            return "|".join(_CHOICES[flag]())
    if param.param_type_name == "argument":
        return None  # the argument's name column already holds its word
    if param.metavar:
        return param.metavar
    return {int: "N", float: "X", Path: "FILE"}.get(_value_type(param), "TEXT")


def _value_type(param):
    """The Python type of one value of a parameter (the element type of a list)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None:  # an older typer: a click type
        return {"integer": int, "float": float, "path": Path}.get(getattr(param.type, "name", ""), str)
    annotation = descriptor.annotation
    args = getattr(annotation, "__args__", None)
    return args[0] if args and getattr(annotation, "__origin__", None) is list else annotation


def _words_for_types(group) -> None:
    """Show words (FILE, N, rules|boardgamers) instead of typer's `<int>`, `<list[Path]>`, `<bool>`."""
    for command in [group, *getattr(group, "commands", {}).values()]:
        _dress(command)


def _dress(command) -> None:
    for param in command.params:
        _show_word(param)
        read_plainly(param)
    if not getattr(command, "_gaia_words", False):
        command.get_help_option = _with_word(command.get_help_option)
        command._gaia_words = True


def _show_word(param) -> None:
    """Only worked out when help is shown (listing a variant loads the content)."""
    param.display_type_rich = lambda ctx=None: _type_word(param)
    param.display_type = lambda ctx=None: _type_word(param) or ""


def _with_word(get_help_option):
    """The -h/--help option is made per call; give it the same treatment."""

    def wrapped(ctx):
        option = get_help_option(ctx)
        if option is not None:
            _show_word(option)
            read_plainly(option)
        return option

    return wrapped


# ------------------------------------------------------------------ progress on long work

def wants_progress(as_json: bool = False, stdout=None, stderr=None) -> bool:
    """A progress bar only for a person watching: both stdout and stderr a terminal, and not --json."""
    if as_json:
        return False
    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        return bool(out.isatty() and err.isatty())
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress_bar(total: int, what: str, enabled: bool) -> Iterator[Callable[[str], None]]:
    """A rich progress bar on stderr (it disappears when done).

    Yields `step(label="", advance=1)`: one more item done, with its label; a no-op when disabled.
    """
    if not enabled:
        yield lambda label="", advance=1: None
        return

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn  # rich.progress: only when a bar is shown
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total)

        def step(label: str = "", advance: int = 1) -> None:
            bar.update(task, advance=advance, description=f"{what} {label}".strip())

        yield step


def checked_seed(value: Optional[str]) -> Optional[str]:
    """The `--seed` callback of every command: a seed the commands accept (setup.seed_problem), else exit 2."""
    from ..setup import seed_problem
    if value is not None:
        problem = seed_problem(value)
        if problem is not None:
            raise typer.BadParameter(problem)
    return value


def no_content(command: str, path: Path) -> None:
    """A folder given as content that holds none: one line on stderr, exit 2 (docs/content.md)."""
    from ..content.loader import folder_problem
    problem = folder_problem(path)
    if problem is not None:
        typer.echo(f"gaia {command}: {path} {problem}", err=True)
        raise typer.Exit(EXIT_USAGE)


def _unreadable(path: Path) -> str | None:
    """Why a path given on the command line cannot be read, or None."""
    if not path.exists():
        return "no such file or folder"
    if path.is_dir():
        if not os.access(path, os.R_OK | os.X_OK):
            return "cannot read folder: permission denied"
    elif not path.is_file():
        return "not a file or folder"
    elif not os.access(path, os.R_OK):
        return "cannot read file: permission denied"
    return None


# ------------------------------------------------------------------ a set-up file (new, play, arena, simulate)

SETUP_HELP = ("A set-up file fixing parts of the set-up: factions, tiles, boosters, the map... (docs/designing.md; "
              "check it with `gaia validate --setup FILE`). Options given on the command line replace its fields.")


def setup_option():
    return typer.Option(None, "--setup", readable=False, metavar="FILE", help=SETUP_HELP)


def setup_file_problem(path: Path) -> str | None:
    """Why a --setup path cannot be read (one line), or None."""
    problem = _unreadable(path)
    if problem is None and path.is_dir():
        return "is a folder, not a set-up file"
    return problem


# ------------------------------------------------------------------ content for the other commands

CONTENT_HELP = "A designer's folder laid over the bundled content (repeatable; see docs/content.md)."


def automa_option():
    return typer.Option(None, "--automa", metavar="CARD,...|all",
                        help="Solo games against these Automa faction cards (default with --players 1: all of "
                             "them; docs/solo.md).")


def difficulty_option():
    return typer.Option(None, "--difficulty", metavar="LEVEL,...|all",
                        help="Solo games at these difficulties (default with --players 1: the standard one).")


def content_option():
    return typer.Option(None, "--content", readable=False, metavar="DIR", help=CONTENT_HELP)


def overlay_paths(command: str, content: Optional[List[Path]]) -> list[Path]:
    """The --content folders, each readable (else one line on stderr, exit 2)."""
    overlays = list(content or [])
    for path in overlays:
        problem = _unreadable(path)
        if problem is not None:
            typer.echo(f"gaia {command}: {path}: {problem}", err=True)
            raise typer.Exit(EXIT_USAGE)
        no_content(command, path)
    return overlays


def report_content_problems(command: str, diagnostics) -> None:
    """Every problem as `file:line:col: message` on stderr, then one summary line."""
    for d in diagnostics:
        typer.echo(str(d), err=True)
    n = len(diagnostics)
    typer.echo(f"gaia {command}: the content has {n} problem{'s' if n != 1 else ''} (see `gaia validate`)", err=True)


def checked_catalogue(command: str, content: Optional[List[Path]]) -> Catalogue:
    """The bundled content with the --content folders laid over it; exit 1 listing every problem."""
    from ..content import ContentError, default_catalogue
    overlays = overlay_paths(command, content)
    try:
        return default_catalogue(overlays)
    except ContentError as err:
        report_content_problems(command, err.diagnostics)
        raise typer.Exit(EXIT_FAILED)


# ------------------------------------------------------------------ solo runs of the lab (arena, simulate)

def solo_choices(catalogue, automa: str | None, difficulty: str | None, command: str = "arena"
                 ) -> tuple[list[str], list[str]]:
    """The Automa cards and difficulties of solo games: `all` or a comma-separated list of each (default:
    every card, the standard difficulty); exit 2 naming an unknown one."""
    from ..content.spelling import did_you_mean
    content = catalogue.automa
    cards = sorted(content.factions)
    levels = sorted(content.difficulties, key=lambda d: content.difficulties[d].level)
    if not cards:
        typer.echo(f"gaia {command}: a solo game is against the Automa, and the content has no Automa", err=True)
        raise typer.Exit(2)

    def chosen(text: str | None, known: list[str], default: list[str], flag: str, what: str) -> list[str]:
        if text is None:
            return default
        if text.strip() == "all":
            return known
        out = [w.strip() for w in text.split(",") if w.strip()]
        for w in out:
            if w not in known:
                typer.echo(f"gaia {command}: {flag}: unknown {what} '{w}'{did_you_mean(w, known)} "
                           f"(choose {', '.join(known)}, or all)", err=True)
                raise typer.Exit(2)
        if not out:
            typer.echo(f"gaia {command}: {flag}: name {what}s, or all", err=True)
            raise typer.Exit(2)
        return list(dict.fromkeys(out))

    standard = content.rules.standard_difficulty if content.rules is not None else None
    if difficulty is None and standard is None:
        typer.echo(f"gaia {command}: --difficulty: the Automa rules name no standard difficulty: give one "
                   f"({', '.join(levels)}) or all", err=True)
        raise typer.Exit(2)
    return (chosen(automa, cards, cards, "--automa", "Automa faction card"),
            chosen(difficulty, levels, [standard] if standard else [], "--difficulty", "difficulty"))


def solo_options_problem(players: int | None, automa: str | None, difficulty: str | None) -> str | None:
    """Why --automa or --difficulty cannot go with --players (one line), or None."""
    from ..setup import SOLO_PLAYERS
    given = [f for f, v in (("--automa", automa), ("--difficulty", difficulty)) if v is not None]
    if given and players is not None and players != SOLO_PLAYERS:
        return (f"{' and '.join(given)} {'are' if len(given) > 1 else 'is'} for solo games against the Automa "
                f"(--players {SOLO_PLAYERS}), not games of {players} players")
    return None
