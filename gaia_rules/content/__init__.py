"""Content: reading YAML with positions, schema and semantic checks, the typed catalogue.

The names below are imported when first asked for (PEP 562): a command that reads the built
catalogue from the cache (cache.py) never imports the loader, the YAML reader, jsonschema or lark.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .catalogue import Catalogue
    from .data_dirs import bundled_content_dir
    from .diagnostic import ContentError, Diagnostic
    from .load import default_catalogue, load_catalogue, load_paths

_WHERE = {"Catalogue": "catalogue", "ContentError": "diagnostic", "Diagnostic": "diagnostic",
          "bundled_content_dir": "data_dirs", "default_catalogue": "load", "load_catalogue": "load",
          "load_paths": "load"}

__all__ = ["Catalogue", "ContentError", "Diagnostic", "bundled_content_dir", "default_catalogue", "load_catalogue",
           "load_paths"]


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
