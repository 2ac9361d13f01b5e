"""What the rules need besides the state: the catalogue, the variant and the map.

A `Context` is built once per game set-up and shared by every rule module.
It also answers the questions that combine content and state: which effects
a player holds now, the value of a rule parameter for a player, and counts
such as "planet types colonized".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator

from ..board import GameMap, Hex, PlacedSector, distance
from ..content.catalogue import Catalogue, Faction, Structure
from ..language import ast
from ..state import GameState, PlayerState


@dataclass(frozen=True)
class Held:
    """One statement a player holds now, and where it comes from."""

    source: str          # "<kind>:<component id>", e.g. a booster, a tech tile, "faction", "structure:<id>"
    statement: ast.Statement
    index: int = 0       # position among the source's statements (names special actions)


@dataclass
class Context:
    catalogue: Catalogue
    variant: str
    map: GameMap
    game_params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def for_setup(cls, catalogue: Catalogue, setup) -> "Context":
        placed = [PlacedSector(s["sector"], s["rotation"], tuple(s["center"])) for s in setup.sectors]
        faces = {k: v.hexes for k, v in catalogue.sectors.items()}
        tiles = {k: v.tile for k, v in catalogue.sectors.items()}
        game_map = GameMap.build(placed, faces, tiles, setup.mirror)
        params = {n: p.default for n, p in catalogue.parameters.items() if p.scope == "game"}
        params.update(catalogue.variants[setup.variant].parameters)
        return cls(catalogue, setup.variant, game_map, params)

    # ------------------------------------------------------------ content shortcuts
    def faction(self, p: PlayerState) -> Faction:
        return self.catalogue.factions[p.faction]

    def structure(self, p: PlayerState, sid: str) -> Structure:
        return self.catalogue.factions[p.faction].structures[sid]

    @cached_property
    def player_param_defaults(self) -> dict[str, Any]:
        return {n: p.default for n, p in self.catalogue.parameters.items() if p.scope == "player"}

    @cached_property
    def caps(self) -> dict[str, int]:
        return {r: d["cap"] for r, d in self.catalogue.resources.items() if "cap" in d}

    # ------------------------------------------------------------ pieces on the board
    def pieces(self, state: GameState, p: int) -> dict[str, list[str]]:
        """Piece id -> hexes where player p is the main occupant."""
        out: dict[str, list[str]] = {}
        for name, h in state.board.items():
            if h.owner == p and h.piece is not None:
                out.setdefault(h.piece, []).append(name)
        return out

    def count(self, state: GameState, p: int, sid: str) -> int:
        return sum(1 for h in state.board.values() if h.owner == p and h.piece == sid)

    def supply_used(self, state: GameState, p: int, sid: str) -> int:
        """Copies of a structure taken from the faction board (reveal its income slots)."""
        player = state.players[p]
        n = 0
        for name, h in state.board.items():
            if h.owner == p and h.piece == sid and name != player.lost_planet:
                n += 1
            if p in h.guests and sid == self.mine_id:
                n += 1
        return n

    @cached_property
    def mine_id(self) -> str:
        """The structure built on planets (the first placed on a planet with no upgrade source)."""
        board = next(iter(self.catalogue.boards.values()))
        for sid, s in board["structures"].items():
            if s.get("place_on") == "planet":
                return sid
        raise LookupError("content has no structure placed on planets")

    def is_structure(self, p: PlayerState, piece: str) -> bool:
        return self.structure(p, piece).structure

    def planet_at(self, state: GameState, name: str) -> str:
        h = state.board.get(name)
        if h is not None and h.planet is not None:
            return h.planet
        return self.map.hexes[self.map.by_name[name]].planet

    def colonized(self, state: GameState, p: int) -> list[str]:
        """Hexes where p is the main occupant with a structure (not Gaiaformers or stations)."""
        player = state.players[p]
        return [name for name, h in state.board.items()
                if h.owner == p and h.piece is not None and self.is_structure(player, h.piece)]

    def structures_with_guests(self, state: GameState, p: int) -> list[str]:
        return self.colonized(state, p) + [n for n, h in state.board.items() if p in h.guests]

    # ------------------------------------------------------------ counters ("per ...")
    def counter(self, state: GameState, p: int, word: str) -> int:
        player = state.players[p]
        if word == "planet-type":
            return len({self.planet_at(state, n) for n in self.colonized(state, p)})
        if word == "gaia-planet":
            return sum(1 for n in self.colonized(state, p) if self.planet_at(state, n) == "gaia")
        if word == "sector":
            return len({self.map.hexes[self.map.by_name[n]].tile for n in self.structures_with_guests(state, p)})
        if word == "structure":
            return len(self.structures_with_guests(state, p))
        if word == "federated-structure":
            return sum(1 for n in self.structures_with_guests(state, p) if p in state.board[n].federations)
        if word == "satellite":
            stations = sum(1 for h in state.board.values()
                           if h.owner == p and h.piece is not None and self.structure(player, h.piece).counts_as_satellite)
            return player.satellites + stations
        if word == "fed":
            return len(player.fed_tokens)
        if word == "research":
            return sum(player.research.values())
        # a structure id: copies on the map, guest mines and the Lost Planet mine included
        n = self.count(state, p, word)
        if word == self.mine_id:
            n += sum(1 for h in state.board.values() if p in h.guests)
        return n

    def count_per(self, state: GameState, p: int, words: tuple[str, ...]) -> int:
        return sum(self.counter(state, p, w) for w in words)

    # ------------------------------------------------------------ held statements
    def scope_holds(self, state: GameState, p: int, scope: ast.Scope | None) -> bool:
        if scope is None:
            return True
        built = any(self.count(state, p, sid) > 0 for sid in scope.pieces)
        return built if scope.kind == "once" else not built

    def held(self, state: GameState, p: int) -> Iterator[Held]:
        """Every statement player p holds now, in a fixed order."""
        player = state.players[p]
        if player.faction is None:
            return
        faction = self.faction(player)
        if faction.income is not None:
            yield from self._statements(state, p, "income", (faction.income,))
        yield from self._statements(state, p, "faction", faction.ability)
        if faction.planetary_institute and self.count(state, p, faction.planetary_institute_structure) > 0:
            yield from self._statements(state, p, "pi", faction.planetary_institute)
        for sid, s in faction.structures.items():
            used = self.supply_used(state, p, sid)
            for k in range(min(used, len(s.slots))):
                if s.slots[k] is not None:
                    yield from self._statements(state, p, f"structure:{sid}:{k}", (s.slots[k],))
        for track_id, track in self.catalogue.tracks.items():
            level = player.research.get(track_id, 0)
            for lv in range(level + 1):
                for st in _flat(track.levels[lv]):
                    if isinstance(st.clause, ast.Income) and lv != level:
                        continue  # moving up replaces the lower level's income
                    if isinstance(st.clause, ast.Now):
                        continue
                    yield Held(f"research:{track_id}:{lv}", st)
        for t in player.tech:
            if t.enabled:
                tile = self.catalogue.tech_tiles.get(t.tile) or self.catalogue.advanced_tech_tiles.get(t.tile)
                kind = "tech" if t.tile in self.catalogue.tech_tiles else "adv"
                yield from self._statements(state, p, f"{kind}:{t.tile}", tile.effects)
        if player.booster is not None:
            yield from self._statements(state, p, f"booster:{player.booster}", self.catalogue.boosters[player.booster].effects)

    def _statements(self, state, p, source, effects) -> Iterator[Held]:
        i = 0
        for eff in effects:
            for st in eff.statements:
                if self.scope_holds(state, p, st.scope):
                    yield Held(source, st, i)
                i += 1

    def param(self, state: GameState, p: int, name: str, key: str | None = None) -> Any:
        """A rule parameter for player p: its default, then every `set` they hold, in order."""
        if name == "power_value" and key is not None:
            value: Any = self.structure(state.players[p], key).power_value
        else:
            value = self.player_param_defaults[name]
        for h in self.held(state, p):
            cl = h.statement.clause
            if isinstance(cl, ast.Set) and cl.name == name and (not cl.keys or key in cl.keys):
                value = cl.value
        if isinstance(value, str) and value in ("true", "false"):
            return value == "true"
        return value

    def replacements(self, state: GameState, p: int) -> dict[str, str]:
        return {h.statement.clause.old: h.statement.clause.new for h in self.held(state, p)
                if isinstance(h.statement.clause, ast.Replace)}

    def locked(self, state: GameState, p: int, track: str) -> bool:
        return any(isinstance(h.statement.clause, ast.Lock) and h.statement.clause.track == track
                   for h in self.held(state, p))

    def power_value(self, state: GameState, p: int, name: str) -> int:
        h = state.board[name]
        player = state.players[p]
        if h.owner == p and h.piece is not None:
            value = self.param(state, p, "power_value", h.piece)
            if self.planet_at(state, name) == self.faction(player).home:
                value += self.param(state, p, "home_planet_power_bonus")
            return value
        if p in h.guests:
            return self.structure(player, self.mine_id).power_value
        return 0

    def distance(self, a: str, b: str) -> int:
        return distance(self.map.by_name[a], self.map.by_name[b])

    def hex_name(self, coord: Hex) -> str:
        return self.map.hexes[coord].name


def _flat(effects) -> Iterator[ast.Statement]:
    for eff in effects:
        yield from eff.statements
