"""Designs nobody shipped (tests/content/designer/), each YAML alone, played by bots.

Its slow tier: test_designer_designs.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from test_designer_designs import SEEDS, effect_of, engine_turn, engines, labs_of, played

pytestmark = pytest.mark.slow


def test_v1_a_charge_costs_one_vp_less_for_its_holder(tmp_path):
    design, control, faction = engines("v1", tmp_path)
    charges = []
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            if move.command == "charge" and move.player == 0:
                n = int(move.args[0].split("pw")[0])
                diff = effect_of(design, control, state, move)
                charges.append(n)
                if n >= 2:  # the control pays n - 1 VP, the design n - 2 VP
                    assert diff == {"players[0].vp": (state.players[0].vp - (n - 2), state.players[0].vp - (n - 1)),
                                    **{k: v for k, v in diff.items() if k.startswith("players[0].vp_sources")}}
                else:
                    assert diff == {}
            if move.command == "charge" and move.player != 0 and not state.decisions[0].data.get("extra"):
                n = int(move.args[0].split("pw")[0])
                after = design.apply(state, move)
                assert after.players[move.player].vp == state.players[move.player].vp - max(0, n - 1)
    assert 2 in charges, charges  # a 2-power charge was taken, and it was free


def test_v1_two_power_charges_are_free(tmp_path):
    design, _, faction = engines("v1", tmp_path)
    seen = 0
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            if move.command == "charge" and move.player == 0 and move.args[0] == "2pw":
                assert design.apply(state, move).players[0].vp == state.players[0].vp
                seen += 1
    assert seen >= 1


def test_v2_forming_a_federation_gives_one_ore_per_planet_type_in_it(tmp_path):
    design, control, faction = engines("v2", tmp_path)
    formed = 0
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            if move.command == "federation" and move.player == 0:
                after = design.apply(state, move)
                ctx = design.context(after)
                group = after.players[0].federations[-1]
                types = len({ctx.map.planet_at(after, n) for n in group
                             if after.board[n].owner == 0 and after.board[n].piece in ("m", "ts", "lab", "PI", "ac1", "ac2")})
                base = control.apply(state, move)
                assert after.players[0].ore == min(15, base.players[0].ore + types)
                assert set(effect_of(design, control, state, move)) <= {"players[0].ore"}
                formed += 1
    assert formed >= 1


def test_v3_income_gives_a_qic_only_with_two_research_labs(tmp_path):
    """Every move of the games: the design changes nothing but one Q.I.C. at each income with 2+ labs."""
    design, control, faction = engines("v3", tmp_path)
    paid = unpaid = 0
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            diff = effect_of(design, control, state, move)
            after = design.apply(state, move)
            if diff:
                q = after.players[0].qic
                assert diff == {"players[0].qic": (q, q - 1)}
                assert labs_of(state, 0) >= 2
                paid += 1
            elif after.round == state.round + 1 and after.phase != "income" and labs_of(state, 0) < 2:
                unpaid += 1  # an income phase passed with fewer than 2 labs: nothing
    assert paid >= 1 and unpaid >= 1


def test_v4_each_completed_gaia_project_gives_two_vp(tmp_path):
    """Every move of the games: the design gives 2 VP per Gaia Project of its holder completed, nothing else."""
    design, control, faction = engines("v4", tmp_path)
    completed = 0
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            after = design.apply(state, move)
            done = sum(1 for n, h in state.board.items() if h.owner == 0 and h.piece == "gf"
                       and h.planet is None and after.board[n].planet is not None)
            diff = effect_of(design, control, state, move)
            if done:
                vp = after.players[0].vp
                source = after.players[0].vp_sources[faction]
                assert diff == {"players[0].vp": (vp, vp - 2 * done),
                                f"players[0].vp_sources.{faction}": (source, source - 2 * done or None)}
                completed += done
            else:
                assert diff == {}
    assert completed >= 1


def test_v6_influence_is_a_resource_of_data_alone(tmp_path):
    design, control, faction = engines("v6", tmp_path)
    formed = 0
    final = None
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            after = design.apply(state, move)
            if move.command == "federation" and move.player == 0:
                assert after.players[0].other["influence"] == state.players[0].other.get("influence", 0) + 1
                formed += 1
            if after.ended and not state.ended:
                left = state.players[0].other.get("influence", 0)
                diff = effect_of(design, control, state, move)
                vp = after.players[0].vp
                assert diff.get("players[0].vp", (vp, vp)) == (vp, vp - left // 2)
                final = left
    assert formed >= 1 and final is not None


def test_v6_two_influence_buy_one_qic_as_a_free_action(tmp_path):
    design, _, faction = engines("v6", tmp_path)
    for state, move in played(design, faction, 1):
        if state.phase == "actions" and engine_turn(design, state) == 0 and not state.decisions and not state.pending:
            state = state.clone()
            state.players[0].other = {"influence": 5}
            moves = [m for m in design.legal_moves(state) if m.command == "spend" and "influence" in " ".join(m.args)]
            assert moves, "no free action spends influence"
            m = next(m for m in moves if m.args[0] == "2influence")
            after = design.apply(state, m)
            assert after.players[0].other["influence"] == 3
            assert after.players[0].qic == state.players[0].qic + 1
            return
    raise AssertionError("the design never had a turn")
