"""The game commands of `gaia`: new, show, map, moves, move, undo, play, replay.

Registered on `cli.app` (imported at the end of cli.py). Every command prints
one line per problem, never a traceback, and exits with the one scheme of
app.py: 0 success; 1 refused (an illegal move, a failed check, a game the
engine cannot continue, a file another gaia process changed since it was
loaded); 2 usage (bad arguments, text that is not a move, a file that cannot
be read or written, a corrupt saved game); 3 an internal error.
A saved game is only ever replaced whole (see savegame.py): a refused move or
a bad file leaves it byte for byte as it was, and a save never overwrites a
file that changed since it was loaded.

`--json` (new, show, moves, move) prints one JSON object on stdout with stable
keys (docs/cli.md); errors stay one line on stderr.

Every command takes `--content DIR` (repeatable): the engine is built from the
bundled content with those folders laid over it; content with problems lists
them all and exits 1. A saved game remembers the content it was made with;
loading it under other content is refused (exit 2) naming the components that
differ, unless `--force` replays it under this content.
"""
from __future__ import annotations

import functools
import dataclasses
import json
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer
from rich.console import Console

from ..errors import GaiaError
from .app import (BOT_KINDS, DEFAULT_BOT, EXIT_FAILED, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, app, checked_catalogue,
                  checked_seed, choice_option, content_option, progress_bar, setup_file_problem, setup_option,
                  wants_progress)
from .terminal import console as stdout_console

if TYPE_CHECKING:  # the layers are imported inside the commands, so that `gaia` starts at once
    from ..formats.savegame import SavedGame
    from ..rules import Engine, Move


class CommandError(GaiaError):
    """A one-line error and its exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE):
        super().__init__(message)
        self.code = code


FORCE_HELP = "Load a game made with other content anyway: replay its moves under this content."
SAVED_GAME = "A saved game (JSON, from `gaia new`)."


def _variants() -> list[str]:
    from ..content import default_catalogue
    return sorted(default_catalogue().variants)


def _layouts() -> list[str]:
    from ..content import default_catalogue
    from ..setup import layout_names
    return layout_names(default_catalogue())


def _layout_option():
    return choice_option(None, "--layout", _layouts,
                         "standard (the default): the layout's sectors in order; random: shuffled; or a board named "
                         "in content (xshape).")


def _variant_option():
    return choice_option(None, "--variant", _variants,
                         "Rules variant, one of the content's (`gaia explain VARIANT --kind variant`; default rules).")


def _file_argument(help: str = SAVED_GAME):
    return typer.Argument(..., metavar="FILE", help=help)


def _force_option():
    return typer.Option(False, "--force", help=FORCE_HELP)


def _json_option(what: str):
    return typer.Option(False, "--json", help=f"Print {what} as one JSON object (for scripts; see docs/cli.md).")


def _engine(command: str, content: Optional[List[Path]]) -> Engine:
    """The engine of the bundled content and the --content folders (exit 1 listing problems, 2 if unreadable)."""
    from ..rules import Engine
    return Engine(checked_catalogue(command, content))


def _overlays(content: Optional[List[Path]]) -> list[str]:
    return [str(p) for p in content or []]


def _one_line(command: str):
    """Turn CommandError and any stray exception into one line on stderr and an exit code."""

    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            from ..formats.savegame import SaveConflict, SaveError
            from ..rules import MoveSyntaxError
            from ..setup import SetupError
            try:
                return fn(*args, **kwargs)
            except typer.Exit:
                raise
            except CommandError as err:
                typer.echo(f"gaia {command}: {err}", err=True)
                raise typer.Exit(err.code)
            except SaveConflict as err:  # another process saved the file: refused, not a usage error
                typer.echo(f"gaia {command}: {err}; what was played here since was not saved: "
                           f"reload with `gaia show {err.path}`", err=True)
                raise typer.Exit(EXIT_FAILED)
            except (SaveError, SetupError, MoveSyntaxError) as err:
                typer.echo(f"gaia {command}: {err}", err=True)
                raise typer.Exit(EXIT_USAGE)
            except BrokenPipeError:  # output piped into `head` and the like
                sys.stdout = open(os.devnull, "w")
                raise typer.Exit(EXIT_OK)
            except KeyboardInterrupt:
                typer.echo(f"gaia {command}: interrupted", err=True)
                raise typer.Exit(EXIT_INTERRUPTED)
            except RecursionError:
                typer.echo(f"gaia {command}: internal error: RecursionError (input nested too deeply)", err=True)
                raise typer.Exit(EXIT_INTERNAL)
            except Exception as err:  # an engine bug: still one line, and say so
                message = f"{err}".splitlines()[0] if f"{err}" else ""
                typer.echo(f"gaia {command}: internal error (please report): {type(err).__name__}: {message}",
                           err=True)
                raise typer.Exit(EXIT_INTERNAL)

        return inner

    return wrap


def _load(engine: Engine, path: Path, force: bool = False, content: Optional[List[Path]] = None) -> SavedGame:
    from ..formats import savegame
    game = savegame.load(engine, path, force=force, overlays=_overlays(content))
    for w in game.warnings:
        typer.echo(f"warning: {path}: {w}", err=True)
    return game


def _console() -> Console:
    return stdout_console()


def _save(game: SavedGame, path: Path, lost: str, **expect) -> None:
    """Save, or one line saying what was not saved (`lost`) and how to recover it."""
    from ..formats import savegame
    from ..formats.savegame import SaveConflict, SaveWriteError
    try:
        savegame.save(game, path, **expect)
    except SaveConflict as err:
        raise CommandError(f"{err}; {lost} was not saved: reload with `gaia show {path}` and try again",
                           EXIT_FAILED) from None
    except SaveWriteError as err:
        raise CommandError(f"{err}; {lost} was not saved", EXIT_USAGE) from None


# ------------------------------------------------------------------ --json: stable keys (docs/cli.md)

def status_json(engine: Engine, state) -> dict:
    """Where a game stands: round, phase, move count, who acts (index from 0, or null) and what for."""
    from .view import waiting_for
    p = None if state.ended else engine.to_move(state)
    return {"round": state.round, "phase": state.phase, "moves": len(state.moves), "ended": bool(state.ended),
            "player": p, "waiting_for": waiting_for(engine, state)}


def move_json(engine: Engine, state, mv: Move, n: int) -> dict:
    """One move: its number, who plays it, its text in the notation and its form in the saved game."""
    from ..formats import savegame
    from ..formats.movetext import move_text
    return {"n": n, "player": mv.player, "text": move_text(engine, state, mv), "move": savegame.move_to_json(mv)}


def _print_json(data) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))


def _player_index(game: SavedGame, text: str) -> int:
    state = game.state
    for p in state.players:
        if text in (p.faction, f"p{p.index + 1}", str(p.index + 1)):
            return p.index
    raise CommandError(f"no player '{text}' (use 1..{len(state.players)}, pN or a faction in the game)")


def _factions(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [f.strip() for f in text.split(",") if f.strip()]


@dataclasses.dataclass
class NewSetup:
    """A new game's set-up and how it was made: its layout word and the fields a set-up file fixed."""

    setup: object
    layout: str
    fixed: list[str]
    file: Path | None = None

    def words(self) -> str:
        """`, fixed by setup.yaml: boosters, round tiles` (nothing without a set-up file)."""
        from ..content.setupfile import describe
        if self.file is None:
            return ""
        return f", fixed by {self.file}: {describe(self.fixed) or 'nothing'}"


