"""Federation graph search: the fewest satellites joining groups of pieces.

Cheapest paths between groups (Dijkstra on satellite costs), stars of three paths and the exact
tree search beyond (`TreeSearch`). Forming a federation asks it whether fewer satellites would do
(`Fewest`); listing the possible federations asks it for one cheapest layout per set of planets.
Only the map's neighbours are read: no state, no rule.
"""
from __future__ import annotations

import heapq
from itertools import chain, combinations

from .context import Context


class TreeSearch:
    """Cheapest trees joining sets of terminal groups (Dreyfus-Wagner on hex costs).

    Row `mask` holds, for every hex, the fewest satellites of a tree that joins
    the groups in `mask` and reaches that hex. A listing asks for many
    overlapping sets of groups, and each row is computed once for all of them.
    With a `budget`, only trees within it are found (exactly); dearer partial
    trees are dropped. Hex costs are small non-negative integers (0 for the
    player's pieces, 1 per satellite), so each row grows with a bucket queue.
    """

    INF = 10 ** 9

    def __init__(self, ctx: Context, nodes: dict[str, int], terminals: list[set[str]], budget: int | None = None):
        if budget is not None:
            nodes = _within_budget(ctx, nodes, terminals, budget)
        self.names = list(nodes)
        index = {name: i for i, name in enumerate(self.names)}
        self.index = index
        self.weight = [nodes[name] for name in self.names]
        adj = [[index[m] for m in ctx.map.neighbour_names[name] if m in index] for name in self.names]
        self.free = [[j for j in near if self.weight[j] == 0] for near in adj]   # neighbours costing nothing
        self.paid = [[j for j in near if self.weight[j] > 0] for near in adj]
        total = sum(self.weight)  # no tree costs more than every hex
        self.top = total if budget is None else min(budget, total)
        self.terminals = terminals
        self.rows: dict[int, tuple[list[int], list[int]]] = {}

    def cheapest(self, mask: int):
        """(cost, hexes) of a cheapest tree joining the groups in `mask`, or (None, None)."""
        if mask & (mask - 1) == 0:
            return 0, set(self.terminals[mask.bit_length() - 1])
        cur, how = self.rows[mask] if mask in self.rows else self._merged(mask)  # growing never lowers the best
        ends = [(c, self.names[i], i) for i, c in enumerate(cur) if c <= self.top]
        if not ends:
            return None, None
        cost, _name, best = min(ends)
        tree: set[str] = set()
        self._walk(mask, best, how, tree)
        return cost, tree

    def _walk(self, mask: int, i: int, how: list[int], tree: set[str]) -> None:
        while True:
            tree.add(self.names[i])
            step = how[i]
            if step == -1:
                return
            if step >= 0:
                i = step
                continue
            sub = -2 - step
            self._walk(sub, i, self.rows[sub][1], tree)
            self._walk(mask ^ sub, i, self.rows[mask ^ sub][1], tree)
            return

    def _row(self, mask: int) -> tuple[list[int], list[int]]:
        hit = self.rows.get(mask)
        if hit is None:
            cur, how = self._merged(mask)
            self._grow(cur, how)
            hit = self.rows[mask] = (cur, how)
        return hit

    def _merged(self, mask: int) -> tuple[list[int], list[int]]:
        """Trees of `mask` that branch at each hex: two trees of complementary parts meeting there."""
        n, INF, top, weight = len(self.names), self.INF, self.top, self.weight
        cur = [INF] * n
        how = [-1] * n  # per hex: -1 (a terminal), j >= 0 a step from hex j, -2 - part a branch into two parts
        if mask & (mask - 1) == 0:
            for name in self.terminals[mask.bit_length() - 1]:
                i = self.index.get(name)
                if i is not None:
                    cur[i] = 0
            return cur, how
        low = mask & -mask
        sub = (mask - 1) & mask
        while sub:
            if sub & low:  # each split once: the part holding the lowest group
                a, b = self._row(sub)[0], self._row(mask ^ sub)[0]
                code = -2 - sub
                for i, x, y, w, old in zip(range(n), a, b, weight, cur):
                    c = x + y - w
                    if c < old and c <= top:
                        cur[i] = c
                        how[i] = code
            sub = (sub - 1) & mask
        return cur, how

    def _grow(self, cur: list[int], how: list[int]) -> None:
        """Extend every partial tree hex by hex, cheapest first."""
        top, weight = self.top, self.weight
        buckets: list[list[int]] = [[] for _ in range(top + 1)]
        for i, c in enumerate(cur):
            if c <= top:
                buckets[c].append(i)
        free, paid = self.free, self.paid
        for c in range(top + 1):
            bucket = buckets[c]
            for i in bucket:  # hexes of cost 0 join the bucket being read
                if cur[i] != c:
                    continue
                for j in free[i]:
                    if c < cur[j]:
                        cur[j] = c
                        how[j] = i
                        bucket.append(j)
                for j in paid[i]:
                    nc = c + weight[j]
                    if nc < cur[j] and nc <= top:
                        cur[j] = nc
                        how[j] = i
                        buckets[nc].append(j)


