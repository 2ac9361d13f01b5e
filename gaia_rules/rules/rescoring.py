"""Gaining a federation token's reward again: the `fedtile` follow-up, in one place.

A gain `fed` without a token (content: e.g. a board action or a tile) lets the player take the
reward of one federation token they hold once more. The rules queue the question (`ask`), list its
answers (`answers`) and, once the player names a token, give its reward again, credited to the
source of the gain that asked (`reward`); the caller applies the gains (`effects.apply_gains`).
"""
from __future__ import annotations

from ..language import ast
from ..state import GameState, Pending
from .bound import Bound
from .common import arg
from .errors import IllegalMoveError
from .moves import Move

KIND = "fedtile"


def ask(p: int, source: str) -> Pending:
    """The follow-up asking player p which federation token's reward to gain again (for `source`)."""
    return Pending(KIND, p, {"source": source})


def needs_token(state: GameState, p: int, gains) -> bool:
    """Whether these gains ask for a token's reward again while player p holds no federation token."""
    return any(isinstance(g, ast.Fed) and g.token is None for g in gains) and not state.players[p].fed_tokens


def answers(state: GameState, p: int) -> list[Move]:
    """One answer per federation token the player holds."""
    return [Move(p, KIND, (t,)) for t in sorted({t.tile for t in state.players[p].fed_tokens})]


def reward(b: Bound, move: Move, question: Pending) -> tuple[list, str]:
    """The gains of the token the bound seat names (one list per statement), and the source they are credited to."""
    token = arg(move, 0)
    if not any(t.tile == token for t in b.player.fed_tokens):
        raise IllegalMoveError("fedtile", f"you have no federation token {token}")
    fed = b.content.catalogue.federation_tokens[token]
    gains = [st.clause.gains for eff in fed.effects for st in eff.statements]
    return gains, question.data.get("source", question.kind)  # saves before the source was kept
