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

`run_bench` returns one JSON-able dict; `bench_report.render` prints it as tables, against
the targets and the reference run of `bench_targets`. The
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
from typing import Callable, Iterator

from ..errors import GaiaError
from ..content import default_catalogue
from ..formats.corpus import CorpusMissing, corpus_files as bundled_corpus
from ..formats.notation import canonical, parse_line
from ..formats.replay import _names, hex_namer, replay_file, replay_record, setup_from_record, token_words
from ..players import BotGameError, FastBot, RandomBot, play_game
from ..rules import Engine, Game as Play, MoveError, MoveSyntaxError
from ..setup import random_setup
from .bench_startup import StartupError, bench_startup
from .bench_targets import BENCHMARKS

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


class BenchError(GaiaError):
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
            view = Play(state, engine).view()
            t = clock()
            view.possible_federations(p)
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
    per_move = [v["ms"] / v["moves"] for v in per_game if v["moves"]]
    median = {"ms": round(statistics.median(v["ms"] for v in per_game), 2),
              "moves_per_s": round(statistics.median(rates)),
              "commands_per_s": round(statistics.median(v["commands_per_s"] for v in per_game)),
              # how far the dearest game is from the typical one: its time per move line over the median game's
              "worst_per_move": round(max(per_move) / statistics.median(per_move), 2) if per_move else None,
              } if rates else {"ms": None, "moves_per_s": None, "commands_per_s": None, "worst_per_move": None}
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
    catalogue = default_catalogue() if any(b not in ("load", "startup") for b in chosen) else None
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
        elif name == "startup":
            try:
                out["startup"] = bench_startup()
            except StartupError as err:
                raise BenchError(str(err)) from None
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
