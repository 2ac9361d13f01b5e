"""Checks beyond the schema: words, references and counts that break a game.

Each check reads the located documents, so every message points at the file,
line and column of the offending word.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..language import EffectSyntaxError, parse_effect, parse_price
from ..language.parser import parse_count
from ..language import ast
from ..language.vocabulary import (AREAS, BUILD_BY, COUNTER_FORMS, COUNTERS, ENGINE_RESOURCES, EVENT_DATA,
                                   EVENT_FILTERS, EVENT_PIECES, EVENTS, FED_WORDS, KIND_PLACES, LIMITABLE,
                                   ONCE_PERIODS, POWER_AREAS, TABLE_EVENTS, TRIGGERS_BY_KIND, UNREACHABLE_EVENTS,
                                   UP_CHOICES, WHERE, WHERE_INSTEAD)
from . import catalogue as cat
from .automa_checks import check_automa
from .reach import Found as _Found, check_reach as _check_reach
from .loader import Loader, merge_patch
from .range_checks import check_burn, check_start_caps
from .never_fire import locked_rewards, unproduced_refusals
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


# The declared range of each number effects and prices write: from these, up to game.yaml's `effect_limits`.
LIMIT_LOW = {"amount": 0, "price": 0, "count": 0}
LIMIT_WORDS = {"amount": "the amount", "price": "the price", "count": "the count"}


def effect_limits(c: cat.Catalogue) -> dict:
    """The game file's `effect_limits` ({} when the game file is missing or broken: nothing to check against)."""
    limits = c.game.get("effect_limits") if isinstance(c.game, dict) else None
    return limits if isinstance(limits, dict) else {}


class _Ctx:
    def __init__(self, c: cat.Catalogue, loader: Loader):
        self.c = c
        self.loader = loader
        self.located: dict = {}
        self.structures: set[str] = set()
        self.unbuilt: set[str] = set()  # pieces placed without a build: they start a Gaia Project
        for board in c.boards.values():
            self.structures.update(board.get("structures", {}))
            self.unbuilt.update(k for k, v in board.get("structures", {}).items()
                                if isinstance(v, dict) and v.get("gaia_project"))
        for f in c.factions.values():
            self.structures.update(f.structures)
            self.unbuilt.update(k for k, v in f.structures.items() if v.gaia_project)
        self.planet_words = cat.planet_words(c.planets)
        # what `per` counts everywhere: counters, structures and the resources kept as amounts
        self.counters = (set(COUNTERS) | self.structures | {r for r in c.resources if r not in ENGINE_RESOURCES}
                         | {f"research-{t}" for t in c.tracks})
        self.limits = effect_limits(c)
        self.sets: list[_Found] = []   # every `set` statement of the built files, for _check_reach

    def number(self, src: Located, path: tuple, column: int, n: int, key: str, shown: str) -> None:
        """A number of an effect or a price within its declared range (game.yaml `effect_limits.KEY`)."""
        high = self.limits.get(key)
        if isinstance(high, int) and n > high:
            where = ".".join(str(p) for p in path)
            self.err(src, path, f"{where}: {LIMIT_WORDS[key]} {n} of '{shown}' is outside its declared range "
                                f"{LIMIT_LOW[key]}..{high} (effect_limits.{key} of the game file)",
                     src.string_offset(path) + max(column, 1) - 1)

    def err(self, src: Located, path: tuple, message: str, offset: int = 0) -> None:
        self.loader.diagnostics.append(src.diag(path, message, offset))

    def word(self, src: Located, path: tuple, column: int, word: str, known, what: str) -> None:
        if word not in known:
            hint = _resource_hint(self.c, word) if what == "resource" else did_you_mean(word, known)
            self.err(src, path, f"unknown {what} '{word}'{hint}",
                     src.string_offset(path) + max(column, 1) - 1)

    def is_counter(self, word: str) -> bool:
        """A counter word: a fixed counter, a structure, a kept resource, `research-TRACK`, `PIECE-on-KIND`,
        `opponent-` and a piece counter (`opponent-structure`, `opponent-m`, `opponent-m-on-gaia`)."""
        if word in self.counters:
            return True
        if word.startswith("opponent-"):
            piece = word[len("opponent-"):]
            return piece in PIECE_COUNTERS or piece in self.structures or (
                "-on-" in piece and self.is_counter(piece))
        piece, on, kind = word.partition("-on-")
        return bool(on) and (piece == "structure" or piece in self.structures) and kind in self.c.planets

    def counter(self, src: Located, path: tuple, column: int, word: str, also=()) -> None:
        """An unknown counter: the closest known one, and the counters there are."""
        if self.is_counter(word) or word in also:
            return
        piece, on, kind = word.partition("-on-")
        if on:
            known = ["structure", *sorted(self.structures)] if kind in self.c.planets else sorted(self.c.planets)
            bad, what = (piece, "piece") if kind in self.c.planets else (kind, "planet type")
            hint = f"unknown {what} '{bad}' in counter '{word}'{did_you_mean(bad, known)}; known: {', '.join(known)}"
        else:
            hint = (f"unknown counter '{word}'{did_you_mean(word, self.counters | set(also))}; known: "
                    f"{', '.join(COUNTERS)}, a structure id, a kept resource, "
                    f"{', '.join(COUNTER_FORMS)}{''.join(', ' + a for a in also)}")
        self.err(src, path, hint, src.string_offset(path) + max(column, 1) - 1)

    def words(self, src: Located, path: tuple, columns: tuple[int, ...], fallback: int, words, known,
              what: str) -> None:
        """Check several words of one node, each at its own column (or `fallback` when unknown)."""
        for i, word in enumerate(words):
            self.word(src, path, columns[i] if i < len(columns) else fallback, word, known, what)


