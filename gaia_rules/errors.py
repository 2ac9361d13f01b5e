"""The one root of every error gaia-rules raises on purpose, in the lowest layer so that every layer may name it.

`except GaiaError` catches a refused move, content with problems, a bad saved game or set-up file,
and no bug: a program built on the package tells its user's mistakes from its own.
"""
from __future__ import annotations


class GaiaError(Exception):
    """An error gaia-rules raises on purpose, with a message for people (one line where it can)."""
