"""Faction variants as content: patch overlays, variant entries, player-count conditions, set-up order.

The starting numbers are those of the site's engine right after the last
faction is chosen (the variants README, "Resulting state after faction set-up").
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.content.loader import merge_patch
from gaia_rules.formats.corpus import corpus_file
from gaia_rules.formats.replay import replay_record
from gaia_rules.rules import Engine
from gaia_rules.setup import SetupError, random_setup
from gaia_rules.state import GameState
from rules_helpers import CAT, ENGINE, clear, legal_texts, play, put, refused, set_player, set_turn, start


def opening(factions: list[str], family: str | None, version: int | None = None) -> GameState:
    """A game with fixed factions under a variant, right after the faction boards are loaded."""
    setup = random_setup(CAT, len(factions), "variants", factions=factions,
                         faction_variant=family, faction_variant_version=version)
    return ENGINE.new_game(setup)


def numbers(state: GameState, p: int) -> tuple:
    pl = state.players[p]
    research = {t: n for t, n in pl.research.items() if n}
    return (pl.credits, pl.ore, pl.knowledge, pl.qic,
            (pl.power["area1"], pl.power["area2"], pl.power["area3"]), research)


# faction, family, version -> c, o, k, q, bowls I/II/III, research (variants README, last table)
STARTS = [
    ("lantids", None, None, (13, 4, 3, 1, (4, 0, 0), {})),
    ("lantids", "more-balanced", 0, (15, 4, 3, 1, (4, 2, 0), {})),
    ("lantids", "beta", 0, (13, 4, 3, 1, (4, 0, 0), {"eco": 2})),
    ("lantids", "beta", 2, (13, 4, 3, 1, (4, 0, 0), {"eco": 2})),
    ("xenos", "more-balanced", 0, (15, 4, 3, 2, (2, 4, 0), {"int": 1})),
    ("xenos", "beta", 0, (15, 4, 3, 3, (2, 4, 0), {"int": 2})),
    ("xenos", "beta", 2, (15, 4, 3, 3, (2, 4, 0), {"int": 2})),
    ("gleens", None, None, (15, 5, 3, 0, (2, 4, 0), {"nav": 1})),
    ("gleens", "more-balanced", 0, (15, 5, 3, 1, (2, 4, 0), {"nav": 1})),
    ("gleens", "beta", 0, (15, 5, 3, 0, (2, 4, 0), {"nav": 2})),
    ("gleens", "beta", 2, (15, 6, 3, 0, (0, 5, 1), {"nav": 3})),
    ("terrans", "beta", 0, (15, 4, 3, 2, (4, 4, 0), {"nav": 1, "gaia": 1})),
    ("terrans", "beta", 1, (15, 4, 3, 2, (4, 4, 0), {"nav": 1, "gaia": 1})),
    ("terrans", "beta", 2, (15, 4, 3, 1, (4, 4, 0), {"gaia": 1})),
    ("hadsch-hallas", "beta", 0, (15, 4, 3, 1, (2, 4, 0), {"eco": 2})),
    ("hadsch-hallas", "beta", 2, (15, 4, 3, 1, (2, 4, 0), {"eco": 2})),
    ("geodens", "beta", 0, (15, 6, 3, 1, (2, 4, 0), {"terra": 2})),
    ("geodens", "beta", 2, (15, 6, 5, 1, (2, 4, 0), {"terra": 2})),
    ("baltaks", "beta", 0, (15, 4, 3, 1, (2, 2, 0), {"int": 1, "gaia": 1})),
    ("baltaks", "beta", 2, (15, 4, 3, 1, (2, 2, 0), {"int": 1, "gaia": 1})),
    ("firaks", "more-balanced", 0, (15, 4, 2, 1, (4, 2, 0), {})),
    ("firaks", "beta", 0, (15, 3, 2, 1, (2, 4, 0), {"sci": 1})),
    ("firaks", "beta", 2, (15, 3, 2, 1, (2, 4, 0), {"eco": 1})),
    ("bescods", "more-balanced", 0, (15, 4, 2, 1, (2, 4, 0), {})),
    ("bescods", "beta", 0, (15, 4, 1, 1, (2, 4, 0), {"sci": 1})),
    ("bescods", "beta", 2, (15, 4, 1, 1, (2, 4, 0), {"sci": 2})),
    ("itars", "more-balanced", 0, (15, 5, 3, 1, (4, 4, 0), {})),
    ("itars", "beta", 2, (15, 5, 3, 1, (4, 4, 0), {})),
]


@pytest.mark.parametrize("faction, family, version, expected", STARTS,
                         ids=[f"{f}-{fam or 'standard'}-v{v}" for f, fam, v, _ in STARTS])
def test_starting_state_under_each_variant(faction, family, version, expected):
    other = "ambas" if faction != "ambas" else "nevlas"
    state = opening([faction, other], family, version)
    assert numbers(state, 0) == expected


def test_two_player_ivits_of_more_balanced_start_without_a_qic():
    assert numbers(opening(["bescods", "ivits"], "more-balanced"), 1) == (15, 4, 3, 0, (2, 4, 0), {})
    assert numbers(opening(["bescods", "ivits"], None), 1) == (15, 4, 3, 1, (2, 4, 0), {})


def test_three_player_ivits_of_more_balanced_keep_the_standard_board():
    assert numbers(opening(["bescods", "ivits", "ambas"], "more-balanced"), 1) == (15, 4, 3, 1, (2, 4, 0), {})


def test_latest_version_is_the_default():
    assert CAT.faction_variants["beta"].latest == 2
    assert CAT.faction_variants["more-balanced"].latest == 0
    assert numbers(opening(["gleens", "ambas"], "beta"), 0)[5] == {"nav": 3}


# ------------------------------------------------------------------ incomes and buildings

def slot_texts(catalogue, faction: str, structure: str) -> list[str]:
    return [e.text for e in catalogue.factions[faction].structures[structure].slots]


def test_more_balanced_changes_itars_incomes_but_not_their_planetary_institute_cost():
    mb = CAT.with_faction_variant("more-balanced", 0, 3)
    assert mb.factions["itars"].income.text == "income: 1o, 1k"
    assert CAT.factions["itars"].income.text == "income: 1o, 1k, 1t"
    assert slot_texts(mb, "itars", "ac1") == ["income: 2k"]
    assert slot_texts(mb, "itars", "PI") == ["income: 4pw; income: 2t"]
    assert mb.factions["itars"].structures["PI"].cost == CAT.factions["itars"].structures["PI"].cost


def test_more_balanced_xenos_planetary_institute_adds_a_power_token():
    mb = CAT.with_faction_variant("more-balanced", 0, 4)
    assert slot_texts(mb, "xenos", "PI") == ["income: 4pw; income: 1q, 1t"]
    assert slot_texts(CAT, "xenos", "PI") == ["income: 4pw; income: 1q"]


def test_two_player_ivits_planetary_institute_gives_no_token():
    assert slot_texts(CAT.with_faction_variant("more-balanced", 0, 2), "ivits", "PI") == ["income: 4pw"]
    assert slot_texts(CAT.with_faction_variant("more-balanced", 0, 3), "ivits", "PI") == ["income: 4pw; income: 1t"]


def test_factions_a_variant_leaves_alone_keep_their_standard_board():
    for family, version in (("more-balanced", 0), ("beta", 0), ("beta", 2)):
        derived = CAT.with_faction_variant(family, version, 3)
        for fid in ("taklons", "ambas", "nevlas"):
            assert derived.factions[fid] is CAT.factions[fid]


def test_every_changed_faction_of_each_version_has_an_entry():
    def changed(family, version, players=3):
        return {f for f in CAT.factions if CAT.variant_entry(family, version, players, f) is not None}

    assert changed("more-balanced", 0) == {"lantids", "xenos", "gleens", "firaks", "bescods", "itars"}
    assert changed("more-balanced", 0, players=2) == {"lantids", "xenos", "gleens", "firaks", "bescods", "itars",
                                                      "ivits"}
    beta = {"terrans", "lantids", "xenos", "gleens", "hadsch-hallas", "geodens", "baltaks", "firaks", "bescods"}
    assert changed("beta", 0) == beta
    assert changed("beta", 2) == beta  # the Terrans' version-2 entry restores their standard row


# ------------------------------------------------------------------ set-up order as data

def test_two_player_ivits_place_their_planetary_institute_after_the_first_mine():
    for seats in (["bescods", "ivits"], ["ivits", "bescods"]):
        state = opening(seats, "more-balanced")
        other, ivits = (0, 1) if seats[1] == "ivits" else (1, 0)
        assert state.setup_queue == [[other, "m"], [ivits, "PI"], [other, "m"]]


def test_two_player_ivits_go_before_a_third_xenos_mine():
    state = opening(["xenos", "ivits"], "more-balanced")
    assert state.setup_queue == [[0, "m"], [1, "PI"], [0, "m"], [0, "m"]]


def test_standard_ivits_place_their_planetary_institute_last():
    state = opening(["xenos", "ivits"], None)
    assert state.setup_queue == [[0, "m"], [0, "m"], [0, "m"], [1, "PI"]]


# ------------------------------------------------------------------ patch overlays

def test_merge_rules_mappings_merge_lists_and_scalars_replace():
    base = {"start": {"credits": 15, "power": {"area1": 2, "area2": 4}}, "research": ["nav"], "name": "A"}
    patch = {"start": {"power": {"area2": 0}}, "research": ["int", "int"], "name": "B"}
    assert merge_patch(base, patch) == {"start": {"credits": 15, "power": {"area1": 2, "area2": 0}},
                                        "research": ["int", "int"], "name": "B"}


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_patch_in_a_content_folder_changes_only_what_it_names(tmp_path):
    write(tmp_path / "mine", "terrans.yaml", "patch: terrans\nkind: faction\nstart:\n  credits: 20\n"
                                             "structures:\n  ts: {cost: '5c, 2o'}\n")
    cat, problems = load_catalogue([tmp_path / "mine"])
    assert problems == []
    terrans, standard = cat.factions["terrans"], CAT.factions["terrans"]
    assert terrans.start["credits"] == 20 and terrans.start["ore"] == standard.start["ore"]
    assert terrans.power == standard.power and terrans.research == standard.research
    assert [c.count for c in terrans.structures["ts"].cost] == [5, 2]
    assert terrans.structures["lab"] == standard.structures["lab"]


def test_a_designer_can_add_a_variant_family_with_a_player_count_entry(tmp_path):
    folder = tmp_path / "house"
    write(folder, "variant.yaml", "kind: faction_variant\nid: house\nname: House\nversions: [0]\n")
    write(folder, "nevlas.yaml", "patch: nevlas\nkind: faction\nvariant: house\nversion: 0\nplayers: [4]\n"
                                 "start: {ore: 6}\n")
    cat, problems = load_catalogue([folder])
    assert problems == []
    assert cat.with_faction_variant("house", 0, 4).factions["nevlas"].start["ore"] == 6
    assert cat.with_faction_variant("house", 0, 3).factions["nevlas"].start["ore"] == 4


@pytest.mark.parametrize("text, message", [
    ("patch: zorgs\nkind: faction\nstart: {ore: 1}\n", "patch: no faction 'zorgs' to patch"),
    ("patch: nevlas\nkind: faction\nvariant: nowhere\nversion: 0\n", "unknown faction variant 'nowhere'"),
    ("patch: nevlas\nkind: faction\nvariant: beta\nversion: 5\n", "faction variant 'beta' has versions 0, 1, 2, not 5"),
    ("patch: nevlas\nkind: faction\nplayers: [2]\nstart: {ore: 1}\n", "'players' belongs to a variant entry"),
    ("patch: nevlas\nkind: faction\nstart: {oar: 1}\n", "unknown key 'oar'"),
    ("patch: nevlas\nkind: faction\nsetup: [{piece: PI, pass: 9}]\n",
     "set-up placement 1 ('PI') is in pass 9, but the game has 4 passes"),
])
def test_bad_patches_are_reported_at_their_file(tmp_path, text, message):
    path = write(tmp_path / "bad", "nevlas.yaml", text)
    _cat, problems = load_catalogue([tmp_path / "bad"])
    assert any(p.file.endswith(path.name) and message in p.message for p in problems), [str(p) for p in problems]


# ------------------------------------------------------------------ games remember their variant

def test_a_saved_game_remembers_its_variant_and_auction():
    setup = random_setup(CAT, 2, "variants", faction_variant="beta", faction_variant_version=0, auction="choose-bid")
    state = ENGINE.new_game(setup)
    again = GameState.from_json(state.to_json())
    assert (again.setup.faction_variant, again.setup.faction_variant_version, again.setup.auction) == \
        ("beta", 0, "choose-bid")
    assert ENGINE.context(again).content.catalogue.factions["gleens"].research == ("nav", "nav")


def test_old_saves_with_a_boolean_auction_still_load():
    state = ENGINE.new_game(random_setup(CAT, 2, "variants"))
    data = state.to_dict()
    data["setup"]["auction"] = False
    assert GameState.from_dict(data).setup.auction is None


def test_unknown_variant_or_version_is_refused_at_set_up():
    with pytest.raises(SetupError, match="unknown faction variant 'balanced'"):
        random_setup(CAT, 2, 1, faction_variant="balanced")
    with pytest.raises(SetupError, match="has versions 0, not 1"):
        random_setup(CAT, 2, 1, faction_variant="more-balanced", faction_variant_version=1)


# ------------------------------------------------------------------ replaying records with options

def record(name: str) -> dict:
    return json.loads(corpus_file(name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("option", ["advancedRules", "customBoardSetup", "randomFactions"])
def test_replay_refuses_options_it_does_not_play_naming_them(option):
    data = record("variants/beta-2p-01.json")
    data["options"][option] = True
    result = replay_record(Engine(default_catalogue()), data)
    assert result.first_divergence is not None
    assert f"'{option}'" in str(result.first_divergence.got)


def test_replay_reads_the_variant_from_flags_when_options_are_missing():
    data = record("variants/beta-2p-01.json")
    del data["options"]
    assert replay_record(ENGINE, data).passed


# ------------------------------------------------------------------ a research step that cannot be taken

def test_terraforming_tile_at_level_4_without_a_green_token_needs_an_explicit_decline():
    s = start(["nevlas", "ambas"], seed="decline")
    clear(s)
    set_player(s, 0, research={**s.players[0].research, "terra": 4})
    s.players[0].fed_tokens = []
    home = next(h for h in ENGINE.context(s).map.hexes.values() if h.planet == CAT.factions["nevlas"].home)
    put(s, home.name, 0, "ts")
    s = set_turn(s, 0)
    s = play(s, f"p1 build lab {home.name}. tech terra")
    assert legal_texts(s) == ["decline"]
    assert refused(s, "p1 up terra").rule == "research"
    after = play(s, "p1 decline up. endturn")
    assert after.players[0].research["terra"] == 4


def test_a_step_that_can_be_taken_is_offered_with_its_decline():
    s = start(["nevlas", "ambas"], seed="decline")
    clear(s)
    home = next(h for h in ENGINE.context(s).map.hexes.values() if h.planet == CAT.factions["nevlas"].home)
    put(s, home.name, 0, "ts")
    s = set_turn(s, 0)
    s = play(s, f"p1 build lab {home.name}. tech terra")
    assert legal_texts(s) == ["up terra", "decline"]


# ------------------------------------------------------------------ the x-shaped map as a layout

@pytest.mark.parametrize("players", [2, 3, 4])
def test_xshape_layout_puts_its_eight_sectors_on_its_eight_slots_for_any_player_count(players):
    setup = random_setup(CAT, players, f"x{players}", layout="xshape")
    assert len(setup.sectors) == 8
    assert sorted(s["sector"] for s in setup.sectors) == sorted(["1", "2", "3", "4", "5A", "6A", "7A", "8"])
    assert {tuple(s["center"]) for s in setup.sectors} == {(0, 0), (5, -2), (2, 3), (-3, 5), (-5, 2), (-2, -3),
                                                           (-1, 8), (-8, 7)}
    state = ENGINE.new_game(setup)
    assert len(ENGINE.context(state).map.hexes) == 8 * 19


def test_xshape_draw_shuffles_the_sectors():
    orders = {tuple(s["sector"] for s in random_setup(CAT, 2, seed, layout="xshape").sectors) for seed in range(6)}
    assert len(orders) > 1


def test_standard_layouts_keep_their_order_and_unknown_layouts_are_named():
    setup = random_setup(CAT, 3, "s", layout="standard")
    assert [s["sector"] for s in setup.sectors] == ["1", "2", "3", "4", "5A", "6A", "7A", "8", "9", "10"]
    with pytest.raises(SetupError, match="unknown layout 'xshap' \\(did you mean 'xshape'\\?\\)"):
        random_setup(CAT, 3, "s", layout="xshap")


# ------------------------------------------------------------------ the command line

def gaia(*args):
    from typer.testing import CliRunner

    from gaia_rules.faces.cli import app

    return CliRunner().invoke(app, [str(a) for a in args], prog_name="gaia")


def test_gaia_show_lists_the_factions_on_offer_with_holders_and_bids(tmp_path):
    out = tmp_path / "g.json"
    assert gaia("new", "--players", 2, "--seed", 3, "--auction", "choose-bid", "-o", out).exit_code == 0
    for line in ("faction gleens", "faction nevlas", "bid nevlas 3"):
        assert gaia("move", out, line).exit_code == 0
    shown = gaia("show", out).output
    assert "Auction (choose-bid)" in shown
    rows = [" ".join(cell.strip() for cell in line.split("│") if cell.strip()) for line in shown.splitlines()]
    assert "gleens: Gleens (Desert) nobody yet -" in rows
    assert "nevlas: Nevlas (Ice) p1 3 VP" in rows


def test_gaia_new_saves_the_options_and_the_game_plays_under_them(tmp_path):
    out = tmp_path / "g.json"
    result = gaia("new", "--players", 2, "--seed", 3, "--auction", "choose-bid", "--faction-variant", "beta",
                  "--faction-variant-version", 0, "--layout", "xshape", "-o", out)
    assert result.exit_code == 0, result.output
    setup = json.loads(out.read_text(encoding="utf-8"))["setup"]
    assert (setup["auction"], setup["faction_variant"], setup["faction_variant_version"]) == ("choose-bid", "beta", 0)
    assert len(setup["sectors"]) == 8
    for line in ("faction gleens", "faction nevlas", "bid gleens 2", "bid nevlas 0"):
        assert gaia("move", out, line).exit_code == 0
    state = GameState.from_dict(json.loads(out.read_text(encoding="utf-8"))["state"])
    gleens = next(p for p in state.players if p.faction == "gleens")
    assert (gleens.bid, gleens.research["nav"]) == (2, 2)


@pytest.mark.parametrize("args, message", [
    (("--auction", "dutch"), "unknown auction 'dutch'"),
    (("--faction-variant", "beta", "--faction-variant-version", 7), "faction variant 'beta' has versions 0, 1, 2, not 7"),
    (("--layout", "xsape"), "unknown layout 'xsape'"),
])
def test_gaia_new_refuses_unknown_options_in_one_line(tmp_path, args, message):
    result = gaia("new", "--players", 2, *args, "-o", tmp_path / "g.json")
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output


def test_gaia_explain_shows_a_faction_under_a_variant():
    result = gaia("explain", "gleens", "--faction-variant", "beta", "--faction-variant-version", "0")
    assert result.exit_code == 0, result.output
    assert "research steps at set-up, in order: Navigation and Navigation (standard: Navigation)" in result.output
    result = gaia("explain", "ivits", "--faction-variant", "more-balanced")
    assert "With 2 players: `content/faction-variants/more-balanced/v0/ivits.yaml`" in result.output
    assert "With 3 or 4 players: the standard board" in result.output


def test_a_content_folder_entry_replaces_the_bundled_entry_of_the_same_variant_version(tmp_path):
    write(tmp_path / "mine", "lantids.yaml", "patch: lantids\nkind: faction\nvariant: more-balanced\nversion: 0\n"
                                             "start: {credits: 17}\n")
    cat, problems = load_catalogue([tmp_path / "mine"])
    assert problems == []
    assert len([e for e in cat.variant_entries if e.faction.id == "lantids" and e.family == "more-balanced"]) == 1
    lantids = cat.with_faction_variant("more-balanced", 0, 3).factions["lantids"]
    assert lantids.start["credits"] == 17 and lantids.power == CAT.factions["lantids"].power


def test_game_options_are_read_from_options_then_flags():
    from gaia_rules.formats.replay import game_options

    assert game_options({"options": {"auction": "choose-bid", "factionVariant": "beta", "factionVariantVersion": 0}}) \
        == {"auction": "choose-bid", "faction_variant": "beta", "faction_variant_version": 0}
    assert game_options({"options": {"auction": True}})["auction"] == "bid-while-choosing"  # the site's legacy value
    assert game_options({"flags": {"faction_variant": "standard", "auction": None}}) \
        == {"auction": None, "faction_variant": None, "faction_variant_version": None}
    assert game_options({"flags": {"faction_variant": "more-balanced", "faction_variant_version": 0}}) \
        == {"auction": None, "faction_variant": "more-balanced", "faction_variant_version": 0}
