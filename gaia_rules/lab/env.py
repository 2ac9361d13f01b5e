"""A PettingZoo AEC environment of the game, for learning agents (the `rl` extra: pip install -e '.[rl]').

Nothing else in gaia_rules imports this module, so PettingZoo, Gymnasium and
NumPy stay optional: `from gaia_rules.lab.env import GaiaEnv` is the way in.

**Agents** are `player_0` .. `player_{n-1}`, by seat. The player to move is
the rules' (`Engine.to_move`), not a fixed cycle: a player may act several
times in a row (free actions, follow-ups) and others answer charges.

**Actions** index the legal-move list. Every position's legal moves are
listed in the engine's order (`Engine.legal_moves`, deterministic); action i
plays the i-th. The action space is `Discrete(max_actions)` and each
observation carries an `action_mask` of that size with a 1 for each listed
move of the agent to move (all 0 for the others). A content-driven game has
no fixed catalogue of moves (a designer's faction brings its own), which is
why the index is into the list rather than a fixed encoding. A position with
more legal moves than `max_actions` offers the first `max_actions` of them
(`infos[agent]["moves_cut"]` counts those left out); the default, 256, is
several times the most seen in bot games (about 60). An action the mask
forbids raises ValueError naming it.

**Observations** are the fast bot's evaluation terms (players/fast.py), read
through its evaluator and left unweighted, so a learner weighs them itself:
for each player, starting with the observer and going round the table, VP,
the research VP due at the end, the level on each research track, the VP the
final tiles would give now, resources held, power by area, lasting income per
resource, VP from passing to come, the boosters' outlook, the structures'
worth, federation potential and readiness, room to grow, neighbours' power,
Gaia-formers, tech tiles, green federation tokens and whether the player has
passed; then the game's progress and income phases left. All come from the
content through the engine (tracks, resources, scoring tables): a designer's
faction or tile is observed with no change here. `feature_names()` names
them in order.

**Rewards** come at the end only: each player's share of the win (1 for the
top score, shared on a tie, else 0). `infos[agent]["vp"]` holds the VP.
"""
from __future__ import annotations

import random
from typing import Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..content import default_catalogue
from ..rules import Engine
from ..players.fast import AREAS, RESOURCES, FastEvaluator
from ..setup import random_setup
from ..state import GameState

MAX_ACTIONS = 256


def player_feature_names(engine: Engine) -> list[str]:
    """The names of one player's features, in order (content decides the tracks and income resources)."""
    catalogue = engine.catalogue
    tracks = [t.id for t in sorted(catalogue.tracks.values(), key=lambda t: t.order)]
    return (["vp", "research_end_vp", *(f"level_{t}" for t in tracks), "final_tiles_vp",
             *(f"hold_{r}" for r in RESOURCES), *(f"power_{a}" for a in AREAS),
             *(f"income_{r}" for r in catalogue.resources), "pass_vp", "booster_outlook", "structure_worth",
             "federation_potential", "federation_ready", "expansion", "neighbour_power", "gaiaformers",
             "tech_tiles", "green_tokens", "passed"])


def player_features(evaluator: FastEvaluator, engine: Engine, state: GameState, p: int) -> list[float]:
    """Player p's terms of the fast bot's estimate, unweighted (`player_feature_names` names them)."""
    pl = state.players[p]
    catalogue = engine.catalogue
    left = evaluator.outlook(state).incomes_left
    tracks = sorted(catalogue.tracks.values(), key=lambda t: t.order)
    out = [float(pl.vp), float(sum(evaluator.research_vp[lv] for lv in pl.research.values())),
           *(float(pl.research.get(t.id, 0)) for t in tracks), evaluator.final_tiles(engine, state, p),
           *(float(getattr(pl, attr)) for attr in RESOURCES.values()),
           *(float(pl.power.get(a, 0) + (1 if pl.token == a else 0)) for a in AREAS)]
    lasting: dict[str, float] = {}
    board = (0.0, 0.0, 0.0, 0.0, 0.0)
    if left and not state.ended:   # as the estimate: nothing more comes once the last income is in
        lasting = evaluator.income(engine, state, p)[0]
        worth, potential, origins, ready = evaluator.board.board_parts(engine, state, p, pl.faction)
        board = (worth, potential, ready, evaluator.board.expansion(engine, state, p, origins),
                 float(evaluator.board.neighbour_power(engine, state, p)))
    out += [float(lasting.get(r, 0.0)) for r in catalogue.resources]
    out += [evaluator.pass_vp(engine, state, p), evaluator.booster_outlook(engine, state, p), *map(float, board),
            float(pl.gaiaformers), float(sum(1 for t in pl.tech if t.enabled)),
            float(sum(1 for t in pl.fed_tokens if t.green)), float(pl.passed)]
    return out