# ------------------------------------------------------------------ effects

def _effect_paths(kind: str, data: dict) -> Iterator[tuple[tuple, Any, str]]:
    """(path, text, component kind for trigger rules) of every effect string in a document."""
    def listed(key, as_kind):
        items = data.get(key)
        for i, text in enumerate(items if isinstance(items, list) else []):  # other shapes: the schema says
            yield (key, i), text, as_kind

    if kind in ("tech_tile", "advanced_tech_tile", "booster", "round_scoring", "federation_token", "board_action"):
        yield from listed("effects", kind)
    elif kind in ("faction", "faction_board"):
        if "income" in data:
            yield ("income",), data["income"], "faction_income"
        yield from listed("ability", "faction")
        yield from listed("planetary_institute", "planetary_institute")
        for sid, s in (data.get("structures") or {}).items():
            for i, text in enumerate(s.get("slots") or []):
                if text is not None:
                    yield ("structures", sid, "slots", i), text, "structure"
            for i, text in enumerate(s.get("effects") or []):
                yield ("structures", sid, "effects", i), text, "structure_effects"
    elif kind == "research_track":
        for lv, items in enumerate(data.get("levels") or []):
            for i, text in enumerate(items or []):
                yield ("levels", lv, i), text, "research_level"
    elif kind == "free_actions":
        yield from listed("conversions", "free_actions")


# The fixed counters that also count among an event's pieces (`per planet-type in federation`).
PIECE_COUNTERS = ("planet-type", "gaia-planet", "sector", "structure", "federated-structure", "satellite")


def _count_words(ctx: _Ctx, src: Located, path: tuple, words, columns, fallback: int, within: str | None,
                 within_column: int, event: str | None, near: int | None = None) -> None:
    """The words of a count (`per ...`, `if ...`): event data, or counters; `in EVENT` only of the firing
    event; `in sector` and `within N` only on an event with hexes."""
    off = src.string_offset(path)
    if within == "sector" or near is not None:
        if event not in EVENT_PIECES:
            what = "'in sector'" if within == "sector" else f"'within {near}'"
            where = f"fires on '{event}', which has no hex" if event else "does not fire on an event"
            ctx.err(src, path, f"{what} counts around the hex of the event that fired, but this statement {where}; "
                               f"events with hexes: {', '.join(EVENT_PIECES)}", off + (within_column or fallback) - 1)
        if near is not None:
            ctx.number(src, path, within_column or fallback, near, "count", f"within {near}")
    if within is not None and within != "sector":
        if within not in EVENT_PIECES:
            ctx.err(src, path, f"'in {within}': only these events have pieces to count among: "
                               f"{', '.join(EVENT_PIECES)}", off + (within_column or fallback) - 1)
        elif within != event:
            where = f"fires on '{event}'" if event else "does not fire on an event"
            ctx.err(src, path, f"'in {within}' counts the pieces of a '{within}' event, but this statement {where}",
                    off + (within_column or fallback) - 1)
    scoped = within is not None or near is not None
    data = EVENT_DATA.get(event or "", {}) if not scoped else {}
    for i, word in enumerate(words):
        column = columns[i] if i < len(columns) else fallback
        if scoped and word in COUNTERS and word not in PIECE_COUNTERS:
            scope = f"in {within}" if within is not None else f"within {near}"
            ctx.err(src, path, f"'{word} {scope}': only pieces are counted among an event's pieces or in a place "
                               f"({', '.join(PIECE_COUNTERS)}, a structure id, PIECE-on-KIND or opponent-PIECE)",
                    off + column - 1)
            continue
        if word in data or ctx.is_counter(word):
            continue
        events = [e for e, d in EVENT_DATA.items() if word in d]
        if events:
            ctx.err(src, path, f"'{word}' is counted only in a statement on "
                               f"{' or '.join(repr(e) for e in events)}", off + column - 1)
        else:
            ctx.counter(src, path, column, word, tuple(data))


