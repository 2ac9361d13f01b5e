"""The game state as plain data: dataclasses that round-trip through JSON.

No rules live here. Everything a game needs to continue is in `GameState`:
the set-up, the board, every player, the pending decisions and the move list.
Hexes are stored by name (`4A2`) so saved games are readable.
"""
from __future__ import annotations

import dataclasses
import json
import weakref
from dataclasses import dataclass, field
from typing import Any

AREAS = ("area1", "area2", "area3", "gaia")
LEGACY_AUCTION = "bid-while-choosing"   # what the site's option `auction: true` means
SOLO_FIELDS = ("automa", "difficulty")   # the set-up fields of a solo game


@dataclass
class TechTileHeld:
    """A tech tile a player holds, where it was taken, and whether it still counts (not covered)."""

    tile: str
    pos: str
    enabled: bool = True


@dataclass
class FedTokenHeld:
    """A federation token a player holds, and whether its green side is up (not yet spent)."""

    tile: str
    green: bool


@dataclass
class PlayerState:
    """One player's part of the game: resources, pieces, research, tiles, as plain data."""

    index: int
    faction: str | None = None
    vp: int = 0
    credits: int = 0
    ore: int = 0
    knowledge: int = 0
    qic: int = 0
    power: dict[str, int] = field(default_factory=lambda: {a: 0 for a in AREAS})
    token: str | None = None              # area of the faction's special token, if any
    research: dict[str, int] = field(default_factory=dict)
    gaiaformers: int = 0                  # gained in all
    gaiaformers_in_gaia: int = 0          # waiting in the Gaia area
    tech: list[TechTileHeld] = field(default_factory=list)
    fed_tokens: list[FedTokenHeld] = field(default_factory=list)
    federations: list[list[str]] = field(default_factory=list)   # hexes of each federation
    federations_formed: int = 0
    satellites: int = 0
    booster: str | None = None
    passed: bool = False
    specials_used: list[str] = field(default_factory=list)      # special actions used this round
    lost_planet: str | None = None
    bid: int = 0
    vp_sources: dict[str, int] = field(default_factory=dict)
    income_order: list[str] = field(default_factory=list)   # income sources in the order gained (replaced, never
                                                            # changed in place: clones share it)
    final_scoring: dict[str, Any] | None = None
    # The next three are replaced, never changed in place: clones share them (most games never use them).
    other: dict[str, int] = field(default_factory=dict)     # resources the content adds (code -> amount)
    marks: list[str] = field(default_factory=list)          # "round:"/"game:" statements fired, "event:" seen
    gaia_projects: dict[str, int] = field(default_factory=dict)  # hex of a Gaia Project under way -> round started


@dataclass
class HexState:
    """What stands on one hex: a player's piece, guest mines, satellites, federations."""

    owner: int | None = None
    piece: str | None = None              # structure id, or a piece such as a Gaiaformer
    planet: str | None = None             # planet type after a change (Gaia Project, Lost Planet)
    guests: list[int] = field(default_factory=list)       # players with a guest mine here
    satellites: list[int] = field(default_factory=list)
    federations: list[int] = field(default_factory=list)  # players whose federation covers it


@dataclass
class Setup:
    """Everything drawn at set-up; a game is its set-up plus its moves."""

    players: int
    variant: str
    seed: str
    sectors: list[dict]                   # [{"sector", "rotation", "center": [q, r]}]
    mirror: bool
    round_tiles: list[str]
    final_tiles: list[str]
    boosters: list[str]
    tech_tiles: dict[str, str]            # position -> tile id
    advanced_tiles: dict[str, str]        # track -> tile id
    terraforming_token: str | None
    fed_supply: dict[str, int]
    factions: list[str] | None = None     # fixed factions (else chosen by moves)
    auction: str | None = None            # how factions are bid for in VP (an auction kind of game.yaml), or None
    content_hash: str = ""
    faction_variant: str | None = None    # a faction variant family (content/faction-variants), None: standard boards
    faction_variant_version: int | None = None  # None: the family's latest version
    # A solo game: `players` human seats and one seat more for the Automa, the solo opponent
    # (content/automa/), playing this Automa faction card at this difficulty. None: no Automa.
    automa: str | None = None
    difficulty: str | None = None

    def seat_count(self) -> int:
        """Seats at the table: the players, and the Automa's seat in a solo game."""
        return self.players + (1 if self.automa is not None else 0)

    def to_dict(self) -> dict:
        """As JSON writes it; the solo fields only in a solo game (saves of other games stay as they were)."""
        d = dataclasses.asdict(self)
        for key in SOLO_FIELDS:
            if d[key] is None:
                del d[key]
        return d

    def __post_init__(self) -> None:
        if isinstance(self.auction, bool):  # saves made before auction kinds: true meant the site's default kind
            self.auction = LEGACY_AUCTION if self.auction else None

    def in_name_order(self) -> "Setup":
        """The same set-up with its tables in name order, the order JSON writes them in (so a game
        walks them the same way before and after a save)."""
        return dataclasses.replace(self, tech_tiles=dict(sorted(self.tech_tiles.items())),
                                   advanced_tiles=dict(sorted(self.advanced_tiles.items())),
                                   fed_supply=dict(sorted(self.fed_supply.items())))


