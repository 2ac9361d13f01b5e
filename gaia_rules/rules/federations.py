"""Federations: forming one (power value, satellites, the fewest-satellites rule).

A federation is a connected group of hexes: the player's pieces with a power
value and empty space hexes that receive satellites. The group needs the
holder's `federation_threshold` (plus `federation_threshold_growth` per federation so far),
may not touch the holder's other federations, and must use the fewest
satellites that can connect its pieces (the graph search is federation_trees.py; the
list of federations a player could form is federation_listing.py).
"""
from __future__ import annotations

from ..language import ast
from ..state import GameState, Pending
from . import choices, effects, power, sharing
from .common import hex_name, queue
from .bound import bind
from .context import Context
from .errors import IllegalMoveError, MoveSyntaxError
from .federation_trees import Fewest, cheaper_part


def piece_value(ctx: Context, state: GameState, p: int, name: str) -> int:
    """Power value of player p's piece (or guest mine) on `name` for federations (0 if none, or if the
    piece is not part of federations: `in_federations`)."""
    h = state.board.get(name)
    if not sharing.has_structure(ctx.content, state, h, p, "federation"):
        return 0
    return ctx.holdings.power_value(state, p, name, "federation")


def member_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes holding a piece of p that can be part of a federation (value > 0)."""
    return {n for n, h in state.board.items()
            if sharing.has_piece(h, p) and piece_value(ctx, state, p, n) > 0}


def federated(state: GameState, p: int) -> set[str]:
    return {n for n, h in state.board.items() if p in h.federations}


# ------------------------------------------------------------------ growing federations
#
# Under `federation_mode: growing` a player has one federation that each new one extends (it may
# use the hexes of the one they have, and nothing is blocked next to it); its threshold grows with
# `federation_threshold_growth` per federation token held, or per federation formed
# (`growing_federation_count: formed`). Every difference growing makes is in this section.

def growing(ctx: Context, state: GameState, p: int) -> bool:
    return ctx.holdings.param(state, p, "federation_mode") == "growing"


def threshold(ctx: Context, state: GameState, p: int) -> int:
    """`federation_threshold`, plus `federation_threshold_growth` per federation token (or formation) so far."""
    base, growth = ctx.holdings.param(state, p, "federation_threshold"), ctx.holdings.param(state, p, "federation_threshold_growth")
    player = state.players[p]
    done = player.federations_formed if ctx.content.game_params["growing_federation_count"] == "formed" else len(player.fed_tokens)
    return base + growth * done


def grown_from(ctx: Context, state: GameState, p: int) -> set[str]:
    """The hexes a new federation of p extends: their federation when growing, else none."""
    return federated(state, p) if growing(ctx, state, p) else set()


def _grow(ctx: Context, state: GameState, p: int, group: set[str], members: set[str]) -> set[str]:
    """A growing federation's group takes in the one it extends (which it must reach)."""
    if not growing(ctx, state, p):
        return group
    have = federated(state, p)
    group = closure(ctx, state, p, group, members | have)
    if have and not (have <= group):
        raise IllegalMoveError("federation", "your new federation must extend the one you have")
    return group


def _record(ctx: Context, state: GameState, p: int, group: set[str]) -> None:
    """The player's federations after forming `group`: a new one, or the one it extends, grown."""
    player = state.players[p]
    if growing(ctx, state, p) and player.federations:
        player.federations[0] = sorted(set(player.federations[0]) | group)
    else:
        player.federations.append(sorted(group))


def blocked_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes a new federation of p may not use: in or next to p's federations (unless growing)."""
    if growing(ctx, state, p):
        return set()
    out = set()
    for name in federated(state, p):
        out.add(name)
        out.update(ctx.map.neighbour_names[name])
    return out


