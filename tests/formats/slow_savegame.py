"""Saved games on disk: what a save refuses to overwrite, what it cleans up, what it cannot write.

Its slow tier: test_savegame.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from gaia_rules.formats import savegame

from test_savegame import engine, saved

pytestmark = pytest.mark.slow


def test_a_save_killed_with_sigkill_leaves_a_temporary_the_next_save_removes(saved, engine):
    script = (
        "import os, signal, sys\n"
        "from gaia_rules.content import default_catalogue\n"
        "from gaia_rules.rules import Engine\n"
        "from gaia_rules.formats import savegame\n"
        "engine = Engine(default_catalogue())\n"
        "game = savegame.load(engine, sys.argv[1])\n"
        "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"   # killed just before the replace
        "savegame.save(game, sys.argv[1])\n"
    )
    before = saved.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", script, str(saved)], stderr=subprocess.PIPE, text=True)
    _, stderr = proc.communicate()
    assert proc.returncode == -9, stderr
    leftovers = [p.name for p in saved.parent.glob(".g.json.*.tmp")]
    assert len(leftovers) == 1 and leftovers[0].startswith(f".g.json.{proc.pid}.")
    assert saved.read_bytes() == before
    savegame.save(savegame.load(engine, saved), saved)
    assert [p.name for p in saved.parent.iterdir()] == ["g.json"]
