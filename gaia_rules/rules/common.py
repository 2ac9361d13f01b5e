"""Small helpers every move handler uses: reading a move's arguments and queueing an action's follow-ups."""
from __future__ import annotations

from ..state import GameState, Pending
from . import choices
from .context import Context
from .errors import IllegalMoveError, MoveSyntaxError
from .moves import Move


def expect(move: Move, *commands: str) -> None:
    if move.command not in commands:
        raise IllegalMoveError("sequence", f"expected {' or '.join(repr(c) for c in commands)}, got '{move.command}'")


def arg(move: Move, i: int) -> str:
    if len(move.args) <= i:
        raise MoveSyntaxError.of_move(move, f"'{move.command}' needs more arguments", len(move.args))
    return move.args[i]


def quoted(text: str, most: int = 24) -> str:
    """An argument echoed in a message, cut short if it is long (a message stays one readable line)."""
    return f"'{text}'" if len(text) <= most else f"'{text[:most]}...'"


def queue(state: GameState, follow: list[Pending]) -> None:
    """Follow-ups of the current action: power choices first, then the rest in order."""
    first = [f for f in follow if f.kind in (choices.KIND, choices.AREAS_KIND)]
    rest = [f for f in follow if f.kind not in (choices.KIND, choices.AREAS_KIND)]
    state.pending[:0] = first + rest


def hex_name(ctx: Context, text: str) -> str:
    """The hex a move's text names (refused when the map has none). Takes `ctx`: a question about the map alone."""
    return ctx.map.named(text)


def occupied(state: GameState, name: str) -> bool:
    h = state.board.get(name)
    return h is not None and h.piece is not None
