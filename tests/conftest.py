"""Test-wide settings."""
from __future__ import annotations

from gaia_rules.rules.context import Context

# Every signature the engine keeps while it works on a state is re-read and compared, so a rule
# that changes what a player holds without calling `Context.holdings_changed` fails whichever test
# touches it (see tests/test_rules_memo.py).
Context.check_memo = True
