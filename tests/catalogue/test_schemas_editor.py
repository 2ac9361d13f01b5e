"""The JSON Schemas serve designers' editors as well as the loader.

Every field at every depth is described; `.vscode/settings.json` maps each
bundled content file to exactly one schema (yaml-language-server globs, `!`
excluding), and each file validates against it, patch files and faction
variant entries included; patch files written by a designer validate in an
editor the way the loader accepts them.
"""
from __future__ import annotations

import json
from fnmatch import fnmatchcase
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from gaia_rules.content import load_catalogue
from gaia_rules.content.loader import bundled_content_dir, schema_dir

import schema_forms

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = {p.name[: -len(".schema.json")]: json.loads(p.read_text(encoding="utf-8"))
           for p in sorted(schema_dir().glob("*.schema.json"))}
SETTINGS = json.loads((REPO / ".vscode" / "settings.json").read_text(encoding="utf-8"))["yaml.schemas"]
CONTENT_FILES = sorted(p.relative_to(bundled_content_dir()).as_posix()
                       for p in bundled_content_dir().rglob("*.yaml"))


def _resolve(schema: dict, node: dict) -> dict:
    """A `$ref` to `#/$defs/...` followed within its schema."""
    while "$ref" in node:
        target = schema
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _undescribed(schema: dict, node, where: str) -> list[str]:
    """Places under `node` (properties, items, keys, values of mappings) without a description."""
    if not isinstance(node, dict):
        return []
    node = _resolve(schema, node)
    out = [] if node.get("description") else [where]
    for key in ("properties", "patternProperties"):
        out += [p for name, sub in node.get(key, {}).items() for p in _undescribed(schema, sub, f"{where}.{name}")]
    for key in ("additionalProperties", "items", "propertyNames"):
        out += _undescribed(schema, node.get(key), f"{where}.<{key}>")
    return out


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_every_field_at_every_depth_has_a_description(kind):
    schema = SCHEMAS[kind]
    assert schema.get("title") and schema.get("description")
    missing = [p for form in ("component", "patch")
               for p in _undescribed(schema, schema["$defs"][form], form)]
    assert missing == []


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_each_schema_names_its_kind_and_holds_an_up_to_date_patch_form(kind):
    schema = SCHEMAS[kind]
    assert schema["$defs"]["component"]["properties"]["kind"]["const"] == kind
    assert schema == schema_forms.wrapped(kind, schema), "run: python tests/schema_forms.py"


def _matches(pattern: str, path: str) -> bool:
    """A yaml-language-server glob on a path from the repository root (`*` stays within one folder)."""
    parts, names = pattern.split("/"), path.split("/")
    return len(parts) == len(names) and all(fnmatchcase(n, p) for n, p in zip(names, parts))


def _mapped(path: str) -> list[str]:
    """The schemas `.vscode/settings.json` maps a repository path to."""
    out = []
    for schema, globs in SETTINGS.items():
        yes = [g for g in globs if not g.startswith("!")]
        no = [g[1:] for g in globs if g.startswith("!")]
        if any(_matches(g, path) for g in yes) and not any(_matches(g, path) for g in no):
            out.append(schema)
    return out


def test_every_schema_is_mapped_and_every_glob_matches_a_bundled_file():
    assert sorted(Path(s).name[: -len(".schema.json")] for s in SETTINGS) == sorted(SCHEMAS)
    for schema, globs in SETTINGS.items():
        assert (REPO / schema).is_file(), schema
        for g in globs:
            assert any(_matches(g.lstrip("!"), "content/" + f) for f in CONTENT_FILES), g


@pytest.mark.parametrize("rel", CONTENT_FILES)
def test_every_bundled_file_is_mapped_to_one_schema_and_validates_against_it(rel):
    mapped = _mapped("content/" + rel)
    assert len(mapped) == 1, mapped
    data = yaml.safe_load((bundled_content_dir() / rel).read_text(encoding="utf-8"))
    kind = Path(mapped[0]).name[: -len(".schema.json")]
    assert data["kind"] == kind
    errors = [e.message for e in Draft202012Validator(SCHEMAS[kind]).iter_errors(data)]
    assert errors == []


