"""The one object a move's rules read the game through, bound once when the engine plays the move.

A `Bound` view holds the state being changed, the seat that acts (`p`) with its player and faction, and the
game's three views (`content`, `map`, `holdings`, from the context). The engine binds it in `apply`
and hands it to the move's handler; a rule reads what it needs as attributes (`b.faction`,
`b.player`, `b.map`) instead of taking `(ctx, state, p)` and asking the context again in every
function. The views' own modules keep their concerns: what a player holds and every write to it
(`holdings`), the content's tables (`content_view`), the board's geometry (`map_view`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..content.catalogue import Faction
from ..state import GameState, PlayerState
from .content_view import ContentView
from .context import Context
from .holdings import Holdings
from .map_view import MapView


@dataclass(slots=True, eq=False)
class Bound:
    """Seat `p` acting on `state`: its player, its faction (None before it chooses one) and the game's views."""

    ctx: Context
    state: GameState
    p: int
    player: PlayerState
    faction: Faction | None
    content: ContentView
    map: MapView
    holdings: Holdings


def bind(ctx: Context, state: GameState, p: int) -> Bound:
    """The view of seat p acting on `state` (what the engine makes once per move, and the listing once per position)."""
    player = state.players[p]
    content = ctx.content
    return Bound(ctx, state, p, player, content.catalogue.factions.get(player.faction), content, ctx.map,
                ctx.holdings)
