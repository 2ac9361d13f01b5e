"""Event data that tell things apart (docs/effects.md, "Events"): terraforming steps paid or free,
what gave a build (its main action, a board action, a special action, another effect's reward),
and the round being played.

Each test gives the Terrans (home: terra) a statement through an overlay and plays one build in
a small position: a volcanic planet two steps from terra and a desert planet three steps away, both
next to a Terrans mine. Every number is exact.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gaia_rules.content import bundled_content_dir, default_catalogue, load_catalogue
from gaia_rules.faces.cli import app
from gaia_rules.rules import Engine, holdings
from gaia_rules.state import FedTokenHeld, GameState

from rules_helpers import clear, dist, hexes, play_on, put, set_player, set_turn, start
import state_diff

SEED = "event-data-3"   # a terra planet with a volcanic and a desert planet next to it


def engine_with(tmp_path: Path, *ability: str) -> Engine:
    """The bundled content with the Terrans' abilities replaced by `ability`."""
    folder = tmp_path / "overlay"
    folder.mkdir(exist_ok=True)
    data = yaml.safe_load((bundled_content_dir() / "factions" / "terrans.yaml").read_text())
    data["ability"] = list(ability)
    (folder / "terrans.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return Engine(default_catalogue([folder]))


def position(round_tile: str = "score4", booster: str = "booster4", power=(0, 0, 6, 0)):
    """The Terrans to move with one mine on terra, `booster` held; (state, volcanic hex, desert hex)."""
    s = start(["terrans", "xenos"], seed=SEED, round_tiles=[round_tile] * 6)
    s = set_turn(clear(s.clone(), ore=12, power=power), 0)
    holdings.set_booster(s, 0, booster)
    home = next(t for t in hexes(s, "terra")
                if any(dist(s, v, t) == 1 for v in hexes(s, "volcanic"))
                and any(dist(s, d, t) == 1 for d in hexes(s, "desert")))
    put(s, home, 0)
    set_player(s, 0)  # what the Terrans hold is read again
    volcanic = next(v for v in hexes(s, "volcanic") if dist(s, v, home) == 1)
    desert = next(d for d in hexes(s, "desert") if dist(s, d, home) == 1)
    return s, volcanic, desert


@pytest.fixture(scope="module")
def base():
    return position()


def gained(before: GameState, after: GameState) -> dict[str, int]:
    a, b = before.players[0], after.players[0]
    return {"vp": b.vp - a.vp, "c": b.credits - a.credits, "o": b.ore - a.ore, "k": b.knowledge - a.knowledge}


# ------------------------------------------------------------------ steps, paid and free

def test_on_step_paid_counts_only_the_steps_paid_for_with_ore(base, tmp_path):
    engine = engine_with(tmp_path, "on step paid: 2vp")
    s, volcanic, _ = base
    after = play_on(engine, s, f"p1 special step. build m {volcanic}")    # booster4: 1 free step of the 2
    # the mine (2c, 1o) and one paid step (3o); 2 VP for the one paid step
    assert gained(s, after) == {"vp": 2, "c": -2, "o": -4, "k": 0}


def test_on_step_free_counts_only_the_free_steps(base, tmp_path):
    engine = engine_with(tmp_path, "on step free: 1k")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}"))["k"] == 1
    assert gained(s, play_on(engine, s, f"p1 build m {desert}"))["k"] == 0            # three steps, all paid


def test_on_step_counts_every_step_paid_or_free(base, tmp_path):
    engine = engine_with(tmp_path, "on step: 1c")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}"))["c"] == -2 + 2
    assert gained(s, play_on(engine, s, f"p1 build m {desert}"))["c"] == -2 + 3


def test_a_power_action_gives_free_steps_and_the_rest_are_paid(tmp_path):
    engine = engine_with(tmp_path, "on step paid: 1vp", "on step free: 1k")
    s, _, desert = position()
    after = play_on(engine, s, f"p1 action power2. build m {desert}")   # 2 free steps of the 3
    assert gained(s, after) == {"vp": 1, "c": -2, "o": -1 - 3, "k": 2}


def test_the_round_tile_of_terraforming_steps_scores_free_steps_too(tmp_path):
    engine = engine_with(tmp_path)
    s, volcanic, _ = position(round_tile="score1")                    # on step: 2vp
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}"))["vp"] == 4


def test_the_build_counts_its_steps_paid_and_free(base, tmp_path):
    engine = engine_with(tmp_path, "on build m: 1vp per paid-step", "on build m: 1k per free-step",
                         "on build m: 3c per step")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}")) == {"vp": 1, "c": -2 + 6, "o": -4,
                                                                                  "k": 1}
    assert gained(s, play_on(engine, s, f"p1 build m {desert}")) == {"vp": 3, "c": -2 + 9, "o": -10, "k": 0}


def test_a_condition_compares_the_free_steps_of_the_build(base, tmp_path):
    engine = engine_with(tmp_path, "if free-step >= 1: on build m: 5c")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}"))["c"] == -2 + 5
    assert gained(s, play_on(engine, s, f"p1 build m {desert}"))["c"] == -2


# ------------------------------------------------------------------ what gave a build