def _gain_words(ctx: _Ctx, src: Located, path: tuple, gains, event: str | None = None) -> None:
    c = ctx.c
    for g in gains:
        if isinstance(g, ast.Amount):
            ctx.word(src, path, g.column, g.resource, c.resources, "resource")
            ctx.number(src, path, g.column, g.count, "amount", f"{g.count}{g.resource}")
            if g.per:
                ctx.number(src, path, (g.per_columns or (g.column,))[0], g.each, "count", f"per {g.each} {'|'.join(g.per)}")
            _count_words(ctx, src, path, g.per, g.per_columns, g.column, g.within, g.within_column, event, g.near)
        elif isinstance(g, ast.Up):
            ctx.word(src, path, g.track_column or g.column, g.track, set(c.tracks) | set(UP_CHOICES), "research track")
        elif isinstance(g, ast.Build):
            ctx.words(src, path, g.piece_columns, g.column, g.pieces, ctx.structures, "structure")
            if g.source is not None:
                ctx.word(src, path, g.source_column or g.column, g.source, ctx.structures, "structure")
        elif isinstance(g, ast.Swap):
            ctx.words(src, path, (g.first_column, g.second_column), g.column, (g.first, g.second),
                      ctx.structures, "structure")
        elif isinstance(g, ast.Fed) and g.token is not None:
            ctx.word(src, path, g.token_column or g.column, g.token, set(c.federation_tokens) | set(FED_WORDS),
                     "federation token")


def _cost_words(ctx: _Ctx, src: Located, path: tuple, costs) -> None:
    for cost in costs:
        ctx.number(src, path, cost.column, cost.count, "price", _price_shown(cost))
        if isinstance(cost, ast.Pay):
            ctx.word(src, path, cost.column, cost.resource, ctx.c.resources, "resource")
        else:
            ctx.word(src, path, cost.source_column or cost.column, cost.source, AREAS, "place")
            ctx.word(src, path, cost.target_column or cost.column, cost.target, AREAS, "place")


def _price_shown(cost) -> str:
    return f"{cost.count}{cost.resource}" if isinstance(cost, ast.Pay) else f"move {cost.count} {cost.source}>{cost.target}"


def _check_set(ctx: _Ctx, src: Located, path: tuple, st: ast.Set) -> None:
    params = {n: p for n, p in ctx.c.parameters.items() if p.scope == "player"}
    off = src.string_offset(path) + st.column - 1
    if st.name not in params:
        extra = " (a game parameter: change it in a variant)" if st.name in ctx.c.parameters else ""
        ctx.err(src, path, f"unknown rule parameter '{st.name}'{did_you_mean(st.name, params)}{extra}", off)
        return
    p = params[st.name]
    keys = _parameter_keys(ctx, p)
    if st.use is not None:
        at = src.string_offset(path) + max(st.use_column, 1) - 1
        if not p.uses:
            ctx.err(src, path, f"'{st.name}' has one use only: write it without 'for {st.use}'", at)
        elif st.use not in p.uses:
            ctx.err(src, path, f"unknown use '{st.use}' of '{st.name}'{did_you_mean(st.use, p.uses)} "
                               f"(its uses: {', '.join(p.uses)})", at)
    if p.keyed_by and not st.keys:
        ctx.err(src, path, f"'{st.name}' needs a {p.keyed_by} key, e.g. {st.name}[{next(iter(keys))}]", off)
    if not p.keyed_by and st.keys:
        ctx.err(src, path, f"'{st.name}' takes no key", off)
    plain = [(k, c) for k, c in zip(st.keys, st.key_columns or (st.column,) * len(st.keys)) if "-on-" not in k]
    ctx.words(src, path, tuple(c for _, c in plain), st.column, tuple(k for k, _ in plain), keys,
              (p.keyed_by or "key").replace("_", " "))
    for key, column in zip(st.keys, st.key_columns or (st.column,) * len(st.keys)):
        if "-on-" in key:
            _check_key_on(ctx, src, path, p, st.name, key, column)
    if st.relative:
        at = src.string_offset(path) + max(st.value_column, 1) - 1
        if p.type == "cost":
            problem = None if isinstance(st.value, tuple) else (
                f"'{st.op}' on a price takes amounts, e.g. set {st.name} {st.op} 1{_first_resource(ctx)}, got {st.value!r}")
            problem = problem or _cost_value_problem(ctx.c, st.value)
            if problem:
                ctx.err(src, path, problem, at)
        elif p.type != "int":
            ctx.err(src, path, f"'{st.op}' changes only whole-number parameters and prices; '{st.name}' is a "
                               f"{p.type}: write 'set {st.name} = VALUE'", off)
        elif not isinstance(st.value, int) or st.value < 0:
            ctx.err(src, path, f"'{st.op}' takes a whole number of 0 or more, e.g. set {st.name} {st.op} 1, "
                               f"got {st.value!r}", at)
        return  # the values it can lead to: _check_reach
    problem = value_problem(ctx.c, p, st.value)
    if problem:
        ctx.err(src, path, f"'{st.name}': {problem}", off)


