"""Outside `rules/`, code holds a `Game`: it imports only the public names of `gaia_rules.rules` and never
asks the engine for its context.

Why: the rules' modules and their context are the engine's own business; a face, format, player or
lab module that reaches into them ties every change inside the rules to code above them. Read from
the source with `ast` (nothing is imported), imports inside functions included.
"""
from __future__ import annotations

import ast

import gaia_rules.rules
from test_architecture import PACKAGE, _targets, modules_of

RULES = "gaia_rules.rules"

# What code outside rules/ may import from gaia_rules.rules (its __all__).
ALLOWED_NAMES = {"ADVANCED_PREFIX", "AUTOMA_COMMAND", "AUTOMA_EXTRA_KEY", "AUTOMA_SEAT", "AUTOMA_VP_KEYS", "AmbiguousMoveError",
                 "COMMANDS", "Engine", "FREE_ACTION", "Game", "GameView", "IllegalMoveError", "LegalMoves", "Move", "MoveError", "MoveSyntaxError",
                 "SWAP_PREFIX", "Seat", "recorded_events"}


def reaches_into_rules(root=PACKAGE) -> list[tuple[str, int, str]]:
    """(file, line, what) for every import of a rules internal and every `.context(` call outside rules/."""
    mods = modules_of(root)
    found = []
    for name, module in mods.items():
        if name == RULES or name.startswith(RULES + "."):
            continue
        where = module.path.relative_to(root.parent).as_posix()
        for node in ast.walk(module.tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names]
                for target, imported in zip(_targets(module, node, mods), names):
                    if target.startswith(RULES + "."):
                        found.append((where, node.lineno, f"import {target}"))
                    elif target == RULES and isinstance(node, ast.ImportFrom) and imported not in ALLOWED_NAMES:
                        found.append((where, node.lineno, f"import {RULES}.{imported}"))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "context":
                found.append((where, node.lineno, "call .context("))
    return sorted(set(found))


def test_the_allowed_names_are_the_public_surface_of_the_rules():
    assert set(gaia_rules.rules.__all__) == ALLOWED_NAMES


def test_nothing_outside_rules_imports_a_rules_internal_or_asks_for_the_context():
    bad = [f"{where}:{line}: {what}" for where, line, what in reaches_into_rules()]
    assert not bad, ("outside gaia_rules/rules/, use the Game (gaia_rules.rules.Game and its view) instead of:\n"
                     + "\n".join(bad))


def test_the_check_finds_an_internal_import_and_a_context_call(tmp_path):
    faces = tmp_path / "gaia_rules" / "faces"
    (tmp_path / "gaia_rules" / "rules").mkdir(parents=True)
    faces.mkdir()
    for init in ("gaia_rules", "gaia_rules/rules", "gaia_rules/faces"):
        (tmp_path / init / "__init__.py").write_text("")
    (tmp_path / "gaia_rules" / "rules" / "phases.py").write_text("")
    (faces / "x.py").write_text("from ..rules import Game, phases\n\ndef f(e, s):\n"
                                "    from ..rules.holdings import H\n    return e.context(s)\n")
