"""The fast bot's estimate, the part read off the map: what the pieces are worth, room to grow, neighbours'
charges, federations in reach (`FastEvaluator` in fast.py holds the rest). Kept apart because these
terms share caches keyed by positions of pieces, which most moves do not change."""
from __future__ import annotations

from ..content.catalogue import Catalogue
from ..rules import Engine
from ..state import GameState
from .greedy import structure_values


class BoardTerms:
    """The estimate's terms read off the map: what the pieces are worth, room to grow, neighbours'
    charges, federations in reach. Kept apart from the resource terms because they share caches keyed
    by positions of pieces, which most moves do not change."""

    def __init__(self, catalogue: Catalogue, weights: dict[str, float]):
        self.catalogue = catalogue
        self.w = weights  # the evaluator's own dict: tuning a weight there changes it here
        self._values: dict[str, dict[str, float]] = {}
        self._in_range: dict[tuple, tuple[tuple[str, float], ...]] = {}
        self._linked: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}

    def structure_worth(self, faction: str, piece: str) -> float:
        values = self._values.get(faction)
        if values is None:
            values = self._values[faction] = structure_values(self.catalogue, faction)
        return values.get(piece, 0.0)

    def expansion(self, engine: Engine, state: GameState, p: int, origins: tuple[str, ...]) -> float:
        """Room to grow: empty planets within reach of `origins`, each counted less the more it costs.

        A planet needing no terraforming counts 1, one needing 3 ore counts 1/2, ...; a Gaia planet
        counts as one needing `expansion_gaia_ore` ore. With `expansion_qic` above 0 the planets the
        Q.I.C. held would bring into range count too, each Q.I.C. needed as that many ore more: reach
        the player can pay for is room to grow, and a closed board makes range (research, Q.I.C.)
        worth what the mines it opens are. The sum is capped at `expansion_cap`: a player builds only
        a few mines a round. The planets in reach are kept per (origins, range, Q.I.C. usable,
        terraforming cost): most moves change none.
        """
        if not origins:
            return 0.0
        ctx = engine.view(state)
        key = self.reach_key(ctx, state, p, origins)
        planets = self._in_range.get(key)
        if planets is None:
            if len(self._in_range) > 20_000:
                self._in_range.clear()
            planets = self._in_range[key] = self._planets_in_range(ctx, state, key)
        total = 0.0
        for name, worth in planets:
            h = state.board.get(name)
            if h is None or h.piece is None:
                total += worth
        return min(total, self.w["expansion_cap"])

    def reach_key(self, ctx, state: GameState, p: int, origins: tuple[str, ...]) -> tuple:
        """What the planets in reach depend on: faction, origins, range, terraforming cost, Q.I.C. usable, range per Q.I.C."""
        pl = state.players[p]
        qic = min(pl.qic, int(self.w["expansion_qic_max"])) if self.w["expansion_qic"] > 0 else 0
        return (pl.faction, origins, ctx.param(p, "range") + state.temp.get("range", 0),
                ctx.param(p, "terraform_cost"), qic,
                ctx.param(p, "range_per_qic") if qic else 0)

    def _planets_in_range(self, ctx, state: GameState, key) -> tuple[tuple[str, float], ...]:
        faction, origins, reach, cost, qic, per_qic = key
        home = self.catalogue.factions[faction].home
        far = reach + qic * per_qic
        seen: set[str] = set()
        out = []
        for origin in origins:
            for name in ctx.map.within(origin, far):
                if name in seen:
                    continue
                seen.add(name)
                kind = ctx.map.kind_at(state, name)
                if kind == "home":
                    ore = ctx.terraform_steps(home, ctx.map.planet_at(state, name)) * cost
                elif kind == "gaia":
                    ore = self.w["expansion_gaia_ore"]
                else:
                    continue
                if far > reach:
                    dist = min(ctx.map.distance(o, name) for o in origins)
                    ore += self.w["expansion_qic"] * max(0, -(-(dist - reach) // per_qic))
                out.append((name, 3.0 / (3.0 + ore)))
        return tuple(sorted(out))

    def neighbour_power(self, engine: Engine, state: GameState, p: int) -> int:
        """Power value of p's pieces within charging distance of an opponent's piece.

        Each is a charge to come whenever that opponent builds or upgrades beside it (power bought
        for VP), and a cheaper upgrade where the content prices one near an opponent.
        """
        ctx = engine.view(state)
        mine, theirs = [], set()
        for name, h in state.board.items():
            if h.piece is None or h.owner is None:
                continue
            if h.owner == p:
                mine.append(name)
            else:
                theirs.add(name)
        return sum(ctx.power_value(p, name, "federation") for name in mine
                   if not theirs.isdisjoint(ctx.map.within(name, ctx.map.charge_distance)))

    def board_parts(self, engine: Engine, state: GameState, p: int,
                    faction: str | None) -> tuple[float, float, tuple[str, ...], int]:
        """One pass over the board for player p's pieces: (structure worth, federation potential,
        range origins, federations ready).

        Federations ready: the pieces not yet in a federation, grouped by `federation_link` (pieces
        this close can be joined by satellites), each group counting how many times its power value
        reaches the player's threshold. Satellites are not counted.
        """
        ctx = engine.view(state)
        worth = 0.0
        origins = []
        loose: list[tuple[str, int]] = []
        for name, h in state.board.items():
            if h.owner == p and h.piece is not None:
                if faction is not None:
                    worth += self.structure_worth(faction, h.piece)
                    if ctx.is_range_origin(p, h.piece):
                        origins.append(name)
                if p not in h.federations:
                    loose.append((name, ctx.power_value(p, name, "federation")))
            elif p in h.guests:
                origins.append(name)
                if p not in h.federations:
                    loose.append((name, ctx.power_value(p, name, "federation")))
        threshold = max(1, ctx.param(p, "federation_threshold"))
        total = sum(v for _, v in loose)
        ready = 0
        if self.w["federation_ready"]:
            values = dict(loose)
            for group in self._groups(ctx, tuple(n for n, v in loose if v > 0)):
                ready += sum(values[n] for n in group) // threshold
        return worth, total / threshold, tuple(origins), ready

    def _groups(self, ctx, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        """Pieces linked by chains of steps of at most `federation_link` hexes (kept per set of pieces)."""
        found = self._linked.get(names)
        if found is not None:
            return found
        if len(self._linked) > 20_000:
            self._linked.clear()
        link = self.w["federation_link"]
        parent = list(range(len(names)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                if ctx.map.distance(names[i], names[j]) <= link:
                    parent[root(i)] = root(j)
        groups: dict[int, list[str]] = {}
        for i, n in enumerate(names):
            groups.setdefault(root(i), []).append(n)
        found = self._linked[names] = tuple(tuple(g) for g in groups.values())
        return found
