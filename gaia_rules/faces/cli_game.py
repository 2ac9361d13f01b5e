"""The game commands of `gaia`: new, show, map, and what every game command shares.

The turn commands (moves, move, undo, play) are cli_turns.py; the file commands (import, export,
replay) cli_files.py. Each imports its options, loading and saving from here.

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

from ..errors import GaiaError
from .app import (EXIT_FAILED, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, app, checked_catalogue,
                  checked_seed, choice_option, content_option, setup_file_problem, setup_option)
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


def layout_option():
    return choice_option(None, "--layout", _layouts,
                         "standard (the default): the layout's sectors in order; random: shuffled; or a board named "
                         "in content (xshape).")


def variant_option():
    return choice_option(None, "--variant", _variants,
                         "Rules variant, one of the content's (`gaia explain VARIANT --kind variant`; default rules).")


def file_argument(help: str = SAVED_GAME):
    return typer.Argument(..., metavar="FILE", help=help)


def force_option():
    return typer.Option(False, "--force", help=FORCE_HELP)


def json_option(what: str):
    return typer.Option(False, "--json", help=f"Print {what} as one JSON object (for scripts; see docs/cli.md).")


def command_engine(command: str, content: Optional[List[Path]]) -> Engine:
    """The engine of the bundled content and the --content folders (exit 1 listing problems, 2 if unreadable)."""
    from ..rules import Engine
    return Engine(checked_catalogue(command, content))


def overlay_names(content: Optional[List[Path]]) -> list[str]:
    return [str(p) for p in content or []]


def one_line(command: str):
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


def load_game(engine: Engine, path: Path, force: bool = False, content: Optional[List[Path]] = None) -> SavedGame:
    from ..formats import savegame
    game = savegame.load(engine, path, force=force, overlays=overlay_names(content))
    for w in game.warnings:
        typer.echo(f"warning: {path}: {w}", err=True)
    return game


def save_game(game: SavedGame, path: Path, lost: str, **expect) -> None:
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


def print_json(data) -> None:
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


def new_setup(engine: Engine, players: int | None, seed: str | None, layout: str | None, variant: str | None,
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


def game_options(auction: str | None, faction_variant: str | None, version: int | None) -> dict:
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
def automa_option():
    return typer.Option(None, "--automa", metavar="CARD", help=AUTOMA_HELP, autocompletion=_completer(_automa_cards))


def difficulty_option():
    return typer.Option(None, "--difficulty", metavar="LEVEL", help=DIFFICULTY_HELP,
                        autocompletion=_completer(_difficulties))
FACTION_VARIANT_HELP = "Faction boards of a variant: more-balanced or beta (docs/variants.md)."
VERSION_HELP = "Version of the faction variant (default: its latest)."


# ------------------------------------------------------------------ gaia new

@app.command()
@one_line("new")
def new(
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                          help="Number of players (required unless the --setup file names them, or "
                                               "--automa or --difficulty makes a solo game); 1: a solo game against "
                                               "the Automa."),
    output: Path = typer.Option(..., "--output", "-o", metavar="FILE", help="Where to save the game (JSON)."),
    automa: Optional[str] = automa_option(),
    difficulty: Optional[str] = difficulty_option(),
    factions: Optional[str] = typer.Option(None, "--factions", metavar="F1,F2,..",
                                           help="Fixed factions in seat order, comma-separated (else chosen by moves)."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="SEED", callback=checked_seed,
                                       help="Seed of the set-up draw (default: a random one, printed)."),
    layout: str = layout_option(),
    variant: str = variant_option(),
    auction: Optional[str] = typer.Option(None, "--auction", metavar="KIND", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", metavar="VARIANT", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", metavar="N", help=VERSION_HELP),
    setup_file: Optional[Path] = setup_option(),
    position: Optional[Path] = typer.Option(None, "--position", metavar="FILE", readable=False,
                                            help="Start the game at a position file (set-up fields, round, turn and "
                                                 "what each seat holds; docs/designing.md); goes alone."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    as_json: bool = json_option("the file, the set-up and the status"),
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
    engine = command_engine("new", content)
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
        begun = savegame.from_position(engine, _position_state(engine, position), overlay_names(content))
        made.setup = begun.setup
    else:
        made = new_setup(engine, players, seed, layout, variant, factions,
                          game_options(auction, faction_variant, faction_variant_version), setup_file,
                          solo={"automa": automa, "difficulty": difficulty})
        begun = savegame.new_game(engine, made.setup, overlay_names(content))
    setup = made.setup
    game, _moves, told = automa_turns(engine, begun)
    save_game(game, output, f"the game (seed {setup.seed})", expect=absent)
    if as_json:
        data = {"file": str(output), "players": setup.players, "seed": setup.seed, "layout": made.layout,
                "variant": setup.variant, "status": status_json(engine, game.state)}
        if setup.automa is not None:
            data.update(automa=setup.automa, difficulty=setup.difficulty)
        if setup_file is not None:
            data.update(setup_file=str(setup_file), fixed=made.fixed)
        print_json(data)
        return
    layout_words = f"map from {made.file}" if made.layout == PLACED else f"layout {made.layout}"
    if position is not None:
        layout_words = f"round {game.state.round} from {position}"
    typer.echo(f"new {game_words(engine.catalogue, setup)}, seed {setup.seed}, {layout_words}, "
               f"variant {setup.variant}{made.words() if position is None else ''}: saved to {output}")
    for line in told:
        typer.echo(line)
    typer.echo(status_line(engine, game.state))


# ------------------------------------------------------------------ gaia show

@app.command()
@one_line("show")
def show(
    file: Path = file_argument(),
    player: Optional[str] = typer.Option(None, "--player", "-p", metavar="PLAYER",
                                         help="Only this player (1..N, pN or faction)."),
    as_json: bool = json_option("the state (GameState.to_dict; with --player, that player)"),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
) -> None:
    """Show a saved game: round, phase, who acts, each player, the table."""
    from .view import score_table, show_state
    engine = command_engine("show", content)
    game = load_game(engine, file, force, content)
    if as_json:
        data = game.state.to_dict()
        if player is not None:
            data = data["players"][_player_index(game, player)]
        typer.echo(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False))
        return
    only = _player_index(game, player) if player is not None else None
    show_state(stdout_console(), engine, game.state, only)
    if game.state.ended:
        stdout_console().print(score_table(engine, game.state))


# ------------------------------------------------------------------ gaia map

@app.command("map")
@one_line("map")
def map_(
    file: Path = file_argument(),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the board as an SVG picture here."),
    compact: bool = typer.Option(False, "--compact", help="Text map: one short cell per hex, no hex names."),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
) -> None:
    """A picture of the game: the map (hex names, planets, pieces, satellites, federations) and the table.

    With -o, an SVG file (an existing one is replaced) with the research board, scoring tiles, boosters,
    tech tiles, federation supply and players beside the map; without, a text map (compact when asked,
    or when the terminal or COLUMNS is too narrow for the full one).

    Examples:

        gaia map game.json

        gaia map game.json --compact

        gaia map game.json -o board.svg
    """
    from ..rules import Game
    from .maptext import fitted_map
    from .mapview import svg_map
    engine = command_engine("map", content)
    game = load_game(engine, file, force, content)
    view = Game(game.state, engine).view()
    if output is None:
        console = stdout_console()
        console.print(fitted_map(view, game.state, console.width, compact), end="", soft_wrap=True)
        return
    try:
        output.write_text(svg_map(view, game.state, engine.to_move(game.state)), encoding="utf-8")
    except OSError as err:
        raise CommandError(f"cannot write {output}: {err.strerror or err}") from None
    typer.echo(f"map of {len(view.map.hexes)} hexes written to {output}")


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


def automa_turns(engine: Engine, game: SavedGame) -> tuple[SavedGame, list[Move], list[str]]:
    """In a solo game, the Automa's moves while its seat is to act (its one move each time): the game after
    them, the moves and each told in words (docs/solo.md)."""
    from ..formats import savegame
    from ..rules import AUTOMA_COMMAND, Move
    from .session_text import automa_line
    played, lines = [], []
    while not game.state.ended and engine.view(game.state).plays_by_deck(engine.to_move(game.state)):
        mv = Move(engine.to_move(game.state), AUTOMA_COMMAND)
        game = savegame.apply_move(engine, game, mv)
        played.append(mv)
        lines.append(automa_line(engine, game.state))
    return game, played, lines
