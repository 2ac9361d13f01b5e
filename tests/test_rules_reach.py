"""No function of gaia_rules/rules/ serves only one bundled faction.

How it is checked (the method, honestly stated):

1. Trace which functions of `gaia_rules/rules/` run (`sys.settrace`, calls
   only) while every game of the conformance corpus replays, and note for each
   call the faction of the player whose move (or listing of moves) was being
   worked out. A function whose calls all came from one faction's moves is a
   suspect of that faction.
2. Trace bot games played by test factions only (`tests/content/test-faction/`
   and `tests/content/primitives/`, no bundled faction at all). The primitives
   faction uses each mechanism that a single bundled faction once switched on
   (placement filter, token routes, special token, growing federation, swap /
   build-from / space-station actions, charge and Gaia-phase hooks) with other
   numbers.
3. A suspect passes when a test faction's move reached it too: then it runs
   for content any faction may have, not for one faction.

What this cannot see: branches inside a function (a function every faction
reaches may still hold a branch one faction needs), functions no game reaches,
work done for one player inside another's move (the income phase runs inside
the last passer's move), and components other than factions.
`python tests/test_rules_reach.py` prints the table of suspects; with `--lines` it
traces line by line (minutes, not a test) to show branches inside shared functions.
"""
from __future__ import annotations

import pytest

import importlib
import json
import pkgutil
import sys
from pathlib import Path

from gaia_rules import rules as rules_package
from gaia_rules.content import default_catalogue
from gaia_rules.formats.corpus import corpus_files
from gaia_rules.formats.replay import replay_record
from gaia_rules.players import RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent
TEST_CONTENT = [ROOT / "tests" / "content" / "test-faction", ROOT / "tests" / "content" / "primitives"]
RULES = str(Path(rules_package.__file__).resolve().parent)
TEST_GAMES = [(("tinkers", "testers"), seed) for seed in range(4)] + [(("testers", "tinkers"), seed) for seed in range(4, 6)]

Function = tuple[str, str]  # (module, qualified name)
for _module in pkgutil.iter_modules([RULES]):  # imported before tracing: module bodies are not functions
    importlib.import_module(f"gaia_rules.rules.{_module.name}")


class TracingEngine(Engine):
    """An engine that records, for each function of gaia_rules/rules/ it runs, whose move it was."""

    def __init__(self, catalogue):
        super().__init__(catalogue)
        self.calls: set[tuple] = set()   # (code object, faction of the mover)
        self.mover: str | None = None

    def _on_call(self, frame, event, arg):
        if frame.f_code.co_filename.startswith(RULES):
            self.calls.add((frame.f_code, self.mover))
        return None

    def _as(self, p: int | None, state: GameState, run):
        before, outer = self.mover, sys.gettrace()
        self.mover = state.players[p].faction if p is not None and state.players[p].faction else before
        sys.settrace(self._on_call)
        try:
            return run()
        finally:
            self.mover = before
            sys.settrace(outer)

    def apply_with_observer(self, state, move, observer):
        return self._as(move.player, state, lambda: super(TracingEngine, self).apply_with_observer(state, move, observer))

    def legal_moves(self, state):
        return self._as(self.to_move(state), state, lambda: super(TracingEngine, self).legal_moves(state))

    def random_move(self, state, rng):
        return self._as(self.to_move(state), state, lambda: super(TracingEngine, self).random_move(state, rng))

    def reached(self) -> dict[Function, set[str]]:
        """Each function run -> the factions whose moves ran it."""
        out: dict[Function, set[str]] = {}
        for code, mover in self.calls:
            key = (Path(code.co_filename).stem, code.co_qualname)
            out.setdefault(key, set())
            if mover is not None:
                out[key].add(mover)
        return out


def corpus_reach(engine_class=None) -> dict:
    """What the bundled factions' moves reach while the corpus replays."""
    engine = (engine_class or TracingEngine)(default_catalogue())
    for path in corpus_files("games"):
        replay_record(engine, json.loads(path.read_text(encoding="utf-8")))
    return engine.reached()


