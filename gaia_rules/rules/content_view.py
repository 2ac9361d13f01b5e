"""The content as the rules read it in play: one game's catalogue, its variant, and what follows from them.

A `ContentView` is built once per game set-up (`Context.for_setup`) and reads no state. Every
table derived from the content (planet kinds, the mine, placements, caps, kept resources, which parameters the
content sets and which events it hears) is worked out once here, and rule parameters come typed:
a price as a tuple of `ast.Pay`, a switch as a bool, so nothing is parsed during play. What a
parameter is for one player (a `set` they hold overriding the default) is the holdings' question
(`holdings.Holdings.param`); its default for a faction is answered here.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Mapping

from ..content.catalogue import Catalogue, Faction, PlacePrice, Structure, planet_words, word_rank
from ..content.values import typed_value
from ..language import ast
from ..language.vocabulary import ENGINE_RESOURCES
from ..state import PlayerState
from .cache import Cache

# Resources the engine keeps as a player's fields; every other kept resource is data (`PlayerState.other`).
RESOURCE_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic", "vp": "vp"}


class ContentView:
    """The catalogue of one game (faction variants applied) and its variant's game parameters.

    A solo game (`solo`) plays with the game parameters of the Automa's rules over the variant's:
    the solo rules' readings, as content (`automa_rules.game_parameters`).
    """

    def __init__(self, catalogue: Catalogue, variant: str, cache: Cache, solo: bool = False):
        self.catalogue = catalogue
        self.cache = cache
        self.variant = variant
        params = {n: p.default for n, p in catalogue.parameters.items() if p.scope == "game"}
        params.update(catalogue.variants[variant].parameters)
        if solo and catalogue.automa.rules is not None:
            params.update(catalogue.automa.rules.game_parameters)
        self.game_params: dict[str, Any] = params
        self._defaults: dict[tuple, Any] = {}

    # ------------------------------------------------------------ a player's faction
    def faction(self, p: PlayerState) -> Faction:
        return self.catalogue.factions[p.faction]

    def structure(self, p: PlayerState, sid: str) -> Structure:
        return self.catalogue.factions[p.faction].structures[sid]

    def is_structure(self, p: PlayerState, piece: str) -> bool:
        return self.structure(p, piece).structure

    def counts(self, p: PlayerState, piece: str, use: str) -> bool:
        """Whether the player's piece counts for one use (`catalogue.PIECE_USES`: structure, planet, ...)."""
        return use in self.catalogue.factions[p.faction].structures[piece].counts_for

    def special_value(self, p: PlayerState) -> int:
        """What the faction's special token is worth when spent from area III (0 without one)."""
        token = self.catalogue.factions[p.faction].special_token
        return token.spend_value if token else 0

    def gaiaformers(self, p: PlayerState) -> tuple[str, ...]:
        """The player's pieces that are Gaiaformers (structure field `gaiaformer`)."""
        return self.kept("gaiaformers", p.faction, lambda: tuple(
            sid for sid, s in self.faction(p).structures.items() if s.gaiaformer))

    def placement(self, p: PlayerState, sid: str) -> "Placement":
        """Where the player's piece `sid` goes, what each planet costs and becomes (its placement words read)."""
        return self.kept("placement", (p.faction, sid), lambda: self._placement(self.structure(p, sid),
                                                                                self.faction(p).home))

    def terraform_steps(self, home: str, target: str, off_wheel: Mapping[str, int] | None = None) -> int:
        """Terraforming steps from `home` to `target` the short way round the wheel. A planet off the wheel
        needs none, unless `off_wheel` counts it (the Automa's rules: its count there, else the wheel's size)."""
        wheel = self.catalogue.wheel
        if target not in wheel or home not in wheel:
            return 0 if off_wheel is None else off_wheel.get(target, len(wheel))
        d = abs(wheel.index(home) - wheel.index(target))
        return min(d, len(wheel) - d)

    def _placement(self, s: Structure, home: str) -> "Placement":
        words = self.planet_words

        def types(items) -> frozenset[str]:
            return frozenset(t for w in items for t in words.get(w, ()))

        def per_type(pairs) -> dict:
            """Each planet type -> the value of the most specific word naming it."""
            ranked = sorted(pairs, key=lambda kv: word_rank(kv[0], self.catalogue.planets), reverse=True)
            return {t: value for word, value in ranked for t in words.get(word, ())}

        return Placement(types(s.place_on), types(s.guest_on), per_type((pp.word, pp) for pp in s.place_price),
                         per_type(s.becomes), {t: self.terraform_steps(home, t) for t in self.catalogue.wheel})

    @cached_property
    def planet_words(self) -> dict[str, frozenset[str]]:
        return planet_words(self.catalogue.planets)

    @cached_property
    def mine_id(self) -> str:
        """The structure built on planets: the board's first piece built new on planets of a home type."""
        board = next(iter(self.catalogue.boards.values()))
        homes = self.planet_words.get("home", frozenset())
        for sid, s in board["structures"].items():
            on = s.get("place_on") or ()
            if s.get("upgrades_from") is None and any(self.planet_words.get(w, frozenset()) & homes
                                                      for w in ((on,) if isinstance(on, str) else on)):
                return sid
        raise LookupError("content has no structure placed on planets")

    # ------------------------------------------------------------ planets
    @cached_property
    def kinds(self) -> dict[str, str]:
        """Planet type -> its `habitable` kind."""
        return {p.id: p.habitable for p in self.catalogue.planets.values()}

    @cached_property
    def planet_of_kind(self) -> dict[str, str]:
        """The planet type of each special kind (planets.yaml `habitable`: gaia, gaia-project, lost, space)."""
        return {p.habitable: p.id for p in self.catalogue.planets.values() if p.habitable not in ("home", "never")}

    # ------------------------------------------------------------ resources
    @cached_property
    def caps(self) -> dict[str, int]:
        return {r: d["cap"] for r, d in self.catalogue.resources.items() if "cap" in d}

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

    # ------------------------------------------------------------ what the content sets and hears
    def _statements(self):
        return (st for effect in self.catalogue.all_effects() for st in effect.statements)

    @cached_property
    def content_sets(self) -> frozenset[str]:
        """Parameters some `set` statement of the content changes (the others keep their defaults)."""
        return frozenset(st.clause.name for st in self._statements() if isinstance(st.clause, ast.Set))

    @cached_property
    def watched_events(self) -> frozenset[str]:
        """Events some `until`/`after` scope of the content names: the rules remember when they happen."""
        return frozenset(name for st in self._statements() if st.scope is not None for name in st.scope.pieces)

    @cached_property
    def heard_events(self) -> frozenset[str]:
        """Events some statement of the content listens to (`on EVENT`, `on opponent EVENT`) or some scope names."""
        names = {st.clause.event.name for st in self._statements() if isinstance(st.clause, ast.On)}
        return frozenset(names) | self.watched_events

    @cached_property
    def heard_by_opponents(self) -> frozenset[str]:
        """Events some `on opponent EVENT` statement of the content listens to."""
        return frozenset(st.clause.event.name for st in self._statements()
                         if isinstance(st.clause, ast.On) and st.clause.opponent)

    # ------------------------------------------------------------ rule parameters, typed
    def typed(self, name: str, value: Any) -> Any:
        """A parameter's value as the rules use it (`content.values.typed_value`: a price as a tuple of
        `ast.Pay`, a switch as a bool...); None stays None (a price: the printed one)."""
        return None if value is None else typed_value(self.catalogue.parameters[name].type, value)

    def default(self, faction: str, name: str, key: str | None = None) -> Any:
        """The typed default of a player parameter for a faction (keyed: the key's default)."""
        found = self._defaults.get((faction, name, key), _MISSING)
        if found is _MISSING:
            p = self.catalogue.parameters[name]
            if key is not None and p.keyed_by == "structure" and p.default_from:   # `ts-on-gaia`: the default of ts
                value = getattr(self.catalogue.factions[faction].structures[key.partition("-on-")[0]], p.default_from)
            else:
                value = p.default
                if isinstance(value, dict):  # a keyed parameter with a default per key
                    value = value[key]
            found = self._defaults[(faction, name, key)] = self.typed(name, value)
        return found

    # ------------------------------------------------------------ tables derived from the content
    def kept(self, table: str, key: Any, compute: Callable[[], Any]) -> Any:
        """A value worked out once from the content (its components never change), kept under `key`
        in the named table of the engine's cache; the value must keep alive whatever the key names by `id`."""
        found = self.cache.values.get((self, table, key), _MISSING)
        if found is _MISSING:
            found = compute()
            self.cache.put((self, table, key), found)
        return found


@dataclass(frozen=True)
class Placement:
    """A piece's placement fields read as planet types (`ContentView.placement`)."""

    on: frozenset[str]                # planet types a copy built new may go on
    guest: frozenset[str]             # planet types of an opponent's colonised planet it may share
    price: dict[str, PlacePrice]      # planet type -> its place price (none: only the piece's cost)
    becomes: dict[str, str]           # planet type -> the planet type it turns into
    steps: dict[str, int]             # planet type on the wheel -> terraforming steps from the faction's home

_MISSING = object()
