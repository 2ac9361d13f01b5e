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
    found = refusal(ctx, state, p, track)
    return None if found is None else found[1]


def refusal(ctx: Context, state: GameState, p: int, track: str) -> tuple[str, str] | None:
    """(the `refused` filter word, why) player p cannot move up on `track` now, or None."""
    if track not in ctx.content.catalogue.tracks:
        return "unknown", f"unknown research track '{track}'"
    player = state.players[p]
    level = player.research.get(track, 0)
    if ctx.holdings.locked(state, p, track):
        return "locked", f"you cannot advance on {track} yet"
    if level >= top(ctx):
        return "top", f"you are already at the top of {track}"
    if level + 1 == top(ctx):
        board = ctx.content.catalogue.research
        if board.exclusive and any(o.research.get(track, 0) >= top(ctx) for o in state.players if o.index != p):
            return "top", f"another player already stands on the top level of {track}"
        if board.flip_green_token and not any(t.green for t in player.fed_tokens):
            return "top", f"the top level of {track} needs a green federation token to flip"
    return None


def refused_step(ctx: Context, state: GameState, p: int, allowed: str) -> list[Pending]:
    """A step up on `allowed` (a track, `any`, `lowest`) given up: when the rules refuse it on every track
    it may go, `refused` fires (tagged with the track and why: `locked`, `top`) for what comes instead."""
    tracks = list(ctx.content.catalogue.tracks) if allowed in ("any", "lowest") else [allowed]
    if allowed == "lowest":
        low = min(state.players[p].research.values())
        tracks = [t for t in tracks if state.players[p].research[t] == low]
    reasons = [refusal(ctx, state, p, t) for t in tracks]
    if not reasons or any(r is None for r in reasons):
        return []   # the player could have taken it: declined, not refused
    tags = {r[0] for r in reasons} | ({allowed} if allowed in ctx.content.catalogue.tracks else set())
    return effects.fire(ctx, state, p, effects.Event("refused", frozenset(tags), {"step": 1, "amount": 1}))


def check_advance(ctx: Context, state: GameState, p: int, track: str) -> None:
    problem = advance_problem(ctx, state, p, track)
    if problem:
        raise IllegalMoveError("research", problem)



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