def reach_of_test_factions(engine_class=None) -> dict:
    """What the test factions' moves reach in bot games without any bundled faction."""
    engine = (engine_class or TracingEngine)(default_catalogue(TEST_CONTENT))
    for factions, seed in TEST_GAMES:
        setup = random_setup(engine.catalogue, len(factions), f"reach-{seed}", factions=list(factions))
        play_game(engine, setup, [RandomBot(f"reach-{seed}-{p}") for p in range(len(factions))])
    return engine.reached()


def one_faction_functions(bundled: dict[Function, set[str]], tests: dict[Function, set[str]]) -> dict[Function, str]:
    """Functions that only one bundled faction's moves reached and no test faction's move did."""
    return {f: next(iter(who)) for f, who in bundled.items() if len(who) == 1 and not tests.get(f)}


# Functions of a general mechanism that the primitives test faction also has (a special token, a
# piece with `guest_on`), in branches its random games do not happen to reach: each with the reason.
NOT_REACHED_BY_RANDOM_PLAY = {
    ("sharing", "guest_piece.<locals>.find"): "the piece a faction with guest_on places (primitives: m on terra/gaia)",
    ("sharing", "guest_piece.<locals>.find.<locals>.<listcomp>"): "the same, its list of such pieces",
    ("special_token", "discarded"): "the special token taken out of the cycle by a `t` price (primitives has one)",
    ("special_token", "take_question.<locals>.<genexpr>"): "the choice where the special token goes when tokens are taken",
}


@pytest.mark.slow
def test_no_rules_function_is_reached_only_because_one_bundled_faction_plays():
    bundled, tests = corpus_reach(), reach_of_test_factions()
    assert len(bundled) > 300  # the trace saw the engine at work
    assert len(bundled[("building", "place_new")]) == 14  # every faction's moves build mines
    found = one_faction_functions(bundled, tests)
    assert {f: who for f, who in found.items() if f not in NOT_REACHED_BY_RANDOM_PLAY} == {}


def test_the_check_would_see_a_function_only_one_faction_reaches():
    """The check itself: a made-up function only one faction's moves reached is reported."""
    fake, common = ("rules", "only_for_one"), ("rules", "common")
    bundled = {fake: {"a"}, common: {"a", "b"}}
    assert one_faction_functions(bundled, {}) == {fake: "a"}
    assert one_faction_functions(bundled, {fake: {"tinkers"}}) == {}


class LineTracingEngine(TracingEngine):
    """The same by line (`--lines`): finds branches one faction needs inside shared functions; slow (minutes)."""

    def _on_call(self, frame, event, arg):
        return self._on_line if frame.f_code.co_filename.startswith(RULES) else None

    def _on_line(self, frame, event, arg):
        if event == "line":
            self.calls.add(((Path(frame.f_code.co_filename).stem, frame.f_lineno), self.mover))
        return self._on_line

    def reached(self) -> dict:
        out: dict = {}
        for where, mover in self.calls:
            out.setdefault(where, set())
            if mover is not None:
                out[where].add(mover)
        return out


def main(by_line: bool) -> None:
    engine_class = LineTracingEngine if by_line else TracingEngine
    seen, others = corpus_reach(engine_class), reach_of_test_factions(engine_class)
    for f, who in sorted(seen.items()):
        if len(who) == 1:
            also = ", ".join(sorted(others.get(f, ()))) or "nobody else: ONE-FACTION"
            print(f"{f[0]}:{f[1]}: only {next(iter(who))}'s moves; also {also}")
    what = "lines" if by_line else "functions"
    print(f"{len(seen)} {what} reached in the corpus, {len(set(others) - set(seen))} more by the test factions; "
          f"{len(one_faction_functions(seen, others))} reached only by one bundled faction")


if __name__ == "__main__":
    main("--lines" in sys.argv[1:])
