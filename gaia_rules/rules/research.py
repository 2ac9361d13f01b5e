"""Research: moving up a track, with its level bonuses and the top-level rules."""
from __future__ import annotations

from ..state import GameState, Pending
from . import effects, holdings
from .context import Context
from .errors import IllegalMoveError


def top(ctx: Context) -> int:
    return ctx.content.catalogue.research.levels - 1


def advance_problem(ctx: Context, state: GameState, p: int, track: str) -> str | None:
    """Why player p cannot move up on `track` now, or None."""
    if track not in ctx.content.catalogue.tracks:
        return f"unknown research track '{track}'"
    player = state.players[p]
    level = player.research.get(track, 0)
    if ctx.holdings.locked(state, p, track):
        return f"you cannot advance on {track} yet"
    if level >= top(ctx):
        return f"you are already at the top of {track}"
    if level + 1 == top(ctx):
        board = ctx.content.catalogue.research
        if board.exclusive and any(o.research.get(track, 0) >= top(ctx) for o in state.players if o.index != p):
            return f"another player already stands on the top level of {track}"
        if board.flip_green_token and not any(t.green for t in player.fed_tokens):
            return f"the top level of {track} needs a green federation token to flip"
    return None


def check_advance(ctx: Context, state: GameState, p: int, track: str) -> None:
    problem = advance_problem(ctx, state, p, track)
    if problem:
        raise IllegalMoveError("research", problem)


def can_advance_any(ctx: Context, state: GameState, p: int, allowed: str) -> bool:
    tracks = list(ctx.content.catalogue.tracks) if allowed in ("any", "lowest") else [allowed]
    if allowed == "lowest":
        low = min(state.players[p].research.values())
        tracks = [t for t in tracks if state.players[p].research[t] == low]
    return any(advance_problem(ctx, state, p, t) is None for t in tracks)


def advance(ctx: Context, state: GameState, p: int, track: str, free: bool = False, setup: bool = False) -> list[Pending]:
    """Move up one level: flip a token for the top level, gain the level's bonus, fire `on research`."""
    player = state.players[p]
    if player.research.get(track, 0) + 1 == top(ctx) and ctx.content.catalogue.research.flip_green_token:
        token = next(t for t in player.fed_tokens if t.green)
        token.green = False
    new = holdings.raise_level(state, p, track)
    follow: list[Pending] = []
    effects.apply_now(ctx, state, p, ctx.content.catalogue.tracks[track].levels[new], track, follow, f"research:{track}:{new}")
    if not setup:
        effects.fire(ctx, state, p, effects.Event("research", frozenset((track,)), {"level": new}), 1, follow)
    return follow
