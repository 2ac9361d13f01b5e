"""Free actions: conversions (`spend COST for GAIN`, any sum of open conversions) and burning power.

The conversions open to a player are the game's free actions plus the ones
they hold (`free:` statements; `gaia-phase:` ones in the Gaia phase). A spend
is matched against them as k times one conversion or, failing that, the
fewest conversions that add up exactly (chains through other resources
included); the plan is cached per conversion table.
"""
from __future__ import annotations

from ..language import ast, parse_effect, parse_price
from ..language.parser import EffectSyntaxError
from ..state import GameState, Pending
from . import choices, effects, power
from .common import arg, queue
from .context import Context
from .errors import IllegalMoveError
from .moves import Move


def spend(ctx: Context, state: GameState, move: Move) -> None:
    follow = free_conversion(ctx, state, move, gaia_phase=False)
    queue(state, follow)


def conversions(ctx: Context, state: GameState, p: int, gaia_phase: bool) -> list[tuple]:
    """(costs, gains) of every conversion open to player p now."""
    out = []
    if gaia_phase:
        for h in ctx.held(state, p):
            if isinstance(h.statement.clause, ast.GaiaPhase):
                out.append((h.statement.clause.costs, h.statement.clause.gains))
        return out
    for eff in ctx.catalogue.free_actions:
        for st in eff.statements:
            out.append((st.clause.costs, st.clause.gains))
    for h in ctx.held(state, p):
        if isinstance(h.statement.clause, ast.Free):
            out.append((h.statement.clause.costs, h.statement.clause.gains))
    return out


def vector(items) -> dict[str, int]:
    v: dict[str, int] = {}
    for it in items:
        if isinstance(it, ast.Pay):
            key, n = it.resource, it.count
        elif isinstance(it, ast.Move):
            key, n = f"move:{it.source}", it.count
        elif isinstance(it, ast.Amount) and not it.per:
            key, n = it.resource, it.count
        elif isinstance(it, ast.Tech):
            key, n = "tech", 1
        else:
            return {}
        v[key] = v.get(key, 0) + n
    return v


def direct(target_cost: dict, target_gain: dict, convs: list[tuple[dict, dict]]) -> list[int] | None:
    """The common case: the spend is k times one conversion."""
    for i, (c, g) in enumerate(convs):
        r = next(iter(c))
        if c[r] == 0 or not target_cost.get(r) or target_cost[r] % c[r]:
            continue
        k = target_cost[r] // c[r]
        if k and {x: n * k for x, n in c.items()} == target_cost and {x: n * k for x, n in g.items()} == target_gain:
            return [k if j == i else 0 for j in range(len(convs))]
    return None


def _decompose(target_cost: dict, target_gain: dict, convs: list[tuple[dict, dict]]) -> list[int] | None:
    """Counts of conversions whose net effect is exactly `target_gain - target_cost`.

    Conversions may chain (1q -> 1o -> 1c): resources in neither target must net to
    zero. A breadth-first search over net vectors finds the fewest conversions.
    """
    goal: dict[str, int] = {}
    for r, n in target_gain.items():
        goal[r] = goal.get(r, 0) + n
    for r, n in target_cost.items():
        goal[r] = goal.get(r, 0) - n
    goal_key = tuple(sorted((r, n) for r, n in goal.items() if n))
    nets = []
    for c, g in convs:
        net: dict[str, int] = {}
        for r, n in g.items():
            net[r] = net.get(r, 0) + n
        for r, n in c.items():
            net[r] = net.get(r, 0) - n
        nets.append(net)
    depth_limit = sum(abs(n) for n in goal.values()) + 2
    start: tuple = ()
    frontier = [(start, (0,) * len(nets))]
    seen = {start}
    for _ in range(depth_limit):
        nxt = []
        for key, counts in frontier:
            current = dict(key)
            for i, net in enumerate(nets):
                new = dict(current)
                for r, n in net.items():
                    new[r] = new.get(r, 0) + n
                nk = tuple(sorted((r, n) for r, n in new.items() if n))
                if nk in seen:
                    continue
                if any(abs(n) > depth_limit * 2 for _, n in nk):
                    continue
                seen.add(nk)
                nc = counts[:i] + (counts[i] + 1,) + counts[i + 1:]
                if nk == goal_key:
                    return list(nc)
                nxt.append((nk, nc))
        frontier = nxt
        if not frontier:
            break
    return None


def conversion_table(ctx: Context, state: GameState, p: int, gaia_phase: bool) -> tuple[list, list]:
    """The open conversions that cost something, and their (cost, gain) vectors; cached by what they depend on."""
    held = ctx.held(state, p)
    cache = ctx.table("conversion tables")
    key = (id(held), gaia_phase)
    hit = cache.get(key)
    if hit is not None and hit[0] is held:
        return hit[1], hit[2]
    real = [cg for cg in conversions(ctx, state, p, gaia_phase) if vector(cg[0])]
    vectors = [(vector(c), vector(g)) for c, g in real]
    cache[key] = (held, real, vectors)
    return real, vectors


def free_conversion(ctx: Context, state: GameState, move: Move, gaia_phase: bool) -> list[Pending]:
    """`spend COST for GAIN`: any sum of open conversions that adds up exactly."""
    p = move.player
    pay_list, power, then = _spend_plan(ctx, state, p, arg(move, 0), arg(move, 1), gaia_phase)
    problem = effects.can_pay(ctx, state, p, pay_list + [ast.Pay(power, "pw")] if power else pay_list)
    if problem:
        raise IllegalMoveError("cost", problem)
    effects.pay(ctx, state, p, pay_list)
    follow: list[Pending] = []
    then = [list(x) for x in then]
    if power:
        choices.spend_with_choice(ctx, state, p, power, then, follow)
    else:
        choices.apply_sequence(ctx, state, p, then, follow)
    return follow