def _new_setup(engine: Engine, players: int | None, seed: str | None, layout: str | None, variant: str | None,
               factions: str | None, options: dict | None = None, setup_file: Path | None = None,
               default_players: int | None = None, solo: dict | None = None) -> NewSetup:
    """A new game's set-up; `options`: auction, faction_variant, faction_variant_version (docs/variants.md);
    `solo`: the --automa and --difficulty of a solo game (docs/solo.md).

    A set-up file's fields are taken where the command line gives nothing (docs/designing.md).
    """
    from ..setup import SOLO_PLAYERS, layout_names, load_setup_file, random_setup, setup_arguments, solo_choices
    names = layout_names(engine.catalogue)
    if layout is not None and layout not in names:
        raise CommandError(f"unknown layout '{layout}' (choose {', '.join(names)})")
    solo = {k: v for k, v in (solo or {}).items() if v is not None}
    _refuse_empty_solo(engine, solo)
    if players is not None and players != SOLO_PLAYERS and solo:
        given = " and ".join(f"--{k}" for k in solo)
        raise CommandError(f"{given} {'are' if len(solo) > 1 else 'is'} for a solo game against the Automa "
                           f"(--players {SOLO_PLAYERS}), not a game of {players} players")
    if players is None and solo:
        players = SOLO_PLAYERS   # --automa or --difficulty alone: a solo game
    fields, fixed = {}, []
    if setup_file is not None:
        problem = setup_file_problem(setup_file)
        if problem is not None:
            raise CommandError(f"--setup {setup_file}: {problem}")
        loaded = load_setup_file(engine.catalogue, setup_file, players, variant, default_players)
        given = {"players": players, "seed": seed, "variant": variant, "factions": factions, "map": layout, **solo}
        fields = loaded.fields
        fixed = [f for f in loaded.fixed() if given.get(f) is None]   # the options replace the others
    args = setup_arguments(fields, players, seed, variant, layout, _factions(factions), **solo)
    if args["players"] is None and (args["automa"] or args["difficulty"]):
        args["players"] = SOLO_PLAYERS
    if args["players"] is None:
        args["players"] = default_players
    if args["players"] is None:
        more = " (nor does the set-up file name players)" if setup_file is not None else ""
        raise CommandError(f"Missing option '--players' / '-n'{more}.")
    if args["seed"] is None:
        args["seed"] = secrets.token_hex(4)
    if args["players"] == SOLO_PLAYERS:
        args["automa"], args["difficulty"] = solo_choices(engine.catalogue, args["seed"], args["automa"],
                                                          args["difficulty"], args["factions"])
    setup = random_setup(engine.catalogue, args["players"], args["seed"], variant=args["variant"],
                         layout=args["layout"], factions=args["factions"], fixed=args["fixed"],
                         automa=args["automa"], difficulty=args["difficulty"], **(options or {}))
    return NewSetup(setup, args["layout"], fixed, setup_file)


