"""The numbers of a lab report, as pure functions of the results' lines (no I/O, no content).

Conventions: a tied win is shared (two seats tied on top get half a win
each); ranks are 1 for the best, tied seats share the mean of their places.

The statistics come from SciPy (the `lab` extra), every interval at 95% and
inside the values it can take: win rates get the exact binomial
(Clopper-Pearson) interval, within 0 and 1; mean ranks a seeded percentile
bootstrap, within 1 and the player count; mean VP Student's t interval. A
comparison with a baseline of other games tests each faction's win rate with
a two-proportion z-test and its mean VP with Welch's t-test; a baseline of
the same games (same seed: same set-ups and seatings, only the content
differs) tests the per-game differences with paired t-tests, which see much
smaller changes. Each family of tests is corrected for the number of
factions with Holm's step-down procedure. The same lines always give the
same numbers (the bootstrap's generator has a fixed seed).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Iterable, Sequence

from ..players.arena import ranks_of
from . import LabError

NEEDS_SCIPY = "the lab's statistics need SciPy, which the lab extra installs: pip install -e '.[lab]'"

try:
    import numpy as np
    from scipy import stats as sps
except ImportError:  # the `lab` extra is not installed: one line for the person, not a traceback
    raise LabError(NEEDS_SCIPY) from None

ALPHA = 0.05

# Fewer games than this and a faction's numbers are mostly luck: at 30 games the exact 95% interval of a
# 50% win rate already spans 31% to 69%, and 30 is where the t interval of a mean stops leaning hard on
# the shape of the VP spread (the usual rule of thumb). The report warns below it.
MIN_GAMES = 30

# The bootstrap of mean ranks: resamples of the games, and the fixed seed of its generator (any fixed
# number does: it keeps the report byte for byte the same for the same results files).
BOOTSTRAP_RESAMPLES = 9999
BOOTSTRAP_SEED = 31


# ------------------------------------------------------------------ samples

@dataclass
class Mean:
    """A sample's mean, standard deviation and 95% interval."""

    n: int
    mean: float
    sd: float
    lo: float
    hi: float


def _mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    m = sum(values) / n
    return m, (math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0)


def mean_of(values: Sequence[float]) -> Mean:
    """The mean with Student's t 95% interval (no interval from fewer than two values)."""
    n = len(values)
    if n == 0:
        return Mean(0, 0.0, 0.0, 0.0, 0.0)
    m, sd = _mean_sd(values)
    if n < 2:
        return Mean(n, m, 0.0, m, m)
    half = float(sps.t.ppf(1 - ALPHA / 2, n - 1)) * sd / math.sqrt(n)
    return Mean(n, m, sd, m - half, m + half)


def bounded_mean_of(values: Sequence[float], low: float, high: float) -> Mean:
    """The mean of values that lie in [low, high], with a 95% interval that stays there.

    The percentile bootstrap: the games are resampled with replacement
    BOOTSTRAP_RESAMPLES times (a fixed seed) and the interval runs from the
    2.5th to the 97.5th percentile of the resamples' means. A resample's mean
    lies between the smallest and the largest value, so the interval never
    leaves [low, high]. The values take few distinct numbers (ranks are whole
    or halves), so each resample is drawn as the count of each number
    (multinomial), the same distribution as drawing the games one by one.
    From fewer than two values nothing is known: the interval is [low, high].
    """
    n = len(values)
    if n == 0:
        return Mean(0, 0.0, 0.0, float(low), float(high))
    m, sd = _mean_sd(values)
    if n < 2:
        return Mean(n, m, 0.0, float(low), float(high))
    distinct, counts = np.unique(np.asarray(values, dtype=float), return_counts=True)
    draws = np.random.default_rng(BOOTSTRAP_SEED).multinomial(n, counts / n, size=BOOTSTRAP_RESAMPLES)
    lo, hi = np.quantile(draws @ distinct / n, [ALPHA / 2, 1 - ALPHA / 2])
    return Mean(n, m, sd, float(lo), float(hi))


@dataclass
class Rate:
    """Wins (ties shared) out of games, with the exact binomial 95% interval."""

    games: int
    wins: float
    rate: float
    lo: float
    hi: float


