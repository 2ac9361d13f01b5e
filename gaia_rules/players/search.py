"""The search bot: the fast bot's best few moves, each played out a few turns ahead.

At each decision the bot
1. lists the legal moves and keeps the `width` best by the fast bot's
   one-move estimate (the fast bot prunes the tree);
2. plays each kept move out with fast bots in every seat (the opponents'
   replies included) for `depth` of its own turns, or to the round's end, and
   scores the position reached with the fast bot's estimate: its own estimate
   minus a share of the best opponent's, so that a move that helps an opponent
   more than itself is marked down;
3. deepens the play-outs while its budget lasts and keeps the move whose
   deepest finished play-out scores best.

Budgets: `iterations` (fast-bot decisions simulated per move; deterministic
for a seed) or `think` (seconds per move; stops between play-outs, so the
move may depend on the machine's speed). The play-outs use bots seeded from
the search bot's own generator, so a fixed iteration budget and seed give the
same game in any process.
"""
from __future__ import annotations

import time
from typing import Sequence

from ..rules import Engine, IllegalMoveError
from ..rules.moves import Move
from ..state import GameState
from .base import Bot, is_free
from .fast import FastBot, FastEvaluator

WIDTH = 5                # moves kept after pruning
OPPONENT_SHARE = 0.5     # how much of the best opponent's estimate is subtracted
DEFAULT_ITERATIONS = 400


class SearchBot(Bot):
    """Pruned play-out search over the fast bot (module docstring)."""

    name = "search"

    def __init__(self, seed=0, avoid_dead_ends: bool = False, iterations: int | None = None,
                 think: float | None = None, width: int = WIDTH, weights: dict[str, float] | None = None):
        super().__init__(seed, avoid_dead_ends)
        self.iterations = iterations if iterations is not None or think is not None else DEFAULT_ITERATIONS
        self.think = think
        self.width = width
        self.policy = FastBot(f"{seed}/policy", avoid_dead_ends, weights)

    def _evaluator(self, engine: Engine) -> FastEvaluator:
        return self.policy._evaluator(engine)

    def _standing(self, engine: Engine, state: GameState, p: int) -> float:
        evaluate = self._evaluator(engine)
        mine = evaluate(engine, state, p)
        others = [evaluate(engine, state, q) for q in range(len(state.players)) if q != p]
        return mine - OPPONENT_SHARE * (max(others) if others else 0.0)

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        moves = self.options(engine, state, moves)
        if len(moves) == 1:
            return moves[0]
        p = engine.to_move(state)
        scored = self.policy._scored(engine, state, [m for m in moves if not is_free(m)] or moves, p)
        if not scored:
            return self.policy.choose(engine, state, moves)
        if state.phase != "actions" or state.decisions:
            return self.policy.choose(engine, state, moves)   # set-up, charges, income: the fast bot decides
        scored.sort(key=lambda sm: -sm[0])
        kept = [m for _, m in scored[:self.width]]
        if len(kept) == 1:
            return kept[0]
        return self._search(engine, state, p, kept, scored[0][1])

    def _search(self, engine: Engine, state: GameState, p: int, kept: list[Move], fallback: Move) -> Move:
        deadline = time.monotonic() + self.think if self.think is not None else None
        budget = [self.iterations if self.iterations is not None else 10 ** 9]
        best = fallback
        depth = 1
        while True:
            values = []
            for move in kept:
                v = self._play_out(engine, state, p, move, depth, budget, deadline)
                if v is None:
                    return best
                values.append((v, move))
            top = max(v for v, _ in values)
            best = self.rng.choice([m for v, m in values if v >= top - 1e-9])
            depth += 1
            if depth > 2 * len(state.players) + 2:
                return best

    def _play_out(self, engine: Engine, state: GameState, p: int, move: Move, depth: int,
                  budget: list[int], deadline: float | None) -> float | None:
        """Play `move`, then fast bots until p has taken `depth` more turns (or the round ends); None if out of budget."""
        try:
            state = engine.apply(state, move)
        except IllegalMoveError:
            return float("-inf")
        round_ = state.round
        turns = 0
        while not state.ended and state.round == round_:
            if budget[0] <= 0 or (deadline is not None and time.monotonic() > deadline):
                return None
            q = engine.to_move(state)
            if q is None:
                break
            if q == p and state.phase == "actions" and not state.decisions and not state.pending \
                    and not state.main_done:
                turns += 1
                if turns > depth:
                    break
            budget[0] -= 1
            self.policy.rng.seed(f"{self.seed}/{len(state.moves)}/{q}")
            _, state = self.policy.play(engine, state)
        return self._standing(engine, state, p)
