"""Forming federations (components.md g, refnotes 7).

A federation joins own structures with satellites on empty space hexes; it
needs power value 7 (Xenos with PI 6, Ivits growing), each new satellite
discards one power token (Ivits: one Q.I.C.), it must use the fewest
satellites, and it may not use a hex in or next to an own federation.
"""
from __future__ import annotations

import pytest

from rules_helpers import (fed_layouts, WHEEL, area_answers, clear, ctx, dist, hexes, legal_texts, neighbours, play, put, refused,
                           set_player, set_turn, start, take_areas)

P = 0


@pytest.fixture(scope="module")
def base():
    return start(["terrans", "xenos"], seed="feds", round_tiles=["score3"] * 6)


@pytest.fixture
def s(base):
    return set_turn(clear(base.clone(), power=(6, 0, 0, 0), vp=20), P)  # one way to pay satellites



def place(s, pieces=("PI", "m", "ac1"), skip=0, p=P):
    a, b, c, e = fed_layouts(s)[skip]
    for h, piece in zip((a, b, c), pieces):
        put(s, h, p, piece)
    return a, b, c, e


def fed_text(*names):
    return ",".join(sorted(names))


def test_federation_of_power_7_with_one_satellite(s):
    a, b, c, e = place(s)
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} fed5. endturn")
    p = after.players[P]
    assert p.federations == [sorted([a, b, c, e])]
    assert p.satellites == 1 and p.federations_formed == 1
    assert after.board[e].satellites == [P]
    assert all(P in after.board[h].federations for h in (a, b, c, e))
    assert [t.tile for t in p.fed_tokens] == ["fed5"]
    assert after.fed_supply["fed5"] == s.fed_supply["fed5"] - 1


def test_federation_power_value_below_7_is_refused(s):
    a, b, c, e = place(s, ("PI", "m", "lab"))  # 3 + 1 + 2 = 6
    err = refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5")
    assert err.rule == "federation" and "7" in err.message


def test_each_satellite_discards_one_power_token(s):
    a, b, c, e = place(s)
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} fed5. endturn")
    assert after.players[P].power == {"area1": 5, "area2": 0, "area3": 0, "gaia": 0}


def test_satellite_tokens_come_from_the_area_the_player_chooses(s):
    a, b, c, e = place(s)
    set_player(s, P, power=(2, 4, 1, 0))
    s = play(s, f"p1 federation {fed_text(a, b, c, e)} fed5")
    assert sorted(map(str, area_answers(s).values())) == sorted(map(str, [{"area1": 1}, {"area2": 1}, {"area3": 1}]))
    after = play(take_areas(s, P, area3=1), "p1 endturn")
    assert after.players[P].power == {"area1": 2, "area2": 4, "area3": 0, "gaia": 0}


def test_satellite_tokens_come_from_area_1_first_under_the_site_engine():
    state = start(["terrans", "xenos"], seed="feds", variant="boardgamers", round_tiles=["score3"] * 6)
    s = set_turn(clear(state, power=(1, 4, 1, 0), vp=20), P)
    a, b, c, e = fed_layouts(s)[0]
    for h, piece in zip((a, b, c), ("PI", "m", "ac1")):
        put(s, h, P, piece)
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} fed5. endturn")
    assert after.players[P].power == {"area1": 0, "area2": 4, "area3": 1, "gaia": 0}


def test_federation_is_refused_without_a_token_for_each_satellite(s):
    a, b, c, e = place(s)
    set_player(s, P, power=(0, 0, 0, 3))  # tokens in the Gaia area cannot pay
    assert refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5").rule == "federation"


@pytest.mark.parametrize("token, gains", [
    ("fed1", {"vp": 12}), ("fed2", {"vp": 8, "qic": 1}), ("fed4", {"vp": 7, "ore": 2}),
    ("fed5", {"vp": 7, "credits": 6}), ("fed6", {"vp": 6, "knowledge": 2}),
])
def test_federation_token_rewards(s, token, gains):
    a, b, c, e = place(s)
    before = s.players[P]
    if s.fed_supply.get(token, 0) == 0:
        s.fed_supply[token] = 1
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} {token}. endturn").players[P]
    for key in ("vp", "credits", "ore", "knowledge", "qic"):
        assert getattr(after, key) == getattr(before, key) + gains.get(key, 0), key
    assert after.fed_tokens[-1].green is (token != "fed1")


def test_fed3_gives_8_vp_and_2_power_tokens(s):
    a, b, c, e = place(s)
    s.fed_supply["fed3"] = max(1, s.fed_supply.get("fed3", 0))
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} fed3. endturn").players[P]
    assert after.vp == 28
    assert after.power == {"area1": 6 - 1 + 2, "area2": 0, "area3": 0, "gaia": 0}


def test_a_token_not_in_the_supply_is_refused(s):
    a, b, c, e = place(s)
    s.fed_supply["fed5"] = 0
    assert refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5").rule == "federation"


def test_satellites_beyond_the_fewest_are_refused(s):
    a, b, c, e = place(s)
    extra = next(x for x in neighbours(s, e) if x in hexes(s, "empty") and min(dist(s, x, y) for y in (a, b, c)) >= 1)
    err = refused(s, f"p1 federation {fed_text(a, b, c, e, extra)} fed5")
    assert err.rule == "federation"


def test_federation_hexes_must_be_connected(s):
    a, b, c, e = place(s)
    err = refused(s, f"p1 federation {fed_text(a, b, c)} fed5")
    assert err.rule == "federation"


def test_federation_cannot_use_an_opponents_planet(s):
    a, b, c, e = place(s)
    put(s, c, 1, "ac1")
    put(s, hexes(s, "terra")[0] if hexes(s, "terra")[0] not in (a, b, c) else hexes(s, "terra")[1], P, "ac1")
    assert refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5").rule == "federation"


