"""Listing legal moves: candidates from the state, each confirmed by the oracle.

Candidates are generated cheaply from what the state allows (hexes in reach,
open actions, offered choices); every candidate is then applied to a clone by
`Engine.apply_in_place`, so a move is listed exactly when `apply` accepts it.
"""
from __future__ import annotations

from typing import Iterator

from ..language import ast
from ..state import GameState
from . import actions, auction, building, charges, choices, conversions, effects, federation_listing, holdings, phases, power, rescoring, research, sharing
from .bound import Bound, bind
from .errors import IllegalMoveError
from .moves import Move, swap_command


def legal_moves(engine, state: GameState) -> list[Move]:
    listed, certain = candidate_moves(engine, state)
    out: list[Move] = []
    for move in listed:
        if move.command == "federation" or move in certain:
            # federation candidates are cheapest trees already checked by possible_federations
            # (the token does not change legality once one is in the supply); other certain
            # moves passed the very checks `apply` makes for them
            out.append(move)
        elif _tried(engine, state, move) is not None:
            out.append(move)
    return out


def _tried(engine, state: GameState, move: Move) -> GameState | None:
    """The state after `move`, applied to a clone; None if the rules refuse it."""
    trial = holdings.clone(state)
    try:
        engine.apply_in_place(trial, move)
    except IllegalMoveError:
        return None
    return trial


def legal_successors(engine, state: GameState, keep=None) -> list[tuple[Move, GameState]]:
    """Every legal move `keep` wants (all by default) with the state after it, in `legal_moves` order.

    One `apply` per move: listing validates a move by applying it to a clone,
    and that clone is the state after it, which a player weighing its moves
    would otherwise make again.
    """
    listed, _certain = candidate_moves(engine, state)
    out: list[tuple[Move, GameState]] = []
    for move in listed:
        if keep is not None and not keep(move):
            continue
        trial = _tried(engine, state, move)
        if trial is not None:
            out.append((move, trial))
    return out


def candidate_moves(engine, state: GameState) -> tuple[list[Move], set[Move]]:
    """Every legal move once, perhaps with some illegal ones; and the subset known to be legal."""
    p = engine.to_move(state)
    if p is None:
        return [], set()
    certain: set[Move] = set()
    listed = list(dict.fromkeys(candidates(bind(engine.context(state), state, p), certain)))
    return listed, certain


def candidates(b: Bound, certain: set[Move]) -> Iterator[Move]:
    """Possible moves of the bound seat (the one to move); those fully checked already are also added to `certain`."""
    ctx, state, p = b.ctx, b.state, b.p

    def sure(move: Move) -> Move:
        certain.add(move)
        return move

    deck = ctx.seat(state, p).deck_moves(p)
    if deck is not None:  # a seat that plays by its own deck (the Automa: one move, whatever it must do now)
        yield from map(sure, deck)
        return
    if state.decisions:
        yield from _decision_candidates(b, state.decisions[0])
        return
    if state.phase == "factions":
        for fid in ctx.content.catalogue.factions:
            yield Move(p, "faction", (fid,))
        return
    if state.phase == "bids":
        for offer in state.offers:
            low, high = auction.bid_range(ctx.content, offer)
            for amount in range(low, high + 1):
                yield Move(p, "bid", (offer["faction"], str(amount)))
        if not auction.chooses_first(ctx.content, state):
            for fid in ctx.content.catalogue.factions:
                yield Move(p, "faction", (fid,))
        return
    if state.phase == "setup":
        piece = state.setup_queue[0][1]
        home = b.faction.home
        for coord, h in ctx.map.hexes.items():
            if h.planet == home:
                yield Move(p, "build", (piece, h.name))
        return
    if state.phase == "boosters":
        for booster in state.boosters_table:
            yield Move(p, "booster", (booster,))
        return
    if state.phase != "actions":
        return
    if state.pending:
        yield from follow_up_candidates(b, state.pending[0])
    elif not state.main_done:
        yield from _main_candidates(b, sure)
    else:
        yield Move(p, "endturn")
    yield from _free_candidates(b, sure)


def _decision_candidates(b: Bound, decision) -> Iterator[Move]:
    kind, p = decision.kind, b.p
    if kind == "charge":
        for offer in charges.charge_offers(b, decision):
            yield Move(p, "charge", (offer,))
        yield Move(p, "decline")
    elif kind == "income":
        for item in phases.income_options(decision.data["events"]):
            yield Move(p, "income", (item,))
    elif kind == choices.KIND:
        for area in decision.data["options"]:
            yield Move(p, choices.KIND, (area,))
    elif kind == "gaia-phase":
        for args in _spends(b, gaia_phase=True):
            yield Move(p, "spend", args)
        if actions.gaia_phase_declinable(b):
            yield Move(p, "decline")
    else:
        yield from follow_up_candidates(b, decision)


