"""The typed catalogue of components: what the engine reads.

Every component of the game is one of these frozen dataclasses, built from
one YAML file with its effects already parsed. The engine never sees YAML.
"""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..language.ast import Cost, Effect
from .automa import Automa


# What a structure counts as, each for its own rules (`Structure.counts_for`): `structure` (the
# `structure` counters, an opponent near for `cost_near_opponent`), `planet` (a colonised planet:
# planet types, Gaia planets, sectors, `new-type`), `federation` (a member of federations, joining
# one next to it), `charge` (building it offers charges; its owner charges from opponents' builds
# next to it), `range` (range is measured from it).
PIECE_USES = ("structure", "planet", "federation", "charge", "range")

# The placement words that name a group of planet types rather than one (besides each `habitable`
# kind of planets.yaml): `planet`, every type a mine goes on (habitable `home` or `gaia`); `any`.
PLANET_GROUPS = {"planet": ("home", "gaia"), "any": None}

# Rule parameters a place price may name besides those of type `cost` (which are paid as written):
# what each one means as a price.
PLACE_PRICE_PARAMETERS = {
    "terraform_cost": "terraforming from the holder's home type, terraform_cost ore a step",
    "gaia_project_cost": "gaia_project_cost power tokens moved to the Gaia area",
}


def is_price_parameter(part: str) -> bool:
    """A place price part naming a rule parameter (one word, not starting with a digit) rather than amounts."""
    return bool(part) and not part[0].isdigit() and all(ch.isalnum() or ch in "_-" for ch in part)


def planet_words(planets: dict[str, "PlanetType"]) -> dict[str, frozenset[str]]:
    """Every word a placement field may use for planets, with the planet types it names: each planet
    type id, each `habitable` kind (every type of that kind), `planet` and `any` (`PLANET_GROUPS`)."""
    out: dict[str, frozenset[str]] = {}
    for word, kinds in PLANET_GROUPS.items():
        out[word] = frozenset(p.id for p in planets.values() if kinds is None or p.habitable in kinds)
    for kind in dict.fromkeys(p.habitable for p in planets.values()):
        out[kind] = frozenset(p.id for p in planets.values() if p.habitable == kind)
    out.update({pid: frozenset((pid,)) for pid in planets})
    return out


def word_rank(word: str, planets: dict[str, "PlanetType"]) -> int:
    """How specific a placement word is (lower first): a planet type, a `habitable` kind, `planet`, `any`."""
    if word in planets:
        return 0
    if word in PLANET_GROUPS:
        return 2 + list(PLANET_GROUPS).index(word)
    return 1


@dataclass(frozen=True)
class PlacePrice:
    """What placing a piece on the planets a word names costs besides the piece's `cost`."""

    word: str
    costs: tuple[Cost, ...] = ()        # amounts, as written
    parameters: tuple[str, ...] = ()    # rule parameters that price it (`gaia_planet_cost`, `terraform_cost`...)


@dataclass(frozen=True)
class Structure:
    """One row of a faction board: a structure or another placed piece."""

    id: str
    name: str
    supply: int
    cost: tuple[Cost, ...]
    cost_near_opponent: tuple[Cost, ...] | None
    upgrades_from: str | None
    place_on: tuple[str, ...]   # placement words (`planet_words`): where a new copy goes
    power_value: int
    slots: tuple[Effect | None, ...]
    effects: tuple[Effect, ...]
    structure: bool = True
    range_origin: bool | None = None
    counts_as_satellite: bool = False
    guest_on: tuple[str, ...] = ()   # placement words: planets an opponent colonised it may share
    place_price: tuple[PlacePrice, ...] = ()        # per placement word, paid on top of `cost`
    becomes: tuple[tuple[str, str], ...] = ()       # (placement word, planet type) the planet turns into
    gaia_project: bool = False       # placing it starts a Gaia Project (`becomes` waits for the Gaia phase)
    gaiaformer: bool = False         # a Gaiaformer: its copies are the `gf` gained, not `supply`
    holds_planet: bool = False       # its owner's next structure placed on its hex replaces it (no range, no place price)
    over_gaia_project: bool = False  # it may replace a `holds_planet` piece whose Gaia Project is under way (completing it)
    action_only: bool = False        # placed only by an action that names it (`build sp`), never as a main build
    counts_as_planet: bool | None = None   # None: as `structure`
    in_federations: bool | None = None
    charges: bool | None = None

    @property
    def is_range_origin(self) -> bool:
        return self.structure if self.range_origin is None else self.range_origin

    @cached_property
    def counts_for(self) -> frozenset[str]:
        """The uses (`PIECE_USES`) the piece counts for."""
        flags = {"structure": self.structure, "planet": self.counts_as_planet, "federation": self.in_federations,
                 "charge": self.charges, "range": self.range_origin}
        return frozenset(use for use, flag in flags.items() if (self.structure if flag is None else flag))


