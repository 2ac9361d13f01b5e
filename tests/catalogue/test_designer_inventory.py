"""The mechanisms inventory (`gaia explain --mechanisms`) and docs/effects.md list the same items, and the
designs of tests/content/designer/ use every item between them."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from typer.testing import CliRunner

from gaia_rules.content import default_catalogue
from gaia_rules.content.inventory import final_count_items, inventory, statement_items, structure_ids
from gaia_rules.faces.cli import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "effects.md"
DESIGNS = Path(__file__).resolve().parents[1] / "content" / "designer"


def documented() -> set[tuple[str, str]]:
    """(category, item) of every row of the inventory tables of docs/effects.md."""
    text = DOC.read_text(encoding="utf-8")
    found = set()
    for category, body in re.findall(r"### Inventory: (.+?)\n\n(\|.*?)\n\n", text, re.S):
        found.update((category, name) for name in re.findall(r"^\| `([^`]+)` \|", body, re.M))
    return found


def test_every_mechanism_is_documented_and_nothing_else():
    listed = {(i.category, i.name) for i in inventory(default_catalogue())}
    docs = documented()
    assert listed - docs == set(), "in the inventory, not in docs/effects.md"
    assert docs - listed == set(), "in docs/effects.md, not in the inventory"


def test_each_event_is_described_in_the_events_table():
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Events: every moment of the rules"):text.index("## Rule parameters")]
    for item in inventory(default_catalogue()):
        if item.category == "event":
            assert re.search(rf"^\| `{re.escape(item.name)}( P)?` \|", table, re.M), item.name


def test_the_inventory_names_the_components_using_each_item():
    items = {(i.category, i.name): i.users for i in inventory(default_catalogue())}
    assert items[("event", "charge")] == ["faction taklons"]
    assert items[("parameter", "federation_threshold")] == ["faction xenos"]
    assert items[("condition", "until")] == ["faction baltaks", "faction gleens"]
    assert items[("event datum", "charge.pw")] == []
    with_v2 = {(i.category, i.name): i.users for i in inventory(default_catalogue([DESIGNS / "v2"]))}
    assert with_v2[("event datum", "federation.pieces")] == ["faction ore-federators"]


def test_explain_mechanisms_prints_the_inventory():
    result = CliRunner().invoke(app, ["explain", "--mechanisms", "--content", str(DESIGNS / "v3")])
    assert result.exit_code == 0, result.output
    assert "| `if` | fires only while a count compares true (`if lab >= 2:`) | faction lab-brokers |" in result.output
    assert CliRunner().invoke(app, ["explain", "--mechanisms", "--all"]).exit_code == 2


# ------------------------------------------------------------------ every construct is used by a design

# Items of the inventory that designs of other branches of issue 31 use (placement as data, event data, set-up
# placement order), named as `gaia explain --mechanisms` lists them: (category, item). The lead empties this set
# after merging those branches; nothing else belongs here.
COVERED_BY_OTHER_BRANCHES: set[tuple[str, str]] = set()


def design_folders() -> list[Path]:
    return sorted(p for p in DESIGNS.iterdir() if p.is_dir() and any(p.glob("*.yaml")) and p.name != "setups")


def _strings(node) -> set[str]:
    if isinstance(node, str):
        return {node}
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return {s for v in values for s in _strings(v)}


def _keys(node) -> set[str]:
    if isinstance(node, dict):
        return set(map(str, node)) | {k for v in node.values() for k in _keys(v)}
    return {k for v in node for k in _keys(v)} if isinstance(node, list) else set()


def design_uses(folder: Path, cat=None) -> set[tuple[str, str]]:
    """(category, item) of every inventory item a design uses: each effect string its own files write, the
    counts of its final scoring tiles, the parameters of its variants; an item of any other category (a
    placement field) when its files write it as a key and one of its components uses it. `cat`: a catalogue
    the design's folder is laid over (with others) and wins in, else its own."""
    cat = cat or default_catalogue([folder])
    own = {f"{kind} {cid}" for (kind, cid), (path, _) in cat.files.items()
           if Path(path).resolve().is_relative_to(folder.resolve())}
    docs = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in folder.glob("*.yaml")]
    written = {s for doc in docs for s in _strings(doc)}
    keys = {k for doc in docs for k in _keys(doc)}
    structures = structure_ids(cat)
    used = {item for component, effect in cat.effect_sources() if component in own and effect.text in written
            for st in effect.statements for item in statement_items(st, structures)}
    used |= {("counter", item) for t in cat.final_tiles.values() if f"final_scoring {t.id}" in own
             for item in final_count_items(t.count, structures)}
    used |= {("parameter", name) for v in cat.variants.values() if f"variant {v.id}" in own for name in v.parameters}
    if {i.category for i in inventory(default_catalogue())} - READ_FROM_STATEMENTS:
        used |= {(i.category, i.name) for i in inventory(cat) if i.category not in READ_FROM_STATEMENTS
                 and i.name in keys and own & set(i.users)}
    return used


