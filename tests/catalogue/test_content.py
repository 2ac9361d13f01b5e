"""The bundled content: it loads cleanly, has the right number of every component,
and its numbers match the component facts (the components sheet)."""
from __future__ import annotations

from collections import Counter

import pytest
import yaml

from gaia_rules.content import bundled_content_dir, load_catalogue
from gaia_rules.language import parse_effect, parse_price
from gaia_rules.language.ast import (
    Action,
    Amount,
    Build,
    BuildEvent,
    Fed,
    Free,
    GaiaPhase,
    Income,
    LostPlanet,
    Move,
    NamedEvent,
    Now,
    On,
    OnPass,
    Pay,
    Set,
    Swap,
    Tech,
    Up,
)

COLOURED = ("terra", "oxide", "volcanic", "desert", "swamp", "titanium", "ice")


@pytest.fixture(scope="module")
def loaded():
    return load_catalogue()


@pytest.fixture(scope="module")
def cat(loaded):
    return loaded[0]


def clauses(effects):
    """The clauses of a sequence of effects, in order."""
    return [st.clause for eff in effects for st in eff.statements]


# ------------------------------------------------------------------ loading and counts

def test_bundled_content_loads_with_zero_diagnostics(loaded):
    _catalogue, diagnostics = loaded
    assert [str(d) for d in diagnostics] == []


def test_component_counts(cat):
    assert len(cat.factions) == 14
    assert len(cat.boards) == 1
    assert len(cat.tech_tiles) == 9
    assert len(cat.advanced_tech_tiles) == 15
    assert len(cat.boosters) == 10
    assert len(cat.round_tiles) == 10
    assert len(cat.final_tiles) == 6
    assert len(cat.federation_tokens) == 7
    assert len(cat.sectors) == 13
    assert len(cat.layouts) == 3
    assert len(cat.tracks) == 6
    assert len(cat.board_actions) == 10
    assert len(cat.free_actions) == 8
    assert len(cat.planets) == 11
    assert len(cat.parameters) == 30
    assert len(cat.variants) == 2
    assert len(cat.faction_variants) == 2
    assert len(cat.variant_entries) == 21


def test_component_ids(cat):
    assert set(cat.tech_tiles) == {f"tech{i}" for i in range(1, 10)}
    assert set(cat.advanced_tech_tiles) == {f"advtech{i}" for i in range(1, 16)}
    assert set(cat.boosters) == {f"booster{i}" for i in range(1, 11)}
    assert set(cat.round_tiles) == {f"score{i}" for i in range(1, 11)}
    assert set(cat.final_tiles) == {"structure", "structureFed", "planetType", "gaia", "sector", "satellite"}
    assert set(cat.board_actions) == {f"power{i}" for i in range(1, 8)} | {"qic1", "qic2", "qic3"}
    assert set(cat.sectors) == {"1", "2", "3", "4", "5A", "5B", "6A", "6B", "7A", "7B", "8", "9", "10"}


def test_counts_summary_matches_catalogue(cat):
    counts = cat.counts()
    assert counts["factions"] == 14
    assert counts["federation tokens"] == 7
    assert counts["rule parameters"] == 30


def test_federation_tokens_three_copies_each_and_one_gleens(cat):
    tokens = cat.federation_tokens
    assert {t: tokens[t].copies for t in tokens} == {
        "fed1": 3, "fed2": 3, "fed3": 3, "fed4": 3, "fed5": 3, "fed6": 3, "gleens": 1}
    assert sum(t.copies for t in tokens.values()) == 19
    # fed1 (12 VP) is gray on both sides; the Gleens token is set aside
    assert {t: tokens[t].green for t in tokens} == {
        "fed1": False, "fed2": True, "fed3": True, "fed4": True, "fed5": True, "fed6": True, "gleens": True}
    assert [t for t in tokens if not tokens[t].in_supply] == ["gleens"]


FED_REWARDS = {
    "fed1": {"vp": 12},
    "fed2": {"vp": 8, "q": 1},
    "fed3": {"vp": 8, "t": 2},
    "fed4": {"vp": 7, "o": 2},
    "fed5": {"vp": 7, "c": 6},
    "fed6": {"vp": 6, "k": 2},
    "gleens": {"o": 1, "k": 1, "c": 2},
}


@pytest.mark.parametrize("token, reward", FED_REWARDS.items())
def test_federation_token_reward(cat, token, reward):
    (clause,) = clauses(cat.federation_tokens[token].effects)
    assert isinstance(clause, Now)
    assert {g.resource: g.count for g in clause.gains} == reward


