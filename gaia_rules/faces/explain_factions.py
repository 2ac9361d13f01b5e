"""`gaia explain` for factions, their faction boards and faction variants.

A faction is its board with its own changes: its start, its structures (as a row per piece), its
abilities and its set-up, and how it differs from its board; a faction variant lists each entry's
differences from the standard faction.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..content.catalogue import (LAST_PASS, Catalogue, Faction, Origin, SetupPlacement)
from ..content.data_dirs import bundled_content_dir
from ..language.ast import Effect, Income
from ..language.english import effect_text, gains_text
from ..language.english_words import Words, join_and, join_or, sentence
from ..language.vocabulary import AREAS
from ..setup import player_counts
from .explain_text import (Doc, POWER_BOWLS, ROW_FIELDS, START_RESOURCES, amount, amounts, board_structure, bowls,
                           from_note, fx, origin_of, row_text, shown_file, stop, words_for)


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


def render_faction(doc: Doc, catalogue: Catalogue, ident: str) -> None:
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


def render_board(doc: Doc, catalogue: Catalogue, ident: str) -> None:
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


def render_faction_variant(doc: Doc, catalogue: Catalogue, ident: str) -> None:
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
