"""Every range the rules can reach (issue 39, item 7): docs/ranges.md holds each one, and games are played

Its slow tier: test_ranges.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from test_ranges import ENDS, _engine, _played, _plays_to_the_end

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("files", ENDS.values(), ids=list(ENDS))
def test_bots_play_to_the_end_at_each_end_of_the_ranges_the_rules_read(tmp_path, files):
    _plays_to_the_end(tmp_path, files)


@pytest.mark.parametrize("value", [1, 10])
def test_bots_play_to_the_end_with_the_special_token_worth_each_end(tmp_path, value):
    eng = _engine(tmp_path, {"f.yaml": f"kind: faction\npatch: taklons\nspecial_token: {{spend_value: {value}}}\n"})
    assert _played(eng, ("taklons", "terrans")).ended