def exact_interval(wins: float, games: int) -> tuple[float, float]:
    """The exact (Clopper-Pearson) 95% interval of a rate, always within [0, 1].

    Its Beta-quantile form, as SciPy's `binomtest(k, n).proportion_ci(method="exact")`
    computes it for whole k; the same form takes a count with shared wins (1.5 of 4).
    No games: [0, 1].
    """
    if games <= 0:
        return 0.0, 1.0
    lo = 0.0 if wins <= 0 else float(sps.beta.ppf(ALPHA / 2, wins, games - wins + 1))
    hi = 1.0 if wins >= games else float(sps.beta.ppf(1 - ALPHA / 2, wins + 1, games - wins))
    return lo, hi


def rate_of(wins: float, games: int) -> Rate:
    lo, hi = exact_interval(wins, games)
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
    """Wins, ranks, VP, sources and the most seats at a table, grouped by key_of(record, seat)."""
    acc: dict = {}
    for r in records:
        shares, ranks = win_shares(r), ranks_of(r["vp"])
        for seat in range(len(r["vp"])):
            a = acc.setdefault(key_of(r, seat), {"wins": 0.0, "ranks": [], "vp": [], "sources": {}, "players": 1})
            a["wins"] += shares[seat]
            a["ranks"].append(ranks[seat])
            a["vp"].append(r["vp"][seat])
            a["players"] = max(a["players"], len(r["vp"]))
            for k, v in r["sources"][seat].items():
                a["sources"][k] = a["sources"].get(k, 0) + v
    return acc


def _stats_of(name: str, a: dict) -> FactionStats:
    n = len(a["vp"])
    return FactionStats(name, rate_of(a["wins"], n), bounded_mean_of(a["ranks"], 1, a["players"]), mean_of(a["vp"]),
                        {k: v / n for k, v in sorted(a["sources"].items())})


def faction_stats(records: Sequence[dict]) -> list[FactionStats]:
    """Per faction, best win rate first."""
    out = [_stats_of(f, a) for f, a in _per_key(records, lambda r, s: r["factions"][s]).items()]
    return sorted(out, key=lambda s: (-s.win.rate, s.faction))


def seat_stats(records: Sequence[dict]) -> list[FactionStats]:
    """Per seat (1 = first to play): is there an advantage in the order?"""
    acc = _per_key(records, lambda r, s: s)
    return [_stats_of(f"seat {s + 1}", a) for s, a in sorted(acc.items())]


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
    return z, float(2 * sps.norm.sf(abs(z)))


def welch_t(a: Mean, b: Mean) -> tuple[float, float]:
    """(t, two-sided p) of Welch's t-test of a's mean against b's (SciPy, from the samples' n, mean and sd).

    The same test as `scipy.stats.ttest_ind(a_values, b_values, equal_var=False)`.
    """
    if a.n < 2 or b.n < 2:
        return 0.0, 1.0
    if a.sd == 0 and b.sd == 0:
        return 0.0, 1.0 if a.mean == b.mean else 0.0
    result = sps.ttest_ind_from_stats(a.mean, a.sd, a.n, b.mean, b.sd, b.n, equal_var=False)
    return float(result.statistic), float(result.pvalue)


def paired_t(after: Sequence[float], before: Sequence[float]) -> tuple[float, float]:
    """(t, two-sided p) of the paired t-test (`scipy.stats.ttest_rel`) that after - before averages 0."""
    if len(after) < 2:
        return 0.0, 1.0
    diffs = {a - b for a, b in zip(after, before)}
    if len(diffs) == 1:  # every game moved by the same amount: no spread to test against
        return 0.0, 1.0 if diffs == {0} else 0.0
    result = sps.ttest_rel(after, before)
    return float(result.statistic), float(result.pvalue)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (same order as given): reject where adjusted p < alpha.

    The smallest p is multiplied by m, the next by m - 1, and so on, each kept at least as
    large as the one before and at most 1 (SciPy has no Holm; these are its few lines).
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


