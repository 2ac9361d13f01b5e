"""The fewest-satellites search behind federation checks and listings.

`TreeSearch` (Dreyfus-Wagner on hex costs) is checked against independent
answers: a cheapest path for two groups, three cheapest paths meeting at one
hex for three, and brute force over satellite sets for four. The listing is
checked where one group alone suffices (no satellites at all).
"""
from __future__ import annotations

import itertools
import random

import pytest

from rules_helpers import clear, ctx, dist, fed_layouts, hexes, legal_texts, put, set_turn, start
from gaia_rules.rules.federation_trees import Fewest, TreeSearch, dijkstra, distances, joined, star
from gaia_rules.rules.federations import _flood


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="feds", round_tiles=["score3"] * 6)


def _world(state, rng, blocked_share=0.2):
    """Every map hex as a node: planets cost 0 (as if ours), space 1; some hexes left out (blocked)."""
    c = ctx(state)
    names = sorted(c.map.by_name)
    return c, {n: (1 if n in set(hexes(state, "empty")) else 0) for n in names if rng.random() > blocked_share}


def groups_of(nodes, rng, k, radius_from=None, state=None):
    """k single-hex terminal groups among the nodes."""
    pool = sorted(nodes)
    if radius_from is not None:
        pool = [n for n in pool if dist(state, n, radius_from) <= 2]
    picked = rng.sample(pool, k)
    return [{n} for n in picked]


@pytest.mark.parametrize("seed", range(12))
def test_two_groups_cost_a_cheapest_path_and_three_a_cheapest_star(base, seed):
    rng = random.Random(seed)
    c, nodes = _world(base, rng)
    for k in (2, 3):
        groups = groups_of(nodes, rng, k)
        # terminals are the player's pieces: free
        local = dict(nodes, **{next(iter(g)): 0 for g in groups})
        cost, tree = TreeSearch(c, local, groups).cheapest((1 << k) - 1)
        paths = [dijkstra(c, local, g) for g in groups]
        expected = joined(paths[0], groups[0], groups[1])[0] if k == 2 else star(local, paths, groups)[0]
        assert cost == expected
        if cost is not None:
            assert _connected_cost(c, local, tree, groups) == cost


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("budget", [-1, 0, 1, 3, 8])
def test_the_checks_distances_are_dijkstras_within_the_budget(base, seed, budget):
    """The federation check grows distances level by level (no heap, no way back): the same hexes at the same
    cost as Dijkstra's within the budget, and the same cost for two and three groups."""
    rng = random.Random(seed)
    c, nodes = _world(base, rng)
    groups = groups_of(nodes, rng, 3)
    for g in groups:
        assert distances(c, nodes, g, budget) == dijkstra(c, nodes, g, budget)[0]
    fewest = Fewest(c, nodes, groups, budget)
    paths = [dijkstra(c, nodes, g, budget) for g in groups]
    assert fewest.cost((0, 1)) == joined(paths[0], groups[0], groups[1])[0]
    assert fewest.cost((0, 1, 2)) == star(nodes, paths, groups)[0]


def _brute_force(c, nodes, groups, most):
    """Fewest hexes of cost 1 that connect the groups, trying every set of at most `most` of them."""
    terminals = set().union(*groups)
    free = {n for n, w in nodes.items() if w == 0}
    paid = sorted(n for n, w in nodes.items() if w == 1)
    for size in range(most + 1):
        for extra in itertools.combinations(paid, size):
            if terminals <= _flood(c.map, {min(terminals)}, free | set(extra)):
                return size
    return None


def _connected_cost(c, nodes, tree, groups):
    """The tree's cost (its hexes' costs), after checking that it joins every group."""
    terminals = set().union(*groups)
    assert terminals <= _flood(c.map, {min(terminals)}, set(tree))
    return sum(nodes[n] for n in tree)


@pytest.mark.parametrize("seed", range(16))
def test_four_groups_cost_what_brute_force_finds(base, seed):
    rng = random.Random(100 + seed)
    c, nodes = _world(base, rng, blocked_share=0.0)
    centre = rng.choice(sorted(nodes))
    groups = groups_of(nodes, rng, 4, radius_from=centre, state=base)
    # a small patch of the map where most hexes cost a satellite, so trees need a few
    local = {n: (0 if rng.random() < 0.15 else 1) for n in nodes if dist(base, n, centre) <= 2}
    local.update({next(iter(g)): 0 for g in groups})
    cost, tree = TreeSearch(c, local, groups).cheapest(0b1111)
    assert cost == _brute_force(c, local, groups, 5)
    assert _connected_cost(c, local, tree, groups) == cost


def test_a_budget_finds_only_trees_within_it(base):
    rng = random.Random(7)
    c, nodes = _world(base, rng, blocked_share=0.0)
    groups = groups_of(nodes, rng, 4)
    local = dict(nodes, **{next(iter(g)): 0 for g in groups})
    cost, _ = TreeSearch(c, local, groups).cheapest(0b1111)
    assert cost is not None and cost >= 2
    assert TreeSearch(c, local, groups, cost).cheapest(0b1111)[0] == cost
    assert TreeSearch(c, local, groups, cost - 1).cheapest(0b1111) == (None, None)


def test_a_group_that_suffices_alone_is_listed_without_satellites(base):
    """Xenos with their PI need power value 6: a PI and an academy side by side are a federation."""
    s = set_turn(clear(base.clone(), power=(6, 0, 0, 0)), 1)
    a, b, _c, _e = fed_layouts(s)[0]
    put(s, a, 1, "PI")
    put(s, b, 1, "ac1")
    assert f"federation {','.join(sorted((a, b)))} fed5" in legal_texts(s)