def test_thirteen_sectors_each_with_19_hexes(cat):
    assert len(cat.sectors) == 13
    expected_positions = {f"A{i}" for i in range(12)} | {f"B{i}" for i in range(6)} | {"C"}
    for sector in cat.sectors.values():
        assert len(sector.hexes) == 19, sector.id
        assert set(sector.hexes) == expected_positions, sector.id
        assert sector.hexes["C"] == "empty", sector.id


def test_sector_tile_numbers(cat):
    assert {s.id: s.tile for s in cat.sectors.values()} == {
        "1": 1, "2": 2, "3": 3, "4": 4, "5A": 5, "5B": 5, "6A": 6, "6B": 6, "7A": 7, "7B": 7,
        "8": 8, "9": 9, "10": 10}


def test_six_research_tracks_each_with_six_levels_in_board_order(cat):
    assert list(cat.tracks) == ["terra", "nav", "int", "gaia", "eco", "sci"]
    assert [len(t.levels) for t in cat.tracks.values()] == [6, 6, 6, 6, 6, 6]
    assert all(t.levels[0] == () for t in cat.tracks.values())
    assert cat.research.levels == 6


def test_research_board(cat):
    assert cat.research.cost == (Pay(4, "k"),)
    assert cat.research.vp_by_level == (0, 0, 0, 4, 8, 12)
    assert cat.research.flip_green_token is True
    assert cat.research.exclusive is True


# ------------------------------------------------------------------ factions: components.md i.1

# components.md table i.1: the state after set-up.
# faction: (home, credits, ore, knowledge, qic, area1, area2, start research)
START = {
    "terrans": ("terra", 15, 4, 3, 1, 4, 4, ("gaia",)),
    "lantids": ("terra", 13, 4, 3, 1, 4, 0, ()),
    "xenos": ("desert", 15, 4, 3, 2, 2, 4, ("int",)),
    "gleens": ("desert", 15, 5, 3, 0, 2, 4, ("nav",)),
    "taklons": ("swamp", 15, 4, 3, 1, 2, 4, ()),
    "ambas": ("swamp", 15, 4, 3, 2, 2, 4, ("nav",)),
    "hadsch-hallas": ("oxide", 15, 4, 3, 1, 2, 4, ("eco",)),
    "ivits": ("oxide", 15, 4, 3, 1, 2, 4, ()),
    "geodens": ("volcanic", 15, 6, 3, 1, 2, 4, ("terra",)),
    "baltaks": ("volcanic", 15, 4, 3, 0, 2, 2, ("gaia",)),
    "firaks": ("titanium", 15, 3, 2, 1, 2, 4, ()),
    "bescods": ("titanium", 15, 4, 1, 1, 2, 4, ()),
    "nevlas": ("ice", 15, 4, 2, 1, 2, 4, ("sci",)),
    "itars": ("ice", 15, 5, 3, 1, 4, 4, ()),
}

START_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic"}


def after_setup(cat, faction) -> dict[str, int]:
    """A faction's printed `start` plus the `now:` bonus of level 1 of each of its set-up research
    tracks, with the faction's unscoped or `until` replacements applied (nothing is built yet)."""
    f = cat.factions[faction]
    state = dict(f.start)
    replace = {st.clause.old: st.clause.new for eff in f.ability for st in eff.statements
               if type(st.clause).__name__ == "Replace" and (st.scope is None or st.scope.kind == "until")}
    for track in f.research:
        for clause in clauses(cat.tracks[track].levels[1]):
            if isinstance(clause, Now):
                for g in clause.gains:
                    resource = replace.get(g.resource, g.resource)
                    if isinstance(g, Amount) and resource in START_FIELDS:
                        state[START_FIELDS[resource]] += g.count
    return state


def test_every_faction_is_in_the_start_table(cat):
    assert set(cat.factions) == set(START)


@pytest.mark.parametrize("faction", sorted(START))
def test_faction_starting_state_matches_table_i1(cat, faction):
    home, credits, ore, knowledge, qic, area1, area2, research = START[faction]
    f = cat.factions[faction]
    assert f.home == home
    assert f.research == research
    assert after_setup(cat, faction) == {"vp": 10, "credits": credits, "ore": ore, "knowledge": knowledge, "qic": qic}
    assert f.power == {"area1": area1, "area2": area2, "area3": 0, "gaia": 0}


# The printed `start` differs from the default board only where table i.1 differs for another
# reason than the set-up research bonus.
PRINTED_START_CHANGES = {
    "lantids": {"credits": 13},
    "gleens": {"qic": 0},
    "baltaks": {"qic": 0},
    "firaks": {"ore": 3, "knowledge": 2},
    "bescods": {"knowledge": 1},
    "nevlas": {"knowledge": 2},
    "itars": {"ore": 5},
}