@dataclass
class Pairs:
    """One faction's games present in both files (same game numbers, same seating): its win share and VP."""

    win_after: list[float] = field(default_factory=list)
    win_before: list[float] = field(default_factory=list)
    vp_after: list[float] = field(default_factory=list)
    vp_before: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.vp_after)


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
            pairs: dict[str, Pairs] | None = None) -> list[Change]:
    """Per faction present in both: the change in win rate and in mean VP, tested and Holm-corrected.

    With `pairs` (faction -> its games played on the same set-ups in both), paired
    t-tests; otherwise the unpaired tests.
    """
    old = {s.faction: s for s in before}
    common = [s for s in after if s.faction in old]
    if pairs is not None:
        mine = [pairs.get(s.faction, Pairs()) for s in common]
        win = [paired_t(p.win_after, p.win_before) for p in mine]
        vp = [paired_t(p.vp_after, p.vp_before) for p in mine]
    else:
        win = [two_proportion_z(s.win.wins, s.win.games, old[s.faction].win.wins, old[s.faction].win.games)
               for s in common]
        vp = [welch_t(s.vp, old[s.faction].vp) for s in common]
    win_holm, vp_holm = holm([p for _, p in win]), holm([p for _, p in vp])
    out = [Change(s.faction, old[s.faction].win.rate, s.win.rate, win[i][0], win[i][1], win_holm[i],
                  old[s.faction].vp.mean, s.vp.mean, vp[i][0], vp[i][1], vp_holm[i],
                  len(pairs.get(s.faction, Pairs())) if pairs is not None else 0)
           for i, s in enumerate(common)]
    return sorted(out, key=lambda c: (c.win_p_holm, c.vp_p_holm, -abs(c.win_after - c.win_before), c.faction))


def paired_games(records: Sequence[dict], baseline: Sequence[dict]) -> dict[str, Pairs]:
    """Per faction, over the game numbers in both with the same seating: its win share and VP after and before."""
    base = {r["index"]: r for r in baseline}
    out: dict[str, Pairs] = {}
    for r in records:
        b = base.get(r["index"])
        if b is None or b["factions"] != r["factions"]:
            continue
        shares, base_shares = win_shares(r), win_shares(b)
        for seat, f in enumerate(r["factions"]):
            p = out.setdefault(f, Pairs())
            p.win_after.append(shares[seat])
            p.win_before.append(base_shares[seat])
            p.vp_after.append(r["vp"][seat])
            p.vp_before.append(b["vp"][seat])
    return out


# ------------------------------------------------------------------ solo games against the Automa

@dataclass
class SoloStats:
    """The player's games against the Automa at one difficulty: all of them (`faction` "all") or one faction's."""

    faction: str
    difficulty: str
    win: Rate
    vp: Mean
    automa_vp: Mean


ALL = "all"


def solo_stats(records: Sequence[dict]) -> list[SoloStats]:
    """Per difficulty (in the run's order), the player's win rate and VP against the Automa: every game, then
    each faction of the player (by id). The player sits first, the Automa last; a tie counts half."""
    games = [r for r in records if r.get("automa")]
    levels = list(dict.fromkeys(lv for r in games[:1] for lv in r.get("options", {}).get("difficulty", ())))
    levels += [lv for lv in dict.fromkeys(r["difficulty"] for r in games) if lv not in levels]
    out = []
    for level in levels:
        here = [r for r in games if r["difficulty"] == level]
        for faction in [ALL] + sorted({r["factions"][0] for r in here}):
            mine = [r for r in here if faction == ALL or r["factions"][0] == faction]
            if not mine:
                continue
            wins = sum(win_shares(r)[0] for r in mine)
            out.append(SoloStats(faction, level, rate_of(wins, len(mine)), mean_of([r["vp"][0] for r in mine]),
                                 mean_of([r["vp"][-1] for r in mine])))
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
    run: dict = field(default_factory=dict)          # what the results were made with (run_named)
    baseline_run: dict | None = None
    warnings: list[str] = field(default_factory=list)
    explanations: list[str] = field(default_factory=list)   # each interval and test, in a sentence
    solo: list[SoloStats] | None = None   # solo games: the player against the Automa, by difficulty
    change: list[dict] | None = None      # a measured change: each component with its `gaia explain` lines
    effects: list | None = None           # ... and its effect per faction, paired by deal (effect.Effect)

    @property
    def seats_per_game(self) -> int | None:
        """Seats at every table when all games had as many (the Automa's counted in solo games), else None."""
        if len(self.players) != 1:
            return None
        return self.players[0] + (1 if self.solo is not None else 0)

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

