"""The balance lab: many bot games over balanced seatings, and what they say about the factions.

Between players and faces: it plays games with the bots (players), writes one
JSON line per game (results.py), computes the numbers (stats.py) and draws the
report (report.py). Dask (cluster.py) is optional and imported only when a
scheduler is given. A change to measure (change.py) is put in every game and
paired game by game with the games without it; effect.py gives its effect by
deal. env.py offers the game to learning agents (PettingZoo, the `rl` extra):
nothing else imports it. Beside them, `gaia bench`'s measurements of the engine
(bench.py, bench_targets.py, bench_report.py).
"""
from __future__ import annotations

from ..errors import GaiaError


class LabError(GaiaError):
    """A problem for the person running the lab: one line saying where and why."""