LAST_PASS = "last"   # `pass: last`: the last pass of the game's `setup_order`


@dataclass(frozen=True)
class SetupPlacement:
    """One piece a faction places at set-up: in a pass of the game's `setup_order` (a number from 1,
    or `last`), or at a place `at` of the whole set-up sequence (0 = the first placement of the game)."""

    piece: str
    in_pass: int | str | None = None
    at: int | None = None

    def pass_number(self, passes: int) -> int | None:
        """The pass it is placed in, of a game with `passes` passes (None: placed `at` a place instead)."""
        if self.at is not None:
            return None
        return passes if self.in_pass == LAST_PASS else self.in_pass


@dataclass(frozen=True)
class SpecialToken:
    """A token in the power cycle with its own spend value (it moves as one token)."""

    name: str
    start: str
    spend_value: int


@dataclass(frozen=True)
class Faction:
    """A faction as the content defines it: home planet, starting resources, power, board, abilities."""

    id: str
    name: str
    home: str
    start: dict[str, int]
    power: dict[str, int]
    income: Effect
    research: tuple[str, ...]
    setup: tuple[SetupPlacement, ...]
    structures: dict[str, Structure]
    ability: tuple[Effect, ...]
    planetary_institute: tuple[Effect, ...]
    planetary_institute_structure: str
    special_token: SpecialToken | None = None
    file: str = ""

    @cached_property
    def range_origins(self) -> frozenset[str]:
        """The structures range is measured from (`Structure.is_range_origin`)."""
        return frozenset(sid for sid, s in self.structures.items() if s.is_range_origin)


@dataclass(frozen=True)
class FactionVariant:
    """A family of alternative faction boards (its entries are patches over the standard boards)."""

    id: str
    name: str
    versions: tuple[int, ...]
    description: str = ""
    file: str = ""

    @property
    def latest(self) -> int:
        return max(self.versions)


def entry_id(faction: str, family: str, version: int, players: tuple[int, ...]) -> str:
    """The name of a variant entry among the content files: `faction@family/vN[/2p]`."""
    counts = "" if not players else "/" + "+".join(f"{n}p" for n in players)
    return f"{faction}@{family}/v{version}{counts}"


@dataclass(frozen=True)
class Origin:
    """Where a component's values came from: the file it was read from, then each patch laid over it."""

    file: str
    bundled: bool = False
    patches: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (patch file, dotted field paths it set), in order

    def files_of(self, *fields: str) -> list[str]:
        """The patch files that set any of these fields (or a part of one, or a whole field holding one)."""
        def touches(path: str, name: str) -> bool:
            return path == name or path.startswith(name + ".") or name.startswith(path + ".")
        return list(dict.fromkeys(f for f, paths in self.patches
                                  if any(touches(p, n) for p in paths for n in fields)))


@dataclass(frozen=True)
class VariantEntry:
    """One faction's board under a variant version, possibly only for some player counts."""

    family: str
    version: int
    players: tuple[int, ...]    # empty: any player count
    faction: Faction
    file: str = ""

    @property
    def id(self) -> str:
        return entry_id(self.faction.id, self.family, self.version, self.players)


@dataclass(frozen=True)
class Tile:
    """A tech tile, advanced tech tile, booster or round scoring tile: effects only."""

    id: str
    kind: str
    name: str
    effects: tuple[Effect, ...]
    file: str = ""


@dataclass(frozen=True)
class FinalTile:
    """A final scoring tile: what it counts and the neutral player's count."""

    id: str
    name: str
    count: str
    neutral: int
    file: str = ""


@dataclass(frozen=True)
class FederationToken:
    """A federation token: its reward, copies in the supply, green side."""

    id: str
    name: str
    copies: int
    green: bool
    in_supply: bool
    effects: tuple[Effect, ...]
    file: str = ""


@dataclass(frozen=True)
class Sector:
    """A sector tile face: the planet type on each ring position."""

    id: str
    tile: int
    hexes: dict[str, str]  # ring position ("A0".."B5", "C") -> planet type id
    file: str = ""


