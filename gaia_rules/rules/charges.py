"""Charges after a build: who may charge power, and what each offer is.

After a turn, each structure built offers a charge to every opponent with a
structure within reach, clockwise from the builder (`phases.advance` takes the
sources one at a time). The builds are offered in the reverse order of when they
*finished*: a build finishes once every follow-up it brought is done (a research
lab's tech tile, that tile's research step, the Lost Planet that step placed), so
the build that finished last is offered first. This is the reference engine's
order (boardgamers, 4.9.0: one list of charge sources, each build's put in front
when it is done, offered from the front); the printed rules only say that every
build offers charges. An offer may come with the power-cycle gains of the
player's `on charge` statements, taken before or after the charge; the player
accepts or declines it with a move (`actions`).
"""
from __future__ import annotations

from ..language import ast
from ..state import GameState, Pending
from . import effects, power, sharing, special_token
from .bound import Bound, bind
from .context import Context


def record_build(state: GameState, name: str, in_follow_up: bool) -> None:
    """A build that will offer charges: put it after the builds still open (its follow-ups belong to them)
    and in front of those already finished.

    `state.turn_builds` is kept in charge order; its first len(state.open_builds) hexes are the open
    builds, outermost first, each with the length of `state.pending` behind it when it was built.
    `in_follow_up`: built by a follow-up taken off `state.pending` (still unfinished business of the
    builds open before it)."""
    close_builds(state, len(state.pending) + (1 if in_follow_up else 0))
    state.turn_builds.insert(len(state.open_builds), name)
    state.open_builds.append(len(state.pending))


def close_builds(state: GameState, outstanding: int | None = None) -> None:
    """Finish the open builds whose follow-ups are all done (no more than their own depth is outstanding)."""
    left = len(state.pending) if outstanding is None else outstanding
    while state.open_builds and left <= state.open_builds[-1]:
        state.open_builds.pop()


def offer_charges(ctx: Context, state: GameState, builder: int, name: str) -> None:
    """Each opponent with a structure within reach may charge power, clockwise from the builder.

    Takes `ctx`, not a bound view: it acts for every opponent in turn (each is bound once as it is reached)."""
    seats = state.seats
    i = seats.index(builder)
    near = [(other, h) for other in ctx.map.within(name, ctx.map.charge_distance)
            if (h := state.board.get(other)) is not None]
    piece = state.board[name].piece
    for p in seats[i + 1:] + seats[:i]:
        if not ctx.seat(state, p).charges:
            continue  # a seat that never charges power (the Automa)
        best = 0
        for other, h in near:  # p's pieces that take charges (not Gaiaformers or stations) and guest mines in reach
            if sharing.has_structure(ctx.content, state, h, p, "charge"):
                best = max(best, ctx.holdings.power_value(state, p, other, "charge"))
        if best == 0:
            continue
        b = bind(ctx, state, p)
        player = b.player
        reached = effects.Event("opponent-build", frozenset((piece, state.players[builder].faction)), {"pw": best},
                                (name,), piece, owner=builder)
        state.decisions.extend(effects.fire(b, reached))
        extra = _charge_extras(b)
        amount = min(best, power.charge_capacity(player), player.vp + b.holdings.param(state, p, "charge_free_power"))
        if amount <= 0 and not extra:
            continue  # nothing to charge: the `charge` event cannot happen
        state.decisions.append(Pending("charge", p, {"amount": amount, "max": best, "extra": bool(extra),
                                                      "piece": piece, "builder": builder}))


def charge_offers(b: Bound, decision: Pending) -> list[str]:
    """The texts of the charges a decision offers (`2pw`, or `3pw,1t` / `1t,2pw` with a power-cycle gain);
    `b` is bound to the seat the decision asks."""
    state, p, player = b.state, b.p, b.player
    amount = decision.data["amount"]
    if not decision.data.get("extra"):
        return [f"{amount}pw"]
    gains = _charge_extras(b)
    text = ",".join(f"{g.count}{g.resource}" for g in gains)
    trial = special_token.trial(player)
    for g in gains:
        if g.resource == "t":
            power.gain_tokens(trial, g.count)
    after = min(decision.data["max"], power.charge_capacity(trial), player.vp + b.holdings.param(state, p, "charge_free_power"))
    return [f"{amount}pw,{text}", f"{text},{after}pw"]


# Gains of `on charge` statements that change the power cycle: the player takes them before or after the charge.
POWER_CYCLE = frozenset({"t", "pw"})


def _charge_extras(b: Bound) -> list[ast.Amount]:
    """Power-cycle gains of the `on charge` statements the bound seat holds (given as part of the charge)."""
    state, p, holdings = b.state, b.p, b.holdings
    out = []
    for h in holdings.listeners(state, p, "charge"):
        cond = h.statement.condition
        if cond is None or cond.holds(holdings.count_per(state, p, cond.counters, cond.each, cond.within, None, cond.near)):
            out.extend(g for g in h.statement.clause.gains
                       if isinstance(g, ast.Amount) and g.resource in POWER_CYCLE and not g.per)
    return out