# the categories `design_uses` reads from the statements, final tiles and variants a design writes
READ_FROM_STATEMENTS = {"trigger", "event", "event filter", "event datum", "counter", "condition", "parameter",
                        "parameter change",
                        "action template"}


def all_design_uses() -> set[tuple[str, str]]:
    """What the designs use between them: read from one catalogue with every design laid over the bundled
    content, and from its own for a design another one overrides there (both patch one component)."""
    folders = design_folders()
    together = default_catalogue(folders)
    places = {key: Path(path).resolve() for key, (path, _) in together.files.items()}
    used = set()
    for folder in folders:
        keys = {(data["kind"], data.get("id") or data.get("patch")) for f in folder.glob("*.yaml")
                if isinstance(data := yaml.safe_load(f.read_text(encoding="utf-8")), dict)}
        alone = any(not places.get(key, folder).is_relative_to(folder.resolve()) for key in keys)
        used |= design_uses(folder, None if alone else together)
    return used


def test_every_construct_the_inventory_lists_is_used_by_a_design():
    used = all_design_uses()
    listed = [(i.category, i.name) for i in inventory(default_catalogue())]
    missing = [item for item in listed if item not in used and item not in COVERED_BY_OTHER_BRANCHES]
    assert missing == [], "no design in tests/content/designer/ uses: " + ", ".join(f"{c} `{n}`" for c, n in missing)
    assert COVERED_BY_OTHER_BRANCHES <= set(listed), "COVERED_BY_OTHER_BRANCHES names items the inventory lacks"


def test_a_design_uses_what_its_own_files_write_not_what_it_inherits():
    uses = design_uses(DESIGNS / "v3")
    assert ("condition", "if") in uses and ("counter", "STRUCTURE") in uses
    assert ("action template", "tech") not in uses     # the research lab's `now: tech` of the default board
    assert ("counter", "PIECE-on-KIND") in design_uses(DESIGNS / "v15-surveyors")   # a final tile's count
    assert ("parameter", "opening_bids") in design_uses(DESIGNS / "v20-house-rules")  # a variant's parameter
    assert ("placement field", "gaia_project") not in design_uses(DESIGNS / "v3")    # the default board's Gaiaformer
    assert ("placement field", "gaia_project") in design_uses(DESIGNS / "v22-pioneers")  # its own seeder


def test_a_datum_in_a_condition_and_a_final_tiles_count_are_listed_under_what_they_are():
    items = {(i.category, i.name): i.users for i in inventory(default_catalogue([DESIGNS / "v12-scholars"]))}
    assert items[("event datum", "research.level")] == ["tech_tile library"]     # `if level >= 3: on research`
    assert "tech_tile library" not in items[("counter", "RESOURCE")]
    assert items[("counter", "research")] == ["advanced_tech_tile summit", "final_scoring erudition"]
    items = {(i.category, i.name): i.users for i in inventory(default_catalogue([DESIGNS / "v15-surveyors"]))}
    assert items[("counter", "PIECE-on-KIND")] == ["faction surveyors", "final_scoring gaia-settlers"]


def test_the_forms_of_a_parameter_change_name_their_users():
    items = {(i.category, i.name): i.users for i in inventory(default_catalogue([DESIGNS / "v16-resonance"]))}
    assert items[("parameter change", "+=")] == ["faction resonators"]
    assert items[("parameter change", "for USE")] == ["faction resonators"]
    assert "tech_tile tech3" in items[("parameter change", "[KEYS]")]
    assert items[("parameter change", "-=")] == []
