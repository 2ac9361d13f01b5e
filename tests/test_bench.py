"""`gaia bench`: the JSON it prints has the documented keys (no timing is asserted)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.formats.corpus import corpus_dir

runner = CliRunner()
CORPUS = corpus_dir()
SMALL_GAME = CORPUS / "bot-2p-02.json"      # 31 move lines, the smallest game of the corpus


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.mark.slow
def test_bench_load_json():
    result = gaia("bench", "--only", "load", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data["load"]["s"], float) and data["load"]["s"] > 0
    assert {"worst_s", "runs"} <= set(data["load"])
    assert set(data["met"]) == {"load.s"}
    assert not {"apply", "legal", "federation", "replay", "playout", "memory"} & set(data)


def test_bench_apply_json_on_one_game():
    result = gaia("bench", "--only", "apply", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    apply = data["apply"]
    assert {"median_us", "worst_us"} <= set(apply)
    assert apply["samples"] >= 31 and apply["median_us"] <= apply["worst_us"]
    assert data["corpus"]["games"] == 1
    assert set(data["met"]) == {"apply.median_us"}


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
    assert set(data["met"]) == {"replay.median_moves_per_s"}


@pytest.mark.slow
def test_bench_bots_times_clones_and_fast_bot_decisions_at_every_kth_action_position():
    """`bots`: the cost of the bots' thinking (the fast bot's 20 ms target), one action position in K."""
    result = gaia("bench", "--only", "bots", "--bots-every", "5", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    bots = json.loads(result.stdout)["bots"]
    assert bots["every"] == 5 and bots["fast"]["samples"] == (bots["positions"] + 4) // 5 > 0
    assert bots["clone"]["samples"] == bots["fast"]["samples"]
    assert bots["fast_mean_ms"] > 0 and abs(bots["fast_decisions_per_s"] - 1000 / bots["fast_mean_ms"]) < 0.5
    assert set(json.loads(result.stdout)["met"]) == {"bots.fast_mean_ms"}
    table = gaia("bench", "--only", "bots", "--bots-every", "5", SMALL_GAME)
    assert "fast-bot decision, mean" in table.output and "decisions/s" in table.output


def test_bench_memory_reports_the_game_and_the_whole_process():
    result = gaia("bench", "--only", "memory", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    memory = json.loads(result.stdout)["memory"]
    assert 0 < memory["peak_mb"] < 50
    # a whole Python process with the content loaded is far more than the game itself
    assert memory["process_peak_mb"] > 10 * memory["peak_mb"]


def test_bench_compares_with_a_baseline(tmp_path):
    before = tmp_path / "before.json"
    before.write_text(json.dumps({"apply": {"median_us": 1000.0}, "legal": {"median_ms": 1.0}}))
    result = gaia("bench", "--only", "apply", "--json", "--baseline", before, SMALL_GAME)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    change = data["baseline"]["change"]
    assert set(change) == {"apply.median_us"}  # only figures measured in both runs
    now = data["apply"]["median_us"]
    assert change["apply.median_us"] == {"then": 1000.0, "now": now, "ratio": round(now / 1000.0, 3)}
    table = gaia("bench", "--only", "apply", "--baseline", before, SMALL_GAME)
    assert table.exit_code == 0 and "baseline" in table.stdout and "1,000.0 us" in table.stdout


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
                                     "(choose from load, apply, legal, federation, replay, playout, bots, memory)")
