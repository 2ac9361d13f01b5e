"""The fixed words of the effect language, each with what it means.

Resource codes, research tracks, structures, federation tokens and rule
parameters come from content; the words here are the mechanisms the engine
knows. The checker uses this table for "did you mean", the English renderer
for its phrases, and docs/effects.md lists it.
"""
from __future__ import annotations

# Counters after "per": how many of something the holder has now.
COUNTERS: dict[str, str] = {
    "planet-type": "planet type colonized",
    "gaia-planet": "Gaia planet colonized",
    "sector": "sector with one of your structures",
    "structure": "structure on the map",
    "federated-structure": "structure in one of your federations",
    "satellite": "satellite (and piece counting as one)",
    "fed": "federation token",
    "research": "research level (all tracks added up)",
}

# Events after "on".
EVENTS: dict[str, str] = {
    "step": "terraforming step taken",
    "research": "research level gained",
    "federation": "federation token gained",
    "charge": "charge offered by an opponent's build",
}

# Filters after "build ... on".
WHERE: dict[str, str] = {
    "gaia": "a Gaia planet",
    "new-type": "a planet type you had not colonized",
    "guest": "a planet an opponent has colonized",
    "home": "your home planet type",
}

# Where power tokens can be: the values of `area` rule parameters.
POWER_AREAS: dict[str, str] = {
    "area1": "area I",
    "area2": "area II",
    "area3": "area III",
    "gaia": "the Gaia area",
    "supply": "the supply",
}

# Places tokens (or Gaiaformers) move between ("move N from>to").
AREAS: dict[str, str] = {
    **POWER_AREAS,
    "gf": "your available Gaiaformers",
}

# Words after "up" besides a track id.
UP_CHOICES: dict[str, str] = {
    "any": "any track",
    "lowest": "one of your lowest tracks",
}

# Words after "fed" besides a federation token id.
FED_WORDS: dict[str, str] = {
    "here": "the federation token lying on this research level",
}

# Which statements make sense on each kind of component: anything else can
# never fire there and is reported by `gaia validate`.
TRIGGERS_BY_KIND: dict[str, frozenset[str]] = {
    "faction": frozenset({"income", "now", "pass", "on", "action", "free", "gaia-phase", "set", "replace", "lock"}),
    "faction_income": frozenset({"income"}),
    "structure": frozenset({"income", "now", "pass", "on", "action", "free", "gaia-phase", "set", "replace", "lock"}),
    "tech_tile": frozenset({"income", "now", "pass", "on", "action", "free", "set", "replace"}),
    "advanced_tech_tile": frozenset({"income", "now", "pass", "on", "action", "free", "set", "replace"}),
    "booster": frozenset({"income", "pass", "on", "action", "free", "set"}),
    "round_scoring": frozenset({"on"}),
    "federation_token": frozenset({"now"}),
    "board_action": frozenset({"action"}),
    "research_level": frozenset({"now", "income", "set", "on"}),
    "free_actions": frozenset({"free"}),
}

# How messages name each kind of component above ("'now' can never fire on a booster").
KIND_PLACES: dict[str, str] = {
    "faction": "on a faction",
    "faction_income": "in a faction's base income",
    "structure": "on a structure",
    "tech_tile": "on a tech tile",
    "advanced_tech_tile": "on an advanced tech tile",
    "booster": "on a booster",
    "round_scoring": "on a round scoring tile",
    "federation_token": "on a federation token",
    "board_action": "on a board action",
    "research_level": "on a research level",
    "free_actions": "in the free actions",
}
