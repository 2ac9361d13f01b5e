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
from .bound import Bound
from .map_view import MapView
from .errors import IllegalMoveError, MoveSyntaxError
from .federation_trees import Fewest, cheaper_part


def piece_value(b: Bound, name: str) -> int:
    """Power value of player p's piece (or guest mine) on `name` for federations (0 if none, or if the
    piece is not part of federations: `in_federations`)."""
    state, p = b.state, b.p
    h = state.board.get(name)
    if not sharing.has_structure(b.content, state, h, p, "federation"):
        return 0
    return b.holdings.power_value(state, p, name, "federation")


def member_hexes(b: Bound) -> set[str]:
    """Hexes holding a piece of p that can be part of a federation (value > 0)."""
    return {n for n, h in b.state.board.items()
            if sharing.has_piece(h, b.p) and piece_value(b, n) > 0}


def federated(state: GameState, p: int) -> set[str]:
    return {n for n, h in state.board.items() if p in h.federations}


# ------------------------------------------------------------------ growing federations
#
# Under `federation_mode: growing` a player has one federation that each new one extends (it may
# use the hexes of the one they have, and nothing is blocked next to it); its threshold grows with
# `federation_threshold_growth` per federation token held, or per federation formed
# (`growing_federation_count: formed`). Every difference growing makes is in this section.

def growing(b: Bound) -> bool:
    return b.holdings.param(b.state, b.p, "federation_mode") == "growing"


def threshold(b: Bound) -> int:
    """`federation_threshold`, plus `federation_threshold_growth` per federation token (or formation) so far."""
    base, growth = b.holdings.param(b.state, b.p, "federation_threshold"), b.holdings.param(b.state, b.p, "federation_threshold_growth")
    player = b.player
    done = player.federations_formed if b.content.game_params["growing_federation_count"] == "formed" else len(player.fed_tokens)
    return base + growth * done


def grown_from(b: Bound) -> set[str]:
    """The hexes a new federation of p extends: their federation when growing, else none."""
    return federated(b.state, b.p) if growing(b) else set()


def _grow(b: Bound, group: set[str], members: set[str]) -> set[str]:
    """A growing federation's group takes in the one it extends (which it must reach)."""
    if not growing(b):
        return group
    have = federated(b.state, b.p)
    group = closure(b, group, members | have)
    if have and not (have <= group):
        raise IllegalMoveError("federation", "your new federation must extend the one you have")
    return group


def _record(b: Bound, group: set[str]) -> None:
    """The player's federations after forming `group`: a new one, or the one it extends, grown."""
    player = b.player
    if growing(b) and player.federations:
        player.federations[0] = sorted(set(player.federations[0]) | group)
    else:
        player.federations.append(sorted(group))


def blocked_hexes(b: Bound) -> set[str]:
    """Hexes a new federation of p may not use: in or next to p's federations (unless growing)."""
    if growing(b):
        return set()
    out = set()
    for name in federated(b.state, b.p):
        out.add(name)
        out.update(b.map.neighbour_names[name])
    return out


def satellite_spot(b: Bound, name: str) -> bool:
    """Whether p may put a satellite on `name`: empty space without p's own piece or satellite.

    Other players' satellites and stations may share the hex.
    """
    state, p = b.state, b.p
    h = state.board.get(name)
    if b.map.kind_at(state, name) != "space":
        return False
    return h is None or (h.owner != p and p not in h.satellites)


def _flood(game_map: MapView, start: set[str], allowed: set[str]) -> set[str]:
    """`start` plus every hex of `allowed` reachable from it through neighbours."""
    group = set(start)
    frontier = list(group)
    while frontier:
        for n in game_map.neighbour_names[frontier.pop()]:
            if n in allowed and n not in group:
                group.add(n)
                frontier.append(n)
    return group


def closure(b: Bound, hexes: set[str], members: set[str]) -> set[str]:
    """Add every piece of p connected to the group through adjacency."""
    return _flood(b.map, hexes, members)


def connected(game_map: MapView, hexes: set[str]) -> bool:
    return bool(hexes) and _flood(game_map, {next(iter(hexes))}, hexes) == hexes


def check_federation(b: Bound, listed: list[str],
                     verify_fewest: bool = True, known: tuple[set[str], set[str]] | None = None
                     ) -> tuple[set[str], set[str]]:
    """Validate a federation; returns (all hexes, satellite hexes).

    `verify_fewest=False` skips the fewest-satellites search, for candidates
    that were built as cheapest trees in the first place; `known` passes
    (member_hexes, blocked_hexes) when the caller has them already.
    """
    if len(set(listed)) != len(listed):
        raise IllegalMoveError("federation", "a hex is listed twice")
    members, blocked = known if known is not None else (member_hexes(b), blocked_hexes(b))
    sats = set()
    grown = grown_from(b)
    for name in listed:
        if name in members:
            if name in blocked:
                raise IllegalMoveError("federation", f"{name} is already in or next to one of your federations")
            continue
        if name in grown:
            continue
        if not satellite_spot(b, name):
            raise IllegalMoveError("federation", f"{name} can take neither your piece nor a satellite")
        if name in blocked:
            raise IllegalMoveError("federation", f"{name} is next to one of your federations")
        sats.add(name)
    group = closure(b, set(listed), members - blocked)
    group = _grow(b, group, members)
    if not connected(b.map, group):
        raise IllegalMoveError("federation", "the hexes of a federation must be connected")
    value = sum(piece_value(b, n) for n in group if n in members)
    need = threshold(b)
    if value < need:
        raise IllegalMoveError("federation", f"power value {need} needed, these pieces have {value}")
    player = b.player
    limit = b.content.catalogue.game["satellite_limit"]
    if player.satellites + len(sats) > min(limit, satellites_affordable(b) + player.satellites):
        raise IllegalMoveError("federation", "the federation requires too many satellites")
    if verify_fewest:
        _check_fewest(b, group, sats, members, blocked, need)
    return group, sats


