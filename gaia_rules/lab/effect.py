"""The effect of a change, paired by deal: what it moved in each faction's win share and VP, with an interval.

Two runs of the same arguments play game i on the same deal (set-up seed)
and seating, one with the change and one without (`gaia simulate --content`
plays both). Each game gives a faction's difference, after minus before, in
its share of the win (a tie on top shared) and in VP. The games of one deal
are not independent samples (the rotations of a table share its set-up), so
the unit is the deal: a deal's difference is the mean over its games, and the
95% interval is Student's t over the deals.

How many games would halve it: with the observed spread of the deals'
differences taken as the true one, the half-width after m deals is
t(m-1) * sd / sqrt(m); the smallest m whose half-width is at most half of
today's is about 4 times today's deals (a little less, as t shrinks with
more deals). The games that adds are (m - n) deals of today's games per deal.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from .stats import ALPHA, Mean, mean_of, sps, win_shares


@dataclass
class Effect:
    """One faction's change, paired by deal: mean difference per deal with its 95% t interval."""

    faction: str
    deals: int
    games: int
    win: Mean          # difference in win share (after - before), per deal
    vp: Mean           # difference in VP, per deal
    more_games: int | None   # games more that would halve the intervals (None: fewer than 2 deals, or no spread)


def deal_differences(records: Sequence[dict], baseline: Sequence[dict],
                     factions: Sequence[str] | None = None) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """faction -> deal (set-up seed) -> (win share, VP) differences of its games, over the games whose number,
    set-up seed and seating are the same in both (only `factions`, when given)."""
    base = {r["index"]: r for r in baseline}
    out: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for r in records:
        b = base.get(r["index"])
        if b is None or b["factions"] != r["factions"] or b.get("setup_seed") != r.get("setup_seed"):
            continue
        after, before = win_shares(r), win_shares(b)
        for seat, f in enumerate(r["factions"]):
            if factions is None or f in factions:
                out.setdefault(f, {}).setdefault(r["setup_seed"], []).append(
                    (after[seat] - before[seat], r["vp"][seat] - b["vp"][seat]))
    return out


def halving_deals(deals: int) -> int | None:
    """The fewest deals whose t interval is at most half as wide as that of `deals` deals, at the same spread."""
    if deals < 2:
        return None
    target = _width(deals) / 2
    m = deals + 1
    while _width(m) > target:
        m += 1
    return m


def _width(n: int) -> float:
    return float(sps.t.ppf(1 - ALPHA / 2, n - 1)) / math.sqrt(n)


def effects(records: Sequence[dict], baseline: Sequence[dict], factions: Sequence[str] | None = None) -> list[Effect]:
    """Each faction's effect (only `factions`, when given), in the order given, else largest VP change first."""
    out = []
    for f, by_deal in deal_differences(records, baseline, factions).items():
        games = sum(len(v) for v in by_deal.values())
        win = mean_of([sum(d[0] for d in v) / len(v) for v in by_deal.values()])
        vp = mean_of([sum(d[1] for d in v) / len(v) for v in by_deal.values()])
        m = halving_deals(len(by_deal))
        spread = win.sd > 0 or vp.sd > 0
        more = math.ceil((m - len(by_deal)) * games / len(by_deal)) if m is not None and spread else None
        out.append(Effect(f, len(by_deal), games, win, vp, more))
    if factions is not None:
        return sorted(out, key=lambda e: list(factions).index(e.faction))
    return sorted(out, key=lambda e: (-abs(e.vp.mean), e.faction))


EXPLAINED_EFFECT = ("The change's effect is paired by deal: each game was played on the same deal and seating with "
                    "and without the change, a deal's difference is the mean over its games, and the 95% interval "
                    "is Student's t over the deals; 'games to halve' is how many more games (of as many per deal) "
                    "would make that interval half as wide, if the deals keep spreading as they did (about 4 times "
                    "the deals in all).")


def add_effects(summary, records: Sequence[dict], baseline: Sequence[dict]) -> None:
    """Put the change (as the lines name it) and its effect, paired by deal, into a report's summary: the
    changed factions' rows when the change seated some at every table, else every faction's."""
    first = records[0] if records else {}
    focus = (first.get("options") or {}).get("focus") or {}
    summary.change = first.get("change")
    summary.effects = effects(records, baseline, focus.get("factions") or None)
    summary.explanations.append(EXPLAINED_EFFECT)