@dataclass
class Pending:
    """A decision somebody must take before play goes on."""

    kind: str                             # charge, income, gaia-phase, tech, up, cover, build, ...
    player: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class AutomaState:
    """The Automa's seat: its decision cards and what it did (docs/solo.md). Its VP, research levels,
    booster and pieces on the map are those of its `PlayerState`, so the rules see it as a player."""

    seat: int
    faction: str                          # its Automa faction card
    difficulty: str
    deck: list[str] = field(default_factory=list)       # the round's draw pile, top first
    pass_zone: list[str] = field(default_factory=list)  # the bottom cards of the deck as the round formed it
    support: str | None = None            # the card whose support half the next action reads
    action: str | None = None             # the card acted on last (the next turn's support card)
    discard: list[str] = field(default_factory=list)    # cards revealed and done with this round
    reserve: list[str] = field(default_factory=list)    # cards set aside, top first; one joins each round
    out: list[str] = field(default_factory=list)        # cards out of the game
    log: list[dict] = field(default_factory=list)       # what it did and why, newest last (a few rounds kept)

    def clone(self) -> "AutomaState":
        # a record of the log is never changed once written: records are shared
        return AutomaState(self.seat, self.faction, self.difficulty, list(self.deck), list(self.pass_zone),
                           self.support, self.action, list(self.discard), list(self.reserve), list(self.out),
                           list(self.log))


@dataclass
class GameState:
    """The whole game as plain data (JSON round-trip): set-up, players, board, phase, moves played."""

    setup: Setup
    players: list[PlayerState]
    round: int = 0
    phase: str = "factions"               # factions, bids, setup, boosters, income, gaia, actions, end
    seats: list[int] = field(default_factory=list)         # table order (clockwise), by player index
    turn_order: list[int] = field(default_factory=list)
    pass_order: list[int] = field(default_factory=list)
    current: int | None = None            # whose turn in the action phase
    main_done: bool = False               # the current player took their main action
    turn_done: bool = False               # the current player ended their turn
    turn_builds: list[str] = field(default_factory=list)   # hexes built this turn, in charge order (charges.record_build)
    open_builds: list[int] = field(default_factory=list)   # the first of turn_builds whose follow-ups are under way
    charge_sources: list[list] = field(default_factory=list)  # [builder, hex] whose charge offers are still to come
    pending: list[Pending] = field(default_factory=list)   # follow-ups of the current player's turn
    decisions: list[Pending] = field(default_factory=list) # charges, income orders, Gaia-phase choices
    setup_queue: list[list] = field(default_factory=list)  # [player, piece] placements still to make
    offers: list[dict] = field(default_factory=list)       # auction: {"faction", "holder", "bid"} in order first chosen
    board: dict[str, HexState] = field(default_factory=dict)
    board_actions_used: list[str] = field(default_factory=list)
    boosters_table: list[str] = field(default_factory=list)
    tech_supply: dict[str, int] = field(default_factory=dict)
    fed_supply: dict[str, int] = field(default_factory=dict)
    terraforming_token: str | None = None
    temp: dict[str, int] = field(default_factory=dict)     # temporary steps / range of the action under way
    moves: list[str] = field(default_factory=list)
    ended: bool = False
    automa: AutomaState | None = None     # the Automa's seat of a solo game

    def is_automa(self, p: int | None) -> bool:
        """Whether seat p is the Automa's (who plays by its deck, not by choices)."""
        return self.automa is not None and p == self.automa.seat

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["setup"] = self.setup.to_dict()
        if d["automa"] is None:   # a game without the Automa is written as before there was one
            del d["automa"]
        if not d["open_builds"]:  # written only while a build's follow-ups are under way (saves stay as before)
            del d["open_builds"]
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        d = dict(d)
        d["setup"] = Setup(**d["setup"]).in_name_order()
        players = []
        for p in d["players"]:
            p = dict(p)
            p["tech"] = [TechTileHeld(**t) for t in p["tech"]]
            p["fed_tokens"] = [FedTokenHeld(**t) for t in p["fed_tokens"]]
            players.append(PlayerState(**p))
        d["players"] = players
        d["pending"] = [Pending(**x) for x in d["pending"]]
        d["decisions"] = [Pending(**x) for x in d["decisions"]]
        d["board"] = {k: HexState(**v) for k, v in sorted(d["board"].items())}
        d["fed_supply"] = dict(sorted(d["fed_supply"].items()))
        if d.get("automa") is not None:
            d["automa"] = AutomaState(**d["automa"])
        return cls(**d)

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        return cls.from_dict(json.loads(text))

    def clone(self) -> "GameState":
        """A deep copy: moves are applied to a clone so a refused move changes nothing.

        Written out by hand because it runs before every move; the set-up is
        shared, as nothing changes it once the game has begun. The board's hexes
        are shared too, copied on write: most moves change one or two of them,
        and copying every hex was most of a clone's cost. Whatever changes a hex
        asks `hex(name)` for it.
        """
        d = self.__dict__.copy()   # every field shared, then each one the rules change in place copied
        d["players"] = list(map(_clone_player, self.players))
        # the board is copied on write: both states share every hex until `hex` copies the one changed
        d["board"] = self.board.copy()
        _own_none(self)   # from now on both states share every hex, until `hex` copies the one changed
        d["seats"], d["turn_order"], d["pass_order"] = list(self.seats), list(self.turn_order), list(self.pass_order)
        d["turn_builds"], d["board_actions_used"] = list(self.turn_builds), list(self.board_actions_used)
        d["open_builds"] = list(self.open_builds)
        d["boosters_table"], d["moves"] = list(self.boosters_table), list(self.moves)
        # (the lists below are most often empty: no comprehension is run for them then)
        d["setup_queue"] = [list(x) for x in self.setup_queue] if self.setup_queue else []
        d["offers"] = [dict(x) for x in self.offers] if self.offers else []
        d["charge_sources"] = [list(x) for x in self.charge_sources] if self.charge_sources else []
        d["tech_supply"] = self.tech_supply.copy()
        d["fed_supply"] = self.fed_supply.copy()
        d["temp"] = self.temp.copy()
        d["pending"] = [Pending(x.kind, x.player, _jcopy(x.data)) for x in self.pending] if self.pending else []
        d["decisions"] = [Pending(x.kind, x.player, _jcopy(x.data)) for x in self.decisions] if self.decisions else []
        if self.automa is not None:
            d["automa"] = self.automa.clone()
        new = object.__new__(self.__class__)
        new.__dict__ = d
        _own_none(new)
        return new

    # ------------------------------------------------------------ small queries
    def hex(self, name: str) -> HexState:
        """The state of a hex, to change: added to the board if new, copied first if a clone shares it.

        The board stays in name order, the order JSON writes it in, so whatever
        walks the board (the legal moves) goes the same way before and after a save.
        Reading needs no copy: `board.get(name)`.
        """
        board = self.board
        h = board.get(name)
        found = _OWNED.get(id(self))
        own = found[1] if found is not None and found[0]() is self else None   # None: every hex is its alone
        if h is None:
            last = next(reversed(board), None)
            h = board[name] = HexState()
            if last is not None and name < last:  # re-ordered in place: callers may hold the dict
                entries = sorted(board.items())
                board.clear()
                board.update(entries)
        elif own is not None and name not in own:
            h = board[name] = HexState(h.owner, h.piece, h.planet, list(h.guests), list(h.satellites),
                                       list(h.federations))
        if own is not None:
            own.add(name)
        return h


