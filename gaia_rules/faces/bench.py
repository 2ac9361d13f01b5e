"""`gaia bench`: how fast the engine is, measured on the conformance corpus and on bot games.

Every figure is measured in this process, each benchmark with its own
`Engine` (so that what one benchmark leaves in the engine's caches does not
speed up the next) and after a warm-up (each game of the corpus is replayed
once, untimed, so that the caches are as they are in a long-running program),
except `load`, which is measured cold in fresh subprocesses. The benchmarks:

- `load`: `gaia_rules.content.load_catalogue()` (read, schema-check and parse
  all bundled content) in a fresh `python -c`; median and worst of a few runs.
- `apply`: `Engine.apply` (clone + legality check + the move) for every
  command of every corpus game.
  `apply`, `legal` and `federation` time single positions, so (as `timeit`
  does) the garbage collector is off while a game is timed and runs between
  games: otherwise its pauses land on arbitrary positions.
- `legal`: `Engine.legal_moves` at every position of the corpus (a position is
  the state before each command; `--every K` times one position in K).
- `federation`: `possible_federations` for the player to move at every
  action-phase position.
- `replay`: `replay_record` (replay, compare every recorded number) per game,
  on the record read beforehand, the median of `--repeats` runs; moves/s
  counts the recorded move lines.
- `playout`: whole games of seeded random bots (2, 3 and 4 players).
- `bots`: what the bots' thinking costs, at one action-phase position in
  `--every` (default 10) of the corpus: `GameState.clone` (the search bot's
  play-outs copy a state per move) and a `FastBot` decision (`choose`, which
  applies and estimates every candidate), in CPU time of the process
  (`time.process_time`, the clock of the bots' `--think`); the mean is the figure the fast bot's
  20 ms target is about, and its inverse the play-out speed a search bot gets
  (fast-bot decisions per second).
- `memory`: tracemalloc peak while replaying the largest corpus game with a
  fresh `Engine` (the loaded catalogue itself is not counted); and, for
  comparison with engines measured as whole processes, the peak resident
  memory of a fresh Python process that loads the content and replays it.

Figures measured on one machine do not hold on another, so a run is never
judged against absolute numbers measured elsewhere. Every run names its
machine (`machine`: CPU model, cores, system, Python) and the load average
around it. The targets (`TARGETS`, the bounds the issues set) were met by the
reference run (`REFERENCE`: its commit, date, machine and figures, shown in
docs/bench.md); each target becomes a ratio, the room that run had: at most
`bound / reference` times the reference figure (for rates, at least). With a
baseline (an earlier `--json` run, best on the same machine and in the same
session) each headline figure is given as a ratio to it, and the target is
judged on that ratio: exact when the baseline is a run of the reference
commit, and otherwise a judgement that assumes the baseline code as fast as
the reference.

`run_bench` returns one JSON-able dict; `render` prints it as tables. The
corpus is the bundled one (`tests/conformance/*.json`, found by
`formats.corpus`) unless files are given.
"""
from __future__ import annotations

import gc
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import threading
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, List, Optional

import typer
from rich.console import Console
from rich.table import Table

from ..players import BotGameError, FastBot, RandomBot, play_game
from .app import app, progress_bar, wants_progress
from .terminal import console as stdout_console
from ..content import default_catalogue
from ..formats.corpus import CorpusMissing, corpus_files as bundled_corpus
from ..formats.notation import canonical, parse_line
from ..formats.replay import _names, hex_namer, replay_file, replay_record, setup_from_record, token_words
from ..rules import Engine, MoveError, MoveSyntaxError
from ..rules.federations import possible_federations
from ..setup import random_setup

BENCHMARKS = ("load", "apply", "legal", "federation", "replay", "playout", "bots", "memory")

# the targets printed beside each figure: (section, key) -> (bound, "max" | "min")
TARGETS = {
    ("load", "s"): (0.5, "max"),
    ("apply", "median_us"): (100.0, "max"),
    ("legal", "median_ms"): (0.3, "max"),
    ("legal", "worst_ms"): (20.0, "max"),
    ("federation", "worst_ms"): (20.0, "max"),
    ("replay", "median_moves_per_s"): (10_000.0, "min"),
    ("playout", "4p"): (20.0, "min"),
    ("bots", "fast_mean_ms"): (20.0, "max"),
    ("memory", "peak_mb"): (50.0, "max"),
}

