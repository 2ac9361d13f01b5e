"""A mine build followed call by call from `gaia move` (tests/project/call_path.py): the files it enters."""
from __future__ import annotations

import importlib
import sys

from call_path import CallPath, build_path, trace


def test_a_call_from_another_file_enters_a_file_and_one_entered_before_is_a_return(tmp_path):
    pkg = tmp_path / "tracedpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low.py").write_text("def one():\n    return 1\n\ndef two(f):\n    return f() + one()\n")
    (pkg / "high.py").write_text("from . import low\n\ndef run():\n    return low.two(helper) + again() + low.one()\n\n"
                                 "def helper():\n    return 2\n\ndef again():\n    return 3\n")
    sys.path.insert(0, str(tmp_path))
    try:
        high = importlib.import_module("tracedpkg.high")
        found = trace(high.run, str(pkg))
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("tracedpkg.high", "tracedpkg.low", "tracedpkg"):
            sys.modules.pop(name, None)
    # run (high) > two (low) > helper (high; then one, called in low, enters nothing) > again (called in
    # high: nothing) > one (low)
    assert found == CallPath(("high.py", "low.py", "high.py", "low.py"))
    assert (len(found.steps), found.files, found.returns, found.share) == (4, 2, 2, 0.5)


def test_a_mine_build_from_gaia_move_returns_to_a_file_already_entered_in_fewer_than_half_its_steps(tmp_path):
    text, found = build_path(tmp_path)
    assert text.startswith("build m ")
    assert found.share < 0.5, f"{text}: {found.summary()}:\n" + " > ".join(found.steps)
