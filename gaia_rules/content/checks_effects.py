"""Checks of effect strings: every word of every effect names something the content knows.

Gains, costs, counts, `set` statements, events and their filters, opponents' gains and the numbers'
declared ranges, each reported at the column of the word in its file.
"""
from __future__ import annotations

from typing import Any, Iterator

from ..language import EffectSyntaxError, parse_effect
from ..language import ast
from ..language.vocabulary import (AREAS, BUILD_BY, COUNTERS, EVENT_DATA,
                                   EVENT_FILTERS, EVENT_PIECES, EVENTS, FED_WORDS, KIND_PLACES, LIMITABLE,
                                   ONCE_PERIODS, OWN_EVENTS, TABLE_EVENTS, TRIGGERS_BY_KIND, UNREACHABLE_EVENTS,
                                   UP_CHOICES, WHERE, WHERE_INSTEAD)
from . import catalogue as cat
from .never_fire import unproduced_refusals
from .reach import Found as _Found
from .spelling import did_you_mean
from .yamlsrc import Located
from .checks_context import CheckContext, PIECE_COUNTERS, cost_value_problem, value_problem


def effect_paths(kind: str, data: dict) -> Iterator[tuple[tuple, Any, str]]:
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


def _count_words(ctx: CheckContext, src: Located, path: tuple, words, columns, fallback: int, within: str | None,
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


def _gain_words(ctx: CheckContext, src: Located, path: tuple, gains, event: str | None = None) -> None:
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


def _cost_words(ctx: CheckContext, src: Located, path: tuple, costs) -> None:
    for cost in costs:
        ctx.number(src, path, cost.column, cost.count, "price", price_shown(cost))
        if isinstance(cost, ast.Pay):
            ctx.word(src, path, cost.column, cost.resource, ctx.c.resources, "resource")
        else:
            ctx.word(src, path, cost.source_column or cost.column, cost.source, AREAS, "place")
            ctx.word(src, path, cost.target_column or cost.column, cost.target, AREAS, "place")


def price_shown(cost) -> str:
    return f"{cost.count}{cost.resource}" if isinstance(cost, ast.Pay) else f"move {cost.count} {cost.source}>{cost.target}"


def _check_set(ctx: CheckContext, src: Located, path: tuple, st: ast.Set) -> None:
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
            problem = problem or cost_value_problem(ctx.c, st.value)
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


def _check_key_on(ctx: CheckContext, src: Located, path: tuple, p: cat.Parameter, name: str, key: str, column: int) -> None:
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


def _first_resource(ctx: CheckContext) -> str:
    return "c" if "c" in ctx.c.resources else next(iter(ctx.c.resources), "c")


# keyed parameters: by structure, by board action, or by the keys of a per-key default (e.g. token_route's flows)
def _parameter_keys(ctx: CheckContext, p: cat.Parameter):
    if p.keyed_by == "board_action":
        return set(ctx.c.board_actions)
    if p.keyed_by == "structure" or not isinstance(p.default, dict):
        return ctx.structures
    return tuple(p.default)


def _filter_words(ctx: CheckContext, spec) -> dict[str, str] | set[str]:
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


def _check_opponent(ctx: CheckContext, src: Located, path: tuple, st: ast.Statement, as_kind: str) -> None:
    """`on opponent EVENT`: an event of one player, heard by the others, giving them amounts."""
    cl, off = st.clause, src.string_offset(path)
    if cl.event.name in TABLE_EVENTS:
        ctx.err(src, path, f"'on opponent {cl.event.name}' can never fire: '{cl.event.name}' happens to every player "
                           f"at once; write 'on {cl.event.name}'", off + cl.event.column - 1)
    if cl.event.name in OWN_EVENTS:
        ctx.err(src, path, f"'on opponent {cl.event.name}' is not heard: '{cl.event.name}' is what its player gets "
                           f"instead of a gain cut short, heard by that player alone; write 'on {cl.event.name}'",
                off + cl.event.column - 1)
    if as_kind == "round_scoring":
        ctx.err(src, path, "'on opponent' can never fire on a round scoring tile: the tile scores its player's own "
                           "events", off + st.column - 1)
    for g in cl.gains:
        if not isinstance(g, ast.Amount) or g.resource in OPPONENT_GAIN_REFUSED:
            ctx.err(src, path, "'on opponent' gives amounts only (such as '1c', '2pw', '1vp per m'): a choice, a "
                               "build, a step or range would have to be taken in the opponent's turn",
                    off + getattr(g, "column", st.column) - 1)
            break


def _check_event(ctx: CheckContext, src: Located, path: tuple, st: ast.Statement, as_kind: str, pi: str) -> None:
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


def _check_limits(ctx: CheckContext, src: Located, path: tuple, st: ast.Statement, as_kind: str, pi: str) -> None:
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


def _check_statement(ctx: CheckContext, src: Located, path: tuple, st: ast.Statement, as_kind: str,
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


def check_effects(ctx: CheckContext, docs: list[tuple[str, Located]], built: bool) -> None:
    """Check every effect string; in files never built (schema errors) report syntax errors too."""
    for kind, src in docs:
        try:
            found = list(effect_paths(kind, src.data))
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


