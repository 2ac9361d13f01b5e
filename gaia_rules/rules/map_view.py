"""The map as the rules read it: hex names, neighbours, distances, reach and the planets on it.

A `MapView` is built once per map (`Context.for_setup`) over the placed sectors (`board.GameMap`).
What it works out once is kept (neighbours here; hexes within a distance, hexes of a planet kind and
searches on the board in the engine's cache), keyed by everything it depends on; the only state it
reads is the planet a hex holds now (a Gaia Project done, the Lost Planet).
"""
from __future__ import annotations

from functools import cached_property
from typing import Any, Callable

from ..board import GameMap, Hex, UnknownHex, distance, neighbours
from ..state import GameState
from .cache import Cache
from .content_view import ContentView
from .errors import IllegalMoveError


class MapView:
    """One game's map: `hexes` and `by_name` as `board.GameMap` has them, and the questions rules ask."""

    def __init__(self, grid: GameMap, content: ContentView, cache: Cache):
        self.grid = grid
        self.cache = cache   # the engine's one cache (rules/cache.py)
        self.hexes = grid.hexes
        self.by_name = grid.by_name
        self.kinds = content.kinds
        game = content.catalogue.game
        # how far from a new building an opponent's piece may be to charge power (content: `charge.distance`)
        self.charge_distance: int = game["charge"]["distance"]
        # how near an opponent's piece makes a structure's `cost_near_opponent` apply (content: game.yaml)
        self.near_opponent_distance: int = game["near_opponent_distance"]

    # ------------------------------------------------------------ names
    def hex(self, text: str) -> Hex:
        """The hex a written name (or `q x r`) means (raises `board.UnknownHex`)."""
        return self.grid.hex(text)

    def named(self, text: str) -> str:
        """The name of the hex `text` means (its name, or `q x r`); `IllegalMoveError` (rule `hex`) if none."""
        coord = self.by_name.get(text)
        if coord is None:
            try:
                coord = self.grid.hex(text)
            except UnknownHex as err:
                raise IllegalMoveError("hex", str(err)) from None
        return self.hexes[coord].name

    def canonical_name(self, text: str) -> str:
        return self.grid.canonical_name(text)

    def hex_name(self, coord: Hex) -> str:
        return self.hexes[coord].name

    # ------------------------------------------------------------ neighbours, distances, reach
    @cached_property
    def neighbour_names(self) -> dict[str, list[str]]:
        """Hex name -> the names of its neighbours on the map."""
        return {h.name: [self.hexes[n].name for n in neighbours(c) if n in self.hexes]
                for c, h in self.hexes.items()}

    def within(self, name: str, d: int) -> tuple[str, ...]:
        """Names of the map hexes at most `d` away from `name` (itself included)."""
        found = self.cache.values.get((self, "within", name, d))
        if found is None:
            found = tuple(self.hexes[c].name for c in self.grid.within(self.by_name[name], d))
            self.cache.put((self, "within", name, d), found)
        return found

    def distance(self, a: str, b: str) -> int:
        return distance(self.by_name[a], self.by_name[b])

    def sector_tile(self, name: str) -> int:
        """The number of the sector tile a hex lies on."""
        return self.hexes[self.by_name[name]].tile

    # ------------------------------------------------------------ planets
    @cached_property
    def planets_by_name(self) -> tuple[tuple[str, str], ...]:
        """(hex name, printed planet) of every map hex, in map order."""
        return tuple((h.name, h.planet) for h in self.hexes.values())

    @cached_property
    def printed_space(self) -> frozenset[str]:
        """Hexes printed as empty space (only these can take satellites and space stations)."""
        return frozenset(name for name, planet in self.planets_by_name if self.kinds.get(planet) == "space")

    def planet_at(self, state: GameState, name: str) -> str:
        """The planet on a hex now: the printed one unless the game changed it."""
        h = state.board.get(name)
        if h is not None and h.planet is not None:
            return h.planet
        return self.hexes[self.by_name[name]].planet

    def kind_at(self, state: GameState, name: str) -> str:
        """The `habitable` kind of the planet on a hex now (`never` for an unknown type)."""
        return self.kinds.get(self.planet_at(state, name), "never")

    def hexes_of_types(self, wanted: frozenset[str], state: GameState) -> tuple[str, ...]:
        """Map hexes whose planet is now one of the types `wanted`, in map order."""
        changed = tuple((n, h.planet) for n, h in state.board.items() if h.planet is not None)
        return self.kept("hexes of types", (wanted, changed), lambda: self._hexes_of_types(wanted, dict(changed)))

    def _hexes_of_types(self, wanted: frozenset[str], changed: dict[str, str]) -> tuple[str, ...]:
        return tuple(name for name, base in self.planets_by_name if changed.get(name, base) in wanted)

    # ------------------------------------------------------------ searches over the board
    def kept(self, table: str, key: Any, compute: Callable[[], Any]) -> Any:
        """The value of a search on this map, kept under `key` in the named table of the engine's cache.

        The key holds everything the value depends on besides the map (what stands on the
        hexes that matter).
        """
        return self.cache.get((self, table, key), compute)
