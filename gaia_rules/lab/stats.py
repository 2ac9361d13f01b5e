"""The numbers of a lab report, as pure functions of the results' lines (no I/O, no content).

Conventions: a tied win is shared (two seats tied on top get half a win
each); ranks are 1 for the best, tied seats share the mean of their places.
Rates get Wilson 95% intervals, means Student t 95% intervals. A comparison
with a baseline of other games tests each faction's win rate with a
two-proportion z-test and its mean VP with Welch's t-test; a baseline of the
same games (same seed: same set-ups and seatings, only the content differs)
tests the per-game differences with paired t-tests, which see much smaller
changes. Each family of tests is corrected for the number of factions with
Holm-Bonferroni.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Iterable, Sequence

from ..players.arena import ranks_of, wilson

ALPHA = 0.05


# ------------------------------------------------------------------ distributions

def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-14:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if math.isinf(df):
        return normal_two_sided(t)
    return betainc(df / 2, 0.5, df / (df + t * t))


def t_quantile(p: float, df: float) -> float:
    """The t value with P(T <= t) = p (p > 0.5), by bisection."""
    lo, hi = 0.0, 1e6
    for _ in range(200):
        mid = (lo + hi) / 2
        if 1 - t_two_sided(mid, df) / 2 < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ------------------------------------------------------------------ samples

@dataclass
class Mean:
    """A sample's mean, standard deviation and t 95% interval."""

    n: int
    mean: float
    sd: float
    lo: float
    hi: float


def mean_of(values: Sequence[float]) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(0, 0.0, 0.0, 0.0, 0.0)
    m = sum(values) / n
    if n < 2:
        return Mean(n, m, 0.0, m, m)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return Mean(n, m, sd, m - half, m + half)


@dataclass
class Rate:
    """Wins (ties shared) out of games, with the Wilson 95% interval."""

    games: int
    wins: float
    rate: float
    lo: float
    hi: float


def rate_of(wins: float, games: int) -> Rate:
    lo, hi = wilson(wins, games)
    return Rate(games, wins, wins / games if games else 0.0, lo, hi)


def finished(records: Iterable[dict]) -> list[dict]:
    """The games that ended (lines with `error` are games the bots could not finish)."""
    return [r for r in records if "error" not in r]


def win_shares(record: dict) -> list[float]:
    """Each seat's share of the win: 1/k for each of k seats tied on top."""
    winners = record["winners"]
    return [1 / len(winners) if s in winners else 0.0 for s in range(len(record["vp"]))]


# ------------------------------------------------------------------ per faction, per seat

@dataclass
class FactionStats:
    faction: str
    win: Rate
    rank: Mean
    vp: Mean
    sources: dict[str, float] = field(default_factory=dict)  # mean VP per source group


def _per_key(records: Sequence[dict], key_of) -> dict:
    """Wins, ranks, VP and sources grouped by key_of(record, seat)."""
    acc: dict = {}
    for r in records:
        shares, ranks = win_shares(r), ranks_of(r["vp"])
        for seat in range(len(r["vp"])):
            a = acc.setdefault(key_of(r, seat), {"wins": 0.0, "ranks": [], "vp": [], "sources": {}})
            a["wins"] += shares[seat]
            a["ranks"].append(ranks[seat])
            a["vp"].append(r["vp"][seat])
            for k, v in r["sources"][seat].items():
                a["sources"][k] = a["sources"].get(k, 0) + v
    return acc


def faction_stats(records: Sequence[dict]) -> list[FactionStats]:
    """Per faction, best win rate first."""
    out = []
    for f, a in _per_key(records, lambda r, s: r["factions"][s]).items():
        n = len(a["vp"])
        out.append(FactionStats(f, rate_of(a["wins"], n), mean_of(a["ranks"]), mean_of(a["vp"]),
                                {k: v / n for k, v in sorted(a["sources"].items())}))
    return sorted(out, key=lambda s: (-s.win.rate, s.faction))


def seat_stats(records: Sequence[dict]) -> list[FactionStats]:
    """Per seat (1 = first to play): is there an advantage in the order?"""
    acc = _per_key(records, lambda r, s: s)
    return [FactionStats(f"seat {s + 1}", rate_of(a["wins"], len(a["vp"])), mean_of(a["ranks"]), mean_of(a["vp"]),
                         {k: v / len(a["vp"]) for k, v in sorted(a["sources"].items())})
            for s, a in sorted(acc.items())]


