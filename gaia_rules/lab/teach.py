"""Search as the teacher of the fast bot: the search bot's decisions as data, and the fast bot's weights fitted to them.

The fast bot scores a move by a weighted sum of features of the position it leads to
(`FastEvaluator.features`). The search bot plays each of its candidate moves out to
the end of the round with fast bots in every seat and scores where they land: a
better-informed value of the same moves, on the same scale (the estimate of the
final score). Collecting those values over many decisions and fitting the weights
so that the one-move estimate predicts them (least squares on the differences
between the candidates of one decision, with a ridge that pulls each weight
towards where it started) makes the fast bot see part of what the play-outs see,
at the fast bot's cost. Repeating it (the new weights as the search's policy, new
decisions, a new fit) is the improvement loop.

Data: one JSON line per decision (`Decision`): the game's seed, the round, the
move chosen and, for each candidate, its play-out value, the fixed part of the
estimate and its features. A collection run appends one game's decisions at a
time and skips games already in the file, so an interrupted run resumes where it
stopped; the data are the same whatever the number of workers.
"""
from __future__ import annotations

import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..content import default_catalogue
from ..errors import GaiaError
from ..rules import Engine, Game
from ..setup import draw_factions, random_setup
from ..players.arena import solo_pairing, standard_solo_setup
from ..players.base import play_from
from ..players.fast import FOLLOW_UP_DEPTH, FastBot, default_weights
from ..players.search import SearchBot

STRUCTURAL = ("max_free_actions", "federation_link", "federation_ready", "free_before_pass", "income_growth",
              "expansion_cap", "expansion_gaia_ore", "expansion_qic", "expansion_qic_max", "final_spread",
              "charge_bonus")   # settings inside a feature, or of moves the fit does not see: never fitted


class TeachError(GaiaError, ValueError):
    """Decision data that cannot be read or fitted (named with its file and line)."""


@dataclass(frozen=True)
class TeachGame:
    """One game of a collection: its seed, the table and the teacher's seat and budget."""

    seed: str
    players: int               # 1: a solo game against the Automa
    seat: int                  # the teacher's seat (the others are fast bots)
    iterations: int
    automa: str | None = None  # solo: the Automa's card and the player's faction
    faction: str | None = None
    weights: tuple = ()        # the fast bot's weights for every bot of the game, as sorted pairs


def schedule(catalogue, games: int, seed: str, players: int, iterations: int,
             weights: dict[str, float] | None = None) -> list[TeachGame]:
    """The collection's games: solo games turn through the Automa's cards and the factions that can face them;
    4-player games move the teacher's seat round the table."""
    pairs = tuple(sorted((weights or {}).items()))
    out = []
    for g in range(games):
        game_seed = f"{seed}/{g}"
        if players == 1:
            card, faction = solo_pairing(catalogue, g)
            out.append(TeachGame(game_seed, 1, 0, iterations, card, faction, pairs))
        else:
            out.append(TeachGame(game_seed, players, g % players, iterations, weights=pairs))
    return out


class _Teacher(SearchBot):
    """A search bot that writes down, at each searched decision, every candidate's play-out value and features."""

    def __init__(self, seed, iterations: int, weights: dict[str, float] | None, sink: list[dict]):
        super().__init__(seed, iterations=iterations, weights=weights)
        self.sink = sink

    def choose(self, engine, state, moves=None):
        chosen = super().choose(engine, state, moves)
        valued = [(m, v) for m, v in self.last if v is not None]
        if len(valued) >= 2:
            self.sink.append(self._decision(engine, state, chosen, valued))
        return chosen

    def _decision(self, engine, state, chosen, valued) -> dict:
        p = engine.to_move(state)
        estimate = self.policy.estimator(engine)
        look = estimate.outlook(state)
        finals = {m: v for v, m in self.final}
        rows = []
        for move, value in valued:
            _, leaf = self.policy.settled_leaf(engine, engine.apply(state, move), p, FOLLOW_UP_DEPTH)
            fixed, features = estimate.features(engine, leaf, p)
            if move.command == "pass":
                features["pass_penalty"] = -look.incomes_left / look.rounds
            row = {"move": str(move), "value": value, "fixed": fixed, "features": features}
            if move in finals:
                row["later"] = finals[move]
            rows.append(row)
        return {"round": state.round, "chosen": str(chosen), "rows": rows}


_ENGINE: list[Engine] = []


