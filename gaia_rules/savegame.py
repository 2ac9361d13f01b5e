"""Saved games: a set-up and its moves, with the state they lead to.

The file is JSON:

    {"format": "gaia-rules/1",
     "setup": {...},                          # state.Setup as a dict
     "moves": [[player, command, args...]],   # player index from 0, as in rules.moves.Move
     "state": {...},                          # GameState.to_dict() after the moves
     "content": {"hash": "..."}}              # Catalogue.content_hash() of the content used

A game *is* its set-up plus its moves: loading replays the moves from the
set-up with the engine and checks that the result equals the stored state.
Saving writes a temporary file beside the target and moves it into place
(`os.replace`), so a crash or a refused move never leaves half a file.
"""
from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .rules import Engine, IllegalMoveError
from .rules.moves import Move
from .state import GameState, Setup

FORMAT = "gaia-rules/1"


class SaveError(ValueError):
    """A saved game that cannot be read or does not replay to its stored state."""


@dataclass
class SavedGame:
    setup: Setup
    moves: list[Move] = field(default_factory=list)
    state: GameState | None = None
    content_hash: str = ""
    warnings: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ moves as JSON

def move_to_json(move: Move) -> list:
    return [move.player, move.command, *move.args]


def move_from_json(row: Any, index: int) -> Move:
    if (not isinstance(row, list) or len(row) < 2 or not isinstance(row[0], int) or isinstance(row[0], bool)
            or not all(isinstance(x, str) for x in row[1:])):
        raise SaveError(f"move {index + 1} is not [player, command, args...]: {json.dumps(row)[:80]}")
    return Move(row[0], row[1], tuple(row[2:]))


def _plain(value: Any) -> Any:
    """The JSON reading of a value (tuples become lists), for comparing states."""
    return json.loads(json.dumps(value))


# ------------------------------------------------------------------ building and replaying

def new_game(engine: Engine, setup: Setup) -> SavedGame:
    state = engine.new_game(setup)
    return SavedGame(state.setup, [], state, engine.catalogue.content_hash())


def replay(engine: Engine, setup: Setup, moves: list[Move]) -> GameState:
    """The state after `moves` from `setup`; raises SaveError naming the first refused move."""
    try:
        state = engine.new_game(dataclasses.replace(setup))
    except IllegalMoveError as err:
        raise SaveError(f"the set-up is refused: {err}") from err
    for i, move in enumerate(moves):
        try:
            engine.apply_in_place(state, move)
        except IllegalMoveError as err:
            raise SaveError(f"move {i + 1} 'p{move.player + 1} {move}' is refused: {err}") from err
        except Exception as err:  # the engine tripped over the move: say which one
            raise SaveError(f"move {i + 1} 'p{move.player + 1} {move}' fails in the engine: "
                            f"{type(err).__name__}: {err}") from err
    return state


def with_moves(engine: Engine, game: SavedGame, moves: list[Move]) -> SavedGame:
    """The same game with another move list (e.g. one move more, or a few less)."""
    state = replay(engine, game.setup, moves)
    return SavedGame(game.setup, list(moves), state, engine.catalogue.content_hash())


def apply_move(engine: Engine, game: SavedGame, move: Move) -> SavedGame:
    """One move more; raises IllegalMoveError (the game is unchanged) if the rules refuse it."""
    state = engine.apply(game.state, move)
    return SavedGame(game.setup, game.moves + [move], state, game.content_hash)


# ------------------------------------------------------------------ files

def to_dict(game: SavedGame) -> dict:
    return {
        "format": FORMAT,
        "setup": _plain(dataclasses.asdict(game.setup)),
        "moves": [move_to_json(m) for m in game.moves],
        "state": _plain(game.state.to_dict()),
        "content": {"hash": game.content_hash},
    }


def dumps(game: SavedGame) -> str:
    return json.dumps(to_dict(game), indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def save(game: SavedGame, path: str | Path) -> None:
    """Write atomically: a temporary file in the same folder, then `os.replace`."""
    path = Path(path)
    text = dumps(game)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, _file_mode(path))
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _file_mode(path: Path) -> int:
    """The mode the saved file should have: the old file's, else what a new file gets (umask)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    """Where two JSON values first differ, as `path: a != b` (None if equal)."""
    if type(a) is not type(b):
        return f"{path}: {json.dumps(a)[:60]} != {json.dumps(b)[:60]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one"
            d = first_difference(a[key], b[key], f"{path}.{key}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {json.dumps(a)[:60]} != {json.dumps(b)[:60]}"


def from_dict(engine: Engine, data: Any, check_state: bool = True) -> SavedGame:
    """Validate a saved game's shape, replay its moves and compare with the stored state."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game (expected a JSON object)")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveError(f"not a saved game of format {FORMAT} (format: {json.dumps(fmt)})")
    for key in ("setup", "moves", "state", "content"):
        if key not in data:
            raise SaveError(f"the saved game has no '{key}'")
    if not isinstance(data["setup"], dict):
        raise SaveError("'setup' is not an object")
    names = {f.name for f in dataclasses.fields(Setup)}
    unknown = sorted(set(data["setup"]) - names)
    if unknown:
        raise SaveError(f"'setup' has unknown field '{unknown[0]}'")
    try:
        setup = Setup(**data["setup"])
    except TypeError as err:
        raise SaveError(f"'setup' is incomplete: {err}") from err
    if not isinstance(data["moves"], list):
        raise SaveError("'moves' is not a list")
    moves = [move_from_json(row, i) for i, row in enumerate(data["moves"])]
    content = data["content"] if isinstance(data["content"], dict) else {}
    stored_hash = content.get("hash", "")
    warnings = []
    if stored_hash != engine.catalogue.content_hash():
        warnings.append("the game was saved with other content (content hash differs); replayed with the current content")
    try:
        state = replay(engine, setup, moves)
    except SaveError:
        raise
    except Exception as err:  # a malformed set-up the engine trips over
        raise SaveError(f"the set-up cannot be played: {type(err).__name__}: {err}") from err
    if check_state:
        diff = first_difference(_plain(state.to_dict()), _plain(data["state"]))
        if diff:
            raise SaveError(f"the stored state differs from the replayed moves at {diff}")
    return SavedGame(state.setup, moves, state, engine.catalogue.content_hash(), warnings)


def load(engine: Engine, path: str | Path, check_state: bool = True) -> SavedGame:
    """Read, validate and replay a saved game; SaveError with a one-line reason otherwise."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path}: cannot be read ({err.__class__.__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        what = "truncated" if err.pos >= len(text.rstrip()) else "not valid JSON"
        raise SaveError(f"{path}: {what} (line {err.lineno}, column {err.colno}: {err.msg})") from None
    try:
        return from_dict(engine, data, check_state)
    except SaveError as err:
        raise SaveError(f"{path}: {err}") from None
