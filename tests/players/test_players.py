"""Players: every bot kind plays legal, whole, deterministic games; the arena's counts and intervals.

The arena's numbers are checked on hand-made results with known answers.
"""
from __future__ import annotations

import json
import math
import random

import pytest
from typer.testing import CliRunner

from gaia_rules.faces.cli import app
from gaia_rules.language import ast
from gaia_rules.players import BOTS, FastBot, SearchBot, make_bot, play_game
from gaia_rules.players.arena import (GameResult, UnpairedGames, draw_factions, paired, ranks_of, schedule,
                                      summarize, wilson)
from gaia_rules.players.fast import FastEvaluator, default_weights, load_weights
from gaia_rules.players.tune import tune
from gaia_rules.rules import Engine
from gaia_rules.rules.moves import Move
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState, HexState


@pytest.fixture(scope="module")
def engine():
    return Engine()


def _game(engine, kinds, seed, variant="rules", factions=None, **options):
    setup = random_setup(engine.catalogue, len(kinds), seed, variant, factions=factions)
    bots = [make_bot(k, f"{seed}/{i}", **(options if k == "search" else {})) for i, k in enumerate(kinds)]
    moves = []
    state = play_game(engine, setup, bots, on_move=lambda step: moves.append(step.move))
    return state, moves


def test_every_bot_kind_is_registered_with_its_name():
    assert list(BOTS) == ["random", "greedy", "fast", "search"]
    assert all(cls.name == kind for kind, cls in BOTS.items())


def test_unknown_bot_kind_names_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown bot 'clever' \(choose random, greedy, fast, search\)"):
        make_bot("clever", 1)


def test_search_bot_finishes_a_four_player_game(engine):
    state, moves = _game(engine, ["search", "fast", "greedy", "random"], "four", "boardgamers", iterations=4)
    assert state.ended and len(moves) > 100


def test_a_bots_play_reuses_the_listings_states_and_chooses_as_choose_does(engine):
    """`play` keeps each legal move's state from `Engine.successors`: the same move and state as choose + apply."""
    state = _first_turn_of_round(engine, "reuse", 2)
    for kind in ("greedy", "fast"):
        move, after = make_bot(kind, "r").play(engine, state)
        assert move == make_bot(kind, "r").choose(engine, state)
        assert after.to_dict() == engine.apply(state, move).to_dict()


def test_shipped_weights_load_and_unknown_names_are_refused(tmp_path):
    weights = default_weights()
    assert {"income_o", "federation_potential", "pass_penalty"} <= set(weights)
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {"income_o": 9.5}}))
    assert load_weights(path)["income_o"] == 9.5
    path.write_text(json.dumps({"weights": {"incme_o": 1}}))
    with pytest.raises(ValueError, match="unknown weight 'incme_o'"):
        load_weights(path)


def test_fast_bot_takes_weights():
    bot = FastBot(1, weights={**default_weights(), "pass_penalty": 0.0})
    assert bot.weights["pass_penalty"] == 0.0


def _first_turn_of_round(engine, seed, rnd):
    """A 4-player game of greedy bots (whose play no weights file changes) up to the first main action of
    round `rnd` (nobody passed yet)."""
    setup = random_setup(engine.catalogue, 4, seed)
    bots = [make_bot("greedy", f"{seed}/{i}") for i in range(4)]
    state = engine.new_game(setup)
    while not (state.round == rnd and state.phase == "actions" and not state.decisions and not state.pending):
        _, state = bots[engine.to_move(state)].play(engine, state)
    return state


def test_a_boosters_income_counts_once_and_apart_from_lasting_income(engine):
    state = _first_turn_of_round(engine, "boost", 1)
    p = engine.to_move(state)
    evaluate = FastEvaluator(engine.catalogue)
    lasting, booster = evaluate.income(engine, state, p)
    held = engine.catalogue.boosters[state.players[p].booster]
    amounts: dict[str, int] = {}
    for eff in held.effects:
        for st in eff.statements:
            if isinstance(st.clause, ast.Income):
                for g in st.clause.gains:
                    amounts[g.resource] = amounts.get(g.resource, 0) + g.count
    assert booster == amounts and lasting


