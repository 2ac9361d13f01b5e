"""Federations: forming one (power value, satellites, the fewest-satellites rule).

A federation is a connected group of hexes: the player's pieces with a power
value and empty space hexes that receive satellites. The group needs the
holder's `federation_threshold` (plus `federation_threshold_growth` per federation so far),
may not touch the holder's other federations, and must use the fewest
satellites that can connect its pieces.
"""
from __future__ import annotations

import heapq
from itertools import chain, combinations
from typing import Callable

from ..language import ast
from ..state import GameState, Pending
from . import choices, effects, power, sharing
from .common import hex_name, queue
from .context import Context
from .errors import IllegalMoveError, MoveSyntaxError


def piece_value(ctx: Context, state: GameState, p: int, name: str) -> int:
    """Power value of player p's piece (or guest mine) on `name` for federations (0 if none, or if the
    piece is not part of federations: `in_federations`)."""
    h = state.board.get(name)
    if not sharing.has_structure(ctx.content, state, h, p, "federation"):
        return 0
    return ctx.holdings.power_value(state, p, name, "federation")


def member_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes holding a piece of p that can be part of a federation (value > 0)."""
    return {n for n, h in state.board.items()
            if sharing.has_piece(h, p) and piece_value(ctx, state, p, n) > 0}


def federated(state: GameState, p: int) -> set[str]:
    return {n for n, h in state.board.items() if p in h.federations}


# ------------------------------------------------------------------ growing federations
#
# Under `federation_mode: growing` a player has one federation that each new one extends (it may
# use the hexes of the one they have, and nothing is blocked next to it); its threshold grows with
# `federation_threshold_growth` per federation token held, or per federation formed
# (`growing_federation_count: formed`). Every difference growing makes is in this section.

def growing(ctx: Context, state: GameState, p: int) -> bool:
    return ctx.holdings.param(state, p, "federation_mode") == "growing"


def threshold(ctx: Context, state: GameState, p: int) -> int:
    """`federation_threshold`, plus `federation_threshold_growth` per federation token (or formation) so far."""
    base, growth = ctx.holdings.param(state, p, "federation_threshold"), ctx.holdings.param(state, p, "federation_threshold_growth")
    player = state.players[p]
    done = player.federations_formed if ctx.content.game_params["growing_federation_count"] == "formed" else len(player.fed_tokens)
    return base + growth * done


def grown_from(ctx: Context, state: GameState, p: int) -> set[str]:
    """The hexes a new federation of p extends: their federation when growing, else none."""
    return federated(state, p) if growing(ctx, state, p) else set()


def _grow(ctx: Context, state: GameState, p: int, group: set[str], members: set[str]) -> set[str]:
    """A growing federation's group takes in the one it extends (which it must reach)."""
    if not growing(ctx, state, p):
        return group
    have = federated(state, p)
    group = _closure(ctx, state, p, group, members | have)
    if have and not (have <= group):
        raise IllegalMoveError("federation", "your new federation must extend the one you have")
    return group


def _record(ctx: Context, state: GameState, p: int, group: set[str]) -> None:
    """The player's federations after forming `group`: a new one, or the one it extends, grown."""
    player = state.players[p]
    if growing(ctx, state, p) and player.federations:
        player.federations[0] = sorted(set(player.federations[0]) | group)
    else:
        player.federations.append(sorted(group))


def blocked_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes a new federation of p may not use: in or next to p's federations (unless growing)."""
    if growing(ctx, state, p):
        return set()
    out = set()
    for name in federated(state, p):
        out.add(name)
        out.update(ctx.map.neighbour_names[name])
    return out


def satellite_spot(ctx: Context, state: GameState, p: int, name: str) -> bool:
    """Whether p may put a satellite on `name`: empty space without p's own piece or satellite.

    Other players' satellites and stations may share the hex.
    """
    h = state.board.get(name)
    if ctx.map.kind_at(state, name) != "space":
        return False
    return h is None or (h.owner != p and p not in h.satellites)


