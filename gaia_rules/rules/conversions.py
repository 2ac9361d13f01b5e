"""Free actions: conversions (`spend COST for GAIN`, any sum of open conversions) and burning power.

The conversions open to a player are the game's free actions plus the ones
they hold (`free:` statements; `gaia-phase:` ones in the Gaia phase). A spend
is matched against them as k times one conversion or, failing that, a sum of
conversions that adds up exactly (chains through other resources included),
found by a search bounded by construction (`decompose`) after checking that the
player holds the price; the plan is cached per conversion table.
"""
from __future__ import annotations

from fractions import Fraction

from ..language import ast
from ..language.errors import EffectSyntaxError
from ..state import Pending
from . import choices, effects, power
from .resources import FREE_ACTION
from .cache import Cache
from .common import arg, queue, quoted
from .bound import Bound
from .errors import IllegalMoveError, MoveSyntaxError
from .moves import Move


def spend(b: Bound, move: Move) -> None:
    follow = free_conversion(b, move, gaia_phase=False)
    queue(b.state, follow)


def conversions(b: Bound, gaia_phase: bool) -> list[tuple]:
    """(costs, gains) of every conversion open to the bound seat now."""
    return b.holdings.derived(b.state, b.p, open_conversions, gaia_phase, closed(b, gaia_phase))


def open_conversions(content, held, gaia_phase: bool, shut: frozenset = frozenset()) -> list[tuple]:
    """(costs, gains) of every conversion open to a holder of the statements `held` (but the limited
    ones `shut`: `closed`)."""
    return [(costs, gains) for costs, gains, _key, _once in keyed_conversions(content, held, gaia_phase, shut)]


def keyed_conversions(content, held, gaia_phase: bool, shut: frozenset = frozenset()) -> list[tuple]:
    """(costs, gains, key, once) of each open conversion: `key` names a limited one (`once per`, `if`:
    None for the others), `once` says it may be taken once in one spend."""
    out = []
    clause = ast.GaiaPhase if gaia_phase else ast.Free
    if not gaia_phase:
        for eff in content.catalogue.free_actions:
            for st in eff.statements:
                out.append((st.clause.costs, st.clause.gains, None, False))
    for h in held:
        st = h.statement
        if isinstance(st.clause, clause):
            key = limit_key(h) if st.once is not None or st.condition is not None else None
            if key not in shut:
                out.append((st.clause.costs, st.clause.gains, key, st.once is not None))
    return out


def limit_key(h) -> str:
    """The key a limited conversion's once-per mark is kept under (as `effects.may_fire` keeps it)."""
    return f"{h.source}#{h.index}"


def closed(b: Bound, gaia_phase: bool) -> frozenset:
    """The limited conversions the bound seat holds that are shut now: their condition does not hold, or
    their once-per limit is used up."""
    state, p = b.state, b.p
    limited = b.holdings.derived(state, p, _limited, gaia_phase)
    if not limited:
        return frozenset()
    marks = b.player.marks
    count = b.holdings.count_per
    return frozenset(key for key, st in limited
                     if (st.once is not None and f"{st.once}:{key}" in marks)
                     or (st.condition is not None
                         and not st.condition.holds(count(state, p, st.condition.counters, st.condition.each))))


def _limited(content, held, gaia_phase: bool) -> tuple:
    clause = ast.GaiaPhase if gaia_phase else ast.Free
    return tuple((limit_key(h), h.statement) for h in held if isinstance(h.statement.clause, clause)
                 and (h.statement.once is not None or h.statement.condition is not None))


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


SEARCH_LIMIT = 2_000
"""Positions a spend's plan search may visit; a spend needing more is refused (spend in smaller steps)."""


def _net(cost: dict, gain: dict) -> dict[str, int]:
    net: dict[str, int] = {}
    for r, n in gain.items():
        net[r] = net.get(r, 0) + n
    for r, n in cost.items():
        net[r] = net.get(r, 0) - n
    return {r: n for r, n in net.items() if n}


