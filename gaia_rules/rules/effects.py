"""Interpreting effects on a state: gains, prices and triggers.

A gain either changes resources at once (credits, ore, VP, charges, tokens,
Gaiaformers, temporary steps and range) or asks the player for a follow-up
(a research step, a tech tile, a build, a federation token, the Lost Planet),
which becomes a `Pending` entry of the turn. Triggers (`on ...`) are found
among the statements a player holds (`Context.held`).
"""
from __future__ import annotations

from ..language import ast
from ..state import GameState, Pending
from . import power
from .context import Context
from .errors import IllegalMoveError

RESOURCE_FIELDS = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic", "vp": "vp"}


def add_vp(state: GameState, p: int, n: int, source: str) -> None:
    if n == 0:
        return
    player = state.players[p]
    player.vp += n
    key = vp_key(state, p, source)
    player.vp_sources[key] = player.vp_sources.get(key, 0) + n


def vp_key(state: GameState, p: int, source: str) -> str:
    """The score-breakdown key of a source, as the site's log names them.

    Tiles by where they were taken (`tech-<position>`, `adv-<track>`), boosters
    and board actions by id, faction abilities by the faction's id.
    """
    kind, _, rest = source.partition(":")
    player = state.players[p]
    if kind in ("tech", "adv") and rest:
        tile = rest.split("#")[0]
        pos = next((t.pos for t in player.tech if t.tile == tile), tile)
        return pos if kind == "adv" else f"tech-{pos}"
    if kind == "booster" and rest:
        return rest.split("#")[0]
    if kind in ("faction", "pi", "income") or source.startswith("structure:"):
        return player.faction or kind
    if kind == "research" and rest:
        return rest.split(":")[0]
    return source


def gain_resource(ctx: Context, state: GameState, p: int, res: str, n: int, source: str,
                  follow: list[Pending] | None = None) -> None:
    """Gain n of a plain resource, after substitutions (`replace`) and caps.

    Charges that may need a special-token choice go through `choices`.
    """
    if n <= 0 and res != "vp":
        return
    res = ctx.replacements(state, p).get(res, res) if res != "vp" else res
    player = state.players[p]
    if res == "vp":
        add_vp(state, p, n, source)
    elif res in RESOURCE_FIELDS:
        attr = RESOURCE_FIELDS[res]
        value = getattr(player, attr) + n
        cap = ctx.caps.get(res)
        setattr(player, attr, value if cap is None else min(cap, value))
    elif res == "pw":
        power.charge(player, n)
    elif res == "t":
        power.gain_tokens(player, n)
    elif res == "gf":
        player.gaiaformers += n
    elif res in ("step", "range"):
        state.temp[res] = state.temp.get(res, 0) + n
    else:  # pragma: no cover - the content checker rejects unknown resources
        raise IllegalMoveError("content", f"cannot gain '{res}'")


def apply_gains(ctx: Context, state: GameState, p: int, gains, source: str, follow: list[Pending] | None = None) -> list[Pending]:
    """Apply gains in order; follow-ups are returned (and appended to `follow`).

    Runs of plain amounts are applied as one sequence, so a special-token
    question stops the rest of the run until it is answered.
    """
    from . import choices

    follow = [] if follow is None else follow
    batch: list = []

    def flush():
        if batch:
            choices.apply_sequence(ctx, state, p, list(batch), follow)
            batch.clear()

    for g in gains:
        if isinstance(g, ast.Amount):
            n = g.count * (ctx.count_per(state, p, g.per) if g.per else 1)
            batch.append([g.resource, n, source])
            continue
        flush()
        if isinstance(g, ast.Up):
            follow.append(Pending("up", p, {"track": g.track, "source": source}))
        elif isinstance(g, ast.Tech):
            follow.append(Pending("tech", p, {"source": source}))
        elif isinstance(g, ast.Build):
            follow.append(Pending("build", p, {"pieces": list(g.pieces), "from": g.source, "source": source}))
        elif isinstance(g, ast.Swap):
            follow.append(Pending("swap", p, {"first": g.first, "second": g.second}))
        elif isinstance(g, ast.Fed):
            if g.token is None:
                follow.append(Pending("fedtile", p, {}))
            else:
                follow.extend(gain_fed_token(ctx, state, p, g.token, source))
        elif isinstance(g, ast.LostPlanet):
            follow.append(Pending("lostPlanet", p, {}))
    flush()
    return follow


