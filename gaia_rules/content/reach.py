"""Parameter values a player can reach: each value a `set` can lead to, checked against the declared range.

`gaia validate` works out, for each int parameter some statement changes relatively, the lowest and
the highest value a player of each faction can reach over every combination of what it can hold
(docs/effects.md, "Relative changes"); a statement held only while its `if` holds is on or off,
whichever reaches further. (`checks` gathers the `Found` statements and calls `check_reach`.)
"""
from __future__ import annotations

from typing import Iterator, NamedTuple

from ..language import ast
from . import catalogue as cat
from .yamlsrc import Located


class Found(NamedTuple):
    """One `set` statement of a built file and where it is."""

    kind: str            # the document kind (faction, research_track, tech_tile, ...)
    doc: str | None      # the document id
    path: tuple
    index: int           # the statement's position in its effect string
    st: ast.Set
    src: Located
    optional: bool = False   # held only while its `if` holds: on or off in any position

    def where(self) -> str:
        line, col = self.src.where(self.path)
        return f"{self.src.file}:{line}:{col + self.src.string_offset(self.path) + self.st.column - 1}"

    def text(self) -> str:
        keys = f"[{', '.join(self.st.keys)}]" if self.st.keys else ""
        use = f" for {self.st.use}" if self.st.use else ""
        return f"set {self.st.name}{keys}{use} {self.st.op} {self.st.value}"


def _groups(ctx, faction: cat.Faction, found: list[Found]) -> list[tuple[list[Found], ...]]:
    """What a player of `faction` can hold, as independent groups of options (one option of each group is
    held): the faction's ability (always), its PI (or not), each structure's slots (the first n), each
    research track (levels up to one), each tech and advanced tile (or not), one booster (or none).
    Each `Found` carries its place in the fold order (`PARAMETER_SOURCES`) through `_rank`."""
    c = ctx.c
    own = [f for f in found if f.kind == "faction" and f.doc == faction.id]
    fdata = next((src.data for (k, i), src in ctx.located.items() if k == "faction" and i == faction.id), {})
    groups: list[tuple[list[Found], ...]] = [([f for f in own if f.path[0] in ("ability", "income")],),
                                             ([], [f for f in own if f.path[0] == "planetary_institute"])]
    for sid, s in faction.structures.items():
        slots = [f for f in own if f.path[:3] == ("structures", sid, "slots")]
        if not slots and not ((fdata.get("structures") or {}).get(sid) or {}).get("slots"):
            slots = [f for f in found if f.kind == "faction_board" and f.doc == fdata.get("board")
                     and f.path[:3] == ("structures", sid, "slots")]
        groups.append(tuple([f for f in slots if f.path[3] < n] for n in range(len(s.slots) + 1)))
    for track in c.tracks:
        levels = [f for f in found if f.kind == "research_track" and f.doc == track]
        groups.append(tuple([f for f in levels if f.path[1] <= lv] for lv in range(len(c.tracks[track].levels))))
    for kind in ("tech_tile", "advanced_tech_tile"):
        for tile in (c.tech_tiles if kind == "tech_tile" else c.advanced_tech_tiles):
            groups.append(([], [f for f in found if f.kind == kind and f.doc == tile]))
    groups.append(([],) + tuple([f for f in found if f.kind == "booster" and f.doc == b] for b in c.boosters))
    return [g for g in groups if any(g)]


def _rank(ctx, f: Found) -> tuple:
    """Which absolute `set` wins (the highest): the most specific (a key, then a use), then the last in the
    fold order of `PARAMETER_SOURCES` (research: track order, level; tiles and boosters: catalogue order)."""
    kind = {"faction": "faction", "faction_board": "structure", "research_track": "research",
            "tech_tile": "tech", "advanced_tech_tile": "adv", "booster": "booster"}.get(f.kind, f.kind)
    if f.kind in ("faction", "faction_board"):
        kind = {"income": "income", "ability": "faction", "planetary_institute": "pi"}.get(f.path[0], "structure")
    table = {"research": ctx.c.tracks, "tech": ctx.c.tech_tiles, "adv": ctx.c.advanced_tech_tiles,
             "booster": ctx.c.boosters}.get(kind, {})
    order = list(table).index(f.doc) if f.doc in table else 0
    level = f.path[1] if kind == "research" else f.path[3] if kind == "structure" else 0
    return (bool(f.st.keys), f.st.use is not None,
            cat.PARAMETER_SOURCES.index(kind) if kind in cat.PARAMETER_SOURCES else 0, order, level, f.index)