def decompose(target_cost: dict, target_gain: dict, convs: list[tuple[dict, dict]],
              limit: int = SEARCH_LIMIT) -> tuple[list[int] | None, int]:
    """Counts of conversions whose net effect is exactly `target_gain - target_cost`, and positions tried.

    Conversions may chain (1q -> 1o -> 1c): resources in neither target must net to
    zero. A depth-first search over what is still to gain (positive) or to use up
    (negative): each step takes a conversion that gains the first resource still
    wanted, or else uses up the first one left over - any plan has one, so no plan
    is missed. When no conversion gains more units than it costs (the usual
    content), units never grow: what is still wanted, priced in units, must fit in
    what is left to use up (`_prices`), and a plan has at most (units paid) x
    (resources + conversions) steps. Without loops, what is left to use up must fit
    in what is wanted (`_absorption`). A spend that could not add up even with
    split conversions is refused before searching. Work is bounded by `limit`
    positions whatever the numbers.
    """
    goal = _net(target_cost, target_gain)
    nets = [_net(c, g) for c, g in convs]
    kinds = sorted({r for net in nets for r in net} | set(goal))
    vecs = [tuple(net.get(r, 0) for r in kinds) for net in nets]
    makers = [[i for i, v in enumerate(vecs) if v[j] > 0] for j in range(len(kinds))]
    users = [[i for i, v in enumerate(vecs) if v[j] < 0] for j in range(len(kinds))]
    shrinking = all(sum(g.values()) <= sum(c.values()) for c, g in convs)
    prices: dict[tuple, list[float]] = {}
    absorb = _absorption(kinds, convs)
    if shrinking:
        depth = sum(target_cost.values()) * (len(kinds) + len(nets)) + 2
    else:
        depth = sum(abs(n) for n in goal.values()) + 2

    def hopeless(need: tuple) -> bool:
        if any((n > 0 and not makers[k]) or (n < 0 and not users[k]) for k, n in enumerate(need)):
            return True  # something no conversion gains, or one left over that none uses
        if shrinking:
            left_over = tuple(n < 0 for n in need)
            price = prices.get(left_over)
            if price is None:
                price = prices[left_over] = _prices(kinds, convs, left_over)
            if sum(a * n for a, n in zip(price, need) if n > 0) > -sum(n for n in need if n < 0):
                return True  # what is still wanted costs more units than are left to turn into it
        return absorb is not None and -sum(n for n in need if n < 0) > sum(a * n for a, n in zip(absorb, need) if n > 0)

    start = tuple(goal.get(r, 0) for r in kinds)
    if hopeless(start) or not _fractionally_possible(start, vecs):
        return None, 0
    stack = [(start, (0,) * len(nets), depth)]
    explored: dict[tuple, int] = {}
    tried = 0
    while stack:
        need, counts, left = stack.pop()
        if not any(need):
            return list(counts), tried
        if left == 0 or explored.get(need, -1) >= left:
            continue
        tried += 1
        if tried > limit:
            return None, tried
        explored[need] = left
        j = next((j for j, n in enumerate(need) if n > 0), None)
        options = makers[j] if j is not None else users[next(j for j, n in enumerate(need) if n)]
        children = []
        for i in options:
            nxt = tuple(a - b for a, b in zip(need, vecs[i]))
            if not hopeless(nxt):
                children.append((sum(n for n in nxt if n > 0), i, nxt))
        for _, i, nxt in sorted(children, reverse=True):  # the one leaving least to gain is tried first
            stack.append((nxt, counts[:i] + (counts[i] + 1,) + counts[i + 1:], left - 1))
    return None, tried


def _fractionally_possible(goal: tuple[int, ...], vecs: list[tuple[int, ...]]) -> bool:
    """Whether some counts >= 0, fractions allowed, give `goal` (phase one of the simplex, Bland's rule).

    Exact (fractions); a few resources and conversions, so a handful of pivots: it refuses at
    once a spend whose resources could not add up even if conversions could be split.
    """
    rows, cols = len(goal), len(vecs)
    table = []
    for j in range(rows):
        sign = -1 if goal[j] < 0 else 1
        table.append([Fraction(sign * v[j]) for v in vecs] + [Fraction(int(k == j)) for k in range(rows)]
                     + [Fraction(sign * goal[j])])
    # reduced costs of minimising the sum of the artificial variables (last: minus the sum)
    cost = [-sum(row[c] for row in table) for c in range(cols)] + [Fraction(0)] * rows
    cost.append(-sum(row[-1] for row in table))
    basis = [cols + j for j in range(rows)]
    for _ in range(16 * (cols + rows)):
        enter = next((c for c in range(cols + rows) if cost[c] < 0), None)
        if enter is None:
            return cost[-1] == 0
        ratios = [(table[j][-1] / table[j][enter], basis[j], j) for j in range(rows) if table[j][enter] > 0]
        out = min(ratios)[2]
        pivot = table[out][enter]
        table[out] = [x / pivot for x in table[out]]
        for row in [table[j] for j in range(rows) if j != out] + [cost]:
            f = row[enter]
            if f:
                row[:] = [a - f * b for a, b in zip(row, table[out])]
        basis[out] = enter
    return True  # undecided after this many pivots: let the search tell