def _flood(ctx: Context, start: set[str], allowed: set[str]) -> set[str]:
    """`start` plus every hex of `allowed` reachable from it through neighbours."""
    group = set(start)
    frontier = list(group)
    while frontier:
        for n in ctx.map.neighbour_names[frontier.pop()]:
            if n in allowed and n not in group:
                group.add(n)
                frontier.append(n)
    return group


def _closure(ctx: Context, state: GameState, p: int, hexes: set[str], members: set[str]) -> set[str]:
    """Add every piece of p connected to the group through adjacency."""
    return _flood(ctx, hexes, members)


def connected(ctx: Context, hexes: set[str]) -> bool:
    return bool(hexes) and _flood(ctx, {next(iter(hexes))}, hexes) == hexes


def check_federation(ctx: Context, state: GameState, p: int, listed: list[str],
                     verify_fewest: bool = True, known: tuple[set[str], set[str]] | None = None
                     ) -> tuple[set[str], set[str]]:
    """Validate a federation; returns (all hexes, satellite hexes).

    `verify_fewest=False` skips the fewest-satellites search, for candidates
    that were built as cheapest trees in the first place; `known` passes
    (member_hexes, blocked_hexes) when the caller has them already.
    """
    if len(set(listed)) != len(listed):
        raise IllegalMoveError("federation", "a hex is listed twice")
    members, blocked = known if known is not None else (member_hexes(ctx, state, p), blocked_hexes(ctx, state, p))
    sats = set()
    grown = grown_from(ctx, state, p)
    for name in listed:
        if name in members:
            if name in blocked:
                raise IllegalMoveError("federation", f"{name} is already in or next to one of your federations")
            continue
        if name in grown:
            continue
        if not satellite_spot(ctx, state, p, name):
            raise IllegalMoveError("federation", f"{name} can take neither your piece nor a satellite")
        if name in blocked:
            raise IllegalMoveError("federation", f"{name} is next to one of your federations")
        sats.add(name)
    group = _closure(ctx, state, p, set(listed), members - blocked)
    group = _grow(ctx, state, p, group, members)
    if not connected(ctx, group):
        raise IllegalMoveError("federation", "the hexes of a federation must be connected")
    value = sum(piece_value(ctx, state, p, n) for n in group if n in members)
    need = threshold(ctx, state, p)
    if value < need:
        raise IllegalMoveError("federation", f"power value {need} needed, these pieces have {value}")
    player = state.players[p]
    limit = ctx.content.catalogue.game["satellite_limit"]
    if player.satellites + len(sats) > min(limit, _satellites_affordable(ctx, state, p) + player.satellites):
        raise IllegalMoveError("federation", "the federation requires too many satellites")
    if verify_fewest:
        _check_fewest(ctx, state, p, group, sats, members, blocked, need)
    return group, sats


def _satellite_price(ctx: Context, state: GameState, p: int) -> tuple[ast.Pay, ...]:
    """What player p pays per satellite: the holder's `satellite_cost` (parameters.yaml)."""
    return ctx.holdings.param(state, p, "satellite_cost")


