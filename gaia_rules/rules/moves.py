"""Moves are values: who acts, which command, with which arguments.

The commands mirror the boardgamers.space notation (docs/cli.md), one command
per move: a turn is several moves (free actions, one main action, its
follow-ups, `endturn`).
"""
from __future__ import annotations

from dataclasses import dataclass

COMMANDS = (
    "faction", "bid", "build", "booster", "pass", "action", "special", "spend", "burn",
    "charge", "decline", "up", "tech", "cover", "federation", "fedtile", "lostPlanet",
    "income", "token", "areas", "endturn",   # and `swap-<piece>` (see `swap_command`)
    "rotate", "set",   # read and written, but the set-up options they belong to are not played
)


SWAP_PREFIX = "swap-"


def swap_command(piece: str) -> str:
    """The command that answers `swap P with Q`: `swap-P` with the hex of the Q (the site writes `swap-PI`)."""
    return SWAP_PREFIX + piece


@dataclass(frozen=True)
class Move:
    player: int
    command: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.command,) + self.args)