# The run the targets were met with (docs/bench.md). The bots figure comes from a run of
# `gaia bench --only bots` on the same machine and day (commit 9c240dc).
REFERENCE = {
    "commit": "19682aa",
    "date": "2026-12-03",
    "machine": "the project's first development machine (2 cores, Linux; its CPU model was not recorded)",
    "figures": {
        "load.s": 0.106,
        "apply.median_us": 35.8,
        "legal.median_ms": 0.126,
        "legal.worst_ms": 14.61,
        "federation.worst_ms": 12.55,
        "replay.median_moves_per_s": 12004,
        "playout.4p": 28.71,
        "bots.fast_mean_ms": 8.6,
        "memory.peak_mb": 1.45,
    },
}

# what a figure measures: a time or a size (less is better) or a rate (more is better)
RATES = {("replay", "median_moves_per_s"), ("playout", "4p")}
SIZES = {("memory", "peak_mb")}


def target_ratio(section: str, key: str) -> float:
    """The target as a ratio to the reference figure: the room the reference run had."""
    bound, _ = TARGETS[(section, key)]
    return round(bound / REFERENCE["figures"][f"{section}.{key}"], 2)

LOAD_RUNS = 3
LOAD_SCRIPT = (
    "import json, time\n"
    "t0 = time.perf_counter()\n"
    "from gaia_rules.content import load_catalogue\n"
    "t1 = time.perf_counter()\n"
    "catalogue, problems = load_catalogue()\n"
    "t2 = time.perf_counter()\n"
    "print(json.dumps({'import_s': t1 - t0, 'load_s': t2 - t1, 'problems': len(problems)}))\n"
)


# VmHWM (the peak resident set of this process image); ru_maxrss would also count the image of
# the parent the child was forked from, which Linux keeps across exec
PROCESS_SCRIPT = (
    "import json, sys\n"
    "from gaia_rules.formats.replay import replay_file\n"
    "from gaia_rules.rules import Engine\n"
    "replay_file(Engine(), sys.argv[1])\n"
    "kb = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
    "print(json.dumps({'kb': kb}))\n"
)


class BenchError(Exception):
    """A benchmark that cannot run (no corpus, an unreadable file, a failing subprocess)."""


# ------------------------------------------------------------------ the machine

def machine() -> dict:
    """What the figures were measured on: CPU model, cores, system and Python."""
    cpu = None
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name") and ":" in line:
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu or platform.processor() or platform.machine() or "unknown CPU",
            "cores": os.cpu_count(), "system": f"{platform.system()} {platform.release()}".strip(),
            "python": platform.python_version()}


def machine_text(m: dict | None) -> str:
    if not m:
        return "not recorded"
    return f"{m.get('cpu')}, {m.get('cores')} cores, {m.get('system')}, Python {m.get('python')}"


