"""`gaia test`: a designer's expected effects, checked (test files, `formats/testfile.py`).

Thin: finding the files, running them and comparing are the formats' (`testfile.py`, `testrun.py`);
this face prints one line per test and exits 0 (all pass), 1 (a test fails) or 2 (a file cannot
be run, or a path holds no test file).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import List

import typer

from .app import EXIT_FAILED, EXIT_OK, EXIT_USAGE, _unreadable, app

TEST_FILES = "*.test.yaml"   # content/folders.py TEST_SUFFIX, written out: the command line imports no layer


@app.command("test")
def test_(
    paths: List[Path] = typer.Argument(..., readable=False, metavar="DIR|FILE",
                                       help=f"Test files, or folders whose {TEST_FILES} files are run (at any depth)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object: the tests with their outcome, and the "
                                                        "counts (for scripts; see docs/cli.md)."),
) -> None:
    """Run a designer's test files: in a position, after some moves, exactly this holds.

    Prints one line per test: `pass  FILE`, or the first difference as
    `FAIL  FILE:LINE: what: expected X, got Y` at the line of the expectation
    (exit 1), or `ERROR FILE:LINE:COL: reason` for a file that cannot be run
    (exit 2). Test files are `NAME.test.yaml` beside the content they test
    (docs/designing.md, "Testing a design").

    Examples:

        gaia test my-faction/

        gaia test my-faction/cheaper-mines.test.yaml --json
    """
    from ..formats.testrun import run_files
    files = _test_files(paths)
    outcomes = run_files(files)
    failed = sum(1 for o in outcomes if not o.passed)
    errors = sum(1 for o in outcomes if o.error)
    code = EXIT_USAGE if errors else (EXIT_FAILED if failed else EXIT_OK)
    if as_json:
        typer.echo(json.dumps({"passed": len(outcomes) - failed, "failed": failed - errors, "errors": errors,
                               "tests": [o.to_json() for o in outcomes]}, ensure_ascii=False, sort_keys=True))
        raise typer.Exit(code)
    for outcome in outcomes:
        typer.echo(outcome.text())
    typer.echo(f"{len(outcomes)} test{'s' if len(outcomes) != 1 else ''}: {len(outcomes) - failed} passed"
               + (f", {failed - errors} failed" if failed - errors else "") + (f", {errors} not run" if errors else "")
               + ".")
    raise typer.Exit(code)


def _test_files(paths: list[Path]) -> list[Path]:
    from ..formats.testfile import find_tests
    for path in paths:
        problem = _unreadable(path)
        if problem is None and path.is_dir() and not find_tests([path]):
            problem = f"holds no test files ({TEST_FILES})"
        if problem is not None:
            typer.echo(f"gaia test: {path}: {problem}", err=True)
            raise typer.Exit(EXIT_USAGE)
    return find_tests(paths)
