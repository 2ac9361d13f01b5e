"""The arena: bots of several kinds play many games; win rates, VP and a rating per kind.

A *deal* is one set-up (board, tiles, factions) drawn from the arena's seed
and the deal's number. Each deal is played once per distinct rotation of the
line-up over the seats, so every bot kind sits in every seat and plays every
faction of the deal ("mirrored seeds"): luck of the deal cancels out between
kinds. Bots are seeded by seat, so a rotation that seats the same kinds as an
earlier one would replay the same game: it is left out (four fast bots play a
deal once, not four times over), and the intervals count only distinct games.

Games are independent and are played in worker processes when asked; the
results are put back in game order, so the report is the same whatever the
number of workers. Ratings are openskill's Plackett-Luce model, updated game
by game in that order.

Solo games against the Automa (`solo_schedule`): every bot kind takes the
player's seat in every deal, against each Automa faction card at each
difficulty asked for, on the same board; `solo_summary` gives each kind's (or
human faction's, or Automa card's) win rate and VP against the Automa at each
difficulty.
"""
from __future__ import annotations

import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Callable, Sequence

from openskill.models import PlackettLuce

from ..errors import GaiaError
from ..content import default_catalogue
from ..content.catalogue import Catalogue
from ..rules import Engine, Game
from ..setup import draw_factions, fill_factions, random_setup, solo_choices
from ..state import GameState, Setup
from .base import Step, play_game
from .behaviour import behaviour, behaviour_means
from .kinds import make_bot


@dataclass(frozen=True)
class GameSpec:
    """One arena game: the deal, the rotation and the line-up by seat."""

    index: int
    deal: int
    seed: str
    players: int
    factions: tuple[str, ...]
    bots: tuple[str, ...]          # bot kind by seat
    variant: str = "rules"
    layout: str = "standard"
    fixed: str = ""                # parts of a set-up file fixed in every deal (`random_setup`'s `fixed`), as JSON
    automa: str | None = None      # a solo game: the Automa faction card (seat 2) ...
    difficulty: str | None = None  # ... at this difficulty


@dataclass
class GameResult:
    index: int
    seed: str
    factions: tuple[str, ...]
    bots: tuple[str, ...]
    vp: tuple[int, ...]                   # by seat; in a solo game the Automa's last
    moves: int
    decisions: tuple[int, ...] = ()       # moves chosen, by seat
    cpu_s: tuple[float, ...] = ()         # CPU seconds spent choosing and applying them, by seat
    sources: tuple[dict[str, int], ...] = ()   # VP by source group (`source_groups`), by seat
    automa: str | None = None             # a solo game: the Automa faction card and the difficulty
    difficulty: str | None = None
    deal: int = 0                         # the deal played (games of one deal are one sample of the intervals)
    behaviour: tuple[dict[str, float], ...] = ()   # how each player's seat played (`behaviour`); {} for the Automa


@dataclass
class KindStats:
    """What one bot kind did over the arena's games (a seat's share of a tied win counts as a fraction)."""

    kind: str
    games: int = 0
    wins: float = 0.0
    vp: list[int] = field(default_factory=list)
    ranks: list[float] = field(default_factory=list)
    mu: float = 0.0
    sigma: float = 0.0
    decisions: int = 0
    cpu_s: float = 0.0
    source_vp: dict[str, int] = field(default_factory=dict)   # VP by source group, summed over its seats
    sourced: int = 0                                          # seats whose sources were recorded
    deals: list[int] = field(default_factory=list)            # the deal of each entry of `vp` and `won`
    won: list[float] = field(default_factory=list)            # each seat's share of its game's win
    behaviour: list[dict[str, float]] = field(default_factory=list)   # how each seat played

    def sources_mean(self) -> dict[str, float]:
        """Mean VP a seat of this kind scored from each source group, largest first."""
        if not self.sourced:
            return {}
        return {k: v / self.sourced for k, v in sorted(self.source_vp.items(), key=lambda kv: (-kv[1], kv[0]))}

    def ms_per_decision(self) -> float | None:
        return 1000 * self.cpu_s / self.decisions if self.decisions else None

    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self) -> tuple[float, float]:
        return win_interval(self.won, self.deals)

    def vp_mean(self) -> float:
        return sum(self.vp) / len(self.vp) if self.vp else 0.0

    def vp_interval(self) -> tuple[float, float]:
        return by_deal(self.vp, self.deals)

    def to_json(self) -> dict:
        lo, hi = self.win_interval()
        vlo, vhi = self.vp_interval()
        return {"kind": self.kind, "games": self.games, "wins": self.wins, "win_rate": self.win_rate(),
                "win_rate_95": [lo, hi], "vp_mean": self.vp_mean(), "vp_mean_95": [vlo, vhi],
                "rank_mean": sum(self.ranks) / len(self.ranks) if self.ranks else 0.0,
                "ms_per_decision": self.ms_per_decision(), "vp_by_source": self.sources_mean(),
                "behaviour": behaviour_means(self.behaviour),
                "rating": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.mu - 3 * self.sigma}}


