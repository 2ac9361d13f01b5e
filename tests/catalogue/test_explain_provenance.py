"""`gaia explain` names the file each value came from when patch overlays changed a component.

A patch (`patch: <id>`) is merged onto the component as loaded so far; the loader
records the base file and, per patch in order, its file and the field paths it set.
Files are shown as the user gave them (bundled ones as `content/...`).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaia_rules.content import load_catalogue
from gaia_rules.content.catalogue import Origin
from gaia_rules.content.loader import patched_paths
from gaia_rules.faces.cli import app

runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """Two designer folders in the working directory, each patching the same faction."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-folder").mkdir()
    (tmp_path / "my-folder" / "terrans.yaml").write_text(
        "patch: terrans\nkind: faction\nstart:\n  credits: 20\n", encoding="utf-8")
    (tmp_path / "second").mkdir()
    (tmp_path / "second" / "cheaper.yaml").write_text(
        "patch: terrans\nkind: faction\nstructures:\n  ts: {cost: \"5c, 2o\"}\nability: []\n", encoding="utf-8")
    return tmp_path


def test_patched_paths_are_the_leaves_a_patch_replaces():
    base = {"start": {"credits": 15, "power": {"area1": 2}}, "research": ["gaia"]}
    patch = {"start": {"credits": 20, "power": {"area1": 4}}, "research": ["int"], "setup": [{"piece": "PI", "at": 1}]}
    assert patched_paths(base, patch) == ["start.credits", "start.power.area1", "research", "setup"]


def test_origin_tells_which_patch_set_a_field_or_a_part_of_it():
    origin = Origin("content/factions/x.yaml", True, (("a.yaml", ("start.credits",)), ("b.yaml", ("start",))))
    assert origin.files_of("start.credits") == ["a.yaml", "b.yaml"]
    assert origin.files_of("start.power") == ["b.yaml"]
    assert origin.files_of("income") == []


def test_the_loader_records_the_base_file_and_each_patch_in_order(folders):
    """Paths name what the patch file wrote, even under a field the base lacks (terrans take `structures` from their board)."""
    catalogue, problems = load_catalogue(["my-folder", "second"])
    assert problems == []
    assert catalogue.origins[("faction", "terrans")] == Origin(
        "content/factions/terrans.yaml", True,
        (("my-folder/terrans.yaml", ("start.credits",)), ("second/cheaper.yaml", ("structures.ts.cost", "ability"))))
    assert catalogue.origins[("faction", "xenos")] == Origin("content/factions/xenos.yaml", True, ())


def test_explain_a_patched_faction_names_its_files_and_marks_patched_lines(folders):
    result = gaia("explain", "terrans", "--content", "my-folder/")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[2] == ("Files: `content/factions/terrans.yaml` (bundled), patched by `my-folder/terrans.yaml` "
                        "(start.credits)")
    assert ("- Starting resources: 10 VP, 20 credits, 4 ore, 3 knowledge and 1 Q.I.C. (from `my-folder/terrans.yaml`)"
            in lines)
    assert "- Power bowls: 4 in area I, 4 in area II and 0 in area III." in lines  # not patched: no mark
    assert "- Base income: 1 ore and 1 knowledge. (`income: 1o, 1k`)" in lines


def test_explain_with_two_patches_names_both_in_order_and_marks_each_line_with_its_own(folders):
    result = gaia("explain", "terrans", "--content", "my-folder", "--content", "second")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[2] == ("Files: `content/factions/terrans.yaml` (bundled), patched by `my-folder/terrans.yaml` "
                        "(start.credits), then `second/cheaper.yaml` (structures.ts.cost, ability)")
    assert "Abilities (from the start) (from `second/cheaper.yaml`):" in lines
    assert ("- trading station (`ts`) cost: 5 credits and 2 ore (board: 6 credits and 2 ore) "
            "(from `second/cheaper.yaml`)") in lines
    assert next(x for x in lines if x.startswith("Planetary institute")).endswith("power token); once built:")


def test_explain_an_unpatched_component_keeps_its_single_file_line(folders):
    result = gaia("explain", "xenos", "--content", "my-folder")
    assert result.output.splitlines()[2] == "File: `content/factions/xenos.yaml`"


def test_explain_a_faction_variant_names_the_entry_file_and_the_fields_it_sets():
    result = gaia("explain", "baltaks", "--faction-variant", "beta")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[2] == ("In every game: `content/faction-variants/beta/v0/baltaks.yaml` (version 0; it sets research). "
                        "Different from the standard faction:")
    assert ("Files: `content/factions/baltaks.yaml` (bundled), patched by "
            "`content/faction-variants/beta/v0/baltaks.yaml` (research)") in lines
    assert ("- Research at set-up: one level on Gaia Project and one level on Artificial Intelligence. "
            "(from `content/faction-variants/beta/v0/baltaks.yaml`)") in lines


def test_the_catalogue_lists_each_variant_entry_with_the_fields_it_sets():
    result = gaia("explain", "beta")
    assert "Version 0, Bal T'aks (`content/faction-variants/beta/v0/baltaks.yaml`, which sets research):" \
        in result.output.splitlines()


def _block(doc: str, first_line: str) -> list[str]:
    """The lines of the fenced block of a markdown document that starts with `first_line`."""
    start = doc.index("\n" + first_line + "\n") + 1
    return doc[start: doc.index("\n```", start)].splitlines()


def test_the_patch_overlay_example_of_docs_content_md_shows_what_explain_prints(tmp_path, monkeypatch):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "content.md").read_text(encoding="utf-8")
    patch = _block(doc, "# my-rules/terrans.yaml: the Terrans start with 20 credits and cheaper trading stations")
    shown = _block(doc, "# Terrans (faction `terrans`)")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-rules").mkdir()
    (tmp_path / "my-rules" / "terrans.yaml").write_text("\n".join(patch) + "\n", encoding="utf-8")
    real = gaia("explain", "terrans", "--content", "my-rules/").output.splitlines()
    assert [line for line in shown if line != "..." and line not in real] == []
    assert len([line for line in shown if line != "..."]) == 12


def test_explain_a_patched_tile_marks_its_effects_with_the_patch(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boost").mkdir()
    (tmp_path / "boost" / "b.yaml").write_text("patch: booster1\nkind: booster\neffects: [\"income: 2k\"]\n",
                                               encoding="utf-8")
    lines = gaia("explain", "booster1", "--content", "boost").output.splitlines()
    assert lines[2:7] == ["Files: `content/boosters/booster1.yaml` (bundled), patched by `boost/b.yaml` (effects)", "",
                          "While you hold it (taken for one round) (from `boost/b.yaml`):", "",
                          "- Income: 2 knowledge. (`income: 2k`)"]


def test_the_variant_example_of_docs_variants_md_shows_what_explain_prints():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text(encoding="utf-8")
    shown = [line for line in _block(doc, "$ gaia explain firaks --faction-variant more-balanced")[1:] if line != "..."]
    real = gaia("explain", "firaks", "--faction-variant", "more-balanced").output.splitlines()
    assert real[: len(shown)] == shown