def _prices(kinds: list[str], convs: list[tuple[dict, dict]], left_over: tuple[bool, ...]) -> list[float]:
    """Per resource, the fewest units it takes to make one, when those left over count 1 each.

    With conversions that never gain more units than they cost, these prices never rise
    through a conversion, so what a spend still wants, at these prices, cannot exceed
    what it has left to use up (4pw -> 1q: a Q.I.C. not at hand costs 4 units).
    """
    inf = float("inf")
    index = {r: j for j, r in enumerate(kinds)}
    price = [1.0 if spare else inf for spare in left_over]
    for _ in range(len(kinds)):
        changed = False
        for c, g in convs:
            if not g:
                continue
            unit = sum(n * price[index[s]] for s, n in c.items()) / sum(g.values())
            for r in g:
                j = index[r]
                if unit < price[j]:
                    price[j], changed = unit, True
        if not changed:
            break
    return [p * (1 - 1e-9) for p in price]


def _absorption(kinds: list[str], convs: list[tuple[dict, dict]]) -> list[float] | None:
    """Per resource, the most units paid that one unit of it can stand for (None if conversions loop).

    1pw -> 1c and 4pw -> 1q -> 1o -> 1c: a credit stands for at most 4 power. Without
    loops, what a spend leaves to use up must fit in what it still wants, so
    `spend 1000pw for 1c` is refused at once.
    """
    done: dict[str, int] = {}  # 1 while being visited, 2 when its value is known
    value: dict[str, float] = {}

    def visit(r: str) -> bool:
        if done.get(r) == 1:
            return False
        if done.get(r) == 2:
            return True
        done[r] = 1
        best = 0.0
        for c, g in convs:
            if g.get(r, 0) > 0:
                if not all(visit(s) for s in c):
                    return False
                best = max(best, sum(n * max(1.0, value[s]) for s, n in c.items()) / g[r])
        done[r], value[r] = 2, best
        return True

    if not all(visit(r) for r in kinds):
        return None
    return [value[r] * (1 + 1e-9) for r in kinds]


def conversion_table(b: Bound, gaia_phase: bool) -> tuple[list, list]:
    """The open conversions that cost something, and their (cost, gain) vectors; worked out once per holding."""
    return b.holdings.derived(b.state, b.p, _conversion_table, gaia_phase, closed(b, gaia_phase))


def _conversion_table(content, held, gaia_phase: bool, shut: frozenset = frozenset()) -> tuple[list, list]:
    keyed = [k for k in keyed_conversions(content, held, gaia_phase, shut) if vector(k[0])]
    real = [(c, g) for c, g, _key, _once in keyed]
    return real, [(vector(c), vector(g)) for c, g in real]


def _limits(content, held, gaia_phase: bool, shut: frozenset) -> list[tuple]:
    """(key, once) of each conversion of `_conversion_table`, in its order."""
    return [(key, once) for c, _g, key, once in keyed_conversions(content, held, gaia_phase, shut) if vector(c)]


def free_conversion(b: Bound, move: Move, gaia_phase: bool) -> list[Pending]:
    """`spend COST for GAIN`: any sum of open conversions that adds up exactly (`b` is bound to the mover)."""
    pay_list, power, then, used = _spend_plan(b, arg(move, 0), arg(move, 1), gaia_phase)
    problem = effects.can_pay(b, pay_list + [ast.Pay(power, "pw")] if power else pay_list, "conversion")
    if problem:
        raise IllegalMoveError("cost", problem)
    effects.pay(b, pay_list, FREE_ACTION)
    for key, once in used:   # a once-per conversion taken: used up for its round or game
        b.player.marks = b.player.marks + [f"{once}:{key}"]
    follow: list[Pending] = []
    then = [list(x) for x in then]
    if power:
        effects.fire(b, effects.Event("spend", data={"pw": power}), 1, follow)
    with effects.hearing_refusals(b, follow):
        if power:
            choices.spend_with_choice(b, power, then, follow, "conversion")
        else:
            choices.apply_sequence(b, then, follow)
    return follow


def _spend_plan(b: Bound, cost_text: str, gain_text: str, gaia_phase: bool) -> tuple[list, int, list, tuple]:
    """How a spend is paid: (what to pay but power, power to spend, gains in order, the once-per
    conversions it uses as (key, period)); worked out once per holding and set of shut conversions."""
    try:
        costs, gains = _read_spend(b.ctx.cache, cost_text, gain_text)
    except EffectSyntaxError as err:
        written = f"spend {cost_text} for {gain_text}"  # the gain is read as `now: <gain>`
        at = 6 + err.column if err.text == cost_text else len(written) - len(err.text) + err.column
        raise MoveSyntaxError(written, at, f"cannot read the {'price' if err.text == cost_text else 'gain'}: "
                                           f"{err.message}") from None
    idle = b.ctx.cache.get(("idle spend", cost_text, gain_text), lambda: _idle_spend(costs, gains))  # texts alone say
    if idle:
        raise IllegalMoveError("empty-spend", f"'spend {cost_text} for {gain_text}' {idle}")
    problem = _holding_problem(b, costs)
    if problem:  # checked before any search: what the player holds bounds what a plan may use
        raise IllegalMoveError("cost", problem)
    return b.holdings.derived(b.state, b.p, _plan, gaia_phase, cost_text, gain_text, closed(b, gaia_phase))