def gain_fed_token(ctx: Context, state: GameState, p: int, token: str, source: str) -> list[Pending]:
    """Take a federation token (a named one, or `here`: the one on the research level) and its reward."""
    from ..state import FedTokenHeld

    if token == "here":
        token = state.terraforming_token
        if token is None:
            return []
        state.terraforming_token = None
    fed = ctx.catalogue.federation_tokens[token]
    state.players[p].fed_tokens.append(FedTokenHeld(token, fed.green))
    follow: list[Pending] = []
    for eff in fed.effects:
        for st in eff.statements:
            apply_gains(ctx, state, p, st.clause.gains, "federation", follow)
    fire(ctx, state, p, lambda ev: isinstance(ev, ast.NamedEvent) and ev.name == "federation", 1, follow)
    return follow


def fire(ctx: Context, state: GameState, p: int, matches, times: int = 1, follow: list[Pending] | None = None) -> list[Pending]:
    """Fire every `on` statement player p holds (and the round tile's) whose event matches."""
    follow = [] if follow is None else follow
    if times <= 0:
        return follow
    for h in list(ctx.held(state, p)):
        cl = h.statement.clause
        if isinstance(cl, ast.On) and matches(cl.event):
            for _ in range(times):
                apply_gains(ctx, state, p, cl.gains, h.source, follow)
    if 1 <= state.round <= len(state.setup.round_tiles):
        tile = ctx.catalogue.round_tiles[state.setup.round_tiles[state.round - 1]]
        for eff in tile.effects:
            for st in eff.statements:
                if isinstance(st.clause, ast.On) and matches(st.clause.event):
                    for _ in range(times):
                        apply_gains(ctx, state, p, st.clause.gains, f"round{state.round}", follow)
    return follow


def can_pay(ctx: Context, state: GameState, p: int, costs) -> str | None:
    """Why player p cannot pay `costs`, or None."""
    player = state.players[p]
    need: dict[str, int] = {}
    for c in costs:
        if isinstance(c, ast.Pay):
            need[c.resource] = need.get(c.resource, 0) + c.count
    for res, n in need.items():
        if res in RESOURCE_FIELDS:
            have = getattr(player, RESOURCE_FIELDS[res])
            if have < n:
                return f"{n}{res} needed, you have {have}"
        elif res == "pw":
            faction = ctx.faction(player)
            special = faction.special_token.spend_value if faction.special_token else 0
            have = power.spendable(player, ctx.param(state, p, "area3_token_value"), special)
            if have < n:
                return f"{n} power needed in area III, you have {have}"
        elif res == "t":
            have = sum(player.power[a] for a in ("area1", "area2", "area3")) + (1 if player.token in ("area1", "area2", "area3") else 0)
            if have < n:
                return f"{n} power tokens needed, you have {have}"
    return None


def pay(ctx: Context, state: GameState, p: int, costs, use_token: bool | None = None) -> None:
    problem = can_pay(ctx, state, p, costs)
    if problem:
        raise IllegalMoveError("cost", problem)
    player = state.players[p]
    for c in costs:
        if isinstance(c, ast.Pay):
            if c.resource in RESOURCE_FIELDS:
                attr = RESOURCE_FIELDS[c.resource]
                setattr(player, attr, getattr(player, attr) - c.count)
            elif c.resource == "pw":
                faction = ctx.faction(player)
                special = faction.special_token.spend_value if faction.special_token else 0
                power.spend_power(player, c.count, ctx.param(state, p, "area3_token_value"), special, use_token,
                                  to=ctx.param(state, p, "token_route", "spend"))
            elif c.resource == "t":
                power.take_tokens(player, c.count, use_token)
        else:
            move_pieces(ctx, state, p, c)


def move_pieces(ctx: Context, state: GameState, p: int, c: ast.Move) -> None:
    """`move N from>to`: tokens between areas, or Gaiaformers into the Gaia area."""
    player = state.players[p]
    if c.source == "gf":
        free = player.gaiaformers - player.gaiaformers_in_gaia - ctx.count(state, p, "gf")
        if free < c.count:
            raise IllegalMoveError("gaiaformer", f"{c.count} available Gaiaformer(s) needed, you have {free}")
        player.gaiaformers_in_gaia += c.count
        return
    if player.power.get(c.source, 0) < c.count:
        raise IllegalMoveError("tokens", f"{c.count} token(s) needed in {c.source}, you have {player.power.get(c.source, 0)}")
    player.power[c.source] -= c.count
    if c.target in player.power:
        player.power[c.target] += c.count