def by_deal(values: Sequence[float], deals: Sequence[int], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the mean of `values`, the games of one deal taken as one sample (paired by deal).

    The games of a deal share its board, tiles and factions, so they are not independent: the interval
    is taken over the deals' means (each deal weighted by its games), not over the games. With one deal
    (or games without deals) it is taken over the games.
    """
    n = len(values)
    if n < 2:
        m = sum(values) / n if n else 0.0
        return m, m
    m = sum(values) / n
    groups: dict[int, list[float]] = {}
    for v, d in zip(values, deals if len(deals) == n else range(n)):
        groups.setdefault(d, []).append(v)
    if len(groups) < 2:
        groups = {i: [v] for i, v in enumerate(values)}
    k = len(groups)
    # the ratio estimator's variance: deals of unequal size weighted by their games
    size = n / k
    var = sum((sum(g) - m * len(g)) ** 2 for g in groups.values()) / (k - 1) / (k * size * size)
    half = z * math.sqrt(var)
    return m - half, m + half


def win_interval(won: Sequence[float], deals: Sequence[int]) -> tuple[float, float]:
    """A win rate's 95% interval paired by deal (`by_deal`), kept within 0-1; Wilson's when there is
    no spread to measure (every deal won, or none: the by-deal interval would have no width)."""
    n = len(won)
    if n == 0:
        return 0.0, 1.0
    lo, hi = by_deal(won, deals)
    if hi - lo < 1e-12:
        return wilson(sum(won), n)
    return max(0.0, lo), min(1.0, hi)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def schedule(catalogue: Catalogue, lineup: Sequence[str], deals: int, seed: str,
             variant: str = "rules", factions: Sequence[str | None] | None = None, layout: str = "standard",
             fixed: dict | None = None) -> list[GameSpec]:
    """Every deal played once per distinct rotation of the line-up over the seats.

    `factions` (by seat, None for an open seat), `layout` and `fixed` (the parts of
    a set-up file, `random_setup`'s `fixed`) hold in every deal; the rest is drawn per deal.
    """
    players = len(lineup)
    held = json.dumps(fixed, sort_keys=True) if fixed else ""
    out = []
    for d in range(deals):
        deal_seed = f"{seed}/{d}"
        drawn = draw_factions(catalogue, players, random.Random(f"factions/{deal_seed}"))
        seated_factions = tuple(fill_factions(catalogue, factions, drawn)) if factions is not None else drawn
        seated: set[tuple[str, ...]] = set()
        for r in range(players):
            bots = tuple(lineup[(seat + r) % players] for seat in range(players))
            if bots not in seated:
                seated.add(bots)
                out.append(GameSpec(len(out), d, deal_seed, players, seated_factions, bots, variant, layout, held))
    return out


def facing_faction(catalogue: Catalogue, card: str, k: int) -> str:
    """The k-th faction in id order among those of another home planet than the Automa card's (each plays its
    home planet), so that over k every faction meets every card."""
    home = catalogue.factions[catalogue.automa.factions[card].faction].home
    others = sorted(f for f, fa in catalogue.factions.items() if fa.home != home)
    return others[k % len(others)]


def solo_pairing(catalogue: Catalogue, k: int) -> tuple[str, str]:
    """The k-th solo game's Automa card and the player's faction: the cards in turn, each with `facing_faction`."""
    cards = sorted(catalogue.automa.factions)
    card = cards[k % len(cards)]
    return card, facing_faction(catalogue, card, k)


def standard_solo_setup(catalogue: Catalogue, seed: str, card: str, faction: str) -> Setup:
    """A solo game's set-up from its seed against `card` at the content's standard difficulty."""
    level = solo_choices(catalogue, seed, card, None, [faction])[1]
    return random_setup(catalogue, 1, seed, factions=[faction], automa=card, difficulty=level)


def solo_schedule(catalogue: Catalogue, kinds: Sequence[str], deals: int, seed: str, cards: Sequence[str],
                  levels: Sequence[str], variant: str = "rules", factions: Sequence[str | None] | None = None,
                  layout: str = "standard", fixed: dict | None = None) -> list[GameSpec]:
    """Solo games: every deal against every Automa card at every difficulty, each bot kind in the player's seat.

    A deal's board and tiles come from its seed alone, so every card, difficulty and kind meets the same
    table. The player's factions take turns (unless `factions` fixes one): deal by deal and card by card,
    the next faction in id order among those of another home planet than the card's, so every faction
    plays about as often against every card at every difficulty.
    """
    held = json.dumps(fixed, sort_keys=True) if fixed else ""
    fixed_faction = next(iter(factions or ()), None)
    out = []
    for d in range(deals):
        deal_seed = f"{seed}/{d}"
        for c, card in enumerate(cards):
            faction = fixed_faction or facing_faction(catalogue, card, d * len(cards) + c)
            random_setup(catalogue, 1, deal_seed, variant, layout, factions=[faction], fixed=fixed, automa=card,
                         difficulty=levels[0])   # refused now, not in a worker: a faction the card cannot face
            for level in levels:
                for kind in kinds:
                    out.append(GameSpec(len(out), d, deal_seed, 1, (faction,), (kind,), variant, layout, held,
                                        card, level))
    return out


_ENGINES: dict[tuple, Engine] = {}
WEIGHTED = ("fast", "search")     # bot kinds that take the fast bot's weights


def _behaviours(engine: Engine, state: GameState) -> tuple[dict, ...]:
    """Each seat's behaviour counts; none for a seat whose moves are played for it (the Automa's: no bot chose them)."""
    view = engine.view(state)
    return tuple({} if view.plays_by_deck(p) else behaviour(engine, state, p) for p in range(len(state.players)))


def play_spec(spec: GameSpec, overlays: tuple[str, ...] = (), weights: tuple | None = None,
              search: tuple = ()) -> GameResult:
    """Play one arena game (in whichever process); bots are seeded from the deal, the seat and the kind.

    `weights` (sorted (name, value) pairs) replace the shipped weights of every fast and search seat;
    `search` ((name, value) pairs such as `("think", 2.0)` or `("iterations", 100)`) sets every search
    seat's budget.
    """
    engine = _ENGINES.get(overlays)
    if engine is None:
        engine = _ENGINES[overlays] = Engine(default_catalogue([*overlays]) if overlays else None)
    setup = random_setup(engine.catalogue, spec.players, spec.seed, spec.variant, spec.layout, factions=spec.factions,
                         fixed=json.loads(spec.fixed) if spec.fixed else None, automa=spec.automa,
                         difficulty=spec.difficulty)
    options = {"weights": dict(weights)} if weights else {}
    bots = [make_bot(kind, f"{spec.seed}/{seat}/{kind}", **(options if kind in WEIGHTED else {}),
                     **(dict(search) if kind == "search" else {}))
            for seat, kind in enumerate(spec.bots)]
    decisions = [0] * setup.seat_count()
    cpu = [0.0] * setup.seat_count()
    clock = [time.process_time()]

    def tick(step: Step) -> None:
        # CPU time (not wall time): the figure holds on a busy machine too
        now = time.process_time()
        decisions[step.move.player] += 1
        cpu[step.move.player] += now - clock[0]
        clock[0] = now

    state = play_game(engine, setup, bots, on_move=tick)
    return GameResult(spec.index, spec.seed, spec.factions, spec.bots, tuple(p.vp for p in state.players),
                      sum(decisions), tuple(decisions), tuple(round(c, 4) for c in cpu),
                      tuple(map(Game(state, engine).score_groups, range(len(state.players)))),
                      spec.automa, spec.difficulty, spec.deal,
                      _behaviours(engine, state))


def play_all(specs: Sequence[GameSpec], workers: int = 1, overlays: tuple[str, ...] = (),
             on_result: Callable[[GameResult], None] | None = None,
             weights: dict[str, float] | None = None,
             search: dict[str, float] | None = None) -> list[GameResult]:
    """Play the games (in `workers` processes when more than one), returned in game order.

    `search` is the search seats' budget (`think` seconds or `iterations` per move), as `SearchBot` takes it.
    """
    results: list[GameResult] = []
    packed = tuple(sorted(weights.items())) if weights else None
    budget = tuple(sorted((search or {}).items()))
    if workers <= 1:
        for spec in specs:
            results.append(play_spec(spec, overlays, packed, budget))
            if on_result:
                on_result(results[-1])
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for result in pool.map(play_spec, specs, [overlays] * len(specs), [packed] * len(specs),
                                  [budget] * len(specs), chunksize=1):
                results.append(result)
                if on_result:
                    on_result(result)
    return sorted(results, key=lambda r: r.index)


def ranks_of(vp: Sequence[int]) -> list[float]:
    """1 for the best; tied seats share the mean of their places."""
    out = []
    for v in vp:
        better = sum(1 for w in vp if w > v)
        tied = sum(1 for w in vp if w == v)
        out.append(better + (tied + 1) / 2)
    return out


def summarize(results: Sequence[GameResult], kinds: Sequence[str]) -> list[KindStats]:
    """Per kind: games, wins (ties shared), VP, mean rank, and a Plackett-Luce rating."""
    model = PlackettLuce()
    ratings = {k: model.rating(name=k) for k in kinds}
    stats = {k: KindStats(k) for k in kinds}
    for r in results:
        top = max(r.vp)
        winners = [i for i, v in enumerate(r.vp) if v == top]
        for seat, kind in enumerate(r.bots):
            s = stats[kind]
            if r.decisions:
                s.decisions += r.decisions[seat]
                s.cpu_s += r.cpu_s[seat]
            s.games += 1
            s.vp.append(r.vp[seat])
            s.deals.append(r.deal)
            s.won.append(1 / len(winners) if seat in winners else 0.0)
            if r.behaviour:
                s.behaviour.append(r.behaviour[seat])
            if r.sources:
                s.sourced += 1
                for group, n in r.sources[seat].items():
                    s.source_vp[group] = s.source_vp.get(group, 0) + n
            if seat in winners:
                s.wins += 1 / len(winners)
        for seat, rank in enumerate(ranks_of(r.vp)):
            stats[r.bots[seat]].ranks.append(rank)
        rate_seats(model, ratings, r)
    for k in kinds:
        stats[k].mu, stats[k].sigma = ratings[k].mu, ratings[k].sigma
    return [stats[k] for k in kinds]


@dataclass
class SoloStats:
    """One bot kind's (or human faction's, or Automa card's) games against the Automa at one difficulty."""

    name: str
    difficulty: str
    games: int = 0
    wins: float = 0.0             # the player's wins; a tie with the Automa counts half
    vp: list[int] = field(default_factory=list)
    automa_vp: list[int] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)      # the deal of each game (intervals are paired by deal)
    won: list[float] = field(default_factory=list)      # each game: 1 won, 0.5 tied, 0 lost
    behaviour: list[dict[str, float]] = field(default_factory=list)   # how the player's seat played

    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self) -> tuple[float, float]:
        return win_interval(self.won, self.deals)

    def margin_interval(self) -> tuple[float, float]:
        return by_deal([a - b for a, b in zip(self.vp, self.automa_vp)], self.deals)

    def margin(self) -> float:
        """The player's VP less the Automa's, mean over the games."""
        return (sum(self.vp) - sum(self.automa_vp)) / self.games if self.games else 0.0

    def to_json(self) -> dict:
        lo, hi = self.win_interval()
        return {"name": self.name, "difficulty": self.difficulty, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate(), "win_rate_95": [lo, hi], "vp_mean": _mean(self.vp),
                "vp_mean_95": list(by_deal(self.vp, self.deals)), "automa_vp_mean": _mean(self.automa_vp),
                "margin": self.margin(), "margin_95": list(self.margin_interval()),
                "behaviour": behaviour_means(self.behaviour)}


