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


def test_context_tables_start_over_past_their_limit():
    engine = Engine()
    ctx = engine.context(engine.new_game(random_setup(engine.catalogue, 2, "tables")))
    table = ctx.table("test", limit=3)
    table.update({i: i for i in range(4)})
    assert ctx.table("test", limit=3) == {}
    assert ctx.table("test", limit=3) is table


def test_games_on_one_map_played_in_threads_match_the_same_games_played_alone():
    """The signatures the engine keeps while it works on a state are per thread."""
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
