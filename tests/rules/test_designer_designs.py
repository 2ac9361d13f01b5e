"""Designs nobody shipped (tests/content/designer/), each YAML alone, played by bots.

Each design is a faction whose only difference from the default board is the
design's statement. To check its exact effect, every move of a bot game is
applied twice from the same position: with the design, and with a control
faction that is the same file without its ability. What differs between the
two results is exactly what the design did.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from gaia_rules.content import default_catalogue, load_catalogue
from gaia_rules.players import GreedyBot, RandomBot, play_game
from gaia_rules.rules import Engine
from gaia_rules.setup import random_setup
from gaia_rules.state import GameState
from state_diff import differences

DESIGNS = Path(__file__).resolve().parents[1] / "content" / "designer"
SEEDS = range(1, 7)





def engines(folder: str, tmp_path: Path) -> tuple[Engine, Engine, str]:
    """(the design's engine, the control's engine, the design's faction id)."""
    src = DESIGNS / folder
    control = tmp_path / f"{folder}-control"
    control.mkdir()
    faction = None
    for f in src.glob("*.yaml"):
        data = yaml.safe_load(f.read_text())
        if data["kind"] == "faction":
            faction = data["id"]
            data["ability"] = []
        (control / f.name).write_text(yaml.safe_dump(data, sort_keys=False))
    return Engine(default_catalogue([src])), Engine(default_catalogue([control])), faction


def played(engine: Engine, faction: str, seed: int, bot=GreedyBot):
    """(state before, move) of every move of a 3-player bot game with the design in seat 1."""
    setup = random_setup(engine.catalogue, 3, seed, factions=[faction, "terrans", "hadsch-hallas"])
    seen: list[tuple[GameState, object]] = []
    state = engine.new_game(setup)
    bots = [bot(seed * 10 + i) for i in range(3)]
    while not state.ended:
        p = engine.to_move(state)
        move, after = bots[p].play(engine, state)
        seen.append((state, move))
        state = after
    return seen


def effect_of(design: Engine, control: Engine, state: GameState, move) -> dict[str, tuple]:
    return differences(design.apply(state, move), control.apply(state, move))


@pytest.mark.parametrize("folder", ["v1", "v2", "v3", "v4", "v6"])
def test_each_design_validates_clean(folder):
    _, problems = load_catalogue([DESIGNS / folder])
    assert problems == []


@pytest.mark.parametrize("folder", ["v1", "v2", "v3", "v4", "v6"])
def test_each_design_plays_to_the_end_with_random_bots(folder):
    engine = Engine(default_catalogue([DESIGNS / folder]))
    faction = next(f for f in engine.catalogue.factions if engine.catalogue.factions[f].file.startswith(str(DESIGNS))
                   or "designer" in engine.catalogue.factions[f].file)
    for players in (2, 4):
        others = ["terrans", "hadsch-hallas", "ambas"][: players - 1]
        setup = random_setup(engine.catalogue, players, 7, factions=[faction, *others])
        end = play_game(engine, setup, [RandomBot(i) for i in range(players)])
        assert end.ended and end.round == engine.catalogue.game["rounds"]


@pytest.mark.slow
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


@pytest.mark.slow
def test_v1_two_power_charges_are_free(tmp_path):
    design, _, faction = engines("v1", tmp_path)
    seen = 0
    for seed in SEEDS:
        for state, move in played(design, faction, seed):
            if move.command == "charge" and move.player == 0 and move.args[0] == "2pw":
                assert design.apply(state, move).players[0].vp == state.players[0].vp
                seen += 1
    assert seen >= 1


@pytest.mark.slow
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


def labs_of(state: GameState, p: int) -> int:
    return sum(1 for h in state.board.values() if h.owner == p and h.piece == "lab")


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


def engine_turn(engine: Engine, state: GameState):
    return engine.to_move(state)