def satellite_spot(ctx: Context, state: GameState, p: int, name: str) -> bool:
    """Whether p may put a satellite on `name`: empty space without p's own piece or satellite.

    Other players' satellites and stations may share the hex.
    """
    h = state.board.get(name)
    if ctx.map.kind_at(state, name) != "space":
        return False
    return h is None or (h.owner != p and p not in h.satellites)


def _flood(ctx: Context, start: set[str], allowed: set[str]) -> set[str]:
    """`start` plus every hex of `allowed` reachable from it through neighbours."""
    group = set(start)
    frontier = list(group)
    while frontier:
        for n in ctx.map.neighbour_names[frontier.pop()]:
            if n in allowed and n not in group:
                group.add(n)
                frontier.append(n)
    return group


def closure(ctx: Context, state: GameState, p: int, hexes: set[str], members: set[str]) -> set[str]:
    """Add every piece of p connected to the group through adjacency."""
    return _flood(ctx, hexes, members)


def connected(ctx: Context, hexes: set[str]) -> bool:
    return bool(hexes) and _flood(ctx, {next(iter(hexes))}, hexes) == hexes


def check_federation(ctx: Context, state: GameState, p: int, listed: list[str],
                     verify_fewest: bool = True, known: tuple[set[str], set[str]] | None = None
                     ) -> tuple[set[str], set[str]]:
    """Validate a federation; returns (all hexes, satellite hexes).

    `verify_fewest=False` skips the fewest-satellites search, for candidates
    that were built as cheapest trees in the first place; `known` passes
    (member_hexes, blocked_hexes) when the caller has them already.
    """
    if len(set(listed)) != len(listed):
        raise IllegalMoveError("federation", "a hex is listed twice")
    members, blocked = known if known is not None else (member_hexes(ctx, state, p), blocked_hexes(ctx, state, p))
    sats = set()
    grown = grown_from(ctx, state, p)
    for name in listed:
        if name in members:
            if name in blocked:
                raise IllegalMoveError("federation", f"{name} is already in or next to one of your federations")
            continue
        if name in grown:
            continue
        if not satellite_spot(ctx, state, p, name):
            raise IllegalMoveError("federation", f"{name} can take neither your piece nor a satellite")
        if name in blocked:
            raise IllegalMoveError("federation", f"{name} is next to one of your federations")
        sats.add(name)
    group = closure(ctx, state, p, set(listed), members - blocked)
    group = _grow(ctx, state, p, group, members)
    if not connected(ctx, group):
        raise IllegalMoveError("federation", "the hexes of a federation must be connected")
    value = sum(piece_value(ctx, state, p, n) for n in group if n in members)
    need = threshold(ctx, state, p)
    if value < need:
        raise IllegalMoveError("federation", f"power value {need} needed, these pieces have {value}")
    player = state.players[p]
    limit = ctx.content.catalogue.game["satellite_limit"]
    if player.satellites + len(sats) > min(limit, satellites_affordable(ctx, state, p) + player.satellites):
        raise IllegalMoveError("federation", "the federation requires too many satellites")
    if verify_fewest:
        _check_fewest(ctx, state, p, group, sats, members, blocked, need)
    return group, sats


def _satellite_price(ctx: Context, state: GameState, p: int) -> tuple[ast.Pay, ...]:
    """What player p pays per satellite: the holder's `satellite_cost` (parameters.yaml)."""
    return ctx.holdings.param(state, p, "satellite_cost")


