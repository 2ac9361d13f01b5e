"""Where the bundled content and schemas are installed (no loader imported, so that `gaia` starts at once)."""
from __future__ import annotations

import importlib.util
from pathlib import Path


def _data_dir(package: str) -> Path:
    """Where a data package (content/, schemas/) is installed.

    They are namespace packages; an editable install adds a path-hook entry
    that is not a folder, so take the first entry that is one.
    """
    spec = importlib.util.find_spec(package)
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location).is_dir():
            return Path(location)
    raise FileNotFoundError(f"the bundled data package '{package}' is not installed")


def bundled_content_dir() -> Path:
    """The content shipped with gaia-rules (the repository's `content/`)."""
    return _data_dir("gaia_rules_content")


def schema_dir() -> Path:
    return _data_dir("gaia_rules_schemas")
