"""`gaia simulate`: balanced seatings, one line per game, deterministic, resumable, the same on Dask.

Games are 2-player greedy-bot games (the cheapest whole games), three per run.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.lab import LabError
from gaia_rules.lab.results import Appender, dumps, read_results
from gaia_rules.lab.schedule import make_schedule
from gaia_rules.lab.simulate import RunConfig, batch_size, prepare, simulate

GAMES = 3


def without_time(path: Path) -> dict[int, dict]:
    """The file's games by index, without the `seconds` field; each index once."""
    records = read_results(path).records
    indices = [r["index"] for r in records]
    assert sorted(indices) == list(range(len(indices))), indices
    return {r["index"]: {k: v for k, v in r.items() if k != "seconds"} for r in records}


@pytest.fixture(scope="module")
def catalogue():
    return default_catalogue()


@pytest.fixture(scope="module")
def config(catalogue):
    return prepare(RunConfig(2, "greedy", "lab-test"), catalogue)[0]


@pytest.fixture(scope="module")
def reference_file(config, tmp_path_factory):
    """An uninterrupted run on one worker."""
    path = tmp_path_factory.mktemp("lab") / "reference.jsonl"
    simulate(config, path, GAMES, workers=1)
    return path


@pytest.fixture(scope="module")
def reference(reference_file):
    return without_time(reference_file)


# ------------------------------------------------------------------ seatings

def homes_of(catalogue):
    return {f: catalogue.factions[f].home for f in catalogue.factions}