SOLO_KEYS = ("bot", "faction", "automa")   # what solo games are grouped by, besides the difficulty


def solo_summary(results: Sequence[GameResult], by: str = "bot", levels: Sequence[str] | None = None
                 ) -> list[SoloStats]:
    """The solo games grouped by bot kind, human faction or Automa card (`by`) and difficulty: kinds in the
    order met, factions and cards by id, difficulties in the order of `levels` when given. The player's
    seat against the Automa's."""
    groups: dict[tuple[str, str], SoloStats] = {}
    for r in results:
        if r.automa is None:
            continue
        name = {"bot": r.bots[0], "faction": r.factions[0], "automa": r.automa}[by]
        s = groups.setdefault((name, r.difficulty), SoloStats(name, r.difficulty))
        s.games += 1
        s.vp.append(r.vp[0])
        s.automa_vp.append(r.vp[-1])
        s.deals.append(r.deal)
        s.won.append(1.0 if r.vp[0] > r.vp[-1] else 0.5 if r.vp[0] == r.vp[-1] else 0.0)
        if r.behaviour:
            s.behaviour.append(r.behaviour[0])
        s.wins += 1.0 if r.vp[0] > r.vp[-1] else 0.5 if r.vp[0] == r.vp[-1] else 0.0
    order = {level: i for i, level in enumerate(levels or ())}
    names = {n: i for i, n in enumerate(dict.fromkeys(n for n, _ in groups) if by == "bot"
                                        else sorted({n for n, _ in groups}))}
    return sorted(groups.values(), key=lambda s: (names[s.name], order.get(s.difficulty, len(order))))


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def rate_seats(model, ratings: dict, result: GameResult) -> None:
    """One game's update of the kinds' ratings: every seat a player of its kind's rating, ranked by VP;
    a kind's new rating is the mean of its seats' updates.

    Rating a kind's seats as one team scored by its best seat would make three fast bots a team that
    beats a lone search bot whenever any of them does, and so rate the stronger bot lower.
    """
    if len(set(result.bots)) < 2:
        return   # a table of one kind says nothing about kinds
    rated = model.rate([[ratings[k]] for k in result.bots], scores=list(result.vp))
    for kind in set(result.bots):
        seats = [i for i, k in enumerate(result.bots) if k == kind]
        mu = sum(rated[i][0].mu for i in seats) / len(seats)
        sigma = sum(rated[i][0].sigma for i in seats) / len(seats)
        ratings[kind] = model.rating(mu=mu, sigma=sigma, name=kind)