@pytest.mark.parametrize("faction", sorted(START))
def test_faction_printed_start_is_the_board_start_plus_its_own_changes(cat, faction):
    board = {"vp": 10, "credits": 15, "ore": 4, "knowledge": 3, "qic": 1}
    assert cat.factions[faction].start == {**board, **PRINTED_START_CHANGES.get(faction, {})}


def test_each_home_planet_type_has_exactly_two_factions(cat):
    homes = Counter(f.home for f in cat.factions.values())
    assert homes == {p: 2 for p in COLOURED}


# components.md i.2: base income each round
BASE_INCOME = {
    "terrans": {"o": 1, "k": 1},
    "lantids": {"o": 1, "k": 1},
    "xenos": {"o": 1, "k": 1},
    "gleens": {"o": 1, "k": 1},
    "taklons": {"o": 1, "k": 1},
    "ambas": {"o": 2, "k": 1},
    "hadsch-hallas": {"o": 1, "k": 1, "c": 3},
    "ivits": {"o": 1, "k": 1, "q": 1},
    "geodens": {"o": 1, "k": 1},
    "baltaks": {"o": 1, "k": 1},
    "firaks": {"o": 1, "k": 2},
    "bescods": {"o": 1},
    "nevlas": {"o": 1, "k": 1},
    "itars": {"o": 1, "k": 1, "t": 1},
}


@pytest.mark.parametrize("faction", sorted(BASE_INCOME))
def test_faction_base_income_matches_table_i2(cat, faction):
    (clause,) = clauses([cat.factions[faction].income])
    assert isinstance(clause, Income)
    assert {g.resource: g.count for g in clause.gains} == BASE_INCOME[faction]


# components.md i.2: planetary institute income. The PI's one slot holds one income event per
# gain (power charge first, then power tokens or the faction's own resource), as the reference
# engine pays them: each is its own Income statement with a single gain.
PI_INCOME = {
    "terrans": [{"pw": 4}, {"t": 1}],
    "lantids": [{"pw": 4}],
    "xenos": [{"pw": 4}, {"q": 1}],
    "gleens": [{"pw": 4}, {"o": 1}],
    "taklons": [{"pw": 4}, {"t": 1}],
    "ambas": [{"pw": 4}, {"t": 2}],
    "hadsch-hallas": [{"pw": 4}, {"t": 1}],
    "ivits": [{"pw": 4}, {"t": 1}],
    "geodens": [{"pw": 4}, {"t": 1}],
    "baltaks": [{"pw": 4}, {"t": 1}],
    "firaks": [{"pw": 4}, {"t": 1}],
    "bescods": [{"pw": 4}, {"t": 2}],
    "nevlas": [{"pw": 4}, {"t": 1}],
    "itars": [{"pw": 4}, {"t": 1}],
}


@pytest.mark.parametrize("faction", sorted(PI_INCOME))
def test_faction_planetary_institute_income(cat, faction):
    pi = cat.factions[faction].structures["PI"]
    assert pi.supply == 1
    (slot,) = pi.slots
    assert all(st.scope is None for st in slot.statements)
    assert all(type(c) is Income for c in clauses([slot]))
    assert [{g.resource: g.count for g in c.gains} for c in clauses([slot])] == PI_INCOME[faction]
    # every gain is a plain amount in its own statement
    assert all(len(c.gains) == 1 and type(c.gains[0]) is Amount and c.gains[0].per == () for c in clauses([slot]))


def test_default_board_pi_slot_is_two_income_events(cat):
    (slot,) = cat.factions["terrans"].structures["PI"].slots
    assert slot.text == "income: 4pw; income: 1t"
    assert clauses([slot]) == [Income((Amount(4, "pw"),)), Income((Amount(1, "t"),))]


def slot_gains(structure):
    """Each slot as {resource: count}, None for an empty slot."""
    out = []
    for slot in structure.slots:
        if slot is None:
            out.append(None)
        else:
            (clause,) = clauses([slot])
            out.append((type(clause).__name__, {g.resource: g.count for g in clause.gains}))
    return out


