"""Components in plain English: `gaia explain ID` and `gaia explain --all` (docs/catalogue.md).

Every component of a catalogue is rendered as a markdown section: its name,
kind and file, its numbers, and each effect string in English
(`language/english.py`) followed by the string itself. A faction also lists
how it differs from its faction board. Nothing here names a component: the
kinds, their order and their words come from the catalogue.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from ..content.catalogue import (LAST_PASS, PLACE_PRICE_PARAMETERS, Catalogue, Faction, Origin, SetupPlacement,
                                 Structure)
from ..content.data_dirs import bundled_content_dir
from ..errors import GaiaError
from ..language.ast import Effect, Income
from ..language.english import count_text, effect_text, gains_text, price_text
from ..language.english_words import Words, join_and, join_or, plural_noun, sentence, with_article
from ..language.vocabulary import AREAS, COUNTERS
from ..setup import natural_key, player_counts
from .explain_automa import (AUTOMA_ALIASES, AUTOMA_KINDS, AUTOMA_RENDERERS, automa_ids, automa_title,
                             round_tile_line)

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

# A faction's `start` keys and the resource code each one holds.
START_RESOURCES: dict[str, str] = {"vp": "vp", "credits": "c", "ore": "o", "knowledge": "k", "qic": "q"}
POWER_BOWLS: tuple[str, ...] = ("area1", "area2", "area3", "gaia")
PLACE_ON: dict[str, str] = {"planet": "a planet", "transdim": "a Transdim planet", "space": "an empty space hex"}


class ExplainError(GaiaError, ValueError):
    """An id that names no component, or several (then --kind is needed)."""

    def __init__(self, message: str, matches: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.matches = matches or []


# ------------------------------------------------------------------ finding components

def _single(catalogue: Catalogue, kind: str) -> list[str]:
    return sorted((i for k, i in catalogue.files if k == kind), key=natural_key)


def ids_of(catalogue: Catalogue, kind: str) -> list[str]:
    """The ids of one kind, in a stable natural order."""
    table: dict[str, Any] = {
        "faction": catalogue.factions, "faction_board": catalogue.boards,
        "board_action": catalogue.board_actions, "tech_tile": catalogue.tech_tiles,
        "advanced_tech_tile": catalogue.advanced_tech_tiles, "booster": catalogue.boosters,
        "round_scoring": catalogue.round_tiles, "final_scoring": catalogue.final_tiles,
        "federation_token": catalogue.federation_tokens, "sector": catalogue.sectors, "layout": catalogue.layouts,
        "parameter": catalogue.parameters, "variant": catalogue.variants,
        "faction_variant": catalogue.faction_variants,
    }
    if kind == "research_track":
        return list(catalogue.tracks)  # already in board order
    automa = automa_ids(catalogue, kind)
    if automa is not None:
        return automa
    if kind in table:
        return sorted(table[kind], key=natural_key)
    return _single(catalogue, kind)


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

def words_for(catalogue: Catalogue, faction: Faction | None = None) -> Words:
    """The catalogue's words for the English renderer (a faction's own structure names if given), with the
    plural of each structure's name for counts ("if you have at least 2 research labs")."""
    structures: dict[str, str] = {}
    for board in catalogue.boards.values():
        for sid, row in (board.get("structures") or {}).items():
            structures.setdefault(sid, row.get("name", sid))
    if faction is not None:
        structures.update({sid: s.name for sid, s in faction.structures.items()})
    return Words(
        resources=catalogue.resources,
        structures=structures,
        tracks={t.id: t.name for t in catalogue.tracks.values()},
        federation_tokens={t.id: t.name for t in catalogue.federation_tokens.values()},
        plurals={sid: plural_noun(name) for sid, name in structures.items()},
    )


def shown_file(catalogue: Catalogue, kind: str, ident: str) -> str | None:
    """The file of a component: `content/...` for bundled files, else as the loader showed it."""
    entry = catalogue.files.get((kind, ident))
    if entry is None:
        return None
    display = entry[0]
    try:
        bundled = bundled_content_dir().resolve()
        rel = Path(display).resolve().relative_to(bundled)
    except (ValueError, OSError, FileNotFoundError):
        return display
    return "content/" + rel.as_posix()


def origin_of(catalogue: Catalogue, kind: str, ident: str) -> Origin | None:
    """A component's provenance when patches changed it (None: it is one file as written)."""
    origin = catalogue.origins.get((kind, ident))
    return origin if origin is not None and origin.patches else None


def files_line(origin: Origin) -> str:
    """'Files: the base file, patched by each patch file (the fields it set)'."""
    base = f"`{origin.file}`" + (" (bundled)" if origin.bundled else "")
    patches = ", then ".join(f"`{f}` ({', '.join(paths)})" for f, paths in origin.patches)
    return f"Files: {base}, patched by {patches}"


