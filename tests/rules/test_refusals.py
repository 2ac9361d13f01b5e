"""What happens instead, for every gain a rule cuts short (issue 39, item 6; docs/effects.md).

A resource above its cap, a charge with no token left to move, a research step refused: each fires
`refused`, tagged with what was refused and why, `amount` how much. The exact effects of the designs
V33 and V34 are pinned by their `gaia test` files (tests/content/designer/v33-hoarders/tests, ...);
here: they validate clean, bots play them to the end, the notes for a refusal the content never
produces, and the rules' own edges (no chain of refusals, caps on tokens and Gaiaformers).
"""
from __future__ import annotations

import re

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.rules import Engine, effects, resources
from gaia_rules.rules.bound import bind
from gaia_rules.setup import random_setup

from test_designer_constructs import DESIGNS, gaia

REFUSALS = {"v33-hoarders": ["hoarders", "terrans", "xenos"], "v34-overchargers": ["overchargers", "terrans", "xenos"]}


@pytest.mark.parametrize("folder", sorted(REFUSALS))
def test_each_refusal_design_validates_clean_and_is_listed(folder):
    result = gaia("validate", "--content", DESIGNS / folder)
    assert (result.exit_code, result.stderr) == (0, ""), result.output + result.stderr
    assert f"| `{folder}` |" in (DESIGNS / "README.md").read_text(encoding="utf-8")


def _faction(tmp_path, *ability: str, resources_patch: str = "") -> str:
    lines = "".join(f"  - \"{a}\"\n" for a in ability)
    (tmp_path / "zorgs.yaml").write_text(f"kind: faction\nid: zorgs\nname: Zorgs\nhome: terra\nboard: default\n"
                                         f"ability:\n{lines}", encoding="utf-8")
    if resources_patch:
        (tmp_path / "resources.yaml").write_text(f"kind: resources\npatch: resources\nresources:\n{resources_patch}",
                                                 encoding="utf-8")
    result = gaia("validate", "--content", tmp_path)
    assert result.exit_code == 0, result.output
    return result.stderr


def test_a_refusal_of_a_resource_without_a_cap_is_noted(tmp_path):
    notes = _faction(tmp_path, "on refused q|o: 1vp", "on refused vp: 1c", "on refused pw|full: 1c")
    assert (f"{tmp_path}/zorgs.yaml:7:17: note: 'on refused q' can never fire: 'q' has no cap in resources.yaml, "
            f"so a gain of it is never cut short") in notes
    assert f"{tmp_path}/zorgs.yaml:8:17: note: 'on refused vp' can never fire: a gain of 'vp' is never cut short" in notes
    assert "'on refused o'" not in notes and "'on refused pw'" not in notes and "'on refused full'" not in notes


def test_a_cap_the_design_gives_makes_its_refusal_possible(tmp_path):
    notes = _faction(tmp_path, "on refused q: 1vp", resources_patch="  q: {name: Q.I.C., cap: 4}\n")
    assert "zorgs.yaml" not in notes


def test_a_refusal_by_a_cap_with_no_cap_in_the_content_is_noted(tmp_path):
    bundled = DESIGNS.parent.parent.parent / "content" / "rules" / "resources.yaml"
    (tmp_path / "resources.yaml").write_text(re.sub(r", cap: \d+", "", bundled.read_text(encoding="utf-8")),
                                             encoding="utf-8")   # the whole file again, without a cap
    notes = _faction(tmp_path, "on refused cap: 1vp")
    assert (f"{tmp_path}/zorgs.yaml:7:17: note: 'on refused cap' can never fire: no resource has a cap in "
            f"resources.yaml, so no gain is cut short by one") in notes


# ------------------------------------------------------------------ the rules: gains cut short


def _game(tmp_path, *ability: str, resources_patch: str = ""):
    _faction(tmp_path, *ability, resources_patch=resources_patch)
    eng = Engine(default_catalogue([tmp_path]))
    state = eng.new_game(random_setup(eng.catalogue, 2, "refusals", factions=["zorgs", "xenos"]))
    return eng, state, eng.context(state)


def _gain(ctx, state, res: str, n: int) -> list:
    follow: list = []
    b = bind(ctx, state, 0)
    with effects.hearing_refusals(b, follow):
        resources.gain_resource(b, res, n, "test")
    return follow


def test_what_comes_instead_is_never_refused_in_turn(tmp_path):
    eng, state, ctx = _game(tmp_path, "on refused c: 5c, 1vp")
    state.players[0].credits, vp = 28, state.players[0].vp
    _gain(ctx, state, "c", 4)                  # 2 lost: 5 credits instead, all lost at the cap, and 1 VP; no loop
    assert (state.players[0].credits, state.players[0].vp - vp) == (30, 1)


def test_a_cap_on_tokens_counts_every_token_held_the_gaia_area_too(tmp_path):
    eng, state, ctx = _game(tmp_path, "on refused t: 1vp per amount",
                            resources_patch="  t: {name: power token, cap: 10}\n")
    player = state.players[0]
    player.power = {"area1": 2, "area2": 3, "area3": 2, "gaia": 2}
    vp = player.vp
    _gain(ctx, state, "t", 3)                  # 9 held: 1 kept, 2 lost
    assert (player.power["area1"], player.vp - vp) == (3, 2)


def test_a_cap_on_gaiaformers_keeps_the_gaiaformers_held_and_reports_the_rest(tmp_path):
    eng, state, ctx = _game(tmp_path, "on refused gf: 2c per amount", resources_patch="  gf: {name: Gaiaformer, cap: 2}\n")
    player = state.players[0]
    player.gaiaformers, credits = 1, player.credits
    _gain(ctx, state, "gf", 3)
    assert (player.gaiaformers, player.credits - credits) == (2, 4)


def test_a_charge_partly_moved_refuses_only_what_could_not_move(tmp_path):
    eng, state, ctx = _game(tmp_path, "on refused full: 1vp per amount")
    player = state.players[0]
    player.power = {"area1": 1, "area2": 0, "area3": 5, "gaia": 0}
    vp = player.vp
    _gain(ctx, state, "pw", 5)                 # 2 move (area I to II to III), 3 lost
    assert (player.power, player.vp - vp) == ({"area1": 0, "area2": 0, "area3": 6, "gaia": 0}, 3)


def test_nothing_listening_costs_nothing_and_loses_the_same(tmp_path):
    eng, state, ctx = _game(tmp_path, "on refused terra: 1vp")
    state.players[0].ore = 14
    assert _gain(ctx, state, "o", 3) == [] and state.players[0].ore == 15