def _refuse_empty_solo(engine: Engine, solo: dict) -> None:
    """`--automa ""` or `--difficulty ""` names nothing: refused, not read as the option left out."""
    automa = engine.catalogue.automa
    for flag, value in solo.items():
        if not value.strip():
            known = sorted(automa.factions) if flag == "automa" else \
                sorted(automa.difficulties, key=lambda d: automa.difficulties[d].level)
            what, unset = (("an Automa faction card", "to draw one from the seed") if flag == "automa"
                           else ("a difficulty", "to play the standard one"))
            raise CommandError(f"--{flag}: name {what} (choose {', '.join(known)}), or leave the option out {unset}")


def _game_options(auction: str | None, faction_variant: str | None, version: int | None) -> dict:
    return {"auction": auction, "faction_variant": faction_variant, "faction_variant_version": version}


AUCTION_HELP = "Bid for factions in VP: choose-bid or bid-while-choosing (docs/variants.md)."
AUTOMA_HELP = ("A solo game against the Automa playing this Automa faction card (content: `gaia explain --all` "
               "lists them); default with --players 1: one drawn from the seed (docs/solo.md).")
DIFFICULTY_HELP = ("A solo game's difficulty (content; easiest first in `gaia explain --all`); default with "
                   "--players 1: the standard one of the Automa rules (docs/solo.md).")


def _automa_cards() -> list[str]:
    from ..content import default_catalogue
    return sorted(default_catalogue().automa.factions)


def _difficulties() -> list[str]:
    from ..content import default_catalogue
    levels = default_catalogue().automa.difficulties
    return sorted(levels, key=lambda d: levels[d].level)


def _completer(values):
    def complete(incomplete: str) -> list[str]:
        return [v for v in values() if v.startswith(incomplete)]

    return complete


# Plain options with completion, not `choice_option`s: arena and simulate take lists under the same flags.
def _automa_option():
    return typer.Option(None, "--automa", metavar="CARD", help=AUTOMA_HELP, autocompletion=_completer(_automa_cards))


def _difficulty_option():
    return typer.Option(None, "--difficulty", metavar="LEVEL", help=DIFFICULTY_HELP,
                        autocompletion=_completer(_difficulties))
FACTION_VARIANT_HELP = "Faction boards of a variant: more-balanced or beta (docs/variants.md)."
VERSION_HELP = "Version of the faction variant (default: its latest)."


# ------------------------------------------------------------------ gaia new

