"""The Automa (the solo opponent) as content: content/automa/, its schemas, checks and explanations.

The numbers are those of the shared specification of the solo rules (the card
table of its section 4, the faction cards of section 8, the round values of
section 9.1, the difficulties of sections 3.5 and 11).
"""
from __future__ import annotations

import json
import os
import re

import pytest
from typer.testing import CliRunner
from automa_helpers import DESIGNER_CARD

from gaia_rules.content import load_catalogue
from gaia_rules.content import automa as am
from gaia_rules.content.loader import schema_dir
from gaia_rules.faces.cli import app

runner = CliRunner()


def gaia(*args):
    return runner.invoke(app, [str(a) for a in args], prog_name="gaia")


@pytest.fixture(scope="module")
def bundled():
    catalogue, problems = load_catalogue()
    assert problems == []
    return catalogue


@pytest.fixture
def overlay(tmp_path, monkeypatch):
    """A designer's folder, with the working folder beside it (messages name `mine/FILE`)."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "mine"
    folder.mkdir()
    return folder


def problems_of(folder) -> list[str]:
    _catalogue, problems = load_catalogue([folder])
    return [str(p) for p in problems]


# ------------------------------------------------------------------ the decision cards (spec section 4.2)

# number: (starter, action, VP, pass icon, final tie-breaker, range, direction, numbered, booster, initial booster)
CARD_TABLE = {
    1: (True, "upgrade", 1, True, "top", 4, "right-down", ("left", 1), "left", 1),
    2: (True, "upgrade", 1, True, "bottom", 2, "right-down", ("left", 2), "middle", 2),
    3: (False, "research-highest", 1, True, "top", 2, "right-down", ("left", 3), "right", 3),
    4: (True, "build-mine", 1, False, "none", 2, "left-up", ("right", 4), "left", 4),
    5: (True, "power-qic", 1, True, "bottom", 2, "left-up", ("right", 5), "middle", 5),
    6: (False, "build-mine", 3, False, "top", 2, "right-down", ("right", 1), "right", 1),
    7: (True, "research-random", 0, False, "top", 2, "right-down", ("left", 4), "right", 2),
    8: (False, "build-mine", 3, True, "bottom", 4, "left-up", ("right", 1), "middle", 3),
    9: (False, "faction", 0, False, "bottom", 2, "left-up", ("right", 2), "right", 4),
    10: (False, "upgrade", 3, True, "top", 2, "left-up", ("right", 3), "left", 5),
    11: (False, "upgrade", 2, False, "bottom", 4, "right-down", ("left", 1), "middle", 1),
    12: (False, "power-qic", 3, True, "top", 2, "left-up", ("right", 1), "right", 2),
    13: (True, "faction", 0, False, "none", 2, "left-up", ("right", 2), "right", 3),
    14: (False, "power-qic", 3, False, "bottom", 2, "left-up", ("right", 3), "middle", 4),
    15: (False, "research-highest", 1, False, "top", 2, "left-up", ("left", 2), "left", 5),
    16: (False, "power-qic", 3, True, "top", 2, "right-down", ("left", 3), "left", 1),
    17: (False, "research-random", 2, False, "bottom", 2, "right-down", ("left", 5), "left", 2),
}


def test_the_17_decision_cards_load_with_the_numbers_of_the_spec(bundled):
    cards = bundled.automa.cards
    assert sorted(c.number for c in cards.values()) == list(range(1, 18))
    assert all(cards[f"automa{n}"].number == n for n in range(1, 18))


@pytest.mark.parametrize("number", sorted(CARD_TABLE))
def test_each_card_holds_every_field_of_its_printed_card(bundled, number):
    c = bundled.automa.cards[f"automa{number}"]
    assert (c.starter, c.action, c.vp, c.pass_icon, c.final_tiebreaker, c.range, c.direction,
            (c.numbered.start, c.numbered.count), c.booster, c.initial_booster) == CARD_TABLE[number]


def test_spot_checks_of_single_cards(bundled):
    cards = bundled.automa.cards
    # card 1: the only starter with range 4; upgrade for 1 VP; pass icon; booster on the left
    assert cards["automa1"] == am.AutomaCard("automa1", 1, True, "upgrade", 1, "top", 4, "right-down",
                                             am.Numbered("left", 1), True, "left", 1,
                                             file=cards["automa1"].file)
    # card 8: build a mine for 3 VP, range 4, left-up, "← 1", pass icon, middle booster
    assert (cards["automa8"].action, cards["automa8"].vp, cards["automa8"].range, cards["automa8"].direction,
            cards["automa8"].numbered, cards["automa8"].pass_icon, cards["automa8"].booster) == \
        ("build-mine", 3, 4, "left-up", am.Numbered("right", 1), True, "middle")
    # card 13: the starter faction card: no VP of its own, no final-scoring tie-breaker
    assert (cards["automa13"].action, cards["automa13"].vp, cards["automa13"].final_tiebreaker) == ("faction", 0, "none")
    # card 17: research a random area for 2 VP, "5 →"
    assert (cards["automa17"].action, cards["automa17"].vp, cards["automa17"].numbered) == \
        ("research-random", 2, am.Numbered("left", 5))


def test_the_starter_set_is_cards_1_2_4_5_7_13(bundled):
    assert [bundled.automa.cards[i].number for i in bundled.automa.starters()] == [1, 2, 4, 5, 7, 13]


def test_the_pass_icon_is_on_cards_1_2_3_5_8_10_12_16(bundled):
    assert sorted(c.number for c in bundled.automa.cards.values() if c.pass_icon) == [1, 2, 3, 5, 8, 10, 12, 16]


def test_the_actions_are_counted_as_printed(bundled):
    by_action: dict[str, list[int]] = {}
    for c in sorted(bundled.automa.cards.values(), key=lambda c: c.number):
        by_action.setdefault(c.action, []).append(c.number)
    assert by_action == {"upgrade": [1, 2, 10, 11], "build-mine": [4, 6, 8], "power-qic": [5, 12, 14, 16],
                         "research-highest": [3, 15], "research-random": [7, 17], "faction": [9, 13]}


# ------------------------------------------------------------------ difficulties (sections 3.5 and 11)

@pytest.mark.parametrize("level, name, vp, deck, size", [
    ("automalein", "Automalein", 0, [1, 4, 5, 7, 13], 6),
    ("automa", "Automa", 10, [1, 2, 4, 5, 7, 13], 7),
    ("automaechtig", "Automächtig", 10, [1, 2, 4, 5, 7, 9, 13], 8),
    ("ultoma", "Ultoma", 10, [1, 2, 4, 5, 7, 9, 13, 15], 9),
    ("alptrauma", "Alptrauma", 10, [1, 2, 4, 5, 7, 9, 13, 15], 9),
])
def test_each_difficulty_builds_the_starting_deck_of_the_spec(bundled, level, name, vp, deck, size):
    a = bundled.automa
    d = a.difficulties[level]
    assert (d.name, d.starting_vp) == (name, vp)
    assert [a.cards[i].number for i in d.starting_deck(a.cards)] == deck
    assert len(d.starting_deck(a.cards)) + d.random_reserve_cards == size


def test_difficulties_go_from_easiest_to_hardest_and_only_the_hardest_adds_vp(bundled):
    levels = sorted(bundled.automa.difficulties.values(), key=lambda d: d.level)
    assert [(d.id, d.level) for d in levels] == [("automalein", 1), ("automa", 2), ("automaechtig", 3),
                                                 ("ultoma", 4), ("alptrauma", 5)]
    assert [d.id for d in levels if d.extra_vp is not None] == ["alptrauma"]
    extra = bundled.automa.difficulties["alptrauma"].extra_vp
    assert extra == am.ExtraVP(1, ("card", "faction-card", "faction-rule", "round-tile", "final-tiles", "research"))
    # section 13, question 2: card 2 goes back to the reserve by default
    assert bundled.automa.difficulties["automalein"].removed_to == "reserve"


# ------------------------------------------------------------------ Automa faction cards (section 8)

def test_seven_automa_faction_cards_one_per_faction_board(bundled):
    factions = bundled.automa.factions
    assert {f.faction: (f.research, f.starting_mines, f.vp) for f in factions.values()} == {
        "terrans": (("gaia",), 2, 2), "xenos": (("int",), 3, 2), "taklons": ((), 2, 2),
        "hadsch-hallas": (("eco",), 2, 1), "geodens": (("terra",), 2, 1), "firaks": ((), 2, 2),
        "itars": ((), 2, 4)}
    homes = [bundled.factions[f.faction].home for f in factions.values()]
    assert sorted(homes) == sorted(bundled.wheel)


def test_faction_actions_in_order(bundled):
    f = bundled.automa.factions
    assert f["automa-terrans"].steps == (
        am.AutomaStep("research-track", track="gaia", otherwise=am.AutomaStep("research-random")),
        am.AutomaStep("build-mine", range=4, tiebreaker="transdim"))
    assert f["automa-taklons"].steps == (am.AutomaStep("build-mine", range=3, tiebreaker="closest-to-human"),
                                         am.AutomaStep("power-qic"))
    assert f["automa-hadsch-hallas"].steps == (am.AutomaStep("upgrade", otherwise=am.AutomaStep("build-mine", range=3)),)
    assert f["automa-itars"].steps == (am.AutomaStep("power-qic"), am.AutomaStep("power-qic"))
    assert f["automa-xenos"].special == (am.AutomaSpecial("repeat-card-action", action="power-qic", times=2),)
    assert f["automa-hadsch-hallas"].special == (am.AutomaSpecial("vp-for-upgrade", target="ts", vp=3),)
    assert f["automa-geodens"].special == (am.AutomaSpecial("vp-for-new-planet-type", vp=2),)
    assert f["automa-firaks"].special == (
        am.AutomaSpecial("downgrade", source="lab", target="ts", position=2, applies_to="every-upgrade"),
        am.AutomaSpecial("research-after-upgrade", action="research-random", source="ts", target="lab"))


# ------------------------------------------------------------------ round values and rules (sections 9.1, 5, 7)

def test_every_round_tile_has_its_automa_values(bundled):
    a = bundled.automa
    assert set(a.round_values) == set(bundled.round_tiles)
    names = {bundled.round_tiles[t].name: (v.left, v.right) for t, v in a.round_values.items()}
    assert names == {"2 VP per terraforming step": (4, 6), "2 VP per research step": (2, 4), "2 VP per mine": (4, 6),
                     "5 VP per federation": (0, 5), "4 VP per trading station": (3, 6),
                     "3 VP per trading station": (3, 6), "4 VP per Gaia mine": (2, 2), "3 VP per Gaia mine": (2, 2),
                     "5 VP per PI or academy": (0, 5)}
    assert [a.round_vp("score2", r) for r in range(1, 7)] == [2, 2, 2, 4, 4, 4]


def test_the_rules_hold_the_readings_chosen_for_the_open_questions(bundled):
    r = bundled.automa.rules
    assert (r.pass_zone, r.reserve_cards_per_round, r.pass_icon_from, r.booster_from, r.initial_booster,
            r.unbuildable_mine, r.transdim_becomes_gaia) == (3, 1, "action", "support", "random-card", "upgrade", True)
    assert r.mine_tiebreakers == ("faction", "final-tile", "fewest-steps", "closest-to-human", "direction")
    assert [(u.source, u.targets) for u in r.upgrades] == [("ts", ("PI",)), ("m", ("ts",)), ("lab", ("ac1", "ac2")),
                                                          ("ts", ("lab",))]
    assert r.planet_steps == {"gaia": 1, "transdim": 2}
    assert len(r.action_spaces) == 10


@pytest.mark.parametrize("kind, path, words", [
    ("automa_card", ("action", "do"), am.CARD_ACTIONS),
    ("automa_card", ("support", "final_tiebreaker"), am.FINAL_TIEBREAKERS),
    ("automa_card", ("support", "direction"), am.DIRECTIONS),
    ("automa_card", ("strip", "booster"), am.BOOSTER_POSITIONS),
    ("automa_faction", ("special", "items", "rule"), tuple(am.SPECIAL_RULES)),
    ("automa_faction", ("faction_action", "steps", "items", "do"), am.STEP_ACTIONS),
    ("automa_faction", ("faction_action", "steps", "items", "tiebreaker"), am.FACTION_TIEBREAKERS),
    ("automa_difficulty", ("extra_vp", "sources", "items"), am.VP_SOURCES),
    ("automa_difficulty", ("removed_to",), am.REMOVED_TO),
    ("automa_rules", ("mine_tiebreakers", "items"), am.MINE_TIEBREAKERS),
    ("automa_rules", ("upgrade_tiebreakers", "items"), am.UPGRADE_TIEBREAKERS),
    ("automa_rules", ("final_tile_preferences", "additionalProperties"), am.FINAL_PREFERENCES),
    ("automa_rules", ("initial_booster",), am.INITIAL_BOOSTER),
    ("automa_rules", ("unbuildable_mine",), am.UNBUILDABLE_MINE),
])
def test_the_schemas_enumerate_the_words_of_the_typed_content(kind, path, words):
    node = json.loads((schema_dir() / f"{kind}.schema.json").read_text(encoding="utf-8"))["$defs"]["component"]
    for key in path:
        node = node[key] if key in ("items", "additionalProperties") else node["properties"][key]
    assert tuple(node["enum"]) == words


# ------------------------------------------------------------------ validation messages

CARD = DESIGNER_CARD


def test_a_broken_card_is_reported_at_the_word(overlay):
    (overlay / "automa18.yaml").write_text(CARD.replace("build-mine", "bild-mine"))
    (overlay / "automa19.yaml").write_text(CARD.replace("18", "19").replace("number: 19", "number: 7"))
    assert problems_of(overlay) == [
        "mine/automa18.yaml:5:14: action.do: 'bild-mine' is not one of ['upgrade', 'build-mine', 'research-highest', "
        "'research-random', 'power-qic', 'faction'] (did you mean 'build-mine'?)",
        "mine/automa19.yaml:3:9: card number 7 is taken by 'automa7' too; each decision card needs its own number"]


def test_a_number_out_of_range_is_refused_by_the_schema(overlay):
    (overlay / "automa18.yaml").write_text(CARD.replace("initial_booster: 3", "initial_booster: 6"))
    assert problems_of(overlay) == ["mine/automa18.yaml:8:18: initial_booster: 6 is outside its declared range 1..5"]


def test_a_broken_difficulty_is_reported_at_each_card_it_names(overlay):
    (overlay / "nightmare.yaml").write_text(
        "kind: automa_difficulty\nid: nightmare\nname: Nightmare\nlevel: 5\nstarting_vp: 20\n"
        "deck:\n  add: [automa9, automa2, automa99]\n  remove: [automa3]\n")
    assert problems_of(overlay) == [
        "mine/nightmare.yaml:4:8: level 5 is taken by the difficulty 'alptrauma' too; each difficulty needs its own "
        "level",
        "mine/nightmare.yaml:7:18: 'automa2' is a starter card, already in the starting deck; 'add' moves a reserve "
        "card into it",
        "mine/nightmare.yaml:7:27: unknown decision card 'automa99' (did you mean 'automa9'?)",
        "mine/nightmare.yaml:8:12: 'automa3' is not a starter card; 'remove' takes a starter card out of the "
        "starting deck"]


def test_a_difficulty_without_a_starting_deck_or_with_a_stray_removed_to_is_refused(overlay):
    (overlay / "empty.yaml").write_text(
        "kind: automa_difficulty\nid: empty\nname: Empty\nlevel: 9\nstarting_vp: 0\n"
        "deck:\n  remove: [automa1, automa2, automa4, automa5, automa7, automa13]\nrandom_reserve_cards: 0\n")
    (overlay / "stray.yaml").write_text(
        "kind: automa_difficulty\nid: stray\nname: Stray\nlevel: 8\nstarting_vp: 0\nremoved_to: out-of-game\n")
    assert problems_of(overlay) == [
        "mine/empty.yaml:7:3: the starting deck of this difficulty is empty",
        "mine/stray.yaml:6:13: 'removed_to' says where removed cards go, but 'deck' removes none"]


def test_a_broken_automa_faction_card_is_reported_at_each_word(overlay):
    (overlay / "automa-lantids.yaml").write_text(
        "kind: automa_faction\nid: automa-lantids\nname: Lantids Automa\nfaction: lantid\n"
        "setup: {research: [navv], starting_mines: 2}\n"
        "faction_action:\n  steps:\n    - {do: power-qic, range: 3}\n    - {do: research-track}\n"
        "    - {do: build-mine, tiebreaker: closest-to-humans}\n  vp: 2\n"
        "special:\n  - {rule: vp-for-upgrade, to: tss, vp: 3}\n")
    assert problems_of(overlay) == [
        "mine/automa-lantids.yaml:10:36: faction_action.steps.2.tiebreaker: 'closest-to-humans' is not one of "
        "['transdim', 'closest-to-human'] (did you mean 'closest-to-human'?)"]
    text = (overlay / "automa-lantids.yaml").read_text().replace("closest-to-humans", "closest-to-human")
    (overlay / "automa-lantids.yaml").write_text(text)
    assert problems_of(overlay) == [
        "mine/automa-lantids.yaml:4:10: unknown faction 'lantid' (did you mean 'lantids'?)",
        "mine/automa-lantids.yaml:5:20: unknown research track 'navv' (did you mean 'nav'?)",
        "mine/automa-lantids.yaml:8:30: 'range' goes with 'do: build-mine', not 'power-qic'",
        "mine/automa-lantids.yaml:9:12: 'do: research-track' needs 'track' (a research track id)",
        "mine/automa-lantids.yaml:13:32: unknown structure 'tss' (did you mean 'ts'?)"]


def test_round_values_and_rules_name_existing_components(overlay):
    (overlay / "values.yaml").write_text("kind: automa_round_scoring\npatch: automa-round-scoring\n"
                                         "values:\n  scor1: {left: 1, right: 2}\n")
    (overlay / "rules.yaml").write_text("kind: automa_rules\npatch: automa-rules\n"
                                        "upgrade_tiebreakers: [direction, closest-to-human]\n"
                                        "upgrades: [{from: ts, to: \"PI|acc\"}]\n"
                                        "final_tile_preferences: {sectr: new-sector}\n")
    assert problems_of(overlay) == [
        "mine/rules.yaml:3:34: 'upgrade_tiebreakers' ends with 'direction', the one tie-breaker that always leaves "
        "a single candidate",
        "mine/rules.yaml:4:31: unknown structure 'acc' (did you mean 'ac2'?)",
        "mine/rules.yaml:5:26: unknown final scoring tile 'sectr' (did you mean 'sector'?)",
        "mine/values.yaml:4:3: unknown round scoring tile 'scor1' (did you mean 'score1'?)"]


def test_the_game_parameters_of_solo_games_are_checked_as_a_variants(overlay):
    (overlay / "rules.yaml").write_text("kind: automa_rules\npatch: automa-rules\n"
                                        "game_parameters: {final_zero_score: false, turn_order: pass}\n")
    assert problems_of(overlay) == [
        "mine/rules.yaml:3:37: unknown game parameter 'final_zero_score' (did you mean 'final_zero_scores'?)",
        "mine/rules.yaml:3:56: 'turn_order': expected one of first-passer-clockwise, pass-order, got 'pass'"]


def test_a_new_round_tile_without_an_automa_value_is_a_note_not_a_problem(overlay):
    (overlay / "rivalry.yaml").write_text("kind: round_scoring\nid: rivalry\nname: Rivalry\n"
                                          "effects: ['on build m: 1vp']\n")
    catalogue, problems = load_catalogue([overlay])
    assert problems == []
    assert [n for n in catalogue.notes if "Automa" in n] == [
        f"{os.path.join('mine', 'rivalry.yaml')}: note: the round scoring tile 'rivalry' has no Automa value in "
        "content/automa/automa-round-scoring.yaml; a solo game against the Automa cannot use it until a patch of "
        "that file gives one"]
    (overlay / "values.yaml").write_text("kind: automa_round_scoring\npatch: automa-round-scoring\n"
                                         "values:\n  rivalry: {left: 1, right: 3}\n")
    catalogue, problems = load_catalogue([overlay])
    assert problems == [] and not [n for n in catalogue.notes if "Automa" in n]
    assert catalogue.automa.round_vp("rivalry", 5) == 3 and catalogue.automa.round_vp("score1", 1) == 4


# ------------------------------------------------------------------ a designer's overlay

def test_an_overlay_adds_a_card_patches_a_difficulty_and_adds_an_automa_faction(overlay):
    (overlay / "automa18.yaml").write_text(CARD)
    (overlay / "ultoma.yaml").write_text("kind: automa_difficulty\npatch: ultoma\nstarting_vp: 15\n"
                                         "deck:\n  add: [automa9, automa15, automa18]\n")
    (overlay / "automa-lantids.yaml").write_text(
        "kind: automa_faction\nid: automa-lantids\nname: Lantids Automa\nfaction: lantids\n"
        "setup: {research: [], starting_mines: 2}\n"
        "faction_action:\n  steps:\n    - {do: build-mine, range: 3, tiebreaker: closest-to-human}\n  vp: 3\n")
    result = gaia("validate", "--content", overlay)
    assert result.exit_code == 0, result.output
    for line in ("Automa cards: 18", "Automa factions: 8", "Automa difficulties: 5"):
        assert re.search(rf"^\s+{line}$", result.stdout, re.M), line
    catalogue, _ = load_catalogue([overlay])
    a = catalogue.automa
    assert a.cards["automa18"].range == 3 and a.cards["automa18"].starter is False
    ultoma = a.difficulties["ultoma"]
    assert ultoma.starting_vp == 15
    assert [a.cards[i].number for i in ultoma.starting_deck(a.cards)] == [1, 2, 4, 5, 7, 9, 13, 15, 18]
    assert a.factions["automa-lantids"].steps == (am.AutomaStep("build-mine", range=3, tiebreaker="closest-to-human"),)
    shown = gaia("explain", "ultoma", "--content", overlay).output
    assert "Starting deck: the starter cards (1, 2, 4, 5, 7, 13), plus card 9, card 15 and card 18 from the " \
           "reserve, plus 1 random reserve card: 10 cards." in shown
    assert "The Automa starts with 15 VP." in shown


def test_a_full_content_set_without_the_faction_an_automa_card_plays_is_refused(tmp_path, monkeypatch):
    import shutil
    from gaia_rules.content import bundled_content_dir
    copy = tmp_path / "content"
    shutil.copytree(bundled_content_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.chdir(tmp_path)
    (copy / "factions" / "itars.yaml").unlink()
    for entry in (copy / "faction-variants").rglob("itars.yaml"):
        entry.unlink()
    result = gaia("validate", copy)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{os.path.join('content', 'automa', 'factions', 'automa-itars.yaml')}:5:10: unknown faction 'itars' "
        "(did you mean 'ivits'?)"]


# ------------------------------------------------------------------ gaia explain

@pytest.mark.parametrize("ident, lines", [
    ("automa7", ["# Card 7: research a random area (Automa decision card `automa7`)",
                 "File: `content/automa/cards/automa7.yaml`",
                 "- Starter card: yes (green number box): it is in the starting deck unless a difficulty removes it.",
                 "- Action half, when this is the action card: advance in a research area chosen by numbered "
                 "selection; then 0 VP, even when the action cannot be done.",
                 "- Support half, when this is the support card of the next action: final-scoring tie-breaker: the "
                 "top final scoring tile; range: 2; direction: right-down (top row first, each row from the left); "
                 "numbered selection: the 4th valid option counted from the left (4 →).",
                 "- Central strip: pass icon: no; booster selector: right (the pass icon is read on the action card, "
                 "the booster selector on the support card).",
                 "- Initial booster indicator: slot 2 of 5 (the booster it takes at set-up when this card is read "
                 "for it)."]),
    ("automa15", ["Added to the starting deck by Ultoma (`ultoma`) and Alptrauma (`alptrauma`)."]),
    ("automa-terrans", ["# Terrans Automa (Automa faction `automa-terrans`)",
                        "- Plays as: Terrans (`terrans`), home planet Terra; the human plays a faction of another "
                        "home planet.",
                        "- Set-up: one level on Gaia Project; 2 starting mines.",
                        "Faction action (when the action card says `faction`), in order, then 2 VP:",
                        "1. Advance one level on Gaia Project; if it cannot: advance in a research area chosen by "
                        "numbered selection.",
                        "2. Build a mine within range 4 (instead of the support card's), Transdim planets first.",
                        "- none"]),
    ("automa-hadsch-hallas", ["- Each upgrade that results in a trading station: 3 VP."]),
    ("automa-xenos", ["- Set-up: one level on Artificial Intelligence; 3 starting mines.",
                      "- Each power or Q.I.C. action of a decision card is done 2 times, with the same support card."]),
    ("automalein", ["# Automalein (Automa difficulty `automalein`)", "- Level 1 of 5 (1 is the easiest).",
                    "- The Automa starts with 0 VP.",
                    "- Starting deck: the starter cards (1, 2, 4, 5, 7, 13) without card 2 (back in the reserve), "
                    "plus 1 random reserve card: 6 cards."]),
    ("alptrauma", ["- Each time the Automa gains VP from decision cards, faction actions, faction rules, round scoring "
                   "tiles, final scoring tiles and research tracks: 1 VP more."]),
    ("automa-round-scoring", ["- 2 VP per research step (`score2`): 2 VP, then 4 VP"]),
    ("score2", ["The Automa, when it passes, scores 2 VP in rounds 1 to 3 and 4 VP later (`automa-round-scoring`)."]),
    ("automa-rules", ["- Upgrade priority (the first it can do): trading station to planetary institute; mine to "
                      "trading station; research lab to academy (knowledge) or academy (Q.I.C.); trading station to "
                      "research lab."]),
])
def test_explain_shows_each_automa_kind_in_plain_english(ident, lines):
    result = gaia("explain", ident)
    assert result.exit_code == 0, result.output
    shown = result.output.splitlines()
    for line in lines:
        assert line in shown, line


def test_explain_finds_automa_components_by_kind_alias_and_name():
    assert gaia("explain", "automa9", "--kind", "card").exit_code == 0
    assert gaia("explain", "Automächtig").output.startswith("# Automächtig (Automa difficulty `automaechtig`)")
    result = gaia("explain", "automa99")
    assert result.exit_code == 2 and "no component 'automa99' (did you mean" in result.stderr
