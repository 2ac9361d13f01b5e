"""The effect language: grammar, typed AST, parser and English rendering.

The parser (and lark with it) is imported when first asked for (PEP 562): the typed AST of a
catalogue read from the cache needs no parser.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import EffectSyntaxError

if TYPE_CHECKING:
    from .parser import parse_effect, parse_price

__all__ = ["EffectSyntaxError", "parse_effect", "parse_price"]


def __getattr__(name: str):
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import parser
    return getattr(parser, name)
