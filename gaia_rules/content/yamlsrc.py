"""Read YAML while remembering where every value came from.

Designers need "file:line:col" for every mistake, and PyYAML's plain loaders
forget positions and silently keep the last of two duplicate keys. We compose
the node tree ourselves, convert it to plain Python data and keep a map from
each value's path (a tuple of keys and indexes) to its 1-based line and column,
and another from each mapping key's path to where the key itself is written
(so "unknown key" points at the key, not at its value).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.reader import ReaderError

from .diagnostic import Diagnostic

Path_ = tuple  # a path into the data: keys and list indexes


@dataclass
class Located:
    """Plain data from one YAML file plus the position of every value in it."""

    file: str
    data: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    styles: dict[Path_, str | None] = field(default_factory=dict)

    def where(self, path: Path_) -> tuple[int, int]:
        """The line and column of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path not in self.positions and path:
            path = path[:-1]
        return self.positions.get(path, (1, 1))

    def diag(self, path: Path_, message: str, offset: int = 0) -> Diagnostic:
        line, col = self.where(path)
        return Diagnostic(self.file, line, col + offset, message)

    def diag_key(self, path: Path_, message: str) -> Diagnostic:
        """A problem with the mapping key at the end of `path` (rather than with its value)."""
        path = tuple(path)
        if path in self.key_positions:
            line, col = self.key_positions[path]
            return Diagnostic(self.file, line, col, message)
        return self.diag(path, message)

    def string_offset(self, path: Path_) -> int:
        """Columns between a scalar's start and its text (1 for a quoted string)."""
        return 1 if self.styles.get(tuple(path)) in ("'", '"') else 0


class _Duplicate(Exception):
    def __init__(self, key: str, mark, first_line: int):
        self.key, self.mark, self.first_line = key, mark, first_line


class _Refused(Exception):
    """YAML that reads but that content may not use, at a place."""

    def __init__(self, mark, message: str):
        self.mark, self.message = mark, message


MOST_VALUES = 100_000
"""Values one file may hold once aliases are expanded (content files hold a few hundred):
a few nested aliases can otherwise stand for billions."""
MERGE_TAG = "tag:yaml.org,2002:merge"


def _convert(node: yaml.Node, path: Path_, out: Located) -> Any:
    out.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if len(out.positions) > MOST_VALUES:
        raise _Refused(node.start_mark, f"more than {MOST_VALUES} values once aliases are expanded")
    if isinstance(node, yaml.MappingNode):
        result: dict = {}
        seen: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == MERGE_TAG:
                raise _Refused(key_node.start_mark, "merge keys ('<<') are not supported; write the keys out")
            if not isinstance(key_node, yaml.ScalarNode):
                raise _Refused(key_node.start_mark, "a key must be a plain word or number, not a list or mapping")
            key = yaml.SafeLoader.construct_object(_constructor(), key_node, deep=True)
            if key in seen:
                raise _Duplicate(str(key), key_node.start_mark, seen[key])
            seen[key] = key_node.start_mark.line + 1
            out.key_positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = _convert(value_node, path + (key,), out)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), out) for i, item in enumerate(node.value)]
    out.styles[path] = node.style
    return _constructor().construct_object(node, deep=True)


_CONSTRUCTOR: yaml.SafeLoader | None = None


def _constructor() -> yaml.SafeLoader:
    global _CONSTRUCTOR
    if _CONSTRUCTOR is None:
        _CONSTRUCTOR = yaml.SafeLoader("")
    return _CONSTRUCTOR


def load_yaml(path: Path | str, display: str | None = None) -> tuple[Located | None, list[Diagnostic]]:
    """Load one YAML file. Returns the data (or None) and the problems found."""
    name = display or str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        return None, [Diagnostic(name, 1, 1, f"cannot read file: {err}")]
    try:
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        return None, [Diagnostic(name, line, column, f"not UTF-8 text: byte 0x{raw[err.start]:02x} ({err.reason})")]
    return load_yaml_text(text, name)


def _place(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character of `text`."""
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


# libyaml's parser, when PyYAML was built with it, composes the same nodes with the same marks about
# ten times quicker (checked over every content file); any problem is read again by the pure-Python
# parser, whose messages the diagnostics quote.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def _compose(text: str, fast: bool):
    if fast and _FAST_LOADER is not None:
        try:
            return yaml.compose(text, Loader=_FAST_LOADER)
        except Exception:  # noqa: BLE001 - the pure parser below says what and where
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


# Texts read well in this process, with what they read as. The lab, the tests and a session load the
# same bundled files again and again, and reading is a third of a load; each caller gets its own copy
# of the data (the positions are only read).
_READ: dict[str, Located] = {}
_READ_KEPT = 4096


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def load_yaml_text(text: str, name: str, fast: bool = True) -> tuple[Located | None, list[Diagnostic]]:
    """The data of a YAML text and where each value is, or the problems found (each at its place)."""
    known = _READ.get(text)
    if known is None:
        located, problems = _read_text(text, name, fast)
        if located is None or problems:
            return located, problems
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        known = _READ[text] = located
    return Located(name, _copy(known.data), known.positions, known.key_positions, known.styles), []


def _read_text(text: str, name: str, fast: bool) -> tuple[Located | None, list[Diagnostic]]:
    if "\t" in text:
        for i, line in enumerate(text.splitlines(), 1):
            indent = line[: len(line) - len(line.lstrip(" \t"))]
            if "\t" in indent:
                return None, [Diagnostic(name, i, indent.index("\t") + 1,
                                         "tab used for indentation; YAML needs spaces")]
    try:
        node = _compose(text, fast)
    except RecursionError:
        return None, [Diagnostic(name, 1, 1, "malformed YAML: values nested too deeply")]
    except ReaderError as err:
        line, col = _place(text, err.position)
        return None, [Diagnostic(name, line, col, f"malformed YAML: unprintable character "
                                                  f"#x{err.character:04x}")]
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = err.problem or "malformed YAML"
        context = ""
        if err.context and err.context_mark is not None:
            cm = err.context_mark
            context = f" ({err.context} that starts at line {cm.line + 1}, column {cm.column + 1})"
        elif err.context:
            context = f" ({err.context})"
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return None, [Diagnostic(name, line, col, f"malformed YAML: {problem}{context}")]
    except yaml.YAMLError as err:
        return None, [Diagnostic(name, 1, 1, f"malformed YAML: {str(err).splitlines()[0]}")]
    if node is None:
        return None, [Diagnostic(name, 1, 1, "empty file; expected a mapping with 'kind' and 'id'")]
    located = Located(name, None)
    try:
        located.data = _convert(node, (), located)
    except _Duplicate as dup:
        return None, [Diagnostic(name, dup.mark.line + 1, dup.mark.column + 1,
                                 f"duplicate key '{dup.key}' (first given on line {dup.first_line})")]
    except _Refused as refused:
        return None, [Diagnostic(name, refused.mark.line + 1, refused.mark.column + 1, refused.message)]
    except RecursionError:
        if fast and _FAST_LOADER is not None:  # libyaml nests deeper than Python: let the pure parser say it
            return _read_text(text, name, fast=False)
        return None, [Diagnostic(name, 1, 1, "malformed YAML: values nested too deeply (or an alias inside itself)")]
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return None, [Diagnostic(name, line, col, f"malformed YAML: {getattr(err, 'problem', err)}")]
    return located, []
