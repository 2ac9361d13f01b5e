"""The shape of a saved set-up (`Setup` as JSON), checked before the engine plays it.

A save edited by hand, or cut short, may hold a field of the wrong kind (`"sectors": 5`). The
engine would trip over it with Python's own words (`'int' object is not iterable`); this check
says instead which field is wrong and what it should hold, in the words of the game.
"""
from __future__ import annotations

import json
from typing import Any, Callable


def _text(v: Any) -> bool:
    return isinstance(v, str)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _or_none(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or check(v)


class _ListOf:
    """A list whose every item passes `check`; the first item that does not is named."""

    def __init__(self, check: Callable[[Any], bool]):
        self.check = check

    def __call__(self, v: Any) -> bool:
        return isinstance(v, list) and all(self.check(x) for x in v)

    def bad_item(self, v: Any) -> int | None:
        """The index of the first item that does not pass, or None."""
        if not isinstance(v, list):
            return None
        return next((i for i, x in enumerate(v) if not self.check(x)), None)


_list_of = _ListOf


def _mapping_of(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, dict) and all(_text(k) and check(x) for k, x in v.items())


ROTATIONS = range(6)


def _sector(v: Any) -> bool:
    """A placed sector: {"sector": ID, "rotation": 0 to 5, "center": [q, r]}."""
    return (isinstance(v, dict) and set(v) == {"sector", "rotation", "center"} and _text(v["sector"])
            and _whole(v["rotation"]) and v["rotation"] in ROTATIONS
            and isinstance(v["center"], list) and len(v["center"]) == 2 and all(_whole(x) for x in v["center"]))


# field -> (what it holds, in words; the check)
SHAPES: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "players": ("a whole number of players", _whole),
    "variant": ("a rules variant id", _text),
    "seed": ("a seed (text)", _text),
    "sectors": ('a list of placed sectors, each {"sector": ID, "rotation": 0 to 5, "center": [q, r]}',
                _list_of(_sector)),
    "mirror": ("true or false", lambda v: isinstance(v, bool)),
    "round_tiles": ("a list of round scoring tile ids", _list_of(_text)),
    "final_tiles": ("a list of final scoring tile ids", _list_of(_text)),
    "boosters": ("a list of booster ids", _list_of(_text)),
    "tech_tiles": ("a mapping of positions to tech tile ids", _mapping_of(_text)),
    "advanced_tiles": ("a mapping of research tracks to advanced tile ids", _mapping_of(_text)),
    "terraforming_token": ("a federation token id or null", _or_none(_text)),
    "fed_supply": ("a mapping of federation token ids to whole numbers", _mapping_of(_whole)),
    "factions": ("a list of faction ids (null for one chosen in play) or null", _or_none(_list_of(_or_none(_text)))),
    "auction": ("an auction kind or null", lambda v: v is None or isinstance(v, (str, bool))),
    "content_hash": ("text", _text),
    "faction_variant": ("a faction variant id or null", _or_none(_text)),
    "faction_variant_version": ("a whole number or null", _or_none(_whole)),
    "automa": ("an Automa faction card id or null", _or_none(_text)),
    "difficulty": ("a difficulty id or null", _or_none(_text)),
}


def shape_problem(data: dict, sectors: Any = ()) -> str | None:
    """What is wrong with the fields of a saved set-up (one line), or None; `sectors`: the sector ids known."""
    for name, value in data.items():
        shape = SHAPES.get(name)
        if shape is not None and not shape[1](value):
            item = shape[1].bad_item(value) if isinstance(shape[1], _ListOf) else None
            if item is not None:
                return f"'setup.{name}' should be {shape[0]}; item {item + 1} is {_shown(value[item])}"
            return f"'setup.{name}' should be {shape[0]}, not {_shown(value)}"
    for i, placed in enumerate(data.get("sectors") or ()):
        if sectors and placed["sector"] not in sectors:
            return f"'setup.sectors' item {i + 1} places sector '{placed['sector']}', which this content does not have"
    return None


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."