def satellites_affordable(ctx: Context, state: GameState, p: int) -> int:
    """How many satellites player p can pay for now (a free satellite: as many as the limit allows)."""
    player = state.players[p]
    counts = []
    for pay in _satellite_price(ctx, state, p):
        have = power.tokens_in_cycle(player) if pay.resource == "t" else ctx.content.held_amount(player, pay.resource)
        counts.append((have or 0) // pay.count if pay.count else ctx.content.catalogue.game["satellite_limit"])
    return min(counts, default=ctx.content.catalogue.game["satellite_limit"])


def groups_of(ctx: Context, hexes: set[str]) -> list[set[str]]:
    """Connected components of a set of hexes."""
    out: list[set[str]] = []
    seen: set[str] = set()
    for start in sorted(hexes):
        if start not in seen:
            comp = _flood(ctx, {start}, hexes)
            seen |= comp
            out.append(comp)
    return out


def satellite_graph(ctx: Context, state: GameState, p: int, members: set[str], blocked: set[str]) -> dict[str, int]:
    """Hexes a federation of p may use, with their cost: 0 for p's pieces, 1 for a satellite."""
    nodes = {}
    fed = grown_from(ctx, state, p)
    space, board, kinds = ctx.map.printed_space, state.board, ctx.map.kinds
    for name in ctx.map.by_name:
        if name in members or name in fed:
            nodes[name] = 0
        elif name in space and name not in blocked:
            # `satellite_spot`, inline (this reads every hex of the map): printed space, unless a planet came there
            h = board.get(name)
            if h is None or ((h.planet is None or kinds.get(h.planet) == "space")
                             and h.owner != p and p not in h.satellites):
                nodes[name] = 1
    return nodes


def _check_fewest(ctx: Context, state: GameState, p: int, group: set[str], sats: set[str],
                  members: set[str], blocked: set[str], need: int) -> None:
    """A federation must use the fewest satellites: for its planets, and for any part that suffices."""
    planets = {n for n in group if n in members}
    groups = groups_of(ctx, planets | (grown_from(ctx, state, p) & group))
    if len(groups) <= 1:
        if sats:
            raise IllegalMoveError("federation", "these pieces are already connected; satellites are not needed")
        return
    nodes = satellite_graph(ctx, state, p, members, blocked)
    values = [sum(piece_value(ctx, state, p, n) for n in g) for g in groups]
    fewest = Fewest(ctx, nodes, groups, len(sats) - 1)
    found = cheaper_part(list(range(len(groups))), values, need, len(sats), fewest.cost,
                          parts=not growing(ctx, state, p))
    if found is None:
        return
    part, cost = found
    if len(part) == len(groups):
        raise IllegalMoveError("federation", f"the federation can be built with fewer satellites ({cost})")
    raise IllegalMoveError("federation", "a smaller federation of some of these pieces needs fewer satellites")


def form_federation(ctx: Context, state: GameState, move) -> None:
    p = move.player
    if len(move.args) < 2:
        raise MoveSyntaxError.of_move(move, "federation needs its hexes and a token", len(move.args))
    listed = [hex_name(ctx, x) for x in move.args[0].split(",") if x]
    token = move.args[1]
    if state.fed_supply.get(token, 0) <= 0:
        raise IllegalMoveError("federation", f"no federation token {token} left")
    group, sats = check_federation(ctx, state, p, listed)
    follow: list[Pending] = []
    _pay_satellites(ctx, state, p, len(sats), follow)
    player = state.players[p]
    for name in sorted(group):
        h = state.hex(name)
        if p not in h.federations:
            h.federations.append(p)
        if name in sats:
            h.satellites.append(p)
    player.satellites += len(sats)
    _record(ctx, state, p, group)
    player.federations_formed += 1
    state.fed_supply[token] -= 1
    formed = effects.Event("federation", frozenset(("formed", token)), {"satellite": len(sats)}, tuple(sorted(group)))
    follow.extend(effects.gain_fed_token(ctx, state, p, token, "federation", formed))
    queue(state, follow)


def _pay_satellites(ctx: Context, state: GameState, p: int, n: int, follow: list[Pending]) -> None:
    """Pay the satellite price n times: tokens discarded (`t`) by the player's choice, the rest as any price."""
    if n == 0:
        return
    for pay in _satellite_price(ctx, state, p):
        if pay.resource == "t":
            choices.take_with_choice(bind(ctx, state, p), pay.count * n, "discard", follow)
        else:
            effects.pay(ctx, state, p, [ast.Pay(pay.count * n, pay.resource)], "federation")
