"""Checks of the pieces of faction boards and factions: structures, their placement and prices, set-up.

A structure's placement words (planets, the price by planet, what the planet becomes) must name
planet types and resources of the content, and combine into a piece that can be placed.
"""
from __future__ import annotations

from ..language import EffectSyntaxError, parse_price
from ..language import ast
from . import catalogue as cat
from .loader import merge_patch
from .spelling import did_you_mean
from .yamlsrc import Located
from .checks_context import CheckContext
from .checks_effects import price_shown


def check_structures(ctx: CheckContext, src: Located, structures: dict, base: dict | None = None) -> None:
    for sid, s in structures.items():
        merged = merge_patch((base or {}).get(sid, {}), s)   # as the builder lays a row over the board's
        up = merged.get("upgrades_from")
        if up is not None:
            ctx.word(src, ("structures", sid, "upgrades_from"), 1, up, ctx.structures, "structure")
        _check_placement(ctx, src, sid, s, merged)
        slots = merged.get("slots") or []
        supply = merged.get("supply", 0)
        if slots and len(slots) != supply:
            ctx.err(src, ("structures", sid, "slots"),
                    f"structure '{sid}' has {len(slots)} income slots but a supply of {supply}; they must match")
        for key in ("cost", "cost_near_opponent"):
            if key in s:
                try:
                    for cost in parse_price(s[key] or ""):
                        ctx.number(src, ("structures", sid, key), cost.column, cost.count, "price", price_shown(cost))
                        if isinstance(cost, ast.Pay):
                            ctx.word(src, ("structures", sid, key), cost.column, cost.resource, ctx.c.resources, "resource")
                except EffectSyntaxError:
                    pass


def check_setup(ctx: CheckContext, src: Located, items: list, rows: dict, home: str | None = None) -> None:
    """A `setup` list: known pieces that go on the home type (`home`; a board: any home type), in passes
    the game has, no more than the supply."""
    passes = len(ctx.c.game.get("setup_order") or ())
    homes = {home} if home else {p.id for p in ctx.c.planets.values() if p.habitable == "home"}
    placed: dict[str, int] = {}
    for i, item in enumerate(items):
        written = isinstance(item, dict)
        piece = item.get("piece") if written else item
        where = ("setup", i, "piece") if written else ("setup", i)
        if piece not in ctx.structures:
            ctx.word(src, where, 1, piece, ctx.structures, "structure")
            continue
        row = rows.get(piece)
        words = [w for _, w in _word_items(row, "place_on")] if row is not None else []
        if row is not None and not row.get("upgrades_from") and not (
                homes & set().union(*(ctx.planet_words.get(w, ()) for w in words))):
            ctx.err(src, where, f"a '{piece}' cannot be placed at set-up: set-up pieces go on planets of the home "
                                f"type, and a '{piece}' goes on {', '.join(words) or 'no planet'}")
        placed[piece] = placed.get(piece, 0) + 1
        if row is not None and placed[piece] == row.get("supply", 0) + 1:
            ctx.err(src, where, f"set-up places {placed[piece]} '{piece}', more than the {row.get('supply', 0)} "
                                f"of its supply")
        if written and "pass" in item and "at" in item:
            ctx.err(src, ("setup", i), "a set-up placement is in a 'pass' or 'at' a place of the sequence, not both")
            continue
        number = item.get("pass", i + 1) if written else i + 1
        if written and "at" in item or not isinstance(number, int) or not passes or number <= passes:
            continue
        if any(b is src for _, b in ctx.loader.broken) and written and "pass" in item:
            continue  # its schema message says what is wrong with the number already
        ctx.err(src, ("setup", i, "pass") if written and "pass" in item else ("setup", i),
                f"set-up placement {i + 1} ('{piece}') is in pass {number}, but the game has {passes} passes "
                f"(setup_order in the game file); give it a pass from 1 to {passes}, or 'last'")


def _word_items(s: dict, key: str) -> list[tuple[tuple, str]]:
    """(path below the structure, word) of a field written as one word or a list of words."""
    value = s.get(key)
    if isinstance(value, str):
        return [((key,), value)]
    return [((key, i), w) for i, w in enumerate(value) if isinstance(w, str)] if isinstance(value, list) else []


