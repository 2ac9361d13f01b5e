"""Tables that fit: piped output is COLUMNS wide, or 120 columns without it, and no cell loses a character.

Its slow tier: test_tables_fit.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import json

import pytest

from test_tables_fit import WIDTHS, beside, fits, gaia, quiet_score_table_fits, words

pytestmark = pytest.mark.slow


def test_simulate_summary_and_report_fit_and_keep_every_figure(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)     # a short file name: a word wider than the width would be folded
    results = "run.jsonl"
    summary = gaia("simulate", "--games", 2, "--players", 2, "--bot", "greedy", "--workers", 1, "--seed", "fit",
                   "-o", results, env={"COLUMNS": "80"})
    fits(summary, 80)
    assert words(summary).startswith(f"2 games in {results}: 2 played, 0 already there;")
    assert words(summary).endswith("(seatings balanced exactly at multiples of 14 games)")
    data = json.loads(gaia("report", results, results, "--json"))
    for env, width in WIDTHS:
        text = gaia("report", results, results, env=env)
        lines = fits(text, width)
        for s in data["factions"]:
            win, vp, rank = s["win"], s["vp"], s["rank"]
            beside(lines, s["faction"], str(win["games"]), f"{win['rate']:.1%}", f"{win['lo']:.1%}–{win['hi']:.1%}",
                   f"{rank['mean']:.2f}", f"{vp['mean']:.1f}", f"{vp['sd']:.1f}", f"{vp['lo']:.1f}–{vp['hi']:.1f}")
        for c in data["changes"]:
            beside(lines, c["faction"], f"{c['win_before']:.1%}", f"{c['win_after']:.1%}",
                   f"{c['win_after'] - c['win_before']:+.1%}", f"{c['vp_before']:.1f}", f"{c['vp_after']:.1f}",
                   f"{c['vp_after'] - c['vp_before']:+.1f}", f"{c['win_p_holm']:.2g}", f"{c['vp_p_holm']:.2g}")
        flat = words(text)
        assert words(data["test"]) in flat
        assert "Seats (win rate, 95% interval): " + ", ".join(
            f"{s['faction']} {s['win']['rate']:.1%} ({s['win']['lo']:.1%}–{s['win']['hi']:.1%})"
            for s in data["seats"]) in flat
        assert "Deciding sources (winner minus runner-up, mean VP): " + ", ".join(
            f"{d['source']} {d['margin']:+.1f}" for d in data["deciders"][:5]) in flat


def test_play_quiet_score_table_fits_and_keeps_every_name_and_total_without_columns():
    """The same table with no COLUMNS in the environment: 120 columns."""
    quiet_score_table_fits(*WIDTHS[1])
