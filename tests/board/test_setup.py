"""`random_setup`: a new game's set-up drawn from a seed, from content only.

The draw is deterministic per seed; the board obeys the same-type adjacency
rule of the variant; the counts of drawn components follow the player count
and the game's own numbers (rounds, extra boosters, tech positions, tracks).
"""
from __future__ import annotations

import dataclasses

import pytest

from gaia_rules.board import adjacency_ok, neighbours
from gaia_rules.content import default_catalogue
from gaia_rules.rules import Engine
from gaia_rules.setup import (SetupError, build_map, layout_for, random_setup, restricted_types,
                              same_type_rule_holds)

PLAYERS = (2, 3, 4)
LAYOUTS = ("standard", "random")
VARIANTS = ("rules", "boardgamers")


@pytest.fixture(scope="module")
def cat():
    return default_catalogue()


def as_dict(setup):
    return dataclasses.asdict(setup)


# ------------------------------------------------------------------ determinism

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_draws_the_same_setup(cat, players, layout):
    a = random_setup(cat, players, "seed-42", layout=layout)
    b = random_setup(cat, players, "seed-42", layout=layout)
    assert as_dict(a) == as_dict(b)


def test_seed_is_read_as_text(cat):
    assert as_dict(random_setup(cat, 3, 7)) == as_dict(random_setup(cat, 3, "7"))
    assert random_setup(cat, 3, 7).seed == "7"


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_different_seeds_draw_different_setups(cat, players, layout):
    drawn = [as_dict(random_setup(cat, players, s, layout=layout)) for s in range(8)]
    for d in drawn:
        d.pop("seed")
    assert all(drawn[i] != drawn[j] for i in range(len(drawn)) for j in range(i))
    # each part of the draw varies with the seed
    for key in ("sectors", "round_tiles", "final_tiles", "boosters", "tech_tiles", "advanced_tiles"):
        assert len({repr(d[key]) for d in drawn}) > 1, key


# ------------------------------------------------------------------ the board

def neighbouring_same_type_across_sectors(game_map, types):
    """An independent statement of the rule: pairs of neighbours on different sectors."""
    for coord, h in game_map.hexes.items():
        for n in neighbours(coord):
            o = game_map.hexes.get(n)
            if o is not None and o.planet == h.planet and h.planet in types and o.sector != h.sector:
                return (h.name, o.name, h.planet)
    return None


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_random_layout_boards_pass_the_same_type_adjacency_rule(cat, players, variant):
    lay = layout_for(cat, players)
    restricted = restricted_types(cat, variant)
    for seed in range(40):
        setup = random_setup(cat, players, seed, variant=variant, layout="random")
        game_map = build_map(cat, setup.sectors)
        # every sector of the layout once, on the layout's slots
        assert sorted(s["sector"] for s in setup.sectors) == sorted(lay.sectors)
        assert [tuple(s["center"]) for s in setup.sectors] == list(lay.slots)
        assert all(0 <= s["rotation"] < 6 for s in setup.sectors)
        # coloured (home) types never touch, under every variant
        assert adjacency_ok(game_map, set(cat.wheel)), (seed, setup.sectors)
        assert neighbouring_same_type_across_sectors(game_map, restricted) is None, (seed, setup.sectors)
        assert same_type_rule_holds(game_map, restricted)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_standard_layout_keeps_the_sector_order_and_obeys_the_rule(cat, players, variant):
    lay = layout_for(cat, players)
    rotations = set()
    for seed in range(20):
        setup = random_setup(cat, players, seed, variant=variant, layout="standard")
        assert [s["sector"] for s in setup.sectors] == list(lay.sectors)
        assert [tuple(s["center"]) for s in setup.sectors] == list(lay.slots)
        rotations.add(tuple(s["rotation"] for s in setup.sectors))
        game_map = build_map(cat, setup.sectors)
        assert neighbouring_same_type_across_sectors(game_map, restricted_types(cat, variant)) is None
    assert len(rotations) > 1
    assert setup.mirror is False


def test_adjacency_check_types_come_from_the_variant(cat):
    # coloured-types: the terraforming wheel; all-types: every planet type but empty space
    assert restricted_types(cat, "boardgamers") == set(cat.wheel)
    assert restricted_types(cat, "rules") == {p.id for p in cat.planets.values() if p.habitable != "space"}


def test_all_types_check_does_not_hold_a_sector_against_its_own_printing(cat):
    """A face printed with two touching planets of one type can still be placed (all-types check)."""
    restricted = restricted_types(cat, "rules")
    faces = []
    for sid in cat.sectors:
        alone = build_map(cat, [{"sector": sid, "rotation": 0, "center": [0, 0]}])
        if not adjacency_ok(alone, restricted):
            faces.append(sid)
            assert same_type_rule_holds(alone, restricted)
    assert faces, "expected a sector face printed with touching planets of one type"


def test_unknown_layout_kind_is_refused(cat):
    with pytest.raises(SetupError, match="unknown layout 'spiral'"):
        random_setup(cat, 2, 1, layout="spiral")


# ------------------------------------------------------------------ drawn counts