def test_a_build_by_a_special_action_is_told_from_one_by_the_main_action(base, tmp_path):
    engine = engine_with(tmp_path, "on build m by special-action: 2vp", "on build m by main-action: 1k")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}")) == {"vp": 2, "c": -2, "o": -4, "k": 0}
    assert gained(s, play_on(engine, s, f"p1 build m {desert}")) == {"vp": 0, "c": -2, "o": -10, "k": 1}


def test_a_build_by_a_board_action(tmp_path):
    engine = engine_with(tmp_path, "on build m by board-action: 3c", "on build m by special-action: 2vp")
    s, _, desert = position()
    after = play_on(engine, s, f"p1 action power6. build m {desert}")     # 1 free step, 2 paid
    assert gained(s, after) == {"vp": 0, "c": -2 + 3, "o": -1 - 6, "k": 0}


def test_several_ways_in_one_filter(base, tmp_path):
    engine = engine_with(tmp_path, "on build m by board-action|special-action: 1vp")
    s, volcanic, desert = base
    assert gained(s, play_on(engine, s, f"p1 special step. build m {volcanic}"))["vp"] == 1
    assert gained(s, play_on(engine, s, f"p1 build m {desert}"))["vp"] == 0


def test_an_upgrade_taken_as_the_main_action_is_a_build_by_main_action(base, tmp_path):
    engine = engine_with(tmp_path, "on build ts by main-action: 2k", "on build ts by reward: 9vp")
    s, _, _ = base
    home = next(n for n, h in s.board.items() if h.owner == 0)
    upgraded = gained(s, play_on(engine, s, f"p1 build ts {home}"))
    assert (upgraded["k"], upgraded["vp"]) == (2, 0)


def test_the_lost_planet_of_navigation_5_is_a_reward(tmp_path):
    engine = engine_with(tmp_path, "on build m by reward: 3vp", "on build m by main-action: 20c")
    s, _, _ = position()
    s.players[0].research["nav"] = 4
    set_player(s, 0, knowledge=15, fed_tokens=[FedTokenHeld("fed1", True)])   # the top level flips a green one
    after = play_on(engine, s, "p1 up nav")
    place = next(m for m in engine.legal_moves(after) if m.command == "lostPlanet")
    before_vp = after.players[0].vp
    placed = engine.apply(after, place)
    assert placed.players[0].vp - before_vp == 3 + 0   # the reward; the main action was research, not a build
    assert placed.players[0].credits == after.players[0].credits


# ------------------------------------------------------------------ the round

def test_a_round_condition_holds_from_that_round_on(base, tmp_path):
    engine = engine_with(tmp_path, "if round >= 2: on build m: 3vp")
    s, _, desert = base
    assert s.round == 1
    assert gained(s, play_on(engine, s, f"p1 build m {desert}"))["vp"] == 0
    later = s.clone()
    later.round = 2
    assert gained(later, play_on(engine, later, f"p1 build m {desert}"))["vp"] == 3


def test_per_round_counts_the_round_number(base, tmp_path):
    engine = engine_with(tmp_path, "on build m: 2c per round")
    s, _, desert = base
    later = s.clone()
    later.round = 4
    assert gained(later, play_on(engine, later, f"p1 build m {desert}"))["c"] == -2 + 8


# ------------------------------------------------------------------ validation

def test_an_unknown_build_origin_or_step_filter_says_where_and_what_was_meant(tmp_path):
    (tmp_path / "zorgs.yaml").write_text(
        "kind: faction\nid: zorgs\nname: Zorgs\nhome: ice\nboard: default\n"
        "ability:\n  - \"on build m by specail-action: 1vp\"\n  - \"on step fre: 1c\"\n")
    result = CliRunner().invoke(app, ["validate", "--content", str(tmp_path)])
    assert result.exit_code == 1
    assert (f"{tmp_path}/zorgs.yaml:7:20: unknown build origin 'specail-action' (did you mean 'special-action'?)"
            in result.stdout)
    assert f"{tmp_path}/zorgs.yaml:8:14: unknown step filter 'fre' (did you mean 'free'?)" in result.stdout


def test_the_new_words_validate_clean(tmp_path):
    (tmp_path / "zorgs.yaml").write_text(
        "kind: faction\nid: zorgs\nname: Zorgs\nhome: ice\nboard: default\n"
        "ability:\n  - \"on build m on gaia by main-action|reward: 1vp\"\n  - \"on step free|paid: 1c\"\n"
        "  - \"if round >= 3: pass: 1vp per round\"\n  - \"on build m: 1vp per paid-step\"\n")
    _, problems = load_catalogue([tmp_path])
    assert problems == []


# ------------------------------------------------------------------ a design nobody shipped

DESIGN = Path(__file__).resolve().parents[1] / "content" / "designer" / "event-paid-steps"


@pytest.fixture(scope="module")
def shapers() -> Engine:
    return Engine(default_catalogue([DESIGN]))


def test_the_shapers_design_validates_clean():
    _, problems = load_catalogue([DESIGN])
    assert problems == []


# The Shapers' exact effects (a credit per paid step, 2 VP for a mine by special action, 1 VP per mine from
# round 4) are pinned by the test files of tests/content/designer/event-paid-steps/tests/ (gaia test).


def differences(a: GameState, b: GameState) -> dict[str, tuple]:
    """Leaves of two states' JSON that differ ('players[0].vp': (a's, b's)), bookkeeping and VP sources aside."""
    return state_diff.differences(a, b, lambda key: key.startswith("players[0].vp_sources"))
