"""The one legality oracle: `Engine.apply` and `Engine.legal_moves`.

`apply` works on a clone of the state, so a refused move leaves the caller's
state untouched. After each move the game is advanced as far as it goes
without a decision (end of turn, charge offers, end of round, income, Gaia
phase, final scoring). Who must act next is `Engine.to_move`.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Callable

from ..content import default_catalogue
from ..content.catalogue import Catalogue
from ..setup import SOLO_PLAYERS, SetupError, check_options, check_player_count, check_solo
from ..state import GameState, PlayerState, Setup
from . import actions, choices, conversions, holdings, phases
from .automa import setup as automa_setup, turn as automa_turn
from .automa.seat import AutomaSeat
from .bound import bind
from .cache import Cache
from .context import Context
from .errors import IllegalMoveError
from .game_view import GameView
from .legal import candidate_moves, follow_up_candidates, legal_moves, legal_successors
from .moves import Move, check_move
from .player_seat import PlayerSeat
from .seats import Seats
from .tech import tech_problem

# the rules of each kind of seat, the same for every game (which seat is whose is the state's)
SEATS = Seats(PlayerSeat(), AutomaSeat(), automa_turn.COMMAND)


class Engine:
    """Rules of one catalogue (bundled content plus overlays)."""

    def __init__(self, catalogue: Catalogue | None = None):
        self.catalogue = catalogue or default_catalogue()
        self.cache = Cache()   # the engine's one cache: contexts and every table their views keep
        self._content_hash: str | None = None   # the catalogue's digest, stamped on each new game

    # ------------------------------------------------------------ set-up
    def context(self, state: GameState) -> Context:
        s = state.setup
        hit = self.cache.values.get(("set-up", id(s)))
        if hit is not None and hit[0] is s:
            return hit[1]
        boards = (s.faction_variant, s.faction_variant_version, s.seat_count()) if s.faction_variant else None
        key = ("context", s.variant, s.automa is not None, s.mirror,   # a solo game has game parameters of its own
               tuple((x["sector"], x["rotation"], tuple(x["center"])) for x in s.sectors), boards)
        ctx = self.cache.get(key, lambda: Context.for_setup(
            self.catalogue.with_faction_variant(s.faction_variant, s.faction_variant_version, s.seat_count()),
            s, self.cache, SEATS))
        self.cache.put(("set-up", id(s)), (s, ctx))  # the set-up is kept alive so its id stays unique
        return ctx

    def view(self, state: GameState) -> GameView:
        """What the rules derive for `state`, read-only (`GameView`): for code that scores positions without
        a `Game` around each one (the bots)."""
        return GameView(self.context(state), state)

    def edited(self, state: GameState) -> None:
        """Say that `state` was changed by hand (a position file laid over a game): what its players hold is read
        again at the next question (`holdings.edited`)."""
        holdings.edited(state)

    def new_game(self, setup: Setup) -> GameState:
        """The game's first state; raises `SetupError` for a set-up this content cannot play."""
        if setup.variant not in self.catalogue.variants:
            raise SetupError(f"unknown rules variant '{setup.variant}'")
        check_options(self.catalogue, setup.auction, setup.faction_variant, setup.faction_variant_version,
                      bool(setup.factions))
        if setup.automa is not None or setup.players == SOLO_PLAYERS:
            check_player_count(self.catalogue, setup.players, setup.automa)
        check_solo(self.catalogue, setup.players, setup.automa, setup.difficulty, setup.factions, setup.auction,
                   setup.round_tiles)
        start_vp = next(iter(self.catalogue.boards.values()))["start"].get("vp", 0)
        # the game's own copy of the set-up, stamped with the content it is played with (its digest
        # hashes every file's: worked out once per engine, not per game)
        if self._content_hash is None:
            self._content_hash = self.catalogue.content_hash()
        setup = dataclasses.replace(setup, content_hash=self._content_hash).in_name_order()
        state = GameState(setup=setup, players=[PlayerState(i, vp=start_vp) for i in range(setup.seat_count())])
        state.boosters_table = list(setup.boosters)
        positions = list(setup.tech_tiles) + [f"adv-{t}" for t in setup.advanced_tiles]
        copies = min(setup.players, self.catalogue.game["tech_tile_copies"])  # one per player at most
        state.tech_supply = {pos: (copies if not pos.startswith("adv-") else 1) for pos in sorted(positions)}
        state.fed_supply = dict(setup.fed_supply)
        state.terraforming_token = setup.terraforming_token
        ctx = self.context(state)
        if setup.automa is not None:
            automa_setup.seat(ctx.content.catalogue.automa, state)
        phases.start(ctx, state)
        return state

    # ------------------------------------------------------------ the oracle
    def to_move(self, state: GameState) -> int | None:
        """The player who must act next (None once the game has ended)."""
        if state.ended:
            return None
        if state.decisions:
            return state.decisions[0].player
        return phases.expected_player(state)

    def turn_again(self, state: GameState, p: int) -> GameState | None:
        """The position p's next turn of this round would find if every other seat let it be: for planners
        that look over their own coming turns (climb a track, then build where it reaches).

        A hypothetical, never a position of the game: the charges still owed to others are dropped and
        the turn is handed to p. None when there is no such turn (not the action phase, the game over,
        p passed or owing a follow-up).
        """
        if (state.ended or state.phase != "actions" or state.pending or state.players[p].passed
                or any(d.player == p for d in state.decisions)):
            return None
        again = holdings.clone(state)
        again.current, again.main_done, again.turn_done = p, False, False
        again.decisions, again.charge_sources, again.turn_builds, again.open_builds = [], [], [], []
        again.temp = {}
        return again

    def apply(self, state: GameState, move: Move) -> GameState:
        """Apply one move to a copy of `state`; raise `IllegalMoveError` if the rules refuse it."""
        new = holdings.clone(state)
        self.apply_in_place(new, move)
        return new

    def apply_in_place(self, state: GameState, move: Move) -> None:
        """Apply a move to `state` itself (callers that keep their own copy, e.g. replays).

        On an illegal move the state may be half-changed: use `apply` for atomicity.
        """
        self.apply_with_observer(state, move, None)

    def apply_with_observer(self, state: GameState, move: Move, observer) -> None:
        """`apply_in_place`, calling `observer(state, round)` at each round end (before the next income)."""
        check_move(move, len(state.players))
        record = f"p{move.player + 1} {move}"
        ctx = self.context(state)
        if state.ended:
            raise IllegalMoveError("game-over", "the game has ended")
        expected = self.to_move(state)
        if move.player != expected:
            who = "nobody" if expected is None else f"player {expected + 1}"
            raise IllegalMoveError("turn", f"it is not player {move.player + 1}'s turn ({who} must act)")
        since = holdings.revision(state)
        actions.dispatch(bind(ctx, state, move.player), move)   # the one view the move's rules read
        self._settle_follow_ups(state)
        state.moves.append(record)
        phases.end_move(ctx, state, since, observer)

    # follow-ups an action cannot go without, and those skipped when nothing fits
    REQUIRED = ("build", "swap", "fedtile")
    OPTIONAL = ("tech", "lostPlanet")

    def _settle_follow_ups(self, state: GameState) -> None:
        """Refuse an action whose required follow-up has no way to be given; skip empty optional ones.

        A special-token question in front of a required follow-up is looked
        through: some answer to it must leave the follow-up possible.
        """
        queue = state.decisions if state.decisions else state.pending
        while queue:
            kind = queue[0].kind
            if kind in (choices.KIND, choices.AREAS_KIND):
                if any(f.kind in self.REQUIRED for f in queue[1:]) and not self._completable(state):
                    raise IllegalMoveError("follow-up", "no answer to this question leaves the action's follow-up possible")
                return
            if kind not in self.REQUIRED + self.OPTIONAL:
                return
            if self._completable(state):
                return
            if kind in self.REQUIRED:
                raise IllegalMoveError("follow-up", f"this action needs a '{kind}' that no move can give now")
            queue.pop(0)

    def _completable(self, state: GameState) -> bool:
        queue = state.decisions if state.decisions else state.pending
        follow = queue[0]
        bound = bind(self.context(state), state, follow.player)
        if follow.kind == "tech":  # a pure check suffices: taking a tile has no follow-up that can fail
            positions = list(state.setup.tech_tiles) + [f"adv-{t}" for t in state.setup.advanced_tiles]
            return any(tech_problem(bound, pos) is None for pos in positions)
        for move in follow_up_candidates(bound, follow):
            trial = holdings.clone(state)
            try:
                self.apply_in_place(trial, move)
            except IllegalMoveError:
                continue
            return True
        return False

    def resume(self, state: GameState, round_number: int, phase: str = "actions", turn: int | None = None) -> None:
        """Play on from a state edited outside the rules (a position file, `formats/position.py`).

        What the players hold is read again and their income order follows it. `phase` "actions": the
        action phase of `round_number` at `turn`'s turn (None: the first in turn order who has not
        passed); "income": the start of that round, whose income and Gaia phase are played as usual.
        The game then goes on to its first decision.
        """
        ctx = self.context(state)
        holdings.edited(state)
        phases.sync_income_order(ctx, state)
        state.decisions, state.pending, state.charge_sources, state.turn_builds = [], [], [], []
        state.turn_order = state.turn_order or list(state.seats)
        if phase == "income":
            for player in state.players:
                player.passed = False
            state.pass_order = []
            phases.start_round(ctx, state, round_number)
        else:
            state.round = round_number
            phases.begin_actions(state)
            state.pass_order = [p for p in state.turn_order if state.players[p].passed]
            state.current = turn if turn is not None else state.current
        phases.advance(ctx, state)

    def normalize(self, state: GameState, move: Move) -> Move:
        """The move as `legal_moves` spells it, when it was written another way that means the same.

        A spend of one conversion k times over whose token moves name another destination
        than the conversion's (the site's notation does not say where tokens go); a pass
        naming a booster in the last round, when none is taken (the site ignores the word; any other
        word stays, for `apply` to refuse).
        """
        check_move(move, len(state.players))
        if move.command not in ("spend", "pass") or state.ended or self.to_move(state) != move.player:
            return move  # only these two have other spellings
        if move.command == "spend":
            return conversions.spend_spelling(bind(self.context(state), state, move.player), move)
        if (move.command == "pass" and len(move.args) == 1 and move.args[0] in self.catalogue.boosters
                and state.round >= self.catalogue.game["rounds"]):
            return Move(move.player, "pass")
        return move

    def legal_moves(self, state: GameState) -> list[Move]:
        """Every move the rules accept now, for whoever must act, each spelt one way.

        Other spellings `apply` accepts: a mixed or chained spend, an income order naming several
        items, another federation layout with as few satellites (docs/cli.md, "What the list
        holds"); `normalize` turns the site's spellings of listed moves into the listed ones.
        """
        return legal_moves(self, state)

    def successors(self, state: GameState, keep: Callable[[Move], bool] | None = None) -> list[tuple[Move, GameState]]:
        """The legal moves `keep` accepts (all by default), each with the state it leads to.

        The same moves in the same order as `legal_moves`, at the cost of one
        `apply` each (listing applies every move to check it anyway): what a
        bot weighing every move wants. Moves `keep` refuses are not tried.
        """
        return legal_successors(self, state, keep)

    def random_move(self, state: GameState, rng: random.Random) -> tuple[Move, GameState] | None:
        """A legal move drawn uniformly at random, already applied; None if there is none.

        Equivalent to `rng.choice(legal_moves(state))` in distribution but
        cheaper: candidates are drawn at random and the first one `apply`
        accepts is kept (each legal move is one candidate, so every legal move
        is equally likely), without trying the others.
        """
        left, _ = candidate_moves(self, state)
        while left:
            i = rng.randrange(len(left))
            move = left[i]
            try:
                return move, self.apply(state, move)
            except IllegalMoveError:
                left[i] = left[-1]
                left.pop()
        return None
