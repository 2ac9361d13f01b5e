"""Players: every bot kind plays legal, whole, deterministic games; the arena's counts and intervals.

Its slow tier: test_players.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from gaia_rules.content import default_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.players import FastBot, SearchBot, play_game
from gaia_rules.players.arena import draw_factions
from gaia_rules.players.fast import FastEvaluator, default_weights
from gaia_rules.players.tune import tune
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup

from test_players import _first_turn_of_round, _game, engine, round_five

pytestmark = pytest.mark.slow


def test_fast_bot_game_is_the_same_for_the_same_seed(engine):
    a, moves_a = _game(engine, ["fast", "fast"], "same")
    b, moves_b = _game(engine, ["fast", "fast"], "same")
    assert a.ended and moves_a == moves_b
    assert a.to_json() == b.to_json()


def test_search_bot_with_an_iteration_budget_is_deterministic(engine):
    a, moves_a = _game(engine, ["search", "fast"], "budget", iterations=6)
    b, moves_b = _game(engine, ["search", "fast"], "budget", iterations=6)
    assert a.ended and moves_a == moves_b


@pytest.mark.parametrize("variant", ["rules", "boardgamers"])
def test_fast_bot_plays_every_faction_to_the_end(engine, variant):
    """Seven 2-player games cover the 14 factions; the engine refuses any illegal move, so ending is the proof."""
    order = sorted(engine.catalogue.factions, key=lambda f: engine.catalogue.factions[f].home)
    by_home: dict[str, list[str]] = {}
    for f in order:
        by_home.setdefault(engine.catalogue.factions[f].home, []).append(f)
    firsts = [fs[0] for fs in by_home.values()]
    seconds = [fs[1] for fs in by_home.values()]
    for k, pair in enumerate(zip(firsts, seconds[1:] + seconds[:1])):
        state, _ = _game(engine, ["fast", "fast"], f"every/{variant}/{k}", variant, factions=list(pair))
        assert state.ended
        assert all(p.final_scoring is not None for p in state.players)


def test_search_bot_plays_every_faction_to_the_end_in_both_rules_variants(engine):
    """Seven 2-player games of two search bots (a small budget, so step 4 is reached late) cover the 14 factions,
    the variants alternating; the engine refuses any illegal move, so ending is the proof."""
    by_home: dict[str, list[str]] = {}
    for f in sorted(engine.catalogue.factions, key=lambda f: engine.catalogue.factions[f].home):
        by_home.setdefault(engine.catalogue.factions[f].home, []).append(f)
    firsts = [fs[0] for fs in by_home.values()]
    seconds = [fs[1] for fs in by_home.values()]
    for k, pair in enumerate(zip(firsts, seconds[1:] + seconds[:1])):
        variant = ("rules", "boardgamers")[k % 2]
        state, _ = _game(engine, ["search", "search"], f"every-search/{k}", variant, factions=list(pair), iterations=3)
        assert state.ended and all(p.final_scoring is not None for p in state.players)


def test_fast_evaluator_counts_vp_only_once_the_game_has_ended(engine):
    state, _ = _game(engine, ["fast", "fast"], "ended")
    evaluate = FastEvaluator(engine.catalogue)
    assert [evaluate(engine, state, p) for p in range(2)] == [float(p.vp) for p in state.players]


def test_arena_command_json_counts_games_and_wins():
    result = CliRunner().invoke(app, ["arena", "--bots", "fast,random", "--deals", "1", "--seed", "t", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2
    kinds = {k["kind"]: k for k in data["kinds"]}
    assert kinds["fast"]["games"] == kinds["random"]["games"] == 2
    assert kinds["fast"]["wins"] + kinds["random"]["wins"] == 2


def test_arena_plays_fast_seats_with_the_weights_given_and_refuses_unknown_weights(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {"hold_c": 100.0, "hold_o": 100.0}}))   # a bot that never spends
    args = ["arena", "--bots", "fast,random", "--deals", "1", "--seed", "w", "--json"]
    shipped = json.loads(CliRunner().invoke(app, args).stdout)
    given = json.loads(CliRunner().invoke(app, [*args, "--weights", str(path)]).stdout)
    assert [r["vp"] for r in given["results"]] != [r["vp"] for r in shipped["results"]]
    path.write_text(json.dumps({"weights": {"pass_penality": 1.0}}))
    result = CliRunner().invoke(app, [*args, "--weights", str(path)])
    assert result.exit_code == 2 and "unknown weight 'pass_penality'" in result.output


def test_arena_against_an_earlier_run_of_the_same_games_prints_the_difference_and_refuses_other_games(tmp_path):
    args = ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t"]
    earlier = tmp_path / "earlier.json"
    earlier.write_text(CliRunner().invoke(app, [*args, "--json"]).stdout)
    same = CliRunner().invoke(app, [*args, "--against", str(earlier)])
    assert same.exit_code == 0, same.output
    assert "game by game" in same.output and "+0.0 to +0.0" in same.output
    data = json.loads(CliRunner().invoke(app, [*args, "--json", "--against", str(earlier)]).stdout)
    assert [(p["kind"], p["games"], p["difference"]) for p in data["paired"]] == [("greedy", 2, 0.0), ("random", 2, 0.0)]
    other = CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "u",
                                     "--against", str(earlier)])
    assert other.exit_code == 2 and "game 1 (u/0, greedy,random) is not in the earlier run" in other.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    refused = CliRunner().invoke(app, [*args, "--against", str(bad)])
    assert refused.exit_code == 2 and "not an arena --json output" in refused.output
    missing = CliRunner().invoke(app, [*args, "--against", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "none.json" in missing.output


def test_one_generation_of_tuning_is_deterministic():
    seen = []
    a = tune(1, 1, 1, 2, "t", on_generation=seen.append)
    b = tune(1, 1, 1, 2, "t")
    assert a == b
    assert len(seen) == 1 and seen[0].number == 1
    assert a != default_weights()


def test_table_objective_scores_a_table_where_every_seat_plays_the_candidate():
    """`--objective table`: the fitness is the mean VP of a game of candidate copies (the issue's "four copies average")."""
    from gaia_rules.players.tune import TrialGame, play_trial
    weights = default_weights()
    cand = dict(weights, pass_penalty=weights["pass_penalty"] + 1.0)
    game = TrialGame("obj/d0", 2, 0, tuple(sorted(cand.items())), tuple(sorted(weights.items())), "table")
    engine = Engine(default_catalogue())
    factions = draw_factions(engine.catalogue, 2, random.Random("factions/obj/d0"))
    setup = random_setup(engine.catalogue, 2, "obj/d0", factions=factions)
    state = play_game(engine, setup, [FastBot(f"obj/d0/{s}", weights=cand) for s in range(2)])
    assert play_trial(game) == sum(p.vp for p in state.players) / 2
    seat = play_trial(TrialGame("obj/d0", 2, 0, game.candidate, game.incumbent, "seat"))
    assert seat != play_trial(game)   # the seat objective is a difference of VP, not a mean


def test_automa_objective_scores_the_margin_over_the_standard_automa():
    """`--objective automa`: a solo game against the standard Automa, deal k turning to the k-th card and a faction
    that can face it; the fitness is the candidate's VP minus the Automa's."""
    from gaia_rules.players.arena import solo_pairing
    from gaia_rules.players.tune import TrialGame, play_trial
    weights = default_weights()
    game = TrialGame("obj/d1", 1, 0, tuple(sorted(weights.items())), tuple(sorted(weights.items())), "automa", 1)
    engine = Engine(default_catalogue())
    card, faction = solo_pairing(engine.catalogue, 1)
    assert card == sorted(engine.catalogue.automa.factions)[1]
    setup = random_setup(engine.catalogue, 1, "obj/d1", factions=[faction], automa=card,
                         difficulty=engine.catalogue.automa.rules.standard_difficulty)
    state = play_game(engine, setup, [FastBot("obj/d1/0", weights=weights)])
    assert play_trial(game) == state.players[0].vp - state.players[1].vp


def test_search_bot_with_a_fixed_budget_chooses_the_same_legal_move_twice(engine):
    state = _first_turn_of_round(engine, "twice", 2)
    first, second = SearchBot("s", iterations=120), SearchBot("s", iterations=120)
    a, b = first.choose(engine, state), second.choose(engine, state)
    assert a == b and first.last == second.last
    legal = engine.legal_moves(state)
    assert a in legal and all(m in legal for m, _ in first.last)
    assert len(first.last) >= 2 and first.last[0][1] is not None


def test_search_bot_overrules_the_prior_only_by_the_margin(engine):
    state = _first_turn_of_round(engine, "margin", 2)
    stubborn = SearchBot("s", iterations=400, margin=1e9)
    assert stubborn.choose(engine, state) == stubborn.last[0][0]
    eager = SearchBot("s", iterations=400, margin=-1e9)
    move = eager.choose(engine, state)
    finished = [(v, m) for m, v in eager.last[1:] if v is not None]
    assert finished and move == max(finished, key=lambda vm: vm[0])[1]


def test_search_bot_plays_every_candidate_out_to_the_same_point_the_end_of_the_round(engine):
    """A pass and a main action are compared after the same round's end, not at different horizons."""
    state = _first_turn_of_round(engine, "horizon", 1)
    bot = SearchBot("s")
    moves = engine.legal_moves(state)
    passing = next(m for m in moves if m.command == "pass")
    other = next(m for m in moves if m.command not in ("pass", "spend", "burn"))
    ends = [bot.play_to_round_end(engine, state, m, [10 ** 6]) for m in (passing, other)]
    assert [e.round for e in ends] == [2, 2]
    assert ends[0].phase == ends[1].phase
    assert bot.play_to_round_end(engine, state, other, [3]) is None


def test_search_bot_weighs_where_its_first_mine_goes_by_play_outs_to_the_end_of_the_first_round(engine):
    """The set-up is searched too: a first mine's candidates are compared after round 1, not before it."""
    state = engine.new_game(random_setup(engine.catalogue, 4, "first-mine"))
    while state.phase != "setup":   # the factions are chosen first
        _, state = FastBot("f").play(engine, state)
    assert state.round == 0
    bot = SearchBot("s", iterations=10 ** 6, width=2, extend=0)
    move = bot.choose(engine, state)
    assert len(bot.last) == 3 and all(v is not None for _, v in bot.last)
    assert {m.command for m, _ in bot.last} == {"build"} and move in [m for m, _ in bot.last]
    ends = [bot.play_to_round_end(engine, state, m, [10 ** 6]) for m, _ in bot.last]
    assert {(e.round, e.phase) for e in ends} == {(ends[0].round, ends[0].phase)} and ends[0].round == 2
    assert [v for _, v in bot.last] == [bot.standing(engine, e, engine.to_move(state)) for e in ends]


def test_search_bot_decides_late_moves_by_the_real_final_score_when_the_budget_allows(engine, round_five):
    """Step 4: the prior and the best other candidate are played on to the game's end and compared by final VP."""
    state = round_five
    p = engine.to_move(state)
    bot = SearchBot("s", iterations=2000, margin=0.0)
    move = bot.choose(engine, state)
    assert len(bot.final) == 2 and bot.final[0][1] == bot.last[0][0]          # the prior is a finalist
    for value, finalist in bot.final:
        end = bot.play_on(engine, bot.play_to_round_end(engine, state, finalist, [10 ** 6]), [10 ** 6])
        assert end.ended and value == end.players[p].vp                       # the real final VP
    (prior_vp, prior), (other_vp, other) = bot.final
    assert move == (other if other_vp > prior_vp else prior)


def test_search_bot_with_budget_for_some_more_rounds_decides_at_the_furthest_round_every_finalist_reached(engine):
    """Step 4 a round at a time: a budget that pays for more rounds but not the game's end compares the
    finalists by the estimate at the end of the same later round."""
    state = _first_turn_of_round(engine, "extend", 2)
    p = engine.to_move(state)
    bot = SearchBot("s", iterations=600, margin=0.0)
    move = bot.choose(engine, state)
    assert len(bot.final) == 2
    horizons = []
    for value, finalist in bot.final:
        start = bot.play_to_round_end(engine, state, finalist, [10 ** 6])
        horizons.append(next(r for r in range(3, 6)
                             if bot.standing(engine, bot.play_on(engine, start, [10 ** 6], last_round=r), p) == value))
    assert horizons[0] == horizons[1] < 6                                        # one round, not the game's end
    (prior_value, prior), (other_value, other) = bot.final
    assert move == (other if other_value > prior_value else prior)


def test_search_bot_keeps_the_round_end_decision_when_the_budget_cannot_reach_the_game_end(engine, round_five):
    state = round_five
    short = SearchBot("s", iterations=200)
    stage_one = SearchBot("s", iterations=200, extend=0)
    assert short.choose(engine, state) == stage_one.choose(engine, state)
    assert short.final == [] and short.last == stage_one.last


def test_arena_gives_search_seats_the_iteration_budget_and_refuses_two_budgets():
    args = ["arena", "--bots", "search,random", "--deals", "1", "--seed", "it", "--json"]
    both = CliRunner().invoke(app, [*args, "--think", "1", "--iterations", "3"])
    assert both.exit_code == 2 and "give either --think or --iterations, not both" in both.output
    result = CliRunner().invoke(app, [*args, "--iterations", "0"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2 and [k["kind"] for k in data["kinds"]] == ["search", "random"]
