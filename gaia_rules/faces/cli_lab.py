"""`gaia simulate` and `gaia report`: the balance lab (docs/lab.md).

Thin faces over gaia_rules/lab. Exit codes follow the `gaia` scheme
(faces/app.py): 0 done; 1 content with problems; 2 a wrong argument, a file
that cannot be read or written, a bad line in a results file (`file:line`),
or a results file of another run; 130 interrupted (the lines written so far
stay, and the same command resumes).
"""
from __future__ import annotations

import json
import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer
from rich.console import Console
from rich.table import Table

from .app import (BOT_KINDS, DEFAULT_BOT, automa_option, difficulty_option, EXIT_USAGE, app, checked_catalogue, checked_seed, choice_option, content_option, setup_file_problem,
                  setup_option, solo_choices, solo_options_problem, wants_progress)
from .terminal import console

if TYPE_CHECKING:  # the lab loads only when a command runs
    from ..lab.simulate import RunConfig


def _fail(command: str, message: str, code: int = EXIT_USAGE):
    typer.echo(f"gaia {command}: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def _progress_bar(total: int, done: int, enabled: bool):
    """Games done of total, the rate of this run and the time left, on stderr; `update(progress)`."""
    if not enabled:
        yield lambda progress: None
        return

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # rich.progress: only when a bar is shown
    columns = (TextColumn("simulate"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total, completed=done, rate="")

        def update(progress) -> None:
            rate = progress.rate()
            bar.update(task, completed=progress.done, rate=f"{rate:.2f} games/s" if rate else "")

        yield update


@app.command()
def simulate(
    games: int = typer.Option(..., "--games", min=1, metavar="N", help="Games in the run (game numbers 0 to N-1)."),
    players: Optional[int] = typer.Option(None, "--players", min=1, max=4, metavar="N",
                                          help="Seats at each table (required unless the --setup file names them); "
                                               "1: solo games against the Automa."),
    automa: Optional[str] = automa_option(),
    difficulty: Optional[str] = difficulty_option(),
    factions: str = typer.Option("all", "--factions", metavar="all|FACTION,...",
                                 help="The pool of factions seated in turn (default: every faction of the content)."),
    bot: str = choice_option(DEFAULT_BOT, "--bot", lambda: list(BOT_KINDS), "The bot in every seat."),
    variant: Optional[str] = typer.Option(None, "--variant", metavar="VARIANT",
                                          help="Rules variant (content; default: the --setup file's, else rules)."),
    layout: Optional[str] = typer.Option(None, "--layout", metavar="LAYOUT",
                                         help="Board layout, as for `gaia new` (default: the --setup file's map, "
                                              "else standard)."),
    faction_variant: Optional[str] = typer.Option(None, "--faction-variant", metavar="VARIANT",
                                                  help="A family of alternative faction boards (docs/variants.md)."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="SEED", callback=checked_seed,
                                       help="Seed of the seatings, set-ups and bots (default: the --setup file's, "
                                            "else lab)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, metavar="N",
                                          help="Local worker processes (default: every core)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS",
                                            help="A Dask scheduler (tcp://host:8786): play the games on its cluster."),
    output: Path = typer.Option(..., "-o", "--output", metavar="FILE",
                                help="The results file (JSON lines); an existing one of the same run is resumed."),
    baseline: Optional[Path] = typer.Option(None, "--baseline", metavar="FILE",
                                            help="With --content: where the same games without the change go "
                                                 "(default: the -o file's name with .baseline before its suffix)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object at the end (for scripts)."),
    setup_file: Optional[Path] = setup_option(),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Play N bot games over balanced seatings; one JSON line per game in the results file.

    Every faction of the pool plays equally often and in every seat equally
    often (exactly so when N is a multiple of the block the command prints),
    never two factions of one home planet at a table. Game i's set-up and
    seating depend only on the seed and i, so two content sets are compared on
    the same games. Rerunning the same command skips the games already in the
    file (a kill loses nothing); a file of other arguments is refused.

    Examples:

        gaia simulate --games 28 --players 2 --bot greedy -o base.jsonl

        gaia simulate --games 28 --players 2 --bot greedy --content my-rules/ -o changed.jsonl

        gaia simulate --games 1000 --players 4 --scheduler tcp://10.0.0.1:8786 -o big.jsonl

        gaia simulate --games 28 --players 2 --bot greedy --content my-boosters/ --setup setup.yaml -o try.jsonl

        gaia simulate --games 70 --players 1 --automa all --difficulty all -o solo.jsonl

    Solo games (`--players 1`, or `--automa`, `--difficulty`) come in deals:
    one set-up against every Automa card at every difficulty of the run, the
    player's faction taking turns among those the card can face.

    With --content, the last folder is a change to measure: a faction it
    changes sits at every table (in every seat in turn), a tile, booster or
    scoring tile it changes is in every deal, and every game is played again
    on the same deal without it (the earlier folders alone) into the
    --baseline file, for `gaia report OUTPUT BASELINE`.
    """
    from ..lab import LabError
    from ..lab.simulate import RunConfig, baseline_of, with_change
    from ..setup import SOLO_PLAYERS, SetupError, load_setup_file, setup_arguments
    catalogue = checked_catalogue("simulate", content)
    problem = solo_options_problem(players, automa, difficulty)
    if problem is not None:
        _fail("simulate", problem)
    pool = None if factions.strip() == "all" else tuple(f.strip() for f in factions.split(",") if f.strip())
    fields: dict = {}
    if setup_file is not None:
        problem = setup_file_problem(setup_file)
        if problem is not None:
            _fail("simulate", f"--setup {setup_file}: {problem}")
        try:
            fields = load_setup_file(catalogue, setup_file, players, variant).fields
        except SetupError as err:
            _fail("simulate", str(err))
        if "factions" in fields:
            _fail("simulate", f"{setup_file} fixes the factions, but gaia simulate seats them by its balanced "
                              f"schedule (--factions names the pool): leave factions out of the set-up file")
    args = setup_arguments(fields, players, seed, variant, layout)
    if args["players"] is None and (automa or difficulty or args["automa"] or args["difficulty"]):
        args["players"] = SOLO_PLAYERS
    if args["players"] is None:
        _fail("simulate", "Missing option '--players'" + (" (nor does the set-up file name players)."
                                                           if setup_file is not None else "."))
    cards = levels = None
    if args["players"] == SOLO_PLAYERS:
        cards, levels = solo_choices(catalogue, automa or args["automa"], difficulty or args["difficulty"],
                                     "simulate")
    config = RunConfig(args["players"], bot, args["seed"] or "lab", args["variant"], args["layout"], faction_variant,
                       pool, tuple(str(p) for p in content or []),
                       fixed=json.dumps(args["fixed"], sort_keys=True) if args["fixed"] else "",
                       automa=None if cards is None else tuple(cards), difficulty=None if levels is None else tuple(levels))
    try:
        config = with_change(config, catalogue, describe_change)
        runs = [(config, output)]
        if config.paired:   # the same games without the change first, then with it
            runs.insert(0, (baseline_of(config), _baseline_path(output, baseline)))
        elif baseline is not None:
            raise LabError("--baseline goes with a change to measure that the content without it can play (a "
                           "--content folder that changes the content, and brings no new faction)")
        summaries = [_run_one(c, path, games, workers, scheduler, as_json) for c, path in runs]
    except LabError as err:
        _fail("simulate", str(err))
    if as_json:
        summary = summaries[-1]
        if len(summaries) > 1:
            summary["baseline"] = summaries[0]
        typer.echo(json.dumps(summary, sort_keys=True))
        return
    new = json.loads(config.focus).get("new") if config.focus else None
    if new:
        console().print(f"faction {', '.join(new)} is new: seated at every table, with no games without it to "
                        f"pair with (no baseline file)", markup=False)
    for s in reversed(summaries):
        balanced = "" if games % s["block"] == 0 else \
            f" (seatings balanced exactly at multiples of {s['block']} games)"
        what = " without the change" if s is not summaries[-1] else ""
        console().print(f"{games} games{what} in {s['file']}: {s['played']} played, {s['skipped']} already there; "
                        f"{s['seconds']:.1f} s, {s['rate']:.2f} games/s{balanced}", markup=False)


def _baseline_path(output: Path, baseline: Optional[Path]) -> Path:
    from ..lab import LabError
    path = baseline if baseline is not None else output.with_name(f"{output.stem}.baseline{output.suffix or '.jsonl'}")
    if path.resolve() == output.resolve():
        raise LabError(f"--baseline {path} is the -o file: the games without the change need a file of their own")
    return path


def _run_one(config: RunConfig, output: Path, games: int, workers: Optional[int], scheduler: Optional[str],
             as_json: bool) -> dict:
    """Play one run's missing games into `output` under a progress bar; its summary."""
    from ..lab import LabError
    from ..lab.simulate import default_workers, engine_for, open_results, prepare, simulate as run
    config, schedule = prepare(config, engine_for(config).catalogue)
    if output.is_dir():
        raise LabError(f"{output}: is a folder, not a results file")
    existing = open_results(output, config)
    done = len(existing.indices() & set(range(games))) if existing else 0
    started = time.perf_counter()
    with _progress_bar(games, done, wants_progress(as_json)) as update:
        progress = run(config, output, games, workers or default_workers(), scheduler, update)
    seconds = time.perf_counter() - started
    return {"file": str(output), "games": games, "played": progress.new, "skipped": done,
            "seconds": round(seconds, 3), "rate": round(progress.new / seconds, 4) if seconds > 0 else 0.0,
            "block": schedule.block, "content": config.content_hash}


def describe_change(before, after, components) -> list[dict]:
    """Each changed component with the lines of `gaia explain` that differ (`- ` before, `+ ` after; a new
    component: its first line), files and provenance notes left out."""
    from .explain import RENDERERS
    out = []
    for c in components:
        entry = {"kind": c.kind, "id": c.id, "status": c.status, "lines": []}
        if c.kind in RENDERERS:
            new = _explained(after, c.kind, c.id)
            if c.status == "added":
                entry["lines"] = [f"+ {new[0]}"] if new else []
            else:
                old = _explained(before, c.kind, c.id)
                entry["lines"] = [f"- {line}" for line in old if line not in new] + \
                                 [f"+ {line}" for line in new if line not in old]
        out.append(entry)
    return out


def _explained(catalogue, kind: str, ident: str) -> list[str]:
    from .explain import explain as explain_text
    text = explain_text(catalogue, kind, ident)
    lines = [re.sub(r"^- |  \(from `[^`]*`\)| \(from `[^`]*`\)", "", line) for line in text.splitlines()]
    return [line for line in lines if line.strip() and not line.startswith(("File: ", "Files: "))]


@app.command()
def report(
    results: Path = typer.Argument(..., metavar="RESULTS", help="A results file of `gaia simulate`."),
    baseline: Optional[Path] = typer.Argument(None, metavar="BASELINE",
                                              help="Results before the change: each faction's difference, tested."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                          help="Write the HTML report here and its charts as SVG files beside it."),
    as_json: bool = typer.Option(False, "--json", help="Print every number as one JSON object (for scripts)."),
) -> None:
    """How each faction fares in a results file, and what changed against a baseline.

    Win rate (ties shared) and mean rank with 95% intervals, VP mean, spread
    and sources, seat advantage, faction against faction, and the sources that
    decide games. With a baseline: each faction's change in win rate and mean
    VP, tested and Holm-Bonferroni corrected for the number of factions. A
    baseline of the same seed and arguments is compared game for game (the
    games in both files; paired t-tests); otherwise two-proportion z-test on
    the win rate and Welch's t-test on VP.

    Examples:

        gaia report changed.jsonl base.jsonl

        gaia report changed.jsonl base.jsonl -o report.html
    """
    from ..lab import LabError
    try:
        # here, not at the top: SciPy is an optional extra, and without it only `gaia report` says so
        from ..lab.effect import add_effects
        from ..lab.report import change_lines, compared_lines, effect_rows, write_report
        from ..lab.stats import summarize

        records = _one_run(results)
        base = _one_run(baseline) if baseline is not None else None
        if not records:
            raise LabError(f"{results}: no finished game")
        note, paired = None, False
        if base is not None:
            records, base, note, paired = _paired(records, base)
        summary = summarize(records, base, paired, (str(results), str(baseline) if baseline is not None else None))
        if paired:
            add_effects(summary, records, base)
        written = write_report(summary, output, f"Balance lab: {results.name}") if output is not None else []
    except LabError as err:
        _fail("report", str(err))
    if as_json:
        typer.echo(json.dumps({**summary.to_json(), "note": note, "files": [str(p) for p in written]}, sort_keys=True))
        return
    out = console(highlight=True)

    def say(text: str) -> None:   # plain text, wrapped between words at the output's width
        out.print(text, markup=False, highlight=False)

    for line in compared_lines(summary):
        say(line)
    if note:
        say(note)
    for warning in summary.warnings:
        say(f"warning: {warning}")
    for line in change_lines(summary):
        say(line)
    if summary.effects:
        out.print(effect_table(summary, effect_rows(summary.effects)))
    if summary.solo is not None:
        out.print(solo_table(summary))
    out.print(summary_table(summary))
    if summary.changes is not None:
        out.print(change_table(summary))
    say(_seat_line(summary))
    say("Deciding sources (winner minus runner-up, mean VP): "
        + ", ".join(f"{d.source} {d.margin:+.1f}" for d in summary.deciders[:5]))
    for sentence in summary.explanations:
        say(sentence)
    if written:
        say(f"report written to {written[0]} and {len(written) - 1} SVG charts beside it")


def _one_run(path: Path) -> list[dict]:
    from ..lab.results import check_one_run, read_results
    results = read_results(path)
    check_one_run(results)
    return results.records


def _paired(records: list[dict], base: list[dict]) -> tuple[list[dict], list[dict], str | None, bool]:
    """Same seed, players, bot, options and pool: keep the games both files hold (the same set-ups)."""
    from ..lab import LabError
    from ..lab.results import run_of
    a, b = run_of(records[0]), run_of(base[0])
    same = all(a[k] == b[k] for k in ("players", "bot", "seed", "options", "pool"))
    if not same:
        return records, base, "the two files are runs of different seeds or arguments: games are not paired", False
    common = {r["index"] for r in records} & {r["index"] for r in base}
    if not common:
        raise LabError("the two files have no game number in common")
    kept = [r for r in records if r["index"] in common], [r for r in base if r["index"] in common]
    note = None if len(common) == len(records) == len(base) else \
        f"compared on the {len(common)} games present in both files"
    if a["content"] == b["content"]:
        note = (note + "; " if note else "") + "both files were made with the same content"
    return kept[0], kept[1], note, True


def solo_table(summary) -> Table:
    """Solo games: the player's win rate and VP against the Automa at each difficulty, every game (all) and by
    faction."""
    table = Table(title=f"Against the Automa over {summary.games} games", title_justify="left")
    for col in ("difficulty", "faction", "games", "win rate", "95% interval", "mean VP", "Automa VP"):
        table.add_column(col, justify="left" if col in ("difficulty", "faction") else "right")
    for s in summary.solo:
        table.add_row(s.difficulty, s.faction, str(s.win.games), f"{s.win.rate:.1%}", f"{s.win.lo:.1%}–{s.win.hi:.1%}",
                      f"{s.vp.mean:.1f}", f"{s.automa_vp.mean:.1f}")
    return table


def summary_table(summary) -> Table:
    table = Table(title=f"Factions over {summary.games} games", title_justify="left")
    for col in ("faction", "games", "win rate", "95% interval", "mean rank", "mean VP", "sd", "95% interval"):
        table.add_column(col, justify="left" if col == "faction" else "right")
    for s in summary.factions:
        table.add_row(s.faction, str(s.win.games), f"{s.win.rate:.1%}", f"{s.win.lo:.1%}–{s.win.hi:.1%}",
                      f"{s.rank.mean:.2f}", f"{s.vp.mean:.1f}", f"{s.vp.sd:.1f}", f"{s.vp.lo:.1f}–{s.vp.hi:.1f}")
    return table


def change_table(summary) -> Table:
    from ..lab.stats import ALPHA

    table = Table(title=f"Against the baseline ({summary.baseline_games} games); * significant at {ALPHA} "
                        "after Holm-Bonferroni", title_justify="left",
                  caption=summary.test, caption_justify="left")
    for col in ("faction", "win before", "after", "change", "p (Holm)", "VP before", "after", "change", "p (Holm)"):
        table.add_column(col, justify="left" if col == "faction" else "right")
    for c in summary.changes:
        style = "bold" if c.win_significant or c.vp_significant else None
        table.add_row(c.faction, f"{c.win_before:.1%}", f"{c.win_after:.1%}", f"{c.win_after - c.win_before:+.1%}",
                      f"{c.win_p_holm:.2g}" + (" *" if c.win_significant else ""), f"{c.vp_before:.1f}",
                      f"{c.vp_after:.1f}", f"{c.vp_after - c.vp_before:+.1f}",
                      f"{c.vp_p_holm:.2g}" + (" *" if c.vp_significant else ""), style=style)
    return table


def effect_table(summary, rows: list[list[str]]) -> Table:
    """The change's effect per faction, paired by deal, with 95% intervals and the games that would halve them."""
    deals = max(e.deals for e in summary.effects)
    table = Table(title=f"The change's effect, paired by deal ({deals} deals; 95% intervals)", title_justify="left")
    for col in ("faction", "deals", "games", "win share", "95% interval", "VP", "95% interval", "games to halve"):
        table.add_column(col, justify="left" if col == "faction" else "right")
    for row in rows:
        table.add_row(*row)
    return table


def _seat_line(summary) -> str:
    return "Seats (win rate, 95% interval): " + ", ".join(
        f"{s.faction} {s.win.rate:.1%} ({s.win.lo:.1%}–{s.win.hi:.1%})" for s in summary.seats)
