"""Load content folders into a checked `Catalogue`, collecting every problem.

Order of work: read the YAML files of the bundled content and each overlay
folder into schema-checked documents with their effects parsed (`loader.py`),
build the typed catalogue (`build.py`), then run the semantic checks
(`checks.py`). Every problem becomes a `Diagnostic`; nothing raises until
`default_catalogue` is asked for content that cannot be played.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

from . import cache, catalogue as cat
from .data_dirs import bundled_content_dir, schema_dir
from .diagnostic import ContentError, Diagnostic


def load_catalogue(overlays: Iterable[str | Path] = (), *, bundled: bool = True) -> tuple[cat.Catalogue, list[Diagnostic]]:
    """Build the catalogue from the bundled content plus overlay folders.

    Returns the catalogue and every problem found; a catalogue with problems
    must not be played.
    """
    from .build import build_catalogue  # the loader, YAML, jsonschema, lark: only when building
    from .checks import check_catalogue
    from .loader import Loader
    roots: list[tuple[Path, int]] = []
    if bundled:
        roots.append((bundled_content_dir(), 0))
    roots.extend((Path(p), i + 1) for i, p in enumerate(overlays))
    loader = Loader()
    docs = loader.read(roots)
    catalogue, located = build_catalogue(docs, loader)
    check_catalogue(catalogue, located, loader)
    catalogue.notes = list(loader.notes)
    return catalogue, loader.diagnostics


def load_paths(paths: Iterable[str | Path]) -> tuple[cat.Catalogue, list[Diagnostic]]:
    """Validate exactly the given folders/files (no bundled content unless given)."""
    return load_catalogue(paths, bundled=False)


@lru_cache(maxsize=8)
def _cached_catalogue(overlays: tuple[str, ...]) -> cat.Catalogue:
    found: list = []

    def build() -> cat.Catalogue | None:
        catalogue, problems = load_catalogue(overlays)
        found.extend(problems)
        return None if problems else catalogue

    roots = [bundled_content_dir(), schema_dir(), *map(Path, overlays)]
    catalogue = cache.cached(roots, cat.Catalogue, build)
    if catalogue is None:
        raise ContentError(found)
    return catalogue


def default_catalogue(overlays: Iterable[str | Path] = ()) -> cat.Catalogue:
    """The checked catalogue (bundled + overlays), loaded once per process (and kept on disk: cache.py).

    Raises `ContentError` listing every problem if the content is broken.
    """
    return _cached_catalogue(tuple(str(Path(p).resolve()) for p in overlays))
