"""Checks beyond the schema: words, references and counts that break a game.

Each check reads the located documents, so every message points at the file,
line and column of the offending word. This module checks each kind of document and runs
them all (`check_catalogue`); the effect strings are checked in checks_effects.py, the pieces
of boards and factions (structures, placement, set-up) in checks_pieces.py, and what they share
(the located errors, words, counters and the declared ranges) is checks_context.py.
"""
from __future__ import annotations

from ..language import EffectSyntaxError
from ..language.parser import parse_count
from . import catalogue as cat
from .automa_checks import check_automa
from .checks_context import CheckContext, value_problem
from .checks_effects import check_effects, effect_paths
from .checks_pieces import check_guest_pieces, check_price_field, check_setup, check_structures
from .loader import Loader
from .never_fire import locked_rewards
from .range_checks import check_burn, check_start_caps
from .reach import check_reach as _check_reach
from .spelling import did_you_mean
from .yamlsrc import Located

SECTOR_HEXES = 19
REQUIRED_SINGLETONS = {
    "planets": "the planet types",
    "resources": "the resources",
    "parameters": "the rule parameters",
    "game": "the game-wide numbers",
    "research_board": "the research board",
    "free_actions": "the free actions",
}


# ------------------------------------------------------------------ effects


# ------------------------------------------------------------------ references and counts


# ------------------------------------------------------------------ placement


def _check_faction(ctx: CheckContext, src: Located, data: dict) -> None:
    c = ctx.c
    locked_rewards(ctx.loader.notes, src, effect_paths("faction", data))
    check_start_caps(ctx, src, data)
    homes = [p.id for p in c.planets.values() if p.habitable == "home"]
    ctx.word(src, ("home",), 1, data["home"], homes, "home planet type")
    for i, track in enumerate(data.get("research", [])):
        ctx.word(src, ("research", i), 1, track, c.tracks, "research track")
    board = c.boards.get(data.get("board"))
    if board is not None:  # an unknown board is reported once, by the builder: its rows cannot be merged
        check_structures(ctx, src, data.get("structures", {}), board.get("structures", {}))
        rows = board.get("structures", {})
        own = data.get("structures", {})
        if any(isinstance(v, dict) and "guest_on" in v for v in own.values()):
            check_guest_pieces(ctx, src, {k: {**rows.get(k, {}), **(own.get(k) or {})} for k in {**rows, **own}})
        merged = {sid: {**row, **(own.get(sid) or {})} for sid, row in rows.items()}
        check_setup(ctx, src, data.get("setup", []), {**own, **merged}, data.get("home"))
    pi = data.get("planetary_institute_structure", "PI")
    if data.get("planetary_institute") and pi not in ctx.structures:
        ctx.err(src, ("planetary_institute",), f"planetary_institute effects need a structure '{pi}'")


def _check_board(ctx: CheckContext, src: Located, data: dict) -> None:
    check_start_caps(ctx, src, data)
    check_structures(ctx, src, data["structures"])
    check_guest_pieces(ctx, src, data["structures"])
    check_setup(ctx, src, data.get("setup", []), data["structures"])


def _check_sector(ctx: CheckContext, src: Located, data: dict) -> None:
    hexes = data["hexes"]
    if len(hexes) != SECTOR_HEXES:
        positions = {f"A{i}" for i in range(12)} | {f"B{i}" for i in range(6)} | {"C"}
        missing = sorted(positions - set(hexes), key=lambda p: (p[0], int(p[1:] or 0)))
        ctx.err(src, ("hexes",), f"a sector needs {SECTOR_HEXES} hexes, this one has {len(hexes)}"
                                 + (f"; missing {', '.join(missing)}" if missing else ""))
    for pos, planet in hexes.items():
        ctx.word(src, ("hexes", pos), 1, planet, ctx.c.planets, "planet type")