def test_passing_gains_nothing_for_taking_the_best_booster_on_the_table(engine):
    """Before passing, the next booster is counted as the best on the table (at `next_booster` = 1): passing
    with it changes VP + booster outlook by nothing, so the one-ply does not pass early just to take a booster."""
    state = _first_turn_of_round(engine, "pass", 2)
    p = engine.to_move(state)
    evaluate = FastEvaluator(engine.catalogue, {**default_weights(), "next_booster": 1.0})
    ctx = engine.context(state)
    best = max(state.boosters_table, key=lambda b: evaluate._booster_worth(ctx, state, p, b))
    after = engine.apply(state, Move(p, "pass", (best,)))
    before_total = state.players[p].vp + evaluate.booster_outlook(engine, state, p)
    after_total = after.players[p].vp + evaluate.booster_outlook(engine, after, p)
    assert after.players[p].passed and after.players[p].booster == best
    assert after_total == pytest.approx(before_total)
    worse = min(state.boosters_table, key=lambda b: evaluate._booster_worth(ctx, state, p, b))
    if evaluate._booster_worth(ctx, state, p, worse) < evaluate._booster_worth(ctx, state, p, best):
        other = engine.apply(state, Move(p, "pass", (worse,)))
        assert other.players[p].vp + evaluate.booster_outlook(engine, other, p) < before_total


def test_a_research_step_is_worth_its_lasting_value_and_the_income_of_the_new_level(engine):
    """A level counts `research_step` now, the end VP of the track (content) and the new level's income."""
    state = _first_turn_of_round(engine, "research", 1)
    p = engine.to_move(state)
    weights = {**default_weights(), "research_level": 0.0, "research_step": 1.5, "final_early": 0.0, "final_late": 0.0}
    evaluate = FastEvaluator(engine.catalogue, weights)
    moved = GameState.from_json(state.to_json())
    track = min(sorted(moved.players[p].research), key=lambda t: moved.players[p].research[t])
    level = moved.players[p].research[track]
    moved.players[p].research[track] = level + 1
    end_vp = engine.catalogue.research.vp_by_level
    (before, _), (after, _) = evaluate.income(engine, state, p), evaluate.income(engine, moved, p)
    rounds_worth = evaluate.income_rounds(evaluate.outlook(state).incomes_left)
    income_gain = sum((after.get(r, 0) - before.get(r, 0)) * rounds_worth * weights.get(f"income_{r}", 0.0)
                      for r in set(after) | set(before))
    gained = evaluate(engine, moved, p) - evaluate(engine, state, p)
    assert gained == pytest.approx(1.5 + end_vp[level + 1] - end_vp[level] + income_gain)


def test_income_to_come_is_worth_more_per_round_the_more_rounds_follow(engine):
    """Lasting income counts `left` rounds, each worth `income_growth` more per further round left:
    with 6 incomes left and growth 0.1 a unit of income counts 6 x 1.5 = 9 rounds; with 1 left, 1."""
    flat = FastEvaluator(engine.catalogue, {**default_weights(), "income_growth": 0.0})
    growing = FastEvaluator(engine.catalogue, {**default_weights(), "income_growth": 0.1})
    assert [flat.income_rounds(n) for n in (1, 3, 6)] == [1, 3, 6]
    assert [growing.income_rounds(n) for n in (1, 3, 6)] == pytest.approx([1.0, 3.6, 9.0])
    state = _first_turn_of_round(engine, "grow", 2)
    p = engine.to_move(state)
    lasting, _ = flat.income(engine, state, p)
    left = flat.outlook(state).incomes_left
    per_round = sum(n * flat.w.get(f"income_{r}", 0.0) for r, n in lasting.items())
    assert per_round > 0 and left == 4   # the incomes of rounds 3 to 6
    extra = growing(engine, state, p) - flat(engine, state, p)
    assert extra == pytest.approx(per_round * (growing.income_rounds(left) - left))


