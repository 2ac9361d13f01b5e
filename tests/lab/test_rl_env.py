"""The PettingZoo environment (gaia_rules/lab/env.py): PettingZoo's own API test, a whole game of random legal
moves, observations and refusals (tests/lab/test_lab_simulate.py checks that nothing else imports PettingZoo)."""
from __future__ import annotations

import random
import numpy as np
import pytest
from pettingzoo.test import api_test

from gaia_rules.lab.env import GaiaEnv, player_feature_names


@pytest.mark.filterwarnings("ignore:Observation")   # PettingZoo's test nags about dict observations (action masks)
def test_the_environment_passes_pettingzoos_api_test():
    api_test(GaiaEnv(players=2), num_cycles=1000, verbose_progress=False)


def play_random(env: GaiaEnv, seed: int) -> tuple[dict, dict, int]:
    """Random legal moves (by the mask) to the end: each agent's reward and info at its end, the moves played."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    moves, rewards, infos = 0, {}, {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            rewards[agent], infos[agent] = reward, info
            env.step(None)
            continue
        assert observation["observation"].shape == (len(env.feature_names()),)
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) == len(env.moves) > 0
        env.step(int(rng.choice(legal)))
        moves += 1
    return rewards, infos, moves


def test_a_game_of_random_legal_moves_ends_with_the_win_shared_out():
    env = GaiaEnv(players=3)
    rewards, infos, moves = play_random(env, 7)
    assert env.state.ended and moves == len(env.state.moves)
    vp = [pl.vp for pl in env.state.players]
    top = [i for i, v in enumerate(vp) if v == max(vp)]
    assert [infos[a]["vp"] for a in env.possible_agents] == vp
    assert rewards == {a: (1.0 / len(top) if i in top else 0.0) for i, a in enumerate(env.possible_agents)}
    again = GaiaEnv(players=3)
    assert play_random(again, 7)[2] == moves and [pl.vp for pl in again.state.players] == vp   # same seed, same game


def test_an_observation_is_the_observers_terms_first_then_round_the_table():
    env = GaiaEnv(players=2)
    env.reset(seed=3)
    names = env.feature_names()
    one = player_feature_names(env.engine)
    assert len(names) == 2 * len(one) + 2 and names[:2] == ["0_vp", "0_research_end_vp"]
    assert {"0_level_terra", "1_income_c", "0_federation_potential", "progress"} <= set(names)
    first, second = (env.observe(a)["observation"] for a in env.possible_agents)
    assert list(first[:len(one)]) == list(second[len(one):2 * len(one)])
    mover = env.agent_selection
    other = next(a for a in env.possible_agents if a != mover)
    assert env.observe(other)["action_mask"].sum() == 0 and env.observe(mover)["action_mask"].sum() == len(env.moves)


def test_an_action_the_mask_forbids_is_refused_by_name():
    env = GaiaEnv(players=2, max_actions=300)
    env.reset(seed=3)
    with pytest.raises(ValueError, match=rf"action 299 is not a legal move of {env.agent_selection}"):
        env.step(299)
    with pytest.raises(ValueError, match="players must be 2 to 4, not 1"):
        GaiaEnv(players=1)
