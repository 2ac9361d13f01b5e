"""What the rules read besides the state, in three views, each with one job and its own module.

- `content` (`content_view.ContentView`): the catalogue of the game and its variant, the tables
  derived from them, rule parameters typed once.
- `map` (`map_view.MapView`): hex names, neighbours, distances, reach, the planets on the map.
- `holdings` (`holdings.Holdings`): what each player holds now (statements, listeners by event,
  parameters, substitutions, locks) and counts over their pieces; the functions of that module
  are the only writes of the rules to what a player holds, and keep it up to date.

A `Context` is built once per map and set-up (`Engine.context`) and only carries the three views,
the engine's cache they keep their tables in, and the seats' rules (`seats.Seats`: a player's, the
Automa's) that the views and the rules ask.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..board import GameMap, PlacedSector
from ..content.catalogue import Catalogue
from .cache import Cache
from .content_view import ContentView
from .holdings import Holdings
from .map_view import MapView
from .seats import SeatRules, Seats


@dataclass(frozen=True)
class Context:
    """What the rules read about one game: content, map, holdings, the engine's cache and the seats."""

    content: ContentView
    map: MapView
    holdings: Holdings
    cache: Cache   # the engine's one cache (rules/cache.py)
    seats: Seats

    def seat(self, state, p: int) -> SeatRules:
        """The rules of seat p: a player's or the Automa's (`seats.SeatRules`)."""
        return self.seats.of(state, p)

    @classmethod
    def for_setup(cls, catalogue: Catalogue, setup, cache: Cache, seats: Seats) -> "Context":
        """The views of one map and set-up, keeping their tables in the engine's `cache`."""
        placed = [PlacedSector(s["sector"], s["rotation"], tuple(s["center"])) for s in setup.sectors]
        faces = {k: v.hexes for k, v in catalogue.sectors.items()}
        tiles = {k: v.tile for k, v in catalogue.sectors.items()}
        content = ContentView(catalogue, setup.variant, cache, solo=setup.automa is not None)
        game_map = MapView(GameMap.build(placed, faces, tiles, setup.mirror), content, cache)
        return cls(content, game_map, Holdings(content, game_map, cache, seats), cache, seats)