def _check_layout(ctx: CheckContext, src: Located, data: dict) -> None:
    if len(data["slots"]) != len(data["sectors"]):
        ctx.err(src, ("sectors",), f"{len(data['sectors'])} sectors for {len(data['slots'])} slots; they must match")
    seen = set()
    for i, sid in enumerate(data["sectors"]):
        sid = str(sid)
        ctx.word(src, ("sectors", i), 1, sid, ctx.c.sectors, "sector")
        tile = ctx.c.sectors[sid].tile if sid in ctx.c.sectors else sid
        if tile in seen:
            ctx.err(src, ("sectors", i), f"sector tile {tile} is used twice")
        seen.add(tile)


def _check_track(ctx: CheckContext, src: Located, data: dict) -> None:
    board = ctx.c.research
    if board is not None and len(data["levels"]) != board.levels:
        ctx.err(src, ("levels",), f"a research track needs {board.levels} levels (0-{board.levels - 1}), "
                                  f"this one has {len(data['levels'])}")


def _check_variant(ctx: CheckContext, src: Located, data: dict) -> None:
    _check_game_parameters(ctx, src, "parameters", data["parameters"])


def _check_solo_parameters(ctx: CheckContext, src: Located, data: dict) -> None:
    """The game parameters the Automa's rules set for solo games are checked as a variant's."""
    _check_game_parameters(ctx, src, "game_parameters", data.get("game_parameters") or {})


def _check_game_parameters(ctx: CheckContext, src: Located, field: str, params: dict) -> None:
    for name, value in params.items():
        p = ctx.c.parameters.get(name)
        if p is None or p.scope != "game":
            games = [n for n, q in ctx.c.parameters.items() if q.scope == "game"]
            ctx.err(src, (field, name), f"unknown game parameter '{name}'{did_you_mean(name, games)}")
            continue
        problem = value_problem(ctx.c, p, value)
        if problem:
            ctx.err(src, (field, name), f"'{name}': {problem}")


def _check_parameters(ctx: CheckContext, src: Located, data: dict) -> None:
    for name, raw in data["parameters"].items():
        p = ctx.c.parameters[name]
        if p.type == "choice" and not p.choices:
            ctx.err(src, ("parameters", name), f"choice parameter '{name}' needs 'choices'")
        if p.type in ("int", "list") and (p.min is None or p.max is None):
            ctx.err(src, ("parameters", name), f"{p.type} parameter '{name}' needs a declared range: give 'min' and 'max'")
        elif p.type in ("int", "list") and p.min > p.max:
            ctx.err(src, ("parameters", name), f"parameter '{name}': 'min' {p.min} is above 'max' {p.max}")
        if "default" in raw and not p.keyed_by:
            problem = value_problem(ctx.c, p, raw["default"])
            if problem:
                ctx.err(src, ("parameters", name, "default"), f"default of '{name}': {problem}")
        elif isinstance(raw.get("default"), dict):  # a default per key
            for key, value in raw["default"].items():
                problem = value_problem(ctx.c, p, value)
                if problem:
                    ctx.err(src, ("parameters", name, "default", key), f"default of '{name}[{key}]': {problem}")


def _check_game(ctx: CheckContext, src: Located, data: dict) -> None:
    """A set-up draws `rounds` round tiles, `final_tiles` final tiles and players + `boosters.extra` boosters:
    the content must hold that many."""
    players = data["players"]
    if players["min"] > players["max"]:
        ctx.err(src, ("players",), f"at least {players['min']} players but at most {players['max']}")
    for path, need, pool, what in (
            (("rounds",), data["rounds"], ctx.c.round_tiles, "round scoring tiles"),
            (("final_tiles",), data["final_tiles"], ctx.c.final_tiles, "final scoring tiles"),
            (("boosters", "extra"), players["max"] + data["boosters"]["extra"], ctx.c.boosters, "boosters")):
        if need > len(pool):
            ctx.err(src, path, f"a game draws {need} {what}, the content has {len(pool)}")


# What a final scoring tile's `count:` may be, said when it is not one.
COUNT_ALLOWED = ("a count as after 'per': a counter, several joined by '|' and added up (ts|PI), a piece on a "
                 "planet kind (m-on-gaia), or whole groups (2 structure)")