def test_room_to_grow_counts_free_planets_in_range_by_their_terraforming_ore(engine):
    """A planet needing no ore counts 1, one needing 3 ore 1/2 (3 / (3 + ore)); a built planet counts no more."""
    state = _first_turn_of_round(engine, "grow", 1)
    p = engine.to_move(state)
    evaluate = FastEvaluator(engine.catalogue, {**default_weights(), "expansion_cap": 100.0})
    _, _, origins, _ = evaluate.board.board_parts(engine, state, p, state.players[p].faction)
    ctx = engine.view(state)   # what the bot reads positions through
    key = evaluate.board.reach_key(ctx, state, p, origins)
    planets = evaluate.board._planets_in_range(ctx, state, key)
    free = [(n, w) for n, w in planets if state.board.get(n) is None or state.board[n].piece is None]
    cost, gaia_ore = ctx.param(p, "terraform_cost"), default_weights()["expansion_gaia_ore"]
    allowed = {3 / (3 + steps * cost) for steps in range(4)} | {3 / (3 + gaia_ore)}
    assert free and all(any(w == pytest.approx(a) for a in allowed) for _, w in free)
    assert evaluate.board.expansion(engine, state, p, origins) == pytest.approx(sum(w for _, w in free))
    name, worth = free[0]
    taken = GameState.from_json(state.to_json())
    taken.board[name] = HexState(owner=(p + 1) % 4, piece="m")
    assert evaluate.board.expansion(engine, taken, p, origins) == pytest.approx(sum(w for _, w in free) - worth)
    cap = sum(w for _, w in free) / 2
    capped = FastEvaluator(engine.catalogue, {**default_weights(), "expansion_cap": cap})
    assert capped.board.expansion(engine, state, p, origins) == pytest.approx(cap)


def test_more_range_leaves_more_room_to_grow(engine):
    state = _first_turn_of_round(engine, "grow", 1)
    p = engine.to_move(state)
    evaluate = FastEvaluator(engine.catalogue, {**default_weights(), "expansion_cap": 100.0})
    _, _, origins, _ = evaluate.board.board_parts(engine, state, p, state.players[p].faction)
    near = evaluate.board.expansion(engine, state, p, origins)
    farther = GameState.from_json(state.to_json())
    farther.temp["range"] = 2
    assert evaluate.board.expansion(engine, farther, p, origins) > near


def test_qic_held_brings_planets_beyond_range_into_room_to_grow_each_qic_counted_as_ore(engine):
    """With `expansion_qic` 2, a planet one Q.I.C. beyond range counts 3 / (3 + ore + 2); without it, not at all."""
    state = _first_turn_of_round(engine, "grow", 1)
    p = engine.to_move(state)
    state.players[p].qic = 1
    plain = FastEvaluator(engine.catalogue, {**default_weights(), "expansion_cap": 100.0, "expansion_qic": 0.0})
    boosted = FastEvaluator(engine.catalogue, {**default_weights(), "expansion_cap": 100.0, "expansion_qic": 2.0})
    _, _, origins, _ = plain.board.board_parts(engine, state, p, state.players[p].faction)
    ctx = engine.view(state)
    near = dict(plain.board._planets_in_range(ctx, state, plain.board.reach_key(ctx, state, p, origins)))
    far = dict(boosted.board._planets_in_range(ctx, state, boosted.board.reach_key(ctx, state, p, origins)))
    beyond = set(far) - set(near)
    assert beyond and set(near) <= set(far)
    assert all(far[n] == pytest.approx(near[n]) for n in near)
    allowed = {3 / (3 + ore + 2) for ore in range(10)} | {3 / (3 + default_weights()["expansion_gaia_ore"] + 2)}
    assert all(any(far[n] == pytest.approx(a) for a in allowed) for n in beyond)


