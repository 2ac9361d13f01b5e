"""No function of gaia_rules/rules/ serves only one bundled faction.

How it is checked (the method, honestly stated):

1. Trace which functions of `gaia_rules/rules/` run (`sys.settrace`, calls
   only) while every game of the conformance corpus replays, and note for each
   call the faction of the player whose move (or listing of moves) was being
   worked out. A function whose calls all came from one faction's moves is a
   suspect of that faction.
2. Trace bot games played by test factions only (`tests/content/test-faction/`,
   `tests/content/primitives/` and `tests/content/reach/`, no bundled faction at
   all). The primitives faction uses each mechanism that a single bundled faction
   once switched on (placement filter, token routes, special token, growing
   federation, swap / build-from / space-station actions, charge and Gaia-phase
   hooks) with other numbers. Where random play does not happen to go (a guest
   mine, the special token taken from the power cycle), short scripted games of
   the test factions go, traced the same way (`SCRIPTED_GAMES`); each is also a
   test of its own here.
3. A suspect passes when a test faction's move reached it too: then it runs
   for content any faction may have, not for one faction.

What this cannot see: branches inside a function (a function every faction
reaches may still hold a branch one faction needs), functions no game reaches,
work done for one player inside another's move (the income phase runs inside
the last passer's move), and components other than factions.
`PYTHONPATH=tests python tests/rules/test_rules_reach.py` prints the table of suspects; with `--lines` it
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
from gaia_rules.formats.movetext import token_words
from gaia_rules.formats.notation import parse_line
from gaia_rules.formats.replay import replay_record
from gaia_rules.players import RandomBot, play_game
from gaia_rules.rules import Engine, IllegalMoveError, sharing
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from rules_helpers import clear, fed_layouts, hexes, neighbours, put, set_player, set_turn

ROOT = Path(__file__).resolve().parents[2]
TEST_CONTENT = [ROOT / "tests" / "content" / name for name in ("test-faction", "primitives", "reach")]
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
    for game in SCRIPTED_GAMES:
        game(engine)
    return engine.reached()


# ------------------------------------------------------------------ scripted games
# Where random play does not happen to go: a test faction's position built with tests/rules_helpers.py
# (an empty board, plain resources), then fixed moves through the engine. Each returns its states.
ME, YOU = 0, 1


def play_lines(engine: Engine, state: GameState, *lines: str) -> GameState:
    names = {p.faction: p.index for p in state.players}
    for line in lines:
        for move in parse_line(line, names, state.setup.players, token_words(engine)).moves:
            state = engine.apply(state, move)
    return state


def first_turn(engine: Engine, factions: list[str], seed: str, variant: str = "rules", power=(2, 4, 0, 0)) -> GameState:
    """Player 1's first action turn (set-up by the first legal moves), on an emptied board."""
    s = engine.new_game(random_setup(engine.catalogue, 2, seed, variant=variant, factions=factions))
    while not (s.phase == "actions" and not s.decisions):
        s = engine.apply(s, engine.legal_moves(s)[0])
    return set_turn(clear(s, power=power), ME)


def guest_mine_game(engine: Engine) -> tuple[GameState, str]:
    """The Tinkers (`m: {guest_on: [terra, gaia]}`) build a mine on the Testers' Terra planet."""
    s = first_turn(engine, ["tinkers", "testers"], "reach-guest")
    target = hexes(s, "terra")[0]
    put(s, neighbours(s, target)[0], ME)
    put(s, target, YOU)
    return play_lines(engine, s, f"p1 build m {target}. endturn"), target


def token_to_gaia_game(engine: Engine) -> tuple[GameState, GameState]:
    """The Tinkers start a Gaia Project (6 tokens to the Gaia area, area I first: `boardgamers`)
    with their special token in area II, and send it along: (the question, the answer given)."""
    s = first_turn(engine, ["tinkers", "testers"], "reach-gaia", variant="boardgamers")
    set_player(s, ME, token="area2", gaiaformers=1)
    target = hexes(s, "transdim")[0]
    put(s, neighbours(s, target)[0], ME)
    asked = play_lines(engine, s, f"p1 build gf {target}")
    return asked, play_lines(engine, asked, "p1 token gaia. endturn")


def token_for_a_satellite_game(engine: Engine, variant: str = "boardgamers") -> tuple[GameState, GameState]:
    """The Keepers (default satellite price `1t`) form a federation with one satellite, their special
    token in area I and 4 plain tokens in area II, and discard the token: (the question, the answer)."""
    s = first_turn(engine, ["keepers", "testers"], "reach-satellite", variant=variant, power=(0, 4, 0, 0))
    set_player(s, ME, token="area1")
    a, b, c, e = fed_layouts(s)[0]
    for name, piece in zip((a, b, c), ("PI", "m", "ac1")):  # power value 3 + 1 + 3 = 7
        put(s, name, ME, piece)
    asked = play_lines(engine, s, f"p1 federation {','.join(sorted((a, b, c, e)))} fed5")
    answer = "token discard" if variant == "boardgamers" else "areas token=1"
    return asked, play_lines(engine, asked, f"p1 {answer}. endturn")