# Each interval and test of the report in one sentence of plain words.
EXPLAINED = {
    "win": "Win rate: the share of its games a faction won (a tie on top is shared); its 95% interval is the exact "
           "binomial (Clopper-Pearson) interval, the true win rates that could well have given this count, and it "
           "never leaves 0% to 100%.",
    "rank": "Mean rank: 1 is first; its 95% interval comes from redrawing the faction's games at random, with "
            f"replacement, {BOOTSTRAP_RESAMPLES:,} times and keeping the middle 95% of their mean ranks (a seeded "
            "bootstrap), so it always lies between 1 and the number of players.",
    "vp": "Mean VP: its 95% interval is Student's t interval, built to hold the true mean in 95 of 100 runs like "
          "this one.",
    "z": "The two-proportion z-test asks whether a faction's win rate differs between the two runs by more than "
         "luck alone would make two runs of the same game differ.",
    "welch": "Welch's t-test compares a faction's mean VP in the two runs without assuming that the VP spreads "
             "equally in both, and asks whether the gap is larger than luck would give.",
    "paired": "The paired t-test looks only at the games played in both runs with the same set-up and seating, "
              "and asks whether the faction's game-by-game differences (in VP, and in its share of the win) "
              "average zero; taking away the luck of the set-up lets it see small changes.",
    "solo": "Solo games: the player sits first and the Automa second, named by its faction card; the rows of "
            "each Automa card give its share of the wins against the player.",
    "holm": f"Holm's correction allows for testing every faction at once: a p below {ALPHA} after it (marked *) "
            f"means that, had the change done nothing, the chance of even one faction showing a difference this "
            f"large would be under {ALPHA:.0%}.",
}


def run_named(records: Sequence[dict], file: str | None = None) -> dict:
    """What a results file was made with: its name, the content hash and the --content folders.

    Files written before the lab recorded the folders have none (`content_folders` null).
    """
    first = records[0] if records else {}
    return {"file": file, "content": first.get("content"), "content_folders": first.get("content_folders")}


def few_games(factions: Sequence[FactionStats], where: str = "") -> list[str]:
    """One warning naming the factions with fewer than MIN_GAMES games, if any."""
    few = [s for s in factions if s.win.games < MIN_GAMES]
    if not few:
        return []
    counts = sorted({s.win.games for s in few})
    if len(few) == len(factions) > 1:
        names = "every faction " + (f"({counts[0]} each)" if len(counts) == 1 else f"({counts[0]} to {counts[-1]})")
    else:
        names = ", ".join(f"{s.faction} ({s.win.games})" for s in few)
    return [f"fewer than {MIN_GAMES} games{where}: {names}; their numbers are mostly luck, play more games"]


def summarize(records: Sequence[dict], baseline: Sequence[dict] | None = None, paired: bool = False,
              files: tuple[str | None, str | None] = (None, None)) -> Summary:
    """Every number of the report; with a baseline, each faction's change (paired tests when `paired`).

    `files` names the results and the baseline in the report (labels only).
    """
    games = finished(records)
    factions = faction_stats(games)
    summary = Summary(len(games), len(records) - len(games), sorted({r["players"] for r in games}), factions,
                      seat_stats(games), source_means(games), deciders(games), head_to_head(games),
                      run=run_named(records, files[0]), warnings=few_games(factions),
                      explanations=[EXPLAINED["win"], EXPLAINED["rank"], EXPLAINED["vp"]])
    if any(r.get("automa") for r in games):
        summary.solo = solo_stats(games)
        summary.explanations.append(EXPLAINED["solo"])
    if baseline is not None:
        base = finished(baseline)
        before = faction_stats(base)
        pairs = paired_games(games, base) if paired else None
        summary.changes = compare(factions, before, pairs)
        summary.baseline_games = len(base)
        summary.baseline_run = run_named(baseline, files[1])
        summary.test = PAIRED_TEST if paired else UNPAIRED_TEST
        if not paired:
            summary.warnings += few_games(before, " in the baseline")
        summary.explanations += [EXPLAINED[k] for k in (("paired",) if paired else ("z", "welch"))] + [EXPLAINED["holm"]]
    return summary
