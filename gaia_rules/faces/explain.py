"""Components in plain English: `gaia explain ID` and `gaia explain --all` (docs/catalogue.md).

Every component of a catalogue is rendered as a markdown section: its name,
kind and file, its numbers, and each effect string in English
(`language/english.py`) followed by the string itself. A faction also lists
how it differs from its faction board. Nothing here names a component: the
kinds, their order and their words come from the catalogue.

This module finds a component by its id and puts the sections together; each kind's renderer lives
with its concern: factions and their boards (explain_factions.py), tiles (explain_tiles.py), the
mechanisms of the game -- tracks, actions, map, parameters, variants (explain_mechanisms.py), the
Automa (explain_automa.py); the text pieces they share are explain_text.py.
"""
from __future__ import annotations

import difflib
from typing import Any, Callable, Collection

from ..content.catalogue import Catalogue
from ..errors import GaiaError
from ..language.english_words import join_or
from ..setup import natural_key
from .explain_automa import AUTOMA_ALIASES, AUTOMA_KINDS, AUTOMA_RENDERERS, automa_ids, automa_title
from .explain_factions import (entry_fields, entry_file, faction_differences, render_board, render_faction,
                               render_faction_variant, variant_groups)
from .explain_mechanisms import (render_board_action, render_free_actions, render_game, render_layout, render_parameter,
                                 render_planets, render_research_board, render_resources, render_sector, render_track,
                                 render_variant)
from .explain_text import Doc, files_line, origin_of, shown_file, words_for
from .explain_tiles import render_advanced, render_booster, render_fed, render_final, render_round, render_tech

# The kinds `gaia explain` knows, in the order of docs/catalogue.md, with a label and a section title.
KINDS: dict[str, tuple[str, str]] = {
    "game": ("game", "The game"),
    "faction": ("faction", "Factions"),
    "faction_board": ("faction board", "Faction boards"),
    "research_board": ("research board", "The research board"),
    "research_track": ("research track", "Research tracks"),
    "board_action": ("board action", "Board actions"),
    "free_actions": ("free actions", "Free actions"),
    "tech_tile": ("tech tile", "Tech tiles"),
    "advanced_tech_tile": ("advanced tech tile", "Advanced tech tiles"),
    "booster": ("booster", "Boosters"),
    "round_scoring": ("round scoring tile", "Round scoring tiles"),
    "final_scoring": ("final scoring tile", "Final scoring tiles"),
    "federation_token": ("federation token", "Federation tokens"),
    "planets": ("planet types", "Planet types"),
    "resources": ("resources", "Resources"),
    "sector": ("sector", "Sectors"),
    "layout": ("layout", "Layouts"),
    "parameter": ("rule parameter", "Rule parameters"),
    "variant": ("rules variant", "Rules variants"),
    "faction_variant": ("faction variant", "Faction variants"),
    **AUTOMA_KINDS,
}

# Short names accepted by --kind.
KIND_ALIASES: dict[str, str] = {
    "board": "faction_board", "track": "research_track", "research": "research_track", "action": "board_action",
    "tech": "tech_tile", "advanced": "advanced_tech_tile", "round": "round_scoring", "final": "final_scoring",
    "token": "federation_token", "federation": "federation_token", "fed": "federation_token",
    "param": "parameter", "parameters": "parameter", "rule": "parameter", **AUTOMA_ALIASES,
}


