"""The mechanisms inventory: every construct of the effect language and who uses it.

`gaia explain --mechanisms` prints it; docs/effects.md documents the same
items (a test keeps the two equal). The items come from the grammar's AST
(triggers, parameter changes, action templates), `vocabulary.py` (events, event data, counters,
conditions), the content (rule parameters) and the structure rows (placement
fields); the users are found by walking every effect of the catalogue, and
every faction's pieces for the placement fields they set.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..language import EffectSyntaxError, ast
from ..language.parser import parse_count
from ..language.vocabulary import (BUILD_BY, COUNTER_FORMS, COUNTERS, EVENT_DATA, EVENT_FILTERS, EVENT_PIECES,
                                   EVENTS, ONCE_PERIODS, WHERE)
from .build import row_structure
from .catalogue import Catalogue, Structure

# The action templates: gains that are operations on the board or the tracks, not only amounts.
TEMPLATES: dict[str, str] = {
    "amount": "gain N of a resource (`2vp`, `1q per m`)",
    "up": "advance one research level (`up nav`, `up any`, `up lowest`)",
    "build": "build a piece now (`build m`, `build m|gf`)",
    "build-from": "turn one of your pieces into another (`build ts from lab`)",
    "swap": "two of your pieces trade places (`swap PI with m`)",
    "fed": "gain a federation token's reward (`fed`, `fed TOKEN`, `fed here`)",
    "tech": "take a tech tile",
    "lost-planet": "place the Lost Planet",
}

TRIGGERS: dict[str, str] = {
    "income": "each Income phase",
    "now": "once, when the component is gained, reached or built",
    "pass": "when the holder passes",
    "on": "each time an event happens (`on EVENT [filters]`)",
    "on opponent": "each time an event happens to an opponent (`on opponent EVENT [filters]`; amounts only)",
    "action": "a special action, once per round",
    "free": "a free-action conversion",
    "gaia-phase": "an optional conversion in the Gaia phase",
    "set": "a rule parameter for the holder",
    "replace": "a resource gained as another",
    "lock": "a research track the holder cannot advance on",
}

# The forms of a `set` statement: how it changes a rule parameter.
PARAMETER_CHANGES: dict[str, str] = {
    "=": "the parameter takes this value for the holder (`set range = 2`)",
    "+=": "a whole-number parameter is N more for the holder, on top of whatever sets it (`set range += 1`)",
    "-=": "a whole-number parameter is N less for the holder, on top of whatever sets it (`set terraform_cost -= 1`)",
    "[KEYS]": "a keyed parameter changed for the listed keys only (`set power_value[PI, ac1, ac2] = 4`)",
    "for USE": "changed for one of the parameter's uses only (`set power_value[ts] for charge -= 1`)",
    "[STRUCTURE-on-KIND]": "a structure's key for one planet kind only, more specific than the structure's "
                           "(`set power_value[ts-on-gaia] = 3`, `set structure_cost[m-on-home] = 1c, 1o`)",
    "+= PRICE": "a price is these amounts more for the holder, on top of whatever sets it (`set structure_cost[ts] += 1o`)",
    "-= PRICE": "a price is these amounts less for the holder, never below 0 (`set research_cost -= 1k`)",
}

# The structure fields that say where a piece goes and what it counts as (docs/content.md, "A structure").
PLACEMENT: dict[str, str] = {
    "place_on": "where a piece built new goes: planet types, `habitable` kinds, `planet`, `space`, `any`",
    "guest_on": "planets an opponent colonised that a piece may also go on, sharing them",
    "place_price": "what placing a piece costs on top of its cost, planet by planet (amounts or rule parameters)",
    "becomes": "what the planet under a new piece turns into",
    "gaia_project": "placing the piece starts a Gaia Project: `gaia-start`, and `becomes` in a later Gaia phase",
    "gaiaformer": "the piece is a Gaiaformer: its copies are the Gaiaformers gained (`gf`)",
    "holds_planet": "its owner's structure placed on its hex replaces it, with no range and no place price",
    "over_gaia_project": "it may replace a `holds_planet` piece whose Gaia Project is under way: the project "
                         "completes at once and the piece pays the full place price of the planet it became",
    "action_only": "placed only by an action that names it (`build sp`), never as a plain build",
    "structure": "the piece is a structure (false: each flag below defaults to false)",
    "counts_as_planet": "the piece is a colonised planet (planet types, Gaia planets, sectors, `new-type`)",
    "in_federations": "the piece is part of federations (its power value counts)",
    "charges": "building the piece offers charges; its owner charges from builds next to it",
    "range_origin": "range is measured from the piece",
    "counts_as_satellite": "the piece counts as a satellite",
}

CONDITIONS: dict[str, str] = {
    "until": "held until a structure is built or an event has happened",
    "after": "held from the moment a structure is built or an event has happened",
    **{f"once per {k}": v for k, v in ONCE_PERIODS.items()},
    "if": "fires only while a count compares true (`if lab >= 2:`)",
    "if (held)": "a `set`, `replace` or `lock` held only while a count compares true (`if round >= 4: set range += 1`)",
    "if (conversion)": "a `free` or `gaia-phase` conversion offered only while a count compares true",
    "once per (conversion)": "a `free` or `gaia-phase` conversion taken at most once each round or game "
                             "(`once per round: free: 2c -> 1k`)",
}

LASTING = ("set", "replace", "lock")
CONVERSIONS = ("free", "gaia-phase")


# Filters written with a content id (`vocabulary.EVENT_FILTERS` kinds), as the inventory names them.
FILTER_FORMS: dict[str, tuple[str, str]] = {
    "structure": ("STRUCTURE", "only this piece (a structure id)"),
    "track": ("TRACK", "only this research track (a track id)"),
    "board-action": ("ACTION", "only this board action (a board action id)"),
    "federation-token": ("TOKEN", "only this federation token (a token id)"),
    "tech-tile": ("TILE", "only this tile (a tech or advanced tech tile id)"),
    "structure-or-faction": ("STRUCTURE-or-FACTION", "only this piece built (a structure id) or this builder "
                                                     "(a faction id)"),
    "track-or-resource": ("TRACK-or-RESOURCE", "only this research track (a track id) or this resource (a resource "
                                               "code)"),
}


def event_filters() -> dict[str, str]:
    """Every filter an event takes (`build on gaia`, `step paid`, `research TRACK`, ...) and its meaning."""
    out = {"build from STRUCTURE": "only a piece that replaced this one of yours (`build PI from ts`)"}
    out.update({f"build on {w}": f"built on {m}" for w, m in WHERE.items()})
    out.update({f"build by {w}": m for w, m in BUILD_BY.items()})
    for event, spec in EVENT_FILTERS.items():
        kinds = [spec] if isinstance(spec, str) else [spec[""]] if spec.get("") else []
        if isinstance(spec, dict):
            out.update({f"{event} {w}": m for w, m in spec.items() if w})
        for kind in kinds:
            form, meaning = FILTER_FORMS[kind]
            out[f"{event} {form}"] = meaning
    return out


def _filter_items(event) -> list[str]:
    """The inventory names of the filters one `on` event is written with."""
    if isinstance(event, ast.BuildEvent):
        return ((["build from STRUCTURE"] if event.source is not None else [])
                + ([f"build on {event.where}"] if event.where is not None else [])
                + [f"build by {b}" for b in event.by])
    spec = EVENT_FILTERS.get(event.name)
    out = []
    for f in event.filters:
        if isinstance(spec, dict) and f in spec:
            out.append(f"{event.name} {f}")
        elif spec is not None:
            out.append(f"{event.name} {FILTER_FORMS[spec if isinstance(spec, str) else spec['']][0]}")
    return out


# A placement field's value when a structure row leaves it out.
PLACEMENT_DEFAULTS = {name: f.default for name, f in Structure.__dataclass_fields__.items() if name in PLACEMENT}
PLACEMENT_DEFAULTS["place_on"] = ()


@dataclass
class Item:
    category: str
    name: str
    meaning: str
    users: list[str] = field(default_factory=list)


def _gain_template(g) -> str:
    if isinstance(g, ast.Build):
        return "build-from" if g.source is not None else "build"
    return {ast.Amount: "amount", ast.Up: "up", ast.Swap: "swap", ast.Fed: "fed", ast.Tech: "tech",
            ast.LostPlanet: "lost-planet"}[type(g)]


def _uses(st: ast.Statement) -> list[tuple[str, str]]:
    """(category, item) of every construct one statement uses."""
    out = [("trigger", st.trigger)]
    if st.scope is not None:
        out.append(("condition", st.scope.kind))
    if st.once is not None:
        out.append(("condition", f"once per {st.once}"))
        if st.trigger in CONVERSIONS:
            out.append(("condition", "once per (conversion)"))
    cl = st.clause
    event = None
    if isinstance(cl, ast.On):
        event = cl.event.name
        out.append(("event", event))
        out += [("event filter", f) for f in _filter_items(cl.event)]
        if cl.opponent:
            out.append(("trigger", "on opponent"))
    if st.condition is not None:
        out.append(("condition", "if"))
        if st.trigger in LASTING + CONVERSIONS:
            out.append(("condition", "if (held)" if st.trigger in LASTING else "if (conversion)"))
        out += _counted(st.condition.counters, st.condition.within, event)
    if isinstance(cl, ast.Set):
        out += [("parameter", cl.name), ("parameter change", cl.op if isinstance(cl.value, int) or not cl.relative
                                         else f"{cl.op} PRICE")]
        if cl.keys:
            out.append(("parameter change", "[KEYS]"))
        if any("-on-" in k for k in cl.keys):
            out.append(("parameter change", "[STRUCTURE-on-KIND]"))
        if cl.use is not None:
            out.append(("parameter change", "for USE"))
    for g in getattr(cl, "gains", ()):
        out.append(("action template", _gain_template(g)))
        if isinstance(g, ast.Amount):
            out += _counted(g.per, g.within, event)
    return out


def _counted(words: tuple[str, ...], within: str | None, event: str | None) -> list[tuple[str, str]]:
    """What a count (after `per`, or in `if`) uses: the event's data it names, else counters, and the
    event's pieces when it counts `in EVENT`."""
    out = []
    for w in words:
        if within is None and w in EVENT_DATA.get(event or "", {}):
            out.append(("event datum", f"{event}.{w}"))
        else:
            out.append(("counter", w))
    if within is not None:
        out.append(("event datum", f"{within}.pieces"))
    return out