def follow_up_candidates(b: Bound, follow) -> Iterator[Move]:
    """The moves that may answer a follow-up of the bound seat's action (or its decision)."""
    state, p, content, game_map = b.state, b.p, b.content, b.map
    kind = follow.kind
    if kind == "up":
        for track in content.catalogue.tracks:
            yield Move(p, "up", (track,))
        yield Move(p, "decline")
    elif kind == "tech":
        positions = list(state.setup.tech_tiles) + [f"adv-{t}" for t in state.setup.advanced_tiles]
        for pos in positions:
            yield Move(p, "tech", (pos,))
    elif kind == "cover":
        for t in b.player.tech:
            yield Move(p, "cover", (t.pos,))
    elif kind == "build":
        reach = building.reach_of(b)
        within = reach.hexes(game_map, b.player.qic)
        for piece in follow.data["pieces"]:
            s = content.structure(b.player, piece)
            new_piece = follow.data.get("from") is None and building.builds_new(s)
            checked = new_piece and _checked_first(s)
            for name in _build_targets(b, piece, follow.data.get("from")):
                if new_piece and not _reachable(b, name, within):
                    continue
                if checked and building.place_problem(b, piece, name, reach) is not None:
                    continue  # refused before anything happens: no trial needed
                yield Move(p, "build", (piece, name))
    elif kind == "swap":
        for name, h in state.board.items():
            if h.owner == p and h.piece == follow.data["second"]:
                yield Move(p, swap_command(follow.data["first"]), (name,))
    elif kind == rescoring.KIND:
        yield from rescoring.answers(state, p)
    elif kind == "lostPlanet":
        for coord, h in game_map.hexes.items():
            if content.kinds.get(h.planet) == "space":
                yield Move(p, "lostPlanet", (h.name,))
    elif kind == choices.KIND:
        for area in follow.data["options"]:
            yield Move(p, choices.KIND, (area,))
    elif kind == choices.AREAS_KIND:
        for split in follow.data["options"]:
            yield Move(p, "areas", (split,))


def _build_targets(b: Bound, piece, source=None) -> list[str] | tuple[str, ...]:
    state, p, player = b.state, b.p, b.player
    s = b.content.structure(player, piece)
    if source is not None:
        return [n for n, h in state.board.items() if h.owner == p and h.piece == source]
    if s.upgrades_from is not None:
        return [n for n, h in state.board.items() if h.owner == p and h.piece == s.upgrades_from]
    where = b.content.placement(player, piece)
    return b.map.hexes_of_types(where.on | where.guest, state)


def _checked_first(s) -> bool:
    """Whether a new piece's candidate hexes are checked by `building.place_problem` before the trial.

    Pieces that colonise planets (a mine) are offered on most of the map, so a quick check saves a
    trial per hex; the others (Gaiaformers, space stations) are few and go straight to the trial.
    Either way a move is listed exactly when `apply` accepts it; which candidates are listed decides
    what `Engine.random_move` draws from, so it stays as it is.
    """
    return "planet" in s.counts_for


def _reachable(b: Bound, name, within: frozenset[str] | None) -> bool:
    """A cheap first filter for new pieces: a free hex (or one a guest may share) within paid range."""
    h = b.state.board.get(name)
    if h is not None and h.owner == b.p:
        return True  # e.g. a mine on one's own Gaiaformer: no range needed
    if h is not None and h.piece is not None and not sharing.may_share(b.content, b.player):
        return False
    return within is None or name in within  # `Reach.hexes` for the Q.I.C. the player has


