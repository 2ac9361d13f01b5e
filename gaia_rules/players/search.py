"""The search bot: the fast bot's choice, checked against its next best moves by play-outs to the round's end.

At each action, and at each choice of the set-up on the board (where the
first mines go, which booster to start with), the bot
1. asks the fast bot for its move (the *prior*) and keeps the `width` best
   moves by the fast bot's one-move estimate besides it (the fast bot prunes);
2. plays each kept move out with fast bots in every seat (the opponents'
   replies included; these fast bots do not plan, since the play-out itself
   plays the coming turns) to one common point: the end of the current round (in the
   set-up, the end of the first round; in the last round, the end of the
   game). Every candidate is thus scored at the
   same point of the game's calendar, whatever it is: a pass and a mine are
   compared after the same income phase, not one after a round and the other
   after two turns. The position reached is scored with the fast bot's
   estimate of the final score (the real VP once the game has ended), minus
   `opponent_share` of the best opponent's estimate;
3. plays another move than the prior only when its play-out scores at least
   `margin` more than the prior's: the search can only overrule the fast bot
   where it sees a clear gain. The prior is played out first; out of budget
   before any other candidate is finished, the bot plays the prior.
4. with budget left once every candidate has reached the round's end, plays
   the `extend` best of them (the prior always among them) on from there for
   as many more whole rounds as the budget left pays for, up to the end of the
   game, and decides among those at that later point, with the same margin: by
   the real final VP (less `opponent_share` of the best opponent's) when they
   reach the game's end, the rollout rule that can only improve on the policy
   it rolls out; else by the estimate a round or more further on, so that a
   move that pays off in the next round (a mine kept for a trading-station
   round, a research step) is judged when it pays. If the budget runs out
   before every finalist is finished, the decision of step 3 stands.

The play-outs use common random numbers: the fast bots of every play-out are
seeded from the search bot's seed, the player to move and the moves made so
far, the same for each candidate, so the candidates differ by their move and
not by the luck of their play-out.

Budgets: `iterations` (fast-bot decisions simulated per move; deterministic
for a seed) or `think` (seconds of the process's CPU time per move, not wall
time, so a busy machine does not weaken the bot; the clock is read between
decisions of a play-out, so the move may depend on the machine's speed).
"""
from __future__ import annotations

import time
from typing import Sequence

from ..rules import Engine, Game, IllegalMoveError, Move
from ..state import GameState
from .base import Bot, is_free, no_move
from .fast import FastBot, without_planning

WIDTH = 8                # moves kept besides the prior
MARGIN = 1.0             # VP of the play-out a move must gain over the prior's to be played instead
OPPONENT_SHARE = 0.0     # how much of the best opponent's estimate is subtracted
DEFAULT_ITERATIONS = 200
EXTEND = 2               # candidates played on to the game's end when the budget allows
SEARCHED_PHASES = ("setup", "boosters", "actions")   # the first mines and booster, then every action


def horizon(state: GameState) -> int:
    """The round a play-out from `state` runs to the end of: this round, or the first in the set-up."""
    return max(state.round, 1)


