"""Balanced seatings: every faction equally often, in every seat equally often, homes distinct per table.

The games come in *blocks*. A block lays out each faction of the pool the
same number of times over tables of `players` seats (the fewest copies that
fill whole tables, L = lcm(factions, players) places), arranged so no table
holds two factions of one home planet, then plays each table once per
rotation of its seats. Games are ordered rotation by rotation, so every
faction has played equally often after each L / players games, and in every
seat equally often after each L games (the block).

Everything here depends on the seed, the game index and the pool (factions
and their homes) only: two content sets with the same pool get the same
seatings and set-up seeds, game for game.

Solo games against the Automa (`SoloSchedule`) come in deals: a deal is one
set-up seed played against every Automa card at every difficulty of the run,
the player's faction taking turns among those of another home planet than
the card's, so every faction meets every card at every difficulty equally
often after each block.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

from . import LabError


@dataclass(frozen=True)
class GameSpec:
    """One game of a run: its index, the seed of its set-up, and the factions by seat (a solo game: the
    player's, against this Automa faction card at this difficulty)."""

    index: int
    setup_seed: str
    factions: tuple[str, ...]
    automa: str | None = None
    difficulty: str | None = None


@dataclass(frozen=True)
class Schedule:
    """The seatings of a run (the pool is sorted; `homes` maps each faction to its home planet)."""

    seed: str
    players: int
    pool: tuple[str, ...]
    homes: tuple[str, ...]

    @property
    def block(self) -> int:
        """Games after which every faction has sat in every seat equally often."""
        return math.lcm(len(self.pool), self.players)

    @property
    def faction_round(self) -> int:
        """Games after which every faction has played equally often."""
        return self.block // self.players

    def game(self, index: int) -> GameSpec:
        tables = _tables(self.seed, self.players, self.pool, self.homes, index // self.block)
        within = index % self.block
        rotation, t = divmod(within, len(tables))
        table = tables[t]
        factions = tuple(table[(seat + rotation) % self.players] for seat in range(self.players))
        return GameSpec(index, f"{self.seed}/{index // self.block}/{t}", factions)

    def games(self, n: int) -> list[GameSpec]:
        return [self.game(i) for i in range(n)]


def make_schedule(seed: str, players: int, homes: Mapping[str, str], pool: Sequence[str] | None = None) -> Schedule:
    """The schedule for a pool of factions (default: all of `homes`); refuses a pool that cannot be seated."""
    names = sorted(set(pool if pool is not None else homes))
    unknown = [f for f in names if f not in homes]
    if unknown:
        raise LabError(f"unknown faction '{unknown[0]}' (choose from {', '.join(sorted(homes))})")
    if len(names) < players:
        raise LabError(f"{len(names)} faction{'s' if len(names) != 1 else ''} cannot fill {players} seats")
    home_of = tuple(homes[f] for f in names)
    copies = math.lcm(len(names), players) // len(names)
    tables = math.lcm(len(names), players) // players
    worst = max(home_of.count(h) for h in set(home_of)) * copies
    if worst > tables or len(set(home_of)) < players:
        raise LabError(f"the pool cannot be seated at {players}-player tables with distinct home planets "
                       f"(too many factions share a home planet)")
    schedule = Schedule(str(seed), players, tuple(names), home_of)
    _tables(schedule.seed, players, schedule.pool, schedule.homes, 0)  # fails now if no arrangement is found
    return schedule


@lru_cache(maxsize=64)
def _tables(seed: str, players: int, pool: tuple[str, ...], homes: tuple[str, ...], block: int) -> list[tuple[str, ...]]:
    """Block `block`'s tables: each faction `copies` times, no home twice at a table (random repair)."""
    rng = random.Random(f"lab-seating/{seed}/{block}")
    copies = math.lcm(len(pool), players) // len(pool)
    places = [i for i in range(len(pool)) for _ in range(copies)]
    rng.shuffle(places)
    home = {i: homes[i] for i in range(len(pool))}

    def clashes(t: int) -> int:
        seats = places[t * players:(t + 1) * players]
        return len(seats) - len({home[i] for i in seats})

    n_tables = len(places) // players
    for _ in range(200_000):
        bad = [t for t in range(n_tables) if clashes(t)]
        if not bad:
            return [tuple(pool[i] for i in places[t * players:(t + 1) * players]) for t in range(n_tables)]
        t = rng.choice(bad)
        a = t * players + rng.randrange(players)
        b = rng.randrange(len(places))
        before = clashes(t) + clashes(b // players)
        places[a], places[b] = places[b], places[a]
        if clashes(t) + clashes(b // players) > before:
            places[a], places[b] = places[b], places[a]  # keep only swaps that do not make things worse
    raise LabError(f"no seating of the pool at {players}-player tables with distinct home planets was found")


@dataclass(frozen=True)
class SoloSchedule:
    """The games of a solo run: deal by deal, every (Automa card, difficulty) pair once, the player's faction
    taking turns among the pool's factions of another home planet than the card's (`homes`: by faction;
    `card_homes`: each card's home planet)."""

    seed: str
    pool: tuple[str, ...]
    homes: tuple[str, ...]
    cards: tuple[str, ...]
    card_homes: tuple[str, ...]
    levels: tuple[str, ...]
    players: int = 1

    def _others(self, c: int) -> list[str]:
        return [f for f, h in zip(self.pool, self.homes) if h != self.card_homes[c]]

    @property
    def block(self) -> int:
        """Games after which every faction has met every card at every difficulty equally often."""
        return len(self.cards) * len(self.levels) * math.lcm(*(len(self._others(c)) for c in range(len(self.cards))))

    @property
    def faction_round(self) -> int:
        return self.block

    def game(self, index: int) -> GameSpec:
        deal, k = divmod(index, len(self.cards) * len(self.levels))
        c, lv = divmod(k, len(self.levels))
        others = self._others(c)
        return GameSpec(index, f"{self.seed}/{deal}", (others[(deal + c) % len(others)],), self.cards[c],
                        self.levels[lv])

    def games(self, n: int) -> list[GameSpec]:
        return [self.game(i) for i in range(n)]


def make_solo_schedule(seed: str, homes: Mapping[str, str], cards: Mapping[str, str], levels: Sequence[str],
                       pool: Sequence[str] | None = None) -> SoloSchedule:
    """The solo schedule (`cards`: each Automa card's home planet); refuses a pool some card cannot face."""
    names = sorted(set(pool if pool is not None else homes))
    unknown = [f for f in names if f not in homes]
    if unknown:
        raise LabError(f"unknown faction '{unknown[0]}' (choose from {', '.join(sorted(homes))})")
    schedule = SoloSchedule(str(seed), tuple(names), tuple(homes[f] for f in names), tuple(cards),
                            tuple(cards.values()), tuple(levels))
    for c, card in enumerate(schedule.cards):
        if not schedule._others(c):
            raise LabError(f"no faction of the pool can face {card} (each has its home planet, "
                           f"{schedule.card_homes[c]})")
    return schedule


@dataclass(frozen=True)
class FocusSchedule:
    """The seatings of a run that measures a change to factions: the changed factions (`focus`) sit at every
    table. Deal d is played once per rotation of its seats (`players` games in a row, one set-up seed), so
    each changed faction sits in every seat equally often; the other seats come from `others`, the balanced
    schedule of the rest of the pool (no home planet of a changed faction) over the remaining seats."""

    seed: str
    players: int
    pool: tuple[str, ...]
    focus: tuple[str, ...]
    others: Schedule | None

    @property
    def block(self) -> int:
        """Games after which every faction has sat in every seat equally often."""
        return self.players * (self.others.block if self.others is not None else 1)

    @property
    def faction_round(self) -> int:
        return self.players * (self.others.faction_round if self.others is not None else 1)

    def game(self, index: int) -> GameSpec:
        deal, rotation = divmod(index, self.players)
        table = self.focus + (self.others.game(deal).factions if self.others is not None else ())
        factions = tuple(table[(seat + rotation) % self.players] for seat in range(self.players))
        return GameSpec(index, f"{self.seed}/deal/{deal}", factions)

    def games(self, n: int) -> list[GameSpec]:
        return [self.game(i) for i in range(n)]


def make_focus_schedule(seed: str, players: int, homes: Mapping[str, str], focus: Sequence[str],
                        pool: Sequence[str] | None = None) -> FocusSchedule:
    """The schedule that seats every faction of `focus` at every table; LabError when they cannot sit together."""
    focus = tuple(sorted(focus))
    taken = [homes[f] for f in focus]
    if len(set(taken)) < len(taken):
        raise LabError(f"the changed factions {', '.join(focus)} share a home planet: they cannot sit at one table")
    names = sorted(set(pool if pool is not None else homes))
    rest = [f for f in names if f not in focus and homes.get(f) not in taken]
    seats = players - len(focus)
    others = make_schedule(seed, seats, homes, rest) if seats else None
    return FocusSchedule(str(seed), players, tuple(names), focus, others)
