"""Which files of a content folder are content, decided without parsing them.

A folder given as content may sit inside a project with YAML files of its own, be nested very
deep, hold millions of entries or change while it is read (as /proc does). The walk here is a
loop over a stack (no recursion, so no depth limit), skips every entry that cannot be read or
vanished, does not follow links to folders, and stops after `most_entries` entries. A file is
judged from its first `HEAD_LINES` lines: a content file names its kind there at the top level
(`kind: WORD` or `patch: ID`), so a folder of large unrelated files costs a few kilobytes each.
Each YAML file passed over keeps the reason, with a "did you mean" when a top-level key is a
near-miss of `kind` or `patch` (a misspelt key would otherwise drop the file silently).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .spelling import did_you_mean

HEAD_LINES = 64
"""Lines of a file read to judge whether it is content (the bundled files name their kind within 10)."""
HEAD_BYTES = 16_384
"""At most this much of a file is read to judge it (64 lines of 256 characters)."""
NEAR_MISS = 0.75
"""How close a top-level key must be to `kind` or `patch` to be named as a near-miss (`knd`, `path`, not `id`)."""
TOP_WORDS = ("kind", "patch")
TEST_SUFFIX = ".test.yaml"
"""A designer's test file (`gaia test`, formats/testfile.py), kept beside the content it tests."""
POSITION_SUFFIX = ".position.yaml"
"""A designer's position file (`gaia new --position`, formats/position.py), kept beside the content."""

_TOP_KEY = re.compile(rb"^['\"]?([A-Za-z_][A-Za-z0-9_-]*)['\"]?[ \t]*:(.*)$", re.M)


@dataclass
class Passed:
    """A YAML file of a folder that is not read as content, and why (in a designer's words)."""

    path: Path
    why: str
    near_miss: bool = False   # a top-level key close to `kind` or `patch`: most likely a mistake


@dataclass
class Found:
    """The files of one content folder that can be content, in order, and the YAML files passed over."""

    files: list[Path]
    passed: list[Passed] = field(default_factory=list)
    too_many: str | None = None   # what the folder holds too many of ("YAML files", ...): nothing is read

    @property
    def skipped(self) -> int:
        return len(self.passed)


def why_not_content(head: bytes, kinds: Iterable[str]) -> tuple[str | None, bool]:
    """(None, False) when the first lines of a file can be content; else (why not, whether a near-miss).

    A file can be content with a top-level `patch:` line, or `kind: WORD` where WORD is a kind or close
    to one (a misspelt kind is read, to be reported with a "did you mean")."""
    kinds = list(kinds)
    other_kind = near = None
    for m in _TOP_KEY.finditer(head):
        key = m.group(1).decode("utf-8", "replace")
        if key == "patch":
            return None, False
        if key == "kind":
            word = m.group(2).split(b"#")[0].strip().strip(b"'\"[]{} ").decode("utf-8", "replace")
            if word in kinds or did_you_mean(word, kinds):
                return None, False
            other_kind = other_kind or word
        elif near is None and did_you_mean(key.lower(), TOP_WORDS, NEAR_MISS):
            near = key
    if near is not None:
        return f"its top-level key '{near}:' is neither 'kind:' nor 'patch:'{did_you_mean(near.lower(), TOP_WORDS)}", True
    if other_kind is not None:
        return f"its kind '{other_kind}' is not a content kind", False
    return f"no top-level 'kind:' or 'patch:' in its first {HEAD_LINES} lines", False


def head_of(path: Path) -> bytes:
    """The first HEAD_LINES lines of a file (at most HEAD_BYTES)."""
    with path.open("rb") as f:
        raw = f.read(HEAD_BYTES)
    return b"\n".join(raw.split(b"\n", HEAD_LINES)[:HEAD_LINES])


def is_designer_file(path: Path) -> bool:
    """A test or position file: read by `gaia test` and `gaia validate`, never as content."""
    return path.name.endswith((TEST_SUFFIX, POSITION_SUFFIX))


def find_content(root: Path, kinds: Iterable[str], most_files: int, most_entries: int) -> Found:
    """The files of `root` to read as content: a file named is read whatever it holds; in a folder,
    the `*.yaml`/`*.yml` files at any depth whose first lines can be content."""
    if root.is_file():
        return Found([root])
    yaml_files, too_many = _walk(root, most_files, most_entries)
    if too_many:
        return Found([], too_many=too_many)
    kinds = list(kinds)
    found = Found([])
    for path in sorted(yaml_files):
        if is_designer_file(path):
            continue   # read by gaia test and gaia validate, neither content nor passed over
        try:
            why, near = why_not_content(head_of(path), kinds)
        except OSError:
            continue   # gone or unreadable since the walk: not content to read
        if why is None:
            found.files.append(path)
        else:
            found.passed.append(Passed(path, why, near))
    return found


def designer_files_below(root: Path, suffixes: tuple[str, ...], most_entries: int) -> list[Path]:
    """The files below `root` whose names end in one of `suffixes`, in name order: the same walk as content's
    (no recursion, vanished or unreadable folders skipped), so a deep or changing folder never ends in an error."""
    files, _ = _walk(root, most_entries, most_entries)
    return sorted(p for p in files if p.name.endswith(suffixes))


def _walk(root: Path, most_files: int, most_entries: int) -> tuple[list[Path], str | None]:
    """The YAML files below `root`, or what there are too many of; unreadable or vanished entries are skipped."""
    files: list[Path] = []
    stack, seen = [str(root)], 0
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > most_entries:
                return [], f"{most_entries} files and folders"
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                elif entry.name.endswith((".yaml", ".yml")) and entry.is_file():
                    files.append(Path(entry.path))
                    if len(files) > most_files:
                        return [], f"{most_files} YAML files"
            except OSError:
                continue
    return files, None
