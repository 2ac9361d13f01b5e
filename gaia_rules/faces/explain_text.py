"""The text pieces every `gaia explain` renderer shares: markdown sections, amounts, files, structures.

`Doc` collects the markdown lines of one component; `words_for` gives the English renderer the
catalogue's words; `row_text` and `ROW_FIELDS` read a structure's row of a faction board; the file
notes (`files_line`, `from_note`) say which file a component or a field comes from.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from ..content.catalogue import (PLACE_PRICE_PARAMETERS, Catalogue, Faction, Origin, Structure)
from ..content.data_dirs import bundled_content_dir
from ..language.ast import Effect, Income
from ..language.english import effect_text, gains_text, price_text
from ..language.english_words import Words, join_and, join_or, plural_noun, with_article
from ..language.vocabulary import AREAS


# A faction's `start` keys and the resource code each one holds.
START_RESOURCES: dict[str, str] = {"vp": "vp", "credits": "c", "ore": "o", "knowledge": "k", "qic": "q"}


POWER_BOWLS: tuple[str, ...] = ("area1", "area2", "area3", "gaia")


PLACE_ON: dict[str, str] = {"planet": "a planet", "transdim": "a Transdim planet", "space": "an empty space hex"}


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
    """A row of a comparison of structures: its label, what is compared and how it reads."""

    label: str
    key: Callable[[Structure], Any]                 # what is compared
    show: Callable[[Structure, Words], str]         # how it reads


def stop(text: str) -> str:
    """A full stop at the end, not doubled after 'Q.I.C.'."""
    return text if text.endswith(".") else text + "."


def yes_no(b) -> str:
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
    _Field("a Gaiaformer", lambda s: s.gaiaformer, lambda s, w: yes_no(s.gaiaformer)),
    _Field("replaced by its owner's structure built on it", lambda s: s.holds_planet, lambda s, w: yes_no(s.holds_planet)),
    _Field("may replace a Gaia Project under way (completing it)", lambda s: s.over_gaia_project,
           lambda s, w: yes_no(s.over_gaia_project)),
    _Field("placed only by an action", lambda s: s.action_only, lambda s, w: yes_no(s.action_only)),
    _Field("power value", lambda s: s.power_value, lambda s, w: str(s.power_value)),
    _Field("income row (slot by slot)", lambda s: tuple(_statements(e) for e in s.slots),
           lambda s, w: slots_text(s.slots, w) if s.slots else "none"),
    _Field("for every copy built", lambda s: tuple(e.statements for e in s.effects),
           lambda s, w: " ".join(effect_text(e, w) for e in s.effects) if s.effects else "nothing"),
    _Field("a structure", lambda s: s.structure, lambda s, w: yes_no(s.structure)),
    _Field("counts as a planet", lambda s: "planet" in s.counts_for, lambda s, w: yes_no("planet" in s.counts_for)),
    _Field("part of federations", lambda s: "federation" in s.counts_for, lambda s, w: yes_no("federation" in s.counts_for)),
    _Field("offers and takes charges", lambda s: "charge" in s.counts_for, lambda s, w: yes_no("charge" in s.counts_for)),
    _Field("range counted from it", lambda s: s.is_range_origin, lambda s, w: yes_no(s.is_range_origin)),
    _Field("counts as a satellite", lambda s: s.counts_as_satellite, lambda s, w: yes_no(s.counts_as_satellite)),
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


class Doc:
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
