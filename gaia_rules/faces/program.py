"""The `gaia` program itself (pyproject's entry point): what only the program does before its command line loads.

Starting, the program imports typer, rich and its own layers and creates their classes: some 100,000
objects that live until it exits. Python's collector would walk them again and again as they are made
(sixty-odd collections in `gaia show`, a twentieth of its time), so the program pauses it while it
starts and, when the command runs, freezes what was made (`gc.freeze`) and resumes it (faces/app.py).
Library use and tests import faces/cli.py directly and keep the collector as Python sets it.
"""
from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    from .cli import app
    app()
