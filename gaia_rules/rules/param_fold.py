"""How the lasting statements a player holds fold into rule values: parameters, replacements, locks.

`Holdings` keeps one fold per holding (and one per set of conditional statements whose condition
holds now); the fold itself depends on nothing but the statements and their fixed source order.
"""
from __future__ import annotations

from typing import Any, Callable

from ..content.values import as_price
from ..language import ast


def fold(order: Callable[[Any], tuple], held: list) -> tuple:
    """Lasting statements folded in the fixed source order (`order`: `Holdings.source_order`), never the order
    gained in: the last absolute `=` of each (name, key, use) wins, the relative `+=`/`-=` add up (a
    number, or a price's amounts per resource); the last `replace` of a resource wins; locks join."""
    sets: dict[tuple, Any] = {}
    changes: dict[tuple, Any] = {}
    replace: dict[str, str] = {}
    locks: set[str] = set()
    for h in sorted(held, key=order):
        cl = h.statement.clause
        if isinstance(cl, ast.Replace):
            replace[cl.old] = cl.new
        elif isinstance(cl, ast.Lock):
            locks.add(cl.track)
        else:
            for key in (cl.keys or (None,)):
                if cl.relative:
                    changes[(cl.name, key, cl.use)] = _add_change(changes.get((cl.name, key, cl.use), 0), cl)
                else:
                    sets[(cl.name, key, cl.use)] = cl.value
    return sets, changes, replace, frozenset(locks)


def _add_change(total: Any, cl: ast.Set) -> Any:
    """A relative change added to the ones before it: a number, or amounts per resource (a price's)."""
    if isinstance(cl.value, int):
        return total + cl.delta
    sign = -1 if cl.op == "-=" else 1
    out = dict(total) if isinstance(total, dict) else {}
    for pay in as_price(cl.value):
        out[pay.resource] = out.get(pay.resource, 0) + sign * pay.count
    return out


def changed_value(value: Any, deltas: list) -> Any:
    """A parameter's value with its relative changes: numbers added; a price's amounts changed per
    resource, never below 0 (None, the printed price, is changed by `Holdings.price`)."""
    for delta in deltas:
        if isinstance(delta, dict):
            if value is not None:
                value = change_price(value, delta)
        elif delta:
            value += delta
    return value


def change_price(price: tuple, delta: dict[str, int]) -> tuple:
    """A price with amounts added or taken per resource (none below 0; a resource it lacks is added)."""
    amounts: dict[str, int] = {}
    for pay in price:
        amounts[pay.resource] = amounts.get(pay.resource, 0) + pay.count
    for res, n in delta.items():
        amounts[res] = amounts.get(res, 0) + n
    return tuple(ast.Pay(n, r) for r, n in amounts.items() if n > 0)