@dataclass(frozen=True)
class Layout:
    """A map layout: the player counts it serves and where each sector goes."""

    id: str
    players: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]
    sectors: tuple[str, ...]
    file: str = ""
    board: str = ""          # the board a game asks for by name (several layouts: one per player count)
    draw: str = "fixed"      # fixed: sectors on the slots in the listed order; shuffled: in random order


@dataclass(frozen=True)
class ResearchTrack:
    """A research track: its name, place on the board and each level's effects."""

    id: str
    name: str
    order: int
    levels: tuple[tuple[Effect, ...], ...]
    file: str = ""


@dataclass(frozen=True)
class ResearchBoard:
    """The research board's rules: levels, the cost of a step, VP by level."""

    levels: int
    cost: tuple[Cost, ...]
    vp_by_level: tuple[int, ...]
    flip_green_token: bool
    exclusive: bool


@dataclass(frozen=True)
class BoardAction:
    """A power or QIC action of the board: its cost and effect."""

    id: str
    name: str
    cost: tuple[Cost, ...]
    effect: Effect
    file: str = ""


@dataclass(frozen=True)
class Burn:
    """Burning power: `take` from one area, `keep` moving to another."""

    source: str
    target: str
    take: int
    keep: int


@dataclass(frozen=True)
class PlanetType:
    """A planet type: its code on the map, name and how it is made habitable."""

    id: str
    code: str
    name: str
    habitable: str
    colour: str | None = None   # a colour name for pictures of the board ("none": no colour)


@dataclass(frozen=True)
class Parameter:
    """A game parameter content may set: its scope, type, default and meaning."""

    name: str
    scope: str
    type: str
    default: Any
    doc: str
    choices: tuple[str, ...] = ()
    keyed_by: str | None = None
    min: int | None = None      # declared range of an int parameter, or of each item of a list one
    max: int | None = None
    default_from: str | None = None   # keyed by structure: the default is this field of the structure
    written: Any = None               # the default as parameters.yaml writes it (`default` is typed: content/values.py)
    uses: dict[str, str] = field(default_factory=dict)   # the rules that read it (`set NAME for USE`), with their meaning


# Where a `set` statement a player holds comes from, in the order parameters are folded (the last
# absolute `set` wins among equally specific ones; relative `+=`/`-=` add up after): income, faction
# ability, planetary institute, structure slots, research levels (track order, then level), tech
# tiles, advanced tech tiles (catalogue order), booster. Never the order they were gained in.
PARAMETER_SOURCES = ("income", "faction", "pi", "structure", "research", "tech", "adv", "booster")


@dataclass(frozen=True)
class Variant:
    """A rules variant: a name and the parameters it sets."""

    id: str
    name: str
    parameters: dict[str, Any]


