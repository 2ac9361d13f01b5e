"""The boardgamers.space move notation: reading lines into moves and writing them back.

A line is `<player> <command>[. <command>]*`. Log annotations the site adds
(bowl counts, `returning boosterN`, `using area1: n`, `(from hex)`, level
changes) are stripped first. Site-specific codes in free actions (`tg`,
`t-a3`, `gf`) are translated into our price language (`move N gaia>...`);
`pass undefined`, the site's pass with no booster (the last round), is read as `pass`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules import SWAP_PREFIX, Move, MoveSyntaxError

_ANNOTATIONS = [
    re.compile(r" \(\d+(?:,B)?/\d+(?:,B)?/\d+(?:,B)?/\d+(?:,B)? ⇒ \d+(?:,B)?/\d+(?:,B)?/\d+(?:,B)?/\d+(?:,B)?\)"),
    re.compile(r" \(\d+ ⇒ \d+\)"),
    re.compile(r" returning booster\d+"),
    re.compile(r" using (?:[a-z0-9]+: \d+)(?:,? [a-z0-9]+: \d+)*"),
    re.compile(r" \(from [-0-9A-Cx]+\)"),
]
_ANNOTATION = re.compile("|".join(f"(?:{p.pattern})" for p in _ANNOTATIONS))  # all of them in one pass
_WORD = re.compile(r"\S+")


def strip_annotations(line: str) -> str:
    if "(" not in line and " returning " not in line and " using " not in line:
        return line  # most lines carry no annotation
    return _ANNOTATION.sub("", line)


@dataclass
class ParsedLine:
    """One line of notation read: the player, its moves and whether the turn was closed."""

    player: int
    moves: list[Move]
    finished: bool          # the turn was closed (endturn, trailing '.', pass) or needs no closing


def parse_line(line: str, players_by_name: dict[str, int], n_players: int,
               token_words: tuple[str, ...] = ()) -> ParsedLine:
    """Read one line (not `init`) into moves of the player it names; `MoveSyntaxError` if it cannot.

    `token_words` are the names of special tokens (from content): the site writes
    the token's name as the command that places it.
    """
    bare = strip_annotations(line.strip())
    head, _, rest = bare.partition(" ")
    if head[:1] == "p" and head[1:].isdecimal():   # `p<n>` (what `^p(\d+)$` matches)
        player = int(head[1:]) - 1
        if not 0 <= player < n_players:
            raise MoveSyntaxError(line, 1, f"no player {head} in a {n_players}-player game")
    elif head in players_by_name:
        player = players_by_name[head]
    else:
        raise MoveSyntaxError(line, 1, f"unknown player '{head}'")
    moves: list[Move] = []
    pieces = rest.split(".")
    column = len(head) + 2
    for i, piece in enumerate(pieces):
        text = piece.strip()
        words = text.split()
        if not words:
            if i == len(pieces) - 1 and i > 0:
                moves.append(Move(player, "endturn"))
            elif i > 0:
                moves.append(Move(player, "endturn"))
            column += len(piece) + 1
            continue
        if len(words) == 3 and words[1] == "⇒":
            moves.append(Move(player, "endturn"))
            column += len(piece) + 1
            continue
        if words[0] in token_words:
            words = ["token"] + words[1:]
        moves.append(_command(line, player, words, piece, column))
        column += len(piece) + 1
    # a trailing "." gives an empty last piece: that was the end of the turn
    finished = bool(moves) and moves[-1].command in ("endturn", "pass", "automa")
    return ParsedLine(player, _dedupe_endturns(moves), finished)


def _dedupe_endturns(moves: list[Move]) -> list[Move]:
    out: list[Move] = []
    for mv in moves:
        if mv.command == "endturn" and out and out[-1].command in ("endturn", "pass"):
            continue
        out.append(mv)
    return out


_ARITY = {
    "faction": 1, "booster": 1, "action": 1, "special": 1, "burn": 1, "charge": 1, "up": 1,
    "tech": 1, "cover": 1, "fedtile": 1, "lostPlanet": 1, "income": 1, "token": 1, "areas": 1,
    "build": 2, "federation": 2, "bid": 2,
}


def _command(line: str, player: int, words: list[str], piece: str, column: int) -> Move:
    """One command's words as a move; `piece` is its text, from `column` of the line (to point at the
    word that fails)."""
    name, args = words[0], words[1:]
    if name in ("endturn", "automa"):   # `automa`: the Automa's whole move in a solo game
        if args:
            _at_most(line, name, args, 0, "no argument", piece, column)
        return Move(player, name)
    if name == "pass":
        if len(args) > 1:
            _at_most(line, name, args, 1, "at most a booster", piece, column)
        if args == ["undefined"]:  # the site's word for no booster (a pass in the last round)
            return Move(player, "pass")
        return Move(player, "pass", tuple(args))
    if name == "decline":
        _at_most(line, name, args, 1, "at most the offer it declines", piece, column)
        return Move(player, "decline")  # the site names the declined offer (`decline 2pw`): the question says it
    if name == "spend":
        if len(args) < 3 or args[1] != "for":
            raise MoveSyntaxError(line, _starts(piece, column)[0], "expected 'spend <cost> for <gain>'")
        _at_most(line, name, args, 3, "'<cost> for <gain>'", piece, column)
        return Move(player, "spend", (site_cost(args[0]), site_gain(args[2])))
    if name == "rotate":  # `rotate [<centre qxr> <turns>]...` (the site's advanced set-up option)
        if len(args) % 2 or not all(_COORD_ARG.match(c) and t.lstrip("-").isdigit() for c, t in zip(args[::2], args[1::2])):
            raise MoveSyntaxError(line, _starts(piece, column)[0], "expected 'rotate <centre qxr> <turns> ...'")
        return Move(player, "rotate", tuple(args))
    if name == "set":  # `set <type> <position> to <option>` (the site's custom set-up option)
        if len(args) != 4 or args[2] != "to":
            raise MoveSyntaxError(line, _starts(piece, column)[0], "expected 'set <type> <position> to <option>'")
        return Move(player, "set", (args[0], args[1], args[3]))
    need = _ARITY.get(name, 1 if name.startswith(SWAP_PREFIX) and len(name) > len(SWAP_PREFIX) else None)
    if need is None:
        raise MoveSyntaxError(line, _starts(piece, column)[0], f"unknown command '{name}'")
    if len(args) != need:
        if len(args) < need:
            end = _starts(piece, column)[-1] + len(words[-1]) + 1  # where the missing word would go
            raise MoveSyntaxError(line, end, f"'{name}' needs {need} argument{'s' if need > 1 else ''}")
        _at_most(line, name, args, need, f"{need} argument{'s' if need > 1 else ''}", piece, column)
    if name in ("income", "charge"):
        args = [",".join(_norm_amount(x) for x in args[0].split(","))] + args[1:]
    return Move(player, name, tuple(args))


def _starts(piece: str, column: int) -> list[int]:
    """The columns of a command's words in the line (worked out only for an error)."""
    return [column + m.start() for m in _WORD.finditer(piece)]