class SearchBot(Bot):
    """The fast bot, overruled where play-outs to the round's end say clearly better (module docstring)."""

    name = "search"

    def __init__(self, seed=0, avoid_dead_ends: bool = False, iterations: int | None = None,
                 think: float | None = None, width: int = WIDTH, weights: dict[str, float] | None = None,
                 margin: float = MARGIN, opponent_share: float = OPPONENT_SHARE, extend: int = EXTEND):
        super().__init__(seed, avoid_dead_ends)
        self.iterations = iterations if iterations is not None or think is not None else DEFAULT_ITERATIONS
        self.think = think
        self.width = width
        self.margin = margin
        self.opponent_share = opponent_share
        self.extend = extend
        self.policy = FastBot(f"{seed}/policy", avoid_dead_ends, weights)
        # the play-outs play the coming turns themselves: their fast bots do not plan them again
        self.playout = FastBot(f"{seed}/playout", avoid_dead_ends, without_planning(weights))
        self.last: list[tuple[Move, float | None]] = []   # the candidates of the last search and their values
        self.final: list[tuple[float, Move]] = []         # the finalists played on (step 4), and their values there

    def standing(self, engine: Engine, state: GameState, p: int) -> float:
        """The fast estimate of p's final score, less `opponent_share` of the best opponent's."""
        evaluate = self.policy.estimator(engine)
        mine = evaluate(engine, state, p)
        if not self.opponent_share:
            return mine
        others = [evaluate(engine, state, q) for q in range(len(state.players)) if q != p]
        return mine - self.opponent_share * (max(others) if others else 0.0)

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        moves = self.options(engine, state, moves)
        self.last, self.final = [], []
        self.policy.rng.seed(f"{self.seed}/prior/{len(state.moves)}")
        prior = self.policy.choose(engine, state, moves)
        if len(moves) == 1 or state.phase not in SEARCHED_PHASES or state.decisions:
            return prior   # factions, charges, income: the fast bot decides
        p = engine.to_move(state)
        others = self.policy.ranked(engine, state, [m for m in moves if not is_free(m) and m != prior], p)[:self.width]
        if not others:
            return prior
        return self._search(engine, state, p, prior, others)

    def _search(self, engine: Engine, state: GameState, p: int, prior: Move, others: list[Move]) -> Move:
        started = time.process_time()
        deadline = started + self.think if self.think is not None else None
        budget = [self.iterations if self.iterations is not None else 10 ** 9]
        ends: dict[Move, GameState] = {}
        base = self._play_out(engine, state, p, prior, budget, deadline, ends)
        self.last.append((prior, base))
        if base is None:
            return prior
        best, best_value = prior, base + self.margin
        values = [(base, prior)]
        for move in others:
            v = self._play_out(engine, state, p, move, budget, deadline, ends)
            self.last.append((move, v))
            if v is None:
                return best
            values.append((v, move))
            if v > best_value + 1e-9:
                best, best_value = move, v
        spent = (self.iterations if self.iterations is not None else 10 ** 9) - budget[0]
        per_play_out = spent / len(values)
        if self.think is not None:
            rate = spent / max(time.process_time() - started, 1e-6)      # decisions per second so far
            budget[0] = min(budget[0], int((deadline - time.process_time()) * rate))
        return self._extended(engine, state, p, prior, values, ends, budget, deadline, per_play_out) or best

    def _extended(self, engine: Engine, state: GameState, p: int, prior: Move, values: list[tuple[float, Move]],
                  ends: dict, budget: list[int], deadline: float | None, per_play_out: float) -> Move | None:
        """Step 4: the finalists played on one more whole round at a time, all of them to the same round,
        while the budget lasts (to the game's end at most); decided at the furthest round all of them
        reached. None if there are none, or if the budget did not take them through one more round."""
        if self.extend < 2:
            return None
        ranked = [m for _, m in sorted(values, key=lambda vm: -vm[0]) if m != prior and m in ends]
        finalists = [prior] + ranked[:self.extend - 1]
        if len(finalists) < 2 or prior not in ends or all(ends[m].ended for m in finalists):
            return None
        reached_round = horizon(state)   # the round the candidates were played to the end of
        rounds_left = self.policy.estimator(engine).rounds - reached_round
        # a whole round costs at least what a round of this game has cost so far
        per_round = max(per_play_out, len(state.moves) / max(state.round, 1))
        reached = dict(ends)
        finals: list[tuple[float, Move]] = []
        for extra in range(1, rounds_left + 1):
            if len(finalists) * per_round > budget[0]:
                break   # this round cannot be paid for: decide at the last one reached
            last_round = None if extra == rounds_left else reached_round + extra
            further = []
            for move in finalists:
                end = self.play_on(engine, reached[move], budget, deadline, last_round)
                if end is None:
                    break
                further.append((move, end))
            if len(further) < len(finalists):
                break
            reached.update(further)
            finals = [(self.standing(engine, end, p), move) for move, end in further]
        if not finals:
            return None
        self.final = finals
        best, best_value = prior, finals[0][0] + self.margin
        for v, move in finals[1:]:
            if v > best_value + 1e-9:
                best, best_value = move, v
        return best

    def _play_out(self, engine: Engine, state: GameState, p: int, move: Move,
                  budget: list[int], deadline: float | None, ends: dict | None = None) -> float | None:
        """p's standing once `move` is played out to the end of the round; None if out of budget."""
        end = self.play_to_round_end(engine, state, move, budget, deadline)
        if end is None:
            return None
        if end is state:
            return float("-inf")
        if ends is not None:
            ends[move] = end
        return self.standing(engine, end, p)

    def play_to_round_end(self, engine: Engine, state: GameState, move: Move, budget: list[int],
                          deadline: float | None = None) -> GameState | None:
        """Play `move`, then fast bots in every seat until the round changes or the game ends
        (in the set-up, before round 1, until the first round is over).

        Returns `state` itself if the move is refused, None if the budget ran out first. The moves are
        pushed on one `Game` and popped back to `state` at the end: the states reached are kept, never copied.
        """
        game = Game(state, engine)
        try:
            game.push(move)
        except IllegalMoveError:
            return state
        end = self._play(game, budget, deadline, horizon(game.state))
        while game.move_stack:
            game.pop()
        return end

    def play_on(self, engine: Engine, state: GameState, budget: list[int],
                deadline: float | None = None, last_round: int | None = None) -> GameState | None:
        """Fast bots in every seat from `state` to the end of round `last_round` (None: of the game);
        None if the budget ran out first."""
        return self._play(Game(state, engine), budget, deadline, last_round)

    def _play(self, game: Game, budget: list[int], deadline: float | None,
              last_round: int | None) -> GameState | None:
        """Fast bots in every seat, their moves pushed on `game`, until round `last_round` is over (None: the
        game's end); the state reached, or None if the budget ran out first."""
        while not game.is_over and (last_round is None or game.state.round <= last_round):
            if budget[0] <= 0 or (deadline is not None and time.process_time() > deadline):
                return None
            q = game.turn
            if q is None:
                break
            budget[0] -= 1
            # common random numbers: the same seed at the same point of every candidate's play-out
            self.playout.rng.seed(f"{self.seed}/{len(game.state.moves)}/{q}")
            moves = list(game.legal_moves)
            if not moves:
                raise no_move(game.engine, game.state)
            game.push(self.playout.choose(game.engine, game.state, moves))
        return game.state