@pytest.mark.parametrize("players, block", [(2, 14), (3, 42), (4, 28)])
def test_every_faction_sits_in_every_seat_equally_often(catalogue, players, block):
    homes = homes_of(catalogue)
    schedule = make_schedule("balance", players, homes)
    assert schedule.block == block == math.lcm(14, players)
    games = schedule.games(2 * block)
    per_faction = Counter(f for g in games for f in g.factions)
    per_seat = Counter((seat, f) for g in games for seat, f in enumerate(g.factions))
    assert set(per_faction.values()) == {2 * block * players // 14}
    assert set(per_seat.values()) == {2 * block // 14} and len(per_seat) == 14 * players
    assert all(len({homes[f] for f in g.factions}) == players for g in games)   # homes distinct at a table
    first = Counter(f for g in schedule.games(schedule.faction_round) for f in g.factions)
    assert set(first.values()) == {players * schedule.faction_round // 14}      # equal plays after one pass


def test_seating_depends_only_on_seed_index_and_pool(catalogue):
    homes = homes_of(catalogue)
    a, b = make_schedule("s", 4, homes), make_schedule("s", 4, dict(reversed(list(homes.items()))))
    assert a.games(60) == b.games(60)
    assert a.game(37) == a.games(38)[37]
    assert make_schedule("t", 4, homes).games(28) != a.games(28)
    # a table is played once per rotation of its seats, on one set-up: games 5 and 12 of a block of 7 tables
    assert a.game(5).setup_seed == a.game(12).setup_seed == "s/0/5"
    assert a.game(12).factions == a.game(5).factions[1:] + a.game(5).factions[:1]


def test_a_pool_that_cannot_be_seated_is_refused(catalogue):
    homes = homes_of(catalogue)
    twins = [f for f in homes if homes[f] == homes[sorted(homes)[0]]]
    with pytest.raises(LabError, match="distinct home planets"):
        make_schedule("s", 2, homes, twins)
    with pytest.raises(LabError, match="unknown faction 'nobody'"):
        make_schedule("s", 2, homes, ["nobody", *twins])
    with pytest.raises(LabError, match="cannot fill 4 seats"):
        make_schedule("s", 4, homes, sorted(homes)[:3])


# ------------------------------------------------------------------ the lines

def test_one_line_per_game_with_the_run_and_the_score(reference, config):
    game = reference[0]
    assert game["content"] == default_catalogue().content_hash() == config.content_hash
    assert (game["players"], game["bot"], game["seed"]) == (2, "greedy", "lab-test")
    assert game["options"] == {"variant": "rules", "layout": "standard", "faction_variant": None}
    assert len(game["pool"]) == 14 and game["setup_seed"] == "lab-test/0/0"
    assert game["content_folders"] == []          # the bundled content alone (a label: not part of the run)
    for g in reference.values():
        assert [sum(s.values()) for s in g["sources"]] == g["vp"]     # the breakdown adds up to the score
        assert g["winners"] == [s for s, v in enumerate(g["vp"]) if v == max(g["vp"])]
        assert g["moves"] > 50 and g["sources"][0]["start"] == 10


def test_the_same_seed_gives_the_same_lines(config, reference, tmp_path):
    path = tmp_path / "again.jsonl"
    simulate(config, path, 2, workers=1)
    assert without_time(path) == {i: reference[i] for i in range(2)}


def test_a_results_file_loads_into_pandas_in_one_line(reference_file):
    """The line of docs/lab.md: one row per game, then one row per seat."""
    import pandas

    games = pandas.read_json(reference_file, lines=True)
    assert len(games) == GAMES and sorted(games["index"]) == list(range(GAMES))
    assert {"content", "content_folders", "factions", "vp", "sources", "winners", "setup_seed"} <= set(games.columns)
    seats = games.explode(["factions", "vp", "sources"])
    assert len(seats) == 2 * GAMES
    first = read_results(reference_file).records[0]
    row = seats[seats["index"] == first["index"]]
    assert list(row["factions"]) == first["factions"] and list(row["vp"]) == first["vp"]
    assert list(row["sources"]) == first["sources"]


def test_other_arguments_are_refused_with_one_message(config, reference, tmp_path):
    path = tmp_path / "run.jsonl"
    with Appender(path, None) as out:
        out.write([{**reference[0], "seed": "other"}])
    with pytest.raises(LabError, match=r"holds games of another run \(seed \"other\" here, \"lab-test\" now\)"):
        simulate(config, path, 2, workers=1)
    path.write_text(dumps({**reference[0], "seconds": 1.0}) + "\n")
    changed = RunConfig(**{**config.__dict__, "content_hash": "0" * 64})
    with pytest.raises(LabError, match=r"content hash .{12} here, 000000000000 now"):
        simulate(changed, path, 2, workers=1)
    assert len(path.read_text().splitlines()) == 1       # nothing written


def reference_line() -> dict:
    return json.loads(Path(__file__).parents[1].joinpath("data", "lab", "hand.jsonl").read_text().splitlines()[0])


def test_a_bad_line_names_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    good = dumps(reference_line())
    path.write_text(good + "\n{not json\n" + good + "\n")
    with pytest.raises(LabError, match=r"bad.jsonl:2: not JSON"):
        read_results(path)
    path.write_text(good + "\n" + good + "\n")
    with pytest.raises(LabError, match=r"bad.jsonl:2: game 0 is already on line 1"):
        read_results(path)
    path.write_text('{"index": 0}\n')
    with pytest.raises(LabError, match=r"bad.jsonl:1: not a game of `gaia simulate` \(no 'content'\)"):
        read_results(path)


def test_two_local_workers_give_the_same_lines(config, reference, tmp_path):
    path = tmp_path / "two.jsonl"
    simulate(config, path, GAMES, workers=2)
    assert without_time(path) == reference


def test_batches_keep_every_worker_busy():
    assert batch_size(1000, 2) == 8 and batch_size(20, 2) == 3 and batch_size(3, 2) == 1


def test_the_lab_sits_below_the_faces_and_dask_scipy_and_pettingzoo_stay_optional():
    import subprocess
    import sys

    lab = Path(__file__).parents[2] / "gaia_rules" / "lab"
    for source in lab.glob("*.py"):
        text = source.read_text()
        assert "from ..faces" not in text and "gaia_rules.faces" not in text, source.name
    code = ("import sys, gaia_rules.faces.cli, gaia_rules.lab.simulate; "
            "print('dask' in sys.modules, 'scipy' in sys.modules, 'pettingzoo' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == \
        "False False False"   # the learning environment (lab/env.py, the rl extra) is imported by nobody
