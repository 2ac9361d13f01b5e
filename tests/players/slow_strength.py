"""The fast bot's level against the standard Automa: a guard that fails if it falls back (issue 38).

Issue 38 asks for a fast bot that wins half its games against the standard Automa; it does not yet
(docs/bots.md: about 17% on fresh deals, 117 VP against 134). Until it does, this guard holds the level
it has: on one deal of guard seeds against each of the 7 Automa cards, the fast bot (shipped weights,
the planner on) stays within 35 VP of the Automa on average and scores at least 100 VP, and it scores
no less than the same bot without its planner on the same 7 games. A change that breaks the estimate,
the planner or the Automa's deck shows as a collapse far below these.
"""
from __future__ import annotations

import statistics

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.players.arena import play_spec, solo_schedule
from gaia_rules.players.fast import default_weights, without_planning

pytestmark = pytest.mark.slow


def _solo_games(weights: dict[str, float] | None) -> list[tuple[int, int]]:
    catalogue = default_catalogue()
    cards = sorted(catalogue.automa.factions)
    level = catalogue.automa.rules.standard_difficulty
    specs = solo_schedule(catalogue, ["fast"], 1, "guard38", cards, [level])
    pairs = tuple(sorted(weights.items())) if weights else None
    return [play_spec(spec, weights=pairs).vp for spec in specs]


def test_the_fast_bot_keeps_its_level_against_the_standard_automa_and_its_planner_pays():
    planned = _solo_games(None)
    one_ply = _solo_games(without_planning(default_weights()))
    margin = statistics.mean(vp - automa for vp, automa in planned)
    assert len(planned) == 7
    assert statistics.mean(vp for vp, _ in planned) >= 100
    assert margin >= -35, f"the fast bot fell back: {margin:+.1f} VP against the standard Automa"
    assert sum(vp for vp, _ in planned) >= sum(vp for vp, _ in one_ply), (planned, one_ply)
