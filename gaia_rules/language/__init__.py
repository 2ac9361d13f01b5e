"""The effect language: grammar, typed AST, parser and English rendering."""
from .parser import EffectSyntaxError, parse_effect, parse_price

__all__ = ["EffectSyntaxError", "parse_effect", "parse_price"]
