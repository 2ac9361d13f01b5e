"""Test-wide settings.

Typer's test runner builds the click command from the `gaia` functions again at every
`invoke` (about 0.1 s each, hundreds of times a run); a process runs it once. The command
is the same object every time, so the runner builds it once here.

pytest-xdist's workers start with COLUMNS=80 and LINES=24 in their environment, which a run with
`-n 0` does not have: the commands fit their output to COLUMNS in a pipe, so the tests take both out
and see the same widths whichever way they are run (a test that wants a width sets it itself).

A worker of pytest-xdist ends with a full garbage collection of everything the tests left (pytest's
unraisable-exception check). Run after the worker has told the run it is finished, on a big heap and a
busy machine it took more than the 5 seconds execnet waits before it interrupts the worker with SIGINT:
the KeyboardInterrupt landed in hypothesis's gc callback and printed a traceback under the summary.
The tests' garbage is collected at the end of the session instead, while the run still waits for
this process, and what is left is frozen, so the last collection has nothing to walk.

The built catalogue is kept on disk (gaia_rules/content/cache.py): the tests keep theirs in a
folder of their own, never in the user's cache folder, for this process and every process it starts.
"""
import atexit
import functools
import gc
import os
import shutil
import tempfile

import pytest
import typer.testing

if hasattr(typer.testing, "_get_command"):  # typer's own helper: without it, tests build it each time as before
    typer.testing._get_command = functools.lru_cache(maxsize=None)(typer.testing._get_command)


for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)

_CACHE_HOME = tempfile.mkdtemp(prefix="gaia-tests-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE_HOME


def _remove_cache_home() -> None:
    try:
        shutil.rmtree(_CACHE_HOME, ignore_errors=True)
    except RecursionError:  # pragma: no cover - a folder nested deeper than Python walks: leave it to the system
        pass


atexit.register(_remove_cache_home)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """Collect the tests' garbage before this process reports its end (see the module's text)."""
    gc.collect()
    gc.freeze()
