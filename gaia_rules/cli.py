"""The `gaia` command: a thin face over the layers below.

Every command catches the project's own errors and prints one line per
problem, never a traceback. Exit codes: 0 success; 1 the content has problems
(each printed as `file:line:col: message`); 2 the command was used wrongly or a
path given on the command line does not exist or cannot be read (one line on
stderr).

Every command that reads content takes `--content DIR` (repeatable): a
designer's folder laid over the bundled content (`docs/content.md`).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from .content import ContentError, default_catalogue, load_catalogue, load_paths
from .content.catalogue import Catalogue


# typer may bundle its own click: take its exception classes from typer itself
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class _OneLineErrors(TyperGroup):
    """Usage errors as one line on stderr (`gaia new: Missing option '--players'.`), exit code 2, no box."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _ClickException as err:
            ctx = getattr(err, "ctx", None)
            typer.echo(f"{ctx.command_path if ctx is not None else 'gaia'}: {err.format_message()}", err=True)
            sys.exit(err.exit_code)
        except typer.Abort:
            typer.echo("gaia: aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    pretty_exceptions_enable=False,
    add_completion=False,
    no_args_is_help=True,
    help="gaia-rules: a rules-as-data engine for Gaia Project.",
    rich_markup_mode="markdown",
)


@app.callback()
def _root() -> None:
    """gaia-rules: a rules-as-data engine for Gaia Project."""


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


def _is_base(paths: list[Path]) -> bool:
    """A folder with its own game-wide rules is a full content set, not an overlay."""
    return any(p.is_dir() and any(p.rglob("game.yaml")) for p in paths)


@app.command()
def validate(
    # readable=False: the paths are checked below, so an unreadable one gets one line, not a usage box
    paths: Optional[List[Path]] = typer.Argument(None, readable=False,
                                                 help="Content folders or files (default: the bundled content)."),
    content: Optional[List[Path]] = typer.Option(None, "--content", readable=False,
                                                 help="A designer's folder laid over the bundled content (repeatable)."),
) -> None:
    """Check content files: YAML, JSON Schema, the effect language and cross-references.

    Prints a one-line summary per kind when clean (exit 0), or every problem as
    `file:line:col: message` (exit 1). A path that does not exist or cannot be
    read is a usage error: one line on stderr, exit 2.

    Examples:

        gaia validate

        gaia validate content/

        gaia validate --content my-faction/
    """
    paths = list(paths or [])
    overlays = list(content or [])
    for path in paths + overlays:
        problem = _unreadable(path)
        if problem is not None:
            typer.echo(f"gaia validate: {path}: {problem}", err=True)
            raise typer.Exit(2)
    if paths and _is_base(paths):
        catalogue, problems = load_paths(paths + overlays)
    else:
        catalogue, problems = load_catalogue(paths + overlays)
    if problems:
        for d in problems:
            typer.echo(str(d))
        typer.echo(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.", err=True)
        raise typer.Exit(1)
    for kind, n in catalogue.counts().items():
        typer.echo(f"{kind:>22}: {n}")
    typer.echo("content is valid.")


# ------------------------------------------------------------------ content for the other commands

CONTENT_HELP = "A designer's folder laid over the bundled content (repeatable; see docs/content.md)."


def content_option():
    return typer.Option(None, "--content", readable=False, help=CONTENT_HELP)


def overlay_paths(command: str, content: Optional[List[Path]]) -> list[Path]:
    """The --content folders, each readable (else one line on stderr, exit 2)."""
    overlays = list(content or [])
    for path in overlays:
        problem = _unreadable(path)
        if problem is not None:
            typer.echo(f"gaia {command}: {path}: {problem}", err=True)
            raise typer.Exit(2)
    return overlays


def report_content_problems(command: str, diagnostics) -> None:
    """Every problem as `file:line:col: message` on stderr, then one summary line."""
    for d in diagnostics:
        typer.echo(str(d), err=True)
    n = len(diagnostics)
    typer.echo(f"gaia {command}: the content has {n} problem{'s' if n != 1 else ''} (see `gaia validate`)", err=True)


def checked_catalogue(command: str, content: Optional[List[Path]]) -> Catalogue:
    """The bundled content with the --content folders laid over it; exit 1 listing every problem."""
    overlays = overlay_paths(command, content)
    try:
        return default_catalogue(overlays)
    except ContentError as err:
        report_content_problems(command, err.diagnostics)
        raise typer.Exit(1)


# ------------------------------------------------------------------ gaia explain

@app.command()
def explain(
    ident: Optional[str] = typer.Argument(None, metavar="ID", help="A component id: a faction, tile, track, ..."),
    kind: Optional[str] = typer.Option(None, "--kind", help="The kind, when the id names several components "
                                                             "(faction, research_track, final_scoring, ...)."),
    all_: bool = typer.Option(False, "--all", help="Every component, as one markdown document."),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Print a component in plain English: a faction, tile, booster, research track, board action, ...

    An id that names several components (a research track and a final scoring
    tile, say) lists them and asks for --kind (exit 2). `--all` prints the whole
    catalogue as markdown (`docs/catalogue.md`).

    Examples:

        gaia explain nav

        gaia explain gaia --kind final_scoring

        gaia explain my-faction --content my-folder/

        gaia explain --all > catalogue.md
    """
    from .explain import ExplainError, explain as render, explain_all, resolve

    if all_ == (ident is not None):
        typer.echo("gaia explain: give one component ID, or --all", err=True)
        raise typer.Exit(2)
    overlays = overlay_paths("explain", content)
    catalogue = checked_catalogue("explain", overlays)
    if all_:
        if kind is not None:
            typer.echo("gaia explain: --kind goes with an ID, not with --all", err=True)
            raise typer.Exit(2)
        source = "the bundled content (`content/`)"
        if overlays:
            source = source[:-1] + " with " + ", ".join(f"`{p}`" for p in overlays) + " laid over it)"
        typer.echo(explain_all(catalogue, source), nl=False)
        return
    try:
        found_kind, found_id = resolve(catalogue, ident, kind)
    except ExplainError as err:
        typer.echo(f"gaia explain: {err}", err=True)
        raise typer.Exit(2)
    typer.echo(render(catalogue, found_kind, found_id), nl=False)


# the game commands (new, show, map, moves, move, undo, play, replay) live in cli_game.py
from . import cli_game  # noqa: E402,F401
# `gaia bench` lives in bench.py
from . import bench  # noqa: E402,F401


def main() -> None:  # pragma: no cover - console entry point
    app()
