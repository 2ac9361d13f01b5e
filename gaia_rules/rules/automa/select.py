"""How the Automa chooses among options: the support half of a decision card, and its tie-breakers.

Numbered selection counts valid options in their order on the board (research areas in track
order, action spaces in the order of the Automa's rules), from the left or from the right, going
round again past the other end. Directional selection reads the map like a page: `right-down`
takes the first candidate of the top row, reading each row from the left; `left-up` the first of
the bottom row, reading each row from the right. Rows are the hexes' centres as the map is drawn
(flat-topped hexes: a hex's height is 2q + r, its column r). A mine's and an upgrade's
candidates are narrowed by the tie-breakers the Automa's rules list, in order: each keeps the
candidates it prefers, and one that would keep none keeps them all.
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from ...content.automa import AutomaCard, Numbered
from ...state import GameState
from ..bound import Bound
from ..map_view import MapView

T = TypeVar("T")
RIGHT_DOWN = "right-down"
LEFT_UP = "left-up"


def numbered(options: Sequence[T], rule: Numbered) -> T | None:
    """Count `rule.count` options from the left (or the right) end, going round past the other end."""
    if not options:
        return None
    i = (rule.count - 1) % len(options)
    return options[i] if rule.start == "left" else options[len(options) - 1 - i]


def reading_key(map_: MapView, name: str) -> tuple[int, int]:
    """A hex's place in reading order: top row first (the highest centre), each row from the left
    (a question about the map alone)."""
    q, r = map_.by_name[name]
    return -(2 * q + r), r


def by_direction(map_: MapView, names: Sequence[str], direction: str) -> str:
    """The first candidate in the support card's reading direction (on the map)."""
    key = lambda n: reading_key(map_, n)  # noqa: E731
    return min(names, key=key) if direction == RIGHT_DOWN else max(names, key=key)


def fewest(candidates: list[str], measure: Callable[[str], int]) -> list[str]:
    """The candidates with the smallest measure."""
    values = {n: measure(n) for n in candidates}
    low = min(values.values())
    return [n for n in candidates if values[n] == low]


# ------------------------------------------------------------------ the human and the Automa on the map

def human_planets(b: Bound) -> list[str]:
    """Hexes where a player (not the Automa, the bound seat) has a structure or a guest mine."""
    state = b.state
    return [n for p in range(len(state.players)) if not state.is_automa(p)
            for n in b.holdings.structures_with_guests(state, p)]


def distance_to(map_: MapView, targets: Sequence[str]) -> Callable[[str], int]:
    """The distance on the map from a hex to the nearest of `targets` (0 for every hex when there is none)."""
    if not targets:
        return lambda _name: 0
    return lambda name: min(map_.distance(name, t) for t in targets)


# ------------------------------------------------------------------ narrowing with tie-breakers

Test = Callable[[list[str]], list[str]]


def narrow(map_: MapView, candidates: list[str], order: Sequence[str], tests: dict[str, Test],
           direction: str) -> tuple[str, list[list]]:
    """The one candidate left after the tie-breakers of `order`; and the trail: [tie-breaker, candidates
    left] for each tie-breaker that set some aside. A tie-breaker without a test here is skipped;
    reading order decides whatever is still tied at the end."""
    trail: list[list] = []
    left = list(candidates)
    for word in order:
        if len(left) == 1:
            break
        if word == "direction":
            left = [by_direction(map_, left, direction)]
            trail.append([word, 1])
            break
        test = tests.get(word)
        kept = test(left) if test is not None else left
        if kept and len(kept) < len(left):
            left = kept
            trail.append([word, len(kept)])
    if len(left) > 1:
        left = [by_direction(map_, left, direction)]
        trail.append(["direction", 1])
    return left[0], trail


def final_tile(state: GameState, support: AutomaCard) -> str | None:
    """The final scoring tile the support card's tie-breaker points at (`top`: the first, `bottom`: the
    last), or None."""
    tiles = state.setup.final_tiles
    if not tiles or support.final_tiebreaker not in ("top", "bottom"):
        return None
    return tiles[0] if support.final_tiebreaker == "top" else tiles[-1]