def test_default_board_structure_costs_supplies_and_values(cat):
    s = cat.factions["terrans"].structures  # Terrans change nothing on the board
    table = {sid: (st.supply, st.cost, st.upgrades_from, st.power_value) for sid, st in s.items()}
    assert table == {
        "m": (8, (Pay(2, "c"), Pay(1, "o")), None, 1),
        "ts": (4, (Pay(6, "c"), Pay(2, "o")), "m", 2),
        "lab": (3, (Pay(5, "c"), Pay(3, "o")), "ts", 2),
        "PI": (1, (Pay(6, "c"), Pay(4, "o")), "ts", 3),
        "ac1": (1, (Pay(6, "c"), Pay(6, "o")), "lab", 3),
        "ac2": (1, (Pay(6, "c"), Pay(6, "o")), "lab", 3),
        "gf": (0, (), None, 0),
        "sp": (6, (), None, 1),
    }
    assert s["ts"].cost_near_opponent == (Pay(3, "c"), Pay(2, "o"))
    assert s["m"].cost_near_opponent is None


def test_default_board_income_slots(cat):
    s = cat.factions["terrans"].structures
    assert slot_gains(s["m"]) == [("Income", {"o": 1})] * 2 + [None] + [("Income", {"o": 1})] * 5
    assert slot_gains(s["ts"]) == [("Income", {"c": 3}), ("Income", {"c": 4}), ("Income", {"c": 4}),
                                   ("Income", {"c": 5})]
    assert slot_gains(s["lab"]) == [("Income", {"k": 1})] * 3
    assert slot_gains(s["ac1"]) == [("Income", {"k": 2})]
    assert slot_gains(s["ac2"]) == [("Action", {"q": 1})]


def test_lab_and_academies_give_a_tech_tile(cat):
    s = cat.factions["terrans"].structures
    for sid in ("lab", "ac1", "ac2"):
        assert clauses(s[sid].effects) == [Now((Tech(),))], sid
    for sid in ("m", "ts", "PI", "gf", "sp"):
        assert s[sid].effects == (), sid


def test_pieces_that_are_not_structures(cat):
    s = cat.factions["ivits"].structures
    assert (s["gf"].structure, s["gf"].place_on, s["gf"].is_range_origin) == (False, ("transdim",), False)
    assert (s["gf"].gaiaformer, s["gf"].gaia_project, s["gf"].becomes, s["gf"].counts_for) == (
        True, True, (("transdim", "gaia"),), frozenset())
    assert (s["sp"].structure, s["sp"].place_on, s["sp"].is_range_origin, s["sp"].counts_as_satellite) == (
        False, ("space",), True, True)
    assert (s["sp"].action_only, s["sp"].counts_for) == (True, frozenset({"federation", "range"}))
    assert (s["m"].structure, s["m"].place_on, s["m"].is_range_origin) == (True, ("planet",), True)
    assert s["m"].counts_for == frozenset({"structure", "planet", "federation", "charge", "range"})


def test_bescods_pi_upgrades_from_lab_and_academies_from_trading_station(cat):
    s = cat.factions["bescods"].structures
    assert s["PI"].upgrades_from == "lab"
    assert s["ac1"].upgrades_from == "ts"
    assert s["ac2"].upgrades_from == "ts"
    assert s["lab"].upgrades_from == "ts"
    assert s["ts"].upgrades_from == "m"
    # costs stay those of the default board
    assert s["PI"].cost == (Pay(6, "c"), Pay(4, "o"))
    assert s["ac1"].cost == (Pay(6, "c"), Pay(6, "o"))


def test_bescods_swapped_trading_station_and_lab_income(cat):
    s = cat.factions["bescods"].structures
    assert slot_gains(s["ts"]) == [("Income", {"k": 1})] * 4
    assert slot_gains(s["lab"]) == [("Income", {"c": 3}), ("Income", {"c": 4}), ("Income", {"c": 5})]


def test_faction_structure_overrides(cat):
    f = cat.factions
    assert slot_gains(f["nevlas"].structures["lab"]) == [("Income", {"pw": 2})] * 3
    assert slot_gains(f["itars"].structures["ac1"]) == [("Income", {"k": 3})]
    assert slot_gains(f["baltaks"].structures["ac2"]) == [("Action", {"c": 4})]
    # a field the faction does not override is kept from the board
    assert f["baltaks"].structures["ac2"].upgrades_from == "lab"
    assert f["baltaks"].structures["ac2"].cost == (Pay(6, "c"), Pay(6, "o"))


def test_other_factions_keep_the_default_upgrade_paths(cat):
    for fid, f in cat.factions.items():
        if fid == "bescods":
            continue
        paths = {sid: st.upgrades_from for sid, st in f.structures.items()}
        assert paths == {"m": None, "ts": "m", "lab": "ts", "PI": "ts", "ac1": "lab", "ac2": "lab",
                         "gf": None, "sp": None}, fid


