"""The patch form of each content schema, derived from its component form.

Each `schemas/KIND.schema.json` holds two forms under `$defs`: `component` (a
whole component, what the loader checks every file and every merged patch
against) and `patch` (a file with `patch: <id>`: any field of the component,
none required, mappings partial at every depth because patches merge key by
key). The root picks one with `if: {required: [patch]}`, so an editor checks
both kinds of file; the loader's results are those of the component form.

Run `python tests/schema_forms.py` after editing a component form to rewrite
the patch forms; tests/catalogue/test_schemas_editor.py fails while one is stale.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
ROOT_KEYS = ("$schema", "$id", "title", "description")

# The header words of a faction variant entry (the loader's `_patch_problem` rules).
VARIANT_KEYS = {
    "variant": {"type": "string", "description": "For an entry of a faction variant: the family it belongs to "
                "(a faction_variant id, e.g. beta); the patch then changes the faction only in games "
                "played with that variant (docs/variants.md).", "examples": ["beta", "more-balanced"]},
    "version": {"type": "integer", "minimum": 0, "maximum": 100, "description": "For a variant entry: the version "
                "of the family it belongs to (a whole number from 0 to 100; default 0)."},
    "players": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1, "maximum": 8,
                "description": "A player count, e.g. 2 (a whole number from 1 to 8)."},
                "description": "For a variant entry: the player counts it holds for, e.g. [2] (default: every count)."},
}


def partial(schema: dict) -> dict:
    """A schema with no `required` in any mapping, at any depth (list items stay whole: lists replace)."""
    out = copy.deepcopy(schema)
    out.pop("required", None)
    for key in ("properties", "patternProperties"):
        for name, sub in out.get(key, {}).items():
            out[key][name] = partial(sub)
    if isinstance(out.get("additionalProperties"), dict):
        out["additionalProperties"] = partial(out["additionalProperties"])
    return out


def _has_required(schema) -> bool:
    if isinstance(schema, dict):
        return "required" in schema or any(_has_required(v) for k, v in schema.items() if k != "items")
    return False


def patch_form(kind: str, component: dict) -> dict:
    """The patch form: `kind` and `patch` required, any other field of the component, `id` refused."""
    props: dict = {"patch": {"type": "string", "description": f"The id of the {component_label(component)} this "
                             "file changes (instead of `id`): the file gives only the fields that change; mappings "
                             "merge key by key, lists and values replace (docs/content.md, Patch overlays)."}}
    if "examples" in component["properties"].get("id", {}):
        props["patch"]["examples"] = component["properties"]["id"]["examples"]
    for name, sub in component["properties"].items():
        if name == "id":
            continue
        props[name] = partial(sub) if _has_required(sub) else {"$ref": f"#/$defs/component/properties/{name}"}
    form = {"type": "object", "description": "A patch file: `patch: <id>` and only the fields that change.",
            "additionalProperties": False, "required": ["kind", "patch"], "properties": props}
    if kind == "faction":
        props.update(copy.deepcopy(VARIANT_KEYS))
        form["dependentRequired"] = {"version": ["variant"], "players": ["variant"]}
    return form


def component_label(component: dict) -> str:
    return component.get("title", "component").lower()


def wrapped(kind: str, schema: dict) -> dict:
    """The schema file's content: root words, the choice of form, and both forms."""
    if "$defs" in schema:
        component = schema["$defs"]["component"]
    else:
        component = {k: v for k, v in schema.items() if k not in ROOT_KEYS}
        component["title"] = schema.get("title", kind)
        component["description"] = "The whole component (a file with `id`)."
    out = {k: schema[k] for k in ROOT_KEYS if k in schema}
    out["if"] = {"required": ["patch"]}
    out["then"] = {"$ref": "#/$defs/patch"}
    out["else"] = {"$ref": "#/$defs/component"}
    out["$defs"] = {"component": component, "patch": patch_form(kind, component)}
    return out


def text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        kind = path.name[: -len(".schema.json")]
        path.write_text(text(wrapped(kind, json.loads(path.read_text(encoding="utf-8")))), encoding="utf-8")


if __name__ == "__main__":
    main()
