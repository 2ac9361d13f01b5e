"""The rules engine: interpreting content on a game state."""
from .engine import Engine
from .errors import IllegalMoveError
from .moves import Move

__all__ = ["Engine", "IllegalMoveError", "Move"]