def _plan(content, held, gaia_phase: bool, cost_text: str, gain_text: str,
          shut: frozenset = frozenset()) -> tuple[list, int, list, tuple]:
    real, convs = _conversion_table(content, held, gaia_phase, shut)
    costs, gains = _read_spend(content.cache, cost_text, gain_text)
    want_cost, want_gain = vector(costs), vector(gains)
    counts = direct(want_cost, want_gain, convs)
    if counts is None:
        counts, tried = decompose(want_cost, want_gain, convs)
        if tried > SEARCH_LIMIT:
            raise IllegalMoveError("free-action", f"'spend {cost_text} for {gain_text}' mixes too many "
                                                  f"conversions to work out; spend in smaller steps")
    if counts is None:
        raise IllegalMoveError("free-action", f"no conversion turns {cost_text} into {gain_text}")
    limits = _limits(content, held, gaia_phase, shut)
    used = []
    for (key, once), k, (c, g) in zip(limits, counts, real):
        if once and k > 1:
            raise IllegalMoveError("once-per", f"'spend {cost_text} for {gain_text}' takes a conversion {k} times "
                                           f"that may be taken once per {_period(held, key)}")
        if once and k:
            used.append((key, _period(held, key)))
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
    then = [["tech" if r == "tech" else r, n, FREE_ACTION] for r, n in net.items() if n > 0]
    return pay_list, max(0, -net.get("pw", 0)), then, tuple(used)


def _period(held, key: str) -> str:
    return next(h.statement.once for h in held if limit_key(h) == key)


def _idle_spend(costs, gains) -> str | None:
    """Why a spend changes nothing (nothing for nothing, or its price given back), or None."""
    if not all(isinstance(g, ast.Tech) or (isinstance(g, ast.Amount) and not g.per) for g in gains):
        return None  # a gain counted on the board: not comparable to a price
    cost, gain = vector(costs), vector(gains)
    if _net(cost, gain):
        return None
    if not any(cost.values()) and not any(gain.values()):
        return "exchanges nothing"
    return "gives back what it takes"


def _holding_problem(b: Bound, costs) -> str | None:
    """Why the bound seat does not hold what a spend names as its price (resources, tokens to move), or None."""
    problem = effects.can_pay(b, costs, "conversion")
    if problem:
        return problem
    player = b.player
    wanted: dict[str, int] = {}
    for c in costs:
        if isinstance(c, ast.Move):
            wanted[c.source] = wanted.get(c.source, 0) + c.count
    for source, n in wanted.items():
        if source == "gf":
            have = b.holdings.free_gaiaformers(b.state, b.p)
        else:
            have = player.power.get(source, 0)
        if have < n:
            return f"{n} to move from {source} needed, you have {have}"
    return None


def _read_spend(cache: Cache, cost_text: str, gain_text: str) -> tuple:
    """The price and the gains a spend names (raises `EffectSyntaxError`); each text is read once (kept in
    the engine's cache)."""
    return cache.get(("spend", cost_text, gain_text), lambda: _parse_spend(cost_text, gain_text))


def _parse_spend(cost_text: str, gain_text: str) -> tuple:
    from ..language.parser import parse_effect, parse_price  # lark: only when a spend is read
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


def spend_spelling(b: Bound, move: Move) -> Move:
    """A spend that is one conversion k times over, spelt as the listing spells it; other moves as they are.

    The site writes where tokens come from, not where they go (`4tg`: four tokens of the Gaia
    area); the conversion says where they go, so `move 4 gaia>supply` and `move 4 gaia>area2`
    are the same spend for a faction whose conversion sends them to area II.
    """
    if move.command != "spend" or len(move.args) < 2 or ">" not in move.args[0]:
        return move  # only token moves can be spelt two ways
    state = b.state
    gaia_phase = bool(state.decisions) and state.decisions[0].kind == "gaia-phase"
    try:
        costs, gains = _read_spend(b.ctx.cache, move.args[0], move.args[1])
    except EffectSyntaxError:
        return move
    real, convs = conversion_table(b, gaia_phase)
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


def burn(b: Bound, move: Move) -> None:
    try:
        times = int(arg(move, 0))
    except ValueError:
        raise MoveSyntaxError.of_move(move, f"burn takes a number, not {quoted(move.args[0])}", 0) from None
    power.burn(b.player, times, b.holdings.param(b.state, b.p, "token_route", "burn"), b.content.catalogue.burn)
    queue(b.state, effects.fire(b, effects.Event("burn", data={"pw": times})))


FREE = {"spend": spend, "burn": burn}
