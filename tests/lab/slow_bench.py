"""`gaia bench`: the JSON it prints has the documented keys (no timing is asserted).

Its slow tier: test_bench.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import json
import os

import pytest

from gaia_rules.lab.bench_targets import REFERENCE

from test_bench import SMALL_GAME, gaia

pytestmark = pytest.mark.slow


def test_bench_load_json():
    result = gaia("bench", "--only", "load", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data["load"]["s"], float) and data["load"]["s"] > 0
    assert {"worst_s", "runs"} <= set(data["load"])
    assert "met" not in data  # no baseline: nothing is judged against figures of another machine
    assert not {"apply", "legal", "federation", "replay", "playout", "memory"} & set(data)


def test_bench_bots_times_clones_and_fast_bot_decisions_at_every_kth_action_position():
    """`bots`: the cost of the bots' thinking (the fast bot's 20 ms target), one action position in K."""
    result = gaia("bench", "--only", "bots", "--bots-every", "5", "--json", SMALL_GAME)
    assert result.exit_code == 0, result.output
    bots = json.loads(result.stdout)["bots"]
    assert bots["every"] == 5 and bots["fast"]["samples"] == (bots["positions"] + 4) // 5 > 0
    assert bots["clone"]["samples"] == bots["fast"]["samples"]
    assert bots["fast_mean_ms"] > 0 and abs(bots["fast_decisions_per_s"] - 1000 / bots["fast_mean_ms"]) < 0.5
    assert "met" not in json.loads(result.stdout)
    table = gaia("bench", "--only", "bots", "--bots-every", "5", SMALL_GAME)
    assert "fast-bot decision, mean" in table.output and "decisions/s" in table.output


def test_bench_names_the_machine_and_the_load():
    result = gaia("bench", "--only", "load", "--json")
    data = json.loads(result.stdout)
    assert data["machine"]["cores"] == os.cpu_count()
    assert data["machine"]["cpu"] and data["machine"]["python"] and data["machine"]["system"]
    assert set(data["load_average"]) == {"start", "end"}
    table = gaia("bench", "--only", "load")
    assert table.stdout.startswith(f"machine: {data['machine']['cpu']}, {os.cpu_count()} cores, ")
    assert "reference" in table.stdout and f"commit {REFERENCE['commit']}" in table.stdout
    assert " met " not in table.stdout and "yes" not in table.stdout