def _check_key_on(ctx: _Ctx, src: Located, path: tuple, p: cat.Parameter, name: str, key: str, column: int) -> None:
    """`ts-on-gaia`: a key of a structure on a planet kind (a planet type id, or `home`), only where the
    parameter is keyed by structure."""
    at = src.string_offset(path) + max(column, 1) - 1
    if p.keyed_by != "structure":
        ctx.err(src, path, f"'{key}': only a parameter keyed by structure takes a key of a structure on a planet "
                           f"kind; '{name}' is keyed by {(p.keyed_by or 'nothing').replace('_', ' ')}", at)
        return
    piece, _, kind = key.partition("-on-")
    ctx.word(src, path, column, piece, ctx.structures, "structure")
    kinds = set(ctx.c.planets) | {"home"}
    if kind not in kinds:
        ctx.err(src, path, f"unknown planet kind '{kind}' in key '{key}'{did_you_mean(kind, kinds)}; a key "
                           f"STRUCTURE-on-KIND takes a planet type id or home", at)


def _first_resource(ctx: _Ctx) -> str:
    return "c" if "c" in ctx.c.resources else next(iter(ctx.c.resources), "c")


# keyed parameters: by structure, by board action, or by the keys of a per-key default (e.g. token_route's flows)
def _parameter_keys(ctx: _Ctx, p: cat.Parameter):
    if p.keyed_by == "board_action":
        return set(ctx.c.board_actions)
    if p.keyed_by == "structure" or not isinstance(p.default, dict):
        return ctx.structures
    return tuple(p.default)


def value_problem(c: cat.Catalogue, p: cat.Parameter, value: Any) -> str | None:
    """Why `value` does not fit parameter `p`, or None."""
    if p.type == "int":
        return _int_problem(p, value)
    if p.type == "bool":
        if isinstance(value, bool) or value in ("true", "false"):
            return None
        return f"expected true or false, got {value!r}"
    if p.type == "area":
        if isinstance(value, str) and value in POWER_AREAS:
            return None
        return f"expected one of {', '.join(POWER_AREAS)}, got {value!r}{did_you_mean(value, POWER_AREAS)}"
    if p.type == "cost":
        return _cost_value_problem(c, value)
    if p.type == "choice":
        return None if value in p.choices else f"expected one of {', '.join(p.choices)}, got {value!r}{did_you_mean(value, p.choices)}"
    if p.type == "list":
        if not isinstance(value, list):
            return f"expected a list, got {value!r}"
        return next((f"item {i}: {problem}" for i, item in enumerate(value)
                     if (problem := _int_problem(p, item))), None)
    return None