@dataclass
class Catalogue:
    """Every component, keyed by id, plus the game-wide tables."""

    factions: dict[str, Faction] = field(default_factory=dict)
    boards: dict[str, dict] = field(default_factory=dict)
    tech_tiles: dict[str, Tile] = field(default_factory=dict)
    advanced_tech_tiles: dict[str, Tile] = field(default_factory=dict)
    boosters: dict[str, Tile] = field(default_factory=dict)
    round_tiles: dict[str, Tile] = field(default_factory=dict)
    final_tiles: dict[str, FinalTile] = field(default_factory=dict)
    federation_tokens: dict[str, FederationToken] = field(default_factory=dict)
    sectors: dict[str, Sector] = field(default_factory=dict)
    layouts: dict[str, Layout] = field(default_factory=dict)
    tracks: dict[str, ResearchTrack] = field(default_factory=dict)
    research: ResearchBoard | None = None
    board_actions: dict[str, BoardAction] = field(default_factory=dict)
    free_actions: tuple[Effect, ...] = ()
    burn: Burn | None = None
    planets: dict[str, PlanetType] = field(default_factory=dict)
    wheel: tuple[str, ...] = ()
    resources: dict[str, dict] = field(default_factory=dict)
    parameters: dict[str, Parameter] = field(default_factory=dict)
    game: dict[str, Any] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    faction_variants: dict[str, FactionVariant] = field(default_factory=dict)
    variant_entries: list[VariantEntry] = field(default_factory=list)
    # the solo opponent: decision cards, Automa faction cards, difficulties, round values, its rules
    automa: Automa = field(default_factory=Automa)
    # content identity: (kind, id) -> (file shown to people, sha256 of its bytes)
    files: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    # provenance of each component: the file it was read from, then (patch file, field paths it set) per patch
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    # things a designer should know that are not errors (a bundled component replaced by an overlay)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many components of each kind: the summary `gaia validate` prints."""
        return {
            "factions": len(self.factions),
            "faction boards": len(self.boards),
            "tech tiles": len(self.tech_tiles),
            "advanced tech tiles": len(self.advanced_tech_tiles),
            "boosters": len(self.boosters),
            "round scoring tiles": len(self.round_tiles),
            "final scoring tiles": len(self.final_tiles),
            "federation tokens": len(self.federation_tokens),
            "sectors": len(self.sectors),
            "layouts": len(self.layouts),
            "research tracks": len(self.tracks),
            "board actions": len(self.board_actions),
            "free actions": len(self.free_actions),
            "planet types": len(self.planets),
            "rule parameters": len(self.parameters),
            "variants": len(self.variants),
            "faction variants": len(self.faction_variants),
            "faction variant entries": len(self.variant_entries),
            "Automa cards": len(self.automa.cards),
            "Automa factions": len(self.automa.factions),
            "Automa difficulties": len(self.automa.difficulties),
            "Automa round values": len(self.automa.round_values),
        }

    def variant_entry(self, family: str, version: int, players: int, faction: str) -> VariantEntry | None:
        """The entry a faction plays under a variant version, or None for its standard board.

        Among the faction's entries of the family up to `version`: the newest
        one limited to this player count if any, else the newest one for any
        player count.
        """
        mine = [e for e in self.variant_entries if e.family == family and e.faction.id == faction and e.version <= version]
        counted = [e for e in mine if players in e.players]
        if counted:
            return max(counted, key=lambda e: e.version)
        anyone = [e for e in mine if not e.players]
        return max(anyone, key=lambda e: e.version) if anyone else None

    def with_faction_variant(self, family: str | None, version: int | None, players: int) -> "Catalogue":
        """This catalogue with every faction on its board under a variant (itself for the standard boards)."""
        if not family or family not in self.faction_variants:
            return self
        version = self.faction_variants[family].latest if version is None else version
        cache = self.__dict__.setdefault("_variant_cache", {})
        key = (family, version, players)
        if key not in cache:
            factions, origins = dict(self.factions), dict(self.origins)
            for fid in factions:
                entry = self.variant_entry(family, version, players, fid)
                if entry is not None:
                    factions[fid] = entry.faction
                    origins[("faction", fid)] = self.origins.get(("faction", entry.id), origins.get(("faction", fid)))
            derived = dataclasses.replace(self, factions=factions, origins=origins)
            derived.__dict__["_variant_cache"] = {}
            cache[key] = derived
        return cache[key]

    @cached_property
    def token_words(self) -> tuple[str, ...]:
        """Names of the factions' special tokens: the site's notation uses them as command words."""
        return tuple(sorted({f.special_token.name for f in self.factions.values() if f.special_token}))

    def effect_sources(self) -> list[tuple[str, Effect]]:
        """(component, effect) of every effect string in the catalogue, components named `kind id`."""
        out: list[tuple[str, Effect]] = []
        for f in self.factions.values():
            label = f"faction {f.id}"
            out += [(label, e) for e in (f.income, *f.ability, *f.planetary_institute) if e is not None]
            for s in f.structures.values():
                out += [(label, e) for e in (*s.slots, *s.effects) if e is not None]
        for kind, tiles in (("tech_tile", self.tech_tiles), ("advanced_tech_tile", self.advanced_tech_tiles),
                            ("booster", self.boosters), ("round_scoring", self.round_tiles)):
            for t in tiles.values():
                out += [(f"{kind} {t.id}", e) for e in t.effects]
        for tok in self.federation_tokens.values():
            out += [(f"federation_token {tok.id}", e) for e in tok.effects]
        for track in self.tracks.values():
            out += [(f"research_track {track.id}", e) for level in track.levels for e in level]
        for a in self.board_actions.values():
            out.append((f"board_action {a.id}", a.effect))
        out += [("free_actions", e) for e in self.free_actions]
        return out

    def all_effects(self) -> list[Effect]:
        return [e for _, e in self.effect_sources()]

    def content_hash(self) -> str:
        """One digest of every file the catalogue was built from (for saved games)."""
        digest = hashlib.sha256()
        for key in sorted(self.files):
            digest.update(f"{key[0]}/{key[1]}={self.files[key][1]};".encode())
        return digest.hexdigest()
