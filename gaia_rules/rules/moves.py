"""Moves are values: who acts, which command, with which arguments.

The commands mirror the boardgamers.space notation (docs/cli.md), one command
per move: a turn is several moves (free actions, one main action, its
follow-ups, `endturn`).
"""
from __future__ import annotations

import reprlib
from dataclasses import dataclass

from .errors import MoveSyntaxError

ARGUMENTS = {
    "faction": (1, 1), "bid": (2, 2), "build": (2, 2), "booster": (1, 1), "pass": (0, 1),
    "action": (1, 1), "special": (1, 1), "spend": (2, 2), "burn": (1, 1), "charge": (1, 1),
    "decline": (0, 0), "up": (1, 1), "tech": (1, 1), "cover": (1, 1), "federation": (2, 2),
    "fedtile": (1, 1), "lostPlanet": (1, 1), "income": (1, 1), "token": (1, 1),
    "areas": (1, 1), "endturn": (0, 0), "automa": (0, 0),   # `automa`: the Automa's move in a solo game   # and `swap-<piece>` (see `swap_command`): one hex
    # read and written, but the set-up options they belong to are not played
    "rotate": (0, None), "set": (3, 3),
}
"""Each command with the fewest and most arguments it takes (None: any number)."""
COMMANDS = tuple(ARGUMENTS)
_TEXT = {str}


SWAP_PREFIX = "swap-"


def swap_command(piece: str) -> str:
    """The command that answers `swap P with Q`: `swap-P` with the hex of the Q (the site writes `swap-PI`)."""
    return SWAP_PREFIX + piece


@dataclass(frozen=True)
class Move:
    """A move as a value: who plays it, the command and its words."""

    player: int
    command: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.command,) + self.args)


def _bounds(command: str) -> tuple[int, int | None] | None:
    """The fewest and most arguments of a command; a swap answer (`swap-<piece>`) takes one hex."""
    bounds = ARGUMENTS.get(command)
    if bounds is None and command.startswith(SWAP_PREFIX) and len(command) > len(SWAP_PREFIX):
        return 1, 1
    return bounds


def check_move(move: object, players: int) -> None:
    """Refuse (`MoveSyntaxError`) a value that is not a well-formed move of a `players`-player game.

    Moves come from anywhere through the Python API; a wrong type or a missing or extra
    argument is named here, before any rule reads it.
    """
    if type(move) is Move:  # the usual case first, in one expression (this runs before every move)
        p, args = move.player, move.args
        bounds = _bounds(move.command) if type(move.command) is str else None
        if (type(p) is int and 0 <= p < players and bounds is not None and type(args) is tuple
                and bounds[0] <= len(args) and (bounds[1] is None or len(args) <= bounds[1])
                and {*map(type, args)} <= _TEXT):
            return
    _refuse_ill_formed(move, players)


def _written(move: object) -> str:
    """A move value as text: as `str(move)` writes it when its parts are texts, else its (short) repr."""
    if (isinstance(move, Move) and isinstance(move.command, str) and isinstance(move.args, tuple)
            and all(isinstance(a, str) for a in move.args)):
        return str(move)
    return reprlib.repr(move)


def _refuse_ill_formed(move: object, players: int) -> None:
    """The problem of a move value, named (subclasses of the expected types pass)."""
    if not isinstance(move, Move):
        raise MoveSyntaxError(_written(move), 1, f"a move is a Move(player, command, args), not {type(move).__name__}")
    p = move.player
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
        raise MoveSyntaxError(_written(move), 1, f"the player of a move is a seat number 0-{players - 1}, "
                                                 f"not {reprlib.repr(p)}")
    command = move.command
    if not isinstance(command, str) or _bounds(command) is None:
        raise MoveSyntaxError(_written(move), 1, f"unknown command {reprlib.repr(command)}")
    args = move.args
    if not isinstance(args, tuple) or not all(isinstance(a, str) for a in args):
        raise MoveSyntaxError(_written(move), 1,
                              f"the arguments of '{command}' are a tuple of texts, not {reprlib.repr(args)}")
    least, most = _bounds(command)
    if len(args) < least:
        raise MoveSyntaxError.of_move(move, f"'{command}' needs more arguments", len(args))
    if most is not None and len(args) > most:
        raise MoveSyntaxError.of_move(move, f"'{command}' takes {most} argument{'s' if most != 1 else ''}; "
                                            f"{reprlib.repr(args[most])} is one too many", most)
