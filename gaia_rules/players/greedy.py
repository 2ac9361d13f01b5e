"""The greedy bot: one move of lookahead over a simple score of the position.

`GreedyBot(seed)` looks one move ahead: it applies each legal move to a copy
of the state and scores the result for the player who moved (`Evaluator`):

    VP
    + 1/3 per credit, 1/2 per ore, 1/2 per knowledge, 3/2 per Q.I.C.
    + power tokens: 0.1 in area I, 0.25 in area II, 0.45 in area III, 0.15 in
      the Gaia area (the special token counts as one token where it is)
    + 2.5 per research level
    + each structure on the board: what it cost along its upgrade chain (the
      resource weights above) + 2 per step of the chain, so that every build
      or upgrade is worth 2 more than it costs (terraforming and range are paid
      on top and count against it); a piece that is not a structure: 1.5
    + 1 per Gaiaformer, 2.5 per tech tile, 2 per federation token
      (the token's own gains are counted as they arrive), 1 per federation.
Once the game has ended only VP count.

Rules of thumb on top of the score:
- `pass` carries a penalty of 2 (passing gives up the rest of the round), so
  it is taken when nothing else is worth it or when nothing else is legal;
- free actions (`spend`, `burn`) are only considered when no main action other
  than passing is legal, and then only one that makes a main action legal
  (two plies: the free action and the best main action after it); at most
  `MAX_FREE_ACTIONS` per turn; if free actions are all that is legal, the
  best one is taken anyway (the game must go on);
- a charge costing at most 1 VP is accepted (the weights above would decline
  almost every charge);
- ties are broken with the bot's own random generator.

With `avoid_dead_ends=True` a bot also skips a listed move after which its
player owes a follow-up that no legal move can give (`dead_end`). The engine
refuses such actions itself now, so this is off by default and serves as a
check: the random bot is uniform over the legal moves.
"""
from __future__ import annotations

from typing import Sequence

from ..content.catalogue import Catalogue
from ..language import ast
from ..rules import Engine, IllegalMoveError, Move
from ..state import GameState
from .base import Bot, is_free, no_move, trailing_free_actions
from .factions import faction_by_board, is_faction_choice

MAX_FREE_ACTIONS = 3

RESOURCE_WEIGHTS = {"c": 1 / 3, "o": 1 / 2, "k": 1 / 2, "q": 3 / 2}
PLAYER_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic"}
POWER_WEIGHTS = {"area1": 0.1, "area2": 0.25, "area3": 0.45, "gaia": 0.15}
RESEARCH_LEVEL = 2.5
STRUCTURE_STEP = 2.0
NON_STRUCTURE_PIECE = 1.5
GAIAFORMER = 1.0
TECH_TILE = 2.5
FEDERATION_TOKEN = 2.0
FEDERATION = 1.0
PASS_PENALTY = 2.0
CHARGE_VP_ACCEPTED = 1


def structure_values(catalogue: Catalogue, faction_id: str) -> dict[str, float]:
    """Worth of each piece of a faction board: cost along the upgrade chain + a bonus per step."""
    structures = catalogue.factions[faction_id].structures
    memo: dict[str, float] = {}

    def cost(sid: str) -> float:
        return sum(RESOURCE_WEIGHTS.get(c.resource, 0) * c.count
                   for c in structures[sid].cost if isinstance(c, ast.Pay))

    def value(sid: str, depth: int = 0) -> float:
        if sid in memo:
            return memo[sid]
        s = structures[sid]
        if not s.structure:
            v = NON_STRUCTURE_PIECE
        else:
            parent = s.upgrades_from
            below = value(parent, depth + 1) if parent in structures and depth < len(structures) else 0.0
            v = below + cost(sid) + STRUCTURE_STEP
        memo[sid] = v
        return v

    return {sid: value(sid) for sid in structures}