def test_setup_placements_piece_pass_and_place(cat):
    setup = {fid: tuple((pl.piece, pl.in_pass, pl.at) for pl in f.setup) for fid, f in cat.factions.items()}
    assert setup.pop("xenos") == (("m", 1, None), ("m", 2, None), ("m", 3, None))
    assert setup.pop("ivits") == (("PI", "last", None),)
    assert set(setup.values()) == {(("m", 1, None), ("m", 2, None))}
    assert cat.game["setup_order"] == ["forward", "reverse", "forward", "forward"]


def test_taklons_special_token_is_the_only_one(cat):
    tokens = {fid: f.special_token for fid, f in cat.factions.items() if f.special_token is not None}
    assert list(tokens) == ["taklons"]
    t = tokens["taklons"]
    assert (t.name, t.start, t.spend_value) == ("brainstone", "area1", 3)


def test_faction_abilities_and_pi_effects(cat):
    f = cat.factions
    assert clauses(f["bescods"].ability) == [Action((Up("lowest"),))]
    assert clauses(f["xenos"].planetary_institute) == [Set("federation_threshold", (), 6)]
    assert clauses(f["ambas"].planetary_institute) == [Action((Swap("PI", "m"),))]
    assert clauses(f["firaks"].planetary_institute) == [Action((Build(("ts",), "lab"), Up("any")))]
    assert clauses(f["geodens"].planetary_institute) == [On(BuildEvent(("m",), "new-type"), (Amount(3, "k"),))]
    assert clauses(f["lantids"].planetary_institute) == [On(BuildEvent(("m",), "guest"), (Amount(2, "k"),))]
    assert clauses(f["taklons"].planetary_institute) == [On(NamedEvent("charge"), (Amount(1, "t"),))]
    assert clauses(f["gleens"].planetary_institute) == [Now((Fed("gleens"),))]
    assert clauses(f["hadsch-hallas"].planetary_institute) == [
        Free((Pay(4, "c"),), (Amount(1, "q"),)),
        Free((Pay(3, "c"),), (Amount(1, "o"),)),
        Free((Pay(4, "c"),), (Amount(1, "k"),)),
    ]
    assert clauses(f["terrans"].planetary_institute) == [
        GaiaPhase((Move(4, "gaia", "area2"),), (Amount(1, "q"),)),
        GaiaPhase((Move(3, "gaia", "area2"),), (Amount(1, "o"),)),
        GaiaPhase((Move(4, "gaia", "area2"),), (Amount(1, "k"),)),
        GaiaPhase((Move(1, "gaia", "area2"),), (Amount(1, "c"),)),
    ]
    assert clauses(f["itars"].planetary_institute) == [GaiaPhase((Move(4, "gaia", "supply"),), (Tech(),))]
    assert clauses(f["nevlas"].ability) == [Free((Move(1, "area3", "gaia"),), (Amount(1, "k"),))]


def test_gleens_qic_arrives_as_ore_until_academy_ac2(cat):
    (st, *_rest) = cat.factions["gleens"].ability[0].statements
    assert st.scope is not None
    assert (st.scope.kind, st.scope.pieces) == ("until", ("ac2",))
    assert (st.clause.old, st.clause.new) == ("q", "o")


def test_baltaks_cannot_research_navigation_until_pi(cat):
    st = cat.factions["baltaks"].ability[0].statements[0]
    assert (st.scope.kind, st.scope.pieces, st.clause.track) == ("until", ("PI",), "nav")


# ------------------------------------------------------------------ map

def planet_totals(cat, layout_id):
    layout = cat.layouts[layout_id]
    counts = Counter()
    for sid in layout.sectors:
        counts.update(cat.sectors[sid].hexes.values())
    del counts["empty"]
    return counts


def test_three_four_player_map_planet_totals(cat):
    counts = planet_totals(cat, "standard-3p-4p")
    assert counts == {**{p: 6 for p in COLOURED}, "transdim": 12, "gaia": 7}
    assert sum(counts.values()) == 61


def test_two_player_map_planet_totals(cat):
    counts = planet_totals(cat, "standard-2p")
    assert counts == {**{p: 4 for p in COLOURED}, "transdim": 7, "gaia": 5}
    assert sum(counts.values()) == 40


def test_layouts_have_one_sector_per_slot(cat):
    three_four, two = cat.layouts["standard-3p-4p"], cat.layouts["standard-2p"]
    assert (three_four.players, len(three_four.slots), len(three_four.sectors)) == ((3, 4), 10, 10)
    assert (two.players, len(two.slots), len(two.sectors)) == ((2,), 7, 7)
    assert two.sectors == ("1", "2", "3", "4", "5B", "6B", "7B")
    assert three_four.slots[0] == (0, 0)