def structure_ids(catalogue: Catalogue) -> set[str]:
    """Every structure id of the catalogue's factions (the words the counter item `STRUCTURE` stands for)."""
    return {sid for f in catalogue.factions.values() for sid in f.structures}


def statement_items(st: ast.Statement, structures: set[str]) -> list[tuple[str, str]]:
    """(category, item) of every inventory item one statement uses, a counter written with a word of the
    content under its form (`m` is `STRUCTURE`, `research-terra` is `research-TRACK`, ...)."""
    return [(category, counter_item(name, structures) if category == "counter" else name)
            for category, name in _uses(st)]


def counter_item(word: str, structures: set[str]) -> str:
    """The inventory item of a counter word: itself for a fixed counter, else the form it is written in."""
    if word in COUNTERS:
        return word
    return ("opponent-PIECE" if word.startswith("opponent-") else "STRUCTURE" if word in structures
            else "PIECE-on-KIND" if "-on-" in word
            else "research-TRACK" if word.startswith("research-") else "RESOURCE")


def final_count_items(text: str, structures: set[str]) -> list[str]:
    """The counter items a final scoring tile's `count:` uses (none when it does not parse)."""
    try:
        return [counter_item(w, structures) for w in parse_count(text).counters]
    except EffectSyntaxError:
        return []


