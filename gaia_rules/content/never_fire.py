"""Statements that can never fire, said as notes (`gaia validate` stays clean: a designer may mean it).

A faction that always locks a research track (`lock up TRACK`, with no scope or condition) can never
take a step on it: an `up TRACK` it holds, or an `on research TRACK` it listens to, never happens; what
it gets instead is written with `on refused TRACK` (docs/effects.md, "What happens instead").

A refusal the content never produces is noted too: `on refused RES` for a resource with no `cap`
(a charge, `pw`, can always find no token to move; VP, free steps and range are never cut short), and
`on refused cap` while no resource has a cap.
"""
from __future__ import annotations

from typing import Iterable

from ..language import EffectSyntaxError, ast, parse_effect
from .yamlsrc import Located


def locked_rewards(notes: list[str], src: Located, found: Iterable[tuple[tuple, object, str]]) -> None:
    """Note each reward on a track the same faction always locks (`found`: the faction's effect strings,
    as (path, text, kind))."""
    parsed = []
    for path, text, _kind in found:
        try:
            parsed.append((path, parse_effect(text)))
        except (EffectSyntaxError, TypeError):
            continue   # reported elsewhere
    locks = {st.clause.track: (path, st) for path, eff in parsed for st in eff.statements
             if isinstance(st.clause, ast.Lock) and st.scope is None and st.condition is None
             and path[0] == "ability"}
    if not locks:
        return
    for path, eff in parsed:
        for st in eff.statements:
            for track, column in _steps(st):
                if track in locks:
                    line, col = src.where(path)
                    at = col + src.string_offset(path) + column - 1
                    notes.append(f"{src.file}:{line}:{at}: note: a step on '{track}' can never be taken: this "
                                 f"faction always locks it ('lock up {track}'); write what it gets instead "
                                 f"with 'on refused {track}: ...'")


def _steps(st: ast.Statement) -> list[tuple[str, int]]:
    """(track, column) of every research step a statement gives or listens to."""
    cl = st.clause
    out = [(g.track, g.track_column or g.column) for g in getattr(cl, "gains", ()) if isinstance(g, ast.Up)]
    if isinstance(cl, ast.On) and not cl.opponent and cl.event.name == "research":
        out += list(zip(cl.event.filters, cl.event.filter_columns or (cl.event.column,) * len(cl.event.filters)))
    return out


# Resources a gain of which is never cut short, whatever the content says (the rules hold no cap on them).
NEVER_CUT = frozenset({"vp", "step", "range"})


def unproduced_refusals(notes: list[str], src: Located, path: tuple, event: ast.NamedEvent, resources: dict) -> None:
    """Note each filter of an `on refused ...` that no gain of this content can produce (`resources`: the
    catalogue's resources, with their caps)."""
    capped = {code for code, row in resources.items() if isinstance(row, dict) and "cap" in row}
    columns = event.filter_columns or (event.column,) * len(event.filters)
    for word, column in zip(event.filters, columns):
        if word == "cap" and not capped:
            why = "no resource has a cap in resources.yaml, so no gain is cut short by one"
        elif word in NEVER_CUT:
            why = f"a gain of '{word}' is never cut short"
        elif word in resources and word != "pw" and word not in capped:
            why = f"'{word}' has no cap in resources.yaml, so a gain of it is never cut short"
        else:
            continue
        line, col = src.where(path)
        notes.append(f"{src.file}:{line}:{col + src.string_offset(path) + column - 1}: note: 'on refused {word}' "
                     f"can never fire: {why}")
