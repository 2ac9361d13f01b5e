"""Federations: forming one (power value, satellites, the fewest-satellites rule).

A federation is a connected group of hexes: the player's pieces with a power
value and empty space hexes that receive satellites. The group needs the
holder's `federation_threshold` (growing federations: threshold x (count + 1)),
may not touch the holder's other federations, and must use the fewest
satellites that can connect its pieces.
"""
from __future__ import annotations

from ..board import neighbours
from ..language import ast
from ..state import GameState, Pending
from . import effects, power
from .context import Context
from .errors import IllegalMoveError


def _neighbour_names(ctx: Context, name: str) -> list[str]:
    return [ctx.map.hexes[n].name for n in neighbours(ctx.map.by_name[name]) if n in ctx.map.hexes]


def piece_value(ctx: Context, state: GameState, p: int, name: str) -> int:
    """Power value of player p's piece (or guest mine) on `name` for federations (0 if none)."""
    h = state.board.get(name)
    if h is None or not ((h.owner == p and h.piece is not None) or p in h.guests):
        return 0
    return ctx.power_value(state, p, name)


def member_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes holding a piece of p that can be part of a federation (value > 0)."""
    return {n for n, h in state.board.items()
            if ((h.owner == p and h.piece is not None) or p in h.guests) and piece_value(ctx, state, p, n) > 0}


def federated(state: GameState, p: int) -> set[str]:
    return {n for n, h in state.board.items() if p in h.federations}


def growing(ctx: Context, state: GameState, p: int) -> bool:
    return ctx.param(state, p, "federation_mode") == "growing"


def threshold(ctx: Context, state: GameState, p: int) -> int:
    base = ctx.param(state, p, "federation_threshold")
    if growing(ctx, state, p):
        player = state.players[p]
        done = player.federations_formed if ctx.game_params.get("growing_federation_count") == "formed" else len(player.fed_tokens)
        return base * (done + 1)
    return base


def blocked_hexes(ctx: Context, state: GameState, p: int) -> set[str]:
    """Hexes a new federation of p may not use: in or next to p's federations (unless growing)."""
    if growing(ctx, state, p):
        return set()
    out = set()
    for name in federated(state, p):
        out.add(name)
        out.update(_neighbour_names(ctx, name))
    return out


def satellite_spot(ctx: Context, state: GameState, p: int, name: str) -> bool:
    """Whether p may put a satellite on `name`: an empty space hex without a piece or own satellite."""
    h = state.board.get(name)
    if ctx.planet_at(state, name) != "empty":
        return False
    return h is None or (h.piece is None and p not in h.satellites)


def _closure(ctx: Context, state: GameState, p: int, hexes: set[str], members: set[str]) -> set[str]:
    """Add every piece of p connected to the group through adjacency."""
    group = set(hexes)
    frontier = list(group)
    while frontier:
        name = frontier.pop()
        for n in _neighbour_names(ctx, name):
            if n in members and n not in group:
                group.add(n)
                frontier.append(n)
    return group


def connected(ctx: Context, hexes: set[str]) -> bool:
    if not hexes:
        return False
    start = next(iter(hexes))
    seen = {start}
    frontier = [start]
    while frontier:
        name = frontier.pop()
        for n in _neighbour_names(ctx, name):
            if n in hexes and n not in seen:
                seen.add(n)
                frontier.append(n)
    return seen == hexes


def check_federation(ctx: Context, state: GameState, p: int, listed: list[str]) -> tuple[set[str], set[str]]:
    """Validate a federation; returns (all hexes, satellite hexes)."""
    if len(set(listed)) != len(listed):
        raise IllegalMoveError("federation", "a hex is listed twice")
    members = member_hexes(ctx, state, p)
    blocked = blocked_hexes(ctx, state, p)
    sats = set()
    for name in listed:
        if name in members:
            if name in blocked:
                raise IllegalMoveError("federation", f"{name} is already in or next to one of your federations")
            continue
        if growing(ctx, state, p) and p in state.board.get(name, _EMPTY).federations:
            continue
        if not satellite_spot(ctx, state, p, name):
            raise IllegalMoveError("federation", f"{name} can take neither your piece nor a satellite")
        if name in blocked:
            raise IllegalMoveError("federation", f"{name} is next to one of your federations")
        sats.add(name)
    group = _closure(ctx, state, p, set(listed), members - blocked)
    if growing(ctx, state, p):
        group = _closure(ctx, state, p, group, members | federated(state, p))
        if federated(state, p) and not (federated(state, p) <= group):
            raise IllegalMoveError("federation", "your new federation must extend the one you have")
    if not connected(ctx, group):
        raise IllegalMoveError("federation", "the hexes of a federation must be connected")
    value = sum(piece_value(ctx, state, p, n) for n in group if n in members)
    need = threshold(ctx, state, p)
    if value < need:
        raise IllegalMoveError("federation", f"power value {need} needed, these pieces have {value}")
    player = state.players[p]
    limit = ctx.catalogue.game.get("satellite_limit", 25)
    if player.satellites + len(sats) > limit:
        raise IllegalMoveError("federation", f"at most {limit} satellites; you have {player.satellites}")
    return group, sats


class _Empty:
    federations: list = []


_EMPTY = _Empty()


def form_federation(ctx: Context, state: GameState, move) -> None:
    p = move.player
    if len(move.args) < 2:
        raise IllegalMoveError("syntax", "federation needs its hexes and a token")
    from .actions import _hex, _queue

    listed = [_hex(ctx, x) for x in move.args[0].split(",") if x]
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
    if growing(ctx, state, p) and player.federations:
        player.federations[0] = sorted(set(player.federations[0]) | group)
    else:
        player.federations.append(sorted(group))
    player.federations_formed += 1
    state.fed_supply[token] -= 1
    follow.extend(effects.gain_fed_token(ctx, state, p, token, "federation"))
    _queue(state, follow)


def _pay_satellites(ctx: Context, state: GameState, p: int, n: int, follow: list[Pending]) -> None:
    if n == 0:
        return
    cost = ctx.param(state, p, "satellite_cost")
    count, res = cost if isinstance(cost, tuple) else (1, "t")
    player = state.players[p]
    total = count * n
    if res == "t":
        from . import choices

        choices.take_with_choice(ctx, state, p, total, "discard", follow)
        return
    effects.pay(ctx, state, p, [ast.Pay(total, res)])


def possible_federations(ctx: Context, state: GameState, p: int) -> list[str]:
    """Every federation player p could form now, as sorted comma-joined hex lists."""
    return []
