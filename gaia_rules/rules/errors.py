"""The errors a move can raise, and the registry of the rules a refused move names.

Two kinds, one base (as python-chess has them):

- `MoveSyntaxError`: text (or a `Move` value) that is not a move at all: an unknown command,
  a missing or extra word, a number that is not one. It quotes the text and the column
  where reading failed.
- `IllegalMoveError`: a move that reads well but that the rules refuse now. It names the
  rule broken by a code of `RULE_CODES`, documented in docs/errors.md.
  `AmbiguousMoveError` is one: a text that could mean several legal moves (as python-chess's
  `AmbiguousMoveError` for a SAN that two pieces can play), naming them.

Both are a `MoveError` (a `ValueError`): catch that where text from outside is read and played.
"""
from __future__ import annotations

from ..errors import GaiaError

RULE_CODES: dict[str, str] = {
    "ambiguous": "a move text names one legal move: a word or text that several listed moves share is refused, naming them",
    "auction": "in an auction whose factions are all chosen before bidding, a bid goes on a faction on offer",
    "automa": "in a solo game the Automa's seat plays only 'automa', and only the Automa's seat plays it",
    "bid": "a bid names a faction on offer and a number of VP within the bid range allowed now",
    "board-action": "a board action exists, is untaken this round, gives something not lost to caps, and "
                    "finds the federation token it may need",
    "booster": "a booster taken is one on the table",
    "build": "a build names a structure of the faction that a build may place (others need their action)",
    "burn": "burning power moves two tokens of area II per burn, at least once",
    "charge": "a charge answers the offer made, with one of its amounts",
    "content": "the content gains only resources the engine knows (the content checks rule this out)",
    "cost": "the player holds the price of what they do",
    "cover": "an advanced tile covers an uncovered standard tile the player holds",
    "downgrade": "a structure is turned back into another only where the player has that structure",
    "empty-spend": "a spend exchanges something: it neither trades nothing for nothing nor gives back its price",
    "faction": "a faction chosen exists, is not taken, and its home planet type is not played already",
    "fedtile": "a federation token named is one the player holds",
    "federation": "a federation joins connected buildings of enough power value with the fewest satellites",
    "follow-up": "an action is taken only if its required follow-up can then be given",
    "free-action": "a spend is a sum of the player's conversions",
    "once-per": "a conversion limited to once per round or game is taken at most once in that period",
    "free-steps": "free terraforming steps go to a new piece whose place price terraforms a planet that needs it (a mine, not a Gaia Project)",
    "gaia-phase": "Gaia-phase conversions that cost nothing cannot be declined",
    "gaia-project": "a Gaia Project needs the power tokens its place price moves to the Gaia area; a planet under one is built on once it completes (or by a piece with `over_gaia_project`, completing it)",
    "gaiaformer": "a price in Gaiaformers needs that many available Gaiaformers",
    "game-over": "no move is played once the game has ended",
    "guest-mine": "a player has at most one piece on a planet they share",
    "habitable": "a new piece goes on a planet (or empty space) its `place_on` names",
    "hex": "a hex named is on this game's map (by name like 4A2 or coordinate like -4x2)",
    "income": "an income order names an income that is still to come",
    "lost-planet": "the Lost Planet goes on an empty space hex",
    "main-action": "a turn ends only after its main action",
    "occupied": "a new piece goes on an unoccupied hex, or shares one through `guest_on`, or replaces its owner's `holds_planet` piece",
    "one-main-action": "a turn holds one main action; after it only free actions and 'endturn'",
    "option": "set-up options (rotations, custom set-ups) are given as the set-up they produced, not played",
    "pass": "passing takes a booster that is on the table (none in the last round)",
    "phase": "a move is played only in a phase that expects one",
    "power": "power spent comes from area III, the special token only where it pays",
    "research": "a research step goes up a track the player may advance now",
    "sequence": "the move is the one the game expects now (the phase's move, or the pending follow-up)",
    "setup": "a starting piece is the one asked for, on a free planet of the faction's home type",
    "special-action": "a special action is one the player holds and has not used this round",
    "special-token": "the special token goes to one of the areas offered",
    "supply": "a piece is built only while the faction board has one left (a Gaiaformer: while one is available)",
    "swap": "a swap exchanges two of the player's own structures, as the action names them",
    "tech": "a tech tile taken is available to the player now (and an advanced one meets its conditions)",
    "temporary-range": "extra range is used only on a planet it makes cheaper to reach",
    "token-areas": "tokens are taken from the power areas in one of the ways offered",
    "tokens": "power tokens moved or removed are there to move",
    "turn": "only the player who must act moves, and a turn ends when it is finished",
    "up": "a research step given by an action goes up the track it names",
    "up-lowest": "a research step on a lowest track goes up one of the player's lowest tracks",
    "upgrade": "an upgrade replaces the structure it upgrades from (not the Lost Planet)",
}
"""Every rule a refused move can name: code -> the rule, in one line (docs/errors.md shows this table)."""