def arena_json(results: Sequence[GameResult], kinds: Sequence[str],
               pairs: Sequence["PairedStats"] | None = None, levels: Sequence[str] | None = None) -> dict:
    if any(r.automa is not None for r in results):   # solo games: each against the Automa
        return {"games": len(results), "solo": {by: [s.to_json() for s in solo_summary(results, by, levels)]
                                                for by in SOLO_KEYS},
                "results": [asdict(r) for r in results]}
    out = {"games": len(results), "kinds": [s.to_json() for s in summarize(results, kinds)],
           "results": [asdict(r) for r in results]}
    if pairs is not None:
        out["paired"] = [asdict(p) for p in pairs]
    return out


@dataclass
class PairedStats:
    """One kind's VP against an earlier run of the very same games (deals, seats, factions), game by game.

    The games are the unit: a kind's seats in one game share its board, so the difference of a game is
    the mean over the kind's seats there, and the interval is taken over games. Pairing takes the luck
    of the deal out of the comparison (four fast bots, 64 deals: ±1.4 VP paired, ±2.3 unpaired).
    """

    kind: str
    games: int
    vp_mean: float           # this run
    earlier_vp_mean: float   # the earlier run, same games
    difference: float        # this run minus the earlier one, mean over games
    difference_95: tuple[float, float]


