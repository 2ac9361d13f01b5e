"""What every player shares: the `Bot` interface, the errors of a bot game, and `play_game`.

A bot is seeded at construction and chooses with its own `random.Random`
only, so the same seed, content and moves give the same game in any process.
`Bot.play(engine, state)` returns the move and the state after it; `choose`
picks among the legal moves. Every bot asks the one oracle,
`Engine.legal_moves` (or `Engine.random_move`), and never invents a move.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from ..errors import GaiaError
from ..rules import AUTOMA_COMMAND, Engine, IllegalMoveError, Move, MoveError
from ..state import GameState, Setup

FREE_COMMANDS = ("spend", "burn")


class BotGameError(GaiaError, RuntimeError):
    """A game the bots could not finish: no legal move, a listed move refused, or too many moves."""

    def __init__(self, message: str, state: GameState, move: Move | None = None):
        self.state, self.move = state, move
        super().__init__(message)


def is_free(move: Move) -> bool:
    return move.command in FREE_COMMANDS


def dead_end(engine: Engine, after: GameState, p: int) -> bool:
    """After a move of player p: p owes a follow-up (e.g. the build of an action) that no move can give.

    Only free actions (or nothing) would be left, and they cannot complete it.
    The engine refuses such actions itself (docs/cli.md, "Actions that owe a
    follow-up"); with `avoid_dead_ends` the bots check it again.
    """
    if after.ended or not after.pending or engine.to_move(after) != p:
        return False
    return not any(not is_free(m) for m in engine.legal_moves(after))


class Bot:
    """A seeded player. `avoid_dead_ends` makes it skip moves listed as legal that cannot be completed."""

    name = "bot"

    def __init__(self, seed=0, avoid_dead_ends: bool = False):
        self.seed = seed
        self.rng = random.Random(str(seed))
        self.avoid_dead_ends = avoid_dead_ends

    def options(self, engine: Engine, state: GameState, moves: Sequence[Move] | None) -> list[Move]:
        moves = list(engine.legal_moves(state) if moves is None else moves)
        if not moves:
            raise BotGameError("no legal move", state)
        return moves

    def safe(self, engine: Engine, state: GameState, move: Move, after: GameState | None = None) -> bool:
        """False if the move is refused, or (with `avoid_dead_ends`) leaves a follow-up nobody can complete."""
        if after is None and not self.avoid_dead_ends:
            return True  # a listed move is accepted by `apply`
        if after is None:
            try:
                after = engine.apply(state, move)
            except IllegalMoveError:
                return False
        return not (self.avoid_dead_ends and dead_end(engine, after, move.player))

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        raise NotImplementedError

    def play(self, engine: Engine, state: GameState) -> tuple[Move, GameState]:
        """Choose a move and apply it: (the move, the state after it)."""
        moves = engine.legal_moves(state)
        if not moves:
            raise no_move(engine, state)
        move = self.choose(engine, state, moves)
        try:
            return move, engine.apply(state, move)
        except MoveError as err:  # a bot's choice that is not a move at all is refused the same way
            raise BotGameError(f"listed move '{move}' of player {move.player + 1} was refused: {err}", state, move) from err


def no_move(engine: Engine, state: GameState) -> BotGameError:
    """The error of a position where the player to move has no legal move."""
    return BotGameError(f"no legal move for player {engine.to_move(state) + 1} ({describe_wait(state)})", state)


def trailing_free_actions(state: GameState, p: int) -> int:
    """Free actions player p has taken since their last other move (this turn)."""
    n = 0
    prefix = f"p{p + 1} "
    for text in reversed(state.moves):
        if not text.startswith(prefix):
            break
        if text[len(prefix):].split(" ", 1)[0] not in FREE_COMMANDS:
            break
        n += 1
    return n


# ------------------------------------------------------------------ playing a game

@dataclass
class Step:
    """One move of a bot game, as recorded by `play_game`'s callback."""

    index: int
    move: Move
    state: GameState


def play_from(engine: Engine, state: GameState, bots: Sequence[Bot] | dict[int, Bot], max_moves: int = 20_000,
              on_move: Callable[[Step], None] | None = None) -> GameState:
    """Let the bots play from `state` until the game ends; returns the final state.

    In a solo game the Automa's seat needs no bot: its one move is played for it (a bot given for that
    seat is not asked)."""
    n = 0
    while not state.ended:
        if n >= max_moves:
            raise BotGameError(f"the game did not end within {max_moves} moves", state)
        p = engine.to_move(state)
        if p is None:
            raise BotGameError("the game has not ended but nobody is to move", state)
        if engine.view(state).plays_by_deck(p):   # the Automa's seat: its one move, played for it
            move = Move(p, AUTOMA_COMMAND)
            state = engine.apply(state, move)
        else:
            move, state = bots[p].play(engine, state)
        n += 1
        if on_move is not None:
            on_move(Step(n, move, state))
    return state


def play_game(engine: Engine, setup: Setup, bots: Sequence[Bot] | dict[int, Bot], max_moves: int = 20_000,
              on_move: Callable[[Step], None] | None = None) -> GameState:
    """Play a whole game from `setup` with one bot per player (index = player); returns the ended state."""
    return play_from(engine, engine.new_game(setup), bots, max_moves, on_move)


def describe_wait(state: GameState) -> str:
    """What the game is waiting for, in a few words (for error messages)."""
    if state.decisions:
        d = state.decisions[0]
        return f"decision '{d.kind}' {d.data}"
    if state.pending:
        d = state.pending[0]
        return f"round {state.round}, follow-up '{d.kind}' {d.data}"
    return f"round {state.round}, phase {state.phase}"
