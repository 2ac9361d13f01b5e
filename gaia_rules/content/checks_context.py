"""What every content check shares: the catalogue's words, located errors, counters, declared ranges.

`CheckContext` holds the built catalogue, the loader's diagnostics and the words known to it
(structures, counters, planet words); `value_problem` says why a value does not fit a rule
parameter, for set-up files and `set` statements alike.
"""
from __future__ import annotations

from typing import Any

from ..language import EffectSyntaxError, parse_price
from ..language import ast
from ..language.vocabulary import (COUNTER_FORMS, COUNTERS, ENGINE_RESOURCES, POWER_AREAS)
from . import catalogue as cat
from .reach import Found as _Found
from .loader import Loader
from .spelling import did_you_mean
from .yamlsrc import Located


# The declared range of each number effects and prices write: from these, up to game.yaml's `effect_limits`.
LIMIT_LOW = {"amount": 0, "price": 0, "count": 0}
LIMIT_WORDS = {"amount": "the amount", "price": "the price", "count": "the count"}


def effect_limits(c: cat.Catalogue) -> dict:
    """The game file's `effect_limits` ({} when the game file is missing or broken: nothing to check against)."""
    limits = c.game.get("effect_limits") if isinstance(c.game, dict) else None
    return limits if isinstance(limits, dict) else {}


class CheckContext:
    def __init__(self, c: cat.Catalogue, loader: Loader):
        self.c = c
        self.loader = loader
        self.located: dict = {}
        self.structures: set[str] = set()
        self.unbuilt: set[str] = set()  # pieces placed without a build: they start a Gaia Project
        for board in c.boards.values():
            self.structures.update(board.get("structures", {}))
            self.unbuilt.update(k for k, v in board.get("structures", {}).items()
                                if isinstance(v, dict) and v.get("gaia_project"))
        for f in c.factions.values():
            self.structures.update(f.structures)
            self.unbuilt.update(k for k, v in f.structures.items() if v.gaia_project)
        self.planet_words = cat.planet_words(c.planets)
        # what `per` counts everywhere: counters, structures and the resources kept as amounts
        self.counters = (set(COUNTERS) | self.structures | {r for r in c.resources if r not in ENGINE_RESOURCES}
                         | {f"research-{t}" for t in c.tracks})
        self.limits = effect_limits(c)
        self.sets: list[_Found] = []   # every `set` statement of the built files, for _check_reach

    def number(self, src: Located, path: tuple, column: int, n: int, key: str, shown: str) -> None:
        """A number of an effect or a price within its declared range (game.yaml `effect_limits.KEY`)."""
        high = self.limits.get(key)
        if isinstance(high, int) and n > high:
            where = ".".join(str(p) for p in path)
            self.err(src, path, f"{where}: {LIMIT_WORDS[key]} {n} of '{shown}' is outside its declared range "
                                f"{LIMIT_LOW[key]}..{high} (effect_limits.{key} of the game file)",
                     src.string_offset(path) + max(column, 1) - 1)

    def err(self, src: Located, path: tuple, message: str, offset: int = 0) -> None:
        self.loader.diagnostics.append(src.diag(path, message, offset))

    def word(self, src: Located, path: tuple, column: int, word: str, known, what: str) -> None:
        if word not in known:
            hint = _resource_hint(self.c, word) if what == "resource" else did_you_mean(word, known)
            self.err(src, path, f"unknown {what} '{word}'{hint}",
                     src.string_offset(path) + max(column, 1) - 1)

    def is_counter(self, word: str) -> bool:
        """A counter word: a fixed counter, a structure, a kept resource, `research-TRACK`, `PIECE-on-KIND`,
        `opponent-` and a piece counter (`opponent-structure`, `opponent-m`, `opponent-m-on-gaia`)."""
        if word in self.counters:
            return True
        if word.startswith("opponent-"):
            piece = word[len("opponent-"):]
            return piece in PIECE_COUNTERS or piece in self.structures or (
                "-on-" in piece and self.is_counter(piece))
        piece, on, kind = word.partition("-on-")
        return bool(on) and (piece == "structure" or piece in self.structures) and kind in self.c.planets

    def counter(self, src: Located, path: tuple, column: int, word: str, also=()) -> None:
        """An unknown counter: the closest known one, and the counters there are."""
        if self.is_counter(word) or word in also:
            return
        piece, on, kind = word.partition("-on-")
        if on:
            known = ["structure", *sorted(self.structures)] if kind in self.c.planets else sorted(self.c.planets)
            bad, what = (piece, "piece") if kind in self.c.planets else (kind, "planet type")
            hint = f"unknown {what} '{bad}' in counter '{word}'{did_you_mean(bad, known)}; known: {', '.join(known)}"
        else:
            hint = (f"unknown counter '{word}'{did_you_mean(word, self.counters | set(also))}; known: "
                    f"{', '.join(COUNTERS)}, a structure id, a kept resource, "
                    f"{', '.join(COUNTER_FORMS)}{''.join(', ' + a for a in also)}")
        self.err(src, path, hint, src.string_offset(path) + max(column, 1) - 1)

    def words(self, src: Located, path: tuple, columns: tuple[int, ...], fallback: int, words, known,
              what: str) -> None:
        """Check several words of one node, each at its own column (or `fallback` when unknown)."""
        for i, word in enumerate(words):
            self.word(src, path, columns[i] if i < len(columns) else fallback, word, known, what)


