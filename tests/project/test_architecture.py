"""The shape of the package: no import circles, imports at the top of a module, layers one way.

Read from the source with `ast` (nothing is imported), so a circle held together by an
import inside a function counts as much as one at module level.

Layers, lowest first; a module may import its own layer and the ones below:

1. language  - the effect grammar, its AST, parser and English rendering
2. content   - YAML, schemas, checks, the typed catalogue
3. board     - hex geometry, sectors, the map
4. state     - `GameState` as plain data
5. setup     - drawing a game's set-up (map, tiles, factions) from the content onto a `Setup`:
               it reads content, board and state, and the rules start a game from what it drew,
               so it sits just above state and below the rules
6. rules     - the engine
7. formats   - notation, saved games, replay, site import and export
8. players   - the bots and the arena
9. lab       - many bot games and what they say (between players and faces)
10. faces    - the command line, the session, tables, the map, explain, bench
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "gaia_rules"

# errors and user_cache (the cache folder, dataclass methods compiled once) sit below everything
LAYERS = ("errors", "user_cache", "language", "content", "board", "state", "setup", "rules", "formats", "players", "lab", "faces")

# Imports inside a function that are allowed, each with its reason: (module, imported module).
INNER_IMPORTS_ALLOWED = {
    ("gaia_rules.lab.cluster", "dask.distributed"):
        "Dask is an optional extra (pip install -e '.[cluster]'), needed only by gaia simulate --scheduler",
    ("gaia_rules.faces.cli_lab", "gaia_rules.lab.report"):
        "the lab's statistics need SciPy, an optional extra (pip install -e '.[lab]'): imported when gaia report "
        "runs, so gaia starts without it and gaia report names the extra in one line",
    ("gaia_rules.faces.cli_lab", "gaia_rules.lab.stats"):
        "the lab's statistics need SciPy, an optional extra (pip install -e '.[lab]'), as above",
    ("gaia_rules.faces.cli_lab", "gaia_rules.lab.effect"):
        "the effect of a change is computed with SciPy (lab.stats), as above",
    ("gaia_rules.lab.teach", "numpy"):
        "numpy comes with the lab extra (pip install -e '.[lab]'): only `gaia teach --fit` needs it, not play",
}
# The command modules import the layers below inside the commands that use them (and rich's progress
# bar where one is shown), so that `gaia --version`, `--help` and shell completion start at once
# (docs/bench.md, `startup`): nothing heavy at import of the command line.
for _command_module in ("app", "cli", "cli_game", "cli_turns", "cli_files", "cli_bots", "cli_lab", "bench", "cli_designer"):
    for _target in ("gaia_rules", "rich.progress"):
        INNER_IMPORTS_ALLOWED[(f"gaia_rules.faces.{_command_module}", _target)] = \
            "a command imports its layers when it runs, so that the command line starts at once"
INNER_IMPORTS_ALLOWED[("gaia_rules.faces.program", "gaia_rules.faces.cli")] = \
    "the program pauses Python's collector before it imports its command line (faces/program.py)"
INNER_IMPORTS_ALLOWED[("gaia_rules.faces.session", "prompt_toolkit")] = \
    "prompt_toolkit only when a person types at a terminal (`gaia move` uses the session's words, not its reader)"
# The readers (the content loader, YAML, jsonschema, lark's parser) are imported when content is built or
# a file is read: a command whose catalogue comes from the cache (content/cache.py) never needs them.
for _reader_user in ("content.load", "content.setupfile", "content.values", "faces.explain_factions", "faces.explain_text",
                     "faces.explain_tiles", "faces.view", "language", "rules.conversions", "rules.counting"):
    for _reader in ("gaia_rules.content.build", "gaia_rules.content.checks", "gaia_rules.content.loader",
                    "gaia_rules.content.yamlsrc", "gaia_rules.language.parser", "jsonschema", "yaml"):
        INNER_IMPORTS_ALLOWED[(f"gaia_rules.{_reader_user}", _reader)] = \
            "a reader is imported when content is built or a file read, so that a command starts at once"


class Module:
    def __init__(self, name: str, path: Path, is_package: bool):
        self.name, self.path, self.is_package = name, path, is_package
        self.tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        self.imports: list[tuple[str, int, bool]] = []  # (imported module, line, inside a function)


def modules_of(root: Path) -> dict[str, Module]:
    """Every module of the package at `root`, by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = Module(".".join(parts), path, is_package)
    return out


def _targets(module: Module, node: ast.Import | ast.ImportFrom, known) -> list[str]:
    """The modules an import statement names (relative ones resolved; `from pkg import sub` names pkg.sub)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        here = module.name.split(".")
        if not module.is_package:
            here.pop()
        here = here[: len(here) - (node.level - 1)]
        base = ".".join(here + ([node.module] if node.module else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def _imports(module: Module, known) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for every import statement of the module.

    Imports are statements, so only statement lists are walked (bodies, branches, handlers, cases).
    """
    out = []

    def visit(statements: list, in_function: bool) -> None:
        for st in statements:
            if isinstance(st, (ast.Import, ast.ImportFrom)):
                out.extend((t, st.lineno, in_function) for t in _targets(module, st, known))
                continue
            inner = in_function or isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                block = getattr(st, field, None)
                if isinstance(block, list):
                    visit(block, inner)

    visit(module.tree.body, False)
    return out


