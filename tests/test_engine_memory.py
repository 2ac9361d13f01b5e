"""A long-running program (a bot tournament) does not grow without bound: the engine keeps the
contexts (map and caches) of at most `Engine.CONTEXTS_KEPT` maps, and every cache is bounded."""
from __future__ import annotations

from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup


def test_the_engine_keeps_a_bounded_number_of_maps():
    engine = Engine()
    for i in range(Engine.CONTEXTS_KEPT + 10):
        engine.new_game(random_setup(engine.catalogue, 2, f"maps-{i}"))
    assert len(engine._contexts) == Engine.CONTEXTS_KEPT
    # the map of the newest game is still there, and a dropped one comes back when needed
    state = engine.new_game(random_setup(engine.catalogue, 2, "maps-0"))
    assert engine.context(state) is engine.context(state)


def test_tables_kept_on_the_map_start_over_at_their_limit():
    engine = Engine()
    ctx = engine.context(engine.new_game(random_setup(engine.catalogue, 2, "tables")))
    computed = []

    def compute(i):
        computed.append(i)
        return i * 10

    for i in range(3):
        assert ctx.map.kept("test", i, lambda: compute(i), limit=3) == i * 10
    assert ctx.map.kept("test", 0, lambda: compute(0), limit=3) == 0  # kept: not computed again
    assert ctx.map.kept("test", 3, lambda: compute(3), limit=3) == 30  # the fourth starts the table over
    assert ctx.map.kept("test", 0, lambda: compute(0), limit=3) == 0
    assert computed == [0, 1, 2, 3, 0]


def test_values_derived_from_one_holding_start_over_at_their_limit():
    from gaia_rules.rules.holdings import Holding

    engine = Engine()
    state = engine.new_game(random_setup(engine.catalogue, 2, "derived"))
    holding = engine.context(state).holdings.of(state, 0)
    computed = []

    def compute(_content, _held, i):
        computed.append(i)
        return i

    for i in range(Holding.DERIVED_KEPT + 1):
        holding.derived(compute, i)
    holding.derived(compute, Holding.DERIVED_KEPT)   # kept after the start-over
    holding.derived(compute, 0)                      # dropped by it
    assert computed == list(range(Holding.DERIVED_KEPT + 1)) + [0]


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