def from_note(origin: Origin | None, *fields: str) -> str:
    """' (from `file`)' after a line showing fields a patch set; '' when no patch set them."""
    files = origin.files_of(*fields) if origin is not None else []
    return f" (from {', '.join(f'`{f}`' for f in files)})" if files else ""


def fx(effect: Effect, words: Words) -> str:
    """An effect in English, then its string: 'Income: 1 ore. (`income: 1o`)'."""
    return f"{effect_text(effect, words)} (`{effect.text}`)"


def amounts(values: dict[str, int], words: Words) -> str:
    """'10 VP, 15 credits, 4 ore, 3 knowledge and 1 Q.I.C.' from a faction's `start`."""
    parts = []
    for key, code in START_RESOURCES.items():
        if key in values:
            parts.append(amount(values[key], code, words))
    return join_and(parts)


def amount(n: int, code: str, words: Words) -> str:
    r = words.resources.get(code) or {}
    name, plural = str(r.get("name", code)), str(r.get("plural", r.get("name", code)))
    return f"{n} {name if n == 1 and any(c.islower() for c in plural) else plural}"


def bowls(power: dict[str, int]) -> str:
    shown = [a for a in POWER_BOWLS if a != "gaia" or power.get(a)]
    return join_and(f"{power.get(a, 0)} in {AREAS[a]}" for a in shown)


def slot_text(effect: Effect | None, words: Words) -> str:
    """One slot of a structure row: 'nothing', '1 ore', 'charge 4 power + 1 power token', or sentences."""
    if effect is None:
        return "nothing"
    if all(isinstance(s.clause, Income) and s.scope is None for s in effect.statements):
        return " + ".join(gains_text(s.clause.gains, words) for s in effect.statements)
    return effect_text(effect, words)


def slots_text(slots: tuple, words: Words) -> str:
    return " / ".join(slot_text(s, words) for s in slots)


def _statements(effect: Effect | None):
    return None if effect is None else effect.statements


@dataclass(frozen=True)
class _Field:
    label: str
    key: Callable[[Structure], Any]                 # what is compared
    show: Callable[[Structure, Words], str]         # how it reads


def stop(text: str) -> str:
    """A full stop at the end, not doubled after 'Q.I.C.'."""
    return text if text.endswith(".") else text + "."


def _yes(b) -> str:
    return "yes" if b else "no"


ROW_FIELDS: tuple[_Field, ...] = (
    _Field("name", lambda s: s.name, lambda s, w: s.name),
    _Field("supply", lambda s: s.supply, lambda s, w: str(s.supply)),
    _Field("cost", lambda s: s.cost, lambda s, w: price_text(s.cost, w)),
    _Field("cost near an opponent", lambda s: s.cost_near_opponent,
           lambda s, w: "as usual" if s.cost_near_opponent is None else price_text(s.cost_near_opponent, w)),
    _Field("upgrades from", lambda s: s.upgrades_from,
           lambda s, w: "nothing (built new)" if s.upgrades_from is None else w.structures.get(s.upgrades_from, s.upgrades_from)),
    _Field("placed on", lambda s: s.place_on, lambda s, w: place_on_text(s.place_on)),
    _Field("price on top of its cost, by planet", lambda s: s.place_price, lambda s, w: place_price_text(s, w)),
    _Field("the planet becomes", lambda s: (s.becomes, s.gaia_project), lambda s, w: becomes_text(s)),
    _Field("a Gaiaformer", lambda s: s.gaiaformer, lambda s, w: _yes(s.gaiaformer)),
    _Field("replaced by its owner's structure built on it", lambda s: s.holds_planet, lambda s, w: _yes(s.holds_planet)),
    _Field("may replace a Gaia Project under way (completing it)", lambda s: s.over_gaia_project,
           lambda s, w: _yes(s.over_gaia_project)),
    _Field("placed only by an action", lambda s: s.action_only, lambda s, w: _yes(s.action_only)),
    _Field("power value", lambda s: s.power_value, lambda s, w: str(s.power_value)),
    _Field("income row (slot by slot)", lambda s: tuple(_statements(e) for e in s.slots),
           lambda s, w: slots_text(s.slots, w) if s.slots else "none"),
    _Field("for every copy built", lambda s: tuple(e.statements for e in s.effects),
           lambda s, w: " ".join(effect_text(e, w) for e in s.effects) if s.effects else "nothing"),
    _Field("a structure", lambda s: s.structure, lambda s, w: _yes(s.structure)),
    _Field("counts as a planet", lambda s: "planet" in s.counts_for, lambda s, w: _yes("planet" in s.counts_for)),
    _Field("part of federations", lambda s: "federation" in s.counts_for, lambda s, w: _yes("federation" in s.counts_for)),
    _Field("offers and takes charges", lambda s: "charge" in s.counts_for, lambda s, w: _yes("charge" in s.counts_for)),
    _Field("range counted from it", lambda s: s.is_range_origin, lambda s, w: _yes(s.is_range_origin)),
    _Field("counts as a satellite", lambda s: s.counts_as_satellite, lambda s, w: _yes(s.counts_as_satellite)),
    _Field("may also go on an opponent's colonised planet of type", lambda s: s.guest_on, lambda s, w: guest_text(s.guest_on)),
)