class Evaluator:
    """The greedy bot's score of a state for one player (see the module docstring)."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self._values: dict[str, dict[str, float]] = {}

    def piece_value(self, faction: str, piece: str) -> float:
        values = self._values.get(faction)
        if values is None:
            values = self._values[faction] = structure_values(self.catalogue, faction)
        return values.get(piece, NON_STRUCTURE_PIECE)

    def guest_value(self, faction: str) -> float:
        """A guest piece counts as the structure that shares planets (`guest_on`)."""
        structures = self.catalogue.factions[faction].structures
        first = next((sid for sid, s in structures.items() if s.guest_on), None)
        return self.piece_value(faction, first) if first else NON_STRUCTURE_PIECE

    def __call__(self, state: GameState, p: int) -> float:
        pl = state.players[p]
        if state.ended:
            return float(pl.vp)
        score = float(pl.vp)
        for res, attr in PLAYER_FIELDS.items():
            score += RESOURCE_WEIGHTS[res] * getattr(pl, attr)
        for area, n in pl.power.items():
            score += POWER_WEIGHTS.get(area, 0) * n
        if pl.token is not None:
            score += POWER_WEIGHTS.get(pl.token, 0)
        score += RESEARCH_LEVEL * sum(pl.research.values())
        if pl.faction is not None:
            for h in state.board.values():
                if h.owner == p and h.piece is not None:
                    score += self.piece_value(pl.faction, h.piece)
                if p in h.guests:
                    score += self.guest_value(pl.faction)
        score += GAIAFORMER * pl.gaiaformers
        score += TECH_TILE * sum(1 for t in pl.tech if t.enabled)
        score += FEDERATION_TOKEN * len(pl.fed_tokens) + FEDERATION * pl.federations_formed
        return score


class GreedyBot(Bot):
    """One ply: the move whose resulting state scores best for the mover."""

    name = "greedy"

    def __init__(self, seed=0, avoid_dead_ends: bool = False, evaluator: Evaluator | None = None):
        super().__init__(seed, avoid_dead_ends)
        self.evaluator = evaluator
        self._known: tuple[GameState, dict[Move, GameState]] | None = None   # this turn's listing (`play`)

    def _best(self, scored: list[tuple[float, Move]]) -> Move:
        top = max(s for s, _ in scored)
        return self.rng.choice([m for s, m in scored if s >= top - 1e-9])

    def play(self, engine: Engine, state: GameState) -> tuple[Move, GameState]:
        """As `Bot.play`, with each legal move's resulting state kept from the listing (`Engine.successors`),
        so weighing a move does not apply it a second time."""
        successors = engine.successors(state)
        if not successors:
            raise no_move(engine, state)
        after = dict(successors)
        self._known = (state, after)
        try:
            move = self.choose(engine, state, [m for m, _ in successors])
        finally:
            self._known = None
        return move, after[move]

    def _after(self, engine: Engine, state: GameState, move: Move, known: GameState | None = None) -> GameState:
        """The state after `move`: given, kept from this turn's listing, or applied (IllegalMoveError if refused)."""
        if known is not None:
            return known
        if self._known is not None and self._known[0] is state:
            after = self._known[1].get(move)
            if after is not None:
                return after
        return engine.apply(state, move)

    def _score(self, engine: Engine, state: GameState, move: Move, p: int,
               known: GameState | None = None) -> tuple[float, GameState] | None:
        try:
            after = self._after(engine, state, move, known)
        except IllegalMoveError:
            return None
        if not self.safe(engine, state, move, after):
            return None
        score = self._value(engine, after, p)
        if move.command == "pass":
            score -= self._pass_cost(engine, state)
        return score, after

    def _value(self, engine: Engine, after: GameState, p: int) -> float:
        """The score of the position after a move, for the mover (a one-ply bot's evaluation)."""
        return self.evaluator(after, p)

    def _pass_cost(self, engine: Engine, state: GameState) -> float:
        return PASS_PENALTY

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        if self.evaluator is None or self.evaluator.catalogue is not engine.catalogue:
            self.evaluator = Evaluator(engine.catalogue)
        moves = self.options(engine, state, moves)
        if len(moves) == 1:
            return moves[0]
        if is_faction_choice(state, moves):
            return faction_by_board(engine, state, moves, self.rng)
        p = engine.to_move(state)
        charges = [m for m in moves if m.command == "charge"]
        if charges and state.decisions and state.decisions[0].kind == "charge":
            return self._charge(engine, state, moves, p)
        in_turn = state.phase == "actions" and not state.decisions
        main = [m for m in moves if not (in_turn and is_free(m))]
        free = [m for m in moves if in_turn and is_free(m)]
        non_pass = [m for m in main if m.command != "pass"]
        if not main:
            scored = [(r[0], m) for m in free if (r := self._score(engine, state, m, p)) is not None]
            return self._best(scored) if scored else self.rng.choice(free)
        if non_pass or not free or trailing_free_actions(state, p) >= MAX_FREE_ACTIONS:
            scored = [(r[0], m) for m in main if (r := self._score(engine, state, m, p)) is not None]
            return self._best(scored) if scored else self.rng.choice(main)
        # only passing is open: try one free action that opens a main action
        best: list[tuple[float, Move]] = []
        for f in free:
            r = self._score(engine, state, f, p)
            if r is None:
                continue
            after = r[1]
            if engine.to_move(after) != p:
                continue
            options = [m for m in engine.legal_moves(after) if not is_free(m) and m.command != "pass"]
            if not options:
                continue
            follow = [x for m in options if (x := self._score(engine, after, m, p)) is not None]
            if follow:
                best.append((max(s for s, _ in follow), f))
        passing = [(r[0], m) for m in main if (r := self._score(engine, state, m, p)) is not None]
        if best and (not passing or max(s for s, _ in best) > max(s for s, _ in passing)):
            return self._best(best)
        return self._best(passing) if passing else self.rng.choice(main)

    def _charge(self, engine: Engine, state: GameState, moves: list[Move], p: int) -> Move:
        vp = state.players[p].vp
        accepted = []
        for m in moves:
            if m.command != "charge":
                continue
            r = self._score(engine, state, m, p)
            if r is not None and vp - r[1].players[p].vp <= CHARGE_VP_ACCEPTED:
                accepted.append((r[0], m))
        if accepted:
            return self._best(accepted)
        declines = [m for m in moves if m.command == "decline"]
        if declines:
            return declines[0]
        scored = [(r[0], m) for m in moves if (r := self._score(engine, state, m, p)) is not None]
        return self._best(scored) if scored else self.rng.choice(moves)
