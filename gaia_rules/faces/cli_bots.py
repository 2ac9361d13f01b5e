"""`gaia arena`, `gaia tune` and `gaia teach`: bots against bots, and the fast bot's weights tuned by self-play
or taught by the search bot.

Thin faces over gaia_rules/players/arena.py and tune.py. Exit codes follow
the `gaia` scheme (faces/app.py): 0 done, 2 a wrong argument.
"""
from __future__ import annotations

import json
import shlex
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table

from .app import (BOT_KINDS, automa_option, difficulty_option, app, checked_catalogue, checked_seed, content_option, setup_file_problem, setup_option,
                  solo_choices, solo_options_problem)
from .terminal import console


def _progress(label: str, enabled: bool):
    """A progress bar on stderr when it is a terminal; nothing otherwise (scripts and tests)."""
    if not enabled:
        return nullcontext(None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # rich.progress: only when a bar is shown
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True)


def _lineup(text: str, players: int | None) -> list[str]:
    from ..players import BOTS
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    for k in kinds:
        if k not in BOTS:
            raise typer.BadParameter(f"unknown bot '{k}' (choose from {', '.join(BOTS)})", param_hint="--bots")
    if players is not None and len(kinds) == 1:
        kinds = kinds * players
    if not 2 <= len(kinds) <= 4:
        raise typer.BadParameter(f"a table is 2 to 4 bots, not {len(kinds)}", param_hint="--bots")
    return kinds


DEFAULT_LINEUP = "fast,greedy,greedy,greedy"
SOLO_LINEUP = "fast"


def solo_table(stats, title: str, first: str) -> Table:
    """Games against the Automa: one row per name (bot kind, faction, Automa card) and difficulty."""
    table = Table(title=title)
    for col in (first, "difficulty", "games", "win rate", "95% interval", "mean VP", "Automa VP", "margin"):
        table.add_column(col, justify="left" if col in (first, "difficulty") else "right")
    for s in stats:
        lo, hi = s.win_interval()
        automa = sum(s.automa_vp) / s.games if s.games else 0.0
        table.add_row(s.name, s.difficulty, str(s.games), f"{s.win_rate():.0%}", f"{lo:.0%}–{hi:.0%}",
                      f"{sum(s.vp) / s.games:.1f}", f"{automa:.1f}", f"{s.margin():+.1f}")
    return table


def solo_matrix(stats, levels: list[str], title: str, first: str) -> Table:
    """Win rate and mean VP against the Automa: a row per name, a column per difficulty."""
    table = Table(title=title)
    table.add_column(first, justify="left")
    for level in levels:
        table.add_column(level, justify="right")
    cells: dict[str, dict[str, str]] = {}
    for s in stats:
        cells.setdefault(s.name, {})[s.difficulty] = f"{s.win_rate():.0%} {sum(s.vp) / s.games:.0f}"
    for name, row in cells.items():
        table.add_row(name, *(row.get(level, "–") for level in levels))
    return table


def arena_table(stats) -> Table:
    table = Table(title="Arena")
    for col in ("bot", "games", "win rate", "95% interval", "mean VP", "95% interval", "mean rank", "rating μ ± σ", "ms per decision"):
        # a rating and its spread are one figure: its cells never break at the ± (the header may)
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=col == "rating μ ± σ")
    for s in stats:
        d = s.to_json()
        lo, hi = d["win_rate_95"]
        vlo, vhi = d["vp_mean_95"]
        table.add_row(s.kind, str(s.games), f"{d['win_rate']:.0%}", f"{lo:.0%}–{hi:.0%}", f"{d['vp_mean']:.1f}",
                      f"{vlo:.1f}–{vhi:.1f}", f"{d['rank_mean']:.2f}", f"{s.mu:.1f} ± {s.sigma:.1f}",
                      "–" if d["ms_per_decision"] is None else f"{d['ms_per_decision']:.1f}")
    return table


def behaviour_table(columns: list[tuple[str, dict[str, float]]]) -> Table:
    """How each kind played, mean per seat (players' seats only): `gaia arena --behaviour`."""
    from ..players.behaviour import STRUCTURE_PREFIX
    table = Table(title="How they played, mean per seat")
    table.add_column("count", justify="left")
    for name, _ in columns:
        table.add_column(name, justify="right")
    rows: list[str] = []
    for _, means in columns:
        rows += [k for k in means if k not in rows]
    for row in rows:
        share = row.startswith(STRUCTURE_PREFIX) or row == "track at top level"
        table.add_row(row + (" (share of seats)" if share else ""),
                      *(("–" if row not in m else f"{m[row]:.0%}" if share else f"{m[row]:.1f}") for _, m in columns))
    return table