class GaiaEnv(AECEnv):
    """The game for `players` learning agents (see the module's docstring); `content`: --content folders."""

    metadata = {"render_modes": ["ansi"], "name": "gaia_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, content: Sequence[str] = (), max_actions: int = MAX_ACTIONS,
                 render_mode: str | None = None):
        super().__init__()
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2 to 4, not {players} (solo games against the Automa are not offered)")
        if not 1 <= max_actions <= 100_000:
            raise ValueError(f"max_actions must be 1 to 100000, not {max_actions}")
        self.engine = Engine(default_catalogue(list(content)))
        self.evaluator = FastEvaluator(self.engine.catalogue)
        self.players, self.max_actions, self.render_mode = players, max_actions, render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = len(self.feature_names())
        obs = spaces.Dict({"observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                           "action_mask": spaces.Box(0, 1, (max_actions,), np.int8)})
        self._observation_spaces = {a: obs for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._games = 0
        self.state: GameState | None = None

    def feature_names(self) -> list[str]:
        """The names of an observation's entries: each player's (observer first), then the game's."""
        one = player_feature_names(self.engine)
        return [f"{k}_{name}" for k in range(self.players) for name in one] + ["progress", "incomes_left"]

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: its set-up drawn from `seed` (else the next of a sequence), factions drawn too."""
        if seed is None:
            seed = random.Random(f"gaia-env/{self._games}").randrange(2 ** 31)
        self._games += 1
        self.state = self.engine.new_game(random_setup(self.engine.catalogue, self.players, seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._list_moves()

    def _list_moves(self) -> None:
        p = self.engine.to_move(self.state)
        listed = list(self.engine.legal_moves(self.state)) if p is not None else []
        self.moves = listed[:self.max_actions]
        cut = len(listed) - len(self.moves)
        self.agent_selection = self.possible_agents[p if p is not None else 0]
        self.infos[self.agent_selection]["moves_cut"] = cut

    def observe(self, agent: str) -> dict:
        p = self.possible_agents.index(agent)
        seats = [(p + k) % self.players for k in range(self.players)]
        values = [v for q in seats for v in player_features(self.evaluator, self.engine, self.state, q)]
        look = self.evaluator.outlook(self.state)
        values += [look.progress, float(look.incomes_left)]
        mask = np.zeros(self.max_actions, np.int8)
        if agent == self.agent_selection and not self.state.ended:
            mask[:len(self.moves)] = 1
        return {"observation": np.asarray(values, np.float32), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not 0 <= int(action) < len(self.moves):
            raise ValueError(f"action {action} is not a legal move of {agent}: the mask allows 0 to {len(self.moves) - 1}")
        self.state = self.engine.apply(self.state, self.moves[int(action)])
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.ended:
            self._finish()
        else:
            self._list_moves()
        self._accumulate_rewards()

    def _finish(self) -> None:
        vp = [pl.vp for pl in self.state.players]
        winners = [i for i, v in enumerate(vp) if v == max(vp)]
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = 1.0 / len(winners) if i in winners else 0.0
            self.terminations[a] = True
            self.infos[a]["vp"] = vp[i]
        self.moves = []

    def render(self) -> str | None:
        """`ansi`: one line of VP by player and the moves played."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return (f"round {self.state.round}, {len(self.state.moves)} moves; VP "
                + ", ".join(f"{a} {pl.vp}" for a, pl in zip(self.possible_agents, self.state.players)))

    def close(self) -> None:
        pass


def env(**kwargs) -> GaiaEnv:
    """The environment, as PettingZoo's own environments are made (`env()`)."""
    return GaiaEnv(**kwargs)
