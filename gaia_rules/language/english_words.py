"""The words English renderings are made of: phrase tables of the language, content's `Words`, joining.

The fixed phrases of the effect language (event phrases, counter nouns, comparisons, filters) and
the small helpers every text uses (`join_and`, `with_article`, `plural_noun`, `sentence`); the
renderer that puts them together is english.py. Nothing here reads content: a `Words` holds the
content's nouns as plain dicts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping


# Resource codes whose gain is a verb rather than a thing received: the engine
# charges power for `pw` (moves tokens through the bowls) rather than adding
# a count somewhere. As a cost, `pw` spends power from area III.
GAIN_VERBS: dict[str, str] = {"pw": "charge {n} power"}


COST_FORMS: dict[str, str] = {"pw": "{n} power"}


# Named events after "on", as the end of "Each time ...".
EVENT_PHRASES: dict[str, str] = {
    "setup": "you place a piece at set-up",
    "game-start": "the game begins",
    "round-start": "a round begins",
    "gaia-phase": "the Gaia phase begins",
    "build": "you build a piece",
    "gaia-start": "you start a Gaia Project",
    "gaia-complete": "a Gaia Project of yours is completed",
    "swap": "two of your pieces trade places",
    "step": "you take a terraforming step",
    "research": "you gain a research level",
    "tech": "you take a tech tile",
    "federation": "you gain a federation token",
    "charge": "you charge power from an opponent's build",
    "spend": "you spend power",
    "burn": "you burn power",
    "board-action": "you take a board action",
    "special-action": "you take a special action",
    "pass": "you pass",
    "round-end": "a round ends",
    "final-scoring": "the game ends (before final scoring)",
    "opponent-build": "an opponent builds near one of your structures",
    "refused": "a research step you were to gain is refused",
}


# Values of `set` that read better as words.
BOOL_WORDS: dict[str, str] = {"true": "on", "false": "off"}


@dataclass(frozen=True)
class Noun:
    """What a counter counts, for conditions: "at least 4 planet types" fitted into `have`.

    `have` is the sentence saying the holder has `{count}` of them; `alone` the
    plural with what qualifies it, said when several counters are added up.
    """

    one: str
    many: str
    have: str = "you have {count}"
    alone: str | None = None


# The fixed counters (`vocabulary.COUNTERS`) in a condition: "if you have colonized at least 4 planet types".
COUNTER_NOUNS: dict[str, Noun] = {
    "planet-type": Noun("planet type", "planet types", "you have colonized {count}", "planet types colonized"),
    "gaia-planet": Noun("Gaia planet", "Gaia planets", "you have colonized {count}", "Gaia planets colonized"),
    "sector": Noun("sector", "sectors", "you have structures in {count}", "sectors with your structures"),
    "structure": Noun("structure", "structures", "you have {count} on the map", "structures on the map"),
    "federated-structure": Noun("structure", "structures", "you have {count} in your federations",
                                "structures in your federations"),
    "satellite": Noun("satellite", "satellites", "you have {count} (pieces counting as satellites included)",
                      "satellites (and pieces counting as one)"),
    "fed": Noun("federation token", "federation tokens"),
    "research": Noun("research level", "research levels", "you have {count} (all tracks added up)",
                     "research levels (all tracks added up)"),
    "area1": Noun("power token in area I", "power tokens in area I"),
    "area2": Noun("power token in area II", "power tokens in area II"),
    "area3": Noun("power token in area III", "power tokens in area III"),
    "area-gaia": Noun("power token in the Gaia area", "power tokens in the Gaia area"),
    "special-token": Noun("special token in the power cycle", "special tokens in the power cycle"),
    "gf-available": Noun("available Gaiaformer", "available Gaiaformers"),
    "gf-map": Noun("Gaiaformer on the map", "Gaiaformers on the map"),
    "gf-gaia": Noun("Gaiaformer in the Gaia area", "Gaiaformers in the Gaia area"),
    "federation": Noun("federation", "federations"),
    "tech-tile": Noun("uncovered standard tech tile", "uncovered standard tech tiles"),
    "adv-tile": Noun("advanced tech tile", "advanced tech tiles"),
}


# Counters that are a quantity of the game rather than things the holder has, as (the quantity, as a
# condition compares it; the unit, after "per"): "if the round number is at least 4".
COUNTER_QUANTITIES: dict[str, tuple[str, str]] = {
    "round": ("the round number", "round number"),
}


# What gave a build (`vocabulary.BUILD_BY`), after "you build a mine": "with a special action".
BUILD_BY_PHRASES: dict[str, str] = {
    "main-action": "as your main action",
    "board-action": "with a board action",
    "special-action": "with a special action",
    "reward": "as the reward of another effect",
}


# Fixed filter words whose description in `vocabulary.EVENT_FILTERS` is too long for a phrase.
FILTER_PHRASES: dict[tuple[str, str], str] = {
    ("step", "paid"): "paid for with ore",
    ("step", "free"): "a free one",
    ("refused", "locked"): "on a track you cannot advance on",
    ("refused", "top"): "on a track at its top level",
}


# How a condition compares a quantity of the event ("if the level reached is at least 3"); a count of
# things the holder has takes `vocabulary.COMPARISONS` ("if you have at least 2 research labs").
QUANTITY_COMPARISONS: dict[str, str] = {
    "=": "is", ">=": "is at least", "<=": "is at most", ">": "is more than", "<": "is less than",
}


# Data of an event (`vocabulary.EVENT_DATA`) whose description there does not read well in a sentence:
# (the quantity, as a condition compares it; the unit, after "per"). Any other datum reads as its
# description says: "the level reached" / "1 VP per level reached".
EVENT_DATA_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("build", "step"): ("the number of terraforming steps of the build", "terraforming step of the build"),
    ("build", "paid-step"): ("the number of terraforming steps paid for the build",
                             "terraforming step paid for the build"),
    ("build", "free-step"): ("the number of free terraforming steps the build used",
                             "free terraforming step the build used"),
    ("step", "step"): ("the number of terraforming steps (1 each time)", "terraforming step"),
    ("federation", "satellite"): ("the number of satellites placed for the federation",
                                  "satellite placed for the federation"),
    ("burn", "pw"): ("the power burned", "power burned"),
    ("refused", "step"): ("the number of research steps refused (1 each time)", "step refused"),
}


# Where `per X in EVENT` and `if X in EVENT ...` count: among the pieces of the event that fired
# (`vocabulary.EVENT_PIECES`; an event missing here reads "among" its description there).
WITHIN_PHRASES: dict[str, str] = {
    "build": "on the hex built on",
    "federation": "in the federation",
    "gaia-start": "on the hex of the Gaia Project",
    "gaia-complete": "on the planet completed",
    "swap": "on the two hexes",
    "setup": "on the hex placed on",
    "opponent-build": "on the hex the opponent built on",
}


@dataclass(frozen=True)
class Words:
    """The content's words, as plain dicts (taken from a catalogue by the caller).

    - `resources`: code -> {"name": ..., "plural": ...} (content/rules/resources.yaml)
    - `structures`: structure id -> name (a faction board's `structures`)
    - `plurals`: structure id -> plural of its name ("research labs"), for counts; a structure
      missing here is counted in the plural `plural_noun` makes of its name
    - `tracks`: research track id -> name
    - `federation_tokens`: federation token id -> name
    """

    resources: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    structures: Mapping[str, str] = field(default_factory=dict)
    tracks: Mapping[str, str] = field(default_factory=dict)
    federation_tokens: Mapping[str, str] = field(default_factory=dict)
    plurals: Mapping[str, str] = field(default_factory=dict)


NO_WORDS = Words()


def join_and(items: Iterable[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def join_or(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def with_article(name: str) -> str:
    """'a mine', 'an academy (knowledge)'."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def plural_noun(name: str) -> str:
    """The English plural of a noun phrase: 'research lab' -> 'research labs',
    'academy (knowledge)' -> 'academies (knowledge)'; the head noun is the last word before any '('."""
    head, paren, rest = name.partition(" (")
    words = head.split(" ")
    last = words[-1]
    if not last or not last[-1].isalpha():
        return name
    if last.endswith("y") and last[-2:-1].lower() not in ("", "a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    else:
        last += "s"
    return " ".join(words[:-1] + [last]) + paren + rest


def sentence(text: str) -> str:
    """Capitalised, ending with a full stop (not doubled after 'Q.I.C.')."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def lower_first(text: str) -> str:
    """'Income: ...' -> 'income: ...', but 'PI ...' stays."""
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text