def test_pieces_within_charging_distance_of_an_opponent_count_their_power_value_as_charges_to_come(engine):
    """The content's charge distance (2): a piece counts its power value once an opponent's piece is that
    close, a farther one does not; the part is worth `neighbour` per power value, times the rounds left."""
    state = _first_turn_of_round(engine, "neighbours", 1)
    p = engine.to_move(state)
    ctx = engine.context(state)
    evaluate = FastEvaluator(engine.catalogue, {**default_weights(), "neighbour": 0.0})
    bare = GameState.from_json(state.to_json())
    bare.board = {n: h for n, h in bare.board.items() if h.piece is None}   # an empty map: no pieces at all
    names = sorted(h.name for h in ctx.map.hexes.values() if ctx.map.kind_at(state, h.name) == "home")
    mine = names[0]
    near = next(n for n in names if ctx.map.distance(mine, n) == 2)
    far = next(n for n in names if ctx.map.distance(mine, n) == 3)
    bare.board[mine] = HexState(owner=p, piece="ts")
    assert evaluate.board.neighbour_power(engine, bare, p) == 0
    bare.board[far] = HexState(owner=(p + 1) % 4, piece="m")
    assert evaluate.board.neighbour_power(engine, bare, p) == 0
    bare.board[near] = HexState(owner=(p + 1) % 4, piece="m")
    assert evaluate.board.neighbour_power(engine, bare, p) == ctx.holdings.power_value(bare, p, mine, "charge") == 2
    assert evaluate.board.neighbour_power(engine, bare, (p + 1) % 4) == 1   # the opponent's mine near p's station
    weighted = FastEvaluator(engine.catalogue, {**default_weights(), "neighbour": 1.5})
    look = evaluate.outlook(bare)
    gained = weighted(engine, bare, p) - evaluate(engine, bare, p)
    assert gained == pytest.approx(1.5 * 2 * look.incomes_left / look.rounds)


def test_before_passing_the_fast_bot_takes_the_free_action_that_raises_its_estimate_most(engine):
    """With only passing left among the main actions, a free action is taken for its own worth when it adds at
    least `free_before_pass` VP to the estimate (here credits made worth 1 VP, power in area III spent on them);
    at 0 the bot passes."""
    state = GameState.from_json(_first_turn_of_round(engine, "stuck-1", 3).to_json())   # firaks: no special action
    p = engine.to_move(state)
    pl = state.players[p]
    pl.credits = pl.ore = pl.knowledge = pl.qic = 0
    pl.power.update(area1=0, area2=0, area3=2)
    pl.token = None
    moves = engine.legal_moves(state)
    assert {m.command for m in moves} == {"pass", "spend"}
    valued = {**default_weights(), "hold_c": 1.0, "hold_c_per_round": 0.0}
    chosen = FastBot("stuck", weights={**valued, "free_before_pass": 0.01}).choose(engine, state)
    assert str(chosen) == "spend 2pw 2c"
    assert FastBot("stuck", weights={**valued, "free_before_pass": 0.0}).choose(engine, state).command == "pass"
    assert FastBot("stuck", weights={**valued, "free_before_pass": 2.5}).choose(engine, state).command == "pass"


def test_pieces_within_satellite_reach_group_together_for_federations(engine):
    """Pieces chained by steps of at most `federation_link` hexes form one group; a far piece its own."""
    state = _first_turn_of_round(engine, "feds", 1)
    ctx = engine.context(state)
    evaluate = FastEvaluator(engine.catalogue, {**default_weights(), "federation_link": 3.0})
    names = sorted(h.name for h in ctx.map.hexes.values())
    a = names[0]
    b = next(n for n in names if ctx.map.distance(a, n) == 3)
    c = next(n for n in names if ctx.map.distance(b, n) == 3 and ctx.map.distance(a, n) > 3)
    far = next(n for n in names if min(ctx.map.distance(x, n) for x in (a, b, c)) > 3)
    groups = evaluate.board._groups(ctx, (a, b, c, far))
    assert sorted(sorted(g) for g in groups) == sorted([sorted([a, b, c]), [far]])


# ------------------------------------------------------------------ the arena


def test_wilson_interval_of_known_proportions():
    lo, hi = wilson(7, 10)
    assert round(lo, 3) == 0.397 and round(hi, 3) == 0.892
    assert wilson(0, 0) == (0.0, 1.0)


def test_ranks_share_tied_places():
    assert ranks_of([100, 90, 90, 50]) == [1.0, 2.5, 2.5, 4.0]


