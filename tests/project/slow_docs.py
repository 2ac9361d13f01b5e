"""The README and docs/*.md say what is true: their commands run, print what is shown, and what they name exists.

Its slow tier: test_docs.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

import docs_harness as harness
from test_docs import NAMES, REPO, _fail_on

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", NAMES)
def test_every_command_of_the_document_prints_what_it_shows_slow_ones_included(name):
    """Slow tier: the whole document, the bot games, benchmarks and lab runs included."""
    _fail_on(harness.run_document(harness.read_document(REPO / name), slow=True))