# The fixed counters that also count among an event's pieces (`per planet-type in federation`).
PIECE_COUNTERS = ("planet-type", "gaia-planet", "sector", "structure", "federated-structure", "satellite")


def value_problem(c: cat.Catalogue, p: cat.Parameter, value: Any) -> str | None:
    """Why `value` does not fit parameter `p`, or None."""
    if p.type == "int":
        return _int_problem(p, value)
    if p.type == "bool":
        if isinstance(value, bool) or value in ("true", "false"):
            return None
        return f"expected true or false, got {value!r}"
    if p.type == "area":
        if isinstance(value, str) and value in POWER_AREAS:
            return None
        return f"expected one of {', '.join(POWER_AREAS)}, got {value!r}{did_you_mean(value, POWER_AREAS)}"
    if p.type == "cost":
        return cost_value_problem(c, value)
    if p.type == "choice":
        return None if value in p.choices else f"expected one of {', '.join(p.choices)}, got {value!r}{did_you_mean(value, p.choices)}"
    if p.type == "list":
        if not isinstance(value, list):
            return f"expected a list, got {value!r}"
        return next((f"item {i}: {problem}" for i, item in enumerate(value)
                     if (problem := _int_problem(p, item))), None)
    return None


def _int_problem(p: cat.Parameter, value: Any) -> str | None:
    """Why `value` is not a whole number within the parameter's declared range, or None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return f"expected a whole number, got {value!r}"
    if (p.min is not None and value < p.min) or (p.max is not None and value > p.max):
        low = "" if p.min is None else str(p.min)
        high = "" if p.max is None else str(p.max)
        return f"{value} is outside its declared range {low}..{high}"
    return None


def _resource_hint(c: cat.Catalogue, word: str) -> str:
    """` (did you mean 'o'?)`: the resource a word names (`ore`, `credits`), else the closest code."""
    named = [code for code, r in c.resources.items()
             if word.lower() in (str(r.get("name", "")).lower(), str(r.get("plural", "")).lower())]
    return f" (did you mean '{named[0]}'?)" if named else did_you_mean(word, c.resources)


def cost_value_problem(c: cat.Catalogue, value: Any) -> str | None:
    """A `cost` parameter's value: an amount such as 1q (from `set`), or a price text (from YAML)."""
    expected = "expected a price such as 1q"
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):  # a price: 4c, 2o
        return next((problem for pair in value if (problem := cost_value_problem(c, pair))), None)
    high = effect_limits(c).get("price")
    if isinstance(value, tuple):
        count, resource = value
        if resource not in c.resources:
            return f"{expected}, got {count}{resource}: unknown resource '{resource}'{_resource_hint(c, resource)}"
        if isinstance(high, int) and count > high:
            return (f"the price {count} of '{count}{resource}' is outside its declared range 0..{high} "
                    f"(effect_limits.price of the game file)")
        return None if count >= 0 else f"{expected}, got {count}{resource}"
    if not isinstance(value, str):
        return f"{expected}, got {value!r}"
    try:
        costs = parse_price(value)
    except EffectSyntaxError:
        return f"{expected}, got {value!r}"
    for cost in costs:
        if not isinstance(cost, ast.Pay):
            return f"{expected}, got {value!r}"
        if cost.resource not in c.resources:
            return (f"{expected}, got {value!r}: unknown resource '{cost.resource}'"
                    f"{_resource_hint(c, cost.resource)}")
        if isinstance(high, int) and cost.count > high:
            return (f"the price {cost.count} of '{cost.count}{cost.resource}' is outside its declared range 0..{high} "
                    f"(effect_limits.price of the game file)")
    return None