def test_summary_of_hand_made_results():
    results = [
        GameResult(0, "d/0", ("a", "b"), ("fast", "greedy"), (120, 100), 10),
        GameResult(1, "d/0", ("a", "b"), ("greedy", "fast"), (110, 110), 10),
        GameResult(2, "d/1", ("a", "b"), ("fast", "greedy"), (90, 95), 10),
    ]
    fast, greedy = summarize(results, ["fast", "greedy"])
    assert (fast.games, fast.wins, fast.vp) == (3, 1.5, [120, 110, 90])
    assert (greedy.games, greedy.wins, greedy.vp) == (3, 1.5, [100, 110, 95])
    assert fast.ranks == [1.0, 1.5, 2.0] and greedy.ranks == [2.0, 1.5, 1.0]
    assert fast.vp_mean() == pytest.approx(320 / 3)


def test_a_lone_bot_that_beats_each_of_three_others_more_often_than_they_beat_it_is_rated_above_them():
    """Ratings: every seat is a player of its kind's rating; a kind moves by the mean of its seats' updates.

    Here the lone search bot wins 2 of 4 games (a seat's fair share is 1 in 4), so it is rated above
    the fast kind, though the best of the three fast seats beats it as often as not.
    """
    results = [GameResult(i, f"d/{i}", ("a", "b", "c", "d"), ("search", "fast", "fast", "fast"), vp, 10)
               for i, vp in enumerate([(120, 100, 90, 80), (110, 115, 90, 80), (118, 100, 95, 90), (100, 104, 99, 98)])]
    search, fast = summarize(results, ["search", "fast"])
    assert search.win_rate() == 0.5 and fast.win_rate() == pytest.approx(1 / 6)
    assert search.mu > fast.mu
    alone = summarize(results[:0] + [GameResult(0, "d/0", ("a", "b"), ("fast", "fast"), (90, 80), 10)], ["fast"])
    assert alone[0].mu == summarize([], ["fast"])[0].mu   # a table of one kind moves no rating


def test_schedule_rotates_each_deal_over_the_seats(engine):
    specs = schedule(engine.catalogue, ["fast", "greedy", "greedy"], 2, "s")
    assert len(specs) == 6
    for deal in (0, 1):
        games = [s for s in specs if s.deal == deal]
        assert sorted(g.bots.index("fast") for g in games) == [0, 1, 2]
        assert len({g.factions for g in games}) == 1


def test_drawn_factions_have_distinct_home_planets(engine):
    for k in range(20):
        factions = draw_factions(engine.catalogue, 4, random.Random(k))
        assert len({engine.catalogue.factions[f].home for f in factions}) == 4


def test_arena_plays_a_deal_once_per_distinct_rotation_of_the_line_up(engine):
    """Bots are seeded by seat: a rotation seating the same kinds again would replay the same game."""
    def rotations(lineup):
        return [spec.bots for spec in schedule(engine.catalogue, lineup, 2, "rot")]

    assert len(rotations(["fast"] * 4)) == 2
    assert rotations(["fast", "greedy", "fast", "greedy"]) == [("fast", "greedy", "fast", "greedy"),
                                                               ("greedy", "fast", "greedy", "fast")] * 2
    assert len(rotations(["search", "fast", "fast", "fast"])) == 8


def test_arena_counts_every_move_as_one_seats_decision_with_its_cpu_time():
    result = CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t", "--json"])
    data = json.loads(result.stdout)
    for game in data["results"]:
        assert sum(game["decisions"]) == game["moves"] and len(game["cpu_s"]) == 2
        assert all(c >= 0 for c in game["cpu_s"])
    assert all(k["ms_per_decision"] is not None for k in data["kinds"])


def test_arena_splits_each_seats_vp_by_source_and_the_groups_add_up_to_it():
    """Where a kind's VP come from: the lab's source groups, per seat, summing to the seat's VP."""
    result = CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t", "--json"])
    data = json.loads(result.stdout)
    for game in data["results"]:
        assert [sum(s.values()) for s in game["sources"]] == game["vp"]
        assert all(s["start"] == 10 for s in game["sources"])     # the faction board's starting VP
    for kind in data["kinds"]:
        assert sum(kind["vp_by_source"].values()) == pytest.approx(kind["vp_mean"])