def _at_most(line: str, name: str, args: list[str], n: int, what: str, piece: str, column: int) -> None:
    """Refuse a command given more than `n` arguments, pointing at the first word too many."""
    if len(args) > n:
        raise MoveSyntaxError(line, _starts(piece, column)[n + 1], f"'{name}' takes {what}; '{args[n]}' is one word too many")


def _norm_amount(text: str) -> str:
    """`t` -> `1t`, `pw` -> `1pw`: reward items always carry their count."""
    m = _AMOUNT.match(text)
    return f"{m.group(1) or '1'}{m.group(2)}" if m else text


_AMOUNT = re.compile(r"^(\d*)([a-z][a-z0-9-]*)$")
_COORD_ARG = re.compile(r"^-?\d+x-?\d+$")


def site_cost(text: str) -> str:
    """`3pw,1o` stays; `4tg` -> `move 4 gaia>supply`; `1t-a3` -> `move 1 area3>gaia`; `1gf` -> `move 1 gf>gaia`."""
    out = []
    for part in text.split(","):
        m = _AMOUNT.match(part)
        if not m:
            out.append(part)
            continue
        n = m.group(1) or "1"
        code = m.group(2)
        if code == "tg":
            out.append(f"move {n} gaia>supply")
        elif code == "t-a3":
            out.append(f"move {n} area3>gaia")
        elif code == "gf":
            out.append(f"move {n} gf>gaia")
        else:
            out.append(f"{n}{code}")
    return ", ".join(out)


def site_gain(text: str) -> str:
    out = []
    for part in text.split(","):
        m = _AMOUNT.match(part)
        if m and m.group(2) != "tech":
            out.append(f"{m.group(1) or '1'}{m.group(2)}")
        else:
            out.append(part)
    return ", ".join(out)


def write_move(move: Move, token_word: str = "token") -> str:
    """One command in the site's notation (without the player)."""
    if move.command == "token":
        return " ".join((token_word,) + move.args)
    if move.command == "spend":
        return f"spend {_site_text(move.args[0])} for {_site_text(move.args[1])}"
    if move.command == "set" and len(move.args) == 3:
        return f"set {move.args[0]} {move.args[1]} to {move.args[2]}"
    return " ".join((move.command,) + move.args)


def _site_text(text: str) -> str:
    parts = []
    for part in [p.strip() for p in text.split(",")]:
        m = re.match(r"^move (\d+) (\w+)>(\w+)$", part)
        if m:
            n, src, dst = m.groups()
            code = {"gaia": "tg", "area3": "t-a3", "gf": "gf"}[src]
            parts.append(f"{n}{code}")
        else:
            parts.append(part)
    return ",".join(parts)


_HEX_ARGS = {"build": (1,), "lostPlanet": (0,)}   # and (0,) for every `swap-<piece>`


def canonical(move: Move, hex_name) -> Move:
    """The same move with every hex written by name (`-4x2` becomes e.g. `3A5`).

    `hex_name` turns a written hex into its name (e.g. a map's lookup); it may
    raise for an unknown hex, which the engine would refuse anyway.
    """
    def name(text: str) -> str:
        try:
            return hex_name(text)
        except ValueError:
            return text

    if move.command == "federation" and move.args:
        hexes = ",".join(name(h) for h in move.args[0].split(",") if h)
        return Move(move.player, move.command, (hexes,) + move.args[1:])
    positions = _HEX_ARGS.get(move.command, (0,) if move.command.startswith(SWAP_PREFIX) else None)
    if not positions or not any(i < len(move.args) for i in positions):
        return move
    args = tuple(name(a) if i in positions else a for i, a in enumerate(move.args))
    return Move(move.player, move.command, args)


def write_line(designator: str, moves: list[Move], token_word: str = "token") -> str:
    """A whole line: `<player> <command>. <command>...` (the turn's end written as `endturn`)."""
    return f"{designator} " + ". ".join(write_move(m, token_word) for m in moves)
