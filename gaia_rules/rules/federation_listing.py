"""Federation listing: the federations a player could form now, for the legal moves and the bots.

Combinations of building groups that reach the power value are tried closest first, each joined by a
cheapest satellite tree (federation_trees.py) and checked as forming would check it (federations.py).
"""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from . import sharing
from .bound import Bound
from .errors import IllegalMoveError
from .federation_trees import TreeSearch, cheaper_part, dijkstra, joined, star
from .federations import (blocked_hexes, check_federation, closure, grown_from, groups_of, member_hexes, piece_value,
                          satellite_graph, satellites_affordable, threshold)


class _NotWorkedOut(Exception):
    """A fewest-satellites question that would take longer than the caller may spend."""


def possible_federations(b: Bound, limit: int = 64) -> list[str]:
    """Federations the bound seat could form now (cached by the board, the budget and the rules that matter)."""
    state, p = b.state, b.p
    key = (p, limit, satellites_affordable(b), threshold(b),
           tuple(sorted((n, h.owner, h.piece, h.planet, sharing.shared_by(h), tuple(h.satellites), tuple(h.federations))
                        for n, h in state.board.items())),
           tuple(sorted(state.fed_supply.items())), b.holdings.of(state, p).signature)
    return list(b.map.kept("federations", key, lambda: _possible_federations(b, limit)))


ROW_LIMIT = 100   # partial trees (rows of the tree search) computed per listing


def _possible_federations(b: Bound, limit: int) -> list[str]:
    """Federations the bound seat could form now: one cheapest layout per set of planets.

    Combinations of building groups that just reach the required value are
    tried closest first; each is joined by a cheapest satellite tree (a path
    for two groups, a star for three, an exact tree search beyond). At most
    `limit` combinations are tried, and tree searches stop once `ROW_LIMIT`
    partial trees have been computed, which bounds the time of a late-game
    listing.
    """
    listing = _Listing.of(b)
    if listing is None:
        return []
    combos = listing.combinations(limit)
    listing.start_search(combos)
    return listing.checked(listing.layouts(combos))