def head_to_head(records: Sequence[dict]) -> dict[str, dict[str, tuple[float, int]]]:
    """[a][b] = (a's share of the meetings of a and b where a finished above b, ties half; meetings)."""
    out: dict[str, dict[str, list]] = {}
    for r in records:
        for i, a in enumerate(r["factions"]):
            for j, b in enumerate(r["factions"]):
                if i != j:
                    cell = out.setdefault(a, {}).setdefault(b, [0.0, 0])
                    cell[0] += 1.0 if r["vp"][i] > r["vp"][j] else 0.5 if r["vp"][i] == r["vp"][j] else 0.0
                    cell[1] += 1
    return {a: {b: (s / n, n) for b, (s, n) in sorted(row.items())} for a, row in sorted(out.items())}


@dataclass
class Decider:
    """A source of VP and how it separates the winner from the runner-up."""

    source: str
    margin: float       # mean (winner - runner-up) VP from this source, over games with one winner
    led: float          # share of those games where the winner got more from it than the runner-up


def deciders(records: Sequence[dict]) -> list[Decider]:
    """Sources by the mean margin they give the winner over the runner-up (largest first)."""
    diffs: dict[str, list[float]] = {}
    games = [r for r in records if len(r["winners"]) == 1 and len(r["vp"]) > 1]
    for r in games:
        w = r["winners"][0]
        second = max((s for s in range(len(r["vp"])) if s != w), key=lambda s: (r["vp"][s], -s))
        keys = set(r["sources"][w]) | set(r["sources"][second])
        for k in keys:
            diffs.setdefault(k, [])
        for k in diffs:
            diffs[k].append(r["sources"][w].get(k, 0) - r["sources"][second].get(k, 0))
    out = [Decider(k, sum(v) / len(games), sum(1 for d in v if d > 0) / len(games))
           for k, v in diffs.items() if games]
    return sorted(out, key=lambda d: (-d.margin, d.source))


def source_means(records: Sequence[dict]) -> dict[str, float]:
    """Mean VP per seat from each source group, over all seats of all games."""
    total: dict[str, float] = {}
    seats = 0
    for r in records:
        for src in r["sources"]:
            seats += 1
            for k, v in src.items():
                total[k] = total.get(k, 0) + v
    return {k: v / seats for k, v in sorted(total.items(), key=lambda kv: -kv[1])} if seats else {}


# ------------------------------------------------------------------ against a baseline

def two_proportion_z(w1: float, n1: int, w2: float, n2: int) -> tuple[float, float]:
    """(z, two-sided p) of the pooled two-proportion z-test of w1/n1 against w2/n2."""
    if not n1 or not n2:
        return 0.0, 1.0
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0
    z = (w1 / n1 - w2 / n2) / se
    return z, normal_two_sided(z)


def welch_t(a: Mean, b: Mean) -> tuple[float, float, float]:
    """(t, degrees of freedom, two-sided p) of Welch's t-test of a's mean against b's."""
    if a.n < 2 or b.n < 2:
        return 0.0, 0.0, 1.0
    va, vb = a.sd ** 2 / a.n, b.sd ** 2 / b.n
    if va + vb == 0:
        return 0.0, 0.0, 1.0 if a.mean == b.mean else 0.0
    t = (a.mean - b.mean) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / ((va ** 2 / (a.n - 1) if va else 0) + (vb ** 2 / (b.n - 1) if vb else 0))
    return t, df, t_two_sided(t, df)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (same order as given): reject where adjusted p < alpha."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


@dataclass
class Change:
    """How one faction moved from the baseline to the results."""

    faction: str
    win_before: float
    win_after: float
    win_stat: float      # z (unpaired) or t (paired)
    win_p: float
    win_p_holm: float
    vp_before: float
    vp_after: float
    vp_stat: float       # Welch's t (unpaired) or t (paired)
    vp_p: float
    vp_p_holm: float
    paired_games: int = 0

    @property
    def win_significant(self) -> bool:
        return self.win_p_holm < ALPHA

    @property
    def vp_significant(self) -> bool:
        return self.vp_p_holm < ALPHA