def test_a_hex_next_to_an_own_federation_is_refused(s):
    a, b, c, e = place(s)
    # an earlier federation of the same player, one of its satellites touching e (but not a, b or c)
    old = next(x for x in neighbours(s, e) if x in hexes(s, "empty") and min(dist(s, x, y) for y in (a, b, c)) >= 2)
    h = s.hex(old)
    h.satellites, h.federations = [P], [P]
    s.players[P].federations = [[old]]
    s.players[P].satellites = 1
    err = refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5")
    assert err.rule == "federation" and "next to" in err.message
    # the same federation is accepted when the old one is elsewhere
    far = next(x for x in hexes(s, "empty") if min(dist(s, x, y) for y in (a, b, c, e)) >= 3)
    s.board.pop(old)
    h = s.hex(far)
    h.satellites, h.federations = [P], [P]
    s.players[P].federations = [[far]]
    play(s, f"p1 federation {fed_text(a, b, c, e)} fed5. endturn")


def test_structures_already_in_a_federation_cannot_join_another(s):
    a, b, c, e = place(s)
    for h in (a, b):
        s.hex(h).federations = [P]
    s.players[P].federations = [[a, b]]
    assert refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5").rule == "federation"


def test_formed_federation_is_listed_as_a_legal_move(s):
    a, b, c, e = place(s)
    texts = legal_texts(s)
    assert f"federation {fed_text(a, b, c, e)} fed5" in texts


def test_structure_built_next_to_a_federation_joins_it_without_a_new_token(s):
    a, b, c, e = place(s)
    s = play(s, f"p1 federation {fed_text(a, b, c, e)} fed5. endturn")
    set_turn(s, P)
    planets = {h for k in WHEEL for h in hexes(s, k)}
    target = next(x for x in sorted(planets - {a, b, c}) if any(dist(s, x, f) == 1 for f in neighbours(s, e))
                  and dist(s, x, e) == 2 and not s.board.get(x))
    joint = next(f for f in neighbours(s, e) if dist(s, target, f) == 1 and f in hexes(s, "empty"))
    # pretend the federation reached `joint` (a satellite of it)
    h = s.hex(joint)
    h.federations, h.satellites = [P], [P]
    s.players[P].federations[0].append(joint)
    s.players[P].research["terra"], s.players[P].research["nav"] = 3, 4
    set_player(s, P, ore=15, qic=5)
    after = play(s, f"p1 build m {target}. endturn")
    assert P in after.board[target].federations
    assert target in after.players[P].federations[0]
    assert len(after.players[P].fed_tokens) == 1


def _group_site(s):
    """(two adjacent empty hexes f1, f2 of a federation; a planet t next to f1; a planet m next to t and
    m2 next to m, neither next to the federation; a planet q next to f2 only; a planet u away from all)."""
    planets, empty = {h for k in WHEEL for h in hexes(s, k)}, hexes(s, "empty")
    near = lambda x, *ys: any(dist(s, x, y) <= 1 for y in ys)
    for f1 in empty:
        for f2 in (e for e in empty if dist(s, e, f1) == 1):
            for t in (x for x in sorted(planets) if dist(s, x, f1) == 1 and not near(x, f2)):
                m = next((x for x in sorted(planets) if dist(s, x, t) == 1 and not near(x, f1, f2)), None)
                m2 = m and next((x for x in sorted(planets) if dist(s, x, m) == 1 and not near(x, t, f1, f2)), None)
                q = m2 and next((x for x in sorted(planets) if dist(s, x, f2) == 1 and not near(x, f1, t, m, m2)), None)
                if q:
                    u = next(x for x in sorted(planets) if all(dist(s, x, y) > 2 for y in (f1, f2, t, m, m2, q)))
                    return f1, f2, t, m, m2, q, u
    raise AssertionError("no site")


def test_a_piece_joining_a_federation_brings_its_whole_group(s):
    """Reference engine (boardgamers; regression game federation-join-group-4p): a mine built next to a
    federation joins it with every piece of the owner connected to it that is in no federation yet, also
    through the federation's own hexes; a piece not connected stays out."""
    f1, f2, t, m, m2, q, u = _group_site(s)
    for h in (f1, f2):
        s.hex(h).federations, s.hex(h).satellites = [P], [P]
    s.players[P].federations = [[f1, f2]]
    for h in (m, m2, q, u):
        put(s, h, P, "m")
    s.players[P].research["terra"], s.players[P].research["nav"] = 3, 4
    set_player(s, P, ore=15, qic=5)
    assert ctx(s).holdings.counter(s, P, "federated-structure") == 0
    after = play(s, f"p1 build m {t}. endturn")
    assert after.players[P].federations == [[f1, f2] + sorted([t, m, m2, q])]
    assert [h for h in (t, m, m2, q, u) if P in after.board[h].federations] == [t, m, m2, q]
    assert ctx(after).holdings.counter(after, P, "federated-structure") == 4
    assert len(after.players[P].fed_tokens) == 0


def test_federation_triggers_score4_round_tile(s):
    a, b, c, e = place(s)
    s.setup.round_tiles = ["score4"] * 6
    after = play(s, f"p1 federation {fed_text(a, b, c, e)} fed1. endturn").players[P]
    assert after.vp == 20 + 12 + 5
    assert after.vp_sources.get("round1") == 5


def test_satellite_limit_is_25(s):
    a, b, c, e = place(s)
    s.players[P].satellites = 25
    assert refused(s, f"p1 federation {fed_text(a, b, c, e)} fed5").rule == "federation"