def _main_candidates(b: Bound, sure) -> Iterator[Move]:
    ctx, state, p, player = b.ctx, b.state, b.p, b.player
    faction = b.faction
    reach = building.reach_of(b)
    within = reach.hexes(b.map, player.qic)
    for sid, s in faction.structures.items():
        if s.action_only:
            continue
        new_piece = building.builds_new(s)
        checked = new_piece and _checked_first(s)
        for name in _build_targets(b, sid):
            if new_piece and not _reachable(b, name, within):
                continue
            if checked and building.place_problem(b, sid, name, reach) is not None:
                continue  # refused before anything happens: no trial needed
            yield Move(p, "build", (sid, name))
    for aid, action in ctx.content.catalogue.board_actions.items():
        if aid in state.board_actions_used:
            continue
        if effects.can_pay(b, ctx.holdings.price(state, p, "board_action_cost", action.cost, aid),
                           "power-action") is not None:
            continue
        gains = action.effect.statements[0].clause.gains
        simple = all(isinstance(g, ast.Amount) and g.resource not in ("step", "range") for g in gains)
        capped = ctx.content.game_params["refuse_wasted_board_actions"] and actions.all_capped(b, gains)
        if simple and not capped:
            yield sure(Move(p, "action", (aid,)))
        elif not capped:
            yield Move(p, "action", (aid,))
    for key, st in actions.held_specials(b):
        if key not in player.specials_used:
            yield Move(p, "special", (actions.special_action_name(b, st),))
    if effects.can_pay(b, ctx.holdings.price(state, p, "research_cost", ctx.content.catalogue.research.cost)) is None:
        for track in ctx.content.catalogue.tracks:
            if research.advance_problem(b, track) is None:
                yield sure(Move(p, "up", (track,)))
    tokens = [t for t, n in state.fed_supply.items() if n > 0]
    for fed in federation_listing.possible_federations(b) if tokens else []:
        for token in tokens:
            yield Move(p, "federation", (fed, token))
    last = state.round >= ctx.content.catalogue.game["rounds"]
    if last:
        yield sure(Move(p, "pass"))
    else:
        for booster in state.boosters_table:
            yield sure(Move(p, "pass", (booster,)))


def _free_candidates(b: Bound, sure) -> Iterator[Move]:
    if b.state.pending:
        return  # the action's follow-up comes first
    p = b.p
    for args in _spends(b, gaia_phase=False):
        yield sure(Move(p, "spend", args))
    times = power.burnable(b.player, b.content.catalogue.burn)
    for n in range(1, min(times, MOST_TIMES) + 1):  # bigger burns stay legal, unlisted like bigger spends
        yield sure(Move(p, "burn", (str(n),)))


MOST_TIMES = 20  # a conversion (or a burn) is listed up to this many times over in one move


def _spends(b: Bound, gaia_phase: bool) -> Iterator[tuple[str, str]]:
    """The arguments of each open conversion once, twice, ... as many times as the bound seat can pay for
    it in one spend (a conversion that gains something other than amounts, a tech tile, once)."""
    state, p = b.state, b.p
    have: dict = {}
    shut = conversions.closed(b, gaia_phase)
    for multiples in b.holdings.derived(state, p, _open_multiples, gaia_phase, shut):
        k = 1
        while (many := multiples.times(k)) is not None:
            amounts, moves, args = many
            if effects.short_of(b, amounts, have, "conversion") is not None:
                break
            if moves and not all(_can_move(b, c) for c in moves):
                break
            yield args
            k += 1


def _open_multiples(content, held, gaia_phase: bool, shut: frozenset = frozenset()) -> tuple["_Multiples", ...]:
    """The multiples of each open conversion (one table per conversion of the content, whoever holds it;
    a once-per conversion once only)."""
    return tuple(content.kept("multiples", (id(costs), id(gains), once), lambda: _Multiples(costs, gains, once))
                 for costs, gains, _key, once in conversions.keyed_conversions(content, held, gaia_phase, shut))


class _Multiples:
    """One conversion k times over, k = 1 to `MOST_TIMES`: what it asks for (amounts, token moves) and
    the spend's arguments, each worked out the first time it is asked for (by k: games played in
    several threads may ask at once)."""

    __slots__ = ("costs", "gains", "known", "most")

    def __init__(self, costs, gains, once: bool = False):
        self.costs, self.gains = costs, gains
        self.known: dict[int, tuple] = {}
        self.most = 1 if once else MOST_TIMES   # lowered to the last k that can be taken once one cannot

    def times(self, k: int) -> tuple | None:
        """None when the conversion cannot be taken k times over in one spend."""
        found = self.known.get(k)
        if found is None:
            if k > self.most:
                return None
            many = conversions.times_over(self.costs, self.gains, k)
            if many is None:
                self.most = k - 1
                return None
            found = self.known[k] = (effects.amounts_of(many[0]), tuple(c for c in many[0] if isinstance(c, ast.Move)),
                                     (conversions.price_text(many[0]), conversions.gain_text(many[1])))
        return found


def _can_move(b: Bound, c) -> bool:
    if c.source == "gf":
        return b.holdings.free_gaiaformers(b.state, b.p) >= c.count
    return b.player.power.get(c.source, 0) >= c.count