def sources_table(stats) -> Table:
    """Mean VP per seat of each kind from each source group (the groups of the lab's reports)."""
    table = Table(title="Mean VP by source")
    table.add_column("source", justify="left")
    for s in stats:
        table.add_column(s.kind, justify="right")
    means = [s.sources_mean() for s in stats]
    groups: list[str] = []
    for m in means:
        groups += [g for g in m if g not in groups]
    for g in groups:
        table.add_row(g, *(f"{m.get(g, 0.0):.1f}" for m in means))
    table.add_row("total", *(f"{s.vp_mean():.1f}" for s in stats))
    return table


@app.command()
def arena(
    bots: Optional[str] = typer.Option(None, "--bots", metavar="KIND,...",
                                       help=f"The line-up, one bot kind per seat ({', '.join(BOT_KINDS)}); one kind "
                                            f"with --players fills every seat (default {DEFAULT_LINEUP}). Solo "
                                            f"games: each kind named takes the player's seat in turn (default "
                                            f"{SOLO_LINEUP})."),
    players: Optional[int] = typer.Option(None, "--players", min=1, max=4, metavar="N",
                                          help="Seats, when --bots names one kind (default: the --setup file's "
                                               "players); 1: solo games against the Automa."),
    automa: Optional[str] = automa_option(),
    difficulty: Optional[str] = difficulty_option(),
    deals: int = typer.Option(10, "--deals", min=1, metavar="N",
                              help="Set-ups drawn; each is played once per distinct rotation of the line-up over "
                                   "the seats."),
    seed: Optional[str] = typer.Option(None, "--seed", metavar="SEED", callback=checked_seed,
                                       help="Seed of the deals and the bots (default: the --setup file's, else arena)."),
    variant: Optional[str] = typer.Option(None, "--variant", metavar="VARIANT",
                                          help="Rules variant (content; default: the --setup file's, else rules)."),
    workers: int = typer.Option(1, "--workers", min=1, metavar="N", help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="One JSON document: per kind and per game."),
    sources: bool = typer.Option(False, "--sources", help="Also a table of each kind's mean VP by source (round "
                                                          "tiles, federations, research, ...)."),
    behaviour: bool = typer.Option(False, "--behaviour", help="Also a table of how each kind played, mean per "
                                                              "seat: planets, structures built, federations, power "
                                                              "actions, a track at its top level, advanced tiles, "
                                                              "federation tokens, resources left at the end."),
    weights_file: Optional[Path] = typer.Option(None, "--weights", metavar="FILE",
                                                help="Fast-bot weights (a `gaia tune` output) for every fast and "
                                                     "search seat, instead of the shipped ones."),
    think: Optional[float] = typer.Option(None, "--think", min=0.0, metavar="SECONDS",
                                          help="Search seats: seconds of the process's CPU time per move "
                                               "(not wall time; depends on the machine's speed)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", min=0, metavar="N",
                                             help="Search seats: fast-bot decisions simulated per move "
                                                  "(reproducible; the default when --think is not given: 200)."),
    against: Optional[Path] = typer.Option(None, "--against", metavar="FILE",
                                           help="An earlier `--json` run of the same games (same line-up, "
                                                "deals and seed): each kind's VP difference, game by game, "
                                                "with its 95% interval."),
    setup_file: Optional[Path] = setup_option(),
    content: Optional[List[Path]] = content_option(),
) -> None:
    """Play bots against each other: win rates and mean VP with 95% intervals paired by deal, a rating per bot kind.

    Every deal (board, tiles and factions from the seed) is played once per
    distinct rotation of the line-up, so each kind sits in every seat and plays
    every faction of the deal. Games = deals x seats, or deals alone when one
    kind fills every seat (its rotations would replay the same game). A set-up
    file (`--setup`) fixes parts of every deal (its factions stay by seat while
    the line-up rotates); the rest is drawn per deal.

    Examples:

        gaia arena --bots fast,greedy,greedy,greedy --deals 50 --workers 2

        gaia arena --bots fast,greedy --deals 20 --json > arena.json

        gaia arena --bots fast,greedy,greedy,greedy --deals 20 --weights tuned.json

        gaia arena --bots search,fast,fast,fast --deals 1 --think 2

        gaia arena --bots fast --players 4 --deals 8 --sources --workers 2

        gaia arena --bots fast --players 4 --deals 12 --behaviour

        gaia arena --bots fast --players 4 --deals 64 --seed x --weights tuned.json --against base.json

        gaia arena --bots fast,greedy --deals 4 --content my-boosters/ --setup setup.yaml

        gaia arena --players 1 --automa all --difficulty all --deals 15 --workers 2

    Solo games (`--players 1`, or `--automa`, `--difficulty`): every deal is
    played against each Automa card at each difficulty, each bot kind of
    --bots in the player's seat; the tables give each kind's, each faction's
    and each Automa card's win rate and mean VP against the Automa.
    """
    from ..setup import SOLO_PLAYERS
    catalogue = checked_catalogue("arena", content)
    players = _arena_players(players, bots, automa, difficulty, setup_file)
    if players == SOLO_PLAYERS:
        _solo_arena(catalogue, bots or SOLO_LINEUP, deals, seed, variant, workers, as_json, weights_file, think,
                    iterations, against, setup_file, content, automa, difficulty, behaviour)
        return
    _table_arena(catalogue, _lineup(bots or DEFAULT_LINEUP, players), deals, seed, variant, workers, as_json,
                 sources, weights_file, think, iterations, against, setup_file, content, behaviour)


