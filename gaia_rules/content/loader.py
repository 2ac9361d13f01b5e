"""Read content folders into schema-checked documents, collecting every problem.

The `Loader` finds the YAML files (bundled content first, then each overlay
folder, whose files add components or replace those with the same kind and
id), reads each with positions, checks it against its JSON Schema and parses
its effects (for `build.py`). Every problem becomes a `Diagnostic`; nothing
raises. The whole way to a checked catalogue is `load.py`.

Patch overlays: a file with `patch: <id>` (and `kind`) names an existing
component and gives only the fields that change. It is merged onto that
component (`merge_patch`: mappings key by key, lists and scalars replaced)
and the result is checked against the kind's schema. A patch that also says
`variant: <family>` (with `version`, and optionally `players`) is not applied
to the component itself: it is kept as an entry of that faction variant,
chosen per game (docs/variants.md). Each document keeps its provenance (the
file it was first read from, then each patch's file and the field paths it
set) so that `gaia explain` can say where every value came from.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from ..language import EffectSyntaxError, parse_effect, parse_price
from ..language.ast import Effect
from . import catalogue as cat
from .folders import HEAD_LINES, POSITION_SUFFIX, TEST_SUFFIX, Found, find_content, is_designer_file, why_not_content
from .spelling import did_you_mean
from .data_dirs import bundled_content_dir, schema_dir  # noqa: F401  (named here too)
from .diagnostic import ContentError  # noqa: F401  (named here too)
from .yamlsrc import Diagnostic, Located, load_yaml


@lru_cache(maxsize=None)
def _validators() -> dict[str, Draft202012Validator]:
    out = {}
    for path in sorted(schema_dir().glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        out[path.name[: -len(".schema.json")]] = Draft202012Validator(schema)
    return out


def _header_range(key: str) -> tuple[int, int]:
    """The declared range of a faction variant entry's `version` or of its `players` items (the faction schema)."""
    node = _validators()["faction"].schema["$defs"]["patch"]["properties"][key]
    node = node.get("items", node)
    return node["minimum"], node["maximum"]


def known_kinds() -> list[str]:
    return sorted(_validators())


def _display(path: Path) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


MOST_FILES = 10_000
"""YAML files looked at in one content folder (the bundled content holds about 170): a folder with more
is refused unread, as it is not a content folder."""
MOST_ENTRIES = 200_000
"""Files and folders of any kind looked at in one content folder (a second or so): a folder with more is
refused, as it is not a content folder (`gaia validate --content /`)."""
MOST_BYTES = 1_000_000
"""Bytes of one content file (the largest bundled file holds about 6,000): a larger one is reported, not parsed."""
MOST_NAMED = 20
"""YAML files passed over that are named one by one in the notes; the others are counted."""


def can_be_content(raw: bytes) -> bool:
    """Whether a file's first lines can be gaia content (`folders.why_not_content`)."""
    return why_not_content(raw, known_kinds())[0] is None


def content_files(root: Path) -> Found:
    """The files of `root` to read as content (`folders.find_content`, with this module's limits)."""
    return find_content(root, known_kinds(), MOST_FILES, MOST_ENTRIES)


LOOKED_FOR = ("looked for .yaml/.yml files with a top-level 'kind:' naming a content kind, or 'patch:', "
              f"in their first {HEAD_LINES} lines; at most {MOST_FILES} files of at most {MOST_BYTES} bytes")


def folder_problem(root: Path, found: Found | None = None) -> str | None:
    """Why a folder given as content holds none ("holds no gaia content files (...)", to follow its name);
    None for a file or a folder with content."""
    if not root.is_dir():
        return None
    found = found or content_files(root)
    if found.too_many:
        return (f"holds more than {found.too_many}: not a content folder "
                f"(gaia reads at most {found.too_many}; give the folder of the content)")
    if not found.files:
        passed = f"; {found.skipped} other YAML file{'s' if found.skipped != 1 else ''} passed over" \
            if found.skipped else ""
        near = [f"{_display(p.path)}: {p.why}" for p in found.passed if p.near_miss][:3]
        return f"holds no gaia content files ({LOOKED_FOR}{passed}{''.join('; ' + n for n in near)})"
    return None


def passed_notes(root: Path, found: Found) -> list[str]:
    """One note per YAML file passed over, the near-misses first, up to MOST_NAMED; the rest counted."""
    passed = sorted(found.passed, key=lambda p: not p.near_miss)
    notes = [f"{_display(p.path)}: note: passed over, not gaia content: {p.why}" for p in passed[:MOST_NAMED]]
    rest = len(passed) - MOST_NAMED
    if rest > 0:
        notes.append(f"{_display(root)}: note: passed over {rest} more YAML file{'s' if rest != 1 else ''} "
                     f"that are not gaia content ({LOOKED_FOR})")
    return notes


