"""What the rules need besides the state: the catalogue, the variant and the map.

A `Context` is built once per game set-up and shared by every rule module.
It also answers the questions that combine content and state: which effects
a player holds now, the value of a rule parameter for a player, and counts
such as "planet types colonized".
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator

from ..board import GameMap, Hex, PlacedSector, distance, neighbours
from ..content.catalogue import Catalogue, Faction, Structure
from ..content.values import typed_value
from ..language import ast
from ..language.vocabulary import ENGINE_RESOURCES
from ..state import GameState, PlayerState


# Resources the engine keeps as a player's fields; every other kept resource is data (`PlayerState.other`).
RESOURCE_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic", "vp": "vp"}


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
    tables: dict[str, dict] = field(default_factory=dict, repr=False, compare=False)
    # what the engine keeps about the state it works on, per thread (one Context serves every game
    # on its map, and games may be played in several threads at once)
    local: threading.local = field(default_factory=threading.local, init=False, repr=False, compare=False)

    @classmethod
    def for_setup(cls, catalogue: Catalogue, setup) -> "Context":
        placed = [PlacedSector(s["sector"], s["rotation"], tuple(s["center"])) for s in setup.sectors]
        faces = {k: v.hexes for k, v in catalogue.sectors.items()}
        tiles = {k: v.tile for k, v in catalogue.sectors.items()}
        game_map = GameMap.build(placed, faces, tiles, setup.mirror)
        params = {n: p.default for n, p in catalogue.parameters.items() if p.scope == "game"}
        params.update(catalogue.variants[setup.variant].parameters)
        return cls(catalogue, setup.variant, game_map, params)

    def table(self, name: str, limit: int = 4096) -> dict:
        """The memo table `name` of this context: every cache of the rules lives here, by name.

        Keys hold everything the cached value depends on. A table that has grown
        past `limit` entries starts over, which bounds memory in long runs.
        """
        found = self.tables.get(name)
        if found is None:
            found = self.tables[name] = {}
        elif len(found) > limit:
            found.clear()
        return found

    # ------------------------------------------------------------ content shortcuts
    def faction(self, p: PlayerState) -> Faction:
        return self.catalogue.factions[p.faction]

    def structure(self, p: PlayerState, sid: str) -> Structure:
        return self.catalogue.factions[p.faction].structures[sid]

    @cached_property
    def player_param_defaults(self) -> dict[str, Any]:
        return {n: p.default for n, p in self.catalogue.parameters.items() if p.scope == "player"}

    @cached_property
    def structure_defaults(self) -> dict[str, str]:
        """Parameters keyed by structure whose default is a field of the structure's row: name -> field."""
        return {n: p.default_from for n, p in self.catalogue.parameters.items()
                if p.keyed_by == "structure" and p.default_from}

    @cached_property
    def caps(self) -> dict[str, int]:
        return {r: d["cap"] for r, d in self.catalogue.resources.items() if "cap" in d}

    # ------------------------------------------------------------ pieces on the board
    def count(self, state: GameState, p: int, sid: str) -> int:
        return sum(1 for h in state.board.values() if h.owner == p and h.piece == sid)

    def supply_used(self, state: GameState, p: int, sid: str) -> int:
        """Copies of a structure taken from the faction board (reveal its income slots)."""
        return next((n for piece, n in self._signature(state, p)[2] if piece == sid), 0)  # kept while listing

    @cached_property
    def charge_distance(self) -> int:
        """How far from a new building an opponent's piece may be to charge power (content: `charge.distance`)."""
        return self.catalogue.game["charge"]["distance"]

    @cached_property
    def near_opponent_distance(self) -> int:
        """How near an opponent's piece makes a structure's `cost_near_opponent` apply (content: game.yaml)."""
        return self.catalogue.game["near_opponent_distance"]

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

    @cached_property
    def neighbour_names(self) -> dict[str, list[str]]:
        """Hex name -> the names of its neighbours on the map."""
        return {h.name: [self.map.hexes[n].name for n in neighbours(c) if n in self.map.hexes]
                for c, h in self.map.hexes.items()}

    @cached_property
    def printed_space(self) -> frozenset[str]:
        """Hexes printed as empty space (only these can take satellites and space stations)."""
        return frozenset(name for name, planet in self.planets_by_name if self.kinds.get(planet) == "space")

    @cached_property
    def planets_by_name(self) -> tuple[tuple[str, str], ...]:
        """(hex name, printed planet) of every map hex, in map order."""
        return tuple((h.name, h.planet) for h in self.map.hexes.values())

    @cached_property
    def planet_of_kind(self) -> dict[str, str]:
        """The planet type of each special kind (planets.yaml `habitable`: gaia, gaia-project, lost, space)."""
        return {p.habitable: p.id for p in self.catalogue.planets.values() if p.habitable not in ("home", "never")}

    @cached_property
    def kinds(self) -> dict[str, str]:
        """Planet type -> its `habitable` kind."""
        return {p.id: p.habitable for p in self.catalogue.planets.values()}

    def kind_at(self, state: GameState, name: str) -> str:
        """The `habitable` kind of the planet on a hex now (`never` for an unknown type)."""
        return self.kinds.get(self.planet_at(state, name), "never")

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
            return sum(1 for n in self.colonized(state, p) if self.kind_at(state, n) == "gaia")
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
        amount = self.held_amount(player, word)
        if amount is not None:
            return amount
        # a structure id: copies on the map, guest mines and the Lost Planet mine included
        n = self.count(state, p, word)
        if word == self.mine_id:
            n += sum(1 for h in state.board.values() if p in h.guests)
        return n

    def count_per(self, state: GameState, p: int, words: tuple[str, ...], each: int = 1,
                  within: str | None = None, event=None) -> int:
        """What `per [N] words [in EVENT]` counts: the event's data first, then the holder's counters.

        `within` counts only among the hexes of the event that fired (none when another event fired);
        `each` counts whole groups of N.
        """
        if within is not None:
            hexes = event.hexes if event is not None and event.name == within else ()
            n = sum(self.counter_among(state, p, w, hexes) for w in words)
        else:
            data = event.data if event is not None else None
            n = sum(data[w] if data and w in data else self.counter(state, p, w) for w in words)
        return n // each if each > 1 else n

    def counter_among(self, state: GameState, p: int, word: str, hexes) -> int:
        """A counter over the given hexes only (the pieces of a federation, the hex of a build)."""
        player = state.players[p]
        mine: list[str] = []
        for n in hexes:
            h = state.board.get(n)
            if h is not None and ((h.owner == p and h.piece is not None and self.is_structure(player, h.piece))
                                  or p in h.guests):
                mine.append(n)
        if word == "planet-type":
            return len({self.planet_at(state, n) for n in mine})
        if word == "gaia-planet":
            return sum(1 for n in mine if self.kind_at(state, n) == "gaia")
        if word == "sector":
            return len({self.map.hexes[self.map.by_name[n]].tile for n in mine})
        if word in ("structure", "federated-structure"):
            return len(mine)
        if word == "satellite":
            return sum(1 for n in hexes if (h := state.board.get(n)) is not None and p in h.satellites)
        return sum(1 for n in hexes if (h := state.board.get(n)) is not None
                   and ((h.owner == p and h.piece == word) or (word == self.mine_id and p in h.guests)))

    # ------------------------------------------------------------ resources
    @cached_property
    def stored_resources(self) -> frozenset[str]:
        """Resources the content adds beyond the engine's own: kept in `PlayerState.other`."""
        return frozenset(r for r in self.catalogue.resources if r not in RESOURCE_FIELDS and r not in ENGINE_RESOURCES)

    def held_amount(self, player: PlayerState, res: str) -> int | None:
        """How much of a kept resource the player has (None for one that is not kept: power, steps...)."""
        attr = RESOURCE_FIELDS.get(res)
        if attr is not None:
            return getattr(player, attr)
        if res in self.stored_resources:
            return player.other.get(res, 0)
        return None

    # ------------------------------------------------------------ held statements
    def piece_counts(self, state: GameState, p: int) -> tuple[dict[str, int], dict[str, int]]:
        """(copies on the map, copies taken from the faction board) per structure, in one scan."""
        on_map: dict[str, int] = {}
        used: dict[str, int] = {}
        lost = state.players[p].lost_planet
        mine = self.mine_id
        for name, h in state.board.items():
            piece = h.piece
            if h.owner == p and piece is not None:
                on_map[piece] = on_map.get(piece, 0) + 1
                if name != lost:
                    used[piece] = used.get(piece, 0) + 1
            if h.guests and p in h.guests:
                used[mine] = used.get(mine, 0) + 1
        return on_map, used

    # Reading a player's signature scans the board, and a move reads it many
    # times. While the engine works on one state (`remembering`), each
    # player's signature is read once and kept until the rules change what
    # that state's players hold (`holdings_changed`, called wherever the rules
    # move pieces, research levels, tech tiles, boosters or factions).
    # `check_memo` (for tests) re-reads every kept signature and fails on a
    # stale one, i.e. on a change that forgot to call `holdings_changed`.
    check_memo = False

    def remembering(self, state: GameState) -> "_Remembering":
        """Keep signatures of `state` for the duration of the block (trial moves run on clones).

        Inside a block for the same state this is a no-op, so a caller that owns
        a state for many moves (a replay) keeps its signatures from move to move.
        """
        return _Remembering(self, state)

    def holdings_changed(self, state: GameState, p: int) -> None:
        """The rules changed player p's pieces, research, tech tiles, booster or faction: forget p's signature.

        (Whatever the rules change for one player leaves the others' signatures as they are.)
        """
        memo = getattr(self.local, "memo", None)
        if memo is not None and memo.state is state:
            memo.signatures.pop(p, None)
            memo.changed.add(p)

    def changed_holdings(self, state: GameState) -> set[int]:
        """Players whose holdings the rules changed since the set was last cleared (inside `remembering(state)`)."""
        memo = getattr(self.local, "memo", None)
        if memo is None or memo.state is not state:
            raise RuntimeError("changed_holdings needs a remembering(state) block")
        return memo.changed

    def _signature(self, state: GameState, p: int) -> tuple:
        """Everything `held` depends on; equal signatures hold equal statements."""
        memo = getattr(self.local, "memo", None)
        if memo is None or memo.state is not state:
            return self._read_signature(state, p)
        sig = memo.signatures.get(p)
        if sig is None:
            sig = memo.signatures[p] = self._read_signature(state, p)
        elif self.check_memo and sig != self._read_signature(state, p):
            raise AssertionError(f"stale signature of player {p + 1}: a change to holdings did not call "
                                 f"holdings_changed")
        return sig

    def _read_signature(self, state: GameState, p: int) -> tuple:
        player = state.players[p]
        on_map, used = self.piece_counts(state, p)
        seen = tuple(m for m in player.marks if m.startswith("event:")) if player.marks else ()
        return (player.faction, tuple(sorted(on_map.items())), tuple(sorted(used.items())),
                tuple(player.research.get(t, 0) for t in self.catalogue.tracks),
                tuple((t.tile, t.enabled) for t in player.tech), player.booster, seen)

    def held(self, state: GameState, p: int) -> tuple[Held, ...]:
        """Every statement player p holds now, in a fixed order (cached by what it depends on)."""
        if state.players[p].faction is None:
            return ()
        sig = self._signature(state, p)
        cache = self.table("held", 20000)
        found = cache.get(sig)
        if found is None:
            found = cache[sig] = tuple(self._held(state, p, sig))
        return found

    def _held(self, state: GameState, p: int, sig: tuple) -> Iterator[Held]:
        player = state.players[p]
        on_map, used_counts = dict(sig[1]), dict(sig[2])
        seen = {m[len("event:"):] for m in sig[6]}
        faction = self.faction(player)

        def statements(source, effects):
            i = 0
            for eff in effects:
                for st in eff.statements:
                    scope = st.scope
                    if scope is None or (any(on_map.get(x, 0) > 0 or x in seen for x in scope.pieces)
                                         == (scope.kind == "after")):
                        yield Held(source, st, i)
                    i += 1

        if faction.income is not None:
            yield from statements("income", (faction.income,))
        yield from statements("faction", faction.ability)
        if faction.planetary_institute and on_map.get(faction.planetary_institute_structure, 0) > 0:
            yield from statements("pi", faction.planetary_institute)
        for sid, s in faction.structures.items():
            used = used_counts.get(sid, 0)
            for k in range(min(used, len(s.slots))):
                if s.slots[k] is not None:
                    yield from statements(f"structure:{sid}:{k}", (s.slots[k],))
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
                yield from statements(f"{kind}:{t.tile}", tile.effects)
        if player.booster is not None:
            yield from statements(f"booster:{player.booster}", self.catalogue.boosters[player.booster].effects)

    def listeners(self, state: GameState, p: int, event: str) -> tuple[Held, ...]:
        """The `on` statements player p holds that listen to `event` (a name, or `opponent NAME`)."""
        held = self.held(state, p)
        cache = self.table("listeners", 20000)
        found = cache.get(id(held))
        if found is None or found[0] is not held:
            by_name: dict[str, list[Held]] = {}
            for h in held:
                cl = h.statement.clause
                if isinstance(cl, ast.On):
                    by_name.setdefault(cl.key, []).append(h)
            found = cache[id(held)] = (held, {k: tuple(v) for k, v in by_name.items()})
        return found[1].get(event, ())

    @cached_property
    def content_sets(self) -> frozenset[str]:
        """Parameters some `set` statement of the content changes (the others keep their defaults)."""
        return frozenset(st.clause.name for effect in self.catalogue.all_effects() for st in effect.statements
                         if isinstance(st.clause, ast.Set))

    @cached_property
    def heard_events(self) -> frozenset[str]:
        """Events some statement of the content listens to (`on EVENT`, `on opponent EVENT`) or some scope names."""
        names = {st.clause.event.name for effect in self.catalogue.all_effects() for st in effect.statements
                 if isinstance(st.clause, ast.On)}
        return frozenset(names) | self.watched_events

    @cached_property
    def heard_by_opponents(self) -> frozenset[str]:
        """Events some `on opponent EVENT` statement of the content listens to."""
        return frozenset(st.clause.event.name for effect in self.catalogue.all_effects() for st in effect.statements
                         if isinstance(st.clause, ast.On) and st.clause.opponent)

    @cached_property
    def watched_events(self) -> frozenset[str]:
        """Events some `until`/`after` scope of the content names: the rules remember when they happen."""
        names: set[str] = set()
        for effect in self.catalogue.all_effects():
            for st in effect.statements:
                if st.scope is not None:
                    names.update(st.scope.pieces)
        return frozenset(names)

    def _derived(self, state: GameState, p: int) -> dict:
        """Parameters, substitutions and locks of player p, computed once per signature."""
        if state.players[p].faction is None:
            return {"set": {}, "replace": {}, "lock": set()}
        sig = self._signature(state, p)
        cache = self.table("derived", 20000)
        found = cache.get(sig)
        if found is None:
            sets: dict = {}
            replace: dict = {}
            locks: set = set()
            for h in self.held(state, p):
                cl = h.statement.clause
                if isinstance(cl, ast.Set):
                    value = typed_value(self.catalogue.parameters[cl.name].type, cl.value)
                    for key in (cl.keys or (None,)):
                        sets[(cl.name, key)] = value
                elif isinstance(cl, ast.Replace):
                    replace[cl.old] = cl.new
                elif isinstance(cl, ast.Lock):
                    locks.add(cl.track)
            found = cache[sig] = {"set": sets, "replace": replace, "lock": locks}
        return found

    def param(self, state: GameState, p: int, name: str, key: str | None = None) -> Any:
        """A rule parameter for player p: its default, overridden by the last `set` they hold."""
        sets = self._derived(state, p)["set"]
        if (name, key) in sets:
            value: Any = sets[(name, key)]
        elif key is not None and (name, None) in sets:
            value = sets[(name, None)]
        elif key is not None and name in self.structure_defaults:
            value = getattr(self.structure(state.players[p], key), self.structure_defaults[name])
        else:
            value = self.player_param_defaults[name]
            if isinstance(value, dict):  # a keyed parameter with a default per key
                value = value[key]
        return value

    def structure_cost(self, state: GameState, p: int, sid: str, near_opponent: bool = False) -> tuple:
        """The price player p pays for a structure: `structure_cost` (or `..._near_opponent` when it applies)."""
        s = self.structure(state.players[p], sid)
        near = near_opponent and s.cost_near_opponent is not None
        name = "structure_cost_near_opponent" if near else "structure_cost"
        return self.price(state, p, name, s.cost_near_opponent if near else s.cost, sid)

    def price(self, state: GameState, p: int, name: str, printed: tuple, key: str | None = None) -> tuple:
        """Player p's value of a price parameter as a tuple of `Pay`; `printed` (the content's own
        price) while no statement of the content sets it, the usual case, asked per hex or per move."""
        if name not in self.content_sets:
            return printed
        value = self.param(state, p, name, key)
        return printed if value is None else value

    def replacements(self, state: GameState, p: int) -> dict[str, str]:
        return self._derived(state, p)["replace"]

    def locked(self, state: GameState, p: int, track: str) -> bool:
        return track in self._derived(state, p)["lock"]

    def power_value(self, state: GameState, p: int, name: str) -> int:
        h = state.board[name]
        player = state.players[p]
        if h.owner == p and h.piece is not None:
            value = self.param(state, p, "power_value", h.piece)
            planet = self.planet_at(state, name)
            if planet == self.faction(player).home:
                value += self.param(state, p, "power_bonus", "home")
            if self.kinds.get(planet) == "gaia":
                value += self.param(state, p, "power_bonus", "gaia")
            return value
        if p in h.guests:
            return self.structure(player, self.mine_id).power_value
        return 0

    def within(self, name: str, d: int) -> tuple[str, ...]:
        """Names of the map hexes at most `d` away from `name` (itself included)."""
        table = self.table("within", 100_000)
        found = table.get((name, d))
        if found is None:
            found = table[(name, d)] = tuple(self.map.hexes[c].name for c in self.map.within(self.map.by_name[name], d))
        return found

    def distance(self, a: str, b: str) -> int:
        return distance(self.map.by_name[a], self.map.by_name[b])

    def hex_name(self, coord: Hex) -> str:
        return self.map.hexes[coord].name


def _flat(effects) -> Iterator[ast.Statement]:
    for eff in effects:
        yield from eff.statements


class _Memo:
    """What the engine keeps about one state while it works on it."""

    __slots__ = ("state", "signatures", "changed")

    def __init__(self, state: GameState):
        self.state = state
        self.signatures: dict[int, tuple] = {}   # player -> signature read
        self.changed: set[int] = set()           # players whose holdings changed (since last cleared)


class _Remembering:
    """The block of `Context.remembering` (a plain class: it runs around every move)."""

    __slots__ = ("ctx", "state", "outer")

    def __init__(self, ctx: Context, state: GameState):
        self.ctx, self.state, self.outer = ctx, state, None

    def __enter__(self) -> None:
        local = self.ctx.local
        self.outer = getattr(local, "memo", None)
        if self.outer is None or self.outer.state is not self.state:
            local.memo = _Memo(self.state)

    def __exit__(self, *exc) -> None:
        self.ctx.local.memo = self.outer
