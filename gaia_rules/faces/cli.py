"""The `gaia` command: a thin face over the layers below (the entry point).

Validate and explain are defined here; every other command in the module that `COMMANDS`
(faces/app.py) names for it, imported only when that command runs.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

from ..user_cache import compile_once

compile_once()  # first: typer, rich and the layers create their dataclasses from code compiled by an earlier run

import typer  # noqa: E402

from .app import (EXIT_FAILED, EXIT_USAGE, _unreadable, app, checked_catalogue, content_option, no_content,
                  overlay_paths, setup_file_problem)
from .terminal import console as stdout_console, wrap_width, wrap_words


def _looks_like_setup(path: Path) -> bool:
    """A YAML file of set-up fields (no `kind`): given where content was expected."""
    from ..content.setupfile import FIELDS
    from ..content.yamlsrc import load_yaml
    if not path.is_file() or path.suffix not in (".yaml", ".yml"):
        return False
    src, _problems = load_yaml(path)
    data = src.data if src is not None else None
    return isinstance(data, dict) and bool(data) and "kind" not in data and set(data) <= {*FIELDS, "description"}


def _is_base(paths: list[Path]) -> bool:
    """A folder with its own game-wide rules is a full content set, not an overlay."""
    return any(p.is_dir() and any(p.rglob("game.yaml")) for p in paths)


@app.command()
def validate(
    # readable=False: the paths are checked below, so an unreadable one gets one line, not a usage box
    paths: Optional[List[Path]] = typer.Argument(None, readable=False, metavar="PATH",
                                                 help="Content folders or files (default: the bundled content)."),
    content: Optional[List[Path]] = content_option(),
    setup_file: Optional[Path] = typer.Option(None, "--setup", readable=False, metavar="FILE",
                                              help="Also check a set-up file (the --setup of `gaia new`) against "
                                                   "this content: its fields, ids and counts (docs/designing.md)."),
    players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                          help="With --setup: check it for a game of N players (as `gaia new "
                                               "--players N --setup FILE` would)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: valid, counts, problems "
                                                        "(for scripts; see docs/cli.md)."),
) -> None:
    """Check content files: YAML, JSON Schema, the effect language and cross-references.

    Prints a one-line summary per kind when clean (exit 0), or every problem as
    `file:line:col: message` (exit 1). A path that does not exist or cannot be
    read is a usage error: one line on stderr, exit 2. With `--json`, one
    object `{"valid", "counts", "problems": [{"file", "line", "column", "message"}]}`
    with the same exit codes. With `--setup FILE`, the set-up file is checked
    too (against the content with the --content folders), its problems listed
    the same way; `--json` then adds `"setup": {"file", "fixed"}`.

    Examples:

        gaia validate

        gaia validate content/

        gaia validate --content my-faction/

        gaia validate --content my-boosters/ --setup setup.yaml
    """
    from ..content import load_catalogue, load_paths
    from ..content.loader import is_designer_file
    from ..content.setupfile import describe, read_setup_file
    from ..formats.testrun import designer_file_problems
    from ..setup import setup_problems
    given = list(paths or [])
    paths = [p for p in given if not is_designer_file(p)]   # test and position files are checked below
    overlays = list(content or [])
    for path in paths + overlays:
        problem = _unreadable(path)
        if problem is not None:
            typer.echo(f"gaia validate: {path}: {problem}", err=True)
            raise typer.Exit(EXIT_USAGE)
        no_content("validate", path)
    for path in paths:
        if _looks_like_setup(path):
            typer.echo(f"gaia validate: {path} is a set-up file, not content: check it with "
                       f"`gaia validate --setup {path}` (with the --content folders it is played with)", err=True)
            raise typer.Exit(EXIT_USAGE)
    if setup_file is not None and (problem := setup_file_problem(setup_file)) is not None:
        typer.echo(f"gaia validate: --setup {setup_file}: {problem}", err=True)
        raise typer.Exit(EXIT_USAGE)
    if players is not None and setup_file is None:
        typer.echo("gaia validate: --players goes with --setup FILE", err=True)
        raise typer.Exit(EXIT_USAGE)
    if paths and _is_base(paths):
        catalogue, problems = load_paths(paths + overlays)
    else:
        catalogue, problems = load_catalogue(paths + overlays)
    if not problems:  # a designer's test and position files, beside the content or named
        problems = list(problems) + designer_file_problems(given + overlays, catalogue)
    setup = None
    if setup_file is not None:
        setup, setup_errors = read_setup_file(setup_file)
        if setup is not None and not problems:  # ids are checked against content that loads
            setup_errors = setup_problems(catalogue, setup, players)
        problems = list(problems) + setup_errors
    if as_json:
        data = {
            "valid": not problems,
            "counts": catalogue.counts() if not problems else {},
            "problems": [{"file": d.file, "line": d.line, "column": d.column, "message": d.message}
                         for d in problems],
            "notes": list(catalogue.notes),
        }
        if setup_file is not None:
            data["setup"] = {"file": str(setup_file), "fixed": setup.fixed() if setup is not None else []}
        typer.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))
        raise typer.Exit(EXIT_FAILED if problems else 0)
    for note in catalogue.notes:  # not problems: a designer should still know
        typer.echo(note, err=True)
    if problems:
        for d in problems:
            typer.echo(str(d))
        typer.echo(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.", err=True)
        raise typer.Exit(EXIT_FAILED)
    counts = catalogue.counts()
    width = max(map(len, counts), default=0)
    for kind, n in counts.items():
        typer.echo(f"{kind:>{width}}: {n}")
    typer.echo("content is valid.")
    if setup is not None:
        typer.echo(f"{setup_file}: a valid set-up; it fixes {describe(setup.fixed()) or 'nothing'}; "
                   f"the rest is drawn from the seed.")


# ------------------------------------------------------------------ gaia explain

@app.command()
def explain(
    ident: Optional[str] = typer.Argument(None, metavar="ID", help="A component id: a faction, tile, track, ..."),
    kind: Optional[str] = typer.Option(None, "--kind", metavar="KIND", help="The kind, when the id names several components "
                                                             "(faction, research_track, final_scoring, ...)."),
    all_: bool = typer.Option(False, "--all", help="Every component, as one markdown document."),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant",
                                                  help="Show a faction under a faction variant (more-balanced, beta)."),
    faction_variant_version: Optional[int] = typer.Option(None, "--faction-variant-version",
                                                          help="The variant's version (default: its latest)."),
    players: Optional[int] = typer.Option(None, "--players", help="With --faction-variant: for this player count only."),
    mechanisms: bool = typer.Option(False, "--mechanisms", help="Every trigger, event, event filter, event datum, "
                                                              "counter, condition, parameter, parameter change, "
                                                              "action template and placement field, with the "
                                                              "components that use each."),
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

        gaia explain FACTION --faction-variant beta --faction-variant-version 0

        gaia explain --mechanisms
    """
    from ..content.inventory import inventory_text
    from .explain import ExplainError, explain as render, explain_all, resolve
    if mechanisms:
        if all_ or ident is not None or kind is not None:
            typer.echo("gaia explain: --mechanisms goes alone (with --content folders)", err=True)
            raise typer.Exit(EXIT_USAGE)
        typer.echo(inventory_text(checked_catalogue("explain", overlay_paths("explain", content))), nl=False)
        return

    if all_ == (ident is not None):
        typer.echo("gaia explain: give one component ID, or --all", err=True)
        raise typer.Exit(EXIT_USAGE)
    overlays = overlay_paths("explain", content)
    catalogue = checked_catalogue("explain", overlays)
    if all_:
        if kind is not None:
            typer.echo("gaia explain: --kind goes with an ID, not with --all", err=True)
            raise typer.Exit(EXIT_USAGE)
        source = "the bundled content (`content/`)"
        if overlays:
            source = source[:-1] + " with " + ", ".join(f"`{p}`" for p in overlays) + " laid over it)"
        typer.echo(explain_all(catalogue, source), nl=False)
        return
    if faction_variant is not None and kind is None:
        kind = "faction"  # a variant changes factions only
    try:
        found_kind, found_id = resolve(catalogue, ident, kind)
    except ExplainError as err:
        typer.echo(f"gaia explain: {err}", err=True)
        raise typer.Exit(EXIT_USAGE)
    if faction_variant is not None:
        _explain_under_variant(catalogue, found_kind, found_id, faction_variant, faction_variant_version, players)
        return
    typer.echo(wrap_words(render(catalogue, found_kind, found_id), wrap_width(stdout_console())), nl=False)


def _explain_under_variant(catalogue, kind: str, ident: str, family: str, version: int | None,
                           players: int | None) -> None:
    from ..setup import SetupError, check_options, check_player_count
    from .explain import explain_faction_variant
    try:
        check_options(catalogue, None, family, version, False)
        if kind == "faction" and players is not None:
            check_player_count(catalogue, players)
    except SetupError as err:
        typer.echo(f"gaia explain: {err}", err=True)
        raise typer.Exit(2)
    if kind != "faction":
        typer.echo(f"gaia explain: --faction-variant goes with a faction, not a {kind.replace('_', ' ')}", err=True)
        raise typer.Exit(2)
    typer.echo(wrap_words(explain_faction_variant(catalogue, ident, family, version, players), wrap_width(stdout_console())),
               nl=False)



def main() -> None:  # pragma: no cover - console entry point
    app()
