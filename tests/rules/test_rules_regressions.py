"""Regression tests: rules the engine once broke, found by random play (each names the rule and its source)."""
from __future__ import annotations

import pytest

from gaia_rules.rules import IllegalMoveError
from rules_helpers import (near, ENGINE, WHEEL, clear, dist, finish_round, hexes, play, put, set_player, set_turn, start)

ME, YOU = 0, 1



# ------------------------------------------------------------------ free actions inside an action

def _taklons_power6_question():
    """Taklons, brainstone and 3 tokens in area III: `action power6` (3 power) asks whether the stone pays."""
    s = set_turn(clear(start(["taklons", "terrans"], seed="bugs", round_tiles=["score4"] * 6), power=(1, 1, 3, 0)), ME)
    s.players[ME].token = "area3"
    target, origin = near(s, "ice", 1)  # swamp -> ice: 2 steps, one left after the free step
    put(s, origin, ME)
    s = play(s, "p1 action power6")
    assert [q.kind for q in s.pending] == ["token", "build"]
    return s, target


def test_free_action_refused_between_an_action_and_its_brainstone_question():
    """refnotes 4.4: "A free action may not sit between a main action and its required follow-up"."""
    s, _ = _taklons_power6_question()
    with pytest.raises(IllegalMoveError):
        play(s, "p1 spend 1pw for 1c")


def test_player_is_never_left_without_a_legal_move_after_free_actions_during_a_brainstone_question():
    """Accepting free actions while the action's power payment is still open spends that power elsewhere;
    then neither listed answer (`brainstone area1` / `area3`) can pay the 3 power and only free actions
    remain legal (bots.dead_end), so the game cannot go on."""
    s, _ = _taklons_power6_question()
    try:
        s = play(s, "p1 spend 1pw for 1c", "p1 spend 4pw for 1k", "p1 spend 1pw for 1c")
    except IllegalMoveError:
        return  # refused (the fix above): nothing to check
    answers = [m for m in ENGINE.legal_moves(s) if m.command not in ("spend", "burn")]
    assert answers, "only free actions are legal: the brainstone question cannot be answered, the game cannot go on"


def _gaia_project_areas_question():
    s = set_turn(clear(start(["terrans", "xenos"], seed="bugs", round_tiles=["score4"] * 6), power=(3, 4, 0, 0)), ME)
    target, origin = near(s, "transdim", 1)
    put(s, origin, ME)
    s.players[ME].research["gaia"], s.players[ME].gaiaformers = 1, 1
    s = play(s, f"p1 build gf {target}")
    assert s.pending[0].kind == "areas"
    return s


def test_areas_answer_never_takes_tokens_the_player_no_longer_has():
    """Printed rules (token_discard_order: choice): the player chooses the areas of the 6 Gaia Project tokens.
    After `burn 2` (allowed while the question is open) the listed answer `area1=3,area2=3` is still accepted
    and leaves area II at -1. Expected: the free action refused, or the answer refused / re-asked."""
    s = _gaia_project_areas_question()
    try:
        s = play(s, "p1 burn 2")
        s = play(s, "p1 areas area1=3,area2=3")
    except IllegalMoveError:
        return
    assert min(s.players[ME].power.values()) >= 0, s.players[ME].power


def test_free_action_refused_between_a_gaia_project_and_its_areas_question():
    """refnotes 4.4 (no free action between a main action and its follow-up)."""
    s = _gaia_project_areas_question()
    with pytest.raises(IllegalMoveError):
        play(s, "p1 burn 2")


# ------------------------------------------------------------------ final scoring

def test_nevlas_with_pi_convert_area_3_tokens_at_2_power_each_in_the_final_scoring():
    """components.md i.3: with the PI "each area-III token spends as 2 power"; the final scoring spends all
    power as credits (components.md f: "spends all spendable power as credits"; refnotes 10.2: gain g credits,
    g = floor(A3 x 2)). 3 tokens in area III -> 6 credits -> 2 VP. The engine gives 3 credits (1 VP)."""
    s = start(["nevlas", "terrans"], seed="bugs", round_tiles=["score4"] * 6)
    s = set_turn(clear(s, credits=0, ore=0, knowledge=0, qic=0, power=(0, 0, 3, 0), vp=0), ME)
    for p in s.players:
        p.booster = None
    put(s, hexes(s, "ice")[0], ME, "PI")
    s.round = 6
    s = finish_round(s)
    assert s.ended
    p = s.players[ME]
    assert p.credits == 6
    assert p.vp_sources.get("spend") == 2


