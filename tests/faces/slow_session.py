"""The terminal session of `gaia play`: what the prompts ask, the move list, names beside ids,

Its slow tier: test_session.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from test_session import PROMPT, Terminal

pytestmark = pytest.mark.slow


def test_a_whole_game_through_the_real_prompt_in_a_pseudo_terminal():
    term = Terminal("play", "--players", "2", "--seed", "9", "--bot", "greedy")
    try:
        term.expect(r"which seat do you take\? \[1-2, Enter for 1\] ?$")
        term.send("\r")                                    # Enter: seat 1
        shown = term.expect(PROMPT)
        assert "p1 you, p2 bot (greedy)" in shown and "[set-up] p1: choose a faction [faction NAME]" in shown
        term.send("fact\t")                                # tab completes the command...
        term.expect(r"faction ?$")
        term.send(" ter\t")                                # ... and the faction
        term.expect(r"terrans ?$")
        term.send("\r")
        shown = term.expect(PROMPT)
        assert "p1 faction terrans: Terrans (Terra)" in shown
        assert "place a starting mine on a Terra planet" in shown
        term.send("moves\r")
        term.expect(PROMPT)
        term.send("\x1b[A\r")                              # the up arrow recalls `moves`
        shown = term.expect(PROMPT)
        assert "^[[A" not in shown and "build m (mine): 1 " in shown
        term.send("1\r")                                   # a move by its number
        shown = term.expect(PROMPT)
        assert "terrans build m " in shown
        term.send("1\r")
        shown = term.expect(r"choose a booster \[booster ID\][\s\S]*" + PROMPT)
        term.send("1\r")
        shown = term.expect(r"Round 1\n  income of terrans: [\s\S]*" + PROMPT)
        assert "your action [" in shown
        term.send("auto end\r")                            # the bot plays my seat to the end
        shown = term.expect(r"game over after \d+ moves .*; winner: \w+ with \d+ VP", limit=180)  # a hang guard
        assert "Final score" in shown and "research " in shown
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()


def test_ctrl_d_on_a_terminal_asks_before_leaving_an_unsaved_game():
    term = Terminal("play", "--players", "2", "--seed", "9", "--seat", "1")
    try:
        term.expect(PROMPT)
        term.send("13\r")                                  # a move: the game (no file) is not saved now
        term.expect(PROMPT)
        term.send("\x04")                                  # Ctrl-D
        term.expect(r"the game is not saved: quit anyway\? \[y/N\] ?$")
        term.send("n\r")                                   # no: the session goes on
        term.expect(PROMPT)
        term.send("quit\r")
        term.expect(r"quit anyway\? \[y/N\] ?$")
        term.send("y\r")
        assert "stopped after 2 moves" in term.expect(r"stopped after \d+ moves")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
