"""The lab's numbers, on a hand-made results file (tests/data/lab/hand.jsonl) with answers worked out by hand.

Six 2-player games of three made-up factions:

    game  seat 1  VP    seat 2  VP    sources (start, round tiles, final tiles)
    0     reds    100   blues    90   (10,60,30) (10,50,30)
    1     blues    95   reds     95   (10,55,30) (10,55,30)   a tie: half a win each
    2     reds     80   greens  100   (10,40,30) (10,50,40)
    3     greens  110   reds     70   (10,60,40) (10,40,20)
    4     blues    90   greens   85   (10,50,30) (10,50,25)
    5     greens  100   blues    88   (10,70,20) (10,48,30)
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from gaia_rules.lab.results import read_results
from gaia_rules.lab.stats import (Mean, compare, deciders, faction_stats, head_to_head, holm, mean_of, paired_differences,
                                  paired_t, rate_of,
                                  seat_stats, source_means, summarize, t_quantile, t_two_sided,
                                  two_proportion_z, welch_t)

HAND = Path(__file__).parent / "data" / "lab" / "hand.jsonl"


@pytest.fixture(scope="module")
def records():
    return read_results(HAND).records


def by_faction(records):
    return {s.faction: s for s in faction_stats(records)}


def test_win_rate_shares_ties_and_orders_best_first(records):
    stats = faction_stats(records)
    assert [s.faction for s in stats] == ["greens", "blues", "reds"]
    f = by_faction(records)
    assert (f["reds"].win.games, f["reds"].win.wins, f["reds"].win.rate) == (4, 1.5, 0.375)
    assert (f["blues"].win.wins, f["greens"].win.wins) == (1.5, 3.0)


def test_win_rate_interval_is_wilson(records):
    # 3 wins of 4, z = 1.96: centre (0.75 + 1.96²/8) / (1 + 1.96²/4) = 0.62752,
    # half-width 1.96 * sqrt(0.75 * 0.25 / 4 + 1.96² / 64) / (1 + 1.96²/4) = 0.32689
    win = by_faction(records)["greens"].win
    assert win.lo == pytest.approx(0.30063, abs=1e-5)
    assert win.hi == pytest.approx(0.95441, abs=1e-5)


def test_mean_rank_and_vp_with_t_interval(records):
    reds = by_faction(records)["reds"]
    assert reds.rank.mean == 1.625                 # ranks 1, 1.5 (tie), 2, 2
    assert reds.vp.mean == 86.25                   # 100, 95, 80, 70
    assert reds.vp.sd == pytest.approx(math.sqrt(568.75 / 3))
    half = 3.182446 * math.sqrt(568.75 / 3) / 2    # t(0.975, 3 df) * sd / sqrt(4)
    assert (reds.vp.lo, reds.vp.hi) == (pytest.approx(86.25 - half, abs=1e-4), pytest.approx(86.25 + half, abs=1e-4))
    assert by_faction(records)["greens"].vp.mean == 98.75


def test_vp_by_source_per_faction_and_overall(records):
    greens = by_faction(records)["greens"]
    # final tiles (40 + 40 + 25 + 20) / 4, round tiles (50 + 60 + 50 + 70) / 4
    assert greens.sources == {"final tiles": 31.25, "round tiles": 57.5, "start": 10.0}
    means = source_means(records)
    assert list(means) == ["round tiles", "final tiles", "start"]
    assert means["round tiles"] == pytest.approx(628 / 12)


def test_seat_advantage(records):
    seats = seat_stats(records)
    assert [s.faction for s in seats] == ["seat 1", "seat 2"]
    assert (seats[0].win.wins, seats[0].win.rate) == (4.5, 0.75)   # games 0, 3, 4, 5 and half of game 1
    assert seats[1].win.rate == 0.25


def test_faction_against_faction(records):
    h2h = head_to_head(records)
    assert h2h["reds"]["blues"] == (0.75, 2)       # won game 0, tied game 1
    assert h2h["blues"]["reds"] == (0.25, 2)
    assert h2h["greens"]["reds"] == (1.0, 2)
    assert h2h["greens"]["blues"] == (0.5, 2)
    assert "reds" not in h2h["reds"]


def test_deciding_sources_are_winner_minus_runner_up(records):
    # the five games with one winner: round tiles +10, +10, +20, 0, +22; final tiles 0, +10, +20, +5, -10
    d = {x.source: x for x in deciders(records)}
    assert [x.source for x in deciders(records)] == ["round tiles", "final tiles", "start"]
    assert (d["round tiles"].margin, d["round tiles"].led) == (pytest.approx(12.4), 0.8)
    assert (d["final tiles"].margin, d["final tiles"].led) == (pytest.approx(5.0), 0.6)
    assert (d["start"].margin, d["start"].led) == (0.0, 0.0)


def test_t_distribution_matches_the_tables():
    assert t_quantile(0.975, 3) == pytest.approx(3.182446, abs=1e-6)
    assert t_quantile(0.975, 10) == pytest.approx(2.228139, abs=1e-6)
    assert t_two_sided(2.776445, 4) == pytest.approx(0.05, abs=1e-6)
    assert t_two_sided(0.0, 7) == pytest.approx(1.0)


def test_welch_t_by_hand():
    a, b = mean_of([1, 2, 3, 4]), mean_of([2, 4, 6, 8])
    t, df, p = welch_t(a, b)
    # variances of the means 5/12 and 20/12: t = -2.5 / sqrt(25/12), df = (25/12)² / ((5/12)²/3 + (20/12)²/3)
    assert t == pytest.approx(-2.5 / math.sqrt(25 / 12))
    assert df == pytest.approx((25 / 12) ** 2 / ((5 / 12) ** 2 / 3 + (20 / 12) ** 2 / 3))
    assert p == pytest.approx(t_two_sided(t, df))
    assert 0.1 < p < 0.2


def test_two_proportion_z_by_hand():
    z, p = two_proportion_z(80, 100, 50, 100)
    assert z == pytest.approx(0.3 / math.sqrt(0.65 * 0.35 * 0.02))
    assert p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert two_proportion_z(0, 0, 1, 2) == (0.0, 1.0)


def test_holm_bonferroni_adjusts_in_order():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.9, 0.8]) == [1.0, 1.0]


def _stats(win: dict[str, tuple[float, int]], vp: dict[str, Mean]):
    from gaia_rules.lab.stats import FactionStats

    return [FactionStats(f, rate_of(w, n), mean_of([1.0]), vp[f]) for f, (w, n) in win.items()]


def test_a_change_is_flagged_only_when_significant_after_holm():
    same = Mean(100, 80.0, 10.0, 78.0, 82.0)
    before = _stats({"reds": (50, 100), "blues": (50, 100), "greens": (50, 100)},
                    {"reds": same, "blues": same, "greens": same})
    # reds: 80 of 100 against 50 (p ~ 1e-5, still < 0.05 times 3); blues: 64 against 50 (p = 0.045 alone,
    # 0.09 after Holm with 2 tests left); greens: unchanged
    after = _stats({"reds": (80, 100), "blues": (64, 100), "greens": (50, 100)},
                   {"reds": Mean(100, 90.0, 10.0, 88.0, 92.0), "blues": same, "greens": same})
    changes = {c.faction: c for c in compare(after, before)}
    assert changes["reds"].win_significant and changes["reds"].vp_significant
    assert changes["blues"].win_p < 0.05 and not changes["blues"].win_significant
    assert changes["blues"].win_p_holm == pytest.approx(2 * changes["blues"].win_p)
    assert not changes["greens"].win_significant and changes["greens"].win_p == 1.0
    assert [c.faction for c in compare(after, before)][0] == "reds"


def test_summary_counts_unfinished_games_apart(records):
    broken = {**records[0], "index": 99, "error": "no legal move"}
    for k in ("vp", "sources", "winners"):
        broken.pop(k)
    s = summarize([*records, broken], records)
    assert (s.games, s.unfinished, s.baseline_games) == (6, 1, 6)
    assert all(c.win_p_holm == 1.0 for c in s.changes)
    assert "two-proportion z-test" in s.to_json()["test"] and "Welch" in s.test


def test_paired_tests_on_the_same_games(records):
    # the change: in game 2 the reds score 105 instead of 80 and now win it
    after = [dict(r) for r in records]
    after[2] = {**after[2], "vp": [105, 100], "winners": [0]}
    pairs = paired_differences(after, records)
    assert pairs["reds"] == ([0.0, 0.0, 1.0, 0.0], [0, 0, 25, 0])
    assert pairs["greens"] == ([-1.0, 0.0, 0.0, 0.0], [0, 0, 0, 0])
    # differences 0, 0, 25, 0: mean 6.25, sd 12.5, t = 6.25 / (12.5 / 2) = 1 with 3 degrees of freedom
    assert paired_t(pairs["reds"][1]) == (pytest.approx(1.0), pytest.approx(t_two_sided(1.0, 3)))
    assert paired_t(pairs["blues"][1]) == (0.0, 1.0)
    s = summarize(after, records, paired=True)
    changes = {c.faction: c for c in s.changes}
    assert changes["reds"].paired_games == 4 and changes["reds"].vp_after - changes["reds"].vp_before == 6.25
    assert changes["reds"].vp_p == pytest.approx(t_two_sided(1.0, 3))     # 0.39, the smallest of three p-values:
    assert changes["reds"].vp_p_holm == 1.0                                # Holm multiplies it by 3 (capped at 1)
    assert "paired t-test" in s.test and not any(c.win_significant for c in s.changes)
