"""Rules as data: the engine knows mechanisms, never component names.

No faction, tile, booster or federation-token id (or faction name, or special
token name) may appear anywhere in the code of gaia_rules/: not in code, not in
comments, not in the grammar. The ids are read from the catalogue, so a new
faction or tile is covered without touching this test.
"""
from __future__ import annotations

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
