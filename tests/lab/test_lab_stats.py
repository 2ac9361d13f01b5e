"""The lab's numbers, on a hand-made results file (tests/data/lab/hand.jsonl) with answers worked out by hand,
and SciPy's tests and intervals against values checked once by other means (closed forms, binomial sums, a
numerical integral of the t density).

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

from scipy import stats as sps

from gaia_rules.lab.results import read_results
from gaia_rules.lab.stats import (BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, EXPLAINED, MIN_GAMES, Mean, bounded_mean_of,
                                  compare, deciders, exact_interval, faction_stats, head_to_head, holm, mean_of,
                                  paired_games, paired_t, rate_of, seat_stats, source_means, summarize,
                                  two_proportion_z, welch_t)

HAND = Path(__file__).parents[1] / "data" / "lab" / "hand.jsonl"


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


def test_win_rate_interval_is_exact(records):
    # 3 wins of 4: the lower end is the 2.5% point of Beta(3, 2), whose CDF is 4x³ - 3x⁴; the upper end the
    # 97.5% point of Beta(4, 1), whose CDF is x⁴
    win = by_faction(records)["greens"].win
    assert 4 * win.lo ** 3 - 3 * win.lo ** 4 == pytest.approx(0.025, abs=1e-12)
    assert win.hi == pytest.approx(0.975 ** 0.25, abs=1e-12)
    assert (win.lo, win.hi) == (pytest.approx(0.1941204496832, abs=1e-12), pytest.approx(0.9936905367903, abs=1e-12))


def test_exact_interval_of_7_in_10():
    lo, hi = exact_interval(7, 10)
    # checked once by the binomial sums: P(X >= 7 | p = lo) = P(X <= 7 | p = hi) = 0.025
    assert (lo, hi) == (pytest.approx(0.3475471499399921, abs=1e-9), pytest.approx(0.9332604888222655, abs=1e-9))
    assert sum(math.comb(10, k) * lo ** k * (1 - lo) ** (10 - k) for k in range(7, 11)) == pytest.approx(0.025, abs=1e-9)
    assert sum(math.comb(10, k) * hi ** k * (1 - hi) ** (10 - k) for k in range(0, 8)) == pytest.approx(0.025, abs=1e-9)
    ci = sps.binomtest(7, 10).proportion_ci(method="exact")
    assert (lo, hi) == (pytest.approx(ci.low, abs=1e-12), pytest.approx(ci.high, abs=1e-12))


@pytest.mark.parametrize("games", [1, 2, 4, 10, 30, 286, 2002])
def test_exact_interval_stays_within_0_and_1_at_none_and_all(games):
    # 0 of n: [0, 1 - 0.025^(1/n)]; n of n: [0.025^(1/n), 1] (the Beta(1, n) and Beta(n, 1) quantiles)
    assert exact_interval(0, games) == (0.0, pytest.approx(1 - 0.025 ** (1 / games), abs=1e-12))
    assert exact_interval(games, games) == (pytest.approx(0.025 ** (1 / games), abs=1e-12), 1.0)
    for wins in (0, 0.5, games / 2, games - 0.5, games):   # shared wins too
        lo, hi = exact_interval(wins, games)
        assert 0.0 <= lo <= wins / games <= hi <= 1.0
    assert exact_interval(0, 0) == (0.0, 1.0)


def test_mean_rank_and_vp_with_t_interval(records):
    reds = by_faction(records)["reds"]
    assert reds.rank.mean == 1.625                 # ranks 1, 1.5 (tie), 2, 2
    assert 1.0 <= reds.rank.lo <= reds.rank.mean <= reds.rank.hi <= 2.0
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


def test_rank_interval_stays_within_1_and_the_players_where_a_t_interval_would_not():
    ranks = [1.0] * 9 + [2.0]                      # first in 9 games of 10
    assert mean_of(ranks).lo < 1                   # Student's t would claim a mean rank below first place
    rank = bounded_mean_of(ranks, 1, 2)
    assert rank.mean == 1.1 and 1.0 <= rank.lo <= 1.1 <= rank.hi <= 2.0
    def interval(values, players):
        m = bounded_mean_of(values, 1, players)
        return m.lo, m.hi

    assert interval([1.0] * 40, 4) == (1.0, 1.0)          # always first: nothing else was seen
    assert interval([4.0] * 40, 4) == (4.0, 4.0)
    assert interval([2.5], 4) == (1.0, 4.0)               # one game says nothing about the spread
    for players in (2, 3, 4):
        ranks = [1 + (i % (2 * players - 1)) / 2 for i in range(31)] + [1.0] * 5    # every half rank, unevenly
        r = bounded_mean_of(ranks, 1, players)
        assert 1.0 <= r.lo < r.mean < r.hi <= players


def test_rank_bootstrap_is_seeded_and_agrees_with_scipys():
    import numpy as np

    ranks = [1.0] * 120 + [1.5] * 6 + [2.0] * 160              # 286 games of one faction at 2 players
    first, again = bounded_mean_of(ranks, 1, 2), bounded_mean_of(ranks, 1, 2)
    assert first == again                                       # the same games, the same interval
    theirs = sps.bootstrap((np.array(ranks),), np.mean, n_resamples=BOOTSTRAP_RESAMPLES, method="percentile",
                           rng=np.random.default_rng(BOOTSTRAP_SEED)).confidence_interval
    # the same bootstrap drawn game by game: equal up to the resampling noise (sd about 0.001 here)
    assert (first.lo, first.hi) == (pytest.approx(theirs.low, abs=0.006), pytest.approx(theirs.high, abs=0.006))


def test_t_interval_of_a_mean_uses_the_t_quantile():
    m = mean_of([1, 2, 3, 4])
    assert m.hi - m.mean == pytest.approx(3.182446305284263 * math.sqrt(5 / 3) / 2, abs=1e-12)


def test_welch_t_on_two_fixed_samples():
    a, b = [1, 2, 3, 4], [2, 4, 6, 8]
    t, p = welch_t(mean_of(a), mean_of(b))
    # variances of the means 5/12 and 20/12: t = -2.5 / sqrt(25/12) = -sqrt(3) with
    # (25/12)² / ((5/12)²/3 + (20/12)²/3) = 4.41 degrees of freedom; p checked once by integrating the t density
    assert t == pytest.approx(-math.sqrt(3), abs=1e-12)
    assert p == pytest.approx(0.15158050484530375, abs=1e-9)
    scipys = sps.ttest_ind(a, b, equal_var=False)
    assert (t, p) == (pytest.approx(scipys.statistic, abs=1e-12), pytest.approx(scipys.pvalue, abs=1e-12))
    assert welch_t(mean_of([5.0, 5.0]), mean_of([5.0, 5.0, 5.0])) == (0.0, 1.0)   # no spread, no difference


def test_paired_t_on_fixed_pairs():
    after, before = [3, 5, 4, 7, 6], [1, 4, 4, 5, 3]
    t, p = paired_t(after, before)
    # differences 2, 1, 0, 2, 3: mean 1.6, sd sqrt(1.3), t = 1.6 / (sqrt(1.3) / sqrt(5)) with 4 degrees of freedom,
    # whose CDF has a closed form: F(x) = 1/2 + 3/8 x / sqrt(1 + x²/4) (1 - x² / (12 (1 + x²/4)))
    assert t == pytest.approx(1.6 / math.sqrt(1.3 / 5), abs=1e-12)
    closed = 2 * (1 - (0.5 + 3 / 8 * t / math.sqrt(1 + t * t / 4) * (1 - t * t / (12 * (1 + t * t / 4)))))
    assert p == pytest.approx(closed, abs=1e-9) and p == pytest.approx(0.034919706674539, abs=1e-9)
    assert (t, p) == tuple(pytest.approx(float(v), abs=1e-12) for v in sps.ttest_rel(after, before)[:2])
    assert paired_t([1, 2, 3], [1, 2, 3]) == (0.0, 1.0) and paired_t([4], [1]) == (0.0, 1.0)


def test_two_proportion_z_by_hand():
    z, p = two_proportion_z(80, 100, 50, 100)
    assert z == pytest.approx(0.3 / math.sqrt(0.65 * 0.35 * 0.02))
    assert p == pytest.approx(math.erfc(z / math.sqrt(2)), abs=1e-15)
    assert two_proportion_z(0, 0, 1, 2) == (0.0, 1.0)


def test_holm_bonferroni_adjusts_in_order():
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> kept rising: 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02], abs=1e-15)
    assert holm([0.9, 0.8]) == [1.0, 1.0]
    assert holm([]) == []


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
    assert s.explanations == [EXPLAINED[k] for k in ("win", "rank", "vp", "z", "welch", "holm")]


def test_paired_tests_on_the_same_games(records):
    # the change: in game 2 the reds score 105 instead of 80 and now win it
    after = [dict(r) for r in records]
    after[2] = {**after[2], "vp": [105, 100], "winners": [0]}
    pairs = paired_games(after, records)
    reds, greens = pairs["reds"], pairs["greens"]
    assert (reds.vp_after, reds.vp_before) == ([100, 95, 105, 70], [100, 95, 80, 70])
    assert (reds.win_after, reds.win_before) == ([1.0, 0.5, 1.0, 0.0], [1.0, 0.5, 0.0, 0.0])
    assert [a - b for a, b in zip(greens.win_after, greens.win_before)] == [-1.0, 0.0, 0.0, 0.0]
    # differences 0, 0, 25, 0: mean 6.25, sd 12.5, t = 6.25 / (12.5 / 2) = 1 with 3 degrees of freedom, whose
    # two-sided p has the closed form 1 - (2/pi) (atan(1/sqrt 3) + sqrt 3 / 4) = 0.3910
    p3 = 1 - 2 / math.pi * (math.atan(1 / math.sqrt(3)) + math.sqrt(3) / 4)
    assert paired_t(reds.vp_after, reds.vp_before) == (pytest.approx(1.0, abs=1e-12), pytest.approx(p3, abs=1e-9))
    assert paired_t(pairs["blues"].vp_after, pairs["blues"].vp_before) == (0.0, 1.0)
    s = summarize(after, records, paired=True)
    changes = {c.faction: c for c in s.changes}
    assert changes["reds"].paired_games == 4 and changes["reds"].vp_after - changes["reds"].vp_before == 6.25
    assert changes["reds"].vp_p == pytest.approx(p3, abs=1e-9)            # 0.39, the smallest of three p-values:
    assert changes["reds"].vp_p_holm == 1.0                                # Holm multiplies it by 3 (capped at 1)
    assert "paired t-test" in s.test and not any(c.win_significant for c in s.changes)
    assert s.explanations[3:] == [EXPLAINED["paired"], EXPLAINED["holm"]]


def test_a_faction_with_fewer_than_30_games_gets_a_warning(records):
    assert MIN_GAMES == 30
    s = summarize(records, records)
    assert s.warnings == ["fewer than 30 games: every faction (4 each); their numbers are mostly luck, play more games",
                          "fewer than 30 games in the baseline: every faction (4 each); their numbers are mostly luck, "
                          "play more games"]
    many = [{**r, "index": r["index"] + 6 * k} for k in range(8) for r in records]      # 32 games each
    assert summarize(many).warnings == []
    # without the reds-greens games (2 and 3) of the last two copies: 28 games each for them, blues keep 32
    fewer = [r for r in many if not (r["index"] >= 36 and r["index"] % 6 in (2, 3))]
    assert summarize(fewer).warnings == ["fewer than 30 games: greens (28), reds (28); their numbers are mostly "
                                         "luck, play more games"]
    fewest = [r for r in fewer if not (r["index"] >= 36 and r["index"] % 6 in (0, 1))]   # blues 28, reds 24
    assert summarize(fewest).warnings == ["fewer than 30 games: every faction (24 to 28); their numbers are mostly "
                                          "luck, play more games"]


def test_each_explanation_is_one_sentence():
    for key, sentence in EXPLAINED.items():
        assert sentence.endswith(".") and sentence.count(". ") == 0, key
