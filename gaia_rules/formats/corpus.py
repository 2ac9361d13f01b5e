"""Where the conformance corpus is: the recorded games shipped with gaia-rules.

The corpus lives in the repository at `tests/conformance/` and is installed as
the data package `gaia_rules_corpus`, so `gaia replay`, `gaia bench` and the
tests find it from a clone or an install with nothing beside it.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from ..errors import GaiaError


PACKAGE = "gaia_rules_corpus"
GROUPS = ("games", "spec", "variants", "regressions")


class CorpusMissing(GaiaError, FileNotFoundError):
    """The corpus is not installed (a broken install or a trimmed copy of the repository)."""


def corpus_dir() -> Path:
    """The folder of the corpus; CorpusMissing names what was looked for."""
    spec = importlib.util.find_spec(PACKAGE)
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location, "README.md").is_file():
            return Path(location)
    raise CorpusMissing(f"the conformance corpus (data package '{PACKAGE}', the repository's "
                        "tests/conformance/) is not installed; reinstall with `pip install -e .`")


def corpus_files(group: str = "games") -> list[Path]:
    """The records of one group, sorted: `games` (main corpus), `spec`, `variants` or `regressions`."""
    if group not in GROUPS:
        raise ValueError(f"unknown corpus group '{group}' (one of {', '.join(GROUPS)})")
    root = corpus_dir()
    folder = root if group == "games" else root / group
    files = sorted(folder.glob("*.json"))
    if not files:
        raise CorpusMissing(f"the conformance corpus at {folder} holds no games")
    return files


def corpus_file(name: str) -> Path:
    """One record by file name (`bot-2p-01.json`, `spec/actions-accept-01.json`)."""
    path = corpus_dir() / name
    if not path.is_file():
        raise CorpusMissing(f"no record '{name}' in the conformance corpus at {corpus_dir()}")
    return path
