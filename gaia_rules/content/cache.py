"""A built catalogue kept on disk between processes, so that a command does not rebuild the content.

Building the catalogue (reading the YAML, the schema checks, parsing every effect)
costs most of a short command's time; unpickling the result costs about a fiftieth
of it. The file is keyed by everything the catalogue is built from: the bytes of
every content file (the bundled content, the schemas and each designer's --content
folder), the package's version, its code (each file's size and time of change) and the
Python version. A changed file gives a new key, so a cache is never stale; old files are left for the user
to clear. It lives in the user's cache folder (`$XDG_CACHE_HOME/gaia-rules`, else
`~/.cache/gaia-rules`), is written to a temporary file and renamed over the
target (two processes writing at once leave one whole file), and any failure to
read it (a corrupt, truncated or foreign file) is a miss: the catalogue is
rebuilt and the file written again. `GAIA_NO_CACHE=1` (or `gaia --no-cache`)
turns it off. The folder, the switch and the whole-or-nothing write are user_cache.py's, shared with the
dataclass methods compiled once.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from .. import __version__
from ..user_cache import OFF_VARIABLE, cache_dir, enabled, switch_off, write_whole  # noqa: F401 - one switch, both caches

T = TypeVar("T")

_CODE = Path(__file__).resolve().parents[1]  # the gaia_rules package


def _files(root: Path) -> list[tuple[str, str]]:
    """Every file under a folder (or the file itself), outside `__pycache__`: (path relative to it, full path),
    in a fixed order. os.scandir, whose entries know their type: os.walk with a stat and a relative path per
    file cost half of the key; as os.walk, a linked folder is not entered."""
    if root.is_file():
        return [(root.name, str(root))]
    found: list[tuple[str, str]] = []

    def walk(folder: str, prefix: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        walk(entry.path, prefix + entry.name + os.sep)
                elif entry.is_file():
                    found.append((prefix + entry.name, entry.path))

    walk(str(root), "")
    return sorted(found)


def key(roots: Iterable[Path]) -> str:
    """A digest of every byte the catalogue is built from (content, schemas) and of the package's code
    (each file's size and time of change)."""
    h = hashlib.sha256()
    h.update(f"{__version__}\0{sys.version_info[:2]}\0{pickle.HIGHEST_PROTOCOL}\0".encode())
    for name, full in _files(_CODE):  # the code by size and time of change: reading it all cost a twentieth of a command
        if name.endswith((".py", ".lark")):
            st = os.stat(full)
            h.update(f"{name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    for root in roots:
        for name, full in _files(root):
            h.update(name.encode() + b"\0")
            with open(full, "rb") as f:
                h.update(f.read())
            h.update(b"\0")
    return h.hexdigest()[:32]


def _read(path: Path, kind: type):
    try:
        with path.open("rb") as f:
            value = pickle.load(f)
    except Exception:  # noqa: BLE001 - any unreadable cache is a miss, rebuilt silently
        return None
    return value if isinstance(value, kind) else None


def _write(path: Path, value) -> None:
    write_whole(path, lambda f: pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL))


def cached(roots: Iterable[Path], kind: type, build: Callable[[], T | None]) -> T | None:
    """`build()`'s value for content at `roots`, from the cache when it holds one for these bytes.

    `build` returns None for content that must not be cached (content with problems).
    """
    if not enabled():
        return build()
    try:
        path = cache_dir() / f"catalogue-{key(list(roots))}.pickle"
    except OSError:  # a content file that cannot be read: the loader says so in its own words
        return build()
    value = _read(path, kind)
    if value is None:
        value = build()
        if value is not None:
            _write(path, value)
    return value