def guest_text(kinds: tuple[str, ...]) -> str:
    """The `guest_on` filter in words."""
    return "none" if not kinds else "any" if "any" in kinds else join_and(kinds)


def place_on_text(place_on: tuple[str, ...]) -> str:
    """Where a piece goes, in words: 'a planet', 'a Transdim planet or gaia'."""
    return join_or(PLACE_ON.get(w, w) for w in place_on) if place_on else "-"


def place_price_text(s: Structure, words: Words) -> str:
    """The place price, planet by planet: 'home: terraforming from ..., terraform_cost ore a step; gaia: gaia_planet_cost'."""
    out = []
    for pp in s.place_price:
        parts = [price_text(pp.costs, words)] if pp.costs else []
        parts += [PLACE_PRICE_PARAMETERS.get(n, n) for n in pp.parameters]
        out.append(f"{pp.word}: {' and '.join(parts) or 'nothing'}")
    return "; ".join(out) or "none"


def becomes_text(s: Structure) -> str:
    """What the planet under a piece turns into: 'transdim becomes gaia in a later Gaia phase (a Gaia Project)'."""
    if not s.becomes:
        return "stays as it is" + (" (a Gaia Project)" if s.gaia_project else "")
    when = " in a later Gaia phase (a Gaia Project)" if s.gaia_project else " at once"
    return join_and(f"{word} becomes {planet}" for word, planet in s.becomes) + when


def board_structure(sid: str, raw: dict) -> Structure:
    """A faction board's row as the catalogue would build it (the board is already checked)."""
    from ..content.build import row_structure  # the loader: only for this page
    return row_structure(sid, raw)


# What a piece counts for, each way it may differ from `structure` (the per-use flags), in words.
_USE_WORDS = (("planet", "counts as a planet", "not a planet"),
              ("federation", "part of federations", "not part of federations"),
              ("charge", "offers and takes charges", "offers and takes no charges"),
              ("range", "range is counted from it", "range is not counted from it"))


def row_text(s: Structure, words: Words) -> str:
    """A whole structure row in one line."""
    parts = [f"{s.supply} in supply", f"costs {price_text(s.cost, words)}" if s.cost else "free"]
    if s.cost_near_opponent is not None:
        parts.append(f"{price_text(s.cost_near_opponent, words)} near an opponent")
    if s.upgrades_from:
        parts.append("upgrades " + (with_article(words.structures[s.upgrades_from])
                                    if s.upgrades_from in words.structures else s.upgrades_from))
    if s.place_on:
        parts.append(f"placed on {place_on_text(s.place_on)}"
                     + (" only by an action that names it" if s.action_only else ""))
    if s.place_price:
        parts.append(f"price on top by planet: {place_price_text(s, words)}")
    if s.becomes or s.gaia_project:
        parts.append(f"the planet: {becomes_text(s)}")
    if s.gaiaformer:
        parts.append("a Gaiaformer (its copies are the Gaiaformers gained)")
    if s.holds_planet:
        parts.append("its owner's structure built on it replaces it (no range, no price by planet)")
    parts.append(f"power value {s.power_value}")
    if s.slots:
        parts.append(f"income row: {slots_text(s.slots, words)}")
    if s.effects:
        parts.append("every copy built: " + " ".join(effect_text(e, words) for e in s.effects))
    if not s.structure:
        parts.append("not a structure")
    for use, yes, no in _USE_WORDS:
        if (use in s.counts_for) != s.structure:
            parts.append(yes if use in s.counts_for else no)
    if s.counts_as_satellite:
        parts.append("counts as a satellite")
    if s.guest_on:
        parts.append(f"may also go on a planet an opponent has colonised ({guest_text(s.guest_on)}): no terraforming, "
                     "no upgrade, not a planet type of yours")
    return "; ".join(parts)


# ------------------------------------------------------------------ one renderer per kind

class _Doc:
    """Markdown lines under a heading of a given level."""

    def __init__(self, level: int):
        self.level = level
        self.lines: list[str] = []

    def heading(self, text: str, extra: int = 0) -> None:
        self.lines += ["#" * (self.level + extra) + " " + text, ""]

    def para(self, text: str) -> None:
        self.lines += [text, ""]

    def items(self, items: Iterable[str], none: str | None = None) -> None:
        items = list(items)
        if not items and none is not None:
            items = [none]
        self.lines += [f"- {i}" for i in items]
        if items:
            self.lines.append("")


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


