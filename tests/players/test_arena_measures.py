"""The arena's measures: intervals paired by deal, how a seat played (`--behaviour`), CPU-time budgets."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.players import SearchBot, make_bot, play_game
from gaia_rules.players import search as search_module
from gaia_rules.players.arena import GameResult, by_deal, summarize, win_interval
from gaia_rules.players.behaviour import behaviour, behaviour_means
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup


@pytest.fixture(scope="module")
def engine():
    return Engine()


def test_interval_of_the_mean_takes_the_games_of_one_deal_as_one_sample():
    # deals 0 and 1, two games each: deal means 11 and 21, so the spread is the deals' (sd 7.07 over 2 deals)
    lo, hi = by_deal([10, 12, 20, 22], [0, 0, 1, 1])
    assert round(lo, 2) == 6.2 and round(hi, 2) == 25.8
    # the same four values as four deals: a narrower interval, because they count as four samples
    lo4, hi4 = by_deal([10, 12, 20, 22], [0, 1, 2, 3])
    assert round(lo4, 2) == 10.23 and round(hi4, 2) == 21.77
    assert by_deal([5], [0]) == (5, 5)


def test_win_interval_is_paired_by_deal_and_kept_within_zero_and_one():
    lo, hi = win_interval([1, 1, 0, 0], [0, 0, 1, 1])
    assert (lo, hi) == (0.0, 1.0)
    lo, hi = win_interval([1, 0, 1, 0, 1, 1], [0, 0, 1, 1, 2, 2])
    assert round(lo, 3) == 0.34 and round(hi, 3) == 0.993   # deal means 0.5, 0.5, 1
    # no spread between deals: the Wilson interval of the games
    assert [round(x, 3) for x in win_interval([1, 1, 1, 1], [0, 0, 1, 1])] == [0.51, 1.0]


def test_summary_keeps_each_seats_deal_and_share_of_the_win():
    results = [GameResult(0, "d/0", ("a", "b"), ("fast", "greedy"), (120, 100), 10, deal=0),
               GameResult(1, "d/0", ("a", "b"), ("greedy", "fast"), (110, 110), 10, deal=0),
               GameResult(2, "d/1", ("a", "b"), ("fast", "greedy"), (90, 95), 10, deal=1)]
    fast, _ = summarize(results, ["fast", "greedy"])
    assert fast.deals == [0, 0, 1] and fast.won == [1.0, 0.5, 0.0]


def test_behaviour_counts_a_finished_games_planets_structures_and_actions(engine):
    setup = random_setup(engine.catalogue, 2, "behave")
    state = play_game(engine, setup, [make_bot("greedy", f"behave/{i}") for i in range(2)])
    counts = behaviour(engine, state, 0)
    player = state.players[0]
    assert counts["planets"] == len(engine.context(state).holdings.planets_with_guests(state, 0))
    assert counts["federations"] == player.federations_formed
    assert counts["resources VP at end"] == player.final_scoring["resources_vp"]
    actions = [m for m in state.moves if m.startswith("p1 action power")]
    assert counts["power actions"] == len(actions)
    pieces = {h.piece for h in state.board.values() if h.owner == 0 and h.piece in ("m", "ts", "lab", "PI")}
    assert {k for k in counts if k.startswith("built ")} >= {f"built {p}" for p in pieces}


def test_behaviour_means_give_a_structure_as_the_share_of_seats_that_built_one():
    means = behaviour_means([{"planets": 8, "built PI": 1.0}, {"planets": 6}])
    assert means == {"planets": 7.0, "built PI": 0.5}


def test_arena_prints_how_each_kind_played_when_asked():
    result = CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t",
                                      "--behaviour"])
    assert result.exit_code == 0
    assert "How they played, mean per seat" in result.stdout and "power actions" in result.stdout
    data = json.loads(CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t",
                                               "--json"]).stdout)
    assert "planets" in data["kinds"][0]["behaviour"]


def test_search_budget_in_seconds_counts_the_processs_cpu_time(engine, monkeypatch):
    """`think` reads time.process_time: with a CPU clock that has run past the budget, the prior is played."""
    setup = random_setup(engine.catalogue, 2, "cpu")
    state = engine.new_game(setup)
    bots = [make_bot("greedy", f"cpu/{i}") for i in range(2)]
    while not (state.round == 1 and state.phase == "actions" and not state.decisions and not state.pending):
        _, state = bots[engine.to_move(state)].play(engine, state)
    ticks = iter(range(0, 10_000, 5))
    monkeypatch.setattr(search_module.time, "process_time", lambda: float(next(ticks)))
    monkeypatch.setattr(search_module.time, "monotonic", lambda: pytest.fail("wall time read"))
    bot = SearchBot("cpu", think=1.0)
    move = bot.choose(engine, state)
    assert bot.last == [(move, None)]
