"""The game commands of `gaia`: new, show, map, moves, move, undo, play, replay.

Registered on `cli.app` (imported at the end of cli.py). Every command prints
one line per problem, never a traceback. Exit codes: 0 success; 1 an illegal
move, a failed check, or a game the engine could not continue; 2 the command
was used wrongly or a file could not be read (a corrupt saved game included).
A saved game is only ever replaced whole (see savegame.py): a refused move or
a bad file leaves it byte for byte as it was.

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
import time
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from ..formats import savegame
from ..players import BOTS, describe_wait, make_bot
from .app import app, checked_catalogue, content_option
from ..formats.notation import NotationError
from ..rules import Engine, IllegalMoveError
from ..rules.moves import Move
from ..formats.savegame import SavedGame, SaveError
from ..setup import SetupError, layout_names, random_setup
from ..formats.movetext import move_text, parse_move, player_label
from .view import score_table, show_state, status_line

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class CommandError(Exception):
    """A one-line error and its exit code."""

    def __init__(self, message: str, code: int = EXIT_USAGE):
        super().__init__(message)
        self.code = code


FORCE_HELP = "Load a game made with other content anyway: replay its moves under this content."


def _engine(command: str, content: Optional[List[Path]]) -> Engine:
    """The engine of the bundled content and the --content folders (exit 1 listing problems, 2 if unreadable)."""
    return Engine(checked_catalogue(command, content))


def _overlays(content: Optional[List[Path]]) -> list[str]:
    return [str(p) for p in content or []]


def _one_line(command: str):
    """Turn CommandError and any stray exception into one line on stderr and an exit code."""

    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except typer.Exit:
                raise
            except CommandError as err:
                typer.echo(f"gaia {command}: {err}", err=True)
                raise typer.Exit(err.code)
            except (SaveError, SetupError, NotationError) as err:
                typer.echo(f"gaia {command}: {err}", err=True)
                raise typer.Exit(EXIT_USAGE)
            except BrokenPipeError:  # output piped into `head` and the like
                sys.stdout = open(os.devnull, "w")
                raise typer.Exit(EXIT_OK)
            except KeyboardInterrupt:
                typer.echo(f"gaia {command}: interrupted", err=True)
                raise typer.Exit(130)
            except Exception as err:  # an engine bug: still one line, and say so
                typer.echo(f"gaia {command}: internal error: {type(err).__name__}: {err}", err=True)
                raise typer.Exit(EXIT_FAILED)

        return inner

    return wrap


def _load(engine: Engine, path: Path, force: bool = False, content: Optional[List[Path]] = None) -> SavedGame:
    game = savegame.load(engine, path, force=force, overlays=_overlays(content))
    for w in game.warnings:
        typer.echo(f"warning: {path}: {w}", err=True)
    return game


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False)


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


def _new_setup(engine: Engine, players: int, seed: str | None, layout: str, variant: str, factions: str | None,
               options: dict | None = None):
    """A new game's set-up; `options`: auction, faction_variant, faction_variant_version (docs/variants.md)."""
    names = layout_names(engine.catalogue)
    if layout not in names:
        raise CommandError(f"unknown layout '{layout}' (choose {', '.join(names)})")
    seed = seed if seed is not None else secrets.token_hex(4)
    return random_setup(engine.catalogue, players, seed, variant=variant, layout=layout, factions=_factions(factions),
                        **(options or {}))


def _game_options(auction: str | None, faction_variant: str | None, version: int | None) -> dict:
    return {"auction": auction, "faction_variant": faction_variant, "faction_variant_version": version}


AUCTION_HELP = "Bid for factions in VP: choose-bid or bid-while-choosing (docs/variants.md)."
FACTION_VARIANT_HELP = "Faction boards of a variant: more-balanced or beta (docs/variants.md)."
VERSION_HELP = "Version of the faction variant (default: its latest)."


# ------------------------------------------------------------------ gaia new

