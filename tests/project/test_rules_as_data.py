"""Rules as data: the engine knows mechanisms, never component names.

No faction, tile, booster or federation-token id (or faction name, or special
token name) may appear anywhere in the code of gaia_rules/: not in code, not in
comments, not in the grammar. The ids are read from the catalogue, so a new
faction or tile is covered without touching this test.
"""
from __future__ import annotations

import ast as pyast
import re
from pathlib import Path

import gaia_rules
from gaia_rules.content import load_catalogue

PACKAGE = Path(gaia_rules.__file__).resolve().parent

FIXED = (
    ["terrans", "lantids", "xenos", "gleens", "taklons", "ambas", "hadsch", "hallas", "ivits", "geodens",
     "baltaks", "bal t'aks", "firaks", "bescods", "nevlas", "itars", "brainstone"]
    + [f"booster{i}" for i in range(1, 11)]
    + [f"tech{i}" for i in range(1, 10)]
    + [f"advtech{i}" for i in range(1, 16)]
    + [f"fed{i}" for i in range(1, 7)]
    + [f"score{i}" for i in range(1, 11)]
)


def forbidden_words() -> set[str]:
    catalogue, problems = load_catalogue()
    assert not problems, [str(p) for p in problems]
    words = {w.lower() for w in FIXED}
    for f in catalogue.factions.values():
        words.update({f.id.lower(), f.name.lower()})
        if f.special_token is not None:
            words.add(f.special_token.name.lower())
    for group in (catalogue.tech_tiles, catalogue.advanced_tech_tiles, catalogue.boosters,
                  catalogue.round_tiles, catalogue.federation_tokens):
        words.update(i.lower() for i in group)
    return words


def pattern(words: set[str]) -> re.Pattern:
    # longest first so "hadsch-hallas" is reported whole rather than as "hadsch"
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])", re.IGNORECASE)


def code_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".lark") and p.is_file())


def test_forbidden_words_come_from_the_catalogue():
    words = forbidden_words()
    assert {"terrans", "hadsch-hallas", "hadsch hallas", "bal t'aks", "brainstone", "gleens", "fed6",
            "advtech15", "score10", "booster10", "tech9"} <= words
    assert len(words) >= 14 + 9 + 15 + 10 + 10 + 7


def test_pattern_matches_whole_words_only():
    p = pattern({"fed1", "itars", "bal t'aks"})
    assert p.search("# the Itars faction")
    assert p.search("x = 'FED1'")
    assert p.search("Bal T'aks")
    assert not p.search("fed10")
    assert not p.search("sitars")
    assert not p.search("fed")


def test_package_code_names_no_component():
    files = code_files()
    assert any(p.name == "effects.lark" for p in files)
    assert len(files) >= 10
    rx = pattern(forbidden_words())
    offending = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in rx.finditer(line):
                offending.append(f"{path.relative_to(PACKAGE.parent)}:{number}: '{match.group(0)}' in: {line.strip()}")
    assert not offending, "component names in engine code:\n" + "\n".join(offending)


# ------------------------------------------------------------------ each mechanism in one home
RULES = PACKAGE / "rules"

# A mechanism's state field -> the one rules module that reads it (the others ask that module).
HOMES = {"token": "special_token.py", "guests": "sharing.py"}
# `g.token` is a federation gain's named token (`ast.Fed`), not the special token.
OTHER_TOKENS = {"g"}
# holdings.py makes the one write to a hex's guests (every write to what a player holds is there).
WRITES = {("holdings.py", "guests"): "append"}


def mechanism_reads(name: str, source: str) -> list[str]:
    """Lines of a rules module that touch a mechanism's field outside its home."""
    tree = pyast.parse(source)
    written = {id(n.func.value) for n in pyast.walk(tree)
               if isinstance(n, pyast.Call) and isinstance(n.func, pyast.Attribute)
               and isinstance(n.func.value, pyast.Attribute)
               and WRITES.get((name, n.func.value.attr)) == n.func.attr}
    out = []
    for node in pyast.walk(tree):
        if not isinstance(node, pyast.Attribute) or node.attr not in HOMES or HOMES[node.attr] == name:
            continue
        if node.attr == "token" and isinstance(node.value, pyast.Name) and node.value.id in OTHER_TOKENS:
            continue
        if id(node) in written:
            continue
        out.append((node.lineno, node.attr))
    return [f"line {n}: .{attr}" for n, attr in sorted(out)]


def test_each_mechanisms_state_is_read_only_in_its_home():
    found = {p.name: mechanism_reads(p.name, p.read_text(encoding="utf-8")) for p in sorted(RULES.glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}
    assert all((RULES / home).is_file() for home in HOMES.values())


def test_the_home_check_sees_a_read_elsewhere():
    code = "def f(player, h, g):\n    a = player.token\n    b = g.token\n    h.guests.append(1)\n    return 2 in h.guests\n"
    assert mechanism_reads("power.py", code) == ["line 2: .token", "line 4: .guests", "line 5: .guests"]
    assert mechanism_reads("holdings.py", code) == ["line 2: .token", "line 5: .guests"]
    assert mechanism_reads("special_token.py", code) == ["line 4: .guests", "line 5: .guests"]


def component_ids() -> set[str]:
    """Ids of the bundled components and of the faction boards' pieces (resource words excepted:
    `gf` is both a piece and a word of the effect language; final tiles are named by the counters
    they score, words of the language too)."""
    catalogue, problems = load_catalogue()
    assert not problems
    ids: set[str] = set()
    for group in (catalogue.factions, catalogue.tech_tiles, catalogue.advanced_tech_tiles, catalogue.boosters,
                  catalogue.round_tiles, catalogue.federation_tokens, catalogue.board_actions):
        ids.update(group)
    for faction in catalogue.factions.values():
        ids.update(faction.structures)
    return ids - set(catalogue.resources)


def test_rules_code_quotes_no_component_id():
    ids = component_ids()
    assert {"m", "ts", "PI", "sp", "fed1", "booster1", "power1"} <= ids and "gf" not in ids
    found = [f"{p.name}:{n.lineno}: '{n.value}'" for p in sorted(RULES.glob("*.py"))
             for n in pyast.walk(pyast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, pyast.Constant) and isinstance(n.value, str) and n.value in ids]
    assert found == []
