"""The `gaia` command object and what every command shares: one-line errors, --content, readable paths.

The commands themselves live in cli.py (validate, explain), cli_game.py and bench.py;
each registers on `app` here, so no command module imports another.

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

from ..content import ContentError, default_catalogue, load_catalogue, load_paths
from ..content.catalogue import Catalogue


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