def test_b_faces_have_one_planet_fewer_than_a_faces(cat):
    for tile in ("5", "6", "7"):
        planets_a = sum(p != "empty" for p in cat.sectors[tile + "A"].hexes.values())
        planets_b = sum(p != "empty" for p in cat.sectors[tile + "B"].hexes.values())
        assert planets_a - planets_b == 1, tile


def test_planet_wheel_and_codes(cat):
    assert cat.wheel == COLOURED
    assert {p.id: p.code for p in cat.planets.values()} == {
        "terra": "r", "oxide": "o", "volcanic": "v", "desert": "d", "swamp": "s", "titanium": "t",
        "ice": "i", "gaia": "g", "transdim": "m", "lost": "l", "empty": "e"}
    assert [p.id for p in cat.planets.values() if p.habitable == "home"] == list(COLOURED)


# ------------------------------------------------------------------ tiles, boosters, actions

# components.md e: (income, pass / action)
BOOSTERS = {
    # boosters 1-3: each gain is its own income event, as the reference engine pays them
    "booster1": [Income((Amount(1, "k"),)), Income((Amount(1, "o"),))],
    "booster2": [Income((Amount(1, "o"),)), Income((Amount(2, "t"),))],
    "booster3": [Income((Amount(1, "q"),)), Income((Amount(2, "c"),))],
    "booster4": [Income((Amount(2, "c"),)), Action((Amount(1, "step"), Build(("m",))))],
    "booster5": [Income((Amount(2, "pw"),)), Action((Amount(3, "range"), Build(("m", "gf"))))],
    "booster6": [Income((Amount(1, "o"),)), OnPass((Amount(1, "vp", ("m",)),))],
    "booster7": [Income((Amount(1, "o"),)), OnPass((Amount(2, "vp", ("ts",)),))],
    "booster8": [Income((Amount(1, "k"),)), OnPass((Amount(3, "vp", ("lab",)),))],
    "booster9": [Income((Amount(4, "pw"),)), OnPass((Amount(4, "vp", ("PI", "ac1", "ac2")),))],
    "booster10": [Income((Amount(4, "c"),)), OnPass((Amount(1, "vp", ("gaia-planet",)),))],
}


@pytest.mark.parametrize("booster", BOOSTERS)
def test_booster_effects_match_table_e(cat, booster):
    assert clauses(cat.boosters[booster].effects) == BOOSTERS[booster]


@pytest.mark.parametrize("booster, text", [("booster1", "income: 1k; income: 1o"),
                                           ("booster2", "income: 1o; income: 2t"),
                                           ("booster3", "income: 1q; income: 2c")])
def test_two_income_boosters_are_one_effect_string_of_two_statements(cat, booster, text):
    (effect,) = cat.boosters[booster].effects
    assert effect.text == text
    assert [st.trigger for st in effect.statements] == ["income", "income"]


# components.md c: cost and effect
BOARD_ACTIONS = {
    "power1": ("7pw", [Amount(3, "k")]),
    "power2": ("5pw", [Amount(2, "step"), Build(("m",))]),
    "power3": ("4pw", [Amount(2, "o")]),
    "power4": ("4pw", [Amount(7, "c")]),
    "power5": ("4pw", [Amount(2, "k")]),
    "power6": ("3pw", [Amount(1, "step"), Build(("m",))]),
    "power7": ("3pw", [Amount(2, "t")]),
    "qic1": ("4q", [Tech()]),
    "qic2": ("3q", [Fed()]),
    "qic3": ("2q", [Amount(3, "vp"), Amount(1, "vp", ("planet-type",))]),
}


@pytest.mark.parametrize("action", BOARD_ACTIONS)
def test_board_action_cost_and_effect_match_table_c(cat, action):
    cost, gains = BOARD_ACTIONS[action]
    a = cat.board_actions[action]
    assert a.cost == parse_price(cost)
    assert clauses([a.effect]) == [Action(tuple(gains))]


TECH = {
    "tech1": [Now((Amount(1, "o"), Amount(1, "q")))],
    "tech2": [Now((Amount(1, "k", ("planet-type",)),))],
    "tech3": [Set("power_value", ("PI", "ac1", "ac2"), 4)],
    "tech4": [Now((Amount(7, "vp"),))],
    "tech5": [Income((Amount(1, "o"), Amount(1, "pw")))],
    "tech6": [Income((Amount(1, "k"), Amount(1, "c")))],
    "tech7": [On(BuildEvent(("m",), "gaia"), (Amount(3, "vp"),))],
    "tech8": [Income((Amount(4, "c"),))],
    "tech9": [Action((Amount(4, "pw"),))],
}