@pytest.mark.parametrize("players", PLAYERS)
def test_drawn_counts_follow_the_player_count(cat, players):
    game = cat.game
    setup = random_setup(cat, players, f"counts-{players}")
    assert setup.players == players and setup.variant == "rules" and setup.factions is None
    assert len(setup.sectors) == len(layout_for(cat, players).sectors)
    # six round tiles (the game's rounds), distinct
    assert len(setup.round_tiles) == game["rounds"] == 6
    assert len(set(setup.round_tiles)) == 6 and set(setup.round_tiles) <= set(cat.round_tiles)
    # two final tiles, distinct
    assert len(setup.final_tiles) == 2 and len(set(setup.final_tiles)) == 2
    assert set(setup.final_tiles) <= set(cat.final_tiles)
    # players + extra boosters, distinct, in order
    assert len(setup.boosters) == players + game["boosters"]["extra"] == players + 3
    assert len(set(setup.boosters)) == len(setup.boosters) and set(setup.boosters) <= set(cat.boosters)
    assert setup.boosters == sorted(setup.boosters, key=lambda b: int("".join(filter(str.isdigit, b))))
    # every standard tech tile on one of the standard positions
    assert list(setup.tech_tiles) == game["standard_tech_positions"]
    assert sorted(setup.tech_tiles.values()) == sorted(cat.tech_tiles)
    # one advanced tile per research track, distinct
    assert list(setup.advanced_tiles) == [t.id for t in sorted(cat.tracks.values(), key=lambda t: t.order)]
    assert len(set(setup.advanced_tiles.values())) == len(cat.tracks)
    assert set(setup.advanced_tiles.values()) <= set(cat.advanced_tech_tiles)
    # the terraforming token comes from the supply; the supply is every copy but that one
    in_supply = {t.id: t for t in cat.federation_tokens.values() if t.in_supply}
    assert setup.terraforming_token in in_supply
    assert setup.fed_supply == {k: t.copies - (k == setup.terraforming_token) for k, t in in_supply.items()}


def test_terraforming_token_may_be_any_supply_token(cat):
    drawn = {random_setup(cat, 2, s).terraforming_token for s in range(60)}
    in_supply = {t.id for t in cat.federation_tokens.values() if t.in_supply}
    assert drawn == in_supply


@pytest.mark.parametrize("players", (1, 5, 0))
def test_player_count_outside_the_game_is_refused(cat, players):
    with pytest.raises(SetupError, match=f"not {players}"):
        random_setup(cat, players, 1)


def test_unknown_variant_is_refused(cat):
    with pytest.raises(SetupError, match="unknown rules variant 'rulez'.*did you mean 'rules'"):
        random_setup(cat, 2, 1, variant="rulez")


# ------------------------------------------------------------------ fixed factions

def two_factions_with_one_home(cat):
    by_home = {}
    for f in cat.factions.values():
        by_home.setdefault(f.home, []).append(f.id)
    return next(v[:2] for v in by_home.values() if len(v) > 1)


def test_fixed_factions_are_put_in_the_setup_and_the_engine_starts_with_placements(cat):
    fids = sorted({f.home: f.id for f in cat.factions.values()}.values())[:3]
    setup = random_setup(cat, 3, 5, factions=fids)
    assert setup.factions == fids
    state = Engine(cat).new_game(setup)
    assert [p.faction for p in state.players] == fids
    assert state.phase == "setup"


def test_without_factions_they_are_chosen_by_moves(cat):
    state = Engine(cat).new_game(random_setup(cat, 2, 5))
    assert state.phase == "factions"


def test_fixed_factions_must_be_known(cat):
    fid = next(iter(cat.factions))
    with pytest.raises(SetupError, match=f"unknown faction '{fid}x'.*did you mean '{fid}'"):
        random_setup(cat, 2, 1, factions=[fid + "x", sorted(cat.factions)[-1]])


def test_fixed_factions_must_be_distinct(cat):
    fid = next(iter(cat.factions))
    with pytest.raises(SetupError, match="given twice"):
        random_setup(cat, 2, 1, factions=[fid, fid])


def test_fixed_factions_must_have_different_home_planets(cat):
    a, b = two_factions_with_one_home(cat)
    with pytest.raises(SetupError, match="both have home planet"):
        random_setup(cat, 2, 1, factions=[a, b])


def test_one_fixed_faction_per_player(cat):
    with pytest.raises(SetupError, match="1 faction given for 2 players"):
        random_setup(cat, 2, 1, factions=[next(iter(cat.factions))])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_engine_accepts_every_kind_of_drawn_setup(cat, players, layout, variant):
    setup = random_setup(cat, players, "engine", variant=variant, layout=layout)
    engine = Engine(cat)
    state = engine.new_game(setup)
    assert engine.to_move(state) == 0
    assert len(engine.legal_moves(state)) == len(cat.factions)
    assert state.setup.content_hash == cat.content_hash()


def test_new_game_stamps_its_own_copy_of_the_setup(cat):
    """The caller's set-up is left as it was; the game's copy carries the content hash."""
    setup = random_setup(cat, 2, "stamp")
    setup.content_hash = ""
    before = dataclasses.asdict(setup)
    state = Engine(cat).new_game(setup)
    assert dataclasses.asdict(setup) == before
    assert state.setup.content_hash == cat.content_hash() != ""
