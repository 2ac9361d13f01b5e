"""`gaia simulate`: balanced seatings, one line per game, deterministic, resumable, the same on Dask.

Its slow tier: test_lab_simulate.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.lab.results import read_results
from gaia_rules.lab.simulate import simulate

from test_lab_simulate import GAMES, catalogue, config, reference, reference_file, without_time

pytestmark = pytest.mark.slow


def test_kill_and_resume_loses_and_duplicates_nothing(config, reference, tmp_path):
    path = tmp_path / "killed.jsonl"
    simulate(config, path, 2, workers=1)
    lines = path.read_bytes().splitlines(keepends=True)
    # killed while writing the second line: half of it on disk, no newline
    path.write_bytes(lines[0] + lines[1][: len(lines[1]) // 2])
    assert read_results(path).torn and [r["index"] for r in read_results(path).records] == [0]
    progress = simulate(config, path, GAMES, workers=1)
    assert (progress.new, progress.done) == (2, 3)
    assert without_time(path) == reference
    assert simulate(config, path, GAMES, workers=1).new == 0     # finished: nothing to do
    assert len(path.read_bytes().splitlines()) == GAMES


def test_a_dask_cluster_gives_the_same_lines(config, reference, tmp_path):
    from dask.distributed import LocalCluster

    path = tmp_path / "dask.jsonl"
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        simulate(config, path, GAMES, scheduler=cluster.scheduler_address)
    assert without_time(path) == reference


def test_a_real_kill_loses_and_duplicates_nothing(reference, tmp_path):
    """SIGKILL a running `gaia simulate` once its first line is on disk, then run it again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "killed.jsonl"
    args = [sys.executable, "-c", "from gaia_rules.faces.cli import app; app()", "simulate", "--games", str(GAMES),
            "--players", "2", "--bot", "greedy", "--seed", "lab-test", "--workers", "1", "-o", str(path)]
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while child.poll() is None and time.monotonic() < deadline and not (path.exists() and path.read_bytes()):
        time.sleep(0.01)
    if child.poll() is None:
        os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert 1 <= len(path.read_bytes().splitlines()) <= GAMES
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert without_time(path) == reference


def test_ctrl_c_says_interrupted_exits_130_and_keeps_the_lines_written(reference, tmp_path):
    """SIGINT to the whole process group (as a terminal's Ctrl-C) once a line is on disk, then resume."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "interrupted.jsonl"
    args = [sys.executable, "-c", "from gaia_rules.faces.cli import app; app()", "simulate", "--games", str(GAMES),
            "--players", "2", "--bot", "greedy", "--seed", "lab-test", "--workers", "1", "-o", str(path)]
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    deadline = time.monotonic() + 120
    while child.poll() is None and time.monotonic() < deadline and not (path.exists() and path.read_bytes()):
        time.sleep(0.01)
    if child.poll() is None:
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=120)
        if child.returncode == 0 and len(path.read_bytes().splitlines()) == GAMES:
            assert err == ""   # on a loaded machine the run ended before the signal came: nothing to interrupt
        else:
            assert (child.returncode, err) == (130, "gaia simulate: interrupted\n")
    else:
        child.communicate()
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert without_time(path) == reference
