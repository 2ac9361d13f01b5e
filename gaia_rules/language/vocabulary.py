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
    "area1": "power token in area I (the special token not included)",
    "area2": "power token in area II (the special token not included)",
    "area3": "power token in area III (the special token not included)",
    "area-gaia": "power token in the Gaia area (the special token not included)",
    "special-token": "special token in the power cycle (1 when it is in area I, II or III, else 0)",
    "gf-available": "Gaiaformer available (neither on the map nor in the Gaia area)",
    "gf-map": "Gaiaformer on the map",
    "gf-gaia": "Gaiaformer in the Gaia area",
    "federation": "federation formed and held",
    "tech-tile": "standard tech tile held and not covered",
    "adv-tile": "advanced tech tile held",
    "round": "the round being played (0 during set-up; the last round at final scoring)",
}

# Counters written with a word of the content in them (checked against the content).
COUNTER_FORMS: dict[str, str] = {
    "research-TRACK": "level on that research track (a track id: research-terra)",
    "PIECE-on-KIND": "piece of that kind (`structure` for any, or a structure id) on a planet of that type "
                     "(a planet type id: m-on-gaia, structure-on-transdim)",
    "opponent-PIECE": "a piece counter (`structure`, a structure id, PIECE-on-KIND, planet-type, ...) over every "
                      "other player's pieces (opponent-structure, opponent-m-on-gaia)",
}

# Events after "on": every moment of the rules a statement can listen to.
EVENTS: dict[str, str] = {
    "setup": "a piece placed at set-up",
    "game-start": "the game begins (set-up is over, before the first income)",
    "round-start": "a round begins (before income)",
    "gaia-phase": "the Gaia phase begins",
    "build": "the holder builds a piece (an upgrade or a change `from` another piece too)",
    "gaia-start": "the holder starts a Gaia Project (places a Gaiaformer)",
    "gaia-complete": "one of the holder's Gaia Projects is completed (in the Gaia phase)",
    "swap": "two of the holder's pieces trade places",
    "step": "a terraforming step taken for a mine (paid or free)",
    "research": "the holder gains a research level",
    "tech": "the holder takes a tech tile",
    "federation": "the holder gains a federation token (forming a federation, or otherwise)",
    "charge": "the holder charges power offered by an opponent's build",
    "spend": "the holder spends power from area III",
    "burn": "the holder burns power",
    "board-action": "the holder takes a board action",
    "special-action": "the holder takes a special action",
    "pass": "the holder passes (the same moment as a `pass:` statement)",
    "round-end": "a round ends (after everybody has passed)",
    "final-scoring": "the game ends, before final scoring",
    "opponent-build": "an opponent builds within charging distance of one of the holder's structures",
    "refused": "a gain the holder was to get is cut short by a rule (a research step on a locked track or past "
               "the top, a resource above its cap, a charge with no token left to move): what the holder gets instead",
}

# Events only their player hears: a refusal is what the holder gets instead of a gain cut short, not a moment of
# the table (an opponent's reaction to it would answer each cut with gains that can be cut in turn, without end).
OWN_EVENTS: frozenset[str] = frozenset({"refused"})

# Events of the whole table: each fires for every player at once, so `on opponent EVENT` cannot name them.
TABLE_EVENTS: frozenset[str] = frozenset({"game-start", "round-start", "gaia-phase", "round-end", "final-scoring",
                                          "opponent-build"})

# Filters an event takes after its name (`on research nav|eco`): what each word may be. The event
# fires the statement when it matches any filter. "structure", "track", "board-action",
# "federation-token" and "tech-tile" mean the content's ids of that kind; a dict lists fixed words.
EVENT_FILTERS: dict[str, object] = {
    "setup": "structure",
    "research": "track",
    "tech": {"standard": "a standard tech tile", "advanced": "an advanced tech tile", "": "tech-tile"},
    "federation": {"formed": "gained by forming a federation", "": "federation-token"},
    "board-action": "board-action",
    "swap": "structure",
    "step": {"paid": "a step paid for with ore (`terraform_cost` each)",
             "free": "a free step, given by a `step` gain (a booster's, a board action's, a special action's)"},
    "charge": "structure-or-faction",
    "opponent-build": "structure-or-faction",
    "refused": {"locked": "the track is locked (`lock up TRACK`)",
                "top": "the track is at its top level, or its top level cannot be taken (held by another, or no "
                       "green federation token to flip)",
                "cap": "a resource gained above its cap (`cap` in resources.yaml): the part above is lost",
                "full": "a charge with no token left in area I or II to move: the power that cannot move is lost",
                "": "track-or-resource"},
}

# What `per` can count of the event that fired the statement (`on charge: 1vp per pw`).
EVENT_DATA: dict[str, dict[str, str]] = {
    "build": {"step": "terraforming steps of the build (paid and free)",
              "paid-step": "terraforming steps of the build paid for with ore",
              "free-step": "free terraforming steps the build used"},
    "step": {"step": "1 (the step)"},
    "research": {"level": "the level reached"},
    "federation": {"satellite": "satellites placed for the federation (0 when none was formed)"},
    "charge": {"pw": "power charged"},
    "spend": {"pw": "power spent"},
    "burn": {"pw": "times burned"},
    "opponent-build": {"pw": "power the holder could charge from it"},
    "refused": {"step": "research steps refused (1; 0 for a resource)",
                "amount": "how much was refused: 1 per research step, the resource lost above its cap, the power "
                          "that could not move"},
}