def _check_placement(ctx: CheckContext, src: Located, sid: str, s: dict, merged: dict) -> None:
    """Where a piece goes and what it pays there: known planet words, price parameters and planet
    types; then combinations that cannot work (in the row as the file leaves it, board fields included)."""
    words = ctx.planet_words
    base = ("structures", sid)
    for key in ("place_on", "guest_on"):
        for path, word in _word_items(s, key):
            ctx.word(src, base + path, 1, word, words, "planet type")
    prices = s.get("place_price") if isinstance(s.get("place_price"), dict) else {}
    for word, value in prices.items():
        ctx.word(src, base + ("place_price", word), 1, word, words, "planet type")
        for path, part in _word_items(prices, word):
            _check_price_part(ctx, src, base + ("place_price",) + path, part)
    becomes = s.get("becomes") if isinstance(s.get("becomes"), dict) else {}
    for word, planet in becomes.items():
        ctx.word(src, base + ("becomes", word), 1, word, words, "planet type")
        if isinstance(planet, str):
            ctx.word(src, base + ("becomes", word), 1, planet, ctx.c.planets, "planet type")
    _check_placement_combinations(ctx, src, sid, s, merged)


def _check_price_part(ctx: CheckContext, src: Located, path: tuple, part: str) -> None:
    if cat.is_price_parameter(part):
        known = sorted([n for n, p in ctx.c.parameters.items() if p.scope == "player" and p.type == "cost"
                        and not p.keyed_by and not p.default_from]
                       + [n for n in cat.PLACE_PRICE_PARAMETERS if n in ctx.c.parameters])
        if part not in known:
            ctx.err(src, path, f"unknown price parameter '{part}'{did_you_mean(part, known)}; a place price names "
                               f"amounts ('1q') or one of: {', '.join(known)}", src.string_offset(path))
        return
    try:
        costs = parse_price(part)
    except EffectSyntaxError:
        return  # reported while building
    for cost in costs:
        ctx.number(src, path, cost.column, cost.count, "price", price_shown(cost))
        if isinstance(cost, ast.Pay):
            ctx.word(src, path, cost.column, cost.resource, ctx.c.resources, "resource")


def _check_placement_combinations(ctx: CheckContext, src: Located, sid: str, s: dict, merged: dict) -> None:
    words = ctx.planet_words
    base = ("structures", sid)

    def where(key: str) -> tuple:
        return base + ((key,) if key in s else ())

    def types(key: str) -> set[str]:
        return {t for _, w in _word_items(merged, key) for t in words.get(w, ())}

    on = types("place_on")
    if merged.get("upgrades_from") is not None:
        given = [k for k in ("place_on", "guest_on", "place_price", "becomes") if merged.get(k)]
        if given and any(k in s for k in given + ["upgrades_from"]):
            ctx.err(src, where(given[0]), f"structure '{sid}' upgrades '{merged['upgrades_from']}' and goes where it "
                                         f"stands: {', '.join(given)} would never be read")
        return
    if not merged.get("place_on") and not merged.get("guest_on"):
        ctx.err(src, base, f"structure '{sid}' can go nowhere: give it place_on (planet types, `planet`, `space`, ...) "
                           f"or upgrades_from (the structure it replaces)")
        return
    if any(w not in words for _, w in _word_items(merged, "place_on")):
        return  # an unknown word is reported already: what it would name is unknown
    for key in ("place_price", "becomes"):
        table = merged.get(key) if isinstance(merged.get(key), dict) else {}
        for word in table:
            if word in words and not (words[word] & on):
                ctx.err(src, where(key) + ((word,) if key in s else ()),
                        f"{key} '{word}' of structure '{sid}' never applies: it goes only on "
                        f"{', '.join(w for _, w in _word_items(merged, 'place_on')) or 'planets opponents hold'}")
    if merged.get("gaia_project") and not merged.get("becomes"):
        ctx.err(src, where("gaia_project"), f"structure '{sid}' starts a Gaia Project but changes no planet: "
                                            "give it becomes (e.g. {transdim: gaia})")
    if merged.get("gaiaformer") and merged.get("supply"):
        ctx.err(src, where("supply"), f"structure '{sid}' is a Gaiaformer: its copies are the Gaiaformers gained "
                                      "(`gf`), so its supply is never read; leave supply out")


def check_guest_pieces(ctx: CheckContext, src: Located, structures: dict) -> None:
    """One piece at most shares planets opponents hold (a saved game records a guest by player)."""
    sharing = [sid for sid, s in structures.items() if isinstance(s, dict) and s.get("guest_on")]
    for sid in sharing[1:]:
        ctx.err(src, ("structures", sid, "guest_on") if sid in (src.data.get("structures") or {}) else ("structures",),
                f"structures '{sharing[0]}' and '{sid}' both have guest_on: one piece of a faction at most may go on "
                "planets opponents hold")


def check_price_field(ctx: CheckContext, src: Located, data: dict) -> None:
    """A component's `cost` (a board action, the research board): each count within `effect_limits.price`."""
    text = data.get("cost")
    try:
        costs = parse_price(text or "") if isinstance(text, str) else ()
    except EffectSyntaxError:
        return  # reported while building
    for cost in costs:
        ctx.number(src, ("cost",), cost.column, cost.count, "price", price_shown(cost))
