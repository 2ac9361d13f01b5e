"""Test-wide settings.

Typer's test runner builds the click command from the `gaia` functions again at every
`invoke` (about 0.1 s each, hundreds of times a run); a process runs it once. The command
is the same object every time, so the runner builds it once here.
"""
import functools

import typer.testing

if hasattr(typer.testing, "_get_command"):  # typer's own helper: without it, tests build it each time as before
    typer.testing._get_command = functools.lru_cache(maxsize=None)(typer.testing._get_command)