def _yaml_type(value: Any) -> str:
    """What a YAML value is, in the words of a content designer."""
    if isinstance(value, dict):
        return "mapping"
    if isinstance(value, list):
        return "list"
    if isinstance(value, bool):
        return "true/false value"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


@dataclass
class Document:
    """One content file after its schema check."""

    kind: str
    id: str
    src: Located
    digest: str
    layer: int  # 0 = bundled, 1.. = overlays in order
    # for an entry of a faction variant: (family, version, player counts it is limited to, or ())
    variant: tuple[str, int, tuple[int, ...]] | None = None
    rel: str = ""  # path inside its folder (names a bundled file without an absolute path)
    # provenance: the file the component was first read from, then (file, field paths it set) per patch
    origin: str = ""
    origin_bundled: bool = False
    patches: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        """Unique name of the document (variant entries are named after their variant)."""
        if self.variant is None:
            return (self.kind, self.id)
        return (self.kind, cat.entry_id(self.id, *self.variant))


PATCH_KEYS = ("patch", "kind", "variant", "version", "players")


def merge_patch(base: Any, patch: Any) -> Any:
    """A patch merged onto data: mappings merge key by key (recursively); lists and scalars replace."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = dict(base)
        for key, value in patch.items():
            out[key] = merge_patch(base[key], value) if key in base else value
        return out
    return patch


def patched_paths(base: Any, patch: Any, prefix: str = "") -> list[str]:
    """The dotted field paths a patch sets: the leaves of its mappings (lists and scalars are leaves).

    A mapping the base lacks is followed into too, so that the paths name what
    the designer wrote (`structures.<piece>.cost`), not the whole field.
    """
    if not isinstance(patch, dict) or not patch or (base is not None and not isinstance(base, dict)):
        return [prefix]
    out = []
    for key, value in patch.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        out += patched_paths(base.get(key) if isinstance(base, dict) else None, value, path)
    return out


def shown_name(file: str, rel: str, layer: int) -> str:
    """A file as people see it: `content/...` for bundled files, else as the loader displayed it."""
    return f"content/{rel}" if layer == 0 and rel else file


@dataclass
class _Patch:
    src: Located
    digest: str
    layer: int
    rel: str = ""


# Kinds with one file per content set: their ids are not names a designer picks.
SINGLETON_KINDS = frozenset({"game", "parameters", "planets", "resources", "research_board", "free_actions",
                             "automa_round_scoring", "automa_rules"})


# Files (by kind and the digest of their bytes) that passed their schema in this process. The check is
# a pure function of the bytes, and half of a load's time: the lab, the tests and a session that load
# the same bundled files again skip it.
_SCHEMA_CLEAN: set[tuple[str, str]] = set()


@dataclass
class Loader:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # files that failed their schema: kept so their effects are still checked
    broken: list[tuple[str, Located]] = field(default_factory=list)
    unreadable: set[str] = field(default_factory=set)   # names of files that are not YAML at all

    # ------------------------------------------------------------ files
    def read(self, roots: list[tuple[Path, int]]) -> list[Document]:
        docs: dict[tuple[str, str], Document] = {}
        patches: list[_Patch] = []
        base = min((layer for _, layer in roots), default=0)  # the content set the others are laid over
        for root, layer in roots:
            if not root.exists():
                self.diagnostics.append(Diagnostic(_display(root), 1, 1, "no such file or folder"))
                continue
            found = content_files(root)
            problem = folder_problem(root, found)
            if problem is not None:
                self.diagnostics.append(Diagnostic(_display(root), 1, 1, f"the folder {problem}"))
                continue
            self.notes.extend(passed_notes(root, found))
            for path in found.files:
                count = len(patches)
                doc = self._read_one(path, layer, patches)
                rel = path.name if root.is_file() else path.relative_to(root).as_posix()
                if len(patches) > count:
                    patches[-1].rel = rel
                if doc is None:
                    continue
                doc.rel = rel
                doc.origin, doc.origin_bundled = shown_name(doc.src.file, rel, layer), layer == 0
                key = (doc.kind, doc.id)
                earlier = docs.get(key)
                if earlier is not None and earlier.layer == layer:
                    self.diagnostics.append(doc.src.diag(("id",), f"duplicate id '{doc.id}' for kind '{doc.kind}' "
                                                         f"(also in {earlier.src.file})"))
                    continue
                if earlier is not None:
                    where = f"the bundled {earlier.rel}" if earlier.layer == 0 else earlier.src.file
                    self.notes.append(f"{doc.src.file}: note: replaces the {doc.kind.replace('_', ' ')} '{doc.id}' of "
                                      f"{where}; give it another id to add a component instead")
                stem = path.stem
                if layer > base and doc.kind not in SINGLETON_KINDS and stem != doc.id:
                    self.notes.append(f"{doc.src.file}: note: its id is '{doc.id}', not its file name '{stem}'; "
                                      f"the id is what other files and overlays name")
                docs[key] = doc  # a later layer replaces the bundled component
        entries = []
        for patch in sorted(patches, key=lambda x: x.layer):  # plain patches first change the components
            if "variant" in patch.src.data:
                entries.append(patch)
            else:
                self._apply_patch(docs, patch)
        variants: dict[tuple[str, str], Document] = {}
        for doc in (d for patch in entries if (d := self._apply_patch(docs, patch)) is not None):
            earlier = variants.get(doc.key)
            if earlier is not None and earlier.layer == doc.layer:
                self.diagnostics.append(doc.src.diag(("patch",), f"a second entry for {doc.key[1]} "
                                                                 f"(also in {earlier.src.file})"))
                continue
            variants[doc.key] = doc  # a later folder's entry replaces the bundled one
        return list(docs.values()) + list(variants.values())

    def _patch_problem(self, src: Located) -> bool:
        """Report a badly formed patch header; True if there was a problem."""
        data = src.data
        problems = []
        if not isinstance(data["patch"], str):
            problems.append((("patch",), "'patch' names the id of the component to change"))
        if "id" in data:
            problems.append((("id",), "a patch names its component with 'patch', not 'id'"))
        if "variant" in data:
            if not isinstance(data["variant"], str):
                problems.append((("variant",), "'variant' names a faction variant family"))
            if data.get("kind") != "faction":
                problems.append((("kind",), "a variant entry patches a faction (kind: faction)"))
            low, high = _header_range("version")
            if not isinstance(data.get("version", 0), int) or isinstance(data.get("version"), bool) \
                    or not low <= data.get("version", 0) <= high:
                problems.append((("version",), f"'version' is a whole number from {low} to {high}"))
        else:
            for key in ("version", "players"):
                if key in data:
                    problems.append(((key,), f"'{key}' belongs to a variant entry (give 'variant' too)"))
        players = data.get("players")
        low, high = _header_range("players")
        if "players" in data and not (isinstance(players, list) and players and all(
                isinstance(n, int) and not isinstance(n, bool) and low <= n <= high for n in players)):
            problems.append((("players",), f"'players' lists the player counts the entry holds for "
                                           f"({low} to {high}), e.g. [2]"))
        for path, msg in problems:
            self.diagnostics.append(src.diag(path, msg))
        return bool(problems)

    def _apply_patch(self, docs: dict[tuple[str, str], Document], patch: _Patch) -> Document | None:
        """Merge a patch onto its component; a variant entry becomes a document of its own."""
        src, data = patch.src, patch.src.data
        kind, target = data["kind"], data["patch"]
        base = docs.get((kind, target))
        if base is None and (target in self.unreadable or any(
                k == kind and b.data.get("id") == target for k, b in self.broken if isinstance(b.data, dict))):
            return None  # the component's own file is broken and already reported
        if base is None:
            known = [i for k, i in docs if k == kind]
            self.diagnostics.append(src.diag(("patch",), f"patch: no {kind} '{target}' to patch{did_you_mean(target, known)}"))
            return None
        fields = {k: v for k, v in data.items() if k not in PATCH_KEYS}
        merged = Located(src.file, merge_patch(base.src.data, fields), src.positions, src.key_positions, src.styles)
        if not self._schema_ok(merged, kind):
            return None
        provenance = dict(origin=base.origin, origin_bundled=base.origin_bundled, patches=base.patches + (
            (shown_name(src.file, patch.rel, patch.layer), tuple(patched_paths(base.src.data, fields))),))
        if "variant" not in data:
            docs[(kind, target)] = Document(kind, target, merged, patch.digest, patch.layer, **provenance)
            return None
        variant = (data["variant"], data.get("version", 0), tuple(sorted(data.get("players", ()))))
        return Document(kind, target, merged, patch.digest, patch.layer, variant, **provenance)

    def _schema_ok(self, src: Located, kind: str) -> bool:
        before = len(self.diagnostics)
        for err in sorted(_validators()[kind].iter_errors(src.data), key=lambda e: list(map(str, e.absolute_path))):
            self.diagnostics.extend(self._schema_messages(src, err, kind))
        if len(self.diagnostics) > before:
            self.broken.append((kind, src))
            return False
        return True

    def _read_one(self, path: Path, layer: int, patches: list[_Patch]) -> Document | None:
        display = _display(path)
        try:
            size = path.stat().st_size
            if size > MOST_BYTES:
                self.diagnostics.append(Diagnostic(display, 1, 1, f"{size} bytes: a content file holds at most "
                                                                  f"{MOST_BYTES} (not read)"))
                return None
            raw = path.read_bytes()
        except OSError as err:
            self.diagnostics.append(Diagnostic(display, 1, 1, f"cannot read file: {err}"))
            return None
        src, problems = load_yaml(path, display)
        self.diagnostics.extend(problems)
        if src is None:
            self.unreadable.add(path.stem)  # components are named after their file: patches of it stay quiet
            return None
        data = src.data
        if not isinstance(data, dict):
            self.diagnostics.append(src.diag((), "expected a mapping with 'kind' and 'id' at the top"))
            return None
        kind = data.get("kind")
        validators = _validators()
        if kind is not None and not isinstance(kind, str):
            expected = ", ".join(sorted(validators))
            self.diagnostics.append(src.diag(("kind",), f"'kind' is one word, not a {_yaml_type(kind)}; "
                                                        f"expected one of: {expected}"))
            return None
        if kind not in validators:
            if kind is None:
                msg = "missing 'kind'; expected one of: " + ", ".join(sorted(validators))
            else:
                msg = f"unknown kind '{kind}'{did_you_mean(kind, validators)}; expected one of: " + ", ".join(sorted(validators))
            self.diagnostics.append(src.diag(("kind",) if kind is not None else (), msg))
            return None
        if "patch" in data:
            if not self._patch_problem(src):
                patches.append(_Patch(src, hashlib.sha256(raw).hexdigest(), layer))
            return None
        digest = hashlib.sha256(raw).hexdigest()
        if (kind, digest) not in _SCHEMA_CLEAN:
            before = len(self.diagnostics)
            for err in sorted(validators[kind].iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
                self.diagnostics.extend(self._schema_messages(src, err, kind))
            if len(self.diagnostics) > before or not isinstance(data.get("id"), str):
                self.broken.append((kind, src))
                return None
            _SCHEMA_CLEAN.add((kind, digest))
        return Document(kind, data["id"], src, digest, layer)

    @staticmethod
    def _schema_messages(src: Located, err, kind: str) -> list[Diagnostic]:
        """One message per problem of a schema error (one per unexpected key), at the key or value."""
        path = tuple(err.absolute_path)
        where = ".".join(str(p) for p in path)
        place = f"in {where}" if path else "at the top level"
        if err.validator == "additionalProperties":
            allowed = list(err.schema.get("properties", {}))
            patterns = list(err.schema.get("patternProperties", {}))
            extras = [k for k in err.instance
                      if k not in allowed and not any(re.search(p, str(k)) for p in patterns)]
            out = []
            for key in extras or ["?"]:
                if patterns:
                    msg = f"unexpected key '{key}' {place}; keys must match {', '.join(patterns)}"
                else:
                    msg = f"unknown key '{key}' {place}{did_you_mean(key, allowed)}; allowed: {', '.join(allowed)}"
                out.append(src.diag_key(path + (key,), msg))
            return out
        if err.validator == "required":
            return [src.diag(path, f"{kind}: {err.message}" + (f" in {where}" if path else ""))]
        prefix = where or "top level"
        if err.validator in ("minimum", "maximum"):  # every number a content file holds has a declared range
            low, high = err.schema.get("minimum", ""), err.schema.get("maximum", "")
            return [src.diag(path, f"{prefix}: {err.instance} is outside its declared range {low}..{high}")]
        if err.validator == "enum":
            return [src.diag(path, f"{prefix}: {err.instance!r} is not one of {err.validator_value}"
                             f"{did_you_mean(err.instance, err.validator_value)}")]
        return [src.diag(path, f"{prefix}: {err.message}")]

    # ------------------------------------------------------------ effects
    def effect(self, src: Located, path: tuple, text: Any) -> Effect | None:
        if not isinstance(text, str):
            self.diagnostics.append(src.diag(path, f"expected an effect string, got {text!r}"))
            return None
        try:
            return parse_effect(text)
        except EffectSyntaxError as err:
            self.diagnostics.append(src.diag(path, f"{err.message}: '{text}'", src.string_offset(path) + err.column - 1))
            return None

    def price(self, src: Located, path: tuple, text: Any):
        try:
            return parse_price(text or "")
        except EffectSyntaxError as err:
            self.diagnostics.append(src.diag(path, f"bad price: {err.message}: '{text}'", src.string_offset(path) + err.column - 1))
            return ()

    def effects(self, src: Located, path: tuple, items: list | None) -> tuple[Effect, ...]:
        out = []
        for i, text in enumerate(items or []):
            eff = self.effect(src, path + (i,), text)
            if eff is not None:
                out.append(eff)
        return tuple(out)