@lru_cache(maxsize=None)
def _graph(root: Path) -> tuple[dict[str, Module], dict[str, dict[str, tuple[int, bool]]]]:
    """The modules and, per module, the package modules it imports (with the first line and whether inside a function)."""
    mods = modules_of(root)
    edges: dict[str, dict[str, tuple[int, bool]]] = {}
    for name, module in mods.items():
        edges[name] = {}
        module.imports = _imports(module, mods)
        for target, line, inner in module.imports:
            if target in mods and target != name:
                edges[name].setdefault(target, (line, inner))
    return mods, edges


def circles(edges: dict[str, dict]) -> list[list[str]]:
    """One circle (`[a, b, ..., a]`) for every group of modules that import each other round."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return [_path_round(sorted(g), edges) for g in groups]


def _path_round(group: list[str], edges: dict[str, dict]) -> list[str]:
    """A shortest way from the group's first module back to itself, inside the group."""
    start, members = group[0], set(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v]):
                if w not in members:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return path[::-1] + [start]
                if w not in came_from:
                    came_from[w] = v
                    nxt.append(w)
        frontier = nxt
    return group  # pragma: no cover - a strongly connected group always has a way round


def inner_imports(root: Path = PACKAGE) -> list[str]:
    """`path:line: imports X inside a function` for every such import not allowed by name."""
    mods = _graph(root)[0]
    out = []
    for name, module in mods.items():
        for target, line, inner in module.imports:
            if inner and not any(name == m and (target == t or target.startswith(t + "."))
                                 for m, t in INNER_IMPORTS_ALLOWED):
                out.append(f"{module.path.relative_to(root.parent)}:{line}: imports {target} inside a function")
    return out


def layer_of(name: str) -> int:
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else -1


# ------------------------------------------------------------------ the package as it is

def test_no_import_circle_between_modules():
    _mods, edges = _graph(PACKAGE)
    found = circles(edges)
    assert not found, "import circles: " + "; ".join(" -> ".join(c) for c in found)


def test_imports_are_at_module_level_except_optional_extras():
    found = inner_imports()
    assert not found, ("imports inside functions (move them to the top of the module, or add an optional "
                       "extra to INNER_IMPORTS_ALLOWED with its reason):\n" + "\n".join(found))


def test_every_module_has_a_layer():
    mods, _edges = _graph(PACKAGE)
    assert [m for m in mods if m != "gaia_rules" and layer_of(m) < 0] == []


def test_no_layer_imports_a_higher_one():
    _mods, edges = _graph(PACKAGE)
    upward = [f"{m} ({LAYERS[layer_of(m)]}) imports {t} ({LAYERS[layer_of(t)]}), line {line}"
              for m, targets in sorted(edges.items()) if layer_of(m) >= 0
              for t, (line, _inner) in sorted(targets.items()) if layer_of(t) > layer_of(m)]
    assert upward == [], "imports against the layers " + " -> ".join(LAYERS) + ":\n" + "\n".join(upward)


MODULE_LINES_LIMIT = 600   # the house's longest module (docs: a file is split by concern before it grows past it)


def long_modules(root: Path, limit: int = MODULE_LINES_LIMIT) -> list[str]:
    """Every module under `root` with more than `limit` lines, as 'path: N lines'."""
    found = []
    for path in sorted(root.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > limit:
            found.append(f"{path.relative_to(root.parent)}: {n} lines")
    return found


def test_no_module_of_the_package_is_over_600_lines():
    found = long_modules(PACKAGE)
    assert found == [], f"modules over {MODULE_LINES_LIMIT} lines (split them by concern):\n" + "\n".join(found)


# ------------------------------------------------------------------ the checks find what they look for

def test_a_module_of_601_lines_is_named_and_one_of_600_is_not(tmp_path):
    root = _package(tmp_path, {"long.py": "x = 1\n" * 601, "fits.py": "x = 1\n" * 600,
                               "sub/deep.py": "\n".join(["y = 2"] * 700)})
    assert long_modules(root) == ["pkg/long.py: 601 lines", "pkg/sub/deep.py: 700 lines"]


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for rel, text in {"__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_circle_closed_by_an_import_inside_a_function_is_named(tmp_path):
    root = _package(tmp_path, {
        "low.py": "def helper():\n    from .high import thing\n    return thing\n",
        "high.py": "from . import low\nthing = 1\n",
        "alone.py": "import json\n",
    })
    assert circles(_graph(root)[1]) == [["pkg.high", "pkg.low", "pkg.high"]]
    assert inner_imports(root) == ["pkg/low.py:2: imports pkg.high inside a function"]


def test_a_longer_circle_through_a_package_and_parent_relative_imports_is_named(tmp_path):
    root = _package(tmp_path, {
        "a/__init__.py": "from .one import x\n",
        "a/one.py": "from ..b.two import y\nx = 1\n",
        "b/__init__.py": "",
        "b/two.py": "from .. import a\ny = 2\n",
    })
    assert circles(_graph(root)[1]) == [["pkg.a", "pkg.a.one", "pkg.b.two", "pkg.a"]]
    assert inner_imports(root) == []
