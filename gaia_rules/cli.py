"""The `gaia` command: a thin face over the layers below.

Every command catches the project's own errors and prints one line per
problem, never a traceback. Exit codes: 0 success, 1 a check failed or a move
was illegal, 2 the command was used wrongly or a file could not be read.
"""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from .content import load_catalogue, load_paths

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="gaia-rules: a rules-as-data engine for Gaia Project.",
    rich_markup_mode="markdown",
)


@app.callback()
def _root() -> None:
    """gaia-rules: a rules-as-data engine for Gaia Project."""


def _is_base(paths: list[Path]) -> bool:
    """A folder with its own game-wide rules is a full content set, not an overlay."""
    return any(p.is_dir() and any(p.rglob("game.yaml")) for p in paths)


@app.command()
def validate(
    paths: Optional[List[Path]] = typer.Argument(None, help="Content folders or files (default: the bundled content)."),
    content: Optional[List[Path]] = typer.Option(None, "--content", help="A designer's folder laid over the bundled content (repeatable)."),
) -> None:
    """Check content files: YAML, JSON Schema, the effect language and cross-references.

    Prints a one-line summary per kind when clean (exit 0), or every problem as
    `file:line:col: message` (exit 1).

    Examples:

        gaia validate

        gaia validate content/

        gaia validate --content my-faction/
    """
    paths = list(paths or [])
    overlays = list(content or [])
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


def main() -> None:  # pragma: no cover - console entry point
    app()