def _int_problem(p: cat.Parameter, value: Any) -> str | None:
    """Why `value` is not a whole number within the parameter's declared range, or None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return f"expected a whole number, got {value!r}"
    if (p.min is not None and value < p.min) or (p.max is not None and value > p.max):
        low = "" if p.min is None else str(p.min)
        high = "" if p.max is None else str(p.max)
        return f"{value} is outside its declared range {low}..{high}"
    return None


def _resource_hint(c: cat.Catalogue, word: str) -> str:
    """` (did you mean 'o'?)`: the resource a word names (`ore`, `credits`), else the closest code."""
    named = [code for code, r in c.resources.items()
             if word.lower() in (str(r.get("name", "")).lower(), str(r.get("plural", "")).lower())]
    return f" (did you mean '{named[0]}'?)" if named else did_you_mean(word, c.resources)


def _cost_value_problem(c: cat.Catalogue, value: Any) -> str | None:
    """A `cost` parameter's value: an amount such as 1q (from `set`), or a price text (from YAML)."""
    expected = "expected a price such as 1q"
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):  # a price: 4c, 2o
        return next((problem for pair in value if (problem := _cost_value_problem(c, pair))), None)
    high = effect_limits(c).get("price")
    if isinstance(value, tuple):
        count, resource = value
        if resource not in c.resources:
            return f"{expected}, got {count}{resource}: unknown resource '{resource}'{_resource_hint(c, resource)}"
        if isinstance(high, int) and count > high:
            return (f"the price {count} of '{count}{resource}' is outside its declared range 0..{high} "
                    f"(effect_limits.price of the game file)")
        return None if count >= 0 else f"{expected}, got {count}{resource}"
    if not isinstance(value, str):
        return f"{expected}, got {value!r}"
    try:
        costs = parse_price(value)
    except EffectSyntaxError:
        return f"{expected}, got {value!r}"
    for cost in costs:
        if not isinstance(cost, ast.Pay):
            return f"{expected}, got {value!r}"
        if cost.resource not in c.resources:
            return (f"{expected}, got {value!r}: unknown resource '{cost.resource}'"
                    f"{_resource_hint(c, cost.resource)}")
        if isinstance(high, int) and cost.count > high:
            return (f"the price {cost.count} of '{cost.count}{cost.resource}' is outside its declared range 0..{high} "
                    f"(effect_limits.price of the game file)")
    return None


def _filter_words(ctx: _Ctx, spec) -> dict[str, str] | set[str]:
    """The words an event's filter may be (EVENT_FILTERS: a kind of content id, or fixed words)."""
    ids = {"structure": ctx.structures, "track": set(ctx.c.tracks), "board-action": set(ctx.c.board_actions),
           "federation-token": set(ctx.c.federation_tokens),
           "tech-tile": set(ctx.c.tech_tiles) | set(ctx.c.advanced_tech_tiles),
           "structure-or-faction": ctx.structures | set(ctx.c.factions),
           "track-or-resource": set(ctx.c.tracks) | set(ctx.c.resources)}
    if isinstance(spec, str):
        return ids[spec]
    words = {w for w in spec if w}
    return words | ids.get(spec.get("", ""), set())


# What an opponent's event may give the holder: amounts kept or charged at once (a choice of the
# holder's, or a step or range for a build of theirs, would have to happen in the opponent's turn).
OPPONENT_GAIN_REFUSED = frozenset({"step", "range"})


def _check_opponent(ctx: _Ctx, src: Located, path: tuple, st: ast.Statement, as_kind: str) -> None:
    """`on opponent EVENT`: an event of one player, heard by the others, giving them amounts."""
    cl, off = st.clause, src.string_offset(path)
    if cl.event.name in TABLE_EVENTS:
        ctx.err(src, path, f"'on opponent {cl.event.name}' can never fire: '{cl.event.name}' happens to every player "
                           f"at once; write 'on {cl.event.name}'", off + cl.event.column - 1)
    if as_kind == "round_scoring":
        ctx.err(src, path, "'on opponent' can never fire on a round scoring tile: the tile scores its player's own "
                           "events", off + st.column - 1)
    for g in cl.gains:
        if not isinstance(g, ast.Amount) or g.resource in OPPONENT_GAIN_REFUSED:
            ctx.err(src, path, "'on opponent' gives amounts only (such as '1c', '2pw', '1vp per m'): a choice, a "
                               "build, a step or range would have to be taken in the opponent's turn",
                    off + getattr(g, "column", st.column) - 1)
            break


