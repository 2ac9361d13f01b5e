"""Moves in the site notation for a given position: labels of players, the special token's word,
one move as text and one line of text read as a move for whoever must act.

`listed_move` matches typed text to the listed legal moves, and refuses a text several of them share
(`AmbiguousMoveError`). Used by the faces and by export; no component is named here.
"""
from __future__ import annotations

from ..rules import AmbiguousMoveError, Engine, Move, MoveSyntaxError
from ..state import GameState
from .notation import parse_line, write_move

_DESIGNATOR_PREFIX = "p"


def player_label(state: GameState, p: int) -> str:
    """The faction id once chosen, else `pN` (N from 1), as the site's notation writes players."""
    faction = state.players[p].faction
    return faction if faction else f"{_DESIGNATOR_PREFIX}{p + 1}"


def token_word(engine: Engine, state: GameState, p: int) -> str:
    """The name the notation uses for player p's special token (its name in content)."""
    faction = state.players[p].faction
    if faction:
        token = engine.catalogue.factions[faction].special_token
        if token is not None:
            return token.name
    return "token"


def token_words(engine: Engine) -> tuple[str, ...]:
    return engine.catalogue.token_words


def move_text(engine: Engine, state: GameState, move: Move, with_player: bool = True) -> str:
    """One move in the site notation, e.g. `p1 build m 4A2` (state: before the move)."""
    text = write_move(move, token_word(engine, state, move.player))
    return f"{player_label(state, move.player)} {text}" if with_player else text


def parse_move(engine: Engine, state: GameState, text: str) -> Move:
    """One command in the site notation, with or without the player (default: whoever must act).

    Raises MoveSyntaxError, pointing into `text`, when the text cannot be read or holds more
    than one command.
    """
    text = text.strip()
    if not text:
        raise MoveSyntaxError(text, 1, "empty move")
    names = {p.faction: p.index for p in state.players if p.faction is not None}
    head = text.split()[0]
    if head in engine.catalogue.factions and head not in names:
        raise MoveSyntaxError(text, 1, f"'{head}' does not play in this game")
    designated = head in names or (head.startswith(_DESIGNATOR_PREFIX) and head[1:].isdigit())
    line = text
    if not designated:
        p = engine.to_move(state)
        if p is None:
            raise MoveSyntaxError(text, 1, "the game has ended")
        line = f"{player_label(state, p)} {text}"
    shift = len(line) - len(text)  # the player named for the reader, not by the text
    try:
        parsed = parse_line(line, names, len(state.players), token_words(engine))
        if len(parsed.moves) != 1:
            raise MoveSyntaxError(line, shift + 1, f"one command at a time, not {len(parsed.moves)}")
        return engine.normalize(state, parsed.moves[0])
    except MoveSyntaxError as err:
        if err.text == line:
            raise err.relocated(text, max(1, err.column - shift)) from None
        raise err.relocated(text) from None


def listed_move(engine: Engine, state: GameState, legal: list[Move], text: str) -> Move | None:
    """The listed legal move a typed text names, or None when it names none of them.

    A text names a listed move when it is that move's text in any case (with or without its player),
    or when it is only a command that one listed move has. A text that names several is refused
    with `AmbiguousMoveError` naming them: a bare command several moves share (`pass` with boosters
    on the table), or a text two moves print alike (the notation writes where tokens come from, not
    where they go, so a designer's two conversions that differ only there print the same).
    """
    low = " ".join(text.lower().split())
    texts = [(m, move_text(engine, state, m, with_player=False)) for m in legal]
    named = [(m, t) for m, t in texts if low in (t.lower(), f"{player_label(state, m.player)} {t}".lower())]
    if not named:
        named = [(m, t) for m, t in texts if m.command.lower() == low]
    if len(named) > 1:
        raise AmbiguousMoveError(" ".join(text.split()), [t for _m, t in named])
    return named[0][0] if named else None