@app.command()
@_one_line("new")
def new(
    players: int = typer.Option(..., "--players", "-n", help="Number of players."),
    output: Path = typer.Option(..., "--output", "-o", help="Where to save the game (JSON)."),
    factions: Optional[str] = typer.Option(None, "--factions", help="Fixed factions in seat order, comma-separated (else chosen by moves)."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed of the set-up draw (default: a random one, printed)."),
    layout: str = typer.Option("standard", "--layout", help="standard: the layout's sectors in order; random: shuffled; xshape: the x-shaped map."),
    variant: str = typer.Option("rules", "--variant", help="Rules variant: rules (printed rules) or boardgamers."),
    auction: Optional[str] = typer.Option(None, "--auction", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", help=VERSION_HELP),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Draw a new game from a seed and save it.

    Examples:

        gaia new --players 3 --seed 7 -o game.json

        gaia new --players 2 --factions FACTION1,FACTION2 --layout random -o duel.json

        gaia new --players 3 --content my-faction/ -o try.json

        gaia new --players 3 --auction choose-bid --faction-variant more-balanced --layout xshape -o site.json
    """
    engine = _engine("new", content)
    if output.exists() and not force:
        raise CommandError(f"{output} exists (use --force to overwrite)")
    setup = _new_setup(engine, players, seed, layout, variant, factions,
                       _game_options(auction, faction_variant, faction_variant_version))
    game = savegame.new_game(engine, setup, _overlays(content))
    savegame.save(game, output)
    typer.echo(f"new {players}-player game, seed {setup.seed}, layout {layout}, variant {variant}: saved to {output}")
    typer.echo(status_line(engine, game.state))


# ------------------------------------------------------------------ gaia import

@app.command("import")
@_one_line("import")
def import_(
    source: Path = typer.Argument(..., help="A game data file as boardgamers.space stores it (JSON)."),
    output: Path = typer.Option(..., "--output", "-o", help="Where to save our game (JSON)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Turn a boardgamers.space game (`options`, `tiles`, `map`, `moveHistory`) into a saved game.

    Every line is replayed under the `boardgamers` variant; the first line our
    engine refuses is reported with its index.

    Example:

        gaia import site-game.json -o game.json
    """
    from ..formats.siteimport import ImportError_, import_site_game

    engine = _engine("import", content)
    if output.exists() and not force:
        raise CommandError(f"{output} exists (use --force to overwrite)")
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CommandError(f"cannot read {source}: {err}") from None
    try:
        setup, moves, state = import_site_game(engine, data)
    except ImportError_ as err:
        raise CommandError(f"{source}: {err}") from None
    fresh = savegame.new_game(engine, setup, _overlays(content))
    game = dataclasses.replace(fresh, moves=list(moves), state=state)  # replayed already: no second replay
    savegame.save(game, output)
    typer.echo(f"imported {len(moves)} moves of a {setup.players}-player game: saved to {output}")
    typer.echo(status_line(engine, game.state))


# ------------------------------------------------------------------ gaia export

@app.command()
@_one_line("export")
def export(
    file: Path = typer.Argument(..., help="A saved game."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the lines here (default: print them)."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Write a saved game's moves as the boardgamers.space move list (one line per turn).

    Example:

        gaia export game.json -o game.txt
    """
    from ..formats.export import export_lines

    engine = _engine("export", content)
    game = _load(engine, file, force, content)
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
    file: Path = typer.Argument(..., help="A saved game."),
    player: Optional[str] = typer.Option(None, "--player", "-p", help="Only this player (1..N, pN or faction)."),
    as_json: bool = typer.Option(False, "--json", help="Print the state as JSON."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Show a saved game: round, phase, who acts, each player, the table."""
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
    file: Path = typer.Argument(..., help="A saved game."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write the board as an SVG picture here."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """A picture of the board: planets, pieces, satellites, federations, hex names.

    With -o, an SVG file (an existing one is replaced); without, a compact text map.

    Examples:

        gaia map game.json

        gaia map game.json -o board.svg
    """
    from .mapview import svg_map, text_map

    engine = _engine("map", content)
    game = _load(engine, file, force, content)
    ctx = engine.context(game.state)
    if output is None:
        _console().print(text_map(ctx, game.state, markup=True), end="", soft_wrap=True)
        return
    try:
        output.write_text(svg_map(ctx, game.state), encoding="utf-8")
    except OSError as err:
        raise CommandError(f"cannot write {output}: {err.strerror or err}") from None
    typer.echo(f"map of {len(ctx.map.hexes)} hexes written to {output}")


# ------------------------------------------------------------------ gaia moves

def _numbered(engine: Engine, state, moves: list[Move]) -> list[str]:
    width = len(str(len(moves)))
    return [f"{i:>{width}}. {move_text(engine, state, m)}" for i, m in enumerate(moves, 1)]


@app.command()
@_one_line("moves")
def moves(
    file: Path = typer.Argument(..., help="A saved game."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """List the legal moves, numbered, in the site notation (for `gaia move FILE N`)."""
    engine = _engine("moves", content)
    game = _load(engine, file, force, content)
    state = game.state
    if state.ended:
        typer.echo("the game has ended")
        return
    legal = engine.legal_moves(state)
    typer.echo(status_line(engine, state))
    if not legal:
        raise CommandError(f"no legal move ({describe_wait(state)}): the engine is stuck here; "
                           f"`gaia undo {file}` goes back", EXIT_FAILED)
    for line in _numbered(engine, state, legal):
        typer.echo(line)


# ------------------------------------------------------------------ gaia move

def _resolve(engine: Engine, state, text: str) -> Move:
    text = text.strip()
    if text.isdigit():
        legal = engine.legal_moves(state)
        n = int(text)
        if not 1 <= n <= len(legal):
            raise CommandError(f"no move {n}: there {'is' if len(legal) == 1 else 'are'} {len(legal)} legal move"
                               f"{'' if len(legal) == 1 else 's'} (see `gaia moves`)")
        return legal[n - 1]
    return parse_move(engine, state, text)


def _apply(engine: Engine, game: SavedGame, move: Move) -> SavedGame:
    try:
        return savegame.apply_move(engine, game, move)
    except IllegalMoveError as err:
        raise CommandError(f"illegal move '{move_text(engine, game.state, move)}': {err}", EXIT_FAILED) from None


@app.command()
@_one_line("move")
def move(
    file: Path = typer.Argument(..., help="A saved game."),
    move_: str = typer.Argument(..., metavar="MOVE", help="A number from `gaia moves`, or one command, e.g. 'build m 4A2'."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Play one move (atomic: an illegal move changes nothing and exits 1).

    Examples:

        gaia move game.json 3

        gaia move game.json "build m 4A2"

        gaia move game.json "p1 up nav"
    """
    engine = _engine("move", content)
    game = _load(engine, file, force, content)
    if game.state.ended:
        raise CommandError("the game has ended", EXIT_FAILED)
    mv = _resolve(engine, game.state, move_)
    played = move_text(engine, game.state, mv)
    after = _apply(engine, game, mv)
    savegame.save(after, file)
    typer.echo(f"played: {played}")
    typer.echo(status_line(engine, after.state))


# ------------------------------------------------------------------ gaia undo

@app.command()
@_one_line("undo")
def undo(
    file: Path = typer.Argument(..., help="A saved game."),
    steps: int = typer.Option(1, "--steps", "-k", help="How many moves to take back."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Take back the last moves (the game is replayed without them)."""
    engine = _engine("undo", content)
    game = _load(engine, file, force, content)
    if steps < 1:
        raise CommandError("--steps must be at least 1")
    if steps > len(game.moves):
        raise CommandError(f"cannot undo {steps} move{'s' if steps != 1 else ''}: the game has {len(game.moves)}")
    back = savegame.with_moves(engine, game, game.moves[:-steps])
    savegame.save(back, file)
    typer.echo(f"took back {steps} move{'s' if steps != 1 else ''}; {len(back.moves)} left")
    typer.echo(status_line(engine, back.state))


# ------------------------------------------------------------------ gaia play

PLAY_HELP = """Type a move number (from `moves`), or one command in the site notation (e.g. `build m 4A2`),
or: moves (list the legal moves), show (the state), undo (back to your previous move),
save [FILE], quit."""


class _Session:
    """An interactive game: humans on the first seats, bots on the others."""

    def __init__(self, engine: Engine, game: SavedGame, bots: dict, file: Path | None, quiet: bool):
        self.engine, self.game, self.bots, self.file, self.quiet = engine, game, bots, file, quiet
        self.console = _console()

    def say(self, text: str) -> None:
        typer.echo(text)

    def save(self, path: Path | None = None) -> None:
        target = path or self.file
        if target is not None:
            savegame.save(self.game, target)

    def play(self, mv: Move) -> None:
        text = move_text(self.engine, self.game.state, mv)
        self.game = _apply(self.engine, self.game, mv)
        self.save()
        if not self.quiet:
            self.say(text)

    def undo_human(self) -> bool:
        """Back to just before the last move of a human seat (with the bots' replies after it)."""
        moves_ = self.game.moves
        for i in range(len(moves_) - 1, -1, -1):
            if moves_[i].player not in self.bots:
                self.game = savegame.with_moves(self.engine, self.game, moves_[:i])
                self.save()
                return True
        return False

    def bot_turns(self) -> None:
        state = self.game.state
        while not state.ended:
            p = self.engine.to_move(state)
            if p is None or p not in self.bots:
                return
            legal = self.engine.legal_moves(state)
            if not legal:
                raise CommandError(f"no legal move for {player_label(state, p)} after move {len(state.moves)} "
                                   f"({describe_wait(state)}): the engine is stuck", EXIT_FAILED)
            mv = self.bots[p].choose(self.engine, state, legal)
            try:
                self.play(mv)
            except CommandError as err:
                raise CommandError(f"bot {player_label(state, p)}: {err}", EXIT_FAILED) from None
            state = self.game.state

    def human_turn(self) -> bool:
        """One prompt; False when the player quits."""
        state = self.game.state
        p = self.engine.to_move(state)
        legal = self.engine.legal_moves(state)
        if not legal:
            self.say(f"no legal move for {player_label(state, p)} ({describe_wait(state)}): the engine is stuck; "
                     f"type undo or quit")
        where = f"round {state.round}" if state.round else "set-up"
        prompt = f"[{where}, {state.phase}] {player_label(state, p)}> "
        typer.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:  # end of input
            self.say("")
            return False
        line = line.strip()
        if not line:
            return True
        word, _, rest = line.partition(" ")
        if word in ("quit", "exit", "q"):
            return False
        if word in ("help", "?"):
            self.say(PLAY_HELP)
            return True
        if word in ("moves", "m", "ls"):
            for text in _numbered(self.engine, state, legal):
                self.say(text)
            return True
        if word == "show":
            show_state(self.console, self.engine, state)
            return True
        if word == "undo":
            self.say("took back your last move" if self.undo_human() else "nothing to take back")
            return True
        if word == "save":
            target = Path(rest.strip()) if rest.strip() else self.file
            if target is None:
                self.say("save where? `save FILE`")
                return True
            self.save(target)
            self.file = self.file or target
            self.say(f"saved to {target}")
            return True
        try:
            mv = _resolve(self.engine, state, line)
            self.play(mv)
        except (CommandError, NotationError) as err:
            self.say(f"{err}")
        return True

    def run(self) -> int:
        start = time.perf_counter()
        while not self.game.state.ended:
            self.bot_turns()
            if self.game.state.ended:
                break
            if not self.human_turn():
                self.save()
                where = f" (saved to {self.file})" if self.file else ""
                self.say(f"stopped after {len(self.game.moves)} moves{where}")
                return EXIT_OK
        self.save()
        elapsed = time.perf_counter() - start
        state = self.game.state
        self.console.print(score_table(self.engine, state))
        winner = max(range(len(state.players)), key=lambda i: state.players[i].vp)
        self.say(f"game over after {len(self.game.moves)} moves ({elapsed:.1f} s); "
                 f"winner: {player_label(state, winner)} with {state.players[winner].vp} VP")
        return EXIT_OK


@app.command()
@_one_line("play")
def play(
    file: Optional[Path] = typer.Argument(None, help="A saved game to continue, or a new file to create (optional)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", help="Players in a new game (default 2)."),
    bots: Optional[int] = typer.Option(None, "--bots", help="Seats played by bots (the last ones; default: all but one)."),
    bot: str = typer.Option("greedy", "--bot", help=f"Bot kind: {' or '.join(BOTS)}."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed of a new game's set-up (and of the bots)."),
    layout: str = typer.Option("standard", "--layout", help="standard, random or xshape (a new game)."),
    variant: str = typer.Option("rules", "--variant", help="rules or boardgamers (a new game)."),
    auction: Optional[str] = typer.Option(None, "--auction", help=AUCTION_HELP),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", help=FACTION_VARIANT_HELP),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version", help=VERSION_HELP),
    factions: Optional[str] = typer.Option(None, "--factions", help="Fixed factions for a new game, comma-separated."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print each move; just the final score."),
    content: Optional[List[Path]] = content_option(),
    force: bool = typer.Option(False, "--force", help=FORCE_HELP),
) -> None:
    """Play at the terminal against bots, or watch bots play.

    Humans take the first seats, bots the others. Saves after every move when a
    file is given. With every seat a bot the whole game is played and the final
    score is printed with its breakdown by source.

    Examples:

        gaia play --players 4 --bots 4 --seed 1 --quiet

        gaia play game.json --bots 1

        gaia play --players 3 --bots 3 --factions NEW,FACTION2,FACTION3 --content my-faction/ --quiet
    """
    engine = _engine("play", content)
    if bot not in BOTS:
        raise CommandError(f"unknown bot '{bot}' (choose {' or '.join(BOTS)})")
    if file is not None and file.exists():
        game = _load(engine, file, force, content)
        if players is not None and players != game.setup.players:
            raise CommandError(f"{file} is a {game.setup.players}-player game, not {players}")
        seed = seed if seed is not None else game.setup.seed
    else:
        seed = seed if seed is not None else secrets.token_hex(4)
        setup = _new_setup(engine, players if players is not None else 2, seed, layout, variant, factions,
                           _game_options(auction, faction_variant, faction_variant_version))
        game = savegame.new_game(engine, setup, _overlays(content))
    n = game.setup.players
    k = bots if bots is not None else n - 1
    if not 0 <= k <= n:
        raise CommandError(f"--bots must be between 0 and {n}")
    seats = {p: make_bot(bot, f"{seed}/bot{p + 1}") for p in range(n - k, n)}
    session = _Session(engine, game, seats, file, quiet)
    if file is not None:
        session.save()
    if not quiet:
        who = ", ".join(f"p{p + 1} {'bot (' + bot + ')' if p in seats else 'you'}" for p in range(n))
        typer.echo(f"{n}-player game, seed {game.setup.seed}: {who}")
    raise typer.Exit(session.run())


# ------------------------------------------------------------------ gaia replay

@app.command()
@_one_line("replay")
def replay(
    files: Optional[List[Path]] = typer.Argument(None, help="Recorded games (the conformance format); default: "
                                                            "the bundled corpus (--corpus)."),
    corpus: str = typer.Option("games,spec", "--corpus", help="Without FILEs: which groups of the bundled corpus "
                                                              "(tests/conformance): games, spec, variants, all."),
    check: bool = typer.Option(False, "--check", help="One line per file: PASS or FAIL with the first divergence."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per file."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Replay recorded games with the engine and compare every recorded number.

    Without FILEs, replays the corpus shipped with gaia-rules (the 38 main games
    and 126 spec cases; `--corpus all` adds the variant games).

    Exit 0 only if every file replays without divergence; 2 if a file cannot be read.
    """
    from ..formats.corpus import GROUPS, CorpusMissing, corpus_files
    from ..formats.replay import replay_file

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
    for path in files:
        try:
            result = replay_file(engine, path, keep_state=not check and not as_json)
        except FileNotFoundError:
            typer.echo(f"gaia replay: {path}: no such file", err=True)
            unreadable += 1
            continue
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            typer.echo(f"gaia replay: {path}: cannot be read ({type(err).__name__}: {err})".splitlines()[0], err=True)
            unreadable += 1
            continue
        except (KeyError, TypeError, ValueError, IndexError) as err:
            typer.echo(f"gaia replay: {path}: not a recorded game ({type(err).__name__}: {err})", err=True)
            unreadable += 1
            continue
        if not result.passed:
            failed += 1
        if as_json:
            typer.echo(json.dumps(result.to_json(), sort_keys=True))
        elif check:
            if result.passed:
                typer.echo(f"PASS {result.id} ({result.moves} moves, {result.checkpoints_matched}/"
                           f"{result.checkpoints_total} checkpoints)")
            else:
                why = result.first_divergence or "the move expected to be refused was accepted"
                typer.echo(f"FAIL {result.id}: {why}")
        else:
            typer.echo(f"{result.id}: {result.moves} moves, {result.checkpoints_matched}/{result.checkpoints_total} "
                       f"checkpoints" + ("" if result.passed else f"; FIRST DIVERGENCE {result.first_divergence}"))
            if result.state is not None:
                console.print(score_table(engine, result.state))
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_FAILED if failed else EXIT_OK)