def _check_event(ctx: _Ctx, src: Located, path: tuple, st: ast.Statement, as_kind: str, pi: str) -> None:
    ev = st.clause.event
    off = src.string_offset(path)
    if st.clause.opponent:
        _check_opponent(ctx, src, path, st, as_kind)
    if isinstance(ev, ast.BuildEvent):
        ctx.words(src, path, ev.piece_columns, ev.column, ev.pieces, ctx.structures, "structure")
        for i, piece in enumerate(ev.pieces):
            if piece in ctx.unbuilt:
                ctx.err(src, path, f"'build {piece}' can never fire: placing a {piece} starts a Gaia Project, it is "
                                   f"not a build; use 'on gaia-start'",
                        off + (ev.piece_columns[i] if i < len(ev.piece_columns) else ev.column) - 1)
        if ev.source is not None:
            ctx.word(src, path, ev.source_column or ev.column, ev.source, ctx.structures, "structure")
        if ev.where is not None:
            ctx.word(src, path, ev.where_column or ev.column, ev.where, WHERE, "build filter")
        if ev.by:
            ctx.words(src, path, ev.by_columns, ev.column, ev.by, BUILD_BY, "build origin")
        return
    if ev.name not in EVENTS or ev.name == "build":
        ctx.word(src, path, ev.column, ev.name, EVENTS, "event")
        return
    if ev.name in UNREACHABLE_EVENTS.get(as_kind, ()):
        ctx.err(src, path, f"'on {ev.name}' can never fire {KIND_PLACES.get(as_kind, as_kind)}: it happens "
                           f"before the component is in play", off + ev.column - 1)
    spec = EVENT_FILTERS.get(ev.name)
    if ev.filters and spec is None:
        ctx.err(src, path, f"'on {ev.name}' takes no filter", off + (ev.filter_columns or (ev.column,))[0] - 1)
    elif ev.filters:
        ctx.words(src, path, ev.filter_columns, ev.column, ev.filters, _filter_words(ctx, spec), f"{ev.name} filter")
        if ev.name == "refused":
            unproduced_refusals(ctx.loader.notes, src, path, ev, ctx.c.resources)


def _check_limits(ctx: _Ctx, src: Located, path: tuple, st: ast.Statement, as_kind: str, pi: str) -> None:
    """Scopes, `once per` and `if` of one statement: known words, and never a scope that cannot hold."""
    off = src.string_offset(path)
    if st.scope is not None:
        known = ctx.structures | (set(EVENTS) - {"build"})
        ctx.words(src, path, st.scope.piece_columns, st.scope.column, st.scope.pieces, known, "structure or event")
        if as_kind == "planetary_institute" and st.scope.kind == "until" and pi in st.scope.pieces:
            ctx.err(src, path, f"'until {pi}' can never hold {KIND_PLACES[as_kind]}: these statements are held only "
                               f"once the {pi} is built", off + st.scope.column - 1)
    if st.once is not None and st.trigger not in LIMITABLE:
        ctx.err(src, path, f"'once per' applies to statements that fire or convert ({', '.join(sorted(LIMITABLE))}), "
                           f"not to '{st.trigger}', which is held, not fired (write 'if COUNT OP N:' to hold it "
                           f"only while a count compares true)", off + st.column - 1)
    if st.once is not None:
        ctx.word(src, path, st.once_column or st.column, st.once, ONCE_PERIODS, "period")
    cond = st.condition
    if cond is not None:
        event = st.clause.event.name if isinstance(st.clause, ast.On) else None
        ctx.number(src, path, cond.column, cond.value, "count", f"{cond.op} {cond.value}")
        ctx.number(src, path, cond.column, cond.each, "count", f"{cond.each} {'|'.join(cond.counters)}")
        _count_words(ctx, src, path, cond.counters, cond.counter_columns, cond.column, cond.within,
                     cond.within_column, event, cond.near)


def _check_statement(ctx: _Ctx, src: Located, path: tuple, st: ast.Statement, as_kind: str,
                     pi: str = "PI") -> None:
    c = ctx.c
    allowed = TRIGGERS_BY_KIND.get(as_kind)
    if allowed is not None and st.trigger not in allowed:
        place = KIND_PLACES.get(as_kind, f"on a {as_kind.replace('_', ' ')}")
        hint = WHERE_INSTEAD.get((as_kind, st.trigger)) or WHERE_INSTEAD.get((as_kind, "*"))
        ctx.err(src, path, f"'{st.trigger}' can never fire {place}; "
                           f"use one of: {', '.join(sorted(allowed))}" + (f" ({hint})" if hint else ""),
                src.string_offset(path) + st.column - 1)
    _check_limits(ctx, src, path, st, as_kind, pi)
    cl = st.clause
    event = None
    if isinstance(cl, ast.On):
        _check_event(ctx, src, path, st, as_kind, pi)
        event = cl.event.name
    if isinstance(cl, (ast.Free, ast.GaiaPhase)):
        _cost_words(ctx, src, path, cl.costs)
    if isinstance(cl, ast.Set):
        _check_set(ctx, src, path, cl)
    elif isinstance(cl, ast.Replace):
        ctx.word(src, path, cl.column, cl.old, c.resources, "resource")
        ctx.word(src, path, cl.new_column or cl.column, cl.new, c.resources, "resource")
    elif isinstance(cl, ast.Lock):
        ctx.word(src, path, cl.column, cl.track, c.tracks, "research track")
    elif hasattr(cl, "gains"):
        _gain_words(ctx, src, path, cl.gains, event)


