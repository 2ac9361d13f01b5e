"""The results file: one JSON object per line and per game, append-only, safe against a kill.

Every line carries the run's arguments (`RUN_FIELDS`: content hash, players,
bot, seed, options, faction pool) beside the game's own numbers, so a line
means the same thing alone and a rerun with other arguments is refused. It
also names the `--content` folders as given (`content_folders`, a label for
the report: the hash says what the content was, so the same content reached
by another path is the same run; files from before it was recorded lack it
and still read).
A line is written whole, flushed and fsynced before the next game is
counted; a last line cut short by a kill (no newline, or not JSON) is
dropped and cut off the file on the next run. Any other bad line is an error
naming `file:line`.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from . import LabError

RUN_FIELDS = ("content", "players", "bot", "seed", "options", "pool")
GAME_FIELDS = ("index", "setup_seed", "factions", "vp", "sources", "winners", "moves")


@dataclass
class ResultsFile:
    """The games read from a results file, in file order; `good_bytes` ends the last whole line."""

    path: Path
    records: list[dict] = field(default_factory=list)
    good_bytes: int = 0
    torn: bool = False

    def indices(self) -> set[int]:
        return {r["index"] for r in self.records}

    def run(self) -> dict | None:
        return run_of(self.records[0]) if self.records else None


def run_of(record: dict) -> dict:
    return {k: record.get(k) for k in RUN_FIELDS}


def dumps(record: dict) -> str:
    """One line: keys sorted, no spaces, so the same game gives the same text."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def read_results(path: Path) -> ResultsFile:
    """Parse a results file; raises LabError (`file:line: why`) on a bad line other than a torn last one."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise LabError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise LabError(f"{path}: is a folder, not a results file") from None
    except OSError as err:
        raise LabError(f"{path}: cannot read: {err.strerror or err}") from None
    out = ResultsFile(Path(path))
    seen: dict[int, int] = {}
    start, lineno = 0, 0
    while start < len(data):
        end = data.find(b"\n", start)
        last = end == -1
        line = data[start:] if last else data[start:end]
        lineno += 1
        if last:  # no newline: the kill came while this line was written; it is not a game yet
            out.torn = True
            break
        record = _parse(line)
        if isinstance(record, str):
            raise LabError(f"{path}:{lineno}: {record}")
        problem = _check(record)
        if problem:
            raise LabError(f"{path}:{lineno}: {problem}")
        if record["index"] in seen:
            raise LabError(f"{path}:{lineno}: game {record['index']} is already on line {seen[record['index']]}")
        seen[record["index"]] = lineno
        out.records.append(record)
        start = end + 1
        out.good_bytes = start
    return out


def _parse(line: bytes) -> dict | str:
    if not line.strip():
        return "an empty line"
    try:
        value = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        return f"not JSON ({err.msg if hasattr(err, 'msg') else err})"
    if not isinstance(value, dict):
        return "not a JSON object"
    return value


def _check(record: dict) -> str | None:
    missing = [k for k in RUN_FIELDS + ("index",) if k not in record]
    if missing:
        return f"not a game of `gaia simulate` (no '{missing[0]}')"
    if not isinstance(record["index"], int) or record["index"] < 0:
        return "'index' is not a game number"
    if "error" in record:
        return None
    missing = [k for k in GAME_FIELDS if k not in record]
    if missing:
        return f"game {record['index']} has no '{missing[0]}'"
    n = record["players"] + (1 if record.get("automa") else 0)   # a solo game: the Automa's seat too
    if not (len(record["factions"]) == len(record["vp"]) == len(record["sources"]) == n):
        return f"game {record['index']} does not have {n} factions, VP and sources"
    return None


def check_one_run(results: ResultsFile) -> None:
    """Every line of the file from one run (a file `gaia simulate` wrote always is); LabError naming the line."""
    first = results.run()
    for lineno, record in enumerate(results.records, 1):
        if run_of(record) != first:
            raise LabError(f"{results.path}:{lineno}: a game of another run than line 1 "
                           f"({describe_difference(first, run_of(record), 'on line 1', 'here')})")


def describe_difference(old: dict, new: dict, here: str = "here", now: str = "now") -> str:
    """The first argument that differs between two runs, in words."""
    for k in RUN_FIELDS:
        if old.get(k) != new.get(k):
            a, b = old.get(k), new.get(k)
            if k == "content":
                return f"content hash {str(a)[:12]} {here}, {str(b)[:12]} {now}"
            return f"{k} {json.dumps(a)} {here}, {json.dumps(b)} {now}"
    return "nothing"


class Appender:
    """Appends whole lines to a results file: cuts off a torn last line first, fsyncs every line."""

    def __init__(self, path: Path, existing: ResultsFile | None):
        self.path = Path(path)
        try:
            self.fh = open(self.path, "ab")
            if existing is not None and existing.torn:
                self.fh.truncate(existing.good_bytes)
        except OSError as err:
            raise LabError(f"{path}: cannot write: {err.strerror or err}") from None

    def write(self, records: Iterable[dict]) -> None:
        for record in records:
            self.fh.write((dumps(record) + "\n").encode())
            self.fh.flush()
            os.fsync(self.fh.fileno())

    def close(self) -> None:
        self.fh.close()

    def __enter__(self) -> "Appender":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
