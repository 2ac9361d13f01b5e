"""Tech tiles: taking a standard or advanced tile, covering, and the free step that follows.

Each rule reads the move's bound view (`bound.Bound`): the acting seat `b.p`, its player and the content.
"""
from __future__ import annotations

from ..state import GameState, Pending
from . import effects, holdings, research
from .bound import Bound
from .errors import IllegalMoveError

ADV = "adv-"


def tile_at(state: GameState, pos: str) -> str | None:
    if pos.startswith(ADV):
        return state.setup.advanced_tiles.get(pos[len(ADV):])
    return state.setup.tech_tiles.get(pos)


def tech_problem(b: Bound, pos: str) -> str | None:
    state, player = b.state, b.player
    tile = tile_at(state, pos)
    if tile is None:
        return f"no tech tile at '{pos}'"
    if state.tech_supply.get(pos, 0) <= 0:
        return f"no tile left at {pos}"
    if any(t.tile == tile for t in player.tech):
        return f"you already have {tile}"
    if pos.startswith(ADV):
        track = pos[len(ADV):]
        if player.research.get(track, 0) < research.top(b.ctx) - 1:
            return f"an advanced tile of {track} needs level {research.top(b.ctx) - 1} there"
        if not any(t.green for t in player.fed_tokens):
            return "an advanced tile needs a green federation token to flip"
        if not any(t.enabled and t.tile in b.content.catalogue.tech_tiles for t in player.tech):
            return "an advanced tile must cover one of your standard tiles"
    return None


def take_tech(b: Bound, pos: str) -> list[Pending]:
    problem = tech_problem(b, pos)
    if problem:
        raise IllegalMoveError("tech", problem)
    state, p, catalogue = b.state, b.p, b.content.catalogue
    tile = tile_at(state, pos)
    state.tech_supply[pos] -= 1
    out: list[Pending] = []
    if pos.startswith(ADV):
        token = next(t for t in b.player.fed_tokens if t.green)
        token.green = False
        out.append(Pending("cover", p, {"tile": tile, "pos": pos}))
        return out
    holdings.take_tile(state, p, tile, pos)
    _taken(b, catalogue.tech_tiles[tile], f"tech:{tile}", ("standard", tile),
           pos if pos in catalogue.tracks else "any", out)
    return out


def cover_tech(b: Bound, pos: str, follow: Pending) -> list[Pending]:
    catalogue = b.content.catalogue
    held = next((t for t in b.player.tech if t.pos == pos and t.enabled and t.tile in catalogue.tech_tiles), None)
    if held is None:
        raise IllegalMoveError("cover", f"you have no uncovered standard tile from {pos}")
    tile = follow.data["tile"]
    holdings.cover_tile(b.state, b.p, held, tile, follow.data["pos"])
    out: list[Pending] = []
    _taken(b, catalogue.advanced_tech_tiles[tile], f"adv:{tile}", ("advanced", tile), "any", out)
    return out


def _taken(b: Bound, tile, source: str, tags: tuple[str, str], allowed: str, out: list[Pending]) -> None:
    """What a tile taken sets off: its `now` effects, the `tech` event (`tags`), then its free research step
    on `allowed` (a track or `any`), queued possible or not: as on the site, a step that cannot be taken
    now (a locked track, a top level that needs a token to flip or is taken, a track already at its top)
    must still be answered, `decline up` then the only move."""
    effects.apply_now(b, tile.effects, source, out)
    effects.fire(b, effects.Event("tech", frozenset(tags)), 1, out)
    out.append(Pending("up", b.p, {"track": allowed, "source": "tech"}))