def _check_effects(ctx: _Ctx, docs: list[tuple[str, Located]], built: bool) -> None:
    """Check every effect string; in files never built (schema errors) report syntax errors too."""
    for kind, src in docs:
        try:
            found = list(_effect_paths(kind, src.data))
        except (AttributeError, TypeError):
            continue  # a shape the schema check has already reported
        for path, text, as_kind in found:
            if not isinstance(text, str):
                continue
            try:
                effect = parse_effect(text)
            except EffectSyntaxError as err:
                if not built:
                    ctx.err(src, path, f"{err.message}: '{text}'", src.string_offset(path) + err.column - 1)
                continue  # built files reported it while building
            pi = src.data.get("planetary_institute_structure", "PI") if isinstance(src.data, dict) else "PI"
            for i, st in enumerate(effect.statements):
                _check_statement(ctx, src, path, st, as_kind, pi)
                if built and isinstance(st.clause, ast.Set):
                    doc_id = src.data.get("id") if isinstance(src.data, dict) else None
                    ctx.sets.append(_Found(kind, doc_id, path, i, st.clause, src, st.condition is not None))


# ------------------------------------------------------------------ references and counts

def _check_structures(ctx: _Ctx, src: Located, structures: dict, base: dict | None = None) -> None:
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
                        ctx.number(src, ("structures", sid, key), cost.column, cost.count, "price", _price_shown(cost))
                        if isinstance(cost, ast.Pay):
                            ctx.word(src, ("structures", sid, key), cost.column, cost.resource, ctx.c.resources, "resource")
                except EffectSyntaxError:
                    pass


def _check_setup(ctx: _Ctx, src: Located, items: list, rows: dict, home: str | None = None) -> None:
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


# ------------------------------------------------------------------ placement

def _word_items(s: dict, key: str) -> list[tuple[tuple, str]]:
    """(path below the structure, word) of a field written as one word or a list of words."""
    value = s.get(key)
    if isinstance(value, str):
        return [((key,), value)]
    return [((key, i), w) for i, w in enumerate(value) if isinstance(w, str)] if isinstance(value, list) else []


def _check_placement(ctx: _Ctx, src: Located, sid: str, s: dict, merged: dict) -> None:
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


def _check_price_part(ctx: _Ctx, src: Located, path: tuple, part: str) -> None:
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
        ctx.number(src, path, cost.column, cost.count, "price", _price_shown(cost))
        if isinstance(cost, ast.Pay):
            ctx.word(src, path, cost.column, cost.resource, ctx.c.resources, "resource")


def _check_placement_combinations(ctx: _Ctx, src: Located, sid: str, s: dict, merged: dict) -> None:
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


def _check_guest_pieces(ctx: _Ctx, src: Located, structures: dict) -> None:
    """One piece at most shares planets opponents hold (a saved game records a guest by player)."""
    sharing = [sid for sid, s in structures.items() if isinstance(s, dict) and s.get("guest_on")]
    for sid in sharing[1:]:
        ctx.err(src, ("structures", sid, "guest_on") if sid in (src.data.get("structures") or {}) else ("structures",),
                f"structures '{sharing[0]}' and '{sid}' both have guest_on: one piece of a faction at most may go on "
                "planets opponents hold")


def _check_price_field(ctx: _Ctx, src: Located, data: dict) -> None:
    """A component's `cost` (a board action, the research board): each count within `effect_limits.price`."""
    text = data.get("cost")
    try:
        costs = parse_price(text or "") if isinstance(text, str) else ()
    except EffectSyntaxError:
        return  # reported while building
    for cost in costs:
        ctx.number(src, ("cost",), cost.column, cost.count, "price", _price_shown(cost))


