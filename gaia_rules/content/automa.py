"""The solo opponent (the Automa) as typed content: decision cards, faction cards, difficulties.

These are the typed forms of the `automa_*` kinds under content/automa/
(docs/automa-content.md). They are plain data: which card does what, how a
difficulty changes the starting deck, what the Automa scores on each round
scoring tile. Nothing here plays the Automa; the words below are the closed
vocabulary a player seat for it will act on, and the schemas enumerate the same
words (a test keeps the two equal).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# What the action half of a decision card tells the Automa to do.
CARD_ACTIONS = ("upgrade", "build-mine", "research-highest", "research-random", "power-qic", "faction")
# What one step of a faction action does: the card actions but `faction`, and research on a named track.
STEP_ACTIONS = ("upgrade", "build-mine", "research-highest", "research-random", "research-track", "power-qic")
# Support half words.
FINAL_TIEBREAKERS = ("top", "bottom", "none")        # the final scoring tile a new mine should help
DIRECTIONS = ("right-down", "left-up")              # reading order of the last tie-breaker
COUNT_FROM = ("left", "right")                      # where numbered selection starts counting
BOOSTER_POSITIONS = ("left", "middle", "right")     # booster taken on passing, among those on offer
# A faction's own first tie-breaker for a mine it builds in its faction action.
FACTION_TIEBREAKERS = ("transdim", "closest-to-human")
# The tie-breakers of a mine and of an upgrade, in the order the rules apply them.
MINE_TIEBREAKERS = ("faction", "final-tile", "fewest-steps", "closest-to-human", "direction")
UPGRADE_TIEBREAKERS = ("closest-to-human", "direction")
# What a final scoring tile chosen by the final-tile tie-breaker prefers among candidate planets.
FINAL_PREFERENCES = ("gaia-or-transdim", "new-planet-type", "new-sector")
# Permanent rules of an Automa faction card, and the fields each one needs.
SPECIAL_RULES: dict[str, tuple[str, ...]] = {
    "repeat-card-action": ("action", "times"),
    "vp-for-upgrade": ("to", "vp"),
    "vp-for-new-planet-type": ("vp",),
    "downgrade": ("from", "to", "position", "applies_to"),
    "research-after-upgrade": ("from", "to", "action"),
}
DOWNGRADE_SCOPES = ("every-upgrade", "faction-action")
# Where the Automa's VP come from (what the hardest level's extra VP may apply to).
VP_SOURCES = ("card", "faction-card", "faction-rule", "round-tile", "final-tiles", "research")
CARD_ROLES = ("action", "support")                  # the card a strip marker is read from
INITIAL_BOOSTER = ("random-card", "roll")           # how the first booster's position is found
UNBUILDABLE_MINE = ("upgrade", "nothing")           # a mine with no planet in range
REMOVED_TO = ("reserve", "out-of-game")             # where a difficulty's removed starter cards go


@dataclass(frozen=True)
class Numbered:
    """Numbered selection: count `count` options, starting with the leftmost or the rightmost one."""

    start: str   # left or right
    count: int


@dataclass(frozen=True)
class AutomaCard:
    """One decision card: its action half, its support half and its central strip."""

    id: str
    number: int
    starter: bool
    action: str
    vp: int
    final_tiebreaker: str
    range: int
    direction: str
    numbered: Numbered
    pass_icon: bool
    booster: str
    initial_booster: int
    name: str = ""
    description: str = ""
    file: str = ""


@dataclass(frozen=True)
class AutomaStep:
    """One part of a faction action; `otherwise` is done instead when this part cannot be."""

    action: str
    range: int | None = None          # build-mine: replaces the support card's range
    tiebreaker: str | None = None     # build-mine: the faction's own first tie-breaker
    track: str | None = None          # research-track: the track
    otherwise: "AutomaStep | None" = None


@dataclass(frozen=True)
class AutomaSpecial:
    """A permanent rule of an Automa faction card (`rule` is one of SPECIAL_RULES)."""

    rule: str
    action: str | None = None
    times: int | None = None
    source: str | None = None         # the YAML field `from`
    target: str | None = None         # the YAML field `to`
    vp: int | None = None
    position: int | None = None
    applies_to: str | None = None


@dataclass(frozen=True)
class AutomaFaction:
    """An Automa faction card: the faction it plays as, its set-up, its faction action and its rules."""

    id: str
    name: str
    faction: str
    research: tuple[str, ...]
    starting_mines: int
    steps: tuple[AutomaStep, ...]
    vp: int
    special: tuple[AutomaSpecial, ...] = ()
    description: str = ""
    file: str = ""


@dataclass(frozen=True)
class ExtraVP:
    """VP added each time the Automa gains VP from one of `sources`."""

    vp: int
    sources: tuple[str, ...]


@dataclass(frozen=True)
class AutomaDifficulty:
    """A difficulty level of the solo game: the Automa's starting VP and what changes at this level."""

    id: str
    name: str
    level: int
    starting_vp: int
    add: tuple[str, ...] = ()         # reserve cards moved into the starting deck
    remove: tuple[str, ...] = ()      # starter cards taken out of it
    removed_to: str = "reserve"
    random_reserve_cards: int = 1
    extra_vp: ExtraVP | None = None
    description: str = ""
    file: str = ""

    def starting_deck(self, cards: dict[str, AutomaCard]) -> list[str]:
        """The cards of the starting deck before the random reserve cards, by card number."""
        chosen = {i for i, c in cards.items() if c.starter} - set(self.remove) | set(self.add)
        return sorted((i for i in chosen if i in cards), key=lambda i: cards[i].number)


