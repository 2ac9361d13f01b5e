"""The one game object everything above the rules holds, as python-chess holds a `Board`.

A `Game` is a state with the rules (an `Engine`) that play it. Faces, players,
the lab and formats ask it, not the rules' modules: what is legal, whose turn,
the seats, over or not, the score, and a read-only `GameView` of what the
rules derive from the content (map names, parameters, income). `push` plays a
move and `pop` takes it back; the engine applies each move to a clone, so the
state before a push is kept as it was and `pop` restores it without copying
anything (`tests/rules/test_game.py` checks that no part of it changes meanwhile).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..state import GameState, Setup
from .engine import Engine
from .errors import MoveError
from .game_view import GameView
from .moves import Move
from .scoring import source_groups
from .seats import AUTOMA


@dataclass(frozen=True)
class Seat:
    """One seat at the table: its index (player number - 1), its faction once chosen, whether the Automa sits there."""

    index: int
    faction: str | None
    automa: bool


class LegalMoves(Sequence[Move]):
    """The legal moves of one position, listed once when first read (`Engine.legal_moves`, its order).

    `move in game.legal_moves` asks whether the move is listed (one spelling per
    move); `Game.is_legal` asks the rules about one move without listing them all.
    It holds the engine and the state, not the game: a back-reference would make each
    `Game` a reference cycle that only the garbage collector frees, with its state in it
    (a replay builds one per line: 45 objects of cyclic garbage per command, more collections
    and, where the collector is paused, memory not reused).
    """

    __slots__ = ("_engine", "_state", "_moves")

    def __init__(self, engine: Engine, state: GameState):
        self._engine = engine
        self._state = state
        self._moves: list[Move] | None = None

    def _list(self) -> list[Move]:
        if self._moves is None:
            self._moves = self._engine.legal_moves(self._state)
        return self._moves

    def __getitem__(self, i):
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __contains__(self, move: object) -> bool:
        return move in self._list()

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(map(str, self._list()))})>"


class Game:
    """A game in play: its state, the rules that play it, the moves pushed and how to take them back."""

    def __init__(self, state: GameState, engine: Engine | None = None):
        self.engine = engine or Engine()
        self._state = state
        self._legal = LegalMoves(self.engine, state)
        self._stack: list[tuple[Move, GameState, LegalMoves]] = []

    @classmethod
    def new(cls, setup: Setup, engine: Engine | None = None) -> "Game":
        """A game at its first state; raises `SetupError` for a set-up the content cannot play."""
        engine = engine or Engine()
        return cls(engine.new_game(setup), engine)

    # ------------------------------------------------------------ the position
    @property
    def state(self) -> GameState:
        """The current state (plain data: read it, save it; change it only through `push`)."""
        return self._state

    @property
    def catalogue(self):
        return self.engine.catalogue

    @property
    def legal_moves(self) -> LegalMoves:
        return self._legal

    def is_legal(self, move: Move) -> bool:
        """Whether the rules accept `move` now (in any spelling `push` takes); the game does not change."""
        try:
            self.engine.apply(self._state, move)
        except MoveError:
            return False
        return True

    @property
    def turn(self) -> int | None:
        """The seat that must act next (None once the game has ended)."""
        return self.engine.to_move(self._state)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(p.index, p.faction, self.is_automa(p.index)) for p in self._state.players)

    def is_automa(self, p: int | None) -> bool:
        """Whether the Automa sits at seat p (for showing the seat: the rules ask the seat's rules)."""
        return p is not None and self.engine.context(self._state).seat(self._state, p).kind == AUTOMA

    @property
    def is_over(self) -> bool:
        return self._state.ended

    @property
    def score(self) -> tuple[int, ...]:
        """Each seat's VP now (the final score once the game is over)."""
        return tuple(p.vp for p in self._state.players)

    def score_groups(self, p: int) -> dict[str, int]:
        """Seat p's VP by group of sources (rounds, final tiles, research, ...), as the lab reports them."""
        player = self._state.players[p]
        return source_groups(self.catalogue, player.vp, player.vp_sources)

    def view(self) -> GameView:
        """What the rules derive for the faces from content and holdings, for the current state (read-only)."""
        return GameView(self.engine.context(self._state), self._state)

    # ------------------------------------------------------------ moves
    def normalize(self, move: Move) -> Move:
        """The move as the legal moves spell it, when written another way that means the same."""
        return self.engine.normalize(self._state, move)

    def push(self, move: Move) -> None:
        """Play `move`; raises `IllegalMoveError` (the game unchanged) if the rules refuse it."""
        self._advance(move, self.engine.apply(self._state, move))

    def _advance(self, move: Move, after: GameState) -> None:
        """Keep the state before `move` (it is never changed again) and move on to `after`."""
        self._stack.append((move, self._state, self._legal))
        self._state, self._legal = after, LegalMoves(self.engine, after)

    def pop(self) -> Move:
        """Take back the last move pushed and return it; the state before it comes back as it was."""
        if not self._stack:
            raise IndexError("pop from a game with no move pushed")
        move, self._state, self._legal = self._stack.pop()
        return move

    def peek(self) -> Move:
        """The last move pushed."""
        return self._stack[-1][0]

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed on this object, first first (`state.moves` holds the whole game's record)."""
        return [m for m, _, _ in self._stack]

    def push_random(self, rng: random.Random) -> Move | None:
        """Push a legal move drawn uniformly at random (`Engine.random_move`); None if there is none."""
        drawn = self.engine.random_move(self._state, rng)
        if drawn is None:
            return None
        self._advance(*drawn)
        return drawn[0]

    def successors(self, keep: Callable[[Move], bool] | None = None) -> list[tuple[Move, GameState]]:
        """The legal moves `keep` accepts, each with the state it leads to (what a bot weighing moves wants)."""
        return self.engine.successors(self._state, keep)

    def copy(self) -> "Game":
        """Another game at the same state with no move to pop (the state itself is shared: it never changes)."""
        return Game(self._state, self.engine)

    def __repr__(self) -> str:
        s = self._state
        return f"<Game round {s.round}, phase {s.phase}, {len(s.moves)} moves, to move: {self.turn}>"