def _within_budget(ctx: Context, nodes: dict[str, int], terminals: list[set[str]], budget: int) -> dict[str, int]:
    """Only hexes a tree of at most `budget` satellites could use (cheapest distance to a terminal).
    Takes `ctx`: it reads the map alone (the hexes' costs come in `nodes`)."""
    dist: dict[str, int] = {}
    heap = []
    for group in terminals:
        for n in group:
            if n in nodes:
                dist[n] = 0
                heap.append((0, n))
    heapq.heapify(heap)
    while heap:
        c, n = heapq.heappop(heap)
        if c > dist.get(n, 10 ** 9):
            continue
        for m in ctx.map.neighbour_names[n]:
            w = nodes.get(m)
            if w is None:
                continue
            nc = c + w
            if nc <= budget and nc < dist.get(m, 10 ** 9):
                dist[m] = nc
                heapq.heappush(heap, (nc, m))
    return {n: w for n, w in nodes.items() if n in dist}  # in map order, not the order sets gave


def cheaper_part(chosen: list[int], values: list[int], need: int, sats: int, cost_of,
                  parts: bool = True, whole_first: bool = True) -> tuple[tuple[int, ...], int] | None:
    """(part, cost) of the first way to do with fewer than `sats` satellites, or None.

    The chosen groups themselves are tried, and (with `parts`) every smaller part of them that
    still reaches the power value `need`, smallest first; the whole first or last. `cost_of(part)`
    is the fewest satellites joining a part (None if it cannot be joined within the budget asked).
    """
    whole = (tuple(chosen),)
    smaller = (part for size in range(1, len(chosen)) for part in combinations(chosen, size)
               if sum(values[i] for i in part) >= need) if parts else ()
    for part in chain(whole, smaller) if whole_first else chain(smaller, whole):
        cost = cost_of(part)
        if cost is not None and cost < sats:
            return part, cost
    return None


class Fewest:
    """Fewest satellites joining some of the groups, exact whenever it is at most `budget` (else perhaps
    None), for the parts one federation's check asks about: each group's cheapest distances are worked out
    once for all of them (distances only: the check needs no layout), a part with two groups further
    apart than the budget is not searched, and a search keeps only the hexes within the budget of every
    group it joins."""

    def __init__(self, ctx: Context, nodes: dict[str, int], groups: list[set[str]], budget: int):
        self.ctx, self.nodes, self.groups, self.budget = ctx, nodes, groups, budget
        self.dists: dict[int, dict[str, int]] = {}

    def dist(self, i: int) -> dict[str, int]:
        found = self.dists.get(i)
        if found is None:
            found = self.dists[i] = distances(self.ctx, self.nodes, self.groups[i], self.budget)
        return found

    def apart(self, i: int, j: int) -> bool:
        """Whether no path within the budget joins groups i and j (then no tree holding both is within it)."""
        dist = self.dist(i)
        return not any(n in dist for n in self.groups[j])

    def cost(self, chosen) -> int | None:
        """Two groups are joined by a cheapest path and three by three cheapest paths meeting at one
        hex (every tree with three leaves is such a star); more need the general tree search."""
        groups = self.groups
        if len(chosen) == 1:
            return 0
        if len(chosen) == 2:
            dist = self.dist(chosen[0])
            return min((dist[n] for n in groups[chosen[1]] if n in dist), default=None)
        if len(chosen) == 3:
            best = meeting(self.nodes, [self.dist(i) for i in chosen])
            return None if best is None else best[0]
        if any(self.apart(i, j) for i, j in combinations(chosen, 2)):
            return None
        # every hex of a tree joining these groups reaches each of them inside the tree, so within the budget
        # each group's paths reach it: the search may leave out every other hex
        dists = [self.dist(i) for i in chosen]
        near = {n: w for n, w in self.nodes.items() if all(n in d for d in dists)}
        search = TreeSearch(self.ctx, near, [groups[i] for i in chosen], self.budget)
        return search.cheapest((1 << len(chosen)) - 1)[0]