@pytest.mark.parametrize("tile", TECH)
def test_tech_tile_effects_match_table_d(cat, tile):
    assert clauses(cat.tech_tiles[tile].effects) == TECH[tile]


ADVANCED = {
    "advtech1": [OnPass((Amount(3, "vp", ("fed",)),))],
    "advtech2": [On(NamedEvent("research"), (Amount(2, "vp"),))],
    "advtech3": [Action((Amount(1, "q"), Amount(5, "c")))],
    "advtech4": [Now((Amount(2, "vp", ("m",)),))],
    "advtech5": [OnPass((Amount(3, "vp", ("lab",)),))],
    "advtech6": [Now((Amount(1, "o", ("sector",)),))],
    "advtech7": [OnPass((Amount(1, "vp", ("planet-type",)),))],
    "advtech8": [Now((Amount(2, "vp", ("gaia-planet",)),))],
    "advtech9": [Now((Amount(4, "vp", ("ts",)),))],
    "advtech10": [Now((Amount(2, "vp", ("sector",)),))],
    "advtech11": [Action((Amount(3, "o"),))],
    "advtech12": [Now((Amount(5, "vp", ("fed",)),))],
    "advtech13": [Action((Amount(3, "k"),))],
    "advtech14": [On(BuildEvent(("m",)), (Amount(3, "vp"),))],
    "advtech15": [On(BuildEvent(("ts",)), (Amount(3, "vp"),))],
}


@pytest.mark.parametrize("tile", ADVANCED)
def test_advanced_tech_tile_effects_match_table_d(cat, tile):
    assert clauses(cat.advanced_tech_tiles[tile].effects) == ADVANCED[tile]


ROUND = {
    "score1": On(NamedEvent("step"), (Amount(2, "vp"),)),
    "score2": On(NamedEvent("research"), (Amount(2, "vp"),)),
    "score3": On(BuildEvent(("m",)), (Amount(2, "vp"),)),
    "score4": On(NamedEvent("federation"), (Amount(5, "vp"),)),
    "score5": On(BuildEvent(("ts",)), (Amount(4, "vp"),)),
    "score6": On(BuildEvent(("m",), "gaia"), (Amount(4, "vp"),)),
    "score7": On(BuildEvent(("PI", "ac1", "ac2")), (Amount(5, "vp"),)),
    "score8": On(BuildEvent(("ts",)), (Amount(3, "vp"),)),
    "score9": On(BuildEvent(("m",), "gaia"), (Amount(3, "vp"),)),
    "score10": On(BuildEvent(("PI", "ac1", "ac2")), (Amount(5, "vp"),)),
}


@pytest.mark.parametrize("tile", ROUND)
def test_round_scoring_tile_matches_table_f(cat, tile):
    assert clauses(cat.round_tiles[tile].effects) == [ROUND[tile]]


def test_final_scoring_tiles_count_and_neutral_value(cat):
    assert {t.id: (t.count, t.neutral) for t in cat.final_tiles.values()} == {
        "structure": ("structure", 11),
        "structureFed": ("federated-structure", 10),
        "planetType": ("planet-type", 5),
        "gaia": ("gaia-planet", 4),
        "sector": ("sector", 6),
        "satellite": ("satellite", 8),
    }


def test_standard_free_actions_and_burn(cat):
    assert clauses(cat.free_actions) == [
        Free((Pay(4, "pw"),), (Amount(1, "q"),)),
        Free((Pay(3, "pw"),), (Amount(1, "o"),)),
        Free((Pay(4, "pw"),), (Amount(1, "k"),)),
        Free((Pay(1, "pw"),), (Amount(1, "c"),)),
        Free((Pay(1, "q"),), (Amount(1, "o"),)),
        Free((Pay(1, "k"),), (Amount(1, "c"),)),
        Free((Pay(1, "o"),), (Amount(1, "c"),)),
        Free((Pay(1, "o"),), (Amount(1, "t"),)),
    ]
    b = cat.burn
    assert (b.source, b.target, b.take, b.keep) == ("area2", "area3", 2, 1)


# ------------------------------------------------------------------ research levels: components.md b

def level_sets(track, name):
    """The value of `set name` on each level of a track (None where the level sets nothing)."""
    out = []
    for level in track.levels:
        values = [c.value for c in clauses(level) if isinstance(c, Set) and c.name == name]
        out.append(values[0] if values else None)
    return out


