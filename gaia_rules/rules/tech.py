"""Tech tiles: taking a standard or advanced tile, covering, and the free step that follows."""
from __future__ import annotations

from ..state import GameState, Pending
from . import effects, holdings, research
from .context import Context
from .errors import IllegalMoveError

ADV = "adv-"


def tile_at(state: GameState, pos: str) -> str | None:
    if pos.startswith(ADV):
        return state.setup.advanced_tiles.get(pos[len(ADV):])
    return state.setup.tech_tiles.get(pos)


def tech_problem(ctx: Context, state: GameState, p: int, pos: str) -> str | None:
    tile = tile_at(state, pos)
    if tile is None:
        return f"no tech tile at '{pos}'"
    player = state.players[p]
    if state.tech_supply.get(pos, 0) <= 0:
        return f"no tile left at {pos}"
    if any(t.tile == tile for t in player.tech):
        return f"you already have {tile}"
    if pos.startswith(ADV):
        track = pos[len(ADV):]
        if player.research.get(track, 0) < research.top(ctx) - 1:
            return f"an advanced tile of {track} needs level {research.top(ctx) - 1} there"
        if not any(t.green for t in player.fed_tokens):
            return "an advanced tile needs a green federation token to flip"
        if not any(t.enabled and t.tile in ctx.content.catalogue.tech_tiles for t in player.tech):
            return "an advanced tile must cover one of your standard tiles"
    return None


def take_tech(ctx: Context, state: GameState, p: int, pos: str, follow: Pending) -> list[Pending]:
    problem = tech_problem(ctx, state, p, pos)
    if problem:
        raise IllegalMoveError("tech", problem)
    tile = tile_at(state, pos)
    player = state.players[p]
    state.tech_supply[pos] -= 1
    out: list[Pending] = []
    if pos.startswith(ADV):
        token = next(t for t in player.fed_tokens if t.green)
        token.green = False
        out.append(Pending("cover", p, {"tile": tile, "pos": pos}))
        return out
    holdings.take_tile(state, p, tile, pos)
    _immediate(ctx, state, p, ctx.content.catalogue.tech_tiles[tile], f"tech:{tile}", out)
    effects.fire(ctx, state, p, effects.Event("tech", frozenset(("standard", tile))), 1, out)
    allowed = pos if pos in ctx.content.catalogue.tracks else "any"
    _free_step(ctx, state, p, allowed, out)
    return out


def _free_step(ctx: Context, state: GameState, p: int, allowed: str, out: list[Pending]) -> None:
    """Queue a tile's free research step, possible or not.

    As on the site, a step that cannot be taken now (a locked track, a top
    level that needs a token to flip or is taken, a track already at its top)
    must still be answered: `decline up` is then the only move.
    """
    out.append(Pending("up", p, {"track": allowed, "source": "tech"}))


def cover_tech(ctx: Context, state: GameState, p: int, pos: str, follow: Pending) -> list[Pending]:
    player = state.players[p]
    held = next((t for t in player.tech if t.pos == pos and t.enabled and t.tile in ctx.content.catalogue.tech_tiles), None)
    if held is None:
        raise IllegalMoveError("cover", f"you have no uncovered standard tile from {pos}")
    tile = follow.data["tile"]
    holdings.cover_tile(state, p, held, tile, follow.data["pos"])
    out: list[Pending] = []
    _immediate(ctx, state, p, ctx.content.catalogue.advanced_tech_tiles[tile], f"adv:{tile}", out)
    effects.fire(ctx, state, p, effects.Event("tech", frozenset(("advanced", tile))), 1, out)
    _free_step(ctx, state, p, "any", out)
    return out


def _immediate(ctx, state, p, tile, source, out):
    effects.apply_now(ctx, state, p, tile.effects, source, out)