class _Listing:
    """One listing of possible federations: the player's building groups, the satellite graph between
    them and what was already worked out (paths, gaps, costs of parts), shared by its steps."""

    def __init__(self, b: Bound, members, blocked, groups, values, need, grown):
        self.b = b
        self.members, self.blocked, self.free = members, blocked, members - blocked
        self.groups, self.values, self.need = groups, values, need
        self.base = [grown] if grown else []
        self.base_value = sum(piece_value(b, n) for n in self.base[0]) if self.base else 0
        self.nodes = satellite_graph(b, members, blocked)
        self.budget = satellites_affordable(b)
        self.paths = [dijkstra(b.ctx, self.nodes, g) for g in groups]
        self.gaps: dict[tuple[int, int], int] = {}
        self.part_costs: dict[tuple[int, ...], int | None] = {}  # fewest satellites joining some groups
        self.search: TreeSearch | None = None

    @classmethod
    def of(cls, b: Bound) -> "_Listing | None":
        """The listing, or None when all the player's buildings together cannot reach the value needed."""
        members = member_hexes(b)
        blocked = blocked_hexes(b)
        groups = groups_of(b.map, members - blocked)
        need = threshold(b)
        values = [sum(piece_value(b, n) for n in g) for g in groups]
        grown = grown_from(b)
        if sum(values) + sum(piece_value(b, n) for n in grown) < need:
            return None
        return cls(b, members, blocked, groups, values, need, grown)

    def apart(self, i: int, j: int) -> int:
        """Fewest satellites joining groups i and j (a lower bound for any tree holding both)."""
        gap = self.gaps.get((i, j))
        if gap is None:
            gap = self.gaps[(i, j)] = min((self.paths[i][0].get(n, 10 ** 9) for n in self.groups[j]),
                                          default=10 ** 9)
        return gap

    def combinations(self, limit: int) -> list[tuple[int, tuple[int, ...]]]:
        """The minimal combinations of groups that reach the value, the closest first, at most `limit`."""
        combos = []
        smallest = sorted(self.values)
        for size in range(1, len(self.groups) + 1):
            if self.base_value + sum(smallest[:size - 1]) >= self.need:
                break  # any combination this large holds a smaller one that suffices
            for combo in combinations(range(len(self.groups)), size):
                chosen = [self.values[i] for i in combo]
                total = self.base_value + sum(chosen)
                if total < self.need or total - min(chosen) >= self.need:
                    continue  # not enough, or not minimal (a smaller combination already suffices)
                spread = [self.apart(i, j) for i in combo for j in combo if i < j]
                if spread and max(spread) > self.budget:
                    continue  # two of these groups cannot be joined with the satellites one can pay
                combos.append((sum(spread), combo))
                if len(combos) >= 4 * limit:
                    break
            if len(combos) >= 4 * limit:
                break
        combos.sort()  # the closest groups first: the likeliest federations
        return combos[:limit]

    def start_search(self, combos: list[tuple[int, tuple[int, ...]]]) -> None:
        """The exact tree search, when a combination needs one (a growing federation, or over three groups)."""
        searched = [combo for _, combo in combos if self.base or len(combo) > 3]
        if not searched:
            return
        if not self.base:
            # joining the groups pairwise along a spanning tree of cheapest paths is one way to build each
            # federation, so no cheapest tree costs more: the search may drop partial trees dearer than that
            cap = min(self.budget, max(_spanning_cost(combo, self.apart) for combo in searched))
        else:
            cap = self.budget
        self.search = TreeSearch(self.b.ctx, self.nodes, self.groups + self.base, cap)

    def layouts(self, combos: list[tuple[int, tuple[int, ...]]]) -> dict[frozenset, tuple[str, bool]]:
        """One cheapest layout per set of planets: its hexes, and whether buildings beside its satellites
        joined it (such a federation gets the full check)."""
        found: dict[frozenset, tuple[str, bool]] = {}
        base_bit = (1 << len(self.groups)) if self.base else 0
        groups, paths = self.groups, self.paths
        for _spread, combo in combos:
            size = len(combo)
            if size == 1 and not self.base:
                cost, tree = 0, set(groups[combo[0]])
            elif size == 2 and not self.base:
                cost, tree = joined(paths[combo[0]], groups[combo[0]], groups[combo[1]])
            elif size == 3 and not self.base:
                cost, tree = star(self.nodes, [paths[i] for i in combo], [groups[i] for i in combo])
            else:
                if len(self.search.rows) >= ROW_LIMIT:
                    break  # bounds the time of a late-game search
                cost, tree = self.search.cheapest(base_bit | sum(1 << i for i in combo))
            if cost is None or cost > self.budget:
                continue
            hexes = closure(self.b, tree, self.free)
            planets = frozenset(n for n in hexes if n in self.members)
            if planets not in found:
                # buildings next to the satellites join the federation; with them on board, some of its
                # planets might be joined more cheaply, so such a federation gets the full check
                absorbed = not planets <= set().union(*(groups[i] for i in combo))
                found[planets] = (",".join(sorted(hexes)), absorbed)
        return found

    def part_cost(self, part: tuple[int, ...], sats: int) -> int | None:
        """Fewest satellites joining some groups, from the listing's own paths and tree search, within the
        listing's bound."""
        if part not in self.part_costs:
            groups, paths, search = self.groups, self.paths, self.search
            if len(part) == 1:
                self.part_costs[part] = 0
            elif len(part) == 2:
                self.part_costs[part] = joined(paths[part[0]], groups[part[0]], groups[part[1]])[0]
            elif len(part) == 3:
                self.part_costs[part] = star(self.nodes, [paths[i] for i in part], [groups[i] for i in part])[0]
            elif search is None or sats - 1 > search.top or len(search.rows) >= ROW_LIMIT:
                raise _NotWorkedOut
            else:
                self.part_costs[part] = search.cheapest(sum(1 << i for i in part))[0]
        return self.part_costs[part]

    def checked(self, found: dict[frozenset, tuple[str, bool]]) -> list[str]:
        """The layouts the rules accept, without those another layout outclasses."""
        group_of = {n: i for i, g in enumerate(self.groups) for n in g}
        candidates = []
        for planets, (text, absorbed) in found.items():
            hexes = text.split(",")
            try:
                # a growing federation (with its base) gets the engine's own full check
                _group, sats = check_federation(self.b, hexes,
                                                verify_fewest=absorbed and bool(self.base),
                                                known=(self.members, self.blocked))
            except IllegalMoveError:
                continue
            if absorbed and not self.base:
                # buildings beside the satellites joined it: is it still the fewest for every part?
                chosen = sorted({group_of[n] for n in planets})
                try:
                    if cheaper_part(chosen, self.values, self.need, len(sats),
                                     lambda part: self.part_cost(part, len(sats)), whole_first=False):
                        continue
                except _NotWorkedOut:
                    continue  # left out of the list: its check would take longer than the listing may
            candidates.append((planets, len(sats), text))
        return sorted(text for planets, sats, text in candidates
                      if not any(_outclassed(planets, sats, other, osats) for other, osats, _ in candidates))


def _spanning_cost(combo: tuple[int, ...], apart: Callable[[int, int], int]) -> int:
    """Cost of a minimum spanning tree of the groups, edges weighted by the cheapest path between two groups."""
    inside, left, total = {combo[0]}, set(combo[1:]), 0
    while left:
        cost, nxt = min((apart(min(i, j), max(i, j)), j) for i in inside for j in left)
        total += cost
        inside.add(nxt)
        left.discard(nxt)
    return total


def _outclassed(planets: frozenset, sats: int, other: frozenset, other_sats: int) -> bool:
    """A federation is outclassed by one with fewer satellites on a subset (or the same set) of its planets."""
    if sats <= other_sats or len(planets) < len(other):
        return False
    return other < planets or other == planets
