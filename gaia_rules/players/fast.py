"""The fast bot: one move of lookahead over an estimate of the final score.

Where the greedy bot counts what a player holds, the fast bot asks what the
position is worth at the end of the game, in VP, for the player who moved:

- VP already scored, research VP certain at the end (the research board's
  VP by level, from content) and a worth per research level;
- the final scoring tiles: the VP the current counts would rank for (ties and
  the board's VP table as the rules score them), trusted more as the game goes on;
- resources held, each worth more with more rounds left (they still become
  buildings) and at least what the final conversion pays;
- income still to come: every lasting income statement the player holds
  (structures, research levels, tiles) times the rounds of income left, each
  round worth a little more the more rounds follow it (income is reinvested);
- boosters: held for one round, so their income counts once; before passing the
  next booster counts as the best on the table, so passing gains nothing for it;
  VP paid on passing (the held booster's, and lasting ones per pass to come);
- the power cycle (tokens by area, worth more with the charges they hold),
  a bonus for power charged, Gaia-formers, tech tiles, green federation tokens;
- federation potential: power value of structures not yet in a federation,
  against the player's federation threshold (and, off by default, the
  federations the loose pieces within satellite reach could form);
- room to grow: free planets within range, by the terraforming ore they need;
- neighbours: the power value of pieces within charging distance of an
  opponent's (the charges to come);
- a structure's worth beyond its income (round tiles, final counts), shrinking
  as the rounds run out.

One ply does not plan: a step up a track is knowledge spent, the mine it brings into
reach comes a turn later. So at p's own turns the best few moves (`plan_width`, and with
`plan_each_command` the best of each kind of move as well) are looked at again
over p's own coming turns of the round: the position is handed to p again
(`Engine.turn_again`, the others assumed to let it be), p's best main move
there (of those the decision could not make now, with `plan_opened_only`) is
valued by the same estimate, and `plan_share` of what it adds raises the
candidate; `plan_depth` such turns are followed, each after the best of the
turn before.

Every number of that estimate is a weight in `weights/fast.json`, tuned by
self-play (`gaia tune`, docs/bots.md); none is a game number: those come from
content through the engine. The bot is deterministic for its seed: ties are
broken by its own generator.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Sequence

from ..content.catalogue import Catalogue
from ..language import ast
from ..rules import Engine, Move
from ..state import GameState
from .base import is_free, trailing_free_actions
from .factions import faction_by_board, is_faction_choice
from .board_terms import BoardTerms
from .greedy import GreedyBot

RESOURCES = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic"}
AREAS = ("area1", "area2", "area3", "gaia")
WEIGHTS_FILE = "fast.json"
FREE_ACTIONS_TRIED = 3    # free actions followed by a look at the main actions they open
FOLLOW_UP_DEPTH = 3       # follow-ups looked through after a move (tile, then its research step, ...)


def default_weights() -> dict[str, float]:
    """The tuned weights shipped with gaia-rules (`gaia_rules/players/weights/fast.json`)."""
    text = resources.files(__package__).joinpath("weights", WEIGHTS_FILE).read_text(encoding="utf-8")
    return dict(json.loads(text)["weights"])


def without_planning(weights: dict[str, float] | None) -> dict[str, float]:
    """`weights` (the shipped ones if None) with the planner off: for play-outs, which play the coming
    turns themselves, at a third of the planner's cost a decision."""
    out = dict(weights or default_weights())
    out["plan_width"] = 0.0
    return out


def load_weights(path: Path | None) -> dict[str, float]:
    """Weights from a file written by `gaia tune`, laid over the defaults (unknown names refused)."""
    weights = default_weights()
    if path is None:
        return weights
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    given = data.get("weights", data)
    unknown = sorted(set(given) - set(weights))
    if unknown:
        raise ValueError(f"{path}: unknown weight '{unknown[0]}' (known: {', '.join(sorted(weights))})")
    weights.update({k: float(v) for k, v in given.items()})
    return weights


@dataclass
class Outlook:
    """What the evaluation needs of the game's calendar."""

    rounds: int            # rounds in a game (content)
    incomes_left: int      # income phases still to come
    progress: float        # 0 at the start, 1 at the end