@app.command()
@_one_line("new")
def new(
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                          help="Number of players (required unless the --setup file names them, or "
                                               "--automa or --difficulty makes a solo game); 1: a solo game against "
                                               "the Automa."),
    output: Path = typer.Option(..., "--output", "-o", metavar="FILE", help="Where to save the game (JSON)."),
    automa: Optional[str] = _automa_option(),
    difficulty: Optional[str] = _difficulty_option(),
    factions: Optional[str] = typer.Option(None, "--factions", metavar="F1,F2,..",
                                           help="Fixed factions in seat order, comma-separated (else chosen by moves)."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="SEED", callback=checked_seed,
                                       help="Seed of the set-up draw (default: a random one, printed)."),
    layout: str = _layout_option(),
    variant: str = _variant_option(),
    auction: Optional[str] = typer.Option(None, "--auction", metavar="KIND", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", metavar="VARIANT", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", metavar="N", help=VERSION_HELP),
    setup_file: Optional[Path] = setup_option(),
    position: Optional[Path] = typer.Option(None, "--position", metavar="FILE", readable=False,
                                            help="Start the game at a position file (set-up fields, round, turn and "
                                                 "what each seat holds; docs/designing.md); goes alone."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    as_json: bool = _json_option("the file, the set-up and the status"),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Draw a new game from a seed and save it.

    A set-up file (`--setup`) fixes any part of the set-up; the rest is drawn
    from the seed (docs/designing.md). A position file (`--position`) starts
    the game at a state written by hand.

    Examples:

        gaia new --players 3 --seed 7 -o game.json

        gaia new --players 2 --factions FACTION1,FACTION2 --layout random -o duel.json

        gaia new --players 3 --content my-faction/ -o try.json

        gaia new --content my-boosters/ --setup setup.yaml -o try.json

        gaia new --players 3 --auction choose-bid --faction-variant more-balanced --layout xshape -o site.json

        gaia new --players 1 --automa CARD --difficulty LEVEL --seed 7 -o solo.json

        gaia new --position late-round.position.yaml --content my-faction/ -o try.json
    """
    from ..formats import savegame
    from ..formats.savegame import FileStamp
    from ..setup import PLACED
    from .view import game_words, status_line
    engine = _engine("new", content)
    if position is not None:
        _alone("--position", players=players, automa=automa, difficulty=difficulty, factions=factions, seed=seed,
               layout=layout, variant=variant, auction=auction, faction_variant=faction_variant, setup=setup_file)
    if output.is_dir():
        raise CommandError(f"cannot write {output}: it is a folder (give a file name)")
    if output.exists() and not force:
        raise CommandError(f"{output} exists (use --force to overwrite)")
    absent = None if force else FileStamp.missing(output)   # not overwritten if someone creates it meanwhile
    if position is not None:
        made = NewSetup(None, PLACED, [], position)
        begun = savegame.from_position(engine, _position_state(engine, position), _overlays(content))
        made.setup = begun.setup
    else:
        made = _new_setup(engine, players, seed, layout, variant, factions,
                          _game_options(auction, faction_variant, faction_variant_version), setup_file,
                          solo={"automa": automa, "difficulty": difficulty})
        begun = savegame.new_game(engine, made.setup, _overlays(content))
    setup = made.setup
    game, _moves, told = _automa_turns(engine, begun)
    _save(game, output, f"the game (seed {setup.seed})", expect=absent)
    if as_json:
        data = {"file": str(output), "players": setup.players, "seed": setup.seed, "layout": made.layout,
                "variant": setup.variant, "status": status_json(engine, game.state)}
        if setup.automa is not None:
            data.update(automa=setup.automa, difficulty=setup.difficulty)
        if setup_file is not None:
            data.update(setup_file=str(setup_file), fixed=made.fixed)
        _print_json(data)
        return
    layout_words = f"map from {made.file}" if made.layout == PLACED else f"layout {made.layout}"
    if position is not None:
        layout_words = f"round {game.state.round} from {position}"
    typer.echo(f"new {game_words(engine.catalogue, setup)}, seed {setup.seed}, {layout_words}, "
               f"variant {setup.variant}{made.words() if position is None else ''}: saved to {output}")
    for line in told:
        typer.echo(line)
    typer.echo(status_line(engine, game.state))


def _alone(flag: str, **given) -> None:
    """A usage error when options that `flag` replaces are given with it."""
    named = [f"--{k.replace('_', '-')}" for k, v in given.items() if v is not None]
    if named:
        raise CommandError(f"{flag} goes alone: the position file says what {', '.join(named)} would")


def _position_state(engine: Engine, path: Path):
    """The state a position file builds; its first problem at file:line, exit 2."""
    from ..formats.position import PositionError, load_position
    problem = setup_file_problem(path)
    if problem is not None:
        raise CommandError(f"--position {path}: {problem}")
    try:
        return load_position(engine, path)
    except PositionError as err:
        raise CommandError(str(err)) from None


# ------------------------------------------------------------------ gaia import

@app.command("import")
@_one_line("import")
def import_(
    source: Path = typer.Argument(..., metavar="SITE_FILE",
                                  help="A game data file as boardgamers.space stores it (JSON)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", help="Where to save our game (JSON)."),
    check: bool = typer.Option(False, "--check", help="Only replay and check the file; save nothing."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Turn a boardgamers.space game (`options`, `tiles`, `map`, `moveHistory`) into a saved game.

    The set-up is rebuilt from the site's options, tiles and move history, every
    line is replayed under the `boardgamers` variant (the first line our engine
    refuses is reported with its index) and the end is checked against the
    numbers the site stores. See docs/import.md.

    Example:

        gaia import tests/data/site-exports/Piling-song-3477.data.json -o game.json
    """
    from ..formats import savegame
    from ..formats.savegame import FileStamp
    from ..formats.siteimport import ImportError_, read_site_game, summary
    from .view import status_line
    engine = _engine("import", content)
    if output is None and not check:
        raise CommandError("say where to save the game with -o FILE (or only check the file with --check)")
    if output is not None and output.is_dir():
        raise CommandError(f"cannot write {output}: it is a folder (give a file name)")
    if output is not None and output.exists() and not force:
        raise CommandError(f"{output} exists (use --force to overwrite)")
    absent = None if force or output is None else FileStamp.missing(output)
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise CommandError(f"cannot read {source}: {err or type(err).__name__}".splitlines()[0]) from None
    try:
        imported = read_site_game(engine, data)
    except ImportError_ as err:
        raise CommandError(f"{source}: {err}") from None
    for line in summary(imported):
        typer.echo(line)
    if output is not None:
        fresh = savegame.new_game(engine, imported.setup, _overlays(content))
        game = dataclasses.replace(fresh, moves=list(imported.moves), state=imported.state)  # replayed already
        _save(game, output, "the imported game", expect=absent)
        typer.echo(f"saved to {output}")
    typer.echo(status_line(engine, imported.state))


# ------------------------------------------------------------------ gaia export

@app.command()
@_one_line("export")
def export(
    file: Path = _file_argument(),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the lines here (default: print them)."),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """Write a saved game's moves as the boardgamers.space move list (one line per turn).

    Example:

        gaia export game.json -o game.txt
    """
    from ..formats.export import export_lines
    engine = _engine("export", content)
    game = _load(engine, file, force, content)
    if game.setup.automa is not None:
        raise CommandError(f"{file} is a solo game against the Automa, which boardgamers.space does not play: its "
                           f"move list cannot be written (the saved game is the record; docs/solo.md)", EXIT_FAILED)
    text = "\n".join(export_lines(engine, game.setup, game.moves)) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        raise CommandError(f"cannot write {output}: {err}") from None
    typer.echo(f"{len(game.moves)} moves written to {output}")


# ------------------------------------------------------------------ gaia show

@app.command()
@_one_line("show")
def show(
    file: Path = _file_argument(),
    player: Optional[str] = typer.Option(None, "--player", "-p", metavar="PLAYER",
                                         help="Only this player (1..N, pN or faction)."),
    as_json: bool = _json_option("the state (GameState.to_dict; with --player, that player)"),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """Show a saved game: round, phase, who acts, each player, the table."""
    from .view import score_table, show_state
    engine = _engine("show", content)
    game = _load(engine, file, force, content)
    if as_json:
        data = game.state.to_dict()
        if player is not None:
            data = data["players"][_player_index(game, player)]
        typer.echo(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False))
        return
    only = _player_index(game, player) if player is not None else None
    show_state(_console(), engine, game.state, only)
    if game.state.ended:
        _console().print(score_table(engine, game.state))


# ------------------------------------------------------------------ gaia map

@app.command("map")
@_one_line("map")
def map_(
    file: Path = _file_argument(),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the board as an SVG picture here."),
    compact: bool = typer.Option(False, "--compact", help="Text map: one short cell per hex, no hex names."),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """A picture of the game: the map (hex names, planets, pieces, satellites, federations) and the table.

    With -o, an SVG file (an existing one is replaced) with the research board, scoring tiles, boosters,
    tech tiles, federation supply and players beside the map; without, a text map (compact when asked,
    or when a terminal is too narrow for the full one).

    Examples:

        gaia map game.json

        gaia map game.json --compact

        gaia map game.json -o board.svg
    """
    from ..rules import Game
    from .maptext import text_map
    from .mapview import svg_map
    engine = _engine("map", content)
    game = _load(engine, file, force, content)
    view = Game(game.state, engine).view()
    if output is None:
        console = _console()
        text = text_map(view, game.state, markup=True, compact=compact)
        if (not compact and console.is_terminal
                and max(map(len, text_map(view, game.state).splitlines())) > console.width):
            text = text_map(view, game.state, markup=True, compact=True)
        console.print(text, end="", soft_wrap=True)
        return
    try:
        output.write_text(svg_map(view, game.state, engine.to_move(game.state)), encoding="utf-8")
    except OSError as err:
        raise CommandError(f"cannot write {output}: {err.strerror or err}") from None
    typer.echo(f"map of {len(view.map.hexes)} hexes written to {output}")


# ------------------------------------------------------------------ gaia moves

def _numbered(engine: Engine, state, moves: list[Move]) -> list[str]:
    from ..formats.movetext import move_text
    width = len(str(len(moves)))
    return [f"{i:>{width}}. {move_text(engine, state, m)}" for i, m in enumerate(moves, 1)]


@app.command()
@_one_line("moves")
def moves(
    file: Path = _file_argument(),
    as_json: bool = _json_option("the status and the numbered legal moves"),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """List the legal moves, numbered, in the site notation (for `gaia move FILE N`)."""
    from ..players import describe_wait
    from .view import status_line
    engine = _engine("moves", content)
    game = _load(engine, file, force, content)
    state = game.state
    legal = [] if state.ended else engine.legal_moves(state)
    if not legal and not state.ended:
        if not as_json:
            typer.echo(status_line(engine, state))
        raise CommandError(f"no legal move ({describe_wait(state)}): the engine is stuck here; "
                           f"`gaia undo {file}` goes back", EXIT_FAILED)
    if as_json:
        _print_json({"file": str(file), "status": status_json(engine, state),
                     "moves": [move_json(engine, state, mv, i) for i, mv in enumerate(legal, 1)]})
        return
    if state.ended:
        typer.echo("the game has ended")
        return
    typer.echo(status_line(engine, state))
    for line in _numbered(engine, state, legal):
        typer.echo(line)


# ------------------------------------------------------------------ gaia move

def _resolve(engine: Engine, state, text: str) -> Move:
    from ..formats.movetext import parse_move
    text = text.strip()
    if text.isdigit():
        legal = engine.legal_moves(state)
        n = int(text)
        if not 1 <= n <= len(legal):
            raise CommandError(f"no move {n}: there {'is' if len(legal) == 1 else 'are'} {len(legal)} legal move"
                               f"{'' if len(legal) == 1 else 's'} (see `gaia moves`)")
        return legal[n - 1]
    return parse_move(engine, state, text)


def _apply(engine: Engine, game: SavedGame, move: Move, typed: str) -> SavedGame:
    """One move more (`typed`: as the player wrote it); an illegal move exits 1, text that is not a move exits 2."""
    from ..formats import savegame
    from ..formats.movetext import move_text
    from ..rules import IllegalMoveError, MoveSyntaxError
    try:
        return savegame.apply_move(engine, game, move)
    except MoveSyntaxError as err:  # read by the rules, not by the notation: point into what was typed
        raise CommandError(str(err.relocated(typed.strip())), EXIT_USAGE) from None
    except IllegalMoveError as err:
        raise CommandError(f"illegal move '{move_text(engine, game.state, move)}': {err}", EXIT_FAILED) from None


def _automa_turns(engine: Engine, game: SavedGame) -> tuple[SavedGame, list[Move], list[str]]:
    """In a solo game, the Automa's moves while its seat is to act (its one move each time): the game after
    them, the moves and each told in words (docs/solo.md)."""
    from ..formats import savegame
    from ..rules import AUTOMA_COMMAND, Move
    from .session_text import automa_line
    played, lines = [], []
    while not game.state.ended and game.state.is_automa(engine.to_move(game.state)):
        mv = Move(engine.to_move(game.state), AUTOMA_COMMAND)
        game = savegame.apply_move(engine, game, mv)
        played.append(mv)
        lines.append(automa_line(engine, game.state))
    return game, played, lines


@app.command()
@_one_line("move")
def move(
    file: Path = _file_argument(),
    move_: str = typer.Argument(..., metavar="MOVE", help="A number from `gaia moves`, or one command, e.g. 'build m 4A2'."),
    as_json: bool = _json_option("the move played and the new status"),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """Play one move (atomic: an illegal move changes nothing and exits 1; text that is not a move exits 2).

    The file is not written if another gaia process saved it since this one
    read it (exit 1): nothing is lost, play the move again on the new file.
    In a solo game the Automa's turns that follow are played too, each told
    in words (docs/solo.md).

    Examples:

        gaia move game.json 3

        gaia move game.json "build m 4A2"

        gaia move game.json "p1 up nav"
    """
    from ..formats import savegame
    from ..formats.movetext import move_text
    from .view import status_line
    engine = _engine("move", content)
    game = _load(engine, file, force, content)
    if game.state.ended:
        raise CommandError("the game has ended", EXIT_FAILED)
    mv = _resolve(engine, game.state, move_)
    played = move_text(engine, game.state, mv)
    after = _apply(engine, game, mv, move_)
    after, automa_moves, told = _automa_turns(engine, after)
    _save(after, file, f"your move '{played}'")
    if as_json:
        data = {"file": str(file), "played": move_json(engine, game.state, mv, len(after.moves) - len(automa_moves)),
                "status": status_json(engine, after.state)}
        if after.state.automa is not None:
            first = len(after.moves) - len(automa_moves)
            data["automa"] = [{"n": first + i + 1, "player": m.player, "move": savegame.move_to_json(m),
                               "text": text} for i, (m, text) in enumerate(zip(automa_moves, told))]
        _print_json(data)
        return
    typer.echo(f"played: {played}")
    for line in told:
        typer.echo(line)
    typer.echo(status_line(engine, after.state))


# ------------------------------------------------------------------ gaia undo

@app.command()
@_one_line("undo")
def undo(
    file: Path = _file_argument(),
    steps: int = typer.Option(1, "--steps", "-k", metavar="N", help="How many moves to take back."),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """Take back the last moves (the game is replayed without them).

    In a solo game a step is one of your moves, with the Automa's moves after it.
    """
    from ..formats import savegame
    from .view import status_line
    engine = _engine("undo", content)
    game = _load(engine, file, force, content)
    if steps < 1:
        raise CommandError("--steps must be at least 1")
    if game.state.automa is not None:
        _undo_solo(engine, game, file, steps)
        return
    if steps > len(game.moves):
        raise CommandError(f"cannot undo {steps} move{'s' if steps != 1 else ''}: the game has {len(game.moves)}")
    back = savegame.with_moves(engine, game, game.moves[:-steps])
    _save(back, file, "the undo")
    typer.echo(f"took back {steps} move{'s' if steps != 1 else ''}; {len(back.moves)} left")
    typer.echo(status_line(engine, back.state))


def _undo_solo(engine: Engine, game: SavedGame, file: Path, steps: int) -> None:
    """Back to just before the player's last `steps` moves, taking back the Automa's moves after them."""
    from ..formats import savegame
    from ..formats.movetext import move_text
    from .view import status_line
    moves, cut = game.moves, len(game.moves)
    for k in range(steps):
        cut = next((i for i in range(cut - 1, -1, -1) if not game.state.is_automa(moves[i].player)), -1)
        if cut < 0:
            mine = sum(1 for m in moves if not game.state.is_automa(m.player))
            raise CommandError(f"cannot undo {steps} of your moves: the game has {mine}")
    back = savegame.with_moves(engine, game, moves[:cut])
    _save(back, file, "the undo")
    automa_back = sum(1 for m in moves[cut:] if game.state.is_automa(m.player))
    mine = len(moves) - cut - automa_back
    what = (f"your move '{move_text(engine, back.state, moves[cut])}'" if mine == 1 else f"your last {mine} moves")
    after = (f" and the Automa's {automa_back} move{'s' if automa_back != 1 else ''} after "
             f"{'it' if mine == 1 else 'them'}" if automa_back else "")
    typer.echo(f"took back {what}{after}; {len(back.moves)} left")
    typer.echo(status_line(engine, back.state))


# ------------------------------------------------------------------ gaia play

# The commands of `gaia play`'s prompt, for its --help (the session itself is another module's).
PLAY_COMMANDS = (
    ("N or a move", "play move N of `moves`, or one command in the notation, e.g. build m 4A2"),
    ("show", "the state"),
    ("map", "the board"),
    ("moves", "the legal moves, numbered"),
    ("explain ID", "a component in plain English"),
    ("undo", "back to just before your previous move"),
    ("save [FILE]", "save (to FILE)"),
    ("help", "this list"),
    ("quit", "stop (the game is saved when it has a file)"),
)
PLAY_EPILOG = "At the prompt:\n\n" + "\n\n".join(f"- `{word}`: {what}" for word, what in PLAY_COMMANDS)


@app.command(epilog=PLAY_EPILOG)
@_one_line("play")
def play(
    file: Optional[Path] = typer.Argument(None, metavar="FILE",
                                          help="A saved game to continue, or a new file to create (optional)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                          help="Players in a new game (default 2; 1: a solo game against the Automa)."),
    automa: Optional[str] = _automa_option(),
    difficulty: Optional[str] = _difficulty_option(),
    bots: Optional[int] = typer.Option(None, "--bots", metavar="N",
                                       help="Seats played by bots (the last ones; default: all but one)."),
    bot: str = choice_option(DEFAULT_BOT, "--bot", lambda: list(BOT_KINDS), "The kind of bot."),
    think: Optional[float] = typer.Option(None, "--think", min=0.0, metavar="SECONDS",
                                          help="With --bot search: seconds of CPU time of thought per move."),
    iterations: Optional[int] = typer.Option(None, "--iterations", min=0, metavar="N",
                                             help="With --bot search: fast-bot decisions simulated per move "
                                                  "(reproducible; the default when --think is not given: 200)."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="SEED", callback=checked_seed,
                                       help="Seed of a new game's set-up (and of the bots)."),
    layout: str = _layout_option(),
    variant: str = _variant_option(),
    factions: Optional[str] = typer.Option(None, "--factions", metavar="F1,F2,..",
                                           help="Fixed factions for a new game, comma-separated."),
    auction: Optional[str] = typer.Option(None, "--auction", metavar="KIND", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", metavar="VARIANT", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", metavar="N", help=VERSION_HELP),
    setup_file: Optional[Path] = setup_option(),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print each move; just the final score."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Your seat, 1..N (default: asked on a terminal, else 1)."),
    content: Optional[List[Path]] = content_option(),
    force: bool = _force_option(),
) -> None:
    """Play at the terminal against bots, or watch bots play.

    Humans take the first seats, bots the others. Saves after every move when a
    file is given. With every seat a bot the whole game is played and the final
    score is printed with its breakdown by source.

    Examples:

        gaia play --players 4 --bots 4 --seed 1 --quiet

        gaia play game.json --bots 1

        gaia play --players 3 --bots 3 --factions NEW,FACTION2,FACTION3 --content my-faction/ --quiet

        gaia play --bots 2 --content my-boosters/ --setup setup.yaml --quiet

        gaia play --bot search --think 2

        gaia play --players 1 --automa CARD --difficulty LEVEL solo.json
    """
    from ..formats import savegame
    from ..players import BOTS
    from .session import SessionError, run_session
    engine = _engine("play", content)
    if bot not in BOTS:
        raise CommandError(f"unknown bot '{bot}' (choose {' or '.join(BOTS)})")
    if (think is not None or iterations is not None) and bot != "search":
        raise CommandError("--think and --iterations set the search bot's budget: give them with --bot search", 2)
    if think is not None and iterations is not None:
        raise CommandError("give either --think or --iterations, not both", 2)
    budget = {"think": think} if think is not None else {"iterations": iterations} if iterations is not None else {}
    if file is not None and file.exists():
        for flag, given in (("--setup", setup_file), ("--automa", automa), ("--difficulty", difficulty)):
            if given is not None:
                raise CommandError(f"{file} is a saved game with its set-up: {flag} goes with a new game")
        game = _load(engine, file, force, content)
        if players is not None and players != game.setup.players:
            raise CommandError(f"{file} is a {game.setup.players}-player game, not {players}")
        seed = seed if seed is not None else game.setup.seed
    else:
        setup = _new_setup(engine, players, seed, layout, variant, factions,
                           _game_options(auction, faction_variant, faction_variant_version), setup_file,
                           default_players=2, solo={"automa": automa, "difficulty": difficulty}).setup
        seed = setup.seed
        game = savegame.new_game(engine, setup, _overlays(content))
    try:
        code = run_session(engine, game, file, bots, bot, seed, quiet, seat, budget)
    except SessionError as err:
        raise CommandError(str(err), err.code) from None
    raise typer.Exit(code)


# ------------------------------------------------------------------ gaia replay

@app.command()
@_one_line("replay")
def replay(
    files: Optional[List[Path]] = typer.Argument(None, metavar="FILE",
                                                 help="Recorded games (the conformance format) or saved games; default: "
                                                      "the bundled corpus (--corpus)."),
    corpus: str = typer.Option("games,spec", "--corpus", metavar="GROUP,..",
                               help="Without FILEs: which groups of the bundled corpus "
                                    "(tests/conformance): games, spec, variants, regressions, all."),
    check: bool = typer.Option(False, "--check", help="One line per file: PASS or FAIL with the first divergence."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per file."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Replay recorded games with the engine and compare every recorded number.

    Without FILEs, replays the corpus shipped with gaia-rules (the 38 main games
    and 126 spec cases; `--corpus all` adds the 15 variant games and the 2
    regression games). A saved game
    of ours (`gaia new`, `gaia play`; a solo game too) is replayed from its
    set-up and compared with the state it stores.

    Exit 0 only if every file replays without divergence; 1 if one diverges; 2
    if a file cannot be read. On a terminal a progress bar shows the files done.
    """
    from ..formats.corpus import CorpusMissing, GROUPS, corpus_files
    if not files:
        groups = GROUPS if corpus.strip() == "all" else tuple(g.strip() for g in corpus.split(",") if g.strip())
        unknown = [g for g in groups if g not in GROUPS]
        if unknown or not groups:
            raise CommandError(f"--corpus: unknown group '{(unknown or [corpus])[0]}' "
                               f"(one or more of {', '.join(GROUPS)}, or all)")
        try:
            files = [path for group in groups for path in corpus_files(group)]
        except CorpusMissing as err:
            raise CommandError(str(err)) from None

    engine = _engine("replay", content)
    failed = unreadable = 0
    console = _console()
    with progress_bar(len(files), "replay", len(files) > 1 and wants_progress(as_json)) as step:
        for path in files:
            step(path.stem)
            result = _replay_one(engine, path, keep_state=not check and not as_json)
            if result is None:
                unreadable += 1
                continue
            failed += _report_replay(engine, console, result, check, as_json)
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_FAILED if failed else EXIT_OK)


def _replay_one(engine: Engine, path: Path, keep_state: bool):
    """The replay of one recorded file, or None after one line on stderr saying why it cannot be read."""
    from ..formats import savegame
    from ..formats.replay import replay_file
    try:
        return replay_file(engine, path, keep_state=keep_state)
    except FileNotFoundError:
        why = "no such file"
    except IsADirectoryError:
        why = "is a folder, not a recorded game"
    except RecursionError:
        why = "not a recorded game (its JSON is nested too deeply)"
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        why = f"cannot be read ({type(err).__name__}: {err})"
    except savegame.ContentMismatch as err:
        why = str(err)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        why = f"not a recorded game ({type(err).__name__}: {err})"
    typer.echo(f"gaia replay: {path}: {why}".splitlines()[0], err=True)
    return None


def _report_replay(engine: Engine, console, result, check: bool, as_json: bool) -> int:
    """Print one file's result; 1 if it diverged, else 0."""
    from .view import groups_table, score_table
    if as_json:
        typer.echo(json.dumps(result.to_json(), sort_keys=True))
    elif check:
        if result.passed and result.saved:
            typer.echo(f"PASS {result.id} (a saved game: {result.moves} moves, the stored state)")
        elif result.passed:
            typer.echo(f"PASS {result.id} ({result.moves} moves, {result.checkpoints_matched}/"
                       f"{result.checkpoints_total} checkpoints)")
        else:
            why = result.first_divergence or "the move expected to be refused was accepted"
            typer.echo(f"FAIL {result.id}: {why}")
    else:
        what = ("the stored state" if result.saved else
                f"{result.checkpoints_matched}/{result.checkpoints_total} checkpoints")
        typer.echo(f"{result.id}: {result.moves} moves, {what}"
                   + ("" if result.passed else f"; FIRST DIVERGENCE {result.first_divergence}"))
        if result.state is not None:
            console.print(score_table(engine, result.state))
            if result.state.automa is not None:
                console.print(groups_table(engine, result.state))
    return 0 if result.passed else 1
