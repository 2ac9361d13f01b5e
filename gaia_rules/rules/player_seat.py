"""A player's seat: the rules of the rulebook, with nothing of its own beside them (`seats.SeatRules`).

A player starts with their faction's resources and pieces, takes every move from the move list,
hears the table's events, holds what their faction, booster, tiles and levels give, charges
power, counts their own pieces on the final tiles and turns their resources into VP at the end.
"""
from __future__ import annotations

from ..content.catalogue import Catalogue, SetupPlacement
from ..state import GameState
from . import phases, scoring
from .bound import Bound, bind
from .context import Context
from .moves import Move
from .seats import PLAYER


class PlayerSeat:
    kind = PLAYER
    takes_events = True
    holds_abilities = True
    charges = True

    def start(self, ctx: Context, state: GameState, p: int) -> None:
        phases.init_player(bind(ctx, state, p))

    def starting_pieces(self, ctx: Context, state: GameState, p: int) -> tuple[SetupPlacement, ...]:
        return ctx.content.faction(state.players[p]).setup

    def deck_moves(self, p: int) -> tuple[Move, ...] | None:
        return None

    def play(self, b: Bound, move: Move) -> bool:
        return False

    def new_round(self, ctx: Context, state: GameState, number: int) -> None:
        return None

    def faction_clash(self, catalogue: Catalogue, held: str | None, wanted: str) -> str | None:
        """One faction per seat and one seat per home planet type."""
        faction = catalogue.factions[wanted]
        if held == wanted:
            return f"{faction.name} is already taken"
        if held is not None and catalogue.factions[held].home == faction.home:
            return f"{catalogue.factions[held].name} already plays {faction.home}"
        return None

    def final_count(self, ctx: Context, state: GameState, p: int, tile: str, counter: str) -> int:
        return ctx.holdings.count_of(state, p, counter)

    def extra_vp(self, ctx: Context, state: GameState, p: int, source: str, vp: int) -> int | None:
        return None

    def resource_vp(self, ctx: Context, state: GameState, p: int) -> int:
        return scoring.resource_vp(bind(ctx, state, p))