class UnpairedGames(GaiaError, ValueError):
    """The earlier run did not play the same games (another seed, line-up or number of deals)."""


def earlier_games(games: Sequence[GameSpec | GameResult], earlier: dict) -> list[dict]:
    """The games of `earlier` (an arena `--json` document) that `games` play again, in their order.

    Checked before anything is played: a run of other deals, seats or factions cannot be paired.
    """
    before = {g.get("index"): g for g in earlier.get("results", []) if isinstance(g, dict)}
    out = []
    for g in games:
        e = before.get(g.index)
        if (e is None or e.get("seed") != g.seed or tuple(e.get("factions", ())) != g.factions
                or tuple(e.get("bots", ())) != g.bots or len(e.get("vp", ())) != len(g.bots)):
            raise UnpairedGames(f"game {g.index + 1} ({g.seed}, {','.join(g.bots)}) is not in the earlier run: "
                                "give the same --bots, --players, --deals, --seed and --variant")
        out.append(e)
    return out


def paired(results: Sequence[GameResult], earlier: dict, kinds: Sequence[str]) -> list[PairedStats]:
    """Each kind's VP against `earlier` (an arena `--json` document of the same games), game by game."""
    diffs: dict[str, list[float]] = {k: [] for k in kinds}
    now: dict[str, list[float]] = {k: [] for k in kinds}
    for r, e in zip(results, earlier_games(results, earlier)):
        for kind in set(r.bots):
            seats = [i for i, k in enumerate(r.bots) if k == kind]
            diffs[kind].append(sum(r.vp[i] - e["vp"][i] for i in seats) / len(seats))
            now[kind].append(sum(r.vp[i] for i in seats) / len(seats))
    out = []
    for k in kinds:
        d, n = diffs[k], len(diffs[k])
        mean = sum(d) / n if n else 0.0
        half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n) if n > 1 else 0.0
        vp = sum(now[k]) / n if n else 0.0
        out.append(PairedStats(k, n, vp, vp - mean, mean, (mean - half, mean + half)))
    return out


def unique(lineup: Sequence[str]) -> list[str]:
    out: list[str] = []
    for k in lineup:
        if k not in out:
            out.append(k)
    return out
