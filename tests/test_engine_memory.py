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