def _arena_players(players: Optional[int], bots: Optional[str], automa: Optional[str], difficulty: Optional[str],
                   setup_file: Optional[Path]) -> Optional[int]:
    """The seats asked for: --players, else a solo option's 1, else the --setup file's (one kind given)."""
    from ..content.setupfile import read_setup_file
    from ..setup import SOLO_PLAYERS
    problem = solo_options_problem(players, automa, difficulty)
    if problem is not None:
        typer.echo(f"gaia arena: {problem}", err=True)
        raise typer.Exit(2)
    if setup_file is not None:
        problem = setup_file_problem(setup_file)
        if problem is not None:
            typer.echo(f"gaia arena: --setup {setup_file}: {problem}", err=True)
            raise typer.Exit(2)
        peek, _problems = read_setup_file(setup_file)   # its players, if any; every problem is reported later
        if peek is not None and peek.fields.get("players") == SOLO_PLAYERS and players is None:
            players = SOLO_PLAYERS
        if peek is not None and ("automa" in peek.fields or "difficulty" in peek.fields) and players is None:
            players = SOLO_PLAYERS
        if players is None and peek is not None and len([k for k in (bots or DEFAULT_LINEUP).split(",")
                                                          if k.strip()]) == 1:
            players = peek.fields.get("players")
    if players is None and (automa is not None or difficulty is not None):
        players = SOLO_PLAYERS
    return players


def _table_arena(catalogue, lineup: list[str], deals: int, seed: Optional[str], variant: Optional[str], workers: int,
                 as_json: bool, sources: bool, weights_file: Optional[Path], think: Optional[float],
                 iterations: Optional[int], against: Optional[Path], setup_file: Optional[Path],
                 content: Optional[List[Path]], behaviour: bool = False) -> None:
    """The arena of bots against each other (every seat a bot)."""
    from ..players.arena import UnpairedGames, arena_json, earlier_games, paired, schedule, summarize, unique
    from ..players.behaviour import behaviour_means
    from ..setup import SetupError, load_setup_file, setup_arguments
    fields: dict = {}
    if setup_file is not None:
        try:
            fields = load_setup_file(catalogue, setup_file, len(lineup), variant).fields
        except SetupError as err:
            typer.echo(f"gaia arena: {err}", err=True)
            raise typer.Exit(2)
    args = setup_arguments(fields, len(lineup), seed, variant)
    seed, variant = args["seed"] or "arena", args["variant"]
    earlier = _earlier_run(against) if against is not None else None
    weights = _weights(weights_file)
    if variant not in catalogue.variants:
        raise typer.BadParameter(f"unknown variant '{variant}' (choose from {', '.join(catalogue.variants)})",
                                 param_hint="--variant")
    search = _search_options(think, iterations)
    try:
        specs = schedule(catalogue, lineup, deals, seed, variant, args["factions"], args["layout"], args["fixed"])
    except SetupError as err:
        typer.echo(f"gaia arena: {err}", err=True)
        raise typer.Exit(2)
    if earlier is not None:
        try:
            earlier_games(specs, earlier)
        except UnpairedGames as err:
            typer.echo(f"gaia arena: --against {against}: {err}", err=True)
            raise typer.Exit(2)
    results = _played(specs, workers, content, as_json, weights, search)
    kinds = unique(lineup)
    pairs = paired(results, earlier, kinds) if earlier is not None else None   # the games were checked above
    if as_json:
        typer.echo(json.dumps(arena_json(results, kinds, pairs), sort_keys=True))
        return
    stats = summarize(results, kinds)
    out = console(highlight=True)
    out.print(arena_table(stats))
    if sources:
        out.print(sources_table(stats))
    if behaviour:
        out.print(behaviour_table([(s.kind, behaviour_means(s.behaviour)) for s in stats]))
    if pairs is not None:
        out.print(paired_table(pairs, against))


