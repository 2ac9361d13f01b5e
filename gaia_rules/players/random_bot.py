"""The random bot: uniform over the legal moves, the engine's check and the weakest opponent."""
from __future__ import annotations

from typing import Sequence

from ..rules import Engine, Move
from ..state import GameState
from .base import Bot, BotGameError, describe_wait


class RandomBot(Bot):
    """Uniform over the legal moves (but for dead ends, see `Bot`).

    In `play` it draws with `Engine.random_move`, which has the same
    distribution as choosing from the full list but does not list it.
    """

    name = "random"

    def play(self, engine: Engine, state: GameState) -> tuple[Move, GameState]:
        if self.avoid_dead_ends:
            return super().play(engine, state)
        drawn = engine.random_move(state, self.rng)
        if drawn is None:
            raise BotGameError(f"no legal move for player {engine.to_move(state) + 1} ({describe_wait(state)})", state)
        return drawn

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        moves = self.options(engine, state, moves)
        left = list(moves)
        while left:
            move = self.rng.choice(left)
            if len(moves) == 1 or self.safe(engine, state, move):
                return move
            left.remove(move)
        return self.rng.choice(moves)
