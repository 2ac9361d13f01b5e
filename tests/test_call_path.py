"""A mine build followed call by call from `gaia move` (tests/call_path.py): the files it enters."""
from __future__ import annotations

import importlib
import sys

from call_path import CallPath, trace


def test_consecutive_calls_into_one_file_are_one_step_and_a_file_entered_again_is_a_return(tmp_path):
    pkg = tmp_path / "tracedpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low.py").write_text("def one():\n    return 1\n\ndef two():\n    return one() + 1\n")
    (pkg / "high.py").write_text("from . import low\n\ndef run():\n    return low.two() + low.one() + again()\n\n"
                                 "def again():\n    return low.one()\n")
    sys.path.insert(0, str(tmp_path))
    try:
        high = importlib.import_module("tracedpkg.high")
        found = trace(high.run, str(pkg))
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("tracedpkg.high", "tracedpkg.low", "tracedpkg"):
            sys.modules.pop(name, None)
    # run (high) > two, one (low) > one (low) > again (high) > one (low)
    assert found == CallPath(("high.py", "low.py", "high.py", "low.py"))
    assert (len(found.steps), found.files, found.returns, found.share) == (4, 2, 2, 0.5)