def inventory(catalogue: Catalogue) -> list[Item]:
    """Every mechanism, in a fixed order, with the components that use it."""
    items: dict[tuple[str, str], Item] = {}

    def add(category: str, table: dict[str, str]) -> None:
        for name, meaning in table.items():
            items[(category, name)] = Item(category, name, meaning)

    add("trigger", TRIGGERS)
    add("event", EVENTS)
    add("event filter", event_filters())
    add("event datum", {f"{e}.{w}": m for e, d in EVENT_DATA.items() for w, m in d.items()})
    add("event datum", {f"{e}.pieces": m for e, m in EVENT_PIECES.items()})
    add("counter", COUNTERS)
    add("counter", {"STRUCTURE": "copies of a structure on the map (`m`, `lab`, ...)",
                    "RESOURCE": "the amount held of a kept resource (`c`, `o`, ...)", **COUNTER_FORMS})
    add("condition", CONDITIONS)
    add("parameter", {n: p.doc + (f" (uses: {', '.join(p.uses)})" if p.uses else "")
                      for n, p in catalogue.parameters.items()})
    add("parameter change", PARAMETER_CHANGES)
    add("action template", TEMPLATES)
    add("placement field", PLACEMENT)
    structures = structure_ids(catalogue)
    for component, effect in catalogue.effect_sources():
        for st in effect.statements:
            for category, name in statement_items(st, structures):
                item = items.get((category, name))
                if item is not None and component not in item.users:
                    item.users.append(component)
    for tile in catalogue.final_tiles.values():
        for name in final_count_items(tile.count, structures):
            item = items.get(("counter", name))
            if item is not None and f"final_scoring {tile.id}" not in item.users:
                item.users.append(f"final_scoring {tile.id}")
    _placement_users(catalogue, items)
    for variant in catalogue.variants.values():
        for name in variant.parameters:
            item = items.get(("parameter", name))
            if item is not None:
                item.users.append(f"variant {variant.id}")
    return list(items.values())


