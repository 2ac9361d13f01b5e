"""The turn commands of `gaia`: moves, move, undo and play (a saved game, one move at a time or at the prompt).

A refused move or a bad file leaves the saved game byte for byte as it was (savegame.py); in a
solo game the Automa's turns are played right after the player's move (`automa_turns`). The
shared options, loading and saving are cli_game.py's; `play` opens the session (session.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from .app import (BOT_KINDS, DEFAULT_BOT, EXIT_FAILED, EXIT_USAGE, app, checked_seed, choice_option, content_option,
                  setup_option)
from .cli_game import (AUCTION_HELP, FACTION_VARIANT_HELP, VERSION_HELP, CommandError, automa_option, automa_turns,
                       command_engine, difficulty_option, file_argument, force_option, game_options, json_option,
                       layout_option, load_game, move_json, new_setup, one_line, overlay_names, print_json, save_game,
                       status_json, variant_option)
from .terminal import console as stdout_console, wrap_width, wrap_words

if TYPE_CHECKING:  # the layers are imported inside the commands, so that `gaia` starts at once
    from ..formats.savegame import SavedGame
    from ..rules import Engine, Move


def _numbered(engine: Engine, state, moves: list[Move]) -> list[str]:
    from ..formats.movetext import move_text
    width = len(str(len(moves)))
    return [f"{i:>{width}}. {move_text(engine, state, m)}" for i, m in enumerate(moves, 1)]


@app.command()
@one_line("moves")
def moves(
    file: Path = file_argument(),
    as_json: bool = json_option("the status and the numbered legal moves"),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
) -> None:
    """List the legal moves, numbered, in the site notation (for `gaia move FILE N`)."""
    from .view import status_line
    engine = command_engine("moves", content)
    game = load_game(engine, file, force, content)
    state = game.state
    legal = [] if state.ended else engine.legal_moves(state)
    if not legal and not state.ended:
        from ..players import describe_wait  # the players (every bot): only when the engine is stuck
        if not as_json:
            typer.echo(status_line(engine, state))
        raise CommandError(f"no legal move ({describe_wait(state)}): the engine is stuck here; "
                           f"`gaia undo {file}` goes back", EXIT_FAILED)
    if as_json:
        print_json({"file": str(file), "status": status_json(engine, state),
                     "moves": [move_json(engine, state, mv, i) for i, mv in enumerate(legal, 1)]})
        return
    if state.ended:
        typer.echo("the game has ended")
        return
    typer.echo(status_line(engine, state))
    width = wrap_width(stdout_console())
    for line in _numbered(engine, state, legal):
        typer.echo(wrap_words(line, width))


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
    if len(text.split()) == 1:  # a bare command names the one listed move that has it, or is ambiguous
        found = _listed(engine, state, text)
        if found is not None:
            return found
    return parse_move(engine, state, text)


def _listed(engine: Engine, state, text: str) -> Move | None:
    from ..formats.movetext import listed_move
    from ..rules import AmbiguousMoveError
    try:
        return listed_move(engine, state, engine.legal_moves(state), text)
    except AmbiguousMoveError as err:
        raise CommandError(f"illegal move '{text}': {err}", EXIT_FAILED) from None


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


@app.command()
@one_line("move")
def move(
    file: Path = file_argument(),
    move_: str = typer.Argument(..., metavar="MOVE", help="A number from `gaia moves`, or one command, e.g. 'build m 4A2'."),
    as_json: bool = json_option("the move played and the new status"),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
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
    engine = command_engine("move", content)
    game = load_game(engine, file, force, content)
    if game.state.ended:
        raise CommandError("the game has ended", EXIT_FAILED)
    mv = _resolve(engine, game.state, move_)
    played = move_text(engine, game.state, mv)
    after = _apply(engine, game, mv, move_)
    after, automa_moves, told = automa_turns(engine, after)
    save_game(after, file, f"your move '{played}'")
    if as_json:
        data = {"file": str(file), "played": move_json(engine, game.state, mv, len(after.moves) - len(automa_moves)),
                "status": status_json(engine, after.state)}
        if after.state.automa is not None:
            first = len(after.moves) - len(automa_moves)
            data["automa"] = [{"n": first + i + 1, "player": m.player, "move": savegame.move_to_json(m),
                               "text": text} for i, (m, text) in enumerate(zip(automa_moves, told))]
        print_json(data)
        return
    typer.echo(f"played: {played}")
    for line in told:
        typer.echo(line)
    typer.echo(status_line(engine, after.state))


@app.command()
@one_line("undo")
def undo(
    file: Path = file_argument(),
    steps: int = typer.Option(1, "--steps", "-k", metavar="N", help="How many moves to take back."),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
) -> None:
    """Take back the last moves (the game is replayed without them).

    In a solo game a step is one of your moves, with the Automa's moves after it.
    """
    from ..formats import savegame
    from .view import status_line
    engine = command_engine("undo", content)
    game = load_game(engine, file, force, content)
    if steps < 1:
        raise CommandError("--steps must be at least 1")
    if game.state.automa is not None:
        _undo_solo(engine, game, file, steps)
        return
    if steps > len(game.moves):
        raise CommandError(f"cannot undo {steps} move{'s' if steps != 1 else ''}: the game has {len(game.moves)}")
    back = savegame.with_moves(engine, game, game.moves[:-steps])
    save_game(back, file, "the undo")
    typer.echo(f"took back {steps} move{'s' if steps != 1 else ''}; {len(back.moves)} left")
    typer.echo(status_line(engine, back.state))


def _undo_solo(engine: Engine, game: SavedGame, file: Path, steps: int) -> None:
    """Back to just before the player's last `steps` moves, taking back the Automa's moves after them."""
    from ..formats import savegame
    from ..formats.movetext import move_text
    from .view import status_line
    moves, cut = game.moves, len(game.moves)
    played_for = engine.view(game.state).plays_by_deck   # a seat whose moves are played for it (the Automa's)
    for k in range(steps):
        cut = next((i for i in range(cut - 1, -1, -1) if not played_for(moves[i].player)), -1)
        if cut < 0:
            mine = sum(1 for m in moves if not played_for(m.player))
            raise CommandError(f"cannot undo {steps} of your moves: the game has {mine}")
    back = savegame.with_moves(engine, game, moves[:cut])
    save_game(back, file, "the undo")
    automa_back = sum(1 for m in moves[cut:] if played_for(m.player))
    mine = len(moves) - cut - automa_back
    what = (f"your move '{move_text(engine, back.state, moves[cut])}'" if mine == 1 else f"your last {mine} moves")
    after = (f" and the Automa's {automa_back} move{'s' if automa_back != 1 else ''} after "
             f"{'it' if mine == 1 else 'them'}" if automa_back else "")
    typer.echo(f"took back {what}{after}; {len(back.moves)} left")
    typer.echo(status_line(engine, back.state))


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
@one_line("play")
def play(
    file: Optional[Path] = typer.Argument(None, metavar="FILE",
                                          help="A saved game to continue, or a new file to create (optional)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                          help="Players in a new game (default 2; 1: a solo game against the Automa)."),
    automa: Optional[str] = automa_option(),
    difficulty: Optional[str] = difficulty_option(),
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
    layout: str = layout_option(),
    variant: str = variant_option(),
    factions: Optional[str] = typer.Option(None, "--factions", metavar="F1,F2,..",
                                           help="Fixed factions for a new game, comma-separated."),
    auction: Optional[str] = typer.Option(None, "--auction", metavar="KIND", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", metavar="VARIANT", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", metavar="N", help=VERSION_HELP),
    setup_file: Optional[Path] = setup_option(),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print each move; just the final score."),
    seat: Optional[int] = typer.Option(None, "--seat", help="Your seat, 1..N (default: asked on a terminal, else 1)."),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
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
    engine = command_engine("play", content)
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
        game = load_game(engine, file, force, content)
        if players is not None and players != game.setup.players:
            raise CommandError(f"{file} is a {game.setup.players}-player game, not {players}")
        seed = seed if seed is not None else game.setup.seed
    else:
        setup = new_setup(engine, players, seed, layout, variant, factions,
                           game_options(auction, faction_variant, faction_variant_version), setup_file,
                           default_players=2, solo={"automa": automa, "difficulty": difficulty}).setup
        seed = setup.seed
        game = savegame.new_game(engine, setup, overlay_names(content))
    try:
        code = run_session(engine, game, file, bots, bot, seed, quiet, seat, budget)
    except SessionError as err:
        raise CommandError(str(err), err.code) from None
    raise typer.Exit(code)
