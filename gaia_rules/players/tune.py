"""Tuning the fast bot's weights by self-play: a simple evolution strategy.

Each generation draws `pairs` random directions in weight space and plays
both ends of each (the weights plus and minus the step) on the same deals
(common random numbers: every candidate meets the same boards and factions).
The objective says what a candidate is rewarded for:

- `seat` (the default): the candidate sits in one seat of each deal (the seat
  turns with the deal) and the incumbent weights fill the other seats; its
  fitness is its mean VP minus the mean VP of the incumbents at its tables,
  so a candidate is rewarded for scoring well *and* for beating the current bot;
- `table`: the candidate fills every seat and its fitness is the table's mean
  VP, the measure "four copies average N VP": play that makes the game
  richer for everyone (more buildings, federations, charges) is rewarded, not
  only play that beats the incumbent;
- `automa`: solo games against the standard Automa, deal by deal turning
  through the Automa's cards and the factions that can face them (as `gaia
  arena --players 1` does); the fitness is the candidate's VP minus the
  Automa's, the measure the solo player meets.

The incumbent moves along the
sum of the directions, each signed by which end did better (a rank-based
estimate of the gradient that ignores the scale of VP noise).

The result is deterministic for a seed, whatever the number of workers.
"""
from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable

from ..content import default_catalogue
from ..rules import Engine
from ..setup import random_setup
from .arena import draw_factions, solo_pairing, standard_solo_setup
from .base import play_game
from .fast import FastBot, default_weights

OBJECTIVES = ("seat", "table", "automa")
FIXED = ("max_free_actions", "federation_link", "federation_ready", "free_tries_before_pass",
         "plan_width", "plan_opened_only", "plan_depth", "plan_each_command")   # structural settings and features left off, not tuned


@dataclass(frozen=True)
class TrialGame:
    deal_seed: str
    players: int
    seat: int                    # the candidate's seat
    candidate: tuple             # weights as sorted (name, value) pairs
    incumbent: tuple
    objective: str = "seat"      # "seat": candidate VP minus the incumbents'; "table": the table's mean VP;
    #                              "automa": solo, the candidate's VP minus the standard Automa's
    deal: int = 0                # the deal's number: which Automa card and faction a solo game turns to


_ENGINES: dict[str, Engine] = {}


def play_trial(game: TrialGame) -> float:
    """The candidate's fitness at one table (see `objective`)."""
    engine = _ENGINES.get("base")
    if engine is None:
        engine = _ENGINES["base"] = Engine(default_catalogue())
    cand, inc = dict(game.candidate), dict(game.incumbent)
    if game.objective == "automa":
        setup = standard_solo_setup(engine.catalogue, game.deal_seed, *solo_pairing(engine.catalogue, game.deal))
        state = play_game(engine, setup, [FastBot(f"{game.deal_seed}/0", weights=cand)])
        return float(state.players[0].vp - state.players[1].vp)
    factions = draw_factions(engine.catalogue, game.players, random.Random(f"factions/{game.deal_seed}"))
    setup = random_setup(engine.catalogue, game.players, game.deal_seed, factions=factions)
    table = game.objective == "table"
    bots = [FastBot(f"{game.deal_seed}/{s}", weights=cand if table or s == game.seat else inc)
            for s in range(game.players)]
    state = play_game(engine, setup, bots)
    vp = [p.vp for p in state.players]
    if table:
        return sum(vp) / len(vp)
    others = [v for s, v in enumerate(vp) if s != game.seat]
    return vp[game.seat] - sum(others) / len(others)


@dataclass
class Generation:
    number: int
    fitness: float               # mean fitness of all candidates this generation
    best: float
    weights: dict[str, float]


def tune(generations: int, pairs: int, deals: int, players: int, seed: str, step: float = 0.2,
         rate: float = 0.5, workers: int = 1, start: dict[str, float] | None = None,
         on_generation: Callable[[Generation], None] | None = None, objective: str = "seat") -> dict[str, float]:
    """Run the evolution strategy; returns the final weights."""
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective '{objective}' (choose {', '.join(OBJECTIVES)})")
    weights = dict(start or default_weights())
    names = [n for n in sorted(weights) if n not in FIXED]
    rng = random.Random(f"tune/{seed}")
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        for g in range(1, generations + 1):
            directions = [{n: rng.gauss(0, 1) for n in names} for _ in range(pairs)]
            scale = {n: step * max(abs(weights[n]), 0.1) for n in names}
            candidates = []
            for d in directions:
                for sign in (1, -1):
                    cand = dict(weights)
                    for n in names:
                        cand[n] = weights[n] + sign * scale[n] * d[n]
                    candidates.append(cand)
            games = [TrialGame(f"{seed}/g{g}/d{k}", players, k % players, tuple(sorted(c.items())),
                               tuple(sorted(weights.items())), objective, g * deals + k)
                     for c in candidates for k in range(deals)]
            scores = list(pool.map(play_trial, games, chunksize=1) if pool else map(play_trial, games))
            fitness = [sum(scores[i * deals:(i + 1) * deals]) / deals for i in range(len(candidates))]
            for i, d in enumerate(directions):
                diff = fitness[2 * i] - fitness[2 * i + 1]
                sign = (diff > 0) - (diff < 0)
                for n in names:
                    weights[n] += rate * sign * scale[n] * d[n] / pairs
            if on_generation:
                on_generation(Generation(g, sum(fitness) / len(fitness), max(fitness), dict(weights)))
    finally:
        if pool:
            pool.shutdown()
    return weights


def weights_document(weights: dict[str, float], command: str, note: str) -> str:
    """The weights file as `gaia tune` writes it (rounded, sorted, with how it was made)."""
    doc = {"comment": "Weights of the fast bot's estimate (gaia_rules/players/fast.py). Written by `gaia tune`.",
           "tuned_by": command, "note": note,
           "weights": {k: round(v, 4) for k, v in sorted(weights.items())}}
    return json.dumps(doc, indent=2) + "\n"
