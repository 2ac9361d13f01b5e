"""The Automa's seat (`seats.SeatRules`): it plays by its deck and holds nothing but its pieces.

It starts with the difficulty's VP and its card's research, and no resources (`setup`); its one
legal move is `automa` (`turn`); the table's events give it nothing, its faction gives it no
abilities or income, it never charges power; its deck grows each round (`deck`); on the final
tiles it counts as its rules say, and a difficulty may add VP to what it scores there (`score`).
It keeps no resources, so they are worth no VP at the end.
"""
from __future__ import annotations

from ...content.catalogue import Catalogue, SetupPlacement
from ...state import GameState
from ..bound import Bound, bind
from ..context import Context
from ..moves import Move
from ..seats import AUTOMA
from . import deck, score, setup, turn


class AutomaSeat:
    kind = AUTOMA
    takes_events = False
    holds_abilities = False
    charges = False

    def start(self, ctx: Context, state: GameState, p: int) -> None:
        setup.init_seat(bind(ctx, state, p))

    def starting_pieces(self, ctx: Context, state: GameState, p: int) -> tuple[SetupPlacement, ...]:
        return setup.starting_pieces(ctx.content, state)

    def deck_moves(self, p: int) -> tuple[Move, ...] | None:
        return (Move(p, turn.COMMAND),)

    def play(self, b: Bound, move: Move) -> bool:
        turn.play(b, move)
        return True

    def new_round(self, ctx: Context, state: GameState, number: int) -> None:
        deck.new_round(ctx.content.catalogue.automa, state, number)

    def faction_clash(self, catalogue: Catalogue, held: str | None, wanted: str) -> str | None:
        """Its home planet type is its own: no player takes a faction of it."""
        home = catalogue.factions[wanted].home
        if held is not None and catalogue.factions[held].home == home:
            return f"the Automa plays {catalogue.factions[held].name} ({home}): choose a faction of another home planet"
        return None

    def final_count(self, ctx: Context, state: GameState, p: int, tile: str, counter: str) -> int:
        return score.final_count(bind(ctx, state, p), tile, counter)

    def extra_vp(self, ctx: Context, state: GameState, p: int, source: str, vp: int) -> int | None:
        return score.extra(bind(ctx, state, p), source, vp)

    def resource_vp(self, ctx: Context, state: GameState, p: int) -> int:
        return 0
