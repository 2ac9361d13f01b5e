"""Search as the fast bot's teacher (gaia_rules/lab/teach.py): the fit, the data file, the estimate it fits."""
from __future__ import annotations

import json
import random

import pytest

from gaia_rules.lab.teach import STRUCTURAL, TeachError, fit, games_in, read_decisions, schedule
from gaia_rules.players.fast import FastBot, default_weights
from gaia_rules.rules import Engine, Game
from gaia_rules.setup import draw_factions, random_setup


def _decision(game: str, rows: list[tuple[float, float, dict]]) -> dict:
    return {"game": game, "round": 1, "chosen": "p1 pass",
            "rows": [{"move": f"m{i}", "value": v, "fixed": f, "features": feats} for i, (v, f, feats) in enumerate(rows)]}


def _write(tmp_path, decisions) -> object:
    path = tmp_path / "decisions.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in decisions), encoding="utf-8")
    return path


def test_fit_recovers_the_weight_that_predicts_the_play_outs(tmp_path):
    # each candidate's play-out value is its fixed part plus 2 VP per ore held: the fit finds hold_o = 2
    rng = random.Random(1)
    decisions = []
    for g in range(30):
        rows = []
        for _ in range(4):
            ore, credits = rng.randint(0, 9), rng.randint(0, 20)
            fixed = rng.uniform(50, 60)
            rows.append((fixed + 2.0 * ore + default_weights()["hold_c"] * credits, fixed,
                         {"hold_o": float(ore), "hold_c": float(credits)}))
        decisions.append(_decision(f"t/{g}", rows))
    result = fit([_write(tmp_path, decisions)], ridge=0.0)
    assert result.weights["hold_o"] == pytest.approx(2.0, abs=1e-3)
    assert result.weights["hold_c"] == pytest.approx(default_weights()["hold_c"], abs=1e-3)
    assert (result.decisions, result.candidates) == (30, 120)
    assert result.error_after < 1e-6 < result.error_before


def test_a_strong_ridge_keeps_the_start_weights(tmp_path):
    rows = [(60.0 + 5 * o, 60.0, {"hold_o": float(o)}) for o in (0, 1, 2)]
    result = fit([_write(tmp_path, [_decision("t/0", rows)])], ridge=100.0)
    assert abs(result.weights["hold_o"] - default_weights()["hold_o"]) < 0.05


def test_structural_settings_are_never_fitted(tmp_path):
    rows = [(60.0 + 5 * o, 60.0, {"income_growth": float(o), "hold_o": float(o)}) for o in (0, 1, 2)]
    result = fit([_write(tmp_path, [_decision("t/0", rows)])], ridge=0.0)
    assert "income_growth" in STRUCTURAL
    assert result.weights["income_growth"] == default_weights()["income_growth"]


def test_a_line_that_is_not_a_decision_is_named_with_its_file_and_line(tmp_path):
    path = _write(tmp_path, [_decision("t/0", [(1.0, 0.0, {"hold_o": 1.0})])])
    path.write_text(path.read_text() + '{"rows": 3}\n', encoding="utf-8")
    with pytest.raises(TeachError, match=r"decisions.jsonl:2: not a decision"):
        list(read_decisions([path]))


def test_a_collection_resumes_after_the_games_the_file_holds(tmp_path):
    path = _write(tmp_path, [_decision("teach/0", [(1.0, 0.0, {})]), _decision("teach/2", [(1.0, 0.0, {})])])
    assert games_in(path) == {"teach/0", "teach/2"}
    assert games_in(tmp_path / "none.jsonl") == set()


def test_solo_collection_games_turn_through_the_automa_cards_and_factions():
    engine = Engine()
    games = schedule(engine.catalogue, 12, "teach", 1, 50)
    cards = sorted(engine.catalogue.automa.factions)
    assert [g.automa for g in games[:len(cards)]] == cards
    for g in games:   # every faction can face its card: a home of its own
        assert engine.catalogue.factions[g.faction].home != \
            engine.catalogue.factions[engine.catalogue.automa.factions[g.automa].faction].home
    four = schedule(engine.catalogue, 5, "teach", 4, 50)
    assert [g.seat for g in four] == [0, 1, 2, 3, 0]


def test_the_estimate_is_its_fixed_part_plus_weights_times_features():
    engine = Engine()
    setup = random_setup(engine.catalogue, 2, "teach-est", factions=draw_factions(engine.catalogue, 2, random.Random(3)))
    game = Game.new(setup, engine)
    rng = random.Random(5)
    bot = FastBot(0)
    evaluate = bot.estimator(engine)
    while game.state.round < 2 and not game.is_over:
        game.push_random(rng)
    fixed, features = evaluate.features(engine, game.state, 0)
    w = evaluate.w
    assert evaluate(engine, game.state, 0) == pytest.approx(fixed + sum(w[k] * v for k, v in features.items()))
    assert sum(evaluate.terms(engine, game.state, 0).values()) == pytest.approx(evaluate(engine, game.state, 0))