def _satellites_affordable(ctx: Context, state: GameState, p: int) -> int:
    """How many satellites player p can pay for now (a free satellite: as many as the limit allows)."""
    player = state.players[p]
    counts = []
    for pay in _satellite_price(ctx, state, p):
        have = power.tokens_in_cycle(player) if pay.resource == "t" else ctx.content.held_amount(player, pay.resource)
        counts.append((have or 0) // pay.count if pay.count else ctx.content.catalogue.game["satellite_limit"])
    return min(counts, default=ctx.content.catalogue.game["satellite_limit"])


def _groups(ctx: Context, hexes: set[str]) -> list[set[str]]:
    """Connected components of a set of hexes."""
    out: list[set[str]] = []
    seen: set[str] = set()
    for start in sorted(hexes):
        if start not in seen:
            comp = _flood(ctx, {start}, hexes)
            seen |= comp
            out.append(comp)
    return out


def _graph(ctx: Context, state: GameState, p: int, members: set[str], blocked: set[str]) -> dict[str, int]:
    """Hexes a federation of p may use, with their cost: 0 for p's pieces, 1 for a satellite."""
    nodes = {}
    fed = grown_from(ctx, state, p)
    space, board, kinds = ctx.map.printed_space, state.board, ctx.map.kinds
    for name in ctx.map.by_name:
        if name in members or name in fed:
            nodes[name] = 0
        elif name in space and name not in blocked:
            # `satellite_spot`, inline (this reads every hex of the map): printed space, unless a planet came there
            h = board.get(name)
            if h is None or ((h.planet is None or kinds.get(h.planet) == "space")
                             and h.owner != p and p not in h.satellites):
                nodes[name] = 1
    return nodes


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
    """Only hexes a tree of at most `budget` satellites could use (cheapest distance to a terminal)."""
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


def _check_fewest(ctx: Context, state: GameState, p: int, group: set[str], sats: set[str],
                  members: set[str], blocked: set[str], need: int) -> None:
    """A federation must use the fewest satellites: for its planets, and for any part that suffices."""
    planets = {n for n in group if n in members}
    groups = _groups(ctx, planets | (grown_from(ctx, state, p) & group))
    if len(groups) <= 1:
        if sats:
            raise IllegalMoveError("federation", "these pieces are already connected; satellites are not needed")
        return
    nodes = _graph(ctx, state, p, members, blocked)
    values = [sum(piece_value(ctx, state, p, n) for n in g) for g in groups]
    fewest = _Fewest(ctx, nodes, groups, len(sats) - 1)
    found = _cheaper_part(list(range(len(groups))), values, need, len(sats), fewest.cost,
                          parts=not growing(ctx, state, p))
    if found is None:
        return
    part, cost = found
    if len(part) == len(groups):
        raise IllegalMoveError("federation", f"the federation can be built with fewer satellites ({cost})")
    raise IllegalMoveError("federation", "a smaller federation of some of these pieces needs fewer satellites")


class _NotWorkedOut(Exception):
    """A fewest-satellites question that would take longer than the caller may spend."""


def _cheaper_part(chosen: list[int], values: list[int], need: int, sats: int, cost_of,
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


class _Fewest:
    """Fewest satellites joining some of the groups, exact whenever it is at most `budget` (else perhaps
    None), for the parts one federation's check asks about: each group's cheapest paths are worked out
    once for all of them, a part with two groups further apart than the budget is not searched, and a
    search keeps only the hexes within the budget of every group it joins."""

    def __init__(self, ctx: Context, nodes: dict[str, int], groups: list[set[str]], budget: int):
        self.ctx, self.nodes, self.groups, self.budget = ctx, nodes, groups, budget
        self.paths: dict[int, tuple[dict, dict]] = {}

    def path(self, i: int) -> tuple[dict, dict]:
        found = self.paths.get(i)
        if found is None:
            found = self.paths[i] = _dijkstra(self.ctx, self.nodes, self.groups[i], self.budget)
        return found

    def apart(self, i: int, j: int) -> bool:
        """Whether no path within the budget joins groups i and j (then no tree holding both is within it)."""
        dist = self.path(i)[0]
        return not any(n in dist for n in self.groups[j])

    def cost(self, chosen) -> int | None:
        """Two groups are joined by a cheapest path and three by three cheapest paths meeting at one
        hex (every tree with three leaves is such a star); more need the general tree search."""
        groups = self.groups
        if len(chosen) == 1:
            return 0
        if len(chosen) == 2:
            return _joined(self.path(chosen[0]), groups[chosen[0]], groups[chosen[1]])[0]
        if len(chosen) == 3:
            return _star(self.nodes, [self.path(i) for i in chosen], [groups[i] for i in chosen])[0]
        if any(self.apart(i, j) for i, j in combinations(chosen, 2)):
            return None
        # every hex of a tree joining these groups reaches each of them inside the tree, so within the budget
        # each group's paths reach it: the search may leave out every other hex
        dists = [self.path(i)[0] for i in chosen]
        near = {n: w for n, w in self.nodes.items() if all(n in d for d in dists)}
        search = TreeSearch(self.ctx, near, [groups[i] for i in chosen], self.budget)
        return search.cheapest((1 << len(chosen)) - 1)[0]


def form_federation(ctx: Context, state: GameState, move) -> None:
    p = move.player
    if len(move.args) < 2:
        raise MoveSyntaxError.of_move(move, "federation needs its hexes and a token", len(move.args))
    listed = [hex_name(ctx, x) for x in move.args[0].split(",") if x]
    token = move.args[1]
    if state.fed_supply.get(token, 0) <= 0:
        raise IllegalMoveError("federation", f"no federation token {token} left")
    group, sats = check_federation(ctx, state, p, listed)
    follow: list[Pending] = []
    _pay_satellites(ctx, state, p, len(sats), follow)
    player = state.players[p]
    for name in sorted(group):
        h = state.hex(name)
        if p not in h.federations:
            h.federations.append(p)
        if name in sats:
            h.satellites.append(p)
    player.satellites += len(sats)
    _record(ctx, state, p, group)
    player.federations_formed += 1
    state.fed_supply[token] -= 1
    formed = effects.Event("federation", frozenset(("formed", token)), {"satellite": len(sats)}, tuple(sorted(group)))
    follow.extend(effects.gain_fed_token(ctx, state, p, token, "federation", formed))
    queue(state, follow)


def _pay_satellites(ctx: Context, state: GameState, p: int, n: int, follow: list[Pending]) -> None:
    """Pay the satellite price n times: tokens discarded (`t`) by the player's choice, the rest as any price."""
    if n == 0:
        return
    for pay in _satellite_price(ctx, state, p):
        if pay.resource == "t":
            choices.take_with_choice(ctx, state, p, pay.count * n, "discard", follow)
        else:
            effects.pay(ctx, state, p, [ast.Pay(pay.count * n, pay.resource)], "federation")


def possible_federations(ctx: Context, state: GameState, p: int, limit: int = 64) -> list[str]:
    """Federations player p could form now (cached by the board, the budget and the rules that matter)."""
    key = (p, limit, _satellites_affordable(ctx, state, p), threshold(ctx, state, p),
           tuple(sorted((n, h.owner, h.piece, h.planet, sharing.shared_by(h), tuple(h.satellites), tuple(h.federations))
                        for n, h in state.board.items())),
           tuple(sorted(state.fed_supply.items())), ctx.holdings.of(state, p).signature)
    return list(ctx.map.kept("federations", key, lambda: _possible_federations(ctx, state, p, limit)))


ROW_LIMIT = 100   # partial trees (rows of the tree search) computed per listing


def _possible_federations(ctx: Context, state: GameState, p: int, limit: int) -> list[str]:
    """Federations player p could form now: one cheapest layout per set of planets.

    Combinations of building groups that just reach the required value are
    tried closest first; each is joined by a cheapest satellite tree (a path
    for two groups, a star for three, an exact tree search beyond). At most
    `limit` combinations are tried, and tree searches stop once `ROW_LIMIT`
    partial trees have been computed, which bounds the time of a late-game
    listing.
    """
    listing = _Listing.of(ctx, state, p)
    if listing is None:
        return []
    combos = listing.combinations(limit)
    listing.start_search(combos)
    return listing.checked(listing.layouts(combos))


class _Listing:
    """One listing of possible federations: the player's building groups, the satellite graph between
    them and what was already worked out (paths, gaps, costs of parts), shared by its steps."""

    def __init__(self, ctx: Context, state: GameState, p: int, members, blocked, groups, values, need, grown):
        self.ctx, self.state, self.p = ctx, state, p
        self.members, self.blocked, self.free = members, blocked, members - blocked
        self.groups, self.values, self.need = groups, values, need
        self.base = [grown] if grown else []
        self.base_value = sum(piece_value(ctx, state, p, n) for n in self.base[0]) if self.base else 0
        self.nodes = _graph(ctx, state, p, members, blocked)
        self.budget = _satellites_affordable(ctx, state, p)
        self.paths = [_dijkstra(ctx, self.nodes, g) for g in groups]
        self.gaps: dict[tuple[int, int], int] = {}
        self.part_costs: dict[tuple[int, ...], int | None] = {}  # fewest satellites joining some groups
        self.search: TreeSearch | None = None

    @classmethod
    def of(cls, ctx: Context, state: GameState, p: int) -> "_Listing | None":
        """The listing, or None when all the player's buildings together cannot reach the value needed."""
        members = member_hexes(ctx, state, p)
        blocked = blocked_hexes(ctx, state, p)
        groups = _groups(ctx, members - blocked)
        need = threshold(ctx, state, p)
        values = [sum(piece_value(ctx, state, p, n) for n in g) for g in groups]
        grown = grown_from(ctx, state, p)
        if sum(values) + sum(piece_value(ctx, state, p, n) for n in grown) < need:
            return None
        return cls(ctx, state, p, members, blocked, groups, values, need, grown)

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
        self.search = TreeSearch(self.ctx, self.nodes, self.groups + self.base, cap)

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
                cost, tree = _joined(paths[combo[0]], groups[combo[0]], groups[combo[1]])
            elif size == 3 and not self.base:
                cost, tree = _star(self.nodes, [paths[i] for i in combo], [groups[i] for i in combo])
            else:
                if len(self.search.rows) >= ROW_LIMIT:
                    break  # bounds the time of a late-game search
                cost, tree = self.search.cheapest(base_bit | sum(1 << i for i in combo))
            if cost is None or cost > self.budget:
                continue
            hexes = _closure(self.ctx, self.state, self.p, tree, self.free)
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
                self.part_costs[part] = _joined(paths[part[0]], groups[part[0]], groups[part[1]])[0]
            elif len(part) == 3:
                self.part_costs[part] = _star(self.nodes, [paths[i] for i in part], [groups[i] for i in part])[0]
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
                _group, sats = check_federation(self.ctx, self.state, self.p, hexes,
                                                verify_fewest=absorbed and bool(self.base),
                                                known=(self.members, self.blocked))
            except IllegalMoveError:
                continue
            if absorbed and not self.base:
                # buildings beside the satellites joined it: is it still the fewest for every part?
                chosen = sorted({group_of[n] for n in planets})
                try:
                    if _cheaper_part(chosen, self.values, self.need, len(sats),
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


def _dijkstra(ctx: Context, nodes: dict[str, int], sources: set[str],
              budget: int | None = None) -> tuple[dict[str, int], dict[str, str]]:
    """Cheapest cost (satellites entered) from a group to every usable hex (within `budget`), with the way back."""
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


def _joined(path: tuple[dict, dict], start: set[str], goal: set[str]):
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


def _star(nodes: dict[str, int], paths: list[tuple[dict, dict]], groups: list[set[str]]):
    """Cheapest tree joining three groups: three cheapest paths meeting at one hex."""
    best = None
    for n, w in nodes.items():
        ds = [path[0].get(n) for path in paths]
        if None in ds:
            continue
        cost = sum(ds) - 2 * w
        if best is None or (cost, n) < best:
            best = (cost, n)
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


def _outclassed(planets: frozenset, sats: int, other: frozenset, other_sats: int) -> bool:
    """A federation is outclassed by one with fewer satellites on a subset (or the same set) of its planets."""
    if sats <= other_sats or len(planets) < len(other):
        return False
    return other < planets or other == planets
