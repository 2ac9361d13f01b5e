"""Hex geometry and the map: axial coordinates, distance, sectors, hex names.

Hexes are axial `(q, r)` tuples (s = -q - r). A sector face from content is
rotated and placed at a slot centre; every hex gets the site's name such as
`4A2` (tile number, ring, index: its offset from the tile centre on the board)
and the planet type that rotated into it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from .errors import GaiaError


Hex = tuple[int, int]

# Ring positions as offsets from a tile centre at rotation 0 (index 0 straight up, clockwise).
RING_A: tuple[Hex, ...] = ((2, 0), (1, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1),
                           (-2, 0), (-1, -1), (0, -2), (1, -2), (2, -2), (2, -1))
RING_B: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
OFFSETS: dict[str, Hex] = {**{f"A{i}": h for i, h in enumerate(RING_A)},
                           **{f"B{i}": h for i, h in enumerate(RING_B)}, "C": (0, 0)}
POSITION_OF: dict[Hex, str] = {h: p for p, h in OFFSETS.items()}
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

_NAME = re.compile(r"^(\d+)(A(?:1[01]|\d)|B[0-5]|C)$")
_COORD = re.compile(r"^(-?\d+)x(-?\d+)$")


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def rotate(offset: Hex, turns: int) -> Hex:
    """Turn an offset clockwise by `turns` sixths: (q, r) -> (-r, q + r) each step."""
    q, r = offset
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


def mirrored_position(position: str) -> str:
    """The position a printed planet takes on a mirrored tile (flipped about the A0-A6 line)."""
    ring, index = position[0], position[1:]
    if ring == "A":
        return f"A{(12 - int(index)) % 12}"
    if ring == "B":
        return f"B{(6 - int(index)) % 6}"
    return position


def rotated_position(position: str, turns: int, mirror: bool = False) -> str:
    """Where the planet printed at `position` ends up after `turns` rotations."""
    if mirror:
        position = mirrored_position(position)
    return POSITION_OF[rotate(OFFSETS[position], turns)]


@dataclass(frozen=True)
class MapHex:
    """One hex of the map: its name, coordinate, planet at set-up and the sector face it lies on."""

    name: str
    coord: Hex
    planet: str      # planet type id at set-up
    sector: str      # sector face id, e.g. "5B"
    tile: int


@dataclass(frozen=True)
class PlacedSector:
    """A sector tile as placed: its face, rotation and centre."""

    sector: str
    rotation: int
    center: Hex


class UnknownHex(GaiaError, ValueError):
    """A hex name or coordinate that is not on this map."""


@dataclass
class GameMap:
    """The board of one game: every hex with its name, planet and sector."""

    sectors: tuple[PlacedSector, ...]
    hexes: dict[Hex, MapHex]
    by_name: dict[str, Hex]

    @classmethod
    def build(cls, placed: list[PlacedSector], sector_faces: dict[str, dict[str, str]], tiles: dict[str, int],
              mirror: bool = False) -> "GameMap":
        """Place each sector face (positions -> planet types) at its centre with its rotation.

        `mirror` reads every face flipped, as some old recorded games do.
        """
        hexes: dict[Hex, MapHex] = {}
        for ps in placed:
            tile = tiles[ps.sector]
            for printed, planet in sector_faces[ps.sector].items():
                pos = rotated_position(printed, ps.rotation, mirror)
                off = OFFSETS[pos]
                coord = (ps.center[0] + off[0], ps.center[1] + off[1])
                hexes[coord] = MapHex(f"{tile}{pos}", coord, planet, ps.sector, tile)
        return cls(tuple(placed), hexes, {h.name: c for c, h in hexes.items()})

    def hex(self, text: str) -> Hex:
        """A hex from its name (`4A2`) or raw coordinate (`-4x2`)."""
        if text in self.by_name:
            return self.by_name[text]
        m = _COORD.match(text)
        if m:
            coord = (int(m.group(1)), int(m.group(2)))
            if coord in self.hexes:
                return coord
            raise UnknownHex(f"hex {text} is not on the map")
        if _NAME.match(text):
            raise UnknownHex(f"hex {text} is not on the map")
        raise UnknownHex(f"'{text}' is not a hex name (like 4A2) or a coordinate (like -4x2)")

    def name(self, coord: Hex) -> str:
        return self.hexes[coord].name

    def canonical_name(self, text: str) -> str:
        """A written hex (name or `q x r`) as its name on this map."""
        return self.name(self.hex(text))

    @cached_property
    def span(self) -> int:
        """The greatest distance between two hexes of the map: beyond it, a farther reach adds no hex."""
        if not self.hexes:
            return 0
        qs = [q for q, _ in self.hexes]
        rs = [r for _, r in self.hexes]
        ss = [q + r for q, r in self.hexes]
        return max(max(qs) - min(qs), max(rs) - min(rs), max(ss) - min(ss))

    def within(self, coord: Hex, dist: int) -> list[Hex]:
        """Map hexes within `dist` of `coord` (itself included).

        The disc searched is never wider than the map (`span`), so the work stays
        bounded by the board however much range a player could buy.
        """
        return [h for h in _disc(min(dist, self.span), coord) if h in self.hexes]


@lru_cache(maxsize=None)
def _disc_offsets(dist: int) -> tuple[Hex, ...]:
    return tuple((q, r) for q in range(-dist, dist + 1) for r in range(-dist, dist + 1) if abs(q + r) <= dist)


def _disc(dist: int, center: Hex):
    cq, cr = center
    return [(cq + q, cr + r) for q, r in _disc_offsets(dist)]


def adjacency_ok(game_map: GameMap, restricted: set[str]) -> bool:
    """No two neighbouring hexes hold the same planet type among `restricted`."""
    for coord, h in game_map.hexes.items():
        if h.planet not in restricted:
            continue
        for n in neighbours(coord):
            other = game_map.hexes.get(n)
            if other is not None and other.planet == h.planet:
                return False
    return True

