"""The tests' own layout: a reader sees from a test's path which room it tests and which tier it is in.

Each test file sits in a room folder of tests/ named after the layer it tests (`catalogue` holds the
tests of gaia_rules/content, since tests/content/ holds test content); directly in tests/ sit only the
shared helpers. The slow tier lives in files named `slow_*.py` beside the fast tests of their room, each
marked slow as a whole, and no other file marks a test slow: `python -m pytest -q` leaves them all out.
"""
import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOMS = {"language", "catalogue", "board", "rules", "formats", "players", "faces", "lab", "project"}


def _test_files() -> list[Path]:
    return sorted(p for pattern in ("test_*.py", "slow_*.py") for p in TESTS.rglob(pattern)
                  if "__pycache__" not in p.parts)


def _marks_slow(tree: ast.Module) -> bool:
    """Whether the module names `pytest.mark.slow` anywhere: on a test, a parameter or the whole module."""
    return any(isinstance(n, ast.Attribute) and n.attr == "slow" and isinstance(n.value, ast.Attribute)
               and n.value.attr == "mark" for n in ast.walk(tree))


def _module_mark(tree: ast.Module) -> str | None:
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["pytestmark"]:
            return ast.unparse(node.value)
    return None


def test_directly_in_tests_sit_only_the_shared_helpers():
    loose = sorted(p.name for pattern in ("test_*.py", "slow_*.py") for p in TESTS.glob(pattern))
    assert loose == []
    assert (TESTS / "conftest.py").is_file() and (TESTS / "docs_harness.py").is_file()


def test_every_test_file_sits_in_a_room_folder():
    misplaced = [str(p.relative_to(TESTS)) for p in _test_files()
                 if len(p.relative_to(TESTS).parts) != 2 or p.parent.name not in ROOMS]
    assert misplaced == []
    assert len(_test_files()) >= 100


def test_slow_tests_live_only_in_slow_files_each_marked_slow_as_a_whole():
    wrong = []
    for path in _test_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(TESTS))
        if path.name.startswith("slow_"):
            if _module_mark(tree) != "pytest.mark.slow":
                wrong.append(f"{where}: no `pytestmark = pytest.mark.slow`")
        elif _marks_slow(tree):
            wrong.append(f"{where}: marks a test slow; it belongs in a slow_*.py of its room")
    assert wrong == []


def test_file_names_are_unique_across_rooms():
    """pytest imports each test file by its name alone (no __init__.py), so two rooms cannot share one."""
    names = [p.name for p in _test_files()]
    assert sorted({n for n in names if names.count(n) > 1}) == []