def test_kind_sources_are_means_over_its_seats_largest_first():
    results = [GameResult(0, "d/0", ("a", "b"), ("fast", "greedy"), (30, 12), 10,
                          sources=({"start": 10, "round tiles": 20}, {"start": 10, "research": 2})),
               GameResult(1, "d/0", ("a", "b"), ("greedy", "fast"), (14, 15), 10,
                          sources=({"start": 10, "research": 4}, {"start": 10, "round tiles": 4, "research": 1}))]
    fast, greedy = summarize(results, ["fast", "greedy"])
    assert fast.sources_mean() == {"round tiles": 12.0, "start": 10.0, "research": 0.5}
    assert list(greedy.sources_mean().items()) == [("start", 10.0), ("research", 3.0)]


def test_arena_command_prints_the_table_by_source_when_asked():
    args = ["arena", "--bots", "greedy,random", "--deals", "1", "--seed", "t"]
    asked = CliRunner().invoke(app, [*args, "--sources"])
    assert asked.exit_code == 0, asked.output
    assert "Mean VP by source" in asked.output and "round tiles" in asked.output and "total" in asked.output
    assert "Mean VP by source" not in CliRunner().invoke(app, args).output


def test_paired_difference_is_taken_game_by_game_over_the_mean_of_a_kinds_seats():
    """A kind's seats in one game share its board: the game's difference is their mean, the interval is over games."""
    now = [GameResult(0, "d/0", ("a", "b", "c"), ("fast", "fast", "greedy"), (110, 100, 80), 10),
           GameResult(1, "d/1", ("a", "b", "c"), ("fast", "fast", "greedy"), (90, 96, 70), 10)]
    earlier = {"results": [{"index": 0, "seed": "d/0", "factions": ["a", "b", "c"], "bots": ["fast", "fast", "greedy"],
                            "vp": [100, 100, 80]},
                           {"index": 1, "seed": "d/1", "factions": ["a", "b", "c"], "bots": ["fast", "fast", "greedy"],
                            "vp": [90, 90, 74]}]}
    fast, greedy = paired(now, earlier, ["fast", "greedy"])
    assert (fast.games, fast.difference, fast.vp_mean, fast.earlier_vp_mean) == (2, 4.0, 99.0, 95.0)
    half = 1.96 * math.sqrt(((5 - 4) ** 2 + (3 - 4) ** 2) / 1 / 2)     # game differences 5 and 3
    assert fast.difference_95 == pytest.approx((4.0 - half, 4.0 + half))
    assert (greedy.difference, greedy.difference_95) == (-2.0, pytest.approx((-2.0 - 1.96 * 2, -2.0 + 1.96 * 2)))
    earlier["results"][1]["seed"] = "d/9"
    with pytest.raises(UnpairedGames, match="game 2 .d/1, fast,fast,greedy. is not in the earlier run"):
        paired(now, earlier, ["fast", "greedy"])


def test_arena_refuses_an_unknown_bot():
    result = CliRunner().invoke(app, ["arena", "--bots", "fast,clever"])
    assert result.exit_code == 2


# ------------------------------------------------------------------ tuning


def test_tuning_refuses_an_unknown_objective():
    with pytest.raises(ValueError, match="unknown objective 'vp'"):
        tune(1, 1, 1, 2, "t", objective="vp")
    result = CliRunner().invoke(app, ["tune", "--objective", "vp", "-o", "x.json"])
    assert result.exit_code == 2 and "choose seat, table, automa" in result.output


# ------------------------------------------------------------------ the search bot

def test_search_bot_without_budget_plays_the_fast_bots_move(engine):
    """Margin rule: the prior (the fast bot's move) is played unless a finished play-out beats it."""
    state = _first_turn_of_round(engine, "prior", 2)
    bot = SearchBot("s", iterations=0)
    move = bot.choose(engine, state)
    assert bot.last == [(move, None)]
    fast = FastBot("s/policy")
    fast.rng.seed(f"s/prior/{len(state.moves)}")   # the search bot's prior draws between equal moves so
    assert move == fast.choose(engine, state)


@pytest.fixture(scope="module")
def round_five(engine):
    return _first_turn_of_round(engine, "extend", 5)
