"""No function of gaia_rules/rules/ serves only one bundled faction.

Its slow tier: test_rules_reach.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from test_rules_reach import corpus_reach, one_faction_functions, reach_of_test_factions

pytestmark = pytest.mark.slow


def test_no_rules_function_is_reached_only_because_one_bundled_faction_plays():
    bundled, tests = corpus_reach(), reach_of_test_factions()
    assert len(bundled) > 300  # the trace saw the engine at work
    assert len(bundled[("building", "place_new")]) == 14  # every faction's moves build mines
    assert one_faction_functions(bundled, tests) == {}
