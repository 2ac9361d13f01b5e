"""The effect language's error, apart from the parser so that the rules may catch it without importing lark."""
from __future__ import annotations

from ..errors import GaiaError


class EffectSyntaxError(GaiaError, ValueError):
    """An effect string that does not follow the grammar."""

    def __init__(self, text: str, column: int, message: str):
        self.text = text
        self.column = column
        self.message = message
        pointer = " " * (column - 1) + "^"
        super().__init__(f"column {column}: {message}\n  {text}\n  {pointer}")