def test_the_bundled_patch_files_are_the_faction_variant_entries_and_use_the_patch_form():
    patches = [f for f in CONTENT_FILES
               if "patch" in yaml.safe_load((bundled_content_dir() / f).read_text(encoding="utf-8"))]
    assert len(patches) == 21
    assert all(f.startswith("faction-variants/") and _mapped("content/" + f) == ["./schemas/faction.schema.json"]
               for f in patches)


def _schema_errors(kind: str, text: str) -> list[str]:
    data = yaml.safe_load(text)
    return sorted(e.message for e in Draft202012Validator(SCHEMAS[kind]).iter_errors(data))


def _loader_problems(tmp_path: Path, text: str) -> list[str]:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    (folder / "terrans.yaml").write_text(text, encoding="utf-8")
    _catalogue, problems = load_catalogue([folder])
    return [p.message for p in problems]


# Patch files: (file, schema errors, the loader's problems) - the editor and the loader agree.
PATCHES = [
    ("patch: terrans\nkind: faction\nstart:\n  credits: 20\n", [], []),
    ("patch: terrans\nkind: faction\nvariant: beta\nversion: 0\nplayers: [2]\nresearch: [int]\n", [], []),
    ("patch: terrans\nkind: faction\nstructures:\n  ts: {cost: \"5c, 2o\"}\n", [], []),
    ("patch: terrans\nkind: faction\nspecial_token: {spend_value: 2}\n", [],
     ["faction: 'start' is a required property in special_token"]),
    ("patch: terrans\nkind: faction\nid: terrans\n", ["Additional properties are not allowed ('id' was unexpected)"],
     ["a patch names its component with 'patch', not 'id'"]),
    ("patch: terrans\nkind: faction\nversion: 1\n", ["'variant' is a dependency of 'version'"],
     ["'version' belongs to a variant entry (give 'variant' too)"]),
    ("patch: terrans\nkind: faction\nvariant: beta\nplayers: []\n", ["[] should be non-empty"],
     ["'players' lists the player counts the entry holds for (1 to 8), e.g. [2]"]),
    ("patch: terrans\nkind: faction\nvariant: beta\nversion: 101\n", ["101 is greater than the maximum of 100"],
     ["'version' is a whole number from 0 to 100"]),
]


@pytest.mark.parametrize("text, schema_errors, loader_problems", PATCHES)
def test_a_designers_patch_file_validates_in_an_editor_as_the_loader_accepts_it(tmp_path, text, schema_errors,
                                                                                  loader_problems):
    assert _schema_errors("faction", text) == schema_errors
    assert _loader_problems(tmp_path, text) == loader_problems


def test_a_misspelt_field_is_reported_by_the_schema_and_by_the_loader(tmp_path):
    whole = (bundled_content_dir() / "factions" / "terrans.yaml").read_text(encoding="utf-8")
    misspelt = whole.replace("start:", "strat:", 1)
    assert _schema_errors("faction", misspelt) == ["Additional properties are not allowed ('strat' was unexpected)"]
    assert _loader_problems(tmp_path, misspelt)[0].startswith("unknown key 'strat' at the top level (did you mean 'start'?)")
    patch = "patch: terrans\nkind: faction\nstrat:\n  credits: 20\n"
    assert _schema_errors("faction", patch) == ["Additional properties are not allowed ('strat' was unexpected)"]
    assert _loader_problems(tmp_path, patch)[0].startswith("unknown key 'strat' at the top level (did you mean 'start'?)")


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_a_patch_of_any_kind_needs_only_kind_and_patch(kind):
    assert _schema_errors(kind, f"patch: something\nkind: {kind}\n") == []
    assert _schema_errors(kind, f"patch: something\nkind: {kind}\nid: other\n") == [
        "Additional properties are not allowed ('id' was unexpected)"]
