"""Writing a game's moves as the boardgamers.space move list.

Moves are grouped into the site's lines: an action-phase turn (free actions,
the main action and its follow-ups, up to `endturn` or `pass`) is one line;
every other move (faction, set-up piece, booster, charge, income order, a
Gaia-phase choice) starts a line of its own, and the answers to its questions
stay on it. The first line is `init <players> <seed>`.
"""
from __future__ import annotations

from ..rules import Engine, Move
from ..state import GameState, Setup
from .movetext import move_text

# commands after which the site starts a new line
_ENDS_LINE = {"endturn", "pass", "faction", "bid", "booster"}


def export_lines(engine: Engine, setup: Setup, moves: list[Move]) -> list[str]:
    state = engine.new_game(setup)
    lines = [f"init {setup.players} {setup.seed or 'gaia-rules'}"]
    current: list[str] = []
    owner: int | None = None
    for move in moves:
        if current and (move.player != owner or _new_question(state, move)):
            lines.append(" ".join(current).rstrip("."))
            current, owner = [], None
        text = move_text(engine, state, move, with_player=not current)
        current.append(text + ".")
        owner = move.player
        engine.apply_in_place(state, move)
        setup_piece = move.command == "build" and state.phase in ("setup", "boosters")
        if move.command in _ENDS_LINE or setup_piece:
            lines.append(" ".join(current).rstrip("."))
            current, owner = [], None
    if current:
        lines.append(" ".join(current).rstrip("."))
    return lines


def _new_question(state: GameState, move: Move) -> bool:
    """A charge offer or income order is a decision of its own: it opens a new line."""
    return move.command in ("charge", "decline") and bool(state.decisions) and state.decisions[0].kind == "charge"
