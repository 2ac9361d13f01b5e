"""`gaia bench`: the JSON it prints has the documented keys (no timing is asserted)."""
from __future__ import annotations

import json
import os
import sys

import pytest
from typer.testing import CliRunner

from gaia_rules.lab.bench_targets import REFERENCE, TARGETS, change_text, compare, target_ratio
from gaia_rules.faces.cli import app
from gaia_rules.formats.corpus import corpus_dir

runner = CliRunner()
CORPUS = corpus_dir()
SMALL_GAME = CORPUS / "bot-2p-02.json"      # 31 move lines, the smallest game of the corpus


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


def test_bench_apply_json_on_one_game():
    result = gaia("bench", "--only", "apply", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    apply = data["apply"]
    assert {"median_us", "worst_us"} <= set(apply)
    assert apply["samples"] >= 31 and apply["median_us"] <= apply["worst_us"]
    assert data["corpus"]["games"] == 1
    assert "met" not in data


def test_bench_replay_json_is_keyed_by_game_id():
    """`replay` holds one object per game, keyed by its id; the medians are `replay_median`."""
    result = gaia("bench", "--only", "replay", "--json", "--repeats", "1", SMALL_GAME)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game_id = json.loads(SMALL_GAME.read_text())["id"]
    assert list(data["replay"]) == [game_id]
    game = data["replay"][game_id]
    assert {"ms", "moves_per_s"} <= set(game) and game["passed"] is True
    assert data["replay_median"]["moves_per_s"] == game["moves_per_s"]


def test_bench_memory_reports_the_game_and_the_whole_process():
    result = gaia("bench", "--only", "memory", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    memory = json.loads(result.stdout)["memory"]
    assert 0 < memory["peak_mb"] < 50
    # a whole Python process with the content loaded is far more than the game itself
    assert memory["process_peak_mb"] > 10 * memory["peak_mb"]


def test_each_target_is_the_room_the_reference_run_had_as_a_ratio():
    assert target_ratio("apply", "median_us") == 2.79          # 100 us over the reference's 35.8 us
    assert target_ratio("replay", "median_moves_per_s") == 0.83  # a rate: 10,000 over 12,004 moves/s
    assert target_ratio("playout", "4p") == 0.70
    assert target_ratio("memory", "peak_mb") == 34.48
    assert set(REFERENCE["figures"]) == {f"{section}.{key}" for section, key in TARGETS}


def test_a_change_is_said_as_a_ratio_faster_or_slower():
    assert change_text("apply", "median_us", 0.758) == "1.32× faster"
    assert change_text("apply", "median_us", 1.1) == "1.10× slower"
    assert change_text("replay", "median_moves_per_s", 1.32) == "1.32× faster"
    assert change_text("replay", "median_moves_per_s", 0.5) == "2.00× slower"
    assert change_text("memory", "peak_mb", 1.05) == "1.05× larger"
    assert change_text("apply", "median_us", 1.003) == "same"


def test_a_target_is_judged_on_the_ratio_to_the_baseline():
    now = {"machine": {"cpu": "A"}, "apply": {"median_us": 279.0}, "replay": {}, "replay_median": {"moves_per_s": 830}}
    then = {"machine": {"cpu": "A"}, "apply": {"median_us": 100.0}, "replay": {}, "replay_median": {"moves_per_s": 1000}}
    result = compare(now, then, "before.json")
    assert result["same_machine"] is True
    assert result["change"]["apply.median_us"] == {"then": 100.0, "now": 279.0, "ratio": 2.79, "target_ratio": 2.79,
                                                  "met": True}
    assert result["change"]["replay.median_moves_per_s"]["met"] is True   # 0.83 of the baseline's rate
    slower = compare({"apply": {"median_us": 280.0}, "replay": {}, "replay_median": {"moves_per_s": 820}}, then)
    assert slower["change"]["apply.median_us"]["met"] is False
    assert slower["change"]["replay.median_moves_per_s"]["met"] is False
    assert slower["same_machine"] is None   # this run names no machine


def test_bench_compares_with_a_baseline(tmp_path):
    before = tmp_path / "before.json"
    before.write_text(json.dumps({"apply": {"median_us": 1000.0}, "legal": {"median_ms": 1.0}}))
    result = gaia("bench", "--only", "apply", "--json", "--baseline", before, SMALL_GAME)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    change = data["baseline"]["change"]
    assert set(change) == {"apply.median_us"}  # only figures measured in both runs
    now = data["apply"]["median_us"]
    ratio = round(now / 1000.0, 3)
    assert change["apply.median_us"] == {"then": 1000.0, "now": now, "ratio": ratio, "target_ratio": 2.79,
                                         "met": ratio <= 2.79}
    assert data["met"] == {"apply.median_us": ratio <= 2.79}
    assert data["baseline"]["file"] == str(before) and data["baseline"]["same_machine"] is None
    table = gaia("bench", "--only", "apply", "--baseline", before, SMALL_GAME)
    assert table.exit_code == 0 and "1,000.0 us" in table.stdout and "≤ 2.79×" in table.stdout
    assert "faster" in table.stdout or "slower" in table.stdout


def test_a_baseline_measured_on_another_machine_is_said_to_be(tmp_path):
    before = tmp_path / "before.json"
    before.write_text(json.dumps({"machine": {"cpu": "Another CPU", "cores": 64, "system": "X", "python": "3.0"},
                                  "apply": {"median_us": 1000.0}}))
    table = gaia("bench", "--only", "apply", "--baseline", before, SMALL_GAME)
    assert table.exit_code == 0, table.output
    words = " ".join(table.stdout.split())  # the line folds where the scratch folder's path makes it long
    assert "measured on Another CPU, 64 cores, X, Python 3.0" in words
    assert "the baseline was measured on another machine" in words


def test_bench_baseline_that_cannot_be_read_is_a_usage_error(tmp_path):
    assert gaia("bench", "--only", "load", "--baseline", tmp_path / "nope.json").exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = gaia("bench", "--only", "load", "--baseline", bad)
    assert result.exit_code == 2
    assert "not a `gaia bench --json` output" in result.stderr


def test_bench_unknown_benchmark_is_a_usage_error():
    result = gaia("bench", "--only", "speed")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("gaia bench: unknown benchmark 'speed' "
                                     "(choose from load, apply, legal, federation, replay, playout, bots, memory, startup)")


def test_startup_counts_the_cpu_of_the_child_alone_and_stops_a_stuck_one(monkeypatch):
    """bench_startup._cpu_of: the child's own user + system time, read from the child when it ends; a command
    running past the limit stops the run with a one-line error."""
    from gaia_rules.lab import bench_startup
    burn = [sys.executable, "-c", "sum(range(3_000_000))"]
    spent = bench_startup._cpu_of(burn, dict(os.environ))
    assert 0 < spent < 60
    monkeypatch.setattr(bench_startup, "LIMIT_S", 0.5)
    with pytest.raises(bench_startup.StartupError, match=r"did not finish within 0.5 s"):
        bench_startup._cpu_of([sys.executable, "-c", "import time; time.sleep(30)"], dict(os.environ))
