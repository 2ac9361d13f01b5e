"""`gaia bench`: the command; the benchmarks live in the lab (lab/bench.py), their tables in lab/bench_report.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, List, Optional

import typer

from ..lab.bench_targets import BENCHMARKS
from .app import app, progress_bar, wants_progress
from .terminal import console as stdout_console


# ------------------------------------------------------------------ gaia bench

def _describe(step) -> Callable[[str], None]:
    """What runs now, as the progress bar's label (`step` with advance 0)."""
    return lambda text: step(text, advance=0)


@app.command()
def bench(
    files: Optional[List[Path]] = typer.Argument(None, readable=False, metavar="FILE",
                                                 help="Recorded games to use instead of the corpus (tests/conformance/*.json)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of tables."),
    only: Optional[List[str]] = typer.Option(None, "--only", metavar="NAME,..",
                                             help=f"Run only these (repeatable or comma-separated): {', '.join(BENCHMARKS)}."),
    games: int = typer.Option(20, "--games", metavar="N", help="Random-bot games per player count for `playout`."),
    repeats: int = typer.Option(3, "--repeats", metavar="N", help="Runs of each game for `replay` (the median is kept)."),
    every: int = typer.Option(1, "--every", metavar="K", help="Time `legal` at one position in K (default: every position)."),
    bots_every: int = typer.Option(10, "--bots-every", metavar="K",
                                   help="Time `bots` at one action-phase position in K."),
    baseline: Optional[Path] = typer.Option(None, "--baseline", metavar="FILE",
                                            help="A previous `gaia bench --json` output to compare the figures with."),
) -> None:
    """Measure the engine: load, apply, legal, federation, replay, playout, bots, memory, startup.

    In-process after a warm-up (load: cold, in fresh subprocesses). Prints the
    figures and the machine they were measured on, or `--json` one object.
    With --baseline (an earlier --json run, best on this machine) each
    figure is a ratio to it and the targets are judged as ratios
    (docs/bench.md). Exit 0 when the benchmarks ran, whether or not the
    targets are met; 2 on bad usage or an unreadable file.

    Examples:

        gaia bench

        gaia bench --only apply,legal --json

        gaia bench --only replay tests/conformance/bot-2p-01.json

        gaia bench --json > before.json; (change the engine); gaia bench --baseline before.json
    """
    from ..lab.bench import BenchError, run_bench
    from ..lab.bench_report import render
    from ..lab.bench_targets import compare
    chosen: list[str] = []
    for item in only or []:
        for name in (x.strip() for x in item.split(",")):
            if not name:
                continue
            if name not in BENCHMARKS:
                typer.echo(f"gaia bench: unknown benchmark '{name}' (choose from {', '.join(BENCHMARKS)})", err=True)
                raise typer.Exit(2)
            if name not in chosen:
                chosen.append(name)
    for value, option in ((games, "--games"), (repeats, "--repeats"), (every, "--every"), (bots_every, "--bots-every")):
        if value < 1:
            typer.echo(f"gaia bench: {option} must be at least 1", err=True)
            raise typer.Exit(2)
    then = None
    if baseline is not None:
        try:
            then = json.loads(baseline.read_text(encoding="utf-8"))
            if not isinstance(then, dict):
                raise ValueError("not a JSON object")
        except FileNotFoundError:
            typer.echo(f"gaia bench: {baseline}: no such file", err=True)
            raise typer.Exit(2)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            typer.echo(f"gaia bench: {baseline}: not a `gaia bench --json` output ({error})".splitlines()[0], err=True)
            raise typer.Exit(2)
    show = wants_progress(as_json)
    try:
        with progress_bar(len(chosen or BENCHMARKS), "bench", show) as step:
            results = run_bench(chosen or None, list(files or []) or None, games=games, repeats=repeats, every=every,
                                bots_every=bots_every,
                                progress=_describe(step) if show else None, done=lambda name: step(f"{name} done"))
    except BenchError as error:
        typer.echo(f"gaia bench: {error}", err=True)
        raise typer.Exit(2)
    except KeyboardInterrupt:
        typer.echo("gaia bench: interrupted", err=True)
        raise typer.Exit(130)
    if then is not None:
        results["baseline"] = compare(results, then, str(baseline))
        results["met"] = {k: v["met"] for k, v in results["baseline"]["change"].items() if v["met"] is not None}
    if as_json:
        typer.echo(json.dumps(results, ensure_ascii=False))
    else:
        render(stdout_console(), results)
