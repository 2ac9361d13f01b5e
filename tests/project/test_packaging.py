"""The install takes every folder of the package and of its data.

setuptools keeps only the packages `pyproject.toml` lists; a folder Python could import
(`content/tiles/round`) that is not listed draws a warning today and is left out of a
wheel by later setuptools, so a `pip install .` would lose content. Each such folder is listed.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROOTS = {"gaia_rules": "gaia_rules", "gaia_rules_content": "content", "gaia_rules_schemas": "schemas",
         "gaia_rules_corpus": "tests/conformance"}


def listed_packages() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^packages = \[(.*?)^\]", text, re.M | re.S).group(1)
    return set(re.findall(r'^\s*"([\w.]+)",', block, re.M))


def importable_folders() -> set[str]:
    found = set()
    for package, folder in ROOTS.items():
        base = ROOT / folder
        found.add(package)
        for path in base.rglob("*"):
            rel = path.relative_to(base).parts
            if path.is_dir() and all(part.isidentifier() for part in rel) and "__pycache__" not in rel:
                found.add(".".join((package, *rel)))
    return found


def test_every_folder_python_could_import_is_a_listed_package():
    assert importable_folders() - listed_packages() == set()


def test_every_listed_package_is_a_folder():
    assert listed_packages() - importable_folders() == set()