def _head(doc: _Doc, catalogue: Catalogue, kind: str, ident: str) -> None:
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


def _read_mapping(path: str) -> dict:
    """A YAML file's top mapping (`content/...` names a bundled file); {} if it cannot be read."""
    import yaml  # only to read a component's own file
    candidates = [Path(path)]
    if path.startswith("content/"):
        candidates.insert(0, bundled_content_dir() / path[len("content/"):])
    for p in candidates:
        try:
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError, UnicodeDecodeError):
            continue
        if isinstance(data, dict):
            return data
    return {}


def _faction_source(catalogue: Catalogue, faction: Faction) -> dict:
    """The faction's file with its patches merged, for the board it names and its description (best effort)."""
    from ..content.loader import PATCH_KEYS, merge_patch
    origin = catalogue.origins.get(("faction", faction.id))
    data = _read_mapping(origin.file if origin else shown_file(catalogue, "faction", faction.id) or faction.file)
    if data.get("id") != faction.id:
        return {}
    for f, _paths in origin.patches if origin else ():
        data = merge_patch(data, {k: v for k, v in _read_mapping(f).items() if k not in PATCH_KEYS})
    return data


def faction_board_of(catalogue: Catalogue, faction: Faction) -> tuple[str, dict] | None:
    source = _faction_source(catalogue, faction)
    board_id = source.get("board")
    if board_id not in catalogue.boards:
        board_id = "default" if "default" in catalogue.boards else next(iter(catalogue.boards), None)
    return None if board_id is None else (board_id, catalogue.boards[board_id])


def board_differences(catalogue: Catalogue, faction: Faction, board: dict, words: Words,
                      origin: Origin | None = None) -> list[str]:
    """What a faction changes on its board, one line per change (marked with the patch that set it)."""
    from ..content.build import setup_placements
    from ..language.parser import parse_effect
    out = []
    board_start = board.get("start", {})
    for key, code in START_RESOURCES.items():
        mine, theirs = faction.start.get(key, 0), board_start.get(key, 0)
        if mine != theirs:
            out.append(f"starts with {amount(mine, code, words)} (board: {theirs})")
    board_power = {a: 0 for a in POWER_BOWLS}
    board_power.update(board_start.get("power", {}))
    for area in POWER_BOWLS:
        if faction.power.get(area, 0) != board_power.get(area, 0):
            out.append(f"{faction.power.get(area, 0)} power tokens in {AREAS[area]} (board: {board_power[area]})")
    board_income = parse_effect(board["income"])
    if faction.income is not None and faction.income.statements != board_income.statements:
        out.append(f"base income {gains_line(faction.income, words)} (board: {gains_line(board_income, words)})")
    if faction.setup != setup_placements(board.get("setup", ())):
        out.append(f"set-up placements: {placements_text(faction.setup, words)} "
                   f"(board: {placements_text(setup_placements(board.get('setup', ())), words)})")
    rows = board.get("structures") or {}
    for sid, s in faction.structures.items():
        if sid not in rows:
            out.append(f"a piece of its own, {s.name} (`{sid}`): {row_text(s, words)}"
                       + from_note(origin, f"structures.{sid}"))
            continue
        base = board_structure(sid, rows[sid])
        for f in ROW_FIELDS:
            if f.key(s) != f.key(base):
                out.append(f"{base.name} (`{sid}`) {f.label}: {f.show(s, words)} (board: {f.show(base, words)})"
                           + from_note(origin, f"structures.{sid}"))
    if faction.planetary_institute_structure != "PI":
        out.append(f"its planetary institute abilities come with `{faction.planetary_institute_structure}`")
    return out


def gains_line(effect: Effect, words: Words) -> str:
    """A base income as a phrase ('1 ore and 1 knowledge'), else as sentences."""
    if all(isinstance(s.clause, Income) and s.scope is None for s in effect.statements):
        return " + ".join(gains_text(s.clause.gains, words) for s in effect.statements)
    return effect_text(effect, words)