def compare(after: Sequence[FactionStats], before: Sequence[FactionStats],
            pairs: dict[str, tuple[list[float], list[float]]] | None = None) -> list[Change]:
    """Per faction present in both: the change in win rate and in mean VP, tested and Holm-corrected.

    With `pairs` (faction -> per-game differences of win share and of VP, over games
    played on the same set-ups), paired t-tests; otherwise the unpaired tests.
    """
    old = {s.faction: s for s in before}
    common = [s for s in after if s.faction in old]
    if pairs is not None:
        win = [paired_t(pairs.get(s.faction, ([], []))[0]) for s in common]
        vp = [paired_t(pairs.get(s.faction, ([], []))[1]) for s in common]
    else:
        win = [two_proportion_z(s.win.wins, s.win.games, old[s.faction].win.wins, old[s.faction].win.games)
               for s in common]
        vp = [(t, p) for t, _, p in (welch_t(s.vp, old[s.faction].vp) for s in common)]
    win_holm, vp_holm = holm([p for _, p in win]), holm([p for _, p in vp])
    out = [Change(s.faction, old[s.faction].win.rate, s.win.rate, win[i][0], win[i][1], win_holm[i],
                  old[s.faction].vp.mean, s.vp.mean, vp[i][0], vp[i][1], vp_holm[i],
                  len(pairs.get(s.faction, ([], []))[0]) if pairs is not None else 0)
           for i, s in enumerate(common)]
    return sorted(out, key=lambda c: (c.win_p_holm, c.vp_p_holm, -abs(c.win_after - c.win_before), c.faction))


def paired_t(diffs: Sequence[float]) -> tuple[float, float]:
    """(t, two-sided p) of the paired t-test that the mean of the differences is 0."""
    m = mean_of(diffs)
    if m.n < 2:
        return 0.0, 1.0
    if m.sd == 0:
        return 0.0, 1.0 if m.mean == 0 else 0.0
    t = m.mean / (m.sd / math.sqrt(m.n))
    return t, t_two_sided(t, m.n - 1)


def paired_differences(records: Sequence[dict], baseline: Sequence[dict]) -> dict[str, tuple[list[float], list[float]]]:
    """Per faction, over the game numbers in both with the same seating: (win share after - before, VP after - before)."""
    base = {r["index"]: r for r in baseline}
    out: dict[str, tuple[list[float], list[float]]] = {}
    for r in records:
        b = base.get(r["index"])
        if b is None or b["factions"] != r["factions"]:
            continue
        shares, base_shares = win_shares(r), win_shares(b)
        for seat, f in enumerate(r["factions"]):
            wins, vps = out.setdefault(f, ([], []))
            wins.append(shares[seat] - base_shares[seat])
            vps.append(r["vp"][seat] - b["vp"][seat])
    return out


# ------------------------------------------------------------------ everything, as plain data

@dataclass
class Summary:
    games: int
    unfinished: int
    players: list[int]
    factions: list[FactionStats]
    seats: list[FactionStats]
    sources: dict[str, float]
    deciders: list[Decider]
    head_to_head: dict
    changes: list[Change] | None = None
    baseline_games: int | None = None
    test: str | None = None

    def to_json(self) -> dict:
        d = asdict(self)
        d["head_to_head"] = {a: {b: {"share": s, "meetings": n} for b, (s, n) in row.items()}
                             for a, row in self.head_to_head.items()}
        if self.changes is not None:
            for c, cd in zip(self.changes, d["changes"]):
                cd["win_significant"], cd["vp_significant"] = c.win_significant, c.vp_significant
        return d


UNPAIRED_TEST = ("win rate: two-proportion z-test (pooled, two-sided); mean VP: Welch's t-test (two-sided); "
                 "each family Holm-Bonferroni corrected for the number of factions; significant when the "
                 f"corrected p < {ALPHA}")
PAIRED_TEST = ("the same games (set-up and seating) in both files, so each faction's per-game differences are "
               "tested: win share and VP each with a paired t-test (two-sided); each family Holm-Bonferroni "
               f"corrected for the number of factions; significant when the corrected p < {ALPHA}")


def summarize(records: Sequence[dict], baseline: Sequence[dict] | None = None, paired: bool = False) -> Summary:
    """Every number of the report; with a baseline, each faction's change (paired tests when `paired`)."""
    games = finished(records)
    factions = faction_stats(games)
    summary = Summary(len(games), len(records) - len(games), sorted({r["players"] for r in games}), factions,
                      seat_stats(games), source_means(games), deciders(games), head_to_head(games))
    if baseline is not None:
        base = finished(baseline)
        pairs = paired_differences(games, base) if paired else None
        summary.changes = compare(factions, faction_stats(base), pairs)
        summary.baseline_games = len(base)
        summary.test = PAIRED_TEST if paired else UNPAIRED_TEST
    return summary
