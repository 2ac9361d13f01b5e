"""Rule-parameter values, typed once when the catalogue is built.

A parameter's default (parameters.yaml), a variant's value and a `set` statement's
value are all written as text or YAML scalars; the rules want numbers, booleans,
prices as `Pay` tuples and lists as tuples. Typing them here means nothing is
parsed during play, and every source of a value reads the same way.
"""
from __future__ import annotations

from typing import Any

from ..language import ast


def typed_value(kind: str, value: Any) -> Any:
    """`value` as the parameter type `kind` reads it (int, bool, cost, list, area, choice).

    A value that does not fit its type is returned as written: validation reports it
    (`checks_context.value_problem`), the catalogue only types what is valid.
    """
    if isinstance(value, dict):  # a default per key (e.g. token_route's flows)
        return {k: typed_value(kind, v) for k, v in value.items()}
    try:
        if kind == "int":
            return int(value)
        if kind == "bool":
            return value if isinstance(value, bool) else {"true": True, "false": False}[value]
        if kind == "cost":
            return _price_or_as_written(value)
        if kind == "list":
            return tuple(int(v) for v in value)
    except (ValueError, TypeError, KeyError):
        return value
    return value


def _price_or_as_written(value: Any) -> Any:
    from ..language.parser import EffectSyntaxError  # the parser: only when the catalogue is built
    try:
        return as_price(value)
    except (ValueError, TypeError, KeyError, EffectSyntaxError):
        return value


def as_price(value: Any) -> tuple[ast.Pay, ...]:
    """A price in any spelling the content uses: '1t', '4c, 2o', (1, 't'), ((4, 'c'), (2, 'o')), Pay tuples."""
    if value is None or value == "" or value == ():
        return ()
    if isinstance(value, str):
        from ..language.parser import parse_price
        return tuple(parse_price(value))
    if isinstance(value[0], int):  # one amount: (1, 't')
        return (ast.Pay(value[0], value[1]),)
    if isinstance(value[0], tuple):
        return tuple(ast.Pay(n, r) for n, r in value)
    return tuple(value)