# The hexes each state that was cloned, or was cloned from, has copied for itself since (`GameState.hex`),
# beside the state by its identity, so the state stays plain data; an entry goes with its state.
_OWNED: dict[int, tuple[weakref.KeyedRef, set[str]]] = {}


def _forget(ref: weakref.KeyedRef) -> None:
    found = _OWNED.get(ref.key)
    if found is not None and found[0] is ref:
        del _OWNED[ref.key]


def _own_none(state: "GameState") -> None:
    """`state` shares every hex of its board with another state from now on."""
    key = id(state)
    found = _OWNED.get(key)
    if found is not None and found[0]() is state:
        _OWNED[key] = (found[0], set())
        return
    _OWNED[key] = (weakref.KeyedRef(state, _forget, key), set())


def _jcopy(value):
    """Deep copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _jcopy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jcopy(v) for v in value]
    return value


def _clone_player(p: PlayerState) -> PlayerState:
    d = p.__dict__.copy()
    d["power"] = p.power.copy()
    d["research"] = p.research.copy()
    d["tech"] = [TechTileHeld(t.tile, t.pos, t.enabled) for t in p.tech] if p.tech else []
    d["fed_tokens"] = [FedTokenHeld(t.tile, t.green) for t in p.fed_tokens] if p.fed_tokens else []
    d["federations"] = [list(f) for f in p.federations] if p.federations else []
    d["specials_used"] = list(p.specials_used)
    d["vp_sources"] = p.vp_sources.copy()
    if p.final_scoring is not None:
        d["final_scoring"] = _jcopy(p.final_scoring)
    # other, marks, gaia_projects and income_order are shared: the rules replace them rather than change them;
    # so is what the rules keep outside the fields (a player's holding, rules/holdings.py) until they change it
    new = object.__new__(p.__class__)
    new.__dict__ = d
    return new