def _search_options(think: Optional[float], iterations: Optional[int]) -> dict:
    """What a search seat is told: seconds of thought or simulated decisions (one of the two)."""
    if think is not None and iterations is not None:
        raise typer.BadParameter("give either --think or --iterations, not both", param_hint="--think")
    return {"think": think} if think is not None else {"iterations": iterations} if iterations is not None else {}


def _played(specs, workers: int, content: Optional[List[Path]], as_json: bool, weights, search: dict) -> list:
    """The arena's games played, with a progress bar when both outputs are a terminal."""
    from ..players.arena import play_all
    overlays = tuple(str(p) for p in content or [])
    show = not as_json and sys.stderr.isatty()
    with _progress("arena", show) as bar:
        task = bar.add_task("games", total=len(specs)) if bar else None

        def tick(_result) -> None:
            if bar:
                bar.advance(task)

        return play_all(specs, workers, overlays, tick, weights, search)


def _weights(weights_file: Optional[Path]):
    from ..players.fast import load_weights
    if weights_file is None:
        return None
    try:
        return load_weights(weights_file)
    except (OSError, ValueError, json.JSONDecodeError) as err:
        why = f"{weights_file}: {err.strerror or err}" if isinstance(err, OSError) else str(err)
        typer.echo(f"gaia arena: --weights {why}", err=True)
        raise typer.Exit(2)


def _solo_arena(catalogue, bots: str, deals: int, seed, variant, workers: int, as_json: bool, weights_file,
                think, iterations, against, setup_file, content, automa, difficulty, behaviour: bool = False) -> None:
    """`gaia arena --players 1`: each bot kind in the player's seat against the Automa (docs/solo.md)."""
    from ..players import BOTS
    from ..players.arena import arena_json, solo_schedule, solo_summary
    from ..players.behaviour import behaviour_means
    from ..setup import SOLO_PLAYERS, SetupError, load_setup_file, setup_arguments
    kinds = []
    for k in (k.strip() for k in bots.split(",")):
        if k and k not in BOTS:
            raise typer.BadParameter(f"unknown bot '{k}' (choose from {', '.join(BOTS)})", param_hint="--bots")
        if k and k not in kinds:
            kinds.append(k)
    if not kinds:
        raise typer.BadParameter("name at least one bot kind", param_hint="--bots")
    if against is not None:
        typer.echo("gaia arena: --against pairs tables of bots: solo games are compared by their tables", err=True)
        raise typer.Exit(2)
    fields: dict = {}
    if setup_file is not None:
        try:
            fields = load_setup_file(catalogue, setup_file, SOLO_PLAYERS, variant).fields
        except SetupError as err:
            typer.echo(f"gaia arena: {err}", err=True)
            raise typer.Exit(2)
    args = setup_arguments(fields, SOLO_PLAYERS, seed, variant)
    cards, levels = solo_choices(catalogue, automa or args["automa"], difficulty or args["difficulty"])
    seed, variant = args["seed"] or "arena", args["variant"]
    if variant not in catalogue.variants:
        raise typer.BadParameter(f"unknown variant '{variant}' (choose from {', '.join(catalogue.variants)})",
                                 param_hint="--variant")
    search = _search_options(think, iterations)
    weights = _weights(weights_file)
    try:
        specs = solo_schedule(catalogue, kinds, deals, seed, cards, levels, variant, args["factions"],
                              args["layout"], args["fixed"])
    except SetupError as err:
        typer.echo(f"gaia arena: {err}", err=True)
        raise typer.Exit(2)
    results = _played(specs, workers, content, as_json, weights, search)
    if as_json:
        typer.echo(json.dumps(arena_json(results, kinds, levels=levels), sort_keys=True))
        return
    out = console(highlight=True)
    out.print(solo_table(solo_summary(results, "bot", levels), "Against the Automa", "bot"))
    out.print(solo_matrix(solo_summary(results, "faction", levels), levels,
                          "By faction of the player: win rate, mean VP", "faction"))
    if len(cards) > 1:
        out.print(solo_matrix(solo_summary(results, "automa", levels), levels,
                              "By Automa card: the player's win rate, mean VP", "Automa"))
    if behaviour:
        out.print(behaviour_table([(f"{s.name} {s.difficulty}", behaviour_means(s.behaviour))
                                   for s in solo_summary(results, "bot", levels)]))


