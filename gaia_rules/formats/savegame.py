"""Saved games: a set-up and its moves, with the state they lead to.

The file is JSON:

    {"format": "gaia-rules/1",
     "setup": {...},                          # state.Setup as a dict
     "moves": [[player, command, args...]],   # player index from 0, as in rules.moves.Move
     "state": {...},                          # GameState.to_dict() after the moves
     "content": {"hash": "...",               # Catalogue.content_hash() of the content used
                 "files": {"KIND/ID": "sha256", ...},   # every content file (Catalogue.files)
                 "overlays": ["my-faction", ...]},     # the --content folders given (a hint)
     "start": {...}}                          # only a game begun at a position file: the state its moves follow

A game *is* its set-up plus its moves (or its starting position plus its moves): loading replays
the moves with the engine and checks that the result equals the stored state.
Saving writes a temporary file beside the target and moves it into place
(`os.replace`), so a crash or a refused move never leaves half a file; the
temporary files a killed process left behind are removed by the next save
(`clean_stale_temporaries`).

Two processes may hold the same file (`gaia play f.json` while `gaia move
f.json` runs). A loaded game remembers what it read (`SavedGame.origin`, a
`FileStamp`: the path and the sha256 of its bytes); `save` checks, just before
the replace and under a lock on the file, that the file still holds those
bytes, and raises `SaveConflict` otherwise, so one process never silently
drops the other's moves. After a save to its file the game's origin is what
was written.

A game is tied to the content it was made with. Loading it under other
content (another `--content` folder, an edited bundled file) is refused with
`ContentMismatch`, naming the components that were removed, changed or added
compared with the game's content; with `force=True` it is replayed under the
current content instead, with a warning (and a stored state that no longer
matches is a warning too, as the content changed the game).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import GaiaError
from ..rules import Engine, Move, MoveError
from ..setup import SetupError
from ..state import GameState, Setup
from .setup_shape import shape_problem

try:
    import fcntl
except ImportError:  # not on Windows: saves there go without the lock
    fcntl = None

FORMAT = "gaia-rules/1"


class SaveError(GaiaError, ValueError):
    """A saved game that cannot be read or does not replay to its stored state."""


class SaveWriteError(SaveError):
    """A saved game that cannot be written where asked (no such folder, a folder, no permission)."""


class SaveConflict(SaveError):
    """The file changed on disk since the game was loaded (another process saved it): not overwritten."""

    def __init__(self, message: str, path: str | Path = ""):
        super().__init__(message)
        self.path = Path(path)


class ContentMismatch(SaveError):
    """A saved game made with other content than the engine's (see `content_difference`)."""

    def __init__(self, message: str, removed=(), changed=(), added=()):
        super().__init__(message)
        self.removed, self.changed, self.added = list(removed), list(changed), list(added)


@dataclass(frozen=True)
class FileStamp:
    """What a file held when it was read or written: its path and the sha256 of its bytes.

    `digest` None means the file did not exist (so a save expecting it refuses
    to overwrite a file that appeared meanwhile).
    """

    path: str
    digest: str | None

    @classmethod
    def of_bytes(cls, path: str | Path, data: bytes | None) -> "FileStamp":
        return cls(_key(path), None if data is None else hashlib.sha256(data).hexdigest())

    @classmethod
    def missing(cls, path: str | Path) -> "FileStamp":
        """The stamp of no file: a save expecting it writes only if the file still does not exist."""
        return cls(_key(path), None)

    @classmethod
    def read(cls, path: str | Path) -> "FileStamp":
        """The stamp of the file as it is now (digest None when there is no file)."""
        try:
            return cls.of_bytes(path, Path(path).read_bytes())
        except (FileNotFoundError, NotADirectoryError):
            return cls(_key(path), None)


def _key(path: str | Path) -> str:
    """One spelling per file, so `f.json` and `./f.json` compare equal."""
    return os.path.abspath(os.fspath(path))


@dataclass
class SavedGame:
    """A saved game: its set-up, the moves played, the state they lead to and the content they were played with."""

    setup: Setup
    moves: list[Move] = field(default_factory=list)
    state: GameState | None = None
    content_hash: str = ""
    warnings: list[str] = field(default_factory=list)
    content_files: dict[str, str] = field(default_factory=dict)   # "kind/id" -> sha256
    overlays: list[str] = field(default_factory=list)             # the --content folders it was made with
    origin: FileStamp | None = None   # the file this game was loaded from or last saved to, as it was then
    start: GameState | None = None    # a game begun at a position (a position file): the state its moves follow


