"""Federations: forming one (power value, satellites, the fewest-satellites rule)."""
from __future__ import annotations

from ..state import GameState
from .context import Context
from .errors import IllegalMoveError


def form_federation(ctx: Context, state: GameState, move) -> None:
    raise IllegalMoveError("federation", "federations are not implemented yet")