def _earlier_run(path: Path) -> dict:
    """An arena `--json` document, read before any game is played (a bad file fails at once)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        typer.echo(f"gaia arena: --against {path}: {err.strerror or err}", err=True)
        raise typer.Exit(2)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        typer.echo(f"gaia arena: --against {path}: not an arena --json output ({err})", err=True)
        raise typer.Exit(2)
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        typer.echo(f"gaia arena: --against {path}: not an arena --json output (no 'results' list)", err=True)
        raise typer.Exit(2)
    return data


def paired_table(pairs, against: Path) -> Table:
    table = Table(title=f"Against {against}, game by game")
    for col in ("bot", "games", "mean VP", "earlier", "difference", "95% interval"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for p in pairs:
        lo, hi = p.difference_95
        table.add_row(p.kind, str(p.games), f"{p.vp_mean:.1f}", f"{p.earlier_vp_mean:.1f}", f"{p.difference:+.1f}",
                      f"{lo:+.1f} to {hi:+.1f}")
    return table


@app.command()
def tune(
    generations: int = typer.Option(12, "--generations", min=1, metavar="N", help="Generations of the strategy."),
    pairs: int = typer.Option(4, "--pairs", min=1, metavar="N", help="Directions tried per generation (2 candidates each)."),
    deals: int = typer.Option(4, "--deals", min=1, metavar="N", help="Games per candidate."),
    players: int = typer.Option(4, "--players", min=2, max=4, metavar="N", help="Seats at each table."),
    seed: str = typer.Option("tune", "--seed", metavar="SEED", callback=checked_seed,
                             help="Seed of the directions and the deals."),
    step: float = typer.Option(0.2, "--step", metavar="X", help="Size of a try, relative to each weight."),
    workers: int = typer.Option(1, "--workers", min=1, metavar="N", help="Worker processes."),
    start: Optional[Path] = typer.Option(None, "--from", metavar="FILE", help="Weights to start from (default: shipped)."),
    output: Path = typer.Option(..., "-o", "--output", metavar="FILE", help="Where to write the tuned weights."),
    objective: str = typer.Option("seat", "--objective", metavar="seat|table|automa",
                                  help="seat: VP above the current weights at the same table; "
                                       "table: the mean VP of a table where every seat plays the candidate; "
                                       "automa: VP above the standard Automa in solo games (--players "
                                       "is not used)."),
) -> None:
    """Tune the fast bot's weights by self-play (an evolution strategy; docs/bots.md).

    Writes the weights after every generation, so an interrupted run keeps its
    progress. Install the result by copying it over
    gaia_rules/players/weights/fast.json, or try it first with `gaia arena`.

    Example:

        gaia tune --generations 12 --pairs 4 --deals 4 --workers 2 -o tuned.json

        gaia tune --objective table --generations 12 --workers 2 -o tuned.json

        gaia tune --objective automa --deals 7 --generations 12 --workers 2 -o solo.json
    """
    from ..players.fast import load_weights
    from ..players.tune import OBJECTIVES, tune as run, weights_document
    if objective not in OBJECTIVES:
        typer.echo(f"gaia tune: --objective: unknown '{objective}' (choose {', '.join(OBJECTIVES)})", err=True)
        raise typer.Exit(2)

    try:
        weights = load_weights(start)
    except (OSError, ValueError, json.JSONDecodeError) as err:
        typer.echo(f"gaia tune: --from {start}: {err}", err=True)
        raise typer.Exit(2)
    command = "gaia tune " + " ".join(shlex.quote(a) for a in sys.argv[2:]) if len(sys.argv) > 2 else "gaia tune"

    def report(g) -> None:
        try:
            output.write_text(weights_document(g.weights, command, f"generation {g.number} of {generations}"),
                              encoding="utf-8")
        except OSError as err:
            typer.echo(f"gaia tune: cannot write {output}: {err.strerror or err}", err=True)
            raise typer.Exit(2)
        typer.echo(f"generation {g.number}: mean fitness {g.fitness:+.2f} VP, best {g.best:+.2f} VP")

    run(generations, pairs, deals, players, seed, step=step, workers=workers, start=weights, on_generation=report,
        objective=objective)
    typer.echo(f"weights written to {output}")


@app.command()
def teach(
    data: Path = typer.Argument(..., metavar="DATA", help="The decisions file (JSON lines): appended to, read by --fit."),
    games: int = typer.Option(0, "--games", min=0, max=100_000, metavar="N",
                              help="Games the search bot plays as the teacher (those already in DATA are skipped)."),
    players: int = typer.Option(1, "--players", min=1, max=4, metavar="N",
                                help="1: solo games against the standard Automa; 2-4: the teacher in one seat "
                                     "(turning with the game), fast bots in the others."),
    seed: str = typer.Option("teach", "--seed", metavar="SEED", callback=checked_seed, help="Seed of the games."),
    iterations: int = typer.Option(300, "--iterations", min=10, max=100_000, metavar="N",
                                   help="The teacher's budget: fast-bot decisions played out per move."),
    workers: int = typer.Option(1, "--workers", min=1, max=64, metavar="N", help="Worker processes."),
    start: Optional[Path] = typer.Option(None, "--from", metavar="FILE",
                                         help="Weights of every bot of the games and of the fit's start "
                                              "(default: shipped)."),
    fit_to: Optional[Path] = typer.Option(None, "--fit", metavar="FILE",
                                          help="Fit the fast bot's weights to all of DATA and write them here."),
    ridge: float = typer.Option(0.1, "--ridge", min=0.0, max=100.0, metavar="X",
                                help="How strongly the fit keeps each weight where it started."),
) -> None:
    """The search bot as the fast bot's teacher: collect its decisions, fit the fast bot's weights to them.

    At each decision the search bot plays its candidates out to the round's end; DATA keeps each
    candidate's play-out value and the fast estimate's features, a game at a time, so an interrupted
    run resumes. --fit writes weights that make the one-move estimate predict those values
    (docs/bots.md, "Search as the teacher"). Needs numpy for --fit (pip install -e '.[lab]').

    Examples:

        gaia teach decisions.jsonl --games 40 --players 1 --workers 2

        gaia teach decisions.jsonl --fit taught.json
    """
    from ..lab.teach import TeachError, collect, fit, schedule
    from ..players.fast import load_weights
    from ..players.tune import weights_document
    try:
        weights = load_weights(start)
    except (OSError, ValueError, json.JSONDecodeError) as err:
        typer.echo(f"gaia teach: --from {start}: {err}", err=True)
        raise typer.Exit(2)
    if games:
        catalogue = checked_catalogue("teach", None)
        plan = schedule(catalogue, games, seed, players, iterations, weights if start else None)
        try:
            added = collect(data, plan, workers,
                            on_game=lambda g, n: typer.echo(f"{g.seed}: {n} decisions", err=True))
        except OSError as err:
            typer.echo(f"gaia teach: cannot write {data}: {err.strerror or err}", err=True)
            raise typer.Exit(2)
        except TeachError as err:
            typer.echo(f"gaia teach: {err}", err=True)
            raise typer.Exit(2)
        typer.echo(f"{added} decisions added to {data}")
    if fit_to is None:
        return
    if not data.exists():
        typer.echo(f"gaia teach: no such file: {data}", err=True)
        raise typer.Exit(2)
    try:
        result = fit([data], ridge, weights)
    except TeachError as err:
        typer.echo(f"gaia teach: {err}", err=True)
        raise typer.Exit(2)
    command = "gaia teach " + " ".join(shlex.quote(a) for a in sys.argv[2:])
    note = (f"fitted to {result.decisions} decisions ({result.candidates} candidates) of {data.name}; play-out "
            f"values predicted to {result.error_after:.2f} VP (root mean square) against {result.error_before:.2f} "
            f"with the start weights")
    try:
        fit_to.write_text(weights_document(result.weights, command, note), encoding="utf-8")
    except OSError as err:
        typer.echo(f"gaia teach: cannot write {fit_to}: {err.strerror or err}", err=True)
        raise typer.Exit(2)
    typer.echo(note)
    typer.echo(f"weights written to {fit_to}")
