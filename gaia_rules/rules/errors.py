"""The one error a move can raise: it names the rule it breaks."""
from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move the rules refuse. `rule` is a short name of the rule broken."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")
