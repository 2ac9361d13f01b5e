"""A designer's test file: in a position, after some moves, exactly this holds (`gaia test`).

A YAML mapping (schema: `schemas/setup/test.schema.json`, docs/designing.md "Testing a design"):
`content` (folders relative to the file; default its own folder), `position` (a position file's
path or a position written inline), `moves` (each one command as `gaia move` takes it) and
`expect` (exact changes by seat, a refusal's rule code, events fired or not). Designers keep
them beside their content as `NAME.test.yaml` (the content loader passes them over).

This module reads and checks a test file (`read_test`); `testrun.py` runs it. A file that cannot
be run is a `TestFileError` pointing at its line; a test that runs and differs is an outcome.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import GaiaError
from ..content.folders import designer_files_below
from ..content.loader import MOST_ENTRIES, POSITION_SUFFIX, TEST_SUFFIX
from ..content.spelling import did_you_mean
from ..content.yamlsrc import Diagnostic, Located, load_yaml
from ..language.vocabulary import EVENTS
from .position import PositionFile, located_position, read_position, schema_problems

SCHEMA_FILE = Path("setup") / "test.schema.json"
SEAT_PARTS = ("resources", "vp", "power", "research", "pieces", "tiles", "federation_tokens")
EVENT_PARTS = ("fired", "not_fired")


class TestFileError(GaiaError, ValueError):
    """A test file that cannot be run: its problems at their lines (the first is the message)."""

    __test__ = False  # not a pytest class (its name starts with Test)

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        more = len(diagnostics) - 1
        super().__init__(f"{diagnostics[0]}" + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else ""))


@dataclass
class EventSpec:
    """One entry of `fired`/`not_fired`: `[SEAT] EVENT [TAG...]`."""

    seat: str | None
    name: str
    tags: tuple[str, ...]
    path: tuple


@dataclass
class TestFile:
    """A test file as read: where it is, its content folders, its position, its moves and expectations."""

    __test__ = False

    path: Path
    src: Located
    content: list[Path]
    position: PositionFile
    moves: list[str]
    expect: dict[str, Any]
    events: dict[str, list[EventSpec]] = field(default_factory=dict)

    @property
    def description(self) -> str:
        return str(self.src.data.get("description", "")).strip().splitlines()[0] if self.src.data.get("description") else ""

    def diag(self, path: tuple, message: str) -> Diagnostic:
        return self.src.diag(path, message)

    def line(self, path: tuple) -> int:
        return self.src.where(path)[0]


def find_tests(paths: list[Path]) -> list[Path]:
    """The test files of each path: a file as given, a folder's `*.test.yaml` at any depth, in name order."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out += designer_files_below(path, (TEST_SUFFIX,), MOST_ENTRIES)
        else:
            out.append(path)
    return out


def designer_files(paths: list[Path]) -> list[Path]:
    """The test and position files of each path (a file as given when it is named so), in name order."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out += designer_files_below(path, (TEST_SUFFIX, POSITION_SUFFIX), MOST_ENTRIES)
        elif path.name.endswith((TEST_SUFFIX, POSITION_SUFFIX)):
            out.append(path)
    return out


def read_test(path: Path | str, display: str | None = None) -> TestFile:
    """Read and check a test file (its schema, its position's, its event names); `TestFileError` otherwise."""
    path = Path(path)
    src, problems = load_yaml(path, display or str(path))
    if src is None:
        raise TestFileError(problems)
    if not isinstance(src.data, dict):
        raise TestFileError([src.diag((), "expected a mapping of test fields (content, position, moves, expect)")])
    problems = schema_problems(src, SCHEMA_FILE, "test file")
    if problems:
        raise TestFileError(problems)
    data = src.data
    folder = path.parent
    content = [folder / c for c in data.get("content", ["."])]
    for i, c in enumerate(content):
        if not c.exists():
            problems.append(src.diag(("content", i) if "content" in data else (), f"no such content folder: {c}"))
    position = _position(src, folder, problems)
    test = TestFile(path, src, content, position, list(data["moves"]), dict(data["expect"]))
    test.events = {part: _events(test, part, problems) for part in EVENT_PARTS if part in test.expect}
    if problems:
        raise TestFileError(problems)
    return test


def _position(src: Located, folder: Path, problems: list[Diagnostic]) -> PositionFile | None:
    given = src.data["position"]
    if isinstance(given, str):
        target = folder / given
        if not target.is_file():
            problems.append(src.diag(("position",), f"no such position file: {target}"))
            return None
        pos, found = read_position(target)
    else:
        pos, found = located_position(src, ("position",), folder)
    problems.extend(found)
    return pos


def _events(test: TestFile, part: str, problems: list[Diagnostic]) -> list[EventSpec]:
    out = []
    for i, text in enumerate(test.expect[part]):
        words = text.split()
        seat = words.pop(0) if len(words) > 1 and words[0] not in EVENTS else None
        if not words or words[0] not in EVENTS:
            name = words[0] if words else ""
            problems.append(test.diag(("expect", part, i), f"unknown event '{name}'{did_you_mean(name, EVENTS)} "
                                                           f"(events: {', '.join(EVENTS)})"))
            continue
        out.append(EventSpec(seat, words[0], tuple(words[1:]), ("expect", part, i)))
    return out