def test_action_whose_build_cannot_follow_is_refused_even_behind_a_brainstone_question():
    """refnotes 0.1: a required follow-up (the mine after `power6`) with nothing to choose makes the action
    illegal. With the brainstone question asked first, the engine accepted `action power6` although no mine
    could be paid (0 ore): afterwards no move at all was legal and the game could not continue."""
    s = set_turn(clear(start(["taklons", "terrans"], seed="bugs", round_tiles=["score4"] * 6),
                       power=(1, 1, 3, 0), ore=0), ME)
    s.players[ME].token = "area3"
    target, origin = near(s, "ice", 1)
    put(s, origin, ME)
    try:
        after = play(s, "p1 action power6")
    except IllegalMoveError as err:
        assert err.rule == "follow-up"
        return
    answers = [m for m in ENGINE.legal_moves(after) if m.command not in ("spend", "burn")]
    assert answers, "after 'action power6' no move (free actions aside) is legal: the game cannot continue"


# ------------------------------------------------------------------ the site's engine (variant boardgamers)

def test_site_engine_range_booster_cannot_target_a_hex_already_in_range():
    """refnotes 5.1 ("The range booster must help": with temporary range the hex is not offered when the
    Q.I.C. needed would be the same without it) and 11.6 ("`range+3` cannot target a hex already in normal
    range"). Under the boardgamers variant `special range+3. build m <hex at distance 1>` is accepted."""
    s = set_turn(clear(start(["terrans", "xenos"], seed="bugs", variant="boardgamers")), ME)
    s.players[ME].booster = "booster5"
    target, origin = near(s, "terra", 1)
    put(s, origin, ME)
    s = play(s, "p1 special range+3")
    with pytest.raises(IllegalMoveError):
        play(s, f"p1 build m {target}")


# ------------------------------------------------------------------ charges from two builds in one turn

def test_second_charge_offer_of_a_turn_is_cut_to_what_the_bowls_can_still_take():
    """components.md j: the offer is "cut to what their bowls can take"; refnotes 3.2.6: each source's
    offers are computed when it starts ("its capacities are computed fresh") and only players with power
    that can move are asked. A lab (tech nav, up to navigation 5) plus the Lost Planet make two sources;
    the opponent (1 token in area I: capacity 2) takes 2 from the first. The engine still offers
    `charge 2pw` for the second and accepting it costs 1 VP while no power moves."""
    from gaia_rules.state import FedTokenHeld
    s = set_turn(clear(start(["terrans", "xenos"], seed="bugs"), power=(1, 0, 0, 0), vp=20), ME)
    planets = {h for k in WHEEL for h in hexes(s, k)}
    lab, theirs, lost = next((a, b, c) for a in hexes(s, "terra") for b in sorted(planets) for c in hexes(s, "empty")
                             if b != a and dist(s, a, b) <= 2 and dist(s, c, b) <= 2 and dist(s, c, a) <= 4)
    put(s, lab, ME, "ts")
    put(s, theirs, YOU, "ts")
    p = s.players[ME]
    p.research["nav"], p.fed_tokens = 4, [FedTokenHeld("fed4", True)]
    set_player(s, YOU, power=(1, 0, 0, 0), vp=20)
    s = play(s, f"p1 build lab {lab}. tech nav. up nav. lostPlanet {lost}. endturn")
    assert [(d.kind, d.player) for d in s.decisions][:1] == [("charge", YOU)]
    s = play(s, "p2 charge 2pw")
    assert s.players[YOU].power == {"area1": 0, "area2": 0, "area3": 1, "gaia": 0}
    # nothing can move any more: no second offer (or at most one that costs nothing)
    assert not s.decisions, f"offered {[str(m) for m in ENGINE.legal_moves(s)]} with nothing left to charge"


# ------------------------------------------------------------------ the site's Gaia phase (variant boardgamers)

def test_site_engine_terrans_must_convert_every_gaia_token_with_their_pi():
    """refnotes 4.6: Terrans with PI "are asked again until G is empty. There is no decline, so one line must
    use up every token." Under the boardgamers variant the engine lists `decline`."""
    s = set_turn(clear(start(["terrans", "xenos"], seed="bugs", variant="boardgamers")), ME)
    put(s, hexes(s, "terra")[0], ME, "PI")
    s.boosters_table = ["booster1", "booster6", "booster7"]
    set_player(s, ME, power=(0, 0, 0, 5))
    s = finish_round(s)
    assert s.decisions[0].kind == "gaia-phase" and ENGINE.to_move(s) == ME
    assert "decline" not in [m.command for m in ENGINE.legal_moves(s)]
