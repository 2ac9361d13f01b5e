"""The user's cache folder, its off switch, and dataclass methods compiled once instead of in every process.

The `gaia` program keeps two things between processes in `$XDG_CACHE_HOME/gaia-rules` (else
`~/.cache/gaia-rules`): the built catalogue (content/cache.py) and, here, the code of the methods
Python's dataclasses generate. A dataclass writes its `__init__`, `__repr__`, `__eq__`, `__hash__`
and frozen `__setattr__`/`__delattr__` as source text and compiles it when the class is created;
for the ~90 classes a command on a saved game creates, that compiling is about a third of what the
command costs beyond importing typer and rich. The same text always compiles to the same code, so
`compile_once()` keeps the code objects in a marshal file (as Python keeps `.pyc` files), keyed by
the text itself and by the interpreter's exact version: a class whose fields change has new text and
is compiled anew, and no stale entry can be used. The dataclasses module is not changed otherwise:
its `exec` of the text becomes an `exec` of the code compiled from that text.

The command line turns this on (faces/cli.py, before typer, rich or a layer creates a class; other
library use compiles as Python does); a missing, corrupt or foreign file is a miss; the file is written at exit when something was compiled, to a temporary file
renamed over the old one. `GAIA_NO_CACHE=1` turns both caches off; `gaia --no-cache` is parsed after
the classes exist, so it stops only the writing.
"""
from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, Callable

OFF_VARIABLE = "GAIA_NO_CACHE"
MAX_METHODS = 2000  # beyond this many kept (~2 MB), keep only those this process used: old code's texts drop out

_switched_off = False  # `gaia --no-cache`, for this process


def switch_off(off: bool = True) -> None:
    global _switched_off
    _switched_off = off


def enabled() -> bool:
    return not _switched_off and os.environ.get(OFF_VARIABLE, "").strip().lower() not in ("1", "true", "yes")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base else Path.home() / ".cache") / "gaia-rules"


def methods_path() -> Path:
    """One file per interpreter version: code objects are only valid for the bytecode they were made by."""
    return cache_dir() / f"methods-{sys.implementation.cache_tag}-{sys.hexversion:x}.marshal"


class _Methods:
    """Dataclass method texts and their compiled code (marshalled: a process unpacks only the ones it uses),
    read once, consulted by every class, written at exit."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.code = self._read(path)
        self.used: set[str] = set()
        self.compiled = 0  # texts compiled in this process (misses)

    @staticmethod
    def _read(path: Path) -> dict[str, bytes]:
        try:
            with open(path, "rb") as f:
                code = marshal.load(f)
        except Exception:  # noqa: BLE001 - a missing, corrupt or foreign file is a miss
            return {}
        if not isinstance(code, dict):
            return {}
        return {k: v for k, v in code.items() if isinstance(k, str) and isinstance(v, bytes)}

    def _code(self, source: str):
        packed = self.code.get(source)
        if packed is not None:
            try:
                code = marshal.loads(packed)
                if type(code) is _CODE_TYPE:
                    return code
            except Exception:  # noqa: BLE001 - a damaged entry is a miss
                pass
        # dont_inherit: compiled with no __future__ flags, as dataclasses' own exec compiles the text
        code = compile(source, "<string>", "exec", dont_inherit=True)
        self.code[source] = marshal.dumps(code)
        self.compiled += 1
        return code

    def exec(self, source, globals=None, locals=None):
        """dataclasses' `exec(text, globals, ns)`, with the text's code compiled at most once per installation."""
        if not isinstance(source, str):
            return builtins.exec(source, globals, locals)
        self.used.add(source)
        return builtins.exec(self._code(source), globals, locals)

    def write(self) -> None:
        """Keep what was compiled here for the next process (nothing to do after a process that only read)."""
        if not self.compiled or not enabled():
            return
        keep = self.code
        if len(keep) > MAX_METHODS:
            keep = {k: v for k, v in keep.items() if k in self.used}
        write_whole(self.path, lambda f: marshal.dump(keep, f))


def write_whole(path: Path, dump: Callable[[BinaryIO], None]) -> None:
    """Write a cache file whole or not at all: to a temporary file renamed over the target (two processes
    writing at once leave one whole file); a cache that cannot be written (read-only home, full disk) is none."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                dump(f)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:  # noqa: BLE001 - no cache is a slower command, never a failed one
        pass


_CODE_TYPE = type(compile("", "<string>", "exec"))
_installed: _Methods | None = None


def compile_once() -> _Methods | None:
    """From here on, dataclasses compile each method text once per installation (idempotent; off: None)."""
    global _installed
    if _installed is None and enabled():
        _installed = _Methods(methods_path())
        dataclasses.exec = _installed.exec  # a module global is found before the builtin of that name
        atexit.register(_installed.write)
    return _installed
