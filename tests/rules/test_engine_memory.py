"""A long-running program (a bot tournament) does not grow without bound: the engine keeps every
table it works out (contexts, holdings, searches on the map, derived values) in one cache with one
size limit (`rules/cache.py`), which starts over when full."""
from __future__ import annotations

from gaia_rules.rules import Engine
from gaia_rules.rules.cache import LIMIT, Cache
from gaia_rules.setup import random_setup


def test_the_engine_keeps_at_most_its_caches_limit_of_entries():
    engine = Engine()
    assert engine.cache.limit == LIMIT
    engine.cache.limit = 40
    sizes = []
    for i in range(12):   # a new map each game: contexts, maps' tables, holdings
        engine.new_game(random_setup(engine.catalogue, 2, f"maps-{i}"))
        sizes.append(len(engine.cache))
    assert max(sizes) <= 40 and min(sizes[1:]) >= 1
    # a dropped context comes back when needed, and is then kept
    state = engine.new_game(random_setup(engine.catalogue, 2, "maps-0"))
    assert engine.context(state) is engine.context(state)


def test_every_view_keeps_its_tables_in_the_engines_one_cache():
    engine = Engine()
    state = engine.new_game(random_setup(engine.catalogue, 2, "tables"))
    ctx = engine.context(state)
    assert ctx.cache is engine.cache is ctx.map.cache is ctx.content.cache is ctx.holdings.cache
    computed = []

    def compute(i):
        computed.append(i)
        return i * 10

    engine.cache.limit = len(engine.cache) + 3
    for i in range(3):
        assert ctx.map.kept("test", i, lambda: compute(i)) == i * 10
    assert ctx.map.kept("test", 0, lambda: compute(0)) == 0  # kept: not computed again
    assert ctx.content.kept("test", 3, lambda: compute(3)) == 30  # the cache is full: it starts over
    assert len(engine.cache) == 1
    assert ctx.map.kept("test", 0, lambda: compute(0)) == 0
    assert computed == [0, 1, 2, 3, 0]


def test_values_derived_from_one_holding_are_kept_in_the_engines_cache():
    engine = Engine()
    state = engine.new_game(random_setup(engine.catalogue, 2, "derived"))
    holding = engine.context(state).holdings.of(state, 0)
    computed = []

    def compute(_content, _held, i):
        computed.append(i)
        return i

    before = len(engine.cache)
    for i in (0, 1, 0, 1):
        holding.derived(compute, i)
    assert computed == [0, 1] and len(engine.cache) == before + 2


def test_a_full_cache_starts_over():
    cache = Cache(limit=2)
    assert [cache.get(k, lambda k=k: k * 2) for k in (1, 2, 1, 3, 1)] == [2, 4, 2, 6, 2]
    assert len(cache) == 2 and cache.peek(3) == 6 and cache.peek(2) is None


def test_games_on_one_map_played_in_threads_match_the_same_games_played_alone():
    """What the engine keeps about a game (each player's holding) goes with that game's state, never
    with the Context the threads share."""
    import sys
    import threading

    from gaia_rules.players import RandomBot, play_game

    engine = Engine()
    setup = random_setup(engine.catalogue, 3, "threads")  # one map, hence one shared Context

    def game(k):
        return play_game(engine, setup, [RandomBot(f"threads-{k}/{i}") for i in range(3)]).to_json()

    alone = [game(k) for k in range(3)]
    results = [None] * 3

    def run(k):
        results[k] = game(k)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert results == alone


def test_a_clone_shares_the_hexes_until_either_state_changes_one():
    """The board is copied on write: a change to a clone's hex, or to the original's after the
    clone was taken, is seen by that state only; hexes nobody changed stay shared."""
    from gaia_rules.players import RandomBot, play_game

    engine = Engine()
    state = play_game(engine, random_setup(engine.catalogue, 2, "cow"), [RandomBot("cow/0"), RandomBot("cow/1")])
    before = state.to_json()
    taken = next(name for name, h in state.board.items() if h.piece is not None)
    other = next(name for name, h in state.board.items() if h.piece is not None and name != taken)
    clone = state.clone()
    assert clone.board[other] is state.board[other]
    clone.hex(taken).piece = "changed"
    clone.hex(taken).federations.append(9)
    assert state.to_json() == before and state.board[taken].piece != "changed"
    state.hex(other).guests.append(7)
    assert 7 not in clone.board[other].guests
    assert clone.clone().to_json() == clone.to_json()


def test_what_the_rules_keep_beside_a_state_goes_when_the_state_does():
    """The players' holdings kept beside each state (by its identity, `holdings._STATES`) are dropped
    with the state: applying moves leaves no entry of a state nobody holds any more."""
    import gc

    from gaia_rules.rules import holdings
    from gaia_rules.players import RandomBot, play_game

    engine = Engine()
    gc.collect()
    before = len(holdings._STATES)
    state = play_game(engine, random_setup(engine.catalogue, 2, "kept"), [RandomBot("kept/0"), RandomBot("kept/1")])
    assert len(state.moves) > 50   # a whole game: a state applied to at every move
    del state
    gc.collect()
    assert len(holdings._STATES) <= before