class MoveError(GaiaError, ValueError):
    """A move refused: text that is not a move (`MoveSyntaxError`) or one the rules refuse (`IllegalMoveError`)."""

    message: str


class MoveSyntaxError(MoveError):
    """Text that is not a move: `text` as read, the 1-based `column` where reading failed, and why."""

    QUOTED = 60  # characters of the text quoted in the one-line message

    def __init__(self, text: str, column: int, message: str):
        self.text, self.column, self.message = text, column, message
        shown = text if len(text) <= self.QUOTED else text[:self.QUOTED] + "..."
        super().__init__(f"not a move: '{shown}' (column {column}: {message})")

    def __reduce__(self):  # worker processes send errors back pickled
        return type(self), (self.text, self.column, self.message)

    @classmethod
    def of_move(cls, move, message: str, arg: int = 0) -> "MoveSyntaxError":
        """The error of a move value, its text as `str(move)` writes it, pointing at argument `arg`.

        `arg` may be `len(move.args)`: the column just past the end, where an argument is missing.
        """
        text = " ".join((move.command,) + move.args)
        column = len(move.command) + 2 + sum(len(a) + 1 for a in move.args[:arg])
        return cls(text, column, message)

    def relocated(self, text: str, column: int | None = None) -> "MoveSyntaxError":
        """The same problem pointed into `text`, the text the move was read from.

        At `column` if given; else at the word this error points at, found in `text`
        after its first word; else at column 1.
        """
        if column is None and self.column > len(self.text):  # something missing at the end
            column = len(text.rstrip()) + 2
        if column is None:
            column = 1
            word = self.text[self.column - 1:].split()[:1]
            if word:
                first = text.split()[:1]
                start = text.find(first[0]) + len(first[0]) if first else 0
                found = text.find(word[0], start)
                if found >= 0:
                    column = found + 1
        return MoveSyntaxError(text, column, self.message)


class IllegalMoveError(MoveError):
    """A move the rules refuse. `rule` is the code of the rule broken (a key of `RULE_CODES`)."""

    def __init__(self, rule: str, message: str):
        if rule not in RULE_CODES:  # a programming error: register the rule first
            raise LookupError(f"rule code '{rule}' is not in RULE_CODES (gaia_rules/rules/errors.py): "
                              f"add it with a one-line description")
        self.rule = rule
        self.message = message
        super().__init__(f"{message} [{rule}]")

    def __reduce__(self):  # worker processes send errors back pickled
        return type(self), (self.rule, self.message)


class AmbiguousMoveError(IllegalMoveError):
    """A text that several legal moves share (`text`: as typed; `candidates`: those moves as text)."""

    SHOWN = 4  # candidates named in the one-line message

    def __init__(self, text: str, candidates: list[str]):
        self.text, self.candidates = text, list(candidates)
        named = ", ".join(self.candidates[:self.SHOWN]) + (", ..." if len(self.candidates) > self.SHOWN else "")
        super().__init__("ambiguous", f"'{text}' could mean {len(self.candidates)} moves: {named} "
                                      f"(type the whole move or its number)")

    def __reduce__(self):  # worker processes send errors back pickled
        return type(self), (self.text, self.candidates)


def rule_codes_table() -> str:
    """The registry as a Markdown table (docs/errors.md holds it; a test keeps them equal)."""
    rows = ["| code | the rule |", "|---|---|"]
    rows += [f"| `{code}` | {RULE_CODES[code]} |" for code in sorted(RULE_CODES)]
    return "\n".join(rows) + "\n"
