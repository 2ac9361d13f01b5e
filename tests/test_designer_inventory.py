"""The mechanisms inventory (`gaia explain --mechanisms`) and docs/effects.md list the same items."""
from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from gaia_rules.content import default_catalogue
from gaia_rules.content.inventory import inventory
from gaia_rules.faces.cli import app

DOC = Path(__file__).resolve().parent.parent / "docs" / "effects.md"
DESIGNS = Path(__file__).resolve().parent / "content" / "designer"


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
