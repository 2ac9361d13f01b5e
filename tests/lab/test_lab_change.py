"""Measuring a change: the changed components in every game, each game paired by deal with a baseline game, and
the effect's interval over the deals (gaia_rules/lab/change.py, schedule.FocusSchedule, effect.py).

The effect's numbers are worked out by hand on six made-up 2-player games in three deals:

    deal  game  seats (after)   VP after   VP before   x's VP difference   x's win share after / before
    A     0     x, y            100, 90     90, 95      +10                 1 / 0
    A     1     y, x             80, 96     85, 90       +6                 1 / 1
    B     2     x, z             70, 80     68, 80       +2                 0 / 0
    B     3     z, x             75, 75     75, 75        0                 0.5 / 0.5 (ties)
    C     4     x, y             60, 70     64, 70       -4                 0 / 0
    C     5     y, x             80, 90     80, 80      +10                 1 / 0.5

Per deal, x's VP differences average +8 (A), +1 (B), +3 (C): mean 4, sample variance (16 + 9 + 1) / 2 = 13,
so the 95% t interval over the 3 deals is 4 -/+ t(0.975, 2) * sqrt(13 / 3) = 4 -/+ 4.302653 * 2.081666.
Its win share differences average +0.5 (A), 0 (B), +0.25 (C): mean 0.25, variance (0.0625 + 0.0625 + 0) / 2.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from types import SimpleNamespace

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.lab import LabError
from gaia_rules.lab.change import Component, Focus, changed_components, focus_of, forced_deal
from gaia_rules.lab.effect import deal_differences, effects, halving_deals
from gaia_rules.lab.results import read_results
from gaia_rules.lab.schedule import make_focus_schedule
from gaia_rules.lab.simulate import RunConfig, _setup, baseline_of, prepare, simulate, with_change

T_975_2 = 4.302653   # the 97.5th percentile of Student's t with 2 degrees of freedom


def game(index, deal, factions, vp):
    top = max(vp)
    return {"index": index, "setup_seed": deal, "factions": factions, "vp": vp,
            "winners": [s for s, v in enumerate(vp) if v == top]}


AFTER = [game(0, "A", ["x", "y"], [100, 90]), game(1, "A", ["y", "x"], [80, 96]),
         game(2, "B", ["x", "z"], [70, 80]), game(3, "B", ["z", "x"], [75, 75]),
         game(4, "C", ["x", "y"], [60, 70]), game(5, "C", ["y", "x"], [80, 90])]
BEFORE = [game(0, "A", ["x", "y"], [90, 95]), game(1, "A", ["y", "x"], [85, 90]),
          game(2, "B", ["x", "z"], [68, 80]), game(3, "B", ["z", "x"], [75, 75]),
          game(4, "C", ["x", "y"], [64, 70]), game(5, "C", ["y", "x"], [80, 80])]


def test_pairs_are_grouped_by_deal():
    diffs = deal_differences(AFTER, BEFORE, ["x"])
    assert diffs == {"x": {"A": [(1.0, 10), (0.0, 6)], "B": [(0.0, 2), (0.0, 0)], "C": [(0.0, -4), (0.5, 10)]}}


def test_games_of_another_deal_or_seating_are_not_paired():
    moved = [dict(BEFORE[0], setup_seed="other"), dict(BEFORE[1], factions=["x", "y"]), *BEFORE[2:]]
    assert set(deal_differences(AFTER, moved, ["x"])["x"]) == {"B", "C"}
    assert "A" not in deal_differences(AFTER, moved, ["x"])["x"]


def test_the_effect_interval_is_students_t_over_the_deals():
    (x,) = effects(AFTER, BEFORE, ["x"])
    assert (x.faction, x.deals, x.games) == ("x", 3, 6)
    half = T_975_2 * math.sqrt(13 / 3)
    assert (x.vp.mean, x.vp.sd) == (4.0, pytest.approx(math.sqrt(13)))
    assert (x.vp.lo, x.vp.hi) == (pytest.approx(4 - half, abs=1e-5), pytest.approx(4 + half, abs=1e-5))
    win_sd = math.sqrt((0.25 ** 2 + 0.25 ** 2) / 2)
    assert (x.win.mean, x.win.sd) == (0.25, pytest.approx(win_sd))
    assert x.win.hi == pytest.approx(0.25 + T_975_2 * win_sd / math.sqrt(3), abs=1e-6)
    # 3 deals' interval is halved by 5 deals at the same spread: 2 deals more, of 2 games each
    assert x.more_games == 4


def test_every_faction_has_an_effect_when_no_faction_changed():
    rows = effects(AFTER, BEFORE)
    assert [(e.faction, e.deals, e.games) for e in rows] == [("x", 3, 6), ("y", 2, 4), ("z", 1, 2)]
    z = rows[2]
    assert (z.vp.mean, z.vp.n, z.more_games) == (0.0, 1, None)   # one deal: no interval, nothing to halve


def test_halving_the_interval_takes_about_four_times_the_deals():
    # the smallest m with t(m-1)/sqrt(m) <= t(n-1)/(2 sqrt(n)): below 4n, as t shrinks with more deals
    assert [halving_deals(n) for n in (1, 2, 3, 5, 10, 30, 100)] == [None, 3, 5, 13, 33, 113, 393]


# ------------------------------------------------------------------ what changed, and the games that hold it

def test_a_patch_changes_its_component_and_nothing_else():
    base, changed = default_catalogue(), default_catalogue(["docs/examples/lab/richer-xenos"])
    assert changed_components(base, changed) == [Component("faction", "xenos", "changed")]
    assert changed_components(base, base) == []


def test_a_change_focuses_its_factions_and_dealt_tiles():
    parts = [Component("booster", "booster3", "changed"), Component("faction", "xenos", "changed"),
             Component("federation_token", "fed1", "changed"), Component("game", "game", "changed")]
    assert focus_of(parts, 2) == Focus(("xenos",), (("booster", "booster3"),))
    assert focus_of([Component("faction", "newcomers", "added")], 2) == Focus(("newcomers",), (), ("newcomers",))
    with pytest.raises(LabError, match="3 changed factions cannot all sit at a 2-player table"):
        focus_of([Component("faction", f, "changed") for f in ("a", "b", "c")], 2)


def test_a_changed_faction_sits_at_every_table_in_every_seat_in_turn():
    catalogue = default_catalogue()
    homes = {f: catalogue.factions[f].home for f in catalogue.factions}
    schedule = make_focus_schedule("s", 4, homes, ["xenos"])
    games = schedule.games(schedule.block)
    assert schedule.block == 4 * 12   # 12 factions of other homes than the Xenos' fill 3 seats: 12 tables of 3
    assert all("xenos" in g.factions for g in games)
    assert Counter(g.factions.index("xenos") for g in games) == {0: 12, 1: 12, 2: 12, 3: 12}
    assert all(len({homes[f] for f in g.factions}) == 4 for g in games)
    others = Counter(f for g in games for f in g.factions if f != "xenos")
    assert set(others.values()) == {12} and "gleens" not in others   # the Gleens share the Xenos' home
    deal = [g for g in games if g.setup_seed == games[0].setup_seed]
    assert [g.index for g in deal] == [0, 1, 2, 3] and len({g.factions for g in deal}) == 4


def test_a_changed_tile_is_forced_into_the_deal():
    deal = SimpleNamespace(round_tiles=["r1", "r2"], final_tiles=["f1", "f2"], boosters=["b1", "b2", "b3"],
                           tech_tiles={"t1": "a", "t2": "b"}, advanced_tiles={"t1": "x"}, terraforming_token="fed1")
    catalogue = SimpleNamespace(boosters={"b1": 0, "b2": 0, "b3": 0, "b9": 0}, tech_tiles={"a": 0, "b": 0, "c": 0})
    forced = forced_deal(deal, Focus((), (("booster", "b9"), ("tech_tile", "c"))), catalogue, "seed", {"boosters": ["b1"]})
    assert sorted(forced["boosters"]) in (["b1", "b2", "b9"], ["b1", "b3", "b9"])   # b1 is held by the set-up file
    assert "c" in forced["tech_tiles"].values() and forced["round_tiles"] == ["r1", "r2"]
    assert forced["terraforming_token"] == "fed1"
    dealt = forced_deal(deal, Focus((), (("booster", "b2"),)), catalogue, "seed", {})
    assert dealt["boosters"] == ["b1", "b2", "b3"]                   # dealt already: nothing moves
    absent = forced_deal(deal, Focus((), (("booster", "new"),)), catalogue, "seed", {})
    assert absent["boosters"] == ["b1", "b2", "b3"]                  # the baseline has no such booster


def make_change(folder):
    """A patch of the Xenos (more ore) and of a booster (more credits)."""
    folder.mkdir()
    (folder / "xenos.yaml").write_text("patch: xenos\nkind: faction\nstart:\n  ore: 7\n")
    (folder / "booster3.yaml").write_text("patch: booster3\nkind: booster\neffects:\n  - \"income: 1q; income: 4c\"\n")
    return folder


def test_a_change_is_played_with_and_without_it_on_the_same_deals(tmp_path):
    """2 greedy games with the change, 2 on the same deals without it."""
    change = make_change(tmp_path / "change")
    catalogue = default_catalogue([str(change)])
    config = with_change(RunConfig(2, "greedy", "pairs", overlays=(str(change),)), catalogue)
    assert json.loads(config.focus) == {"factions": ["xenos"], "tiles": [["booster", "booster3"]]}
    base = baseline_of(config)
    assert (base.overlays, base.content_hash) == ((), default_catalogue().content_hash())
    changed, schedule = prepare(config, catalogue)
    plain, _ = prepare(base, default_catalogue())
    simulate(plain, tmp_path / "base.jsonl", 2, workers=1)
    simulate(changed, tmp_path / "changed.jsonl", 2, workers=1)
    after = sorted(read_results(tmp_path / "changed.jsonl").records, key=lambda r: r["index"])
    before = sorted(read_results(tmp_path / "base.jsonl").records, key=lambda r: r["index"])
    assert [r["setup_seed"] for r in after] == ["pairs/deal/0", "pairs/deal/0"]
    assert (after[0]["factions"][0], after[1]["factions"][1]) == ("xenos", "xenos")   # in each seat in turn
    assert [(r["factions"], r["setup_seed"], r["options"]) for r in after] == \
           [(r["factions"], r["setup_seed"], r["options"]) for r in before]
    assert after[0]["change"] == [{"id": "booster3", "kind": "booster", "lines": [], "status": "changed"},
                                  {"id": "xenos", "kind": "faction", "lines": [], "status": "changed"}]
    for run, cat in ((changed, catalogue), (plain, default_catalogue())):
        setup = _setup(cat, run, schedule.game(0))
        assert "booster3" in setup.boosters
    deals = [_setup(cat, run, schedule.game(0)) for run, cat in ((changed, catalogue), (plain, default_catalogue()))]
    assert (deals[0].boosters, deals[0].round_tiles, deals[0].sectors) == \
           (deals[1].boosters, deals[1].round_tiles, deals[1].sectors)
    (xenos,) = effects(after, before, ["xenos"])
    assert (xenos.deals, xenos.games) == (1, 2)