def _spend_plan(ctx: Context, state: GameState, p: int, cost_text: str, gain_text: str,
                gaia_phase: bool) -> tuple[list, int, list]:
    """How a spend is paid: (what to pay but power, power to spend, gains in order); cached per conversion table."""
    held = ctx.held(state, p)
    cache = ctx.table("spend plans")
    key = (id(held), gaia_phase, cost_text, gain_text)
    hit = cache.get(key)
    if hit is not None and hit[0] is held:
        return hit[1]
    try:
        costs, gains = _read_spend(cost_text, gain_text)
    except EffectSyntaxError as err:
        raise IllegalMoveError("syntax", f"cannot read 'spend {cost_text} for {gain_text}': {err.message}") from None
    want_cost, want_gain = vector(costs), vector(gains)
    real, convs = conversion_table(ctx, state, p, gaia_phase)
    counts = direct(want_cost, want_gain, convs)
    if counts is None:
        counts = _decompose(want_cost, want_gain, convs)
    if counts is None:
        raise IllegalMoveError("free-action", f"no conversion turns {cost_text} into {gain_text}")
    net: dict[str, int] = {}
    moves: list[ast.Move] = []
    for (c, g), k in zip(real, counts):
        for item in c:
            if isinstance(item, ast.Move):
                moves.extend([item] * k)
            else:
                net[item.resource] = net.get(item.resource, 0) - item.count * k
        for item in g:
            key_ = "tech" if isinstance(item, ast.Tech) else item.resource
            net[key_] = net.get(key_, 0) + (1 if isinstance(item, ast.Tech) else item.count) * k
    pay_list = moves + [ast.Pay(-n, r) for r, n in net.items() if n < 0 and r != "pw"]
    then = [["tech", n, "spend"] if r == "tech" else [r, n, "spend"] for r, n in net.items() if n > 0]
    plan = (pay_list, max(0, -net.get("pw", 0)), then)
    cache[key] = (held, plan)
    return plan


def _read_spend(cost_text: str, gain_text: str) -> tuple:
    """The price and the gains a spend names (raises `EffectSyntaxError`)."""
    return parse_price(cost_text), parse_effect(f"now: {gain_text}").statements[0].clause.gains


def price_text(costs) -> str:
    """A price in the effect language (`3pw, move 2 gaia>area2`), as spends are written."""
    parts = []
    for c in costs:
        if isinstance(c, ast.Pay):
            parts.append(f"{c.count}{c.resource}")
        else:
            parts.append(f"move {c.count} {c.source}>{c.target}")
    return ", ".join(parts)


def gain_text(gains) -> str:
    """Gains as spends write them (`1q, tech`)."""
    parts = []
    for g in gains:
        if isinstance(g, ast.Amount):
            parts.append(f"{g.count}{g.resource}")
        elif isinstance(g, ast.Tech):
            parts.append("tech")
    return ", ".join(parts)


def spend_spelling(ctx: Context, state: GameState, move: Move) -> Move:
    """A spend that is one conversion k times over, spelt as the listing spells it; other moves as they are.

    The site writes where tokens come from, not where they go (`4tg`: four tokens of the Gaia
    area); the conversion says where they go, so `move 4 gaia>supply` and `move 4 gaia>area2`
    are the same spend for a faction whose conversion sends them to area II.
    """
    if move.command != "spend" or len(move.args) < 2 or ">" not in move.args[0]:
        return move  # only token moves can be spelt two ways
    gaia_phase = bool(state.decisions) and state.decisions[0].kind == "gaia-phase"
    try:
        costs, gains = _read_spend(move.args[0], move.args[1])
    except EffectSyntaxError:
        return move
    real, convs = conversion_table(ctx, state, move.player, gaia_phase)
    counts = direct(vector(costs), vector(gains), convs)
    if counts is None:
        return move
    i = next(j for j, k in enumerate(counts) if k)
    many = times_over(*real[i], counts[i])
    if many is None:
        return move
    return Move(move.player, "spend", (price_text(many[0]), gain_text(many[1])))


def times_over(costs, gains, k: int) -> tuple[tuple, tuple] | None:
    """A conversion k times over (None if its gains cannot be multiplied, e.g. a tech tile)."""
    if k == 1:
        return tuple(costs), tuple(gains)
    if not all(isinstance(g, ast.Amount) and not g.per for g in gains):
        return None
    return tuple(_times(c, k) for c in costs), tuple(_times(g, k) for g in gains)


def _times(item, k: int):
    if isinstance(item, ast.Pay):
        return ast.Pay(item.count * k, item.resource)
    if isinstance(item, ast.Move):
        return ast.Move(item.count * k, item.source, item.target)
    return ast.Amount(item.count * k, item.resource)


def burn(ctx: Context, state: GameState, move: Move) -> None:
    try:
        times = int(arg(move, 0))
    except ValueError:
        raise IllegalMoveError("syntax", f"burn takes a number, not '{move.args[0]}'") from None
    power.burn(state.players[move.player], times, ctx.param(state, move.player, "burn_discard_to"))
    queue(state, effects.fire(ctx, state, move.player, effects.Event("burn", data={"pw": times})))


FREE = {"spend": spend, "burn": burn}
