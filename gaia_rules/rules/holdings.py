"""What each player holds, and the one place where the rules change it.

A player holds the statements of their faction, planetary institute, the income slots their
structures uncover, research levels, tech tiles and booster (`Held`). Which ones depends on a
few things only (their *signature*): the faction, the pieces on the map, the research levels, the
tech tiles and whether they are covered, the booster, the Lost Planet, and the `until`/`after`
events seen. A `Holding` is what one signature holds, worked out once (statements, listeners by
event, parameters, substitutions, locks, and whatever the rules derive from them) and shared by
every player of every state with that signature.

Holdings are kept in the engine's cache (rules/cache.py), one per signature. Which holding each
player of a live state has now is kept beside the state, never on it (the state stays plain data):
a table by the state's identity (`_Players`), which a clone made by `clone` starts from. Every
change to what a signature reads goes through the functions at the end of this module (a rule
module writes none of those fields itself: tests/rules/test_rules_holdings.py checks), and those
functions forget the player's holding and count the change, so the next question reads the
signature again. A state built, loaded or cloned without this module has no holding kept yet; code
that edits a state by hand says so with `edited`.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..content.catalogue import PARAMETER_SOURCES
from ..language import ast
from ..state import GameState, HexState, PlayerState, TechTileHeld
from . import sharing
from .cache import Cache
from .content_view import ContentView
from .counting import Counting
from .map_view import MapView
from .param_fold import change_price, changed_value, fold
from .seats import Seats

EVENT_MARK = "event:"   # a player's mark of an event some `until`/`after` scope names


@dataclass(frozen=True)
class Held:
    """One statement a player holds now, and where it comes from."""

    source: str          # "<kind>:<component id>", e.g. a booster, a tech tile, "faction", "structure:<id>"
    statement: ast.Statement
    index: int = 0       # position among the source's statements (names special actions)


class Holding:
    """What one signature holds (shared by every player, in any state, with that signature)."""

    __slots__ = ("view", "signature", "faction", "on_map", "used", "statements", "by_event", "sets", "changes", "replace",
                 "locks", "conditional", "keyed_on", "_params", "_folds")

    def __init__(self, view: "Holdings", signature: tuple, statements: tuple[Held, ...]):
        self.view = view
        self.signature = signature
        self.faction: str | None = signature[0]
        self.on_map: dict[str, int] = dict(signature[1])   # copies of each piece on the map
        self.used: dict[str, int] = dict(signature[2])     # copies taken from the faction board
        self.statements = statements
        by_event: dict[str, list[Held]] = {}
        lasting: list[Held] = []
        conditional: list[Held] = []
        for h in statements:
            cl = h.statement.clause
            if isinstance(cl, ast.On):
                by_event.setdefault(cl.key, []).append(h)
            elif isinstance(cl, (ast.Set, ast.Replace, ast.Lock)):
                (lasting if h.statement.condition is None else conditional).append(h)
        self.by_event = {k: tuple(v) for k, v in by_event.items()}
        self.conditional = tuple(conditional)   # lasting statements held only while their `if` holds
        keyed_on: dict[str, set[str]] = {}       # parameter -> the keys of a structure on a planet kind set
        for h in lasting + conditional:
            cl = h.statement.clause
            for key in getattr(cl, "keys", ()) if isinstance(cl, ast.Set) else ():
                if ON in key:
                    keyed_on.setdefault(cl.name, set()).add(key)
        self.keyed_on = keyed_on
        self.sets, self.changes, self.replace, self.locks = fold(view.source_order, lasting)
        self._params: dict[tuple, Any] = {}
        self._folds: dict[tuple, tuple] = {}

    def fold(self, active: tuple[int, ...]) -> tuple:
        """(sets, changes, replacements, locks) with the conditional statements `active` (their indices) added."""
        if not active:
            return self.sets, self.changes, self.replace, self.locks
        found = self._folds.get(active)
        if found is None:
            lasting = [h for h in self.statements if h.statement.condition is None
                       and isinstance(h.statement.clause, (ast.Set, ast.Replace, ast.Lock))]
            found = self._folds[active] = fold(self.view.source_order, lasting + [self.conditional[i] for i in active])
        return found

    def param(self, name: str, key: str | None = None, use: str | None = None, active: tuple[int, ...] = ()) -> Any:
        """A rule parameter for one key and one use (typed: `ContentView.typed`): the most specific
        absolute `set` held (a key before no key, then a use before no use; among equals the last in
        source order), else the default; then plus every relative change held for it. `active`: the
        conditional statements whose condition holds now (`Holdings.active`)."""
        found = self._params.get((name, key, use, active), _MISSING)
        if found is _MISSING:
            content = self.view.content
            sets, changes, _, _ = self.fold(active)
            wanted = _specific(name, key, use)
            for k in wanted:
                if k in sets:
                    found = content.typed(name, sets[k])
                    break
            if found is _MISSING:
                found = content.default(self.faction, name, key)
            if changes:
                found = changed_value(found, [changes[k] for k in wanted if k in changes])
            self._params[(name, key, use, active)] = found
        return found

    def derived(self, compute: Callable[..., Any], *args) -> Any:
        """`compute(content view, statements, *args)`, worked out once for this holding (in the engine's cache)."""
        key = (self, compute, *args)
        cache = self.view.cache
        found = cache.values.get(key, _MISSING)
        if found is _MISSING:
            found = compute(self.view.content, self.statements, *args)
            cache.put(key, found)
        return found


def _specific(name: str, key: str | None, use: str | None) -> tuple[tuple, ...]:
    """The (name, key, use) entries that apply to one key and use, the most specific first (a key of a
    structure on a planet kind, `ts-on-gaia`, before the structure's own, `ts`)."""
    piece, on, _kind = (key or "").partition(ON)
    keys = (key, piece, None) if on else (key, None) if key is not None else (None,)
    uses = (use, None) if use is not None else (None,)
    return tuple((name, k, u) for k in keys for u in uses)


class _PiecesAndCounters(Counting):
    """Counts over a player's pieces on the board, for the rules and for `per`/`if` counters (the part of
    `Holdings` that reads the board: it needs its `content`, `map` and `of`)."""

    # ------------------------------------------------------------ pieces on the board
    def count(self, state: GameState, p: int, sid: str) -> int:
        """Copies of a piece of p on the map."""
        return self.of(state, p).on_map.get(sid, 0)

    def supply_used(self, state: GameState, p: int, sid: str) -> int:
        """Copies of a structure taken from the faction board (reveal its income slots)."""
        return self.of(state, p).used.get(sid, 0)

    def own_pieces(self, state: GameState, p: int, use: str) -> list[str]:
        """Hexes where p is the main occupant with a piece counting for `use` (`catalogue.PIECE_USES`)."""
        faction = self.content.catalogue.factions.get(state.players[p].faction)
        if faction is None:
            return []   # no faction yet: no pieces
        structures = faction.structures
        return [name for name, h in state.board.items()
                if h.owner == p and h.piece is not None and use in structures[h.piece].counts_for]

    def colonized(self, state: GameState, p: int) -> list[str]:
        """Hexes where p is the main occupant with a piece that counts as a planet (not Gaiaformers or stations)."""
        return self.own_pieces(state, p, "planet")

    def free_gaiaformers(self, state: GameState, p: int) -> int:
        """Gaiaformers player p may use now: neither in the Gaia area nor standing on the map."""
        player = state.players[p]
        return player.gaiaformers - player.gaiaformers_in_gaia - self.gaiaformers_on_map(state, p)

    def gaiaformers_on_map(self, state: GameState, p: int) -> int:
        """Copies of p's Gaiaformer pieces (structure field `gaiaformer`) on the map."""
        return sum(self.count(state, p, sid) for sid in self.content.gaiaformers(state.players[p]))

    def structures_with_guests(self, state: GameState, p: int) -> list[str]:
        """Hexes of p's structures: their own, and those where their guest piece (if a structure) stands."""
        return self.own_pieces(state, p, "structure") + self._guests_counting(state, p, "structure")

    def planets_with_guests(self, state: GameState, p: int) -> list[str]:
        """Hexes of p's pieces counting as planets: their own, and those of their guest piece (if one)."""
        return self.colonized(state, p) + self._guests_counting(state, p, "planet")

    def _guests_counting(self, state: GameState, p: int, use: str) -> list[str]:
        guests = sharing.guest_hexes(state, p)
        if guests and not self.content.counts(state.players[p], sharing.guest_piece(self.content, state.players[p]), use):
            return []
        return guests

    def power_value(self, state: GameState, p: int, name: str, use: str) -> int:
        """Power value of p's piece (or guest mine) on a hex for one use (`federation`, `charge`): its
        `power_value`, plus `power_bonus` where it applies."""
        h = state.board[name]
        player = state.players[p]
        if h.owner == p and h.piece is not None:
            planet = self.map.planet_at(state, name)
            value = self.param_on(state, p, "power_value", h.piece, planet, use)
            if planet == self.content.faction(player).home:
                value += self.param(state, p, "power_bonus", "home", use)
            if self.content.kinds.get(planet) == "gaia":
                value += self.param(state, p, "power_bonus", "gaia", use)
            return value
        if sharing.is_guest(h, p):
            return self.param(state, p, "power_value", sharing.guest_piece(self.content, player), use)
        return 0


class Holdings(_PiecesAndCounters):
    """The holdings index of one game's content and map: what each player holds, and counts over their pieces."""

    def __init__(self, content: ContentView, map_view: MapView, cache: Cache, seats: Seats):
        self.content = content
        self.map = map_view
        self.cache = cache   # the engine's one cache: holdings by signature, what is derived from each
        self.seats = seats
        catalogue = content.catalogue
        self._component_rank = {("research", t): i for i, t in enumerate(catalogue.tracks)}
        self._component_rank.update({("tech", t): i for i, t in enumerate(catalogue.tech_tiles)})
        self._component_rank.update({("adv", t): i for i, t in enumerate(catalogue.advanced_tech_tiles)})

    def source_order(self, h: Held) -> tuple:
        """Where a held statement stands in the fixed order parameters are folded in (`PARAMETER_SOURCES`:
        a `Held.source` kind; within research, track order then level; within tiles, catalogue order)."""
        kind, _, rest = h.source.partition(":")
        component, _, level = rest.partition(":")
        rank = self._component_rank.get((kind, component), 0)
        return (PARAMETER_SOURCES.index(kind) if kind in PARAMETER_SOURCES else len(PARAMETER_SOURCES), rank,
                int(level) if kind == "research" else 0)

    # ------------------------------------------------------------ a player's holding
    def of(self, state: GameState, p: int) -> Holding:
        """Player p's holding: the one they keep, or the one of the signature read now."""
        players = _players(state)
        kept = players.holdings[p]
        if kept is not None and kept.view is self:
            return kept
        signature = self._read_signature(state, p)
        key = (self, signature)
        holding = self.cache.values.get(key)
        if holding is None:
            player = state.players[p]
            # a seat that holds no abilities (the Automa): no faction abilities, income, booster or level effects
            statements = tuple(self._held(player, signature)) if player.faction is not None and signature[7] else ()
            holding = Holding(self, signature, statements)
            self.cache.put(key, holding)
        players.holdings[p] = holding
        return holding

    def _read_signature(self, state: GameState, p: int) -> tuple:
        """Everything the statements held depend on; equal signatures hold equal statements."""
        player = state.players[p]
        on_map, used = self.piece_counts(state, p)
        seen = tuple(m for m in player.marks if m.startswith(EVENT_MARK)) if player.marks else ()
        return (player.faction, tuple(sorted(on_map.items())), tuple(sorted(used.items())),
                tuple(player.research.get(t, 0) for t in self.content.catalogue.tracks),
                tuple((t.tile, t.enabled) for t in player.tech), player.booster, seen,
                self.seats.of(state, p).holds_abilities)

    def piece_counts(self, state: GameState, p: int) -> tuple[dict[str, int], dict[str, int]]:
        """(copies on the map, copies taken from the faction board) per structure: one scan of the board
        for the pieces, one for the guest pieces (`sharing`), without a call per hex."""
        on_map: dict[str, int] = {}
        used: dict[str, int] = {}
        player = state.players[p]
        lost = player.lost_planet
        for name, h in state.board.items():
            if h.owner == p:
                piece = h.piece
                if piece is not None:
                    on_map[piece] = on_map.get(piece, 0) + 1
                    if name != lost:
                        used[piece] = used.get(piece, 0) + 1
        guests = len(sharing.guest_hexes(state, p))
        if guests:
            guest = sharing.guest_piece(self.content, player)
            used[guest] = used.get(guest, 0) + guests
        return on_map, used

    def _held(self, player: PlayerState, sig: tuple) -> Iterator[Held]:
        catalogue = self.content.catalogue
        on_map = dict(sig[1])
        used_counts = dict(sig[2])
        seen = {m[len(EVENT_MARK):] for m in sig[6]}
        faction = catalogue.factions[player.faction]

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
        for track_id, track in catalogue.tracks.items():
            level = player.research.get(track_id, 0)
            for lv in range(level + 1):
                for eff in track.levels[lv]:
                    for st in eff.statements:
                        if isinstance(st.clause, ast.Income) and lv != level:
                            continue  # moving up replaces the lower level's income
                        if isinstance(st.clause, ast.Now):
                            continue
                        yield Held(f"research:{track_id}:{lv}", st)
        for t in player.tech:
            if t.enabled:
                tile = catalogue.tech_tiles.get(t.tile) or catalogue.advanced_tech_tiles.get(t.tile)
                kind = "tech" if t.tile in catalogue.tech_tiles else "adv"
                yield from statements(f"{kind}:{t.tile}", tile.effects)
        if player.booster is not None:
            yield from statements(f"booster:{player.booster}", catalogue.boosters[player.booster].effects)

    # ------------------------------------------------------------ statements held
    def held(self, state: GameState, p: int) -> tuple[Held, ...]:
        """Every statement player p holds now, in a fixed order."""
        return self.of(state, p).statements

    def listeners(self, state: GameState, p: int, event: str) -> tuple[Held, ...]:
        """The `on` statements player p holds that listen to `event` (a name, or `opponent NAME`)."""
        return self.of(state, p).by_event.get(event, ())

    def derived(self, state: GameState, p: int, compute: Callable[..., Any], *args) -> Any:
        """`compute(content view, statements held, *args)` for player p, worked out once per holding."""
        return self.of(state, p).derived(compute, *args)

    def active(self, state: GameState, p: int, holding: Holding | None = None) -> tuple[int, ...]:
        """The conditional lasting statements of p's holding whose `if` holds now (their indices)."""
        holding = holding or self.of(state, p)
        if not holding.conditional:
            return ()
        return tuple(i for i, h in enumerate(holding.conditional)
                     if (c := h.statement.condition).holds(self.count_per(state, p, c.counters, c.each, c.within, None, c.near)))

    def replacements(self, state: GameState, p: int) -> dict[str, str]:
        holding = self.of(state, p)
        return holding.fold(self.active(state, p, holding))[2] if holding.conditional else holding.replace

    def locked(self, state: GameState, p: int, track: str) -> bool:
        holding = self.of(state, p)
        return track in (holding.fold(self.active(state, p, holding))[3] if holding.conditional else holding.locks)

    # ------------------------------------------------------------ parameters and prices
    def param(self, state: GameState, p: int, name: str, key: str | None = None, use: str | None = None) -> Any:
        """A rule parameter for player p, for one of its uses (`uses` in parameters.yaml): `Holding.param`
        (with the conditional `set` statements whose condition holds now)."""
        holding = self.of(state, p)
        if not holding.conditional:
            return holding.param(name, key, use)
        return holding.param(name, key, use, self.active(state, p, holding))

    def param_on(self, state: GameState, p: int, name: str, piece: str, planet: str | None,
                 use: str | None = None) -> Any:
        """A parameter keyed by structure, for a piece on a planet: the key of the piece on that planet type
        (`ts-on-gaia`), else on the holder's home type (`m-on-home`), else the piece's own, whichever
        some held statement names first (the more specific wins)."""
        return self.param(state, p, name, self.key_on(state, p, name, piece, planet), use)

    def key_on(self, state: GameState, p: int, name: str, piece: str, planet: str | None) -> str:
        """The most specific key a held statement names for `piece` on `planet` (`param_on`)."""
        keyed = self.of(state, p).keyed_on
        if planet is None or name not in keyed:
            return piece
        home = self.content.faction(state.players[p]).home
        for key in (f"{piece}{ON}{planet}", f"{piece}{ON}home" if planet == home else None):
            if key in keyed[name]:
                return key
        return piece

    def price(self, state: GameState, p: int, name: str, printed: tuple, key: str | None = None) -> tuple:
        """Player p's value of a price parameter as a tuple of `Pay`; `printed` (the content's own
        price) while no statement of the content sets it, the usual case, asked per hex or per move;
        relative changes (`-= 1c`) change the printed price too."""
        if name not in self.content.content_sets:
            return printed
        holding = self.of(state, p)
        active = self.active(state, p, holding)
        value = holding.param(name, key, None, active)
        if value is None:
            changes = holding.fold(active)[1]
            value = printed
            for k in _specific(name, key, None):
                if isinstance(changes.get(k), dict):
                    value = change_price(value, changes[k])
        return value

    def structure_cost(self, state: GameState, p: int, sid: str, near_opponent: bool = False,
                       planet: str | None = None) -> tuple:
        """The price player p pays for a structure (on `planet`: `param_on`): `structure_cost` (or
        `..._near_opponent` when it applies)."""
        s = self.content.catalogue.factions[state.players[p].faction].structures[sid]
        near = near_opponent and s.cost_near_opponent is not None
        name = "structure_cost_near_opponent" if near else "structure_cost"
        key = self.key_on(state, p, name, sid, planet) if name in self.content.content_sets else sid
        return self.price(state, p, name, s.cost_near_opponent if near else s.cost, key)






_MISSING = object()
ON = "-on-"   # a key of a structure on a planet kind: `ts-on-gaia`, `m-on-home`

# ------------------------------------------------------------------ the players of each live state
#
# Which holding each player of a state has now, and which players changed since a count: beside
# the state, by its identity (a weak reference tells a live state from a dead one whose id came
# back), so the state itself stays plain data.

class _Players:
    """What is kept about the players of one state: each one's holding (None: read it again), the
    changes counted so far, and when each player last changed."""

    __slots__ = ("state", "holdings", "count", "changed")

    def __init__(self, state: GameState, holdings: list, count: int, changed: list[int]):
        self.state = weakref.KeyedRef(state, _drop, id(state))   # the key of its entry, to drop it with the state
        self.holdings = holdings
        self.count = count
        self.changed = changed


def _drop(ref: weakref.KeyedRef) -> None:
    """A state died: its entry goes with it. Left, the dead entries (one per state a move was applied
    to) grew the table to its limit and gave the collector their objects to walk at every full pass."""
    found = _STATES.values.get(ref.key)
    if found is not None and found.state is ref:
        del _STATES.values[ref.key]


_STATES = Cache()   # id(state) -> _Players of a live state (a live state whose entry was dropped reads its players again)


_LAST: list = [None]   # the _Players asked for last: a move asks about one state again and again


def _players(state: GameState) -> _Players:
    found = _LAST[0]
    if found is not None and found.state() is state and len(found.holdings) == len(state.players):
        return found
    found = _STATES.values.get(id(state))
    if found is None or found.state() is not state or len(found.holdings) != len(state.players):
        found = _Players(state, [None] * len(state.players), 0, [0] * len(state.players))
        _STATES.put(id(state), found)
    _LAST[0] = found
    return found


def clone(state: GameState) -> GameState:
    """`state.clone()` whose players keep the holdings they have (a clone made otherwise reads them again)."""
    new = state.clone()
    kept = _STATES.values.get(id(state))
    if kept is not None and kept.state() is state:
        _STATES.put(id(new), _Players(new, list(kept.holdings), kept.count, list(kept.changed)))
    return new


def _changed(state: GameState, p: int) -> None:
    players = _players(state)
    players.holdings[p] = None
    players.count += 1
    players.changed[p] = players.count


def revision(state: GameState) -> tuple:
    """A mark of the changes to `state`'s holdings so far, for `changed_since`."""
    players = _players(state)
    return players, players.count


def changed_since(state: GameState, since: tuple) -> tuple[int, ...]:
    """Players of `state` whose holdings changed after `revision(state)` gave `since` (every player
    when what was kept about the state was dropped in between)."""
    kept, count = since
    players = _players(state)
    if players is not kept:
        return tuple(range(len(state.players)))
    if players.count == count:
        return ()  # no change since then
    return tuple(i for i, n in enumerate(players.changed) if n > count)


def edited(state: GameState, players=None) -> None:
    """Say that a state was changed by hand (outside the rules): what its players hold is read again."""
    for i in range(len(state.players)):
        if players is None or i in players:
            _changed(state, i)


def set_faction(state: GameState, p: int, faction: str | None) -> None:
    player = state.players[p]
    player.faction = faction
    _changed(state, p)


def set_research(state: GameState, p: int, levels: dict[str, int]) -> None:
    player = state.players[p]
    player.research = levels
    _changed(state, p)


def raise_level(state: GameState, p: int, track: str) -> int:
    """Player p moves up one level on `track`; the new level."""
    player = state.players[p]
    new = player.research[track] = player.research.get(track, 0) + 1
    _changed(state, p)
    return new


def take_tile(state: GameState, p: int, tile: str, pos: str) -> None:
    player = state.players[p]
    player.tech.append(TechTileHeld(tile, pos))
    _changed(state, p)


def cover_tile(state: GameState, p: int, covered: TechTileHeld, tile: str, pos: str) -> None:
    """An advanced tile taken over a standard one (which no longer counts)."""
    player = state.players[p]
    covered.enabled = False
    player.tech.append(TechTileHeld(tile, pos))
    _changed(state, p)


def set_booster(state: GameState, p: int, booster: str | None) -> None:
    player = state.players[p]
    player.booster = booster
    _changed(state, p)


def place(state: GameState, name: str, p: int | None, piece: str | None, guest: bool = False) -> HexState:
    """Player p's piece on a hex, in place of what stood there (None, None: nothing); a `guest` mine
    goes beside the structure standing there."""
    h = state.hex(name)
    if guest:
        h.guests.append(p)
        _changed(state, p)
        return h
    for owner in {h.owner, p} - {None}:
        _changed(state, owner)
    h.owner, h.piece = p, piece
    return h


def replace(state: GameState, name: str, p: int, piece: str) -> None:
    """Player p's piece on a hex becomes another (an upgrade, a downgrade, a swap)."""
    state.hex(name).piece = piece
    _changed(state, p)


def place_lost_planet(state: GameState, name: str, p: int, piece: str, planet: str) -> None:
    """The Lost Planet on a hex, with player p's piece on it."""
    h = place(state, name, p, piece)
    h.planet = planet
    state.players[p].lost_planet = name


def mark_event(state: GameState, p: int, event: str) -> None:
    """Player p saw an event some `until`/`after` scope names (once is enough)."""
    player = state.players[p]
    mark = EVENT_MARK + event
    if mark not in player.marks:
        player.marks = player.marks + [mark]  # replaced: clones share it
        _changed(state, p)