@dataclass(frozen=True)
class RoundValue:
    """The two numbers printed for the Automa on a round scoring tile."""

    left: int
    right: int


@dataclass(frozen=True)
class Upgrade:
    """One line of the Automa's upgrade priority: a `source` structure becomes one of `targets`."""

    source: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class FinalCount:
    """What the Automa counts on a final scoring tile instead of the tile's own count: `count` plus `add`."""

    count: str
    add: int = 0


@dataclass(frozen=True)
class AutomaRules:
    """The Automa's rules that are numbers and orders rather than procedures."""

    pass_zone: int
    reserve_cards_per_round: int
    pass_icon_from: str
    booster_from: str
    initial_booster: str
    unbuildable_mine: str
    transdim_becomes_gaia: bool
    mine_tiebreakers: tuple[str, ...]
    upgrade_tiebreakers: tuple[str, ...]
    upgrades: tuple[Upgrade, ...]
    planet_steps: dict[str, int]
    final_tile_preferences: dict[str, str]
    action_spaces: tuple[str, ...]
    lone_mine_satellite: tuple[str, ...] = ()     # final tiles with which a mine far from its others brings a satellite
    final_tile_counts: dict[str, FinalCount] = field(default_factory=dict)   # final tile -> what it counts there
    federation_token_copies: int | None = None    # a solo game's copies of each federation token (None: all)
    standard_difficulty: str | None = None        # the difficulty of a solo game that names none
    # game parameters a solo game plays with over its variant's (the solo rules' own readings)
    game_parameters: dict[str, Any] = field(default_factory=dict)
    file: str = ""


@dataclass
class Automa:
    """Every piece of Automa content of a catalogue (empty when the content has none)."""

    cards: dict[str, AutomaCard] = field(default_factory=dict)
    factions: dict[str, AutomaFaction] = field(default_factory=dict)
    difficulties: dict[str, AutomaDifficulty] = field(default_factory=dict)
    round_values: dict[str, RoundValue] = field(default_factory=dict)
    left_until_round: int = 0         # the left value counts up to this round, the right one after it
    rules: AutomaRules | None = None

    def starters(self) -> list[str]:
        return sorted((i for i, c in self.cards.items() if c.starter), key=lambda i: self.cards[i].number)

    def round_vp(self, tile: str, round_number: int) -> int | None:
        """What the Automa scores for passing in a round under a round scoring tile (None: no value)."""
        value = self.round_values.get(tile)
        if value is None:
            return None
        return value.left if round_number <= self.left_until_round else value.right