def play_teacher(game: TeachGame) -> list[dict]:
    """Play one collection game (in whichever process); its decisions, each stamped with the game's seed."""
    if not _ENGINE:
        _ENGINE.append(Engine(default_catalogue()))
    engine = _ENGINE[0]
    weights = dict(game.weights) or None
    if game.players == 1:
        setup = standard_solo_setup(engine.catalogue, game.seed, game.automa, game.faction)
    else:
        factions = draw_factions(engine.catalogue, game.players, random.Random(f"factions/{game.seed}"))
        setup = random_setup(engine.catalogue, game.players, game.seed, factions=factions)
    sink: list[dict] = []
    bots = {i: (_Teacher(f"{game.seed}/teacher", game.iterations, weights, sink) if i == game.seat
                else FastBot(f"{game.seed}/{i}", weights=weights)) for i in range(game.players)}
    play_from(engine, Game.new(setup, engine).state, bots)
    for d in sink:
        d["game"] = game.seed
    return sink


def games_in(path: Path) -> set[str]:
    """The seeds of the games whose decisions the file already holds (a collection resumes after them)."""
    if not path.exists():
        return set()
    return {d["game"] for _, d in read_decisions([path])}


def collect(path: Path, games: Sequence[TeachGame], workers: int = 1,
            on_game: Callable[[TeachGame, int], None] | None = None) -> int:
    """Play the games not yet in `path` and append their decisions, a game at a time; the number of decisions added."""
    done = games_in(path)
    todo = [g for g in games if g.seed not in done]
    added = 0
    with path.open("a", encoding="utf-8") as out:
        results: Iterable[list[dict]]
        if workers > 1 and len(todo) > 1:
            pool = ProcessPoolExecutor(workers)
            results = pool.map(play_teacher, todo)
        else:
            pool, results = None, map(play_teacher, todo)
        try:
            for game, decisions in zip(todo, results):
                out.write("".join(json.dumps(d, sort_keys=True) + "\n" for d in decisions))
                out.flush()
                added += len(decisions)
                if on_game is not None:
                    on_game(game, len(decisions))
        finally:
            if pool is not None:
                pool.shutdown(cancel_futures=True)
    return added


def read_decisions(paths: Sequence[Path]) -> Iterable[tuple[str, dict]]:
    """(file:line, decision) for every line of the files; a line that is not a decision is refused by name."""
    for path in paths:
        with Path(path).open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                where = f"{path}:{n}"
                try:
                    d = json.loads(line)
                    rows = d["rows"]
                    if not isinstance(rows, list) or not all(isinstance(r["features"], dict) for r in rows):
                        raise TypeError
                    d["game"]
                except (json.JSONDecodeError, KeyError, TypeError):
                    raise TeachError(f"{where}: not a decision of `gaia teach` (a JSON object with game, rows)")
                yield where, d


@dataclass
class Fit:
    """A fit's result: the weights, and how well the start and the fit predict the play-outs (root mean square, VP)."""

    weights: dict[str, float]
    decisions: int
    candidates: int
    error_before: float
    error_after: float


def fit(paths: Sequence[Path], ridge: float = 0.1, start: dict[str, float] | None = None) -> Fit:
    """The weights that make the fast estimate predict the play-out values best (see the module docstring).

    Per decision, each candidate's value less the candidates' mean is predicted by its features less theirs
    (a decision's own level cancels). The ridge pulls each weight towards `start` in units of its feature's
    spread, so a feature the data barely vary keeps its weight. Needs numpy (`pip install -e '.[lab]'`).
    """
    import numpy as np
    start = dict(start or default_weights())
    decisions = [d for _, d in read_decisions(paths)]
    names = sorted({k for d in decisions for r in d["rows"] for k in r["features"]} & set(start) - set(STRUCTURAL))
    if not decisions or not names:
        raise TeachError("no decisions to fit: collect some with `gaia teach --games N`")
    col = {k: i for i, k in enumerate(names)}
    xs, ys = [], []
    for d in decisions:
        rows = d["rows"]
        x = np.zeros((len(rows), len(names)))
        y = np.zeros(len(rows))
        for i, r in enumerate(rows):
            for k, v in r["features"].items():
                if k in col:
                    x[i, col[k]] = v
            y[i] = r["value"] - r["fixed"] - sum(start[k] * v for k, v in r["features"].items()
                                                  if k in start and k not in col)
        xs.append(x - x.mean(0))
        ys.append(y - y.mean())
    x, y = np.vstack(xs), np.concatenate(ys)
    w0 = np.array([start[k] for k in names])
    spread = x.std(0) ** 2 + 1e-9
    a = x.T @ x + ridge * len(y) * np.diag(spread)
    w = np.linalg.solve(a, x.T @ y + ridge * len(y) * spread * w0)
    rms = lambda r: float(math.sqrt(float((r ** 2).mean())))  # noqa: E731
    out = dict(start)
    out.update({k: round(float(v), 4) for k, v in zip(names, w)})
    return Fit(out, len(decisions), len(y), rms(y - x @ w0), rms(y - x @ w))