def load_average() -> float | None:
    """The 1-minute load average (None where the system has none)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):  # pragma: no cover - Windows
        return None


# ------------------------------------------------------------------ statistics

def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    k = max(0, min(len(sorted_values) - 1, math.ceil(q / 100 * len(sorted_values)) - 1))
    return sorted_values[k]


def summary(values: list[float], scale: float, unit: str) -> dict:
    """median, worst and (with >= 100 samples) p99, scaled (e.g. 1e6 for us), with the sample count."""
    if not values:
        return {f"median_{unit}": None, f"worst_{unit}": None, "samples": 0}
    ordered = sorted(values)
    out = {f"median_{unit}": round(statistics.median(ordered) * scale, 3),
           f"worst_{unit}": round(ordered[-1] * scale, 3)}
    if len(ordered) >= 100:
        out[f"p99_{unit}"] = round(percentile(ordered, 99) * scale, 3)
    out["samples"] = len(ordered)
    return out


# ------------------------------------------------------------------ the corpus

@dataclass
class Game:
    id: str
    path: Path
    record: dict
    commands: int = 0     # commands applied in a replay (counted by the warm-up)

    @property
    def lines(self) -> int:
        return len(self.record["moves"])


@dataclass
class Position:
    """The state before one command of a recorded line (`command_index` counts from 0 within the line)."""

    game: str
    move_index: int
    line: str
    command_index: int
    command: str
    state: object
    move: object

    def where(self) -> dict:
        return {"game": self.game, "move_index": self.move_index, "line": self.line,
                "command_index": self.command_index, "command": self.command}


def corpus_files(files: list[Path] | None) -> list[Path]:
    """The FILEs given, else the 38 main games of the bundled corpus."""
    if files:
        return list(files)
    try:
        return bundled_corpus("games")
    except CorpusMissing as err:
        raise BenchError(f"{err}; or give FILEs") from None


def load_games(paths: list[Path]) -> list[Game]:
    games = []
    for path in paths:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            moves = record["moves"]
            record["setup"]
        except FileNotFoundError:
            raise BenchError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise BenchError(f"{path}: cannot be read ({type(err).__name__}: {err})".splitlines()[0]) from None
        except (KeyError, TypeError) as err:
            raise BenchError(f"{path}: not a recorded game (missing {err})") from None
        if not isinstance(moves, list):
            raise BenchError(f"{path}: not a recorded game (moves is not a list)")
        games.append(Game(str(record.get("id") or path.stem), path, record))
    return games


def walk(engine: Engine, game: Game, timed_apply: list[float] | None = None) -> Iterator[Position]:
    """Every position of a recorded game, in order; the caller may look at `pos.state` before the next one.

    The state is advanced with `Engine.apply` (a fresh object each time, so a
    yielded state is never changed afterwards); with `timed_apply` each apply is timed.
    A game the engine refuses stops at the refused command.
    """
    record = game.record
    state = engine.new_game(setup_from_record(engine, record))
    words = token_words(engine)
    clock = time.perf_counter
    for i, line in enumerate(record["moves"][1:], start=1):
        try:
            parsed = parse_line(line, _names(engine, state), state.setup.players, words)
        except MoveSyntaxError:
            return
        for k, mv in enumerate(parsed.moves):
            mv = engine.normalize(state, canonical(mv, hex_namer(engine, state)))
            yield Position(game.id, i, line, k, str(mv), state, mv)
            try:
                if timed_apply is None:
                    state = engine.apply(state, mv)
                else:
                    t = clock()
                    state = engine.apply(state, mv)
                    timed_apply.append(clock() - t)
            except MoveError:
                return
            if state.ended:
                return


# ------------------------------------------------------------------ the benchmarks

def bench_load(runs: int = LOAD_RUNS) -> dict:
    """Cold catalogue load in fresh interpreters: one untimed run (compiled files, disk cache), then `runs`."""
    times, imports = [], []
    for i in range(runs + 1):
        proc = subprocess.run([sys.executable, "-c", LOAD_SCRIPT], capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise BenchError(f"load: the subprocess failed: {last}")
        data = json.loads(proc.stdout.strip().splitlines()[-1])
        if data["problems"]:
            raise BenchError(f"load: the bundled content has {data['problems']} problems (see `gaia validate`)")
        if i > 0:
            times.append(data["load_s"])
            imports.append(data["import_s"])
    return {"s": round(statistics.median(times), 4), "worst_s": round(max(times), 4),
            "import_s": round(statistics.median(imports), 4), "runs": runs}


def warm_up(engine: Engine, games: list[Game]) -> None:
    """Replay every game once, untimed, counting its commands."""
    for game in games:
        game.commands = sum(1 for _ in walk(engine, game))


def paused_gc(games: list[Game]) -> Iterator[Game]:
    """Each game with the garbage collector off, collecting in between (as `timeit` does).

    A collection pause lands on whichever position happens to trigger it; with
    the collector running between games, each timing is the position's own.
    """
    for game in games:
        gc.collect()
        gc.disable()
        try:
            yield game
        finally:
            gc.enable()


def bench_apply(engine: Engine, games: list[Game]) -> dict:
    times: list[float] = []
    for game in paused_gc(games):
        for _ in walk(engine, game, timed_apply=times):
            pass
    return summary(times, 1e6, "us")


def bench_legal(engine: Engine, games: list[Game], every: int = 1) -> dict:
    times: list[float] = []
    worst: tuple[float, Position | None] = (-1.0, None)
    clock = time.perf_counter
    n = 0
    for game in paused_gc(games):
        for pos in walk(engine, game):
            n += 1
            if (n - 1) % every:
                continue
            t = clock()
            engine.legal_moves(pos.state)
            dt = clock() - t
            times.append(dt)
            if dt > worst[0]:
                worst = (dt, pos)
    out = summary(times, 1e3, "ms")
    out["positions"] = n
    out["every"] = every
    out["worst_position"] = worst[1].where() if worst[1] else None
    return out


def bench_bots(engine: Engine, games: list[Game], every: int = 10) -> dict:
    """State clones and fast-bot decisions at one action-phase position in `every`."""
    clones: list[float] = []
    decisions: list[float] = []
    worst: tuple[float, Position | None] = (-1.0, None)
    clock = time.process_time   # CPU time: the figure the bots' budgets count, whatever the machine's load
    n = 0
    for game in paused_gc(games):
        for pos in walk(engine, game):
            state = pos.state
            if state.phase != "actions" or state.ended or engine.to_move(state) is None:
                continue
            n += 1
            if (n - 1) % every:
                continue
            t = clock()
            state.clone()
            clones.append(clock() - t)
            bot = FastBot(f"bench/{n}")
            t = clock()
            bot.choose(engine, state)
            dt = clock() - t
            decisions.append(dt)
            if dt > worst[0]:
                worst = (dt, pos)
    out = {"clone": summary(clones, 1e6, "us"), "fast": summary(decisions, 1e3, "ms"), "every": every,
           "positions": n, "worst_position": worst[1].where() if worst[1] else None}
    mean = statistics.fmean(decisions) if decisions else None
    out["fast_mean_ms"] = None if mean is None else round(mean * 1e3, 3)
    out["fast_decisions_per_s"] = None if not mean else round(1 / mean, 1)
    return out


def bench_federation(engine: Engine, games: list[Game]) -> dict:
    times: list[float] = []
    worst: tuple[float, Position | None, int] = (-1.0, None, -1)
    clock = time.perf_counter
    for game in paused_gc(games):
        for pos in walk(engine, game):
            state = pos.state
            if state.phase != "actions" or state.ended:
                continue
            p = engine.to_move(state)
            if p is None:
                continue
            ctx = engine.context(state)
            t = clock()
            possible_federations(ctx, state, p)
            dt = clock() - t
            times.append(dt)
            if dt > worst[0]:
                worst = (dt, pos, p)
    out = summary(times, 1e3, "ms")
    out["worst_position"] = dict(worst[1].where(), player=worst[2] + 1) if worst[1] else None
    return out


def bench_replay(engine: Engine, games: list[Game], repeats: int = 3) -> tuple[dict, dict]:
    """Per game {"ms", "moves", "moves_per_s", ...}, and the medians over the games."""
    out: dict = {}
    rates = []
    for game in games:
        runs = []
        result = None
        for _ in range(repeats):
            t = time.perf_counter()
            result = replay_record(engine, game.record)
            runs.append(time.perf_counter() - t)
        s = statistics.median(runs)
        rate = game.lines / s
        rates.append(rate)
        out[game.id] = {"ms": round(s * 1e3, 2), "moves": game.lines, "moves_per_s": round(rate),
                        "commands": game.commands, "commands_per_s": round(game.commands / s),
                        "passed": bool(result.passed)}
    per_game = list(out.values())
    median = {"ms": round(statistics.median(v["ms"] for v in per_game), 2),
              "moves_per_s": round(statistics.median(rates)),
              "commands_per_s": round(statistics.median(v["commands_per_s"] for v in per_game))
              } if rates else {"ms": None, "moves_per_s": None, "commands_per_s": None}
    return out, median


class _GameTimeout(Exception):
    """A bot game that ran past `GAME_TIMEOUT_S` (an engine stuck in a loop, say)."""


GAME_TIMEOUT_S = 10.0


def _with_deadline(seconds: float, fn: Callable[[], object]):
    """fn() interrupted after `seconds` (by SIGALRM, where there is one and we are in the main thread)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return fn()

    def fire(signum, frame):
        raise _GameTimeout()

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def bench_playout(engine: Engine, games: int, counts=(2, 3, 4), say: Callable[[str], None] | None = None) -> dict:
    """`games` seeded random-bot games per player count; games/s counts finished games over the whole time."""
    catalogue = engine.catalogue
    # warm-up: one game (not counted)
    play_game(engine, random_setup(catalogue, 2, "bench-warm-up"), [RandomBot(f"bench-warm-up/{i}") for i in range(2)])
    out = {}
    for n in counts:
        durations, moves, failed, timed_out = [], [], [], []
        start = time.perf_counter()
        for g in range(games):
            seed = f"bench-{n}p-{g + 1}"
            setup = random_setup(catalogue, n, seed)
            bots = [RandomBot(f"{seed}/bot{i + 1}") for i in range(n)]
            t = time.perf_counter()
            try:
                final = _with_deadline(GAME_TIMEOUT_S, lambda: play_game(engine, setup, bots))
                moves.append(len(final.moves))
            except BotGameError as err:
                failed.append(f"{seed}: {err}")
            except _GameTimeout:
                timed_out.append(seed)
            durations.append(time.perf_counter() - t)
            if say and timed_out and timed_out[-1] == seed:
                say(f"playout: {seed} stopped after {GAME_TIMEOUT_S:g} s")
        elapsed = time.perf_counter() - start
        out[f"{n}p"] = {"games_per_s": round(len(moves) / elapsed, 2) if elapsed else None, "games": games,
                        "failed": len(failed) + len(timed_out), "median_s": round(statistics.median(durations), 4),
                        "worst_s": round(max(durations), 4),
                        "median_moves": statistics.median(moves) if moves else None}
        if failed:
            out[f"{n}p"]["failures"] = failed
        if timed_out:
            out[f"{n}p"]["timed_out"] = timed_out
    return out