# ------------------------------------------------------------------ the content a game was made with

def content_files(catalogue) -> dict[str, str]:
    """Every file of a catalogue as "kind/id" -> sha256 (from `Catalogue.files`)."""
    return {f"{kind}/{ident}": digest for (kind, ident), (_, digest) in sorted(catalogue.files.items())}


def _component(key: str) -> str:
    kind, _, ident = key.partition("/")
    return f"{kind.replace('_', ' ')} '{ident}'"


def content_difference(stored: dict[str, str], current: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
    """(removed, changed, added): components of the stored content missing now, differing, or new."""
    removed = [k for k in stored if k not in current]
    changed = [k for k in stored if k in current and stored[k] != current[k]]
    added = [k for k in current if k not in stored]
    return sorted(removed), sorted(changed), sorted(added)


def _listing(keys: list[str], most: int = 6) -> str:
    shown = ", ".join(_component(k) for k in keys[:most])
    return shown + (f" and {len(keys) - most} more" if len(keys) > most else "")


def mismatch_message(stored: dict[str, str], current: dict[str, str], overlays: list[str] | None) -> ContentMismatch:
    removed, changed, added = content_difference(stored, current) if stored else ([], [], [])
    parts = []
    if removed:
        parts.append("removed " + _listing(removed))
    if changed:
        parts.append("changed " + _listing(changed))
    if added:
        parts.append("added " + _listing(added))
    what = ("compared with it, this content has " + ", ".join(parts)) if parts else "the content hash differs"
    if overlays is None:  # an older file: not recorded
        made = ""
    elif overlays:
        made = " It was made with " + " ".join(f"--content {o}" for o in overlays) + "."
    else:
        made = " It was made with the bundled content alone."
    return ContentMismatch(f"the game was made with other content; {what}.{made} "
                           f"Give the same --content folders, or --force to replay it under this content",
                           removed, changed, added)


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

def new_game(engine: Engine, setup: Setup, overlays=()) -> SavedGame:
    """A game with no moves yet, recording the engine's content (and the --content folders, as a hint)."""
    state = engine.new_game(setup)
    return SavedGame(state.setup, [], state, engine.catalogue.content_hash(),
                     content_files=content_files(engine.catalogue), overlays=[str(o) for o in overlays])


def from_position(engine: Engine, start: GameState, overlays=()) -> SavedGame:
    """A game begun at a position (`formats/position.py`): its moves follow that state, not the set-up's."""
    game = new_game(engine, start.setup, overlays)
    game.state, game.start = start, GameState.from_dict(start.to_dict())
    return game


def replay(engine: Engine, setup: Setup, moves: list[Move], start: GameState | None = None) -> GameState:
    """The state after `moves` from `setup` (or from the position `start`); raises SaveError naming the
    first refused move."""
    try:
        state = engine.new_game(dataclasses.replace(setup)) if start is None else start.clone()
    except SetupError as err:
        raise SaveError(f"the set-up is refused: {err}") from err
    for i, move in enumerate(moves):
        try:
            engine.apply_in_place(state, move)
        except MoveError as err:
            raise SaveError(f"move {i + 1} 'p{move.player + 1} {move}' is refused: {err}") from err
        except Exception as err:  # the engine tripped over the move: say which one
            raise SaveError(f"move {i + 1} 'p{move.player + 1} {move}' fails in the engine: "
                            f"{type(err).__name__}: {err}") from err
    return state


def with_moves(engine: Engine, game: SavedGame, moves: list[Move]) -> SavedGame:
    """The same game with another move list (e.g. one move more, or a few less)."""
    state = replay(engine, game.setup, moves, game.start)
    return SavedGame(game.setup, list(moves), state, engine.catalogue.content_hash(),
                     content_files=content_files(engine.catalogue), overlays=list(game.overlays),
                     origin=game.origin, start=game.start)


def apply_move(engine: Engine, game: SavedGame, move: Move) -> SavedGame:
    """One move more; raises a `MoveError` (the game is unchanged) if the move is refused."""
    state = engine.apply(game.state, move)
    return SavedGame(game.setup, game.moves + [move], state, game.content_hash,
                     content_files=dict(game.content_files), overlays=list(game.overlays), origin=game.origin,
                     start=game.start)


# ------------------------------------------------------------------ files

def to_dict(game: SavedGame) -> dict:
    out = {
        "format": FORMAT,
        "setup": _plain(game.setup.to_dict()),
        "moves": [move_to_json(m) for m in game.moves],
        "state": _plain(game.state.to_dict()),
        "content": {"hash": game.content_hash, "files": dict(game.content_files), "overlays": list(game.overlays)},
    }
    if game.start is not None:  # only a game begun at a position has one: other saves stay as they were
        out["start"] = _plain(game.start.to_dict())
    return out


def dumps(game: SavedGame) -> str:
    return json.dumps(to_dict(game), indent=1, sort_keys=False, ensure_ascii=False) + "\n"


FROM_GAME = object()   # save()'s default expectation: the game's own origin, when it is this file
STALE_AFTER_S = 60       # a temporary file this old is a leftover, whoever made it


def save(game: SavedGame, path: str | Path, expect: FileStamp | None | object = FROM_GAME) -> FileStamp:
    """Write atomically (a temporary file in the same folder, then `os.replace`); the new stamp.

    `expect` is what the file must still hold, else `SaveConflict` and nothing
    is written: by default the game's `origin` when it names this file (a game
    loaded from `path` is not written over another process's save), a
    `FileStamp` to say it yourself (`FileStamp.missing(path)`: the file must not
    exist), or None to overwrite whatever is there. A path that cannot be
    written raises `SaveWriteError` with a one-line reason. On success, when
    `path` is the game's file (or it had none yet), `game.origin` becomes the
    stamp of what was written; a copy saved elsewhere leaves the game tied to
    its own file, whose next save is still checked.
    """
    path = Path(path)
    if expect is FROM_GAME:
        expect = game.origin if game.origin is not None and game.origin.path == _key(path) else None
    data = dumps(game).encode("utf-8")
    folder = path.parent if str(path.parent) else Path(".")
    _check_target(path, folder)
    clean_stale_temporaries(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise SaveWriteError(f"cannot write {path}: {_reason(err)}") from None
    try:
        os.chmod(tmp, _file_mode(path))
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        with _locked(path):
            if expect is not None:
                _check_unchanged(path, expect)
            os.replace(tmp, path)
    except BaseException as err:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise SaveWriteError(f"cannot write {path}: {_reason(err)}") from None
        raise
    stamp = FileStamp.of_bytes(path, data)
    if game.origin is None or game.origin.path == stamp.path:  # a copy elsewhere leaves the game tied to its file
        game.origin = stamp
    return stamp


def _check_target(path: Path, folder: Path) -> None:
    """The usual reasons a save cannot happen, as one line, before anything is written."""
    if path.is_dir():
        raise SaveWriteError(f"cannot write {path}: it is a folder")
    if not folder.exists():
        raise SaveWriteError(f"cannot write {path}: no such folder '{folder}'")
    if not folder.is_dir():
        raise SaveWriteError(f"cannot write {path}: '{folder}' is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaveWriteError(f"cannot write {path}: permission denied (folder '{folder}')")


def _reason(err: OSError) -> str:
    if isinstance(err, IsADirectoryError):
        return "it is a folder"
    if isinstance(err, PermissionError):
        return "permission denied"
    if isinstance(err, FileNotFoundError):
        return "no such folder"
    return (err.strerror or type(err).__name__).lower()


def _check_unchanged(path: Path, expect: FileStamp) -> None:
    now = FileStamp.read(path)
    if now.digest == expect.digest:
        return
    if expect.digest is None:
        raise SaveConflict(f"{path} was created by someone else meanwhile; not overwritten", path)
    if now.digest is None:
        raise SaveConflict(f"{path} was removed since it was loaded; not written", path)
    raise SaveConflict(f"{path} changed since it was loaded (another gaia process?)", path)


class _locked:
    """An exclusive lock on the file being replaced, so check-then-replace is one step for gaia processes.

    The lock is on the old file itself (no lock file is left behind): a process
    that waited for it then finds the path holding the new bytes, and refuses.
    Where locks are not available (or there is no file yet) it does nothing.
    """

    def __init__(self, path: Path):
        self.path, self.handle = path, None

    def __enter__(self):
        if fcntl is None:
            return self
        try:
            self.handle = open(self.path, "rb")
            fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX)
        except OSError:
            if self.handle is not None:
                self.handle.close()
            self.handle = None
        return self

    def __exit__(self, *exc) -> None:
        if self.handle is not None:
            self.handle.close()   # closing releases the lock


def clean_stale_temporaries(path: str | Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files of earlier saves of `path` that were never finished; the ones removed.

    A save writes `.NAME.PID.RANDOM.tmp`; one is stale when it is older than
    `STALE_AFTER_S` seconds or the process that wrote it is gone (a `kill -9`
    in the middle of a save). Other files are never touched.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    now = time.time() if now is None else now
    removed = []
    try:
        candidates = list(folder.glob(f".{_glob_escape(path.name)}.*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        if _is_stale(tmp, path.name, now):
            try:
                tmp.unlink()
                removed.append(tmp)
            except OSError:
                pass
    return removed


def _glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def _is_stale(tmp: Path, name: str, now: float) -> bool:
    try:
        if now - tmp.stat().st_mtime > STALE_AFTER_S:
            return True
    except OSError:
        return False
    middle = tmp.name[len(name) + 2:-len(".tmp")]
    pid_text = middle.split(".", 1)[0]
    if not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False
    return not _alive(int(pid_text))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


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


def from_dict(engine: Engine, data: Any, check_state: bool = True, force: bool = False, overlays=()) -> SavedGame:
    """Validate a saved game's shape, check its content, replay its moves and compare with the stored state.

    Content other than the game's raises `ContentMismatch`, unless `force`: then
    the game is replayed under the engine's content with a warning. `overlays`
    are the --content folders of the engine, recorded in the returned game.
    """
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
    problem = shape_problem(data["setup"], engine.catalogue.sectors)
    if problem is not None:
        raise SaveError(problem)
    try:
        setup = Setup(**data["setup"])
    except TypeError as err:
        raise SaveError(f"'setup' is incomplete: {err}") from err
    if not isinstance(data["moves"], list):
        raise SaveError("'moves' is not a list")
    moves = [move_from_json(row, i) for i, row in enumerate(data["moves"])]
    content = data["content"] if isinstance(data["content"], dict) else {}
    stored_hash = content.get("hash", "")
    stored_files = content.get("files") if isinstance(content.get("files"), dict) else {}
    stored_overlays = [str(o) for o in content["overlays"]] if isinstance(content.get("overlays"), list) else None
    current_hash = engine.catalogue.content_hash()
    warnings = []
    other_content = stored_hash != current_hash
    if other_content:
        mismatch = mismatch_message(stored_files, content_files(engine.catalogue), stored_overlays)
        if not force:
            raise mismatch
        warnings.append(str(mismatch).split(" Give the same")[0] + " Replayed under this content (--force).")
    start = _start(data.get("start"))
    try:
        state = replay(engine, setup, moves, start)
    except SaveError:
        raise
    except Exception as err:  # a malformed set-up the engine trips over
        raise SaveError(f"the set-up cannot be played: {type(err).__name__}: {err}") from err
    if check_state:
        stored_state = _plain(data["state"])
        if other_content and isinstance(stored_state, dict) and isinstance(stored_state.get("setup"), dict):
            stored_state["setup"]["content_hash"] = current_hash  # the one field that must differ
        diff = first_difference(_plain(state.to_dict()), stored_state)
        if diff and other_content:
            warnings.append(f"under this content the game differs from the stored game at {diff} (replayed != stored)")
        elif diff:
            raise SaveError(f"the stored state differs from the replayed moves at {diff}")
    return SavedGame(state.setup, moves, state, current_hash, warnings,
                     content_files=content_files(engine.catalogue), overlays=[str(o) for o in overlays], start=start)


def _start(data: Any) -> GameState | None:
    """The position a game began at (None: it began at its set-up)."""
    if data is None:
        return None
    try:
        return GameState.from_dict(data)
    except (TypeError, KeyError, AttributeError, ValueError) as err:
        raise SaveError(f"'start' is not a game state: {type(err).__name__}: {err}") from err


def load(engine: Engine, path: str | Path, check_state: bool = True, force: bool = False, overlays=()) -> SavedGame:
    """Read, validate and replay a saved game; SaveError with a one-line reason otherwise.

    The game remembers what it read (`origin`), so that `save` refuses to
    write over a file another process changed meanwhile.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a saved game") from None
    except PermissionError:
        raise SaveError(f"{path}: cannot be read: permission denied") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path}: cannot be read ({err.__class__.__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        what = "truncated" if err.pos >= len(text.rstrip()) else "not valid JSON"
        raise SaveError(f"{path}: {what} (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a saved game (its JSON is nested too deeply to read)") from None
    try:
        game = from_dict(engine, data, check_state, force, overlays)
    except ContentMismatch as err:
        raise ContentMismatch(f"{path}: {err}", err.removed, err.changed, err.added) from None
    except SaveError as err:
        raise SaveError(f"{path}: {err}") from None
    except RecursionError:
        raise SaveError(f"{path}: not a saved game (its JSON is nested too deeply)") from None
    game.origin = FileStamp.of_bytes(path, raw)
    return game