def check_reach(ctx) -> None:
    """An int parameter some statement changes by `+=`/`-=`: every value a player can reach (each faction,
    every combination of research levels, tiles and booster it can hold) stays in the declared range."""
    c = ctx.c
    changed = {f.st.name for f in ctx.sets if f.st.relative}
    reported: set[tuple] = set()
    for name in sorted(changed):
        p = c.parameters.get(name)
        if p is None or p.type != "int" or p.scope != "player" or (p.min is None and p.max is None):
            continue
        found = [f for f in ctx.sets if f.st.name == name and (not f.st.relative or isinstance(f.st.value, int))]
        for faction in c.factions.values():
            groups = _groups(ctx, faction, found)
            keys: set = {k for f in found for k in f.st.keys}
            if p.keyed_by and any(not f.st.keys for f in found):
                keys |= set(faction.structures) if p.keyed_by == "structure" else set(p.default or ())
            for key in sorted(keys) if p.keyed_by else [None]:
                for use in (list(p.uses) or [None]):
                    for low, high, rows in _extremes(ctx, p, faction, key, use, groups):
                        for value, bound, side in ((low, p.min, "below"), (high, p.max, "above")):
                            if bound is None or (value >= bound if side == "below" else value <= bound):
                                continue
                            blame = rows[side]
                            what = (name + (f"[{key}]" if key else "") + (f" for {use}" if use else ""))
                            seen = (what, side, tuple(f.where() for f in blame))
                            if seen in reported:
                                continue
                            reported.add(seen)
                            first = next((f for f in blame if f.st.relative), blame[0] if blame else None)
                            if first is None:
                                continue
                            because = "; ".join(f"{f.text()} at {f.where()}" for f in blame)
                            ctx.err(first.src, first.path,
                                    f"'{what}' can reach {value} (faction {faction.id}, holding: {because}), "
                                    f"{side} its declared range {'' if p.min is None else p.min}.."
                                    f"{'' if p.max is None else p.max}",
                                    first.src.string_offset(first.path) + first.st.column - 1)


def _extremes(ctx, p: cat.Parameter, faction: cat.Faction, key, use, groups) -> Iterator[tuple]:
    """(lowest, highest, {"below": statements, "above": statements}) of one (key, use) for each statement
    that can win as the absolute value (and the default), over every option of every group."""
    piece = None if key is None else key.partition("-on-")[0]   # `ts-on-gaia`: ts's statements apply too

    def applies(f: Found) -> bool:
        return (not f.st.keys or key in f.st.keys or piece in f.st.keys) and (f.st.use is None or f.st.use == use)

    if key is not None and p.keyed_by == "structure":
        if piece not in faction.structures or not p.default_from:
            return
        default = getattr(faction.structures[piece], p.default_from, None)
    else:
        default = p.default[key] if isinstance(p.default, dict) else p.default
    if not isinstance(default, int):
        return
    absolutes = [f for g in groups for option in g for f in option if not f.st.relative and applies(f)]
    for winner in [None, *absolutes]:
        top = None if winner is None else _rank(ctx, winner)
        base = default if winner is None else winner.st.value
        if not isinstance(base, int):
            continue
        low, high = base, base
        rows = {"below": [winner] if winner else [], "above": [winner] if winner else []}
        possible = True
        for g in groups:
            options = []
            holds_winner = winner is not None and any(f is winner for option in g for f in option)
            for option in g:
                mine = [f for f in option if applies(f)]
                if holds_winner and not any(f is winner for f in mine):
                    continue
                if any(not f.st.relative and not f.optional and f is not winner
                       and (top is None or _rank(ctx, f) > top) for f in mine):
                    continue
                # an optional (conditional) change counts where it lowers the low or raises the high
                rel = [f for f in mine if f.st.relative]
                down = [f for f in rel if not f.optional or f.st.delta < 0]
                up = [f for f in rel if not f.optional or f.st.delta > 0]
                options.append((sum(f.st.delta for f in down), down, sum(f.st.delta for f in up), up))
            if not options:
                possible = False
                break
            lo, hi = min(options, key=lambda o: o[0]), max(options, key=lambda o: o[2])
            low, high = low + lo[0], high + hi[2]
            rows["below"] += [f for f in lo[1] if f.st.delta < 0]
            rows["above"] += [f for f in hi[3] if f.st.delta > 0]
        if possible:
            yield low, high, rows