def render_faction(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    f = catalogue.factions[ident]
    words = words_for(catalogue, f)
    source = _faction_source(catalogue, f)
    if isinstance(source.get("description"), str):
        doc.para(source["description"].strip())
    planet = catalogue.planets.get(f.home)
    found = faction_board_of(catalogue, f)
    board_id = found[0] if found else "?"
    origin = origin_of(catalogue, "faction", ident)
    facts = [
        f"Home planet: {planet.name if planet else f.home} (`{f.home}`). Faction board: `{board_id}`."
        + from_note(origin, "home", "board"),
        sentence(f"Starting resources: {amounts(f.start, words)}")
        + from_note(origin, *(f"start.{k}" for k in START_RESOURCES)),
        f"Power bowls: {bowls(f.power)}." + from_note(origin, "start.power"),
        "Research at set-up: " + (join_and(f"one level on {words.tracks.get(t, t)}" for t in f.research)
                                  if f.research else "none") + "." + from_note(origin, "research"),
        f"Set-up placements: {placements_text(f.setup, words)}." + from_note(origin, "setup"),
        (sentence(f"Base income: {gains_line(f.income, words)}") + f" (`{f.income.text}`)" if f.income
         else "Base income: none.") + from_note(origin, "income"),
    ]
    if f.special_token is not None:
        t = f.special_token
        facts.append(f"Special token: the {t.name}, starting in {AREAS.get(t.start, t.start)}; it moves through the "
                     f"bowls as one token and spends as {t.spend_value} power." + from_note(origin, "special_token"))
    doc.items(facts)
    if found:
        doc.para(f"Different from the `{board_id}` faction board:")
        doc.items(board_differences(catalogue, f, found[1], words, origin), none="nothing")
    doc.para("Abilities (from the start)" + from_note(origin, "ability") + ":")
    doc.items((fx(e, words) for e in f.ability), none="none")
    pi_id = f.planetary_institute_structure
    pi = f.structures.get(pi_id)
    pi_row = f" ({pi.name} `{pi_id}`: {row_text(pi, words)})" if pi is not None else ""
    pi_from = from_note(origin, "planetary_institute", "planetary_institute_structure", f"structures.{pi_id}")
    doc.para(f"Planetary institute{pi_row}{pi_from}; once built:")
    doc.items((fx(e, words) for e in f.planetary_institute), none="no ability")


def placements_text(setup: tuple[SetupPlacement, ...], words: Words) -> str:
    """'a mine in pass 1, a mine in pass 2'; 'a planetary institute in the last pass'; 'none'."""
    def one(pl: SetupPlacement) -> str:
        name = words.structures.get(pl.piece, pl.piece)
        if pl.at is not None:
            return f"{name} at place {pl.at} of the whole sequence (0 = the first placement of the game)"
        return f"{name} in {'the last pass' if pl.in_pass == LAST_PASS else f'pass {pl.in_pass}'}"
    return ", ".join(one(pl) for pl in setup) or "none"


def render_board(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    from ..content.build import setup_placements
    from ..language.parser import parse_effect
    board = catalogue.boards[ident]
    words = words_for(catalogue)
    start = board.get("start", {})
    power = {a: 0 for a in POWER_BOWLS}
    power.update(start.get("power", {}))
    income = parse_effect(board["income"])
    doc.items([
        sentence(f"Starting resources: {amounts({k: start.get(k, 0) for k in START_RESOURCES}, words)}"),
        f"Power bowls: {bowls(power)}.",
        f"Set-up placements: {placements_text(setup_placements(board.get('setup', ())), words)}.",
        sentence(f"Base income: {gains_line(income, words)}") + f" (`{income.text}`)",
    ])
    doc.para("Structures and pieces (income row: what the 1st, 2nd, ... copy on the map reveals):")
    doc.items(stop(f"{row.get('name', sid)} (`{sid}`): {row_text(board_structure(sid, row), words)}")
              for sid, row in (board.get("structures") or {}).items())


def render_track(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.tracks[ident]
    words = words_for(catalogue)
    doc.para(f"Position on the research board: {t.order}. \"Immediately\" is once, on reaching the level; "
             f"income is paid while it is your level on the track; rules hold on it and above.")
    origin = origin_of(catalogue, "research_track", ident)
    doc.items(f"Level {i}: " + (" ".join(fx(e, words) for e in level) if level else "nothing.")
              + from_note(origin, "levels") for i, level in enumerate(t.levels))


def render_research_board(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    r = catalogue.research
    words = words_for(catalogue)
    if r is None:  # pragma: no cover - a checked catalogue has one
        doc.para("No research board.")
        return
    items = [
        f"Research (a main action): pay {price_text(r.cost, words)} to advance one level on a track.",
        f"Levels 0 to {r.levels - 1} on each track: "
        + join_and(t.name for t in catalogue.tracks.values()) + ".",
        "At the end of the game, VP per track by level: " + ", ".join(map(str, r.vp_by_level)) + ".",
    ]
    if r.flip_green_token:
        items.append("Entering the top level turns over one of your green federation tokens (you need one).")
    if r.exclusive:
        items.append("Only one player can ever stand on the top level of a track.")
    doc.items(items)


def render_board_action(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    a = catalogue.board_actions[ident]
    words = words_for(catalogue)
    gains = [s.clause.gains for s in a.effect.statements if hasattr(s.clause, "gains") and s.scope is None]
    what = gains_text(gains[0], words) if len(gains) == 1 and len(a.effect.statements) == 1 else effect_text(a.effect, words)
    origin = origin_of(catalogue, "board_action", ident)
    doc.items([stop(f"Cost: {price_text(a.cost, words)}") + from_note(origin, "cost"),
               sentence(f"Action (a main action, once per round for the whole table): {what}")
               + f" (`{a.effect.text}`)" + from_note(origin, "effects")])


def render_free_actions(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    words = words_for(catalogue)
    doc.para("Any number of times on your own turn:")
    doc.items(fx(e, words) for e in catalogue.free_actions)
    b = catalogue.burn
    if b is not None:
        kept, lost = b.keep, b.take - b.keep
        rest = "the other leaves" if lost == 1 else f"the other {lost} leave"
        doc.para(f"Burning power (a free action): take {b.take} power tokens from {AREAS.get(b.source, b.source)}; "
                 f"{kept} of them move{'s' if kept == 1 else ''} to {AREAS.get(b.target, b.target)}, {rest} the "
                 f"power cycle (to the supply, unless the rule parameter `token_route[burn]` says otherwise).")


def _tile(doc: _Doc, catalogue: Catalogue, tile, intro: str | None = None) -> None:
    words = words_for(catalogue)
    if intro:
        doc.para(intro.removesuffix(":") + from_note(origin_of(catalogue, tile.kind, tile.id), "effects") + ":")
    doc.items((fx(e, words) for e in tile.effects), none="no effect")


def render_tech(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.tech_tiles[ident], "When taken, and while held (not covered):")


def render_advanced(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.advanced_tech_tiles[ident], "Taken by covering one of your tech tiles; when taken, and while held:")


def render_booster(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.boosters[ident], "While you hold it (taken for one round):")


def render_round(doc, catalogue, ident):
    _tile(doc, catalogue, catalogue.round_tiles[ident], "For every player, during its round:")
    automa = round_tile_line(catalogue, ident)
    if automa is not None:
        doc.para(automa)


def _final_count(catalogue: Catalogue, text: str) -> str:
    """A final tile's count in words: a fixed counter's meaning, else the count read as after `per`."""
    from ..language.parser import EffectSyntaxError, parse_count
    if text in COUNTERS:
        return COUNTERS[text]
    try:
        return count_text(parse_count(text), words_for(catalogue))
    except EffectSyntaxError:
        return text


def render_final(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.final_tiles[ident]
    vp = catalogue.game.get("final_scoring_vp", [])
    items = [f"At the end of the game, each player's count is 1 per {_final_count(catalogue, t.count)} "
             f"(`{t.count}`); players are ranked by it."]
    if vp:
        items.append("By rank: " + join_and(str(v) for v in vp) + " VP (tied players share the VP of their ranks).")
    items.append(f"The neutral player, in games where it takes part, counts {t.neutral}.")
    doc.items(items)


def render_fed(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    t = catalogue.federation_tokens[ident]
    words = words_for(catalogue)
    origin = origin_of(catalogue, "federation_token", ident)
    items = [f"When gained: {fx(e, words)}" + from_note(origin, "effects") for e in t.effects]
    items.append(f"Copies: {t.copies}. Green (can be turned over to pay): {_yes(t.green)}. "
                 f"In the supply at the start: {_yes(t.in_supply)}"
                 + ("." if t.in_supply else " (gained only through an effect).")
                 + from_note(origin, "copies", "green", "in_supply"))
    doc.items(items)


def render_game(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    g = catalogue.game
    items = []
    players = g.get("players", {})
    if players:
        items.append(f"Players: {players.get('min')} to {players.get('max')}.")
    if "rounds" in g:
        items.append(f"Rounds: {g['rounds']}.")
    if "boosters" in g:
        items.append(f"Boosters in play: one per player and {g['boosters'].get('extra', 0)} more.")
    if "final_scoring_vp" in g:
        drawn = f"{g['final_tiles']} drawn a game; " if "final_tiles" in g else ""
        items.append(f"Final scoring tiles ({drawn}paid by rank): " + join_and(map(str, g["final_scoring_vp"])) + " VP.")
    rv = g.get("resource_vp")
    if rv:
        words = words_for(catalogue)
        names = join_or(words.resources.get(c, {}).get("plural", c) for c in rv.get("of", []))
        items.append(f"At the end, 1 VP per {rv.get('per')} {names} left.")
    ch = g.get("charge")
    if ch:
        free = catalogue.parameters.get("charge_free_power")
        price = f"; charging N power costs N - {free.written} VP (rule parameter `charge_free_power`)" if free else ""
        items.append(f"Charging: neighbours within distance {ch.get('distance')} may charge{price}.")
    for key, label in (("near_opponent_distance", "A trading station is cheaper with an opponent within distance"),
                       ("satellite_limit", "Satellites per player at most"),
                       ("tech_tile_copies", "Copies of each standard tech tile")):
        if key in g:
            items.append(f"{label}: {g[key]}.")
    lim = g.get("effect_limits")
    if lim:
        items.append(f"Largest numbers content may write: {lim.get('amount')} in a gain, {lim.get('price')} in a "
                     f"price, {lim.get('count')} in a count (`if`, `per N`).")
    if "setup_order" in g:
        passes = [f"{k} {d}" for k, d in enumerate(g["setup_order"], 1)]
        items.append("Set-up placement passes (forward: in seat order; reverse: from the last seat; a faction's k-th "
                     "set-up piece goes in pass k unless it names its pass): " + ", ".join(passes) + " (the last).")
    doc.items(items)


def render_planets(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    doc.items(f"{p.name} (`{p.id}`, map code `{p.code}`): {p.habitable}" for p in catalogue.planets.values())
    names = {p.id: p.name for p in catalogue.planets.values()}
    doc.para("Terraforming wheel (steps go round it): " + " > ".join(names.get(w, w) for w in catalogue.wheel) + ".")


def render_resources(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    items = []
    for code, r in catalogue.resources.items():
        text = f"`{code}`: {r.get('name', code)} (plural: {r.get('plural', r.get('name', code))})"
        if "cap" in r:
            text += f", at most {r['cap']}"
        items.append(text)
    doc.items(items)


def render_sector(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    s = catalogue.sectors[ident]
    names = {p.id: p.name for p in catalogue.planets.values()}
    empty = {p.id for p in catalogue.planets.values() if p.habitable == "space"}
    planets = [f"{pos} {names.get(t, t)}" for pos, t in sorted(s.hexes.items(), key=lambda kv: natural_key(kv[0]))
               if t not in empty]
    doc.items([f"Printed tile number: {s.tile}.", f"Planets ({len(planets)} of {len(s.hexes)} hexes): "
               + ", ".join(planets) + "."])


def render_layout(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    lay = catalogue.layouts[ident]
    order = "in random order" if lay.draw == "shuffled" else "in the order listed"
    doc.items([f"Board `{lay.board}` (gaia new --layout {lay.board}), sectors {order}, each turned at random.",
               f"For {join_and(map(str, lay.players))} players.",
               "Sectors on slots (axial centre q, r): "
               + ", ".join(f"{s} at ({q}, {r})" for s, (q, r) in zip(lay.sectors, lay.slots)) + "."])


def as_yaml(value) -> str:
    """A parameter value as it is written in content: `true`, `[1, 2]`, `area1`."""
    return value if isinstance(value, str) else json.dumps(value)


def render_parameter(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    p = catalogue.parameters[ident]
    who = "a player parameter (an effect may `set` it)" if p.scope == "player" else \
        "a game parameter (a rules variant may change it)"
    items = [stop(p.doc[:1].upper() + p.doc[1:]), f"Scope: {who}.", f"Type: {p.type}"
             + (f", one of {', '.join(p.choices)}" if p.choices else "")
             + (f", keyed by {p.keyed_by}" if p.keyed_by else "") + "."]
    if p.written is not None:
        items.append(f"Default: `{as_yaml(p.written)}`.")
    if p.min is not None or p.max is not None:
        label = "Range of each item" if p.type == "list" else "Range"
        where = "a `set`" if p.scope == "player" else "a variant's value"
        items.append(f"{label}: {'' if p.min is None else p.min}..{'' if p.max is None else p.max} "
                     f"({where} outside it is a validation error).")
    if p.uses:
        items.append(f"Uses (`set {p.name} for USE` changes one only): "
                     + "; ".join(f"{use}: {meaning}" for use, meaning in p.uses.items()) + ".")
    doc.items(items)


def render_variant(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    v = catalogue.variants[ident]
    items = []
    for name, value in v.parameters.items():
        p = catalogue.parameters.get(name)
        doc_text = f" ({p.doc})" if p else ""
        items.append(f"`{name}` = `{as_yaml(value)}`{doc_text}")
    doc.items(items, none="No change: every parameter keeps its default.")


# ------------------------------------------------------------------ faction variants

def faction_differences(standard: Faction, other: Faction, words: Words) -> list[str]:
    """What a variant's board changes on a faction, one line per change."""
    out = []
    for key, code in START_RESOURCES.items():
        if other.start.get(key, 0) != standard.start.get(key, 0):
            out.append(f"starts with {amount(other.start.get(key, 0), code, words)} (standard: {standard.start.get(key, 0)})")
    for area in POWER_BOWLS:
        if other.power.get(area, 0) != standard.power.get(area, 0):
            out.append(f"{other.power.get(area, 0)} power tokens in {AREAS[area]} (standard: {standard.power.get(area, 0)})")
    if (other.income and other.income.statements) != (standard.income and standard.income.statements):
        out.append(f"base income {gains_line(other.income, words)} (standard: {gains_line(standard.income, words)})")
    if other.research != standard.research:
        steps = lambda f: join_and(words.tracks.get(t, t) for t in f.research) if f.research else "none"
        out.append(f"research steps at set-up, in order: {steps(other)} (standard: {steps(standard)})")
    if other.setup != standard.setup:
        out.append(f"set-up placements: {placements_text(other.setup, words)} "
                   f"(standard: {placements_text(standard.setup, words)})")
    for sid, row in other.structures.items():
        base = standard.structures.get(sid)
        if base is None:
            out.append(f"a piece of its own, {row.name} (`{sid}`): {row_text(row, words)}")
            continue
        for f in ROW_FIELDS:
            if f.key(row) != f.key(base):
                out.append(f"{base.name} (`{sid}`) {f.label}: {f.show(row, words)} (standard: {f.show(base, words)})")
    return out


def entry_file(catalogue: Catalogue, entry) -> str:
    """A variant entry's file as `shown_file` shows files (`content/...` when bundled)."""
    return shown_file(catalogue, "faction", entry.id) or entry.file


def entry_fields(catalogue: Catalogue, entry) -> str:
    """The field paths a variant entry's own file sets, for people ('research, start.qic')."""
    origin = catalogue.origins.get(("faction", entry.id))
    return ", ".join(origin.patches[-1][1]) if origin is not None and origin.patches else ""


def variant_groups(catalogue: Catalogue, ident: str, family: str, version: int) -> list[tuple[list[int], Any]]:
    """Player counts grouped by the entry a faction plays under a variant version (None: standard)."""
    groups: list[tuple[list[int], Any]] = []
    for n in player_counts(catalogue):
        entry = catalogue.variant_entry(family, version, n, ident)
        for counts, found in groups:
            if found is entry:
                counts.append(n)
                break
        else:
            groups.append(([n], entry))
    return groups


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
    doc = _Doc(1)
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


def render_faction_variant(doc: _Doc, catalogue: Catalogue, ident: str) -> None:
    fam = catalogue.faction_variants[ident]
    if fam.description:
        doc.para(fam.description.strip())
    doc.items([f"Versions: {', '.join(map(str, fam.versions))} (default: {fam.latest}). A faction plays its newest "
               "entry up to the chosen version, preferring one limited to the game's player count; "
               "without an entry it plays its standard board.",
               f"Play it with `gaia new --players 2 --faction-variant {ident} -o game.json`; see one faction with "
               f"`gaia explain FACTION --faction-variant {ident}`."])
    entries = sorted((e for e in catalogue.variant_entries if e.family == ident),
                     key=lambda e: (e.version, e.faction.id, e.players))
    for e in entries:
        standard = catalogue.factions.get(e.faction.id)
        if standard is None:
            continue
        only = f", {join_or(map(str, e.players))} players only" if e.players else ""
        doc.para(f"Version {e.version}, {standard.name}{only} (`{entry_file(catalogue, e)}`, "
                 f"which sets {entry_fields(catalogue, e)}):")
        doc.items(faction_differences(standard, e.faction, words_for(catalogue, standard)),
                  none="nothing: the standard board (replacing an earlier version's entry)")


RENDERERS: dict[str, Callable[[_Doc, Catalogue, str], None]] = {
    "game": render_game, "faction": render_faction, "faction_board": render_board,
    "research_board": render_research_board, "research_track": render_track, "board_action": render_board_action,
    "free_actions": render_free_actions, "tech_tile": render_tech, "advanced_tech_tile": render_advanced,
    "booster": render_booster, "round_scoring": render_round, "final_scoring": render_final,
    "federation_token": render_fed, "planets": render_planets, "resources": render_resources,
    "sector": render_sector, "layout": render_layout, "parameter": render_parameter, "variant": render_variant,
    "faction_variant": lambda doc, catalogue, ident: render_faction_variant(doc, catalogue, ident),
    **AUTOMA_RENDERERS,
}


# ------------------------------------------------------------------ entry points

def explain(catalogue: Catalogue, kind: str, ident: str, level: int = 1) -> str:
    """One component as markdown."""
    doc = _Doc(level)
    _head(doc, catalogue, kind, ident)
    RENDERERS[kind](doc, catalogue, ident)
    return "\n".join(doc.lines).rstrip() + "\n"


def explain_all(catalogue: Catalogue, source: str = "the bundled content (`content/`)") -> str:
    """The whole catalogue as one markdown document (docs/catalogue.md)."""
    lines = [
        "# The catalogue",
        "",
        f"Every component of {source}, in plain English. Generated by `gaia explain --all`; do not edit by",
        "hand (`tests/test_explain.py` regenerates it and fails when it is out of date). Each effect is",
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