class ExplainError(GaiaError, ValueError):
    """An id that names no component, or several (then --kind is needed)."""

    def __init__(self, message: str, matches: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.matches = matches or []


# ------------------------------------------------------------------ finding components

def _members(catalogue: Catalogue, kind: str) -> Collection[str]:
    """The ids of one kind, in no particular order (a membership test need not sort them)."""
    table: dict[str, Any] = {
        "faction": catalogue.factions, "faction_board": catalogue.boards,
        "board_action": catalogue.board_actions, "tech_tile": catalogue.tech_tiles,
        "advanced_tech_tile": catalogue.advanced_tech_tiles, "booster": catalogue.boosters,
        "round_scoring": catalogue.round_tiles, "final_scoring": catalogue.final_tiles,
        "federation_token": catalogue.federation_tokens, "sector": catalogue.sectors, "layout": catalogue.layouts,
        "parameter": catalogue.parameters, "variant": catalogue.variants,
        "faction_variant": catalogue.faction_variants,
    }
    return table[kind] if kind in table else [i for k, i in catalogue.files if k == kind]


def ids_of(catalogue: Catalogue, kind: str) -> list[str]:
    """The ids of one kind, in a stable natural order."""
    if kind == "research_track":
        return list(catalogue.tracks)  # already in board order
    automa = automa_ids(catalogue, kind)
    if automa is not None:
        return automa
    return sorted(_members(catalogue, kind), key=natural_key)


def has_id(catalogue: Catalogue, kind: str, ident: str) -> bool:
    """Whether `ident` names a component of this kind (as `ident in ids_of(...)`, without sorting them all)."""
    if kind == "research_track" or kind in AUTOMA_KINDS:
        return ident in ids_of(catalogue, kind)
    return ident in _members(catalogue, kind)


def normalise_kind(kind: str) -> str:
    k = kind.strip().lower().replace("-", "_").replace(" ", "_")
    k = KIND_ALIASES.get(k, k)
    if k not in KINDS:
        close = difflib.get_close_matches(k, list(KINDS) + list(KIND_ALIASES), n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise ExplainError(f"unknown kind '{kind}'{hint}; kinds: {', '.join(KINDS)}")
    return k


def find(catalogue: Catalogue, ident: str, kind: str | None = None) -> list[tuple[str, str]]:
    """Every (kind, id) with this id (of this kind, if given)."""
    kinds = [normalise_kind(kind)] if kind else list(KINDS)
    return [(k, ident) for k in kinds if ident in ids_of(catalogue, k)]


def resolve(catalogue: Catalogue, ident: str, kind: str | None = None) -> tuple[str, str]:
    """The one component an id names; ExplainError when none or several."""
    matches = find(catalogue, ident, kind)
    if not matches:  # a name instead of an id: "Navigation", "Gaia planets"
        kinds = [normalise_kind(kind)] if kind else list(KINDS)
        matches = [(k, i) for k in kinds for i in ids_of(catalogue, k)
                   if title(catalogue, k, i).lower() == ident.lower() and title(catalogue, k, i) != i]
    if len(matches) == 1:
        return matches[0]
    if matches:
        listed = "; ".join(f"{KINDS[k][0]} '{i}' ({title(catalogue, k, i)})" for k, i in matches)
        kinds = " or ".join(f"--kind {k}" for k, _ in matches)
        raise ExplainError(f"'{ident}' names {len(matches)} components: {listed}; choose one with {kinds}", matches)
    pairs = [(k, i) for k in ([normalise_kind(kind)] if kind else KINDS) for i in ids_of(catalogue, k)]
    by_word: dict[str, str] = {}
    for k, i in pairs:  # ids first, then names, each leading to its id
        by_word.setdefault(i.lower(), i)
    for k, i in pairs:
        by_word.setdefault(title(catalogue, k, i).lower(), i)
    close = difflib.get_close_matches(ident.lower(), list(by_word), n=1, cutoff=0.6)
    hint = f" (did you mean '{by_word[close[0]]}'?)" if close else ""
    what = f"{KINDS[normalise_kind(kind)][0]} " if kind else "component "
    raise ExplainError(f"no {what}'{ident}'{hint}")


# ------------------------------------------------------------------ words and small pieces


# ------------------------------------------------------------------ one renderer per kind


def title(catalogue: Catalogue, kind: str, ident: str) -> str:
    names = {
        "faction": lambda: catalogue.factions[ident].name,
        "faction_board": lambda: catalogue.boards[ident].get("name", ident),
        "research_track": lambda: catalogue.tracks[ident].name,
        "board_action": lambda: catalogue.board_actions[ident].name,
        "tech_tile": lambda: catalogue.tech_tiles[ident].name,
        "advanced_tech_tile": lambda: catalogue.advanced_tech_tiles[ident].name,
        "booster": lambda: catalogue.boosters[ident].name,
        "round_scoring": lambda: catalogue.round_tiles[ident].name,
        "final_scoring": lambda: catalogue.final_tiles[ident].name,
        "federation_token": lambda: catalogue.federation_tokens[ident].name,
        "variant": lambda: catalogue.variants[ident].name,
        "game": lambda: str(catalogue.game.get("name", ident)),
    }
    try:
        if kind in AUTOMA_KINDS:
            return automa_title(catalogue, kind, ident)
        return names[kind]() if kind in names else ident
    except KeyError:
        return ident


def _head(doc: Doc, catalogue: Catalogue, kind: str, ident: str) -> None:
    name = title(catalogue, kind, ident)
    label = KINDS[kind][0]
    doc.heading(f"{name} ({label} `{ident}`)" if name != ident else f"`{ident}` ({label})")
    file_kind = "parameters" if kind == "parameter" else kind
    if kind == "parameter":
        ident = next((i for k, i in catalogue.files if k == "parameters"), ident)
    origin = origin_of(catalogue, file_kind, ident)
    f = shown_file(catalogue, file_kind, ident)
    if origin is not None:
        doc.para(files_line(origin))
    elif f:
        doc.para(f"File: `{f}`")


# ------------------------------------------------------------------ faction variants


RENDERERS: dict[str, Callable[[Doc, Catalogue, str], None]] = {
    "game": render_game, "faction": render_faction, "faction_board": render_board,
    "research_board": render_research_board, "research_track": render_track, "board_action": render_board_action,
    "free_actions": render_free_actions, "tech_tile": render_tech, "advanced_tech_tile": render_advanced,
    "booster": render_booster, "round_scoring": render_round, "final_scoring": render_final,
    "federation_token": render_fed, "planets": render_planets, "resources": render_resources,
    "sector": render_sector, "layout": render_layout, "parameter": render_parameter, "variant": render_variant,
    "faction_variant": render_faction_variant,
    **AUTOMA_RENDERERS,
}


# ------------------------------------------------------------------ entry points

def explain(catalogue: Catalogue, kind: str, ident: str, level: int = 1) -> str:
    """One component as markdown."""
    doc = Doc(level)
    _head(doc, catalogue, kind, ident)
    RENDERERS[kind](doc, catalogue, ident)
    return "\n".join(doc.lines).rstrip() + "\n"


def explain_all(catalogue: Catalogue, source: str = "the bundled content (`content/`)") -> str:
    """The whole catalogue as one markdown document (docs/catalogue.md)."""
    lines = [
        "# The catalogue",
        "",
        f"Every component of {source}, in plain English. Generated by `gaia explain --all`; do not edit by",
        "hand (`tests/language/test_explain.py` regenerates it and fails when it is out of date). Each effect is",
        "followed by its string in the effect language (`docs/effects.md`).",
        "",
        "## Contents",
        "",
    ]
    present = [k for k in KINDS if ids_of(catalogue, k)]
    for k in present:
        anchor = KINDS[k][1].lower().replace(" ", "-")
        lines.append(f"- [{KINDS[k][1]}](#{anchor}) ({len(ids_of(catalogue, k))})")
    lines.append("")
    for k in present:
        lines += [f"## {KINDS[k][1]}", ""]
        for ident in ids_of(catalogue, k):
            lines.append(explain(catalogue, k, ident, level=3))
    return "\n".join(lines).rstrip() + "\n"


def explain_faction_variant(catalogue: Catalogue, ident: str, family: str, version: int | None,
                            players: int | None = None) -> str:
    """A faction under a faction variant: what differs from its standard board, then the whole faction."""
    fam = catalogue.faction_variants[family]
    version = fam.latest if version is None else version
    groups = variant_groups(catalogue, ident, family, version)
    if players is not None:
        groups = [([players], catalogue.variant_entry(family, version, players, ident))]
    standard = catalogue.factions[ident]
    words = words_for(catalogue, standard)
    doc = Doc(1)
    doc.heading(f"{standard.name} under the {fam.name} faction boards (`{family}`, version {version})")
    for counts, entry in groups:
        who = f"With {join_or(map(str, counts))} players" if len(groups) > 1 or players is not None else "In every game"
        if entry is None:
            doc.para(f"{who}: the standard board (no entry of this variant).")
            continue
        doc.para(f"{who}: `{entry_file(catalogue, entry)}` (version {entry.version}; it sets "
                 f"{entry_fields(catalogue, entry)}). Different from the standard faction:")
        doc.items(faction_differences(standard, entry.faction, words), none="nothing")
    counts, _entry = max(groups, key=lambda g: len(g[0]))
    body = explain(catalogue.with_faction_variant(family, version, counts[0]), "faction", ident, level=2)
    return "\n".join(doc.lines).rstrip() + "\n\n" + body
