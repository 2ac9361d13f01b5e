"""Bots: seeded, they only play listed moves, and whole games finish.

Its slow tier: test_bots.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.players import RandomBot
from gaia_rules.setup import random_setup
from gaia_rules.formats.movetext import move_text, parse_move

from test_bots import _mid_game_state, engine

pytestmark = pytest.mark.slow


def test_listed_moves_written_in_the_site_notation_read_back_to_the_same_play(engine):
    """`gaia moves` prints a move in the notation; `gaia move` reads it back: both must agree."""
    setup = random_setup(engine.catalogue, 3, "notation")
    state = engine.new_game(setup)
    bots = [RandomBot(p) for p in range(3)]
    checked = 0
    while not state.ended and checked < 3000:
        legal = engine.legal_moves(state)
        for m in legal:
            back = parse_move(engine, state, move_text(engine, state, m))
            a, b = engine.apply(state, m).to_dict(), engine.apply(state, back).to_dict()
            a.pop("moves"), b.pop("moves")     # the record may spell an equivalent move differently
            assert a == b, move_text(engine, state, m)
            checked += 1
        state = engine.apply(state, bots[engine.to_move(state)].choose(engine, state, legal))


def test_random_move_is_uniform_over_the_legal_moves(engine):
    """Drawing candidates until one is accepted gives each legal move the same chance."""
    import random
    from collections import Counter

    state = _mid_game_state(engine, "uniform", 40)
    legal = engine.legal_moves(state)
    assert len(legal) >= 3
    rng = random.Random(11)
    draws = 300 * len(legal)
    counts = Counter(engine.random_move(state, rng)[0] for _ in range(draws))
    assert set(counts) == set(legal)
    # each share within 40% of 1/n (a 6-sigma band for these sample sizes)
    assert all(0.6 * 300 <= c <= 1.4 * 300 for c in counts.values())