class FastEvaluator:
    """The estimate of a player's final score (module docstring); weights by name."""

    def __init__(self, catalogue: Catalogue, weights: dict[str, float] | None = None):
        self.catalogue = catalogue
        self.w = dict(weights or default_weights())
        self.rounds = int(catalogue.game["rounds"])
        self.research_vp = list(catalogue.research.vp_by_level)
        self.board = BoardTerms(catalogue, self.w)

    def outlook(self, state: GameState) -> Outlook:
        r = max(state.round, 0)
        left = self.rounds - r if r > 0 else self.rounds
        return Outlook(self.rounds, max(left, 0), min(1.0, r / self.rounds))

    # -- the parts of the estimate

    def income(self, engine: Engine, state: GameState, p: int) -> tuple[dict[str, float], dict[str, float]]:
        """Per-round income by resource (charges as `pw`, tokens as `t`): (lasting, the held booster's).

        The estimate counts only the lasting part per round left: a booster is held for one round,
        and `booster_outlook` values the boosters.
        """
        ctx = engine.view(state)
        lasting: dict[str, float] = {}
        booster: dict[str, float] = {}
        for source, gains in ctx.income_events(p):
            out = booster if source.startswith("booster:") else lasting
            for g in gains:
                if isinstance(g, ast.Amount):
                    n = g.count * (ctx.count_per(p, g.per) if g.per else 1)
                    out[g.resource] = out.get(g.resource, 0) + n
        return lasting, booster

    def income_rounds(self, left: int) -> float:
        """What a unit of lasting income is worth, in rounds of it: `left` rounds, each worth `income_growth`
        more for every further round left.

        Income gained early is reinvested: the ore of round 2 becomes a mine that pays ore in the rounds after,
        so income is worth more than its count of rounds, the more so the more rounds are left.
        """
        return left * (1.0 + self.w["income_growth"] * (left - 1))

    def pass_vp(self, engine: Engine, state: GameState, p: int) -> float:
        """VP the lasting statements scored on passing (not the booster's) bring at the passes still to come."""
        ctx = engine.view(state)
        pl = state.players[p]
        passes = self.rounds - max(state.round, 1) + (0 if pl.passed else 1)
        if passes <= 0:
            return 0.0
        total = 0.0
        for h in ctx.held(p):
            if isinstance(h.statement.clause, ast.OnPass) and not h.source.startswith("booster:"):
                total += passes * self._vp(ctx, state, p, h.statement.clause.gains)
        return total

    def rounds_to_play(self, state: GameState, p: int) -> int:
        """Rounds in which p still acts: this one unless p has passed, and those to come."""
        return max(0, self.rounds - max(state.round, 1) + (0 if state.players[p].passed else 1))

    def trigger_outlook(self, engine: Engine, state: GameState, p: int) -> float:
        """What the `on EVENT` statements p holds lastingly (not the booster's) pay each time they fire, in VP.

        A tile or token whose worth is in what it pays later (VP per mine built, credits per research step)
        is worth those payments: `trigger` weighs how often such a statement fires in a round, and the
        estimate counts the rounds p still plays. The booster's statements count in the booster's worth.
        """
        ctx = engine.view(state)
        return sum(self.gains_worth(ctx, state, p, h.statement.clause.gains) for h in ctx.held(p)
                   if isinstance(h.statement.clause, ast.On) and not h.source.startswith("booster:"))

    def gains_worth(self, ctx, state: GameState, p: int, gains) -> float:
        """Gains in VP: VP as they are, resources at what the estimate holds them worth now."""
        w = self.w
        total = 0.0
        for g in gains:
            if isinstance(g, ast.Amount):
                n = g.count * (ctx.count_per(p, g.per) if g.per else 1)
                total += n if g.resource == "vp" else n * w.get(f"hold_{g.resource}", 0.0)
        return total

    @staticmethod
    def _vp(ctx, state: GameState, p: int, gains) -> float:
        return sum(g.count * (ctx.count_per(p, g.per) if g.per else 1)
                   for g in gains if isinstance(g, ast.Amount) and g.resource == "vp")

    def booster_outlook(self, engine: Engine, state: GameState, p: int) -> float:
        held, best_next = self.booster_parts(engine, state, p)
        return held + self.w["next_booster"] * best_next

    def booster_parts(self, engine: Engine, state: GameState, p: int) -> tuple[float, float]:
        """The boosters still to bring something, as (certain part, the best next booster's worth): the held
        one's pass VP if it is still to be passed with, and the next one (held once passed: certain; else the
        best on the table, scaled by `next_booster`): its income once, its pass VP.

        Counting the best booster on the table before passing keeps the one-ply from passing early
        just to take a booster: passing gains only the difference to the best.
        """
        ctx = engine.view(state)
        pl = state.players[p]
        value = 0.0
        holds_next = pl.passed or state.round <= 0
        if pl.booster is not None and not holds_next:
            tile = self.catalogue.boosters[pl.booster]
            value += sum(self._vp(ctx, state, p, st.clause.gains) for eff in tile.effects for st in eff.statements
                         if isinstance(st.clause, ast.OnPass))
        if state.round >= self.rounds:
            return value, 0.0
        if holds_next:
            return value + (self._booster_worth(ctx, state, p, pl.booster) if pl.booster else 0.0), 0.0
        table = [self._booster_worth(ctx, state, p, b) for b in state.boosters_table]
        return value, max(table, default=0.0)

    def _booster_worth(self, ctx, state: GameState, p: int, booster: str) -> float:
        w = self.w
        worth = 0.0
        for eff in self.catalogue.boosters[booster].effects:
            for st in eff.statements:
                cl = st.clause
                if isinstance(cl, ast.Income):
                    for g in cl.gains:
                        if isinstance(g, ast.Amount):
                            n = g.count * (ctx.count_per(p, g.per) if g.per else 1)
                            worth += n * w.get(f"income_{g.resource}", 0.0)
                elif isinstance(cl, ast.OnPass):
                    worth += w["pass_vp"] * self._vp(ctx, state, p, cl.gains)
                elif isinstance(cl, ast.On) and w["trigger"]:
                    worth += w["trigger"] * self.gains_worth(ctx, state, p, cl.gains)
        return worth

    def final_tiles(self, engine: Engine, state: GameState, p: int) -> float:
        ctx = engine.view(state)
        return float(sum(ctx.final_tile(tile_id)[1][p] for tile_id in state.setup.final_tiles))

    def final_tiles_soft(self, engine: Engine, state: GameState, p: int) -> float:
        """The final tiles' VP as a smooth function of the counts: each rival (and the neutral player where
        the content seats one) is ahead of p with a chance that grows with its lead, measured against
        `final_spread` of the larger count; p's expected place reads the VP table between its entries.

        The rank itself is a step that one move rarely crosses, so a one-ply bot does not see that each
        piece counted brings it nearer the next place; this term does, for every count a tile names.
        """
        ctx = engine.view(state)
        table = [float(v) for v in self.catalogue.game["final_scoring_vp"]]
        neutral = len(state.players) in ctx.game_param("neutral_player_counts")
        spread = self.w["final_spread"]
        total = 0.0
        for tile_id in state.setup.final_tiles:
            counts, _ = ctx.final_tile(tile_id)
            mine = counts[p]
            rivals = [c for i, c in enumerate(counts) if i != p]
            if neutral:
                rivals.append(self.catalogue.final_tiles[tile_id].neutral)
            place = 0.0
            for c in rivals:
                scale = max(1.0, spread * max(c, mine))
                place += 1.0 / (1.0 + math.exp((mine - c) / scale))
            k = int(place)
            frac = place - k
            low = table[k] if k < len(table) else 0.0
            high = table[k + 1] if k + 1 < len(table) else 0.0
            total += low + (high - low) * frac
        return total

    def __call__(self, engine: Engine, state: GameState, p: int) -> float:
        if state.ended:
            return float(state.players[p].vp)
        return self._estimate(engine, state, p)

    def _estimate(self, engine: Engine, state: GameState, p: int) -> float:
        base, feats = self.features(engine, state, p)
        w = self.w
        return base + sum(w[k] * v for k, v in feats.items())

    def terms(self, engine: Engine, state: GameState, p: int) -> dict[str, float]:
        """The estimate's parts by the weight that scales each (their sum, with `fixed`, is the estimate):
        what tools and tests read to see why a move was preferred."""
        base, feats = self.features(engine, state, p)
        out = {"fixed": base}
        out.update({k: self.w[k] * v for k, v in feats.items() if v})
        return out

    def features(self, engine: Engine, state: GameState, p: int) -> tuple[float, dict[str, float]]:
        """The estimate as `fixed + sum(weight[name] * feature[name])`: (fixed, features by weight name).

        Every weight that scales a part of the estimate names its feature here, so a fit of the weights
        (`gaia_rules.lab.teach`) sees exactly what the bot plays by. The few weights inside a part (the
        income's growth, the caps of room to grow, the spread of final tiles, a booster's worth) stay as
        they are and their parts are taken at the current weights, in `fixed` or in their feature.
        """
        pl = state.players[p]
        w = self.w
        look = self.outlook(state)
        left = look.incomes_left
        shrink = left / look.rounds
        f: dict[str, float] = {}
        levels = sum(pl.research.values())
        f["research_end"] = float(sum(self.research_vp[lv] for lv in pl.research.values()))
        f["research_step"] = float(levels)
        f["research_level"] = levels * shrink
        final = self.final_tiles(engine, state, p)
        f["final_early"], f["final_late"] = final * (1 - look.progress), final * look.progress
        if w["final_soft_early"] or w["final_soft_late"]:
            soft = self.final_tiles_soft(engine, state, p)
            f["final_soft_early"], f["final_soft_late"] = soft * (1 - look.progress), soft * look.progress
        for res, attr in RESOURCES.items():
            n = getattr(pl, attr)
            f[f"hold_{res}"], f[f"hold_{res}_per_round"] = float(n), float(n * left)
        per_round = 0.0
        for i, area in enumerate(AREAS):
            n = pl.power.get(area, 0) + (1 if pl.token == area else 0)
            f[f"power_{area}"] = float(n)
            # a token's worth grows with the charges it holds (area I: none, area III: two) and the rounds left
            per_round += n * left * min(i, 2)
        f["power_per_round"] = per_round
        if left:
            lasting, _booster = self.income(engine, state, p)
            rounds_worth = self.income_rounds(left)
            for res, n in lasting.items():
                if f"income_{res}" in w:
                    f[f"income_{res}"] = n * rounds_worth
            worth, potential, origins, ready = self.board.board_parts(engine, state, p, pl.faction)
            f["federation_potential"], f["federation_ready"] = potential * shrink, ready * shrink
            f["structure"] = worth * shrink
            if w["expansion"]:
                f["expansion"] = self.board.expansion(engine, state, p, origins) * shrink
            if w["neighbour"]:
                f["neighbour"] = self.board.neighbour_power(engine, state, p) * shrink
        f["pass_vp"] = self.pass_vp(engine, state, p)
        if w["trigger"]:   # off in the shipped weights: not worked out on every position
            f["trigger"] = self.trigger_outlook(engine, state, p) * self.rounds_to_play(state, p)
        held, best_next = self.booster_parts(engine, state, p)
        f["next_booster"] = best_next
        f["gaiaformer"] = pl.gaiaformers * shrink
        f["tech_tile"] = float(sum(1 for tl in pl.tech if tl.enabled))
        f["green_token"] = float(sum(1 for tk in pl.fed_tokens if tk.green))
        return float(pl.vp) + held, f