def test_navigation_range_by_level(cat):
    assert level_sets(cat.tracks["nav"], "range") == [None, None, 2, None, 3, 4]
    assert cat.parameters["range"].default == 1
    assert clauses(cat.tracks["nav"].levels[5]) == [Now((LostPlanet(),)), Set("range", (), 4)]


def test_terraforming_cost_by_level(cat):
    assert level_sets(cat.tracks["terra"], "terraform_cost") == [None, None, 2, 1, None, None]
    assert cat.parameters["terraform_cost"].default == 3
    assert clauses(cat.tracks["terra"].levels[5]) == [Now((Fed("here"),))]


def test_gaia_project_cost_by_level(cat):
    assert level_sets(cat.tracks["gaia"], "gaia_project_cost") == [None, 6, None, 4, 3, None]


def test_economy_and_science_income_stops_at_level_5(cat):
    for tid in ("eco", "sci"):
        kinds = [[type(c).__name__ for c in clauses(level)] for level in cat.tracks[tid].levels]
        assert kinds[5] == ["Now"], tid
        assert "Income" in kinds[4], tid
    assert clauses(cat.tracks["sci"].levels[5]) == [Now((Amount(9, "k"),))]
    assert clauses(cat.tracks["eco"].levels[4]) == [Income((Amount(4, "c"), Amount(2, "o"), Amount(4, "pw")))]


def test_every_track_level_3_charges_3_power(cat):
    for tid, track in cat.tracks.items():
        gained = [g for c in clauses(track.levels[3]) if isinstance(c, Now) for g in c.gains]
        assert Amount(3, "pw") in gained, tid


# ------------------------------------------------------------------ every effect string parses

def effect_strings(data: dict):
    """Every effect string of one raw content document."""
    kind = data["kind"]
    if kind in ("tech_tile", "advanced_tech_tile", "booster", "round_scoring", "federation_token", "board_action"):
        yield from data["effects"]
    elif kind in ("faction", "faction_board"):
        if "income" in data:
            yield data["income"]
        yield from data.get("ability", [])
        yield from data.get("planetary_institute", [])
        for s in data.get("structures", {}).values():
            yield from (x for x in s.get("slots", []) if x is not None)
            yield from s.get("effects", [])
    elif kind == "research_track":
        for level in data["levels"]:
            yield from level
    elif kind == "free_actions":
        yield from data["conversions"]


def price_strings(data: dict):
    if data["kind"] in ("board_action", "research_board"):
        yield data["cost"]
    for s in (data.get("structures") or {}).values():
        for key in ("cost", "cost_near_opponent"):
            if key in s:
                yield s[key]


def all_documents():
    root = bundled_content_dir()
    for path in sorted(root.rglob("*.yaml")):
        yield path.relative_to(root), yaml.safe_load(path.read_text(encoding="utf-8"))


def test_every_effect_string_in_content_parses():
    texts = [t for _path, data in all_documents() for t in effect_strings(data)]
    assert len(texts) > 150
    for text in texts:
        assert parse_effect(text).statements, text


def test_every_price_in_content_parses():
    prices = [p for _path, data in all_documents() for p in price_strings(data)]
    assert len(prices) > 15
    for text in prices:
        parse_price(text)


def test_content_has_one_yaml_file_per_component():
    docs = [(path, data) for path, data in all_documents() if "patch" not in data]
    kinds = Counter(data["kind"] for _path, data in docs)
    assert kinds == {
        "faction": 14, "faction_board": 1, "tech_tile": 9, "advanced_tech_tile": 15, "booster": 10,
        "round_scoring": 10, "final_scoring": 6, "federation_token": 7, "sector": 13, "layout": 3,
        "research_track": 6, "research_board": 1, "board_action": 10, "free_actions": 1, "planets": 1,
        "resources": 1, "parameters": 1, "game": 1, "variant": 2, "faction_variant": 2,
        "automa_card": 17, "automa_faction": 7, "automa_difficulty": 5, "automa_round_scoring": 1, "automa_rules": 1}
    # each patch (a faction variant entry) is named after the faction it changes
    patches = [(path, data) for path, data in all_documents() if "patch" in data]
    assert len(patches) == 21
    for path, data in patches:
        assert path.stem == data["patch"], path
    # every component file is named after its id
    for path, data in docs:
        if data["kind"] in ("faction", "tech_tile", "advanced_tech_tile", "booster", "round_scoring",
                            "federation_token", "sector", "board_action", "final_scoring", "research_track",
                            "layout", "automa_card", "automa_faction", "automa_difficulty", "automa_round_scoring",
                            "automa_rules"):
            assert path.stem == str(data["id"]), path