def distances(ctx: Context, nodes: dict[str, int], sources: set[str], budget: int) -> dict[str, int]:
    """Cheapest cost (satellites entered) from a group to every usable hex within `budget`: `dijkstra`'s
    distances without the way back, grown level by level (hex costs are small non-negative integers,
    as in `TreeSearch`), with no heap. Takes `ctx`: it reads the map alone (the hexes' costs come in `nodes`)."""
    dist = {n: 0 for n in sources if n in nodes}
    levels: list[list[str]] = [list(dist)] + [[] for _ in range(max(budget, 0))]
    neighbours = ctx.map.neighbour_names
    for c, level in enumerate(levels):
        for n in level:  # hexes of cost 0 join the level being read
            if dist[n] != c:
                continue
            for m in neighbours[n]:
                w = nodes.get(m)
                if w is None:
                    continue
                nc = c + w
                if nc <= budget and nc < dist.get(m, nc + 1):
                    dist[m] = nc
                    levels[nc].append(m)
    return dist


def dijkstra(ctx: Context, nodes: dict[str, int], sources: set[str],
              budget: int | None = None) -> tuple[dict[str, int], dict[str, str]]:
    """Cheapest cost (satellites entered) from a group to every usable hex (within `budget`), with the way back.
    Takes `ctx`: it reads the map alone (the hexes' costs come in `nodes`)."""
    limit = 10 ** 9 if budget is None else budget
    dist = {n: 0 for n in sources if n in nodes}
    prev: dict[str, str] = {}
    heap = [(0, n) for n in dist]
    heapq.heapify(heap)
    while heap:
        c, n = heapq.heappop(heap)
        if c > dist[n]:
            continue
        for m in ctx.map.neighbour_names[n]:
            w = nodes.get(m)
            if w is not None and c + w <= limit and c + w < dist.get(m, 10 ** 9):
                dist[m] = c + w
                prev[m] = n
                heapq.heappush(heap, (c + w, m))
    return dist, prev


def joined(path: tuple[dict, dict], start: set[str], goal: set[str]):
    """The cheapest way between two groups (cost, hexes), from `start`'s distances."""
    dist, prev = path
    end = min((n for n in goal if n in dist), key=lambda n: (dist[n], n), default=None)
    if end is None:
        return None, None
    tree = set(start) | set(goal)
    n = end
    while n in prev and n not in start:
        tree.add(n)
        n = prev[n]
    return dist[end], tree


def star(nodes: dict[str, int], paths: list[tuple[dict, dict]], groups: list[set[str]]):
    """Cheapest tree joining three groups: three cheapest paths meeting at one hex."""
    best = meeting(nodes, [path[0] for path in paths])
    if best is None:
        return None, None
    tree: set[str] = set().union(*groups)
    for (dist, prev), group in zip(paths, groups):
        n = best[1]
        tree.add(n)
        while n in prev and n not in group:
            n = prev[n]
            tree.add(n)
    return best[0], tree


def meeting(nodes: dict[str, int], dists: list[dict[str, int]]) -> tuple[int, str] | None:
    """(cost, hex) of the cheapest hex where paths from each group meet (the hex paid for once), or None."""
    best = None
    for n, w in nodes.items():
        ds = [dist.get(n) for dist in dists]
        if None in ds:
            continue
        cost = sum(ds) - (len(ds) - 1) * w
        if best is None or (cost, n) < best:
            best = (cost, n)
    return best
