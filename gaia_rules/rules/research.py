"""Research: moving up a track, with its level bonuses and the top-level rules.

Each rule reads the move's bound view (`bound.Bound`): the acting seat `b.p`, its player and the content.
"""
from __future__ import annotations

from ..state import Pending
from . import effects, holdings
from .bound import Bound
from .context import Context
from .errors import IllegalMoveError


def top(ctx: Context) -> int:
    """The top level of every track. Takes `ctx`: a question about the content alone."""
    return ctx.content.catalogue.research.levels - 1


def advance_problem(b: Bound, track: str) -> str | None:
    """Why seat b.p cannot move up on `track` now, or None."""
    found = refusal(b, track)
    return None if found is None else found[1]


def refusal(b: Bound, track: str) -> tuple[str, str] | None:
    """(the `refused` filter word, why) seat b.p cannot move up on `track` now, or None."""
    catalogue = b.content.catalogue
    if track not in catalogue.tracks:
        return "unknown", f"unknown research track '{track}'"
    player, last = b.player, top(b.ctx)
    level = player.research.get(track, 0)
    if b.holdings.locked(b.state, b.p, track):
        return "locked", f"you cannot advance on {track} yet"
    if level >= last:
        return "top", f"you are already at the top of {track}"
    if level + 1 == last:
        board = catalogue.research
        if board.exclusive and any(o.research.get(track, 0) >= last for o in b.state.players if o.index != b.p):
            return "top", f"another player already stands on the top level of {track}"
        if board.flip_green_token and not any(t.green for t in player.fed_tokens):
            return "top", f"the top level of {track} needs a green federation token to flip"
    return None


def refused_step(b: Bound, allowed: str) -> list[Pending]:
    """A step up on `allowed` (a track, `any`, `lowest`) given up: when the rules refuse it on every track
    it may go, `refused` fires (tagged with the track and why: `locked`, `top`) for what comes instead."""
    tracks = list(b.content.catalogue.tracks) if allowed in ("any", "lowest") else [allowed]
    if allowed == "lowest":
        low = min(b.player.research.values())
        tracks = [t for t in tracks if b.player.research[t] == low]
    reasons = [refusal(b, t) for t in tracks]
    if not reasons or any(r is None for r in reasons):
        return []   # the player could have taken it: declined, not refused
    tags = {r[0] for r in reasons} | ({allowed} if allowed in b.content.catalogue.tracks else set())
    return effects.fire(b, effects.Event("refused", frozenset(tags), {"step": 1, "amount": 1}))


def check_advance(b: Bound, track: str) -> None:
    problem = advance_problem(b, track)
    if problem:
        raise IllegalMoveError("research", problem)


def advance(b: Bound, track: str, setup: bool = False) -> list[Pending]:
    """Move up one level: flip a token for the top level, gain the level's bonus, fire `on research`
    (not for the levels a faction starts with, `setup`)."""
    ctx, state, p, player = b.ctx, b.state, b.p, b.player
    if player.research.get(track, 0) + 1 == top(ctx) and ctx.content.catalogue.research.flip_green_token:
        token = next(t for t in player.fed_tokens if t.green)
        token.green = False
    new = holdings.raise_level(state, p, track)
    follow: list[Pending] = []
    effects.apply_now(b, ctx.content.catalogue.tracks[track].levels[new], track, follow, f"research:{track}:{new}")
    if not setup:
        effects.fire(b, effects.Event("research", frozenset((track,)), {"level": new}), 1, follow)
    return follow