# Events whose pieces `per X in EVENT` counts among (`1o per planet-type in federation`).
EVENT_PIECES: dict[str, str] = {
    "build": "the hex built on",
    "federation": "the federation's buildings and satellites (none when no federation was formed)",
    "gaia-start": "the hex of the Gaia Project",
    "gaia-complete": "the planet completed",
    "swap": "the two hexes",
    "setup": "the hex placed on",
    "opponent-build": "the hex the opponent built on",
}

# Periods of `once per ...`.
ONCE_PERIODS: dict[str, str] = {
    "round": "at most once each round",
    "game": "at most once in the game",
}

# Comparisons of `if COUNT OP N:`.
COMPARISONS: dict[str, str] = {">=": "at least", "<=": "at most", ">": "more than", "<": "fewer than", "=": "exactly"}

# Filters after "build ... on".
WHERE: dict[str, str] = {
    "gaia": "a Gaia planet",
    "new-type": "a planet type you had not colonized",
    "guest": "a planet an opponent has colonized",
    "home": "your home planet type",
}

# Filters after "build ... by": what gave the build.
BUILD_BY: dict[str, str] = {
    "main-action": "the turn's main action is the build itself (`build m HEX`, an upgrade)",
    "board-action": "a board action gives it (a power action's terraforming steps and mine)",
    "special-action": "a special action gives it (a booster's, a faction's, a tile's, a structure's `action:`)",
    "reward": "another effect gives it (a research level's Lost Planet, a tile's, a federation token's or an "
              "`on` statement's `build`)",
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

# Resources whose gain is a mechanism of the engine rather than an amount kept (so not countable);
# every other resource of resources.yaml is kept, shown, spent, counted and scored as data.
ENGINE_RESOURCES: dict[str, str] = {
    "pw": "power charged (a gain) or spent from area III (a cost)",
    "t": "a power token into area I",
    "gf": "a Gaiaformer",
    "step": "a free terraforming step for the build that follows",
    "range": "extra range for the build that follows",
}

# Which statements make sense on each kind of component: anything else can
# never fire there and is reported by `gaia validate`.
TRIGGERS_BY_KIND: dict[str, frozenset[str]] = {
    "faction": frozenset({"income", "pass", "on", "action", "free", "gaia-phase", "set", "replace", "lock"}),
    "planetary_institute": frozenset({"income", "now", "pass", "on", "action", "free", "gaia-phase", "set",
                                      "replace", "lock"}),
    "faction_income": frozenset({"income"}),
    "structure": frozenset({"income", "pass", "on", "action", "free", "gaia-phase", "set", "replace", "lock"}),
    "structure_effects": frozenset({"now"}),
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
    "faction": "in a faction's abilities (held from the start: nothing is gained 'now')",
    "planetary_institute": "in a faction's planetary institute list",
    "faction_income": "in a faction's base income",
    "structure": "in a structure's income slot",
    "structure_effects": "in a structure's effects (they fire once, as each copy is built)",
    "tech_tile": "on a tech tile",
    "advanced_tech_tile": "on an advanced tech tile",
    "booster": "on a booster",
    "round_scoring": "on a round scoring tile",
    "federation_token": "on a federation token",
    "board_action": "on a board action",
    "research_level": "on a research level",
    "free_actions": "in the free actions",
}

# Where a statement that can never fire in a kind of component would fire instead (said in the message).
WHERE_INSTEAD: dict[tuple[str, str], str] = {
    ("faction", "now"): "for a gain at the start write 'on game-start:', for one as the PI is built put it "
                        "in planetary_institute",
    ("structure_effects", "*"): "a structure's income, actions and lasting rules go in its slots, held while "
                                "its copies stand",
    ("structure", "now"): "a gain as each copy is built goes in the structure's effects",
    ("booster", "now"): "a booster is taken, not reached: write 'on round-start:' or 'income:'",
    ("round_scoring", "*"): "a round tile scores events: write 'on EVENT:'",
    ("federation_token", "*"): "a token's reward is gained with it: write 'now:'",
}

# Events that can never reach a kind of component (nothing of it is held or in play at that moment).
UNREACHABLE_EVENTS: dict[str, frozenset[str]] = {
    "round_scoring": frozenset({"setup"}),
    "booster": frozenset({"setup"}),
    "tech_tile": frozenset({"setup", "game-start"}),
    "advanced_tech_tile": frozenset({"setup", "game-start"}),
}

# Statements a limit (`once per ...:`) can be put on: those that fire (a special action is offered
# while its limit allows) and the conversions (offered until used in the period).
LIMITABLE: frozenset[str] = frozenset({"income", "now", "pass", "on", "action", "free", "gaia-phase"})

# Statements a condition (`if ...:`) can be put on: every kind. One that fires fires only while it
# holds; a conversion is offered only while it holds; a lasting rule (`set`, `replace`, `lock`) is
# held only while it holds (the count read each time the rule is).
CONDITIONABLE: frozenset[str] = LIMITABLE | {"set", "replace", "lock"}
