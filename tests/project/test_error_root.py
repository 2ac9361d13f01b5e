"""Errors with one root: every exception class the package defines derives from `GaiaError`."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import gaia_rules
from gaia_rules.errors import GaiaError
from gaia_rules.rules.errors import IllegalMoveError, MoveSyntaxError


def _exception_classes() -> dict[str, type]:
    found = {}
    for info in pkgutil.walk_packages(gaia_rules.__path__, "gaia_rules."):
        try:
            module = importlib.import_module(info.name)
        except ModuleNotFoundError as err:  # a module of an optional extra (gymnasium, dask) not installed here
            if (err.name or "").startswith("gaia_rules"):
                raise
            continue
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == module.__name__:
                found[f"{module.__name__}.{name}"] = value
    return found


def test_every_error_the_package_raises_derives_from_gaia_error():
    classes = _exception_classes()
    # a leading underscore marks a signal caught inside its own module, never raised to a caller
    public = {name: c for name, c in classes.items() if not name.rsplit(".", 1)[1].startswith("_")}
    assert len(public) >= 20  # the walk found the package's errors (content, moves, saves, set-up, lab...)
    assert [name for name, c in public.items() if not issubclass(c, GaiaError)] == []


def test_a_refused_move_is_caught_by_the_root_and_stays_a_value_error():
    for error in (IllegalMoveError("turn", "not your turn"), MoveSyntaxError("bild m 4A2", 1, "unknown command")):
        assert isinstance(error, GaiaError) and isinstance(error, ValueError)