def _check_faction(ctx: _Ctx, src: Located, data: dict) -> None:
    c = ctx.c
    locked_rewards(ctx.loader.notes, src, _effect_paths("faction", data))
    check_start_caps(ctx, src, data)
    homes = [p.id for p in c.planets.values() if p.habitable == "home"]
    ctx.word(src, ("home",), 1, data["home"], homes, "home planet type")
    for i, track in enumerate(data.get("research", [])):
        ctx.word(src, ("research", i), 1, track, c.tracks, "research track")
    board = c.boards.get(data.get("board"))
    if board is not None:  # an unknown board is reported once, by the builder: its rows cannot be merged
        _check_structures(ctx, src, data.get("structures", {}), board.get("structures", {}))
        rows = board.get("structures", {})
        own = data.get("structures", {})
        if any(isinstance(v, dict) and "guest_on" in v for v in own.values()):
            _check_guest_pieces(ctx, src, {k: {**rows.get(k, {}), **(own.get(k) or {})} for k in {**rows, **own}})
        merged = {sid: {**row, **(own.get(sid) or {})} for sid, row in rows.items()}
        _check_setup(ctx, src, data.get("setup", []), {**own, **merged}, data.get("home"))
    pi = data.get("planetary_institute_structure", "PI")
    if data.get("planetary_institute") and pi not in ctx.structures:
        ctx.err(src, ("planetary_institute",), f"planetary_institute effects need a structure '{pi}'")


def _check_board(ctx: _Ctx, src: Located, data: dict) -> None:
    check_start_caps(ctx, src, data)
    _check_structures(ctx, src, data["structures"])
    _check_guest_pieces(ctx, src, data["structures"])
    _check_setup(ctx, src, data.get("setup", []), data["structures"])


def _check_sector(ctx: _Ctx, src: Located, data: dict) -> None:
    hexes = data["hexes"]
    if len(hexes) != SECTOR_HEXES:
        positions = {f"A{i}" for i in range(12)} | {f"B{i}" for i in range(6)} | {"C"}
        missing = sorted(positions - set(hexes), key=lambda p: (p[0], int(p[1:] or 0)))
        ctx.err(src, ("hexes",), f"a sector needs {SECTOR_HEXES} hexes, this one has {len(hexes)}"
                                 + (f"; missing {', '.join(missing)}" if missing else ""))
    for pos, planet in hexes.items():
        ctx.word(src, ("hexes", pos), 1, planet, ctx.c.planets, "planet type")


def _check_layout(ctx: _Ctx, src: Located, data: dict) -> None:
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


def _check_track(ctx: _Ctx, src: Located, data: dict) -> None:
    board = ctx.c.research
    if board is not None and len(data["levels"]) != board.levels:
        ctx.err(src, ("levels",), f"a research track needs {board.levels} levels (0-{board.levels - 1}), "
                                  f"this one has {len(data['levels'])}")


def _check_variant(ctx: _Ctx, src: Located, data: dict) -> None:
    _check_game_parameters(ctx, src, "parameters", data["parameters"])


def _check_solo_parameters(ctx: _Ctx, src: Located, data: dict) -> None:
    """The game parameters the Automa's rules set for solo games are checked as a variant's."""
    _check_game_parameters(ctx, src, "game_parameters", data.get("game_parameters") or {})


def _check_game_parameters(ctx: _Ctx, src: Located, field: str, params: dict) -> None:
    for name, value in params.items():
        p = ctx.c.parameters.get(name)
        if p is None or p.scope != "game":
            games = [n for n, q in ctx.c.parameters.items() if q.scope == "game"]
            ctx.err(src, (field, name), f"unknown game parameter '{name}'{did_you_mean(name, games)}")
            continue
        problem = value_problem(ctx.c, p, value)
        if problem:
            ctx.err(src, (field, name), f"'{name}': {problem}")


def _check_parameters(ctx: _Ctx, src: Located, data: dict) -> None:
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


def _check_game(ctx: _Ctx, src: Located, data: dict) -> None:
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


def _check_final(ctx: _Ctx, src: Located, data: dict) -> None:
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


def _check_planets(ctx: _Ctx, src: Located, data: dict) -> None:
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
    ctx = _Ctx(c, loader)
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
    _check_effects(ctx, [(k, src) for (k, _), src in located.items()], built=True)
    _check_effects(ctx, loader.broken, built=False)
    _check_reach(ctx)
    per_kind = {
        "faction": _check_faction, "sector": _check_sector, "layout": _check_layout,
        "research_track": _check_track, "variant": _check_variant, "automa_rules": _check_solo_parameters, "parameters": _check_parameters,
        "final_scoring": _check_final, "planets": _check_planets, "game": _check_game,
        "faction_board": _check_board,
        "board_action": _check_price_field, "research_board": _check_price_field, "free_actions": check_burn,
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
