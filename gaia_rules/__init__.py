"""gaia-rules: a rules-as-data engine for the board game Gaia Project."""

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it)
