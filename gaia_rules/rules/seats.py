"""What the common rules ask of a seat, whoever sits there: a player, or the Automa of a solo game.

A seat answers the few questions where the kinds differ: how it starts and what it places at
set-up, whether it takes its moves from the move list or plays by a deck of its own, whether the
table's events, its holdings and opponents' builds give it anything, what it counts on a final
scoring tile, the extra VP it scores and the VP of its resources at the end. The common rules
(`phases`, `scoring`, `holdings`, `charges`, `legal`, `actions`, `game`) ask the seat and never
test which kind it is; the answers of each kind live with it (`player_seat.PlayerSeat`,
`automa.seat.AutomaSeat`). Which seat sits where is the state's (`GameState.automa`); the engine
builds the table once per set-up and the context carries it (`Context.seats`).

This module imports nothing of the rules: the holdings and the context read it, and the seats'
answers are reached through the objects the engine hands them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..content.catalogue import Catalogue, SetupPlacement
from ..state import GameState
from .moves import Move

Ctx = Any   # the rules' `context.Context` (which imports this module, so it is not imported here)
BoundView = Any   # the rules' `bound.Bound` (which imports the context: not imported here either)

PLAYER = "player"
AUTOMA = "automa"


class SeatRules(Protocol):
    """The rules of one kind of seat."""

    kind: str               # PLAYER or AUTOMA: for showing a seat, never for a rule to branch on
    takes_events: bool      # the table's events (game start, round start) fire for it
    holds_abilities: bool   # its faction, booster, tiles and levels give it statements (income, abilities)
    charges: bool           # it may charge power when an opponent builds near it

    def start(self, ctx: Ctx, state: GameState, p: int) -> None:
        """Its VP, resources, power and research once every faction is chosen."""

    def starting_pieces(self, ctx: Ctx, state: GameState, p: int) -> tuple[SetupPlacement, ...]:
        """The pieces it places at set-up, each in its pass or at its place of the sequence."""

    def deck_moves(self, p: int) -> tuple[Move, ...] | None:
        """Its legal moves when it plays by a deck of its own; None: the move list's, by the common rules."""

    def play(self, b: BoundView, move: Move) -> bool:
        """Play `move` (through the mover's view the engine bound) by the seat's own rules; False: the
        common rules play it."""

    def new_round(self, ctx: Ctx, state: GameState, number: int) -> None:
        """What it does as a round after the first begins (before the income)."""

    def faction_clash(self, catalogue: Catalogue, held: str | None, wanted: str) -> str | None:
        """Why another seat cannot take faction `wanted` while this seat holds `held`, or None."""

    def final_count(self, ctx: Ctx, state: GameState, p: int, tile: str, counter: str) -> int:
        """What it counts on final scoring tile `tile` (whose counter is `counter`)."""

    def extra_vp(self, ctx: Ctx, state: GameState, p: int, source: str, vp: int) -> int | None:
        """Extra VP it scores (added now) on `vp` gained at the end from `source`; None: it has none of its own."""

    def resource_vp(self, ctx: Ctx, state: GameState, p: int) -> int:
        """The VP its resources are worth at the end (spent as the rules say)."""


@dataclass(frozen=True)
class Seats:
    """The seats' rules of a game's set-up: the player's, and the Automa's (whose seat the state names)."""

    player: SeatRules
    automa: SeatRules
    automa_command: str    # the Automa's one move: refused by the Automa's rules for any other seat

    def of(self, state: GameState, p: int) -> SeatRules:
        """The rules of seat p."""
        automa = state.automa   # `GameState.is_automa`, read here: this is asked about every player at every change
        return self.automa if automa is not None and p == automa.seat else self.player

    def for_move(self, state: GameState, move: Move) -> SeatRules:
        """The rules that play `move`: the mover's; the Automa's for its own command, which it refuses to others."""
        return self.automa if move.command == self.automa_command else self.of(state, move.player)