def _satellite_price(b: Bound) -> tuple[ast.Pay, ...]:
    """What player p pays per satellite: the holder's `satellite_cost` (parameters.yaml)."""
    return b.holdings.param(b.state, b.p, "satellite_cost")


def satellites_affordable(b: Bound) -> int:
    """How many satellites player p can pay for now (a free satellite: as many as the limit allows)."""
    player = b.player
    counts = []
    for pay in _satellite_price(b):
        have = power.tokens_in_cycle(player) if pay.resource == "t" else b.content.held_amount(player, pay.resource)
        counts.append((have or 0) // pay.count if pay.count else b.content.catalogue.game["satellite_limit"])
    return min(counts, default=b.content.catalogue.game["satellite_limit"])


def groups_of(game_map: MapView, hexes: set[str]) -> list[set[str]]:
    """Connected components of a set of hexes."""
    out: list[set[str]] = []
    seen: set[str] = set()
    for start in sorted(hexes):
        if start not in seen:
            comp = _flood(game_map, {start}, hexes)
            seen |= comp
            out.append(comp)
    return out


def satellite_graph(b: Bound, members: set[str], blocked: set[str]) -> dict[str, int]:
    """Hexes a federation of p may use, with their cost: 0 for p's pieces, 1 for a satellite."""
    nodes = {}
    fed = grown_from(b)
    p, game_map = b.p, b.map
    space, board, kinds = game_map.printed_space, b.state.board, game_map.kinds
    for name in game_map.by_name:
        if name in members or name in fed:
            nodes[name] = 0
        elif name in space and name not in blocked:
            # `satellite_spot`, inline (this reads every hex of the map): printed space, unless a planet came there
            h = board.get(name)
            if h is None or ((h.planet is None or kinds.get(h.planet) == "space")
                             and h.owner != p and p not in h.satellites):
                nodes[name] = 1
    return nodes


def _check_fewest(b: Bound, group: set[str], sats: set[str],
                  members: set[str], blocked: set[str], need: int) -> None:
    """A federation must use the fewest satellites: for its planets, and for any part that suffices."""
    planets = {n for n in group if n in members}
    groups = groups_of(b.map, planets | (grown_from(b) & group))
    if len(groups) <= 1:
        if sats:
            raise IllegalMoveError("federation", "these pieces are already connected; satellites are not needed")
        return
    nodes = satellite_graph(b, members, blocked)
    values = [sum(piece_value(b, n) for n in g) for g in groups]
    fewest = Fewest(b.ctx, nodes, groups, len(sats) - 1)
    found = cheaper_part(list(range(len(groups))), values, need, len(sats), fewest.cost,
                          parts=not growing(b))
    if found is None:
        return
    part, cost = found
    if len(part) == len(groups):
        raise IllegalMoveError("federation", f"the federation can be built with fewer satellites ({cost})")
    raise IllegalMoveError("federation", "a smaller federation of some of these pieces needs fewer satellites")


def form_federation(b: Bound, move) -> None:
    """`federation HEXES TOKEN`: the bound seat (the mover) forms a federation and takes the token."""
    ctx, state, p = b.ctx, b.state, b.p
    if len(move.args) < 2:
        raise MoveSyntaxError.of_move(move, "federation needs its hexes and a token", len(move.args))
    listed = [hex_name(ctx, x) for x in move.args[0].split(",") if x]
    token = move.args[1]
    if state.fed_supply.get(token, 0) <= 0:
        raise IllegalMoveError("federation", f"no federation token {token} left")
    group, sats = check_federation(b, listed)
    follow: list[Pending] = []
    _pay_satellites(b, len(sats), follow)
    player = state.players[p]
    for name in sorted(group):
        h = state.hex(name)
        if p not in h.federations:
            h.federations.append(p)
        if name in sats:
            h.satellites.append(p)
    player.satellites += len(sats)
    _record(b, group)
    player.federations_formed += 1
    state.fed_supply[token] -= 1
    formed = effects.Event("federation", frozenset(("formed", token)), {"satellite": len(sats)}, tuple(sorted(group)))
    follow.extend(effects.gain_fed_token(b, token, "federation", formed))
    queue(state, follow)


def _pay_satellites(b: Bound, n: int, follow: list[Pending]) -> None:
    """Pay the satellite price n times: tokens discarded (`t`) by the player's choice, the rest as any price."""
    if n == 0:
        return
    for pay in _satellite_price(b):
        if pay.resource == "t":
            choices.take_with_choice(b, pay.count * n, "discard", follow)
        else:
            effects.pay(b, [ast.Pay(pay.count * n, pay.resource)], "federation")