def _placement_users(catalogue: Catalogue, items: dict) -> None:
    """Who sets each placement field: a faction board for its rows, a faction where its row differs from its board's."""
    boards = {bid: {sid: row_structure(sid, raw) for sid, raw in (board.get("structures") or {}).items()}
              for bid, board in catalogue.boards.items()}

    def use(name: str, who: str) -> None:
        item = items[("placement field", name)]
        if who not in item.users:
            item.users.append(who)

    for bid, rows in boards.items():
        for s in rows.values():
            for name in PLACEMENT:
                if getattr(s, name) != PLACEMENT_DEFAULTS[name]:
                    use(name, f"faction_board {bid}")
    for f in catalogue.factions.values():
        rows = next(iter(boards.values()), {}) if len(boards) == 1 else {}
        for sid, s in f.structures.items():
            base = rows.get(sid)
            for name in PLACEMENT:
                if getattr(s, name) != (PLACEMENT_DEFAULTS[name] if base is None else getattr(base, name)):
                    use(name, f"faction {f.id}")


def inventory_text(catalogue: Catalogue) -> str:
    """The inventory as one markdown table per category."""
    lines: list[str] = []
    category = None
    for item in inventory(catalogue):
        if item.category != category:
            category = item.category
            lines += ["", f"## {category}", "", "| item | meaning | used by |", "|---|---|---|"]
        users = ", ".join(sorted(item.users)) or "(nothing bundled)"
        lines.append(f"| `{item.name}` | {item.meaning} | {users} |")
    return "# Mechanisms of the effect language\n" + "\n".join(lines) + "\n"