class FastBot(GreedyBot):
    """The greedy bot's one ply, valued by `FastEvaluator`; free actions followed when they open a main action."""

    name = "fast"

    def __init__(self, seed=0, avoid_dead_ends: bool = False, weights: dict[str, float] | None = None):
        super().__init__(seed, avoid_dead_ends)
        self.weights = weights
        self.evaluator: FastEvaluator | None = None   # the fast estimate replaces the greedy count
        # `_scored_states`'s last position: (state, player, move -> (score, state after) or None if refused)
        self._memo: tuple[GameState, int, dict[Move, tuple[float, GameState] | None]] | None = None
        self._leaves: dict[int, tuple[GameState, GameState]] = {}   # id(after) -> (after, settled), this decision

    def estimator(self, engine: Engine) -> FastEvaluator:
        """The estimate this bot plays by, for the engine's content (made once per catalogue)."""
        if self.evaluator is None or self.evaluator.catalogue is not engine.catalogue:
            self.evaluator = FastEvaluator(engine.catalogue, self.weights)
        return self.evaluator

    def _value(self, engine: Engine, after: GameState, p: int) -> float:
        value, leaf = self.settled_leaf(engine, after, p, FOLLOW_UP_DEPTH)
        self._leaves[id(after)] = (after, leaf)   # the planner starts from the leaf (this decision only)
        return value

    def _leaf(self, engine: Engine, after: GameState, p: int) -> GameState:
        """The position `after` settles in for p: the one `_value` reached, or found again."""
        kept = self._leaves.get(id(after))
        return kept[1] if kept is not None and kept[0] is after else self.settled_leaf(engine, after, p)[1]

    def _score(self, engine: Engine, state: GameState, move: Move, p: int,
               known: GameState | None = None) -> tuple[float, GameState] | None:
        r = super()._score(engine, state, move, p, known)
        if r is not None and move.command == "charge":
            # power charged now is power to spend in the rounds left: a bonus per step a token moved
            look = self.estimator(engine).outlook(state)
            before, after = state.players[p].power, r[1].players[p].power
            moved = sum(i * (after.get(a, 0) - before.get(a, 0)) for i, a in enumerate(AREAS[:3]))
            return r[0] + self.estimator(engine).w["charge_bonus"] * moved * look.incomes_left / look.rounds, r[1]
        return r

    def _pass_cost(self, engine: Engine, state: GameState) -> float:
        look = self.estimator(engine).outlook(state)
        return self.estimator(engine).w["pass_penalty"] * look.incomes_left / look.rounds

    def settled_leaf(self, engine: Engine, state: GameState, p: int,
                     depth: int = FOLLOW_UP_DEPTH) -> tuple[float, GameState]:
        """(value, position) once p has given the follow-ups a move owes, the best of them by the estimate."""
        evaluate = self.estimator(engine)
        if depth <= 0 or state.ended or not state.pending or engine.to_move(state) != p:
            return evaluate(engine, state, p), state
        best: tuple[float, GameState] | None = None
        for _m, after in engine.successors(state, keep=lambda m: not is_free(m)):
            v = self.settled_leaf(engine, after, p, depth - 1)
            if best is None or v[0] > best[0]:
                best = v
        return (evaluate(engine, state, p), state) if best is None else best

    def _scored_states(self, engine: Engine, state: GameState, moves: Sequence[Move],
                       p: int) -> list[tuple[float, Move, GameState]]:
        """Each move's one-ply score for p and the state it leads to (refused moves left out), kept for the
        last position asked about: the search bot asks for its prior (`choose`) and then for the ranking
        (`ranked`) of the same moves, and `choose` weighs the free actions twice (what they open, what they
        are worth before passing)."""
        if self._memo is None or self._memo[0] is not state or self._memo[1] != p:
            self._memo = (state, p, {})
            self._leaves = {}   # a new decision: the leaves kept for the last one go
        memo = self._memo[2]
        out = []
        for m in moves:
            if m not in memo:
                memo[m] = self._score(engine, state, m, p)
            if (r := memo[m]) is not None:
                out.append((r[0], m, r[1]))
        return out

    def _scored(self, engine: Engine, state: GameState, moves: Sequence[Move], p: int) -> list[tuple[float, Move]]:
        return [(score, m) for score, m, _ in self._scored_states(engine, state, moves, p)]

    def ranked(self, engine: Engine, state: GameState, moves: Sequence[Move], p: int) -> list[Move]:
        """`moves` best first by this bot's one-move estimate for player p (refused moves left out).

        Equal scores keep the order of `moves`, which depends only on the position.
        """
        scored = self._scored(engine, state, moves, p)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order]

    def choose(self, engine: Engine, state: GameState, moves: Sequence[Move] | None = None) -> Move:
        moves = self.options(engine, state, moves)
        if len(moves) == 1:
            return moves[0]
        if is_faction_choice(state, moves):
            return faction_by_board(engine, state, moves, self.rng)
        p = engine.to_move(state)
        in_turn = state.phase == "actions" and not state.decisions
        main = [m for m in moves if not (in_turn and is_free(m))]
        free = [m for m in moves if in_turn and is_free(m)]
        if not main:
            scored = self._scored(engine, state, free, p)
            return self._best(scored) if scored else self.rng.choice(free)
        scored = self._scored(engine, state, main, p)
        free_allowed = free and trailing_free_actions(state, p) < self.estimator(engine).w["max_free_actions"]
        if free_allowed:
            scored += self._free_then_main(engine, state, free, p, main)
        if not scored:
            return self.rng.choice(main)
        if in_turn:   # a turn of p's own (not a charge, an income order, the set-up): its coming turns to plan
            scored = self._planned(engine, state, p, main, scored)
        best = self._best(scored)
        if best.command == "pass" and free_allowed:
            opened = self._free_then_main(engine, state, free, p, main, tried=self._before_pass_tries(engine))
            top = max(score for score, _ in scored)   # the pass's: it is the best move
            better = [(score, f) for score, f in opened if score > top]
            if better:
                return self._best(better)
            return self._free_before_passing(engine, state, free, p) or best
        return best

    def _planned(self, engine: Engine, state: GameState, p: int, main: list[Move],
                 scored: list[tuple[float, Move]]) -> list[tuple[float, Move]]:
        """The `plan_width` best main moves (not passing) valued with p's coming turns of the round as well.

        One ply sees a step up a track as knowledge spent; the mine it brings into reach, the upgrade
        an academy's first step opens, come a turn later. Each candidate's settled position is handed to
        p again (`Engine.turn_again`, the others assumed to let it be) and the best main move there,
        valued by the same estimate, adds `plan_share` of what it gains over the candidate alone; so on
        for `plan_depth` turns, each following the best of the turn before.
        """
        w = self.estimator(engine).w
        width, share = int(w["plan_width"]), w["plan_share"]
        if width <= 0 or share <= 0:
            return scored
        before = set(main) if w["plan_opened_only"] > 0 else None
        states = {m: after for _, m, after in self._scored_states(engine, state, main, p)}
        ranked = sorted((t for t in scored if t[1].command != "pass" and t[1] in states), key=lambda t: -t[0])
        top = ranked[:width]
        if w["plan_each_command"] > 0:   # and the best of each kind of move, which one ply may rank low
            kinds = {m.command for _, m in top}
            for t in ranked[width:]:
                if t[1].command not in kinds:
                    kinds.add(t[1].command)
                    top.append(t)
        better: dict[Move, float] = {}
        for s1, m in top:
            planned = self._plan_value(engine, self._leaf(engine, states[m], p), p, s1,
                                       int(w["plan_depth"]), before)
            if planned > s1:
                better[m] = planned
        return [(better.get(m, s), m) for s, m in scored]

    def _plan_value(self, engine: Engine, settled: GameState, p: int, value: float, depth: int,
                    before: set[Move] | None) -> float:
        """`value` raised by `plan_share` of what p's best next turn adds (recursively, `depth` turns): main
        moves only, not passing, and with `before` given only those not open at the decision's root."""
        w = self.estimator(engine).w
        again = engine.turn_again(settled, p) if depth > 0 else None
        if again is None:
            return value

        def keep(x: Move) -> bool:
            return not is_free(x) and x.command != "pass" and (before is None or x not in before)

        follow = [r for m2, known in engine.successors(again, keep=keep)
                  if (r := self._score(engine, again, m2, p, known)) is not None]
        if not follow:
            return value
        v2, after = max(follow, key=lambda r: r[0])
        if depth > 1:
            v2 = self._plan_value(engine, self._leaf(engine, after, p), p, v2, depth - 1, before)
        return value + w["plan_share"] * (v2 - value) if v2 > value else value

    def _before_pass_tries(self, engine: Engine) -> int:
        """Free actions followed before passing: about to give up the round's remaining turns, the bot looks
        through more of them (`free_tries_before_pass`) for a main action they open (a pass comes a few times a
        game, so the wider look costs little)."""
        return int(self.estimator(engine).w["free_tries_before_pass"])

    def _free_before_passing(self, engine: Engine, state: GameState, free: list[Move], p: int) -> Move | None:
        """About to pass: the free action that raises the estimate most, by at least `free_before_pass` VP.

        Free actions are otherwise taken only for the main action they open, so a player would pass
        with power left in area III (no room for the next income's charges) or with resources that a
        conversion makes worth more. A weight of 0 or less turns this off.
        """
        evaluate = self.estimator(engine)
        gain = evaluate.w["free_before_pass"]
        if gain <= 0:
            return None
        now = evaluate(engine, state, p)
        better = [(score, f) for score, f, _ in self._scored_states(engine, state, free, p) if score > now + gain]
        return self._best(better) if better else None

    def _free_then_main(self, engine: Engine, state: GameState, free: list[Move], p: int,
                        main: list[Move], tried: int = FREE_ACTIONS_TRIED) -> list[tuple[float, Move]]:
        """A free action, scored by the best main action it opens that was closed before it.

        Only the `tried` best free actions by their own value are
        followed: listing the moves after each one is the costly part.
        """
        tried = sorted(self._scored_states(engine, state, free, p), key=lambda t: -t[0])[:tried]
        if not tried:
            return []
        before = set(main)
        out = []
        for _, f, after in tried:
            if engine.to_move(after) != p:
                continue
            opened = engine.successors(after, keep=lambda m: not is_free(m) and m.command != "pass" and m not in before)
            follow = [(r[0], m) for m, known in opened if (r := self._score(engine, after, m, p, known)) is not None]
            if follow:
                out.append((max(s for s, _ in follow), f))
        return out