def _check_final(ctx: CheckContext, src: Located, data: dict) -> None:
    text = data["count"]
    try:
        count = parse_count(text)
    except EffectSyntaxError as err:
        found = err.message.split(";")[0]
        ctx.err(src, ("count",), f"'{text}' is not a count ({found}); write {COUNT_ALLOWED}",
                src.string_offset(("count",)) + err.column - 1)
        return
    if count.within is not None or count.near is not None:
        scope = f"in {count.within}" if count.within is not None else f"within {count.near}"
        ctx.err(src, ("count",), f"'{scope}': a final scoring tile counts at the end of the game, with "
                                 f"no event's pieces to count among; write {COUNT_ALLOWED}")
    ctx.number(src, ("count",), 1, count.each, "count", text)
    for word, column in zip(count.counters, count.columns or (1,) * len(count.counters)):
        ctx.counter(src, ("count",), column, word)


# planet kinds the rules look up by kind (Gaia planets, Transdim planets, the Lost Planet, space)
SPECIAL_PLANET_KINDS = ("gaia", "gaia-project", "lost", "space")


def _check_planets(ctx: CheckContext, src: Located, data: dict) -> None:
    for i, p in enumerate(data["wheel"]):
        ctx.word(src, ("wheel", i), 1, p, data["types"], "planet type")
    codes: dict[str, str] = {}
    for pid, p in data["types"].items():
        if p["code"] in codes:
            ctx.err(src, ("types", pid, "code"), f"planet code '{p['code']}' is used by '{codes[p['code']]}' too")
        codes[p["code"]] = pid
    for kind in SPECIAL_PLANET_KINDS:
        having = [pid for pid, p in data["types"].items() if p["habitable"] == kind]
        if len(having) != 1:
            found = f"{len(having)} ({', '.join(having)})" if having else "none"
            ctx.err(src, ("types",), f"the rules need exactly one planet type with habitable: {kind}; found {found}")


def check_catalogue(c: cat.Catalogue, located: dict[tuple[str, str], Located], loader: Loader) -> None:
    ctx = CheckContext(c, loader)
    ctx.located = located
    kinds = {k for k, _ in located}
    if located:
        for kind, what in REQUIRED_SINGLETONS.items():
            if kind not in kinds:
                first = next(iter(located.values()))
                loader.diagnostics.append(first.diag((), f"content has no '{kind}' file ({what}); "
                                                         "validate it together with the bundled content"))
    if not c.parameters or not c.resources:
        return  # vocabulary unknown: nothing more can be checked meaningfully
    check_effects(ctx, [(k, src) for (k, _), src in located.items()], built=True)
    check_effects(ctx, loader.broken, built=False)
    _check_reach(ctx)
    per_kind = {
        "faction": _check_faction, "sector": _check_sector, "layout": _check_layout,
        "research_track": _check_track, "variant": _check_variant, "automa_rules": _check_solo_parameters, "parameters": _check_parameters,
        "final_scoring": _check_final, "planets": _check_planets, "game": _check_game,
        "faction_board": _check_board,
        "board_action": check_price_field, "research_board": check_price_field, "free_actions": check_burn,
    }
    for (kind, _id), src in sorted(located.items()):
        check = per_kind.get(kind)
        if check is not None:
            check(ctx, src, src.data)
    for kind, src in loader.broken:  # best effort on files whose shape is already wrong
        check = per_kind.get(kind)
        if check is not None:
            try:
                check(ctx, src, src.data)
            except (KeyError, TypeError, AttributeError, IndexError):
                pass
    check_automa(ctx, located)
    _drop_inherited(located, loader)
    loader.diagnostics.sort(key=lambda d: (d.file, d.line, d.column))


def _drop_inherited(located: dict[tuple[str, str], Located], loader: Loader) -> None:
    """A patch inherits the fields it does not give: their problems are reported once, in the patched file."""
    patch_files = {src.file for (_kind, ident), src in located.items() if "@" in ident}
    elsewhere = {d.message for d in loader.diagnostics if d.file not in patch_files}
    loader.diagnostics[:] = [d for d in loader.diagnostics if d.file not in patch_files or d.message not in elsewhere]