def bench_memory(engine: Engine, games: list[Game]) -> dict:
    """tracemalloc peak of replaying the game with the most move lines, with a fresh Engine on the loaded catalogue."""
    game = max(games, key=lambda g: (g.lines, g.path.stat().st_size))
    fresh = Engine(engine.catalogue)
    gc.collect()
    tracemalloc.start()
    try:
        replay_file(fresh, game.path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out = {"peak_mb": round(peak / 2**20, 2), "game": game.id, "moves": game.lines}
    process = _process_peak_mb(game.path)
    if process is not None:
        out["process_peak_mb"] = process
    return out


def _process_peak_mb(path: Path) -> float | None:
    """Peak resident memory of a fresh Python process that loads the content and replays `path`.

    The whole process (interpreter, libraries, content), for comparison with engines measured
    that way; None where the platform does not report it.
    """
    if not Path("/proc/self/status").is_file():  # pragma: no cover - Linux only
        return None
    proc = subprocess.run([sys.executable, "-c", PROCESS_SCRIPT, str(path)], capture_output=True, text=True,
                          timeout=120)
    if proc.returncode != 0:
        return None
    kb = json.loads(proc.stdout.strip().splitlines()[-1])["kb"]
    return round(kb / 1024, 1)


# ------------------------------------------------------------------ running them

def run_bench(only: list[str] | None = None, files: list[Path] | None = None, games: int = 20,
              repeats: int = 3, every: int = 1, bots_every: int = 10, progress: Callable[[str], None] | None = None,
              done: Callable[[str], None] | None = None) -> dict:
    """Run the chosen benchmarks (default all) and return the results as one dict.

    `progress(text)` hears what is running, `done(name)` each benchmark finished (for a progress bar).
    """
    chosen = list(only) if only else list(BENCHMARKS)
    say = progress or (lambda text: None)
    out: dict = {"machine": machine()}
    load_before = load_average()
    started = time.perf_counter()
    corpus: list[Game] = []
    needs_corpus = any(b in chosen for b in ("apply", "legal", "federation", "replay", "bots", "memory"))
    if needs_corpus:
        corpus = load_games(corpus_files(files))
    catalogue = default_catalogue() if any(b != "load" for b in chosen) else None
    counted = False
    for name in BENCHMARKS:
        if name not in chosen:
            continue
        # each benchmark gets its own engine, so that what one leaves in the engine's caches (the
        # federation listings of every position, say) does not speed up the next one
        engine = Engine(catalogue) if catalogue is not None else None
        if name in ("apply", "legal", "federation", "replay", "bots"):
            say(f"{name}: warm-up (replaying {len(corpus)} games)")
            warm_up(engine, corpus)
            counted = True
        say(f"{name} ...")
        gc.collect()
        t = time.perf_counter()
        if name == "load":
            out["load"] = bench_load()
        elif name == "apply":
            out["apply"] = bench_apply(engine, corpus)
        elif name == "legal":
            out["legal"] = bench_legal(engine, corpus, every)
        elif name == "federation":
            out["federation"] = bench_federation(engine, corpus)
        elif name == "replay":
            out["replay"], out["replay_median"] = bench_replay(engine, corpus, repeats)
        elif name == "playout":
            out["playout"] = bench_playout(engine, games, say=say)
        elif name == "bots":
            out["bots"] = bench_bots(engine, corpus, bots_every)
        elif name == "memory":
            out["memory"] = bench_memory(engine, corpus)
        out.setdefault("bench_s", {})[name] = round(time.perf_counter() - t, 2)
        if done is not None:
            done(name)
    if corpus:
        out["corpus"] = {"games": len(corpus), "lines": sum(g.lines for g in corpus),
                         "commands": sum(g.commands for g in corpus) if counted else None,
                         "source": "files" if files else "tests/conformance"}
    out["load_average"] = {"start": load_before, "end": load_average()}
    out["elapsed_s"] = round(time.perf_counter() - started, 2)
    return out


def _figure(results: dict, section: str, key: str):
    data = results.get(section)
    if data is None:
        return None
    if section == "replay" and key == "median_moves_per_s":
        return results.get("replay_median", {}).get("moves_per_s")
    if section == "playout":
        return data.get(key, {}).get("games_per_s")
    return data.get(key)


def compare(results: dict, baseline: dict, file: str = "") -> dict:
    """The headline figures (those with a target) as ratios to a baseline run, each target judged on its ratio.

    {"file", "machine", "same_machine", "change": {"section.key": {"then", "now", "ratio", "target_ratio",
    "met"}}}; `ratio` is now / then, so below 1 a time got shorter and a rate lower.
    """
    change = {}
    for (section, key), (_, kind) in TARGETS.items():
        now, then = _figure(results, section, key), _figure(baseline, section, key)
        if now is None or then is None:
            continue
        ratio = round(now / then, 3) if then else None
        allowed = target_ratio(section, key)
        met = None if ratio is None else (ratio <= allowed if kind == "max" else ratio >= allowed)
        change[f"{section}.{key}"] = {"then": then, "now": now, "ratio": ratio, "target_ratio": allowed, "met": met}
    theirs = baseline.get("machine") if isinstance(baseline.get("machine"), dict) else None
    ours = results.get("machine")
    same = None if theirs is None or not ours else theirs == ours
    return {"file": file, "machine": theirs, "same_machine": same, "change": change}


def change_text(section: str, key: str, ratio: float | None) -> str:
    """`1.32× faster`, `1.10× slower`, `1.05× larger`, or `same` (within 0.5%)."""
    if ratio is None or ratio <= 0:
        return ""
    if abs(ratio - 1) < 0.005:
        return "same"
    better = ratio > 1 if (section, key) in RATES else ratio < 1
    factor = ratio if ratio > 1 else 1 / ratio
    if (section, key) in SIZES:
        return f"{factor:.2f}× {'smaller' if better else 'larger'}"
    return f"{factor:.2f}× {'faster' if better else 'slower'}"


# ------------------------------------------------------------------ the tables

def _target_text(section: str, key: str) -> str:
    """The target as a ratio to the baseline: `≤ 2.79×` (a time may grow that much), `≥ 0.83×` (a rate)."""
    target = TARGETS.get((section, key))
    if target is None:
        return ""
    return f"{'≤' if target[1] == 'max' else '≥'} {target_ratio(section, key):.2f}×"


def _reference_text(section: str, key: str, unit: str, fmt: str) -> str:
    value = REFERENCE["figures"].get(f"{section}.{key}")
    return "" if value is None else f"{fmt.format(value)} {unit}".strip()


def _where(pos: dict | None) -> str:
    if not pos:
        return ""
    who = f", player {pos['player']}" if "player" in pos else ""
    return (f"{pos['game']} move {pos['move_index']} (command {pos['command_index'] + 1}: '{pos['command']}'{who}): "
            f"{pos['line']}")


class _Figures:
    """The table of figures: one section per benchmark, each row beside its reference or baseline."""

    def __init__(self, changes: dict | None):
        self.changes = changes
        if changes is None:
            title = "gaia bench (reference: the run of docs/bench.md, on another machine)"
            columns = ["benchmark", "figure", "value", "reference"]
        else:
            title = "gaia bench against the baseline (targets as ratios to it)"
            columns = ["benchmark", "figure", "value", "baseline", "change", "target", "met"]
        self.table = Table(title=title, title_justify="left")
        for col in columns:
            self.table.add_column(col, justify="left" if col in ("benchmark", "figure")
                                  else "center" if col == "met" else "right")
        self.shown: set[str] = set()

    def row(self, section, label, value, unit, key=None, fmt="{:,.3g}"):
        text = "—" if value is None else f"{fmt.format(value)} {unit}".strip()
        first = section not in self.shown
        self.shown.add(section)
        if first and self.shown - {section}:
            self.table.add_section()
        cells = [section if first else "", label, text]
        if self.changes is None:
            cells.append(_reference_text(section, key, unit, fmt) if key else "")
        else:
            change = self.changes.get(f"{section}.{key}") if key else None
            if change is None:
                cells += ["", "", "", ""]
            else:
                ok = change["met"]
                cells += [f"{fmt.format(change['then'])} {unit}".strip(), change_text(section, key, change["ratio"]),
                          _target_text(section, key), "" if ok is None else ("[green]yes[/]" if ok else "[bold red]NO[/]")]
        self.table.add_row(*cells)


def _load_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("load", f"cold load_catalogue (median of {r['runs']} runs)", r["s"], "s", "s", "{:.3f}")
    t.row("load", "  worst", r["worst_s"], "s", fmt="{:.3f}")
    t.row("load", "  import (not counted)", r["import_s"], "s", fmt="{:.3f}")


def _apply_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("apply", f"median ({r['samples']:,} commands)", r["median_us"], "us", "median_us", "{:,.1f}")
    if "p99_us" in r:
        t.row("apply", "  p99", r["p99_us"], "us", fmt="{:,.1f}")
    t.row("apply", "  worst", r["worst_us"], "us", fmt="{:,.1f}")


def _legal_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    which = "every position" if r["every"] == 1 else f"1 position in {r['every']}"
    t.row("legal", f"median ({r['samples']:,} positions)", r["median_ms"], "ms", "median_ms", "{:,.3f}")
    if "p99_ms" in r:
        t.row("legal", "  p99", r["p99_ms"], "ms", fmt="{:,.2f}")
    t.row("legal", "  worst", r["worst_ms"], "ms", "worst_ms", "{:,.2f}")
    notes.append(f"legal: {which} of the corpus ({r['samples']:,} of {r['positions']:,}); "
                 f"worst at {_where(r['worst_position'])}")


def _federation_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("federation", f"median ({r['samples']:,} positions)", r["median_ms"], "ms", fmt="{:,.3f}")
    if "p99_ms" in r:
        t.row("federation", "  p99", r["p99_ms"], "ms", fmt="{:,.2f}")
    t.row("federation", "  worst", r["worst_ms"], "ms", "worst_ms", "{:,.2f}")
    notes.append(f"federation: every action-phase position, for the player to move; "
                 f"worst at {_where(r['worst_position'])}")


def _replay_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    games = _replayed_games(r)
    med = results.get("replay_median", {})
    t.row("replay", f"median of {len(games)} games", med.get("moves_per_s"), "moves/s",
          "median_moves_per_s", "{:,.0f}")
    t.row("replay", "  median, in commands", med.get("commands_per_s"), "commands/s", fmt="{:,.0f}")
    t.row("replay", "  median ms per game", med.get("ms"), "ms", fmt="{:,.1f}")
    if games:
        slowest = min(games, key=lambda g: games[g]["moves_per_s"])
        t.row("replay", f"  slowest: {slowest}", games[slowest]["moves_per_s"], "moves/s", fmt="{:,.0f}")


def _playout_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    for n, x in r.items():
        if not isinstance(x, dict) or "games_per_s" not in x:
            continue
        failed = f", {x['failed']} failed" if x["failed"] else ""
        t.row("playout", f"{n[:-1]} players ({x['games']} games{failed})", x["games_per_s"], "games/s", n, "{:,.2f}")


def _bots_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("bots", f"state clone, median ({r['clone']['samples']:,} positions)", r["clone"]["median_us"], "us",
          fmt="{:,.1f}")
    t.row("bots", "fast-bot decision, mean", r["fast_mean_ms"], "ms", "fast_mean_ms", "{:,.2f}")
    t.row("bots", "  median", r["fast"]["median_ms"], "ms", fmt="{:,.2f}")
    if "p99_ms" in r["fast"]:
        t.row("bots", "  p99", r["fast"]["p99_ms"], "ms", fmt="{:,.1f}")
    t.row("bots", "  worst", r["fast"]["worst_ms"], "ms", fmt="{:,.1f}")
    t.row("bots", "  play-out speed (1 / mean)", r["fast_decisions_per_s"], "decisions/s", fmt="{:,.0f}")
    notes.append(f"bots: one action-phase position in {r['every']} of the corpus ({r['fast']['samples']:,} of "
                 f"{r['positions']:,}); slowest decision at {_where(r['worst_position'])}")


def _memory_rows(t: _Figures, r: dict, results: dict, notes: list[str]) -> None:
    t.row("memory", f"peak, {r['game']} ({r['moves']} moves)", r["peak_mb"], "MB", "peak_mb", "{:,.2f}")
    if r.get("process_peak_mb") is not None:
        t.row("memory", "  whole process (Python, content, replay)", r["process_peak_mb"], "MB", fmt="{:,.1f}")


# each benchmark's rows, in the order the table shows them
_SECTIONS = (("load", _load_rows), ("apply", _apply_rows), ("legal", _legal_rows), ("federation", _federation_rows),
             ("replay", _replay_rows), ("playout", _playout_rows), ("bots", _bots_rows), ("memory", _memory_rows))


def _replayed_games(replay: dict) -> dict:
    return {k: v for k, v in replay.items() if isinstance(v, dict) and "moves" in v}


def _print_against(console: Console, base: dict | None) -> None:
    """What the figures are compared with: the reference run, or the baseline and how targets are judged."""
    if base is None or base.get("change") is None:
        console.print(f"reference: commit {REFERENCE['commit']} on {REFERENCE['machine']}, {REFERENCE['date']}; "
                      "figures from two machines compare the machines as much as the code. To judge the targets, "
                      "compare with a baseline run here: gaia bench --json > before.json, then --baseline before.json")
        return
    if base.get("machine"):
        console.print(f"baseline: {base.get('file')}, measured on {machine_text(base['machine'])}")
    else:
        console.print(f"baseline: {base.get('file')} (its machine is not recorded)")
    if base.get("same_machine") is False:
        console.print("[bold]the baseline was measured on another machine: its ratios compare the machines as "
                      "much as the code[/]")
    console.print(f"target: the room the reference run (commit {REFERENCE['commit']}, {REFERENCE['date']}) had below "
                  "each bound of docs/bench.md, as a ratio; judged on this run's ratio to the baseline")


def _replay_table(replay: dict) -> Table:
    per = Table(title="replay per game (median of runs)", title_justify="left")
    for col in ("game", "moves", "commands", "ms", "moves/s", "commands/s"):
        per.add_column(col, justify="left" if col == "game" else "right")
    for gid, v in _replayed_games(replay).items():
        mark = "" if v.get("passed", True) else " [red](diverges)[/]"
        per.add_row(gid + mark, str(v["moves"]), str(v["commands"]), f"{v['ms']:,.1f}", f"{v['moves_per_s']:,}",
                    f"{v['commands_per_s']:,}")
    return per


def render(console: Console, results: dict) -> None:
    base = results.get("baseline")
    figures = _Figures(base.get("change") if base else None)
    notes: list[str] = []
    for name, rows in _SECTIONS:
        if name in results:
            rows(figures, results[name], results, notes)
    console.print(f"machine: {machine_text(results.get('machine'))}")
    load = results.get("load_average") or {}
    if load.get("start") is not None:
        console.print(f"load average: {load['start']:g} at the start, {load.get('end'):g} at the end")
    console.print(figures.table)
    _print_against(console, base)
    if "replay" in results:
        console.print(_replay_table(results["replay"]))
    for note in notes:
        console.print(note)
    if "corpus" in results:
        c = results["corpus"]
        commands = f", {c['commands']:,} commands" if c.get("commands") else ""
        console.print(f"corpus: {c['games']} games, {c['lines']:,} move lines{commands} ({c['source']})")
    console.print(f"total {results['elapsed_s']:.1f} s")


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
    """Measure the engine: load, apply, legal, federation, replay, playout, bots, memory.

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
