"""Plain command-line values (text, paths, whole numbers, flags, lists of them) read without pydantic.

Recent typer reads every value through a pydantic adapter, built when the value is first read;
importing pydantic for it costs about a fifth of `gaia show`'s start. The values `gaia` takes
are mostly text and paths, which need nothing of it: those are read here as typer would read
them (a path still goes through typer's own checks), and anything else (a number with bounds, a
choice, text that is not a whole number) is handed to typer's adapter, with its own messages.
An older typer (click types, no adapters) is left as it is.
"""
from __future__ import annotations

import re
from pathlib import Path

try:  # typer >= 0.2x: values are coerced by `RuntimeParam`s, built lazily per parameter
    from typer._coercion import build_runtime_param
    from typer._param_types import coerce_cli_path
except ImportError:  # pragma: no cover - an older typer reads values with click types
    build_runtime_param = None

_WHOLE = re.compile(r"-?[0-9]+")


class PlainValues:
    """A parameter's coercion (typer's `RuntimeParam.coerce`) for text, paths, whole numbers and flags."""

    def __init__(self, descriptor, leaf: type, many: bool):
        self.descriptor, self.leaf, self.many = descriptor, leaf, many
        self._full = None

    def coerce(self, value, param, ctx):
        if value is None:
            return () if self.many else None
        values = list(value) if self.many and isinstance(value, (list, tuple)) else [value]
        if self.many != isinstance(value, (list, tuple)) or not all(self._plain(v) for v in values):
            return self._typer().coerce(value, param=param, ctx=ctx)
        out = [self._one(v, param, ctx) for v in values]
        return out if self.many else out[0]

    def _plain(self, v) -> bool:
        if self.leaf is int:
            return isinstance(v, str) and _WHOLE.fullmatch(v) is not None
        if self.leaf is bool:
            return isinstance(v, bool)
        return isinstance(v, (str, Path))

    def _one(self, v, param, ctx):
        if self.leaf is str:
            return str(v)
        if self.leaf in (int, bool):
            return self.leaf(v)
        return coerce_cli_path(Path(v), self.descriptor.parameter_info, path_type=Path, param=param, ctx=ctx)

    def _typer(self):
        if self._full is None:
            self._full = build_runtime_param(self.descriptor)
        return self._full


def _leaf(descriptor) -> tuple[type, bool] | None:
    """(the type of one value, several values) of a parameter read here, else None."""
    annotation, info = descriptor.annotation, descriptor.parameter_info
    many = getattr(annotation, "__origin__", None) is list
    leaf = annotation.__args__[0] if many else annotation
    if descriptor.file_annotation is not None or getattr(info, "parser", None) is not None:
        return None
    if getattr(info, "click_type", None) is not None or getattr(info, "path_type", None) is not None:
        return None
    if leaf is int and any(getattr(info, k, None) is not None for k in ("min", "max")):
        return None
    return (leaf, many) if leaf in (str, int, bool, Path) else None


def read_plainly(param) -> None:
    """Give a typer parameter this light coercion when its values are plain; otherwise leave it."""
    descriptor = getattr(param, "type_descriptor", None)
    if build_runtime_param is None or descriptor is None or getattr(param, "_runtime_param", 1) is not None:
        return
    found = _leaf(descriptor)
    if found is not None:
        param._runtime_param = PlainValues(descriptor, *found)
