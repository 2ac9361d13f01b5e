"""The file commands of `gaia`: import and export (the site's game files), replay (recorded games).

Each reads a file another program wrote and checks it by replaying its moves under our engine;
the first refused line is named with its index, never a traceback. The shared options, loading
and saving are cli_game.py's.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from .app import EXIT_FAILED, EXIT_OK, EXIT_USAGE, app, content_option, progress_bar, wants_progress
from .cli_game import (CommandError, command_engine, file_argument, force_option, load_game, one_line, overlay_names,
                       save_game)
from .terminal import console as stdout_console

if TYPE_CHECKING:  # the layers are imported inside the commands, so that `gaia` starts at once
    from ..rules import Engine


@app.command("import")
@one_line("import")
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
    engine = command_engine("import", content)
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
        fresh = savegame.new_game(engine, imported.setup, overlay_names(content))
        game = dataclasses.replace(fresh, moves=list(imported.moves), state=imported.state)  # replayed already
        save_game(game, output, "the imported game", expect=absent)
        typer.echo(f"saved to {output}")
    typer.echo(status_line(engine, imported.state))


@app.command()
@one_line("export")
def export(
    file: Path = file_argument(),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                          help="Write the lines here (default: print them)."),
    content: Optional[List[Path]] = content_option(),
    force: bool = force_option(),
) -> None:
    """Write a saved game's moves as the boardgamers.space move list (one line per turn).

    Example:

        gaia export game.json -o game.txt
    """
    from ..formats.export import export_lines
    engine = command_engine("export", content)
    game = load_game(engine, file, force, content)
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


@app.command()
@one_line("replay")
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

    engine = command_engine("replay", content)
    failed = unreadable = 0
    console = stdout_console()
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
