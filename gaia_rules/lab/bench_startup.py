"""`gaia bench --only startup`: how long a `gaia` command takes as a whole process, beside importing typer and rich.

A player types dozens of `gaia move` lines a game and shell completion runs the program at
every Tab, so what counts is the whole process: interpreter, imports, content (read from the
cache of content/cache.py after the first run), the command. Each command runs `runs` times
after one untimed run (which writes the cache and compiled files), in turn with the reference
`python -c "import typer, rich.console"` (the floor any typer program pays); the figure is the
CPU time of the finished child (user + system, from the operating system's accounting), the
minimum and median of the runs, and the median's ratio to the reference's median.
"""
from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..errors import GaiaError


REFERENCE_CODE = "import typer, rich.console"
LIMIT_S = 120  # a command that runs longer is stuck: the run stops with an error


class StartupError(GaiaError):
    """The `gaia` program cannot be found to be timed."""


def _gaia() -> list[str]:
    """The installed `gaia` program, the one a player runs (beside this Python, else on the PATH)."""
    beside = Path(sys.executable).parent / "gaia"
    found = str(beside) if beside.is_file() else shutil.which("gaia")
    if found is None:
        raise StartupError("startup: no `gaia` program beside this Python or on the PATH (pip install -e .)")
    return [found]

# (figure, arguments after `gaia`); {game} is a saved game made for the run
COMMANDS = (("version", ["--version"]), ("help", ["--help"]), ("show", ["show", "{game}"]),
            ("moves", ["moves", "{game}"]), ("move", ["move", "{game}", "1"]))


def _cpu_of(argv: list[str], env: dict) -> float:
    """CPU seconds (user + system) of one finished child process: from its own resource usage (wait4, in
    microseconds) where the system has it, else from os.times (in hundredths of a second, a twentieth of a
    command)."""
    if not hasattr(os, "wait4"):
        before = os.times()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=LIMIT_S, check=False)
        after = os.times()
        return (after.children_user - before.children_user) + (after.children_system - before.children_system)
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stuck = threading.Timer(LIMIT_S, child.kill)  # as subprocess.run's timeout: a hung command ends the run
    stuck.start()
    try:
        _pid, status, usage = os.wait4(child.pid, 0)
    finally:
        stuck.cancel()
    child.returncode = 0  # reaped here: Popen must not wait for it again
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        raise StartupError(f"startup: `{' '.join(argv)}` did not finish within {LIMIT_S} s")
    return usage.ru_utime + usage.ru_stime


def bench_startup(runs: int = 5) -> dict:
    """Each command's CPU time as a whole process, beside the reference import; ratios median to median."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as a user runs it
    env["COLUMNS"] = "100"
    folder = Path(tempfile.mkdtemp(prefix="gaia-bench-startup-"))
    try:
        game = folder / "game.json"
        gaia = _gaia()
        subprocess.run([*gaia, "new", "--players", "2", "--seed", "1", "-o", str(game)],
                       env=env, capture_output=True, timeout=LIMIT_S, check=True)
        shutil.copy(game, folder / "start.json")
        reference = [sys.executable, "-c", REFERENCE_CODE]
        times: dict[str, list[float]] = {"reference": []}
        for name, args in COMMANDS:
            argv = [*gaia, *(a.format(game=game) for a in args)]
            times[name] = []
            for i in range(runs + 1):
                shutil.copy(folder / "start.json", game)  # `move` plays the same move each time
                cpu = _cpu_of(argv, env)
                ref = _cpu_of(reference, env)
                if i > 0:
                    times[name].append(cpu)
                    times["reference"].append(ref)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    ref_median = statistics.median(times["reference"])
    out = {name: {"min_s": round(min(v), 3), "median_s": round(statistics.median(v), 3),
                  "ratio": round(statistics.median(v) / ref_median, 2) if ref_median else None}
           for name, v in times.items()}
    out["reference"]["ratio"] = 1.0
    out["runs"] = runs
    out["measured_at"] = time.strftime("%Y-%m-%d")
    return out