SCRIPTED_GAMES = [guest_mine_game, token_to_gaia_game, token_for_a_satellite_game,
                  lambda engine: token_for_a_satellite_game(engine, "rules")]


def one_faction_functions(bundled: dict[Function, set[str]], tests: dict[Function, set[str]]) -> dict[Function, str]:
    """Functions that only one bundled faction's moves reached and no test faction's move did."""
    return {f: next(iter(who)) for f, who in bundled.items() if len(who) == 1 and not tests.get(f)}


@pytest.fixture(scope="module")
def test_engine() -> Engine:
    return Engine(default_catalogue(TEST_CONTENT))


def test_a_guest_mine_is_the_factions_guest_on_piece_and_counts_as_theirs(test_engine):
    after, target = guest_mine_game(test_engine)
    h, c = after.board[target], test_engine.context(after)
    assert (h.owner, h.piece, h.guests) == (YOU, "m", [ME])
    assert sharing.piece_of(c.content, after, h, ME) == "m"  # the Tinkers' structure with guest_on
    assert c.holdings.counter(after, ME, "m") == 2  # the mine beside it and the guest mine
    assert c.holdings.power_value(after, ME, target, "charge") == 1
    assert (after.players[ME].credits, after.players[ME].ore) == (13, 4)  # 15c 5o less the mine's 2c 1o


def test_a_gaia_project_asks_whether_the_special_token_goes_to_the_gaia_area(test_engine):
    asked, after = token_to_gaia_game(test_engine)
    question = asked.pending[0]
    assert (question.kind, question.data["n"], question.data["options"]) == ("token", 6, ["area2", "gaia"])
    p = after.players[ME]
    assert (p.token, p.power) == ("gaia", {"area1": 0, "area2": 1, "area3": 0, "gaia": 5})  # the token + 5 plain
    kept = play_lines(test_engine, asked, "p1 token area2").players[ME]
    assert (kept.token, kept.power) == ("area2", {"area1": 0, "area2": 0, "area3": 0, "gaia": 6})


def test_a_satellite_paid_with_the_special_token_takes_it_out_of_play(test_engine):
    asked, after = token_for_a_satellite_game(test_engine)
    assert asked.pending[0].data["options"] == ["area1", "discard"]  # area I first would take the token
    p = after.players[ME]
    assert (p.token, p.power, p.satellites) == (None, {"area1": 0, "area2": 4, "area3": 0, "gaia": 0}, 1)
    kept = play_lines(test_engine, asked, "p1 token area1").players[ME]
    assert (kept.token, kept.power) == ("area1", {"area1": 0, "area2": 3, "area3": 0, "gaia": 0})


def test_printed_rules_offer_the_special_token_among_the_areas_a_satellite_takes(test_engine):
    asked, after = token_for_a_satellite_game(test_engine, "rules")
    assert asked.pending[0].data["options"] == ["area2=1", "token=1"]
    p = after.players[ME]
    assert (p.token, p.power, p.satellites) == (None, {"area1": 0, "area2": 4, "area3": 0, "gaia": 0}, 1)


def test_the_scripted_games_reach_the_branches_random_play_misses():
    engine = TracingEngine(default_catalogue(TEST_CONTENT))
    for game in SCRIPTED_GAMES:
        game(engine)
    reached = engine.reached()
    assert {f: reached.get(f) for f in [("sharing", "guest_piece.<locals>.find"), ("special_token", "discarded"),
                                         ("special_token", "take_question.<locals>.<genexpr>")]} == {
        ("sharing", "guest_piece.<locals>.find"): {"tinkers"},
        ("special_token", "discarded"): {"tinkers", "keepers"},
        ("special_token", "take_question.<locals>.<genexpr>"): {"tinkers", "keepers"}}


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


def test_a_token_price_paid_with_the_special_token_takes_it_out_of_play(tmp_path):
    """A designer's conversion priced in tokens (`1t`) takes the special token when no plain token is in the
    cycle: it leaves play like the plain tokens a price takes, so the conversion cannot be repeated with it."""
    (tmp_path / "keepers-trade.yaml").write_text('kind: faction\npatch: keepers\nability: ["free: 1t -> 2c"]\n')
    engine = Engine(default_catalogue([*TEST_CONTENT, tmp_path]))
    s = first_turn(engine, ["keepers", "testers"], "reach-trade", power=(0, 0, 0, 0))
    set_player(s, ME, token="area1")
    credits = s.players[ME].credits
    after = play_lines(engine, s, "p1 spend 1t for 2c")
    p = after.players[ME]
    assert (p.token, p.credits, p.power) == (None, credits + 2, {"area1": 0, "area2": 0, "area3": 0, "gaia": 0})
    with pytest.raises(IllegalMoveError):
        play_lines(engine, after, "p1 spend 1t for 2c")
