"""Every command a player can give, each in its own small function.

`dispatch` decides which commands are open now (a pending decision, a
follow-up of the turn, a main action, free actions, the end of the turn) and
calls the handler. Handlers check the rule first and raise `IllegalMoveError`
naming it; they mutate the state (a clone made by the engine).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..language import ast, parse_effect, parse_price
from ..language.parser import EffectSyntaxError
from ..board import distance
from ..state import GameState, Pending
from . import choices, effects, power, research
from .context import Context
from .errors import IllegalMoveError
from .moves import Move

FREE_COMMANDS = ("spend", "burn")


# ------------------------------------------------------------------ dispatch

def dispatch(ctx: Context, state: GameState, move: Move) -> None:
    if state.decisions:
        return _decision(ctx, state, move, state.decisions[0])
    phase = state.phase
    if phase == "factions":
        _expect(move, "faction")
        if state.setup.auction:
            return reserve_faction(ctx, state, move.player, _arg(move, 0))
        return choose_faction(ctx, state, move.player, _arg(move, 0))
    if phase == "bids":
        _expect(move, "bid")
        return bid(ctx, state, move)
    if phase == "setup":
        _expect(move, "build")
        return setup_placement(ctx, state, move)
    if phase == "boosters":
        _expect(move, "booster")
        return take_starting_booster(ctx, state, move)
    if phase == "actions":
        return _turn(ctx, state, move)
    raise IllegalMoveError("phase", f"no move is expected in the {phase} phase")


def _expect(move: Move, *commands: str) -> None:
    if move.command not in commands:
        raise IllegalMoveError("sequence", f"expected {' or '.join(repr(c) for c in commands)}, got '{move.command}'")


def _arg(move: Move, i: int) -> str:
    if len(move.args) <= i:
        raise IllegalMoveError("syntax", f"'{move.command}' needs more arguments")
    return move.args[i]


def _turn(ctx: Context, state: GameState, move: Move) -> None:
    if move.command in FREE_COMMANDS:
        if state.pending:
            raise IllegalMoveError("sequence", f"first answer the '{state.pending[0].kind}' your action needs")
        return FREE[move.command](ctx, state, move)
    if state.pending:
        follow = state.pending[0]
        handler = FOLLOW_UPS.get(follow.kind)
        if move.command == "decline" and follow.kind == "up":
            state.pending.pop(0)
            return
        _expect(move, *FOLLOW_UP_COMMANDS[follow.kind])
        state.pending.pop(0)
        return handler(ctx, state, move, follow)
    if move.command == "endturn":
        if not state.main_done:
            raise IllegalMoveError("main-action", "take a main action before ending your turn")
        state.turn_done = True
        return
    if state.main_done:
        raise IllegalMoveError("one-main-action", "you have taken your main action; only free actions and 'endturn' remain")
    handler = MAIN.get(move.command)
    if handler is None:
        raise IllegalMoveError("sequence", f"'{move.command}' is not an action")
    handler(ctx, state, move)  # its follow-ups are queued in state.pending
    state.main_done = True


def _queue(state: GameState, follow: list[Pending]) -> None:
    """Follow-ups of the current action: power choices first, then the rest in order."""
    first = [f for f in follow if f.kind in (choices.KIND, choices.AREAS_KIND)]
    rest = [f for f in follow if f.kind not in (choices.KIND, choices.AREAS_KIND)]
    state.pending[:0] = first + rest


# ------------------------------------------------------------------ set-up

def choose_faction(ctx: Context, state: GameState, p: int, fid: str) -> None:
    cat = ctx.catalogue
    if fid not in cat.factions:
        from ..content.loader import did_you_mean

        raise IllegalMoveError("faction", f"unknown faction '{fid}'{did_you_mean(fid, cat.factions)}")
    faction = cat.factions[fid]
    for other in state.players:
        if other.faction == fid:
            raise IllegalMoveError("faction", f"{faction.name} is already taken")
        if other.faction is not None and cat.factions[other.faction].home == faction.home:
            raise IllegalMoveError("faction", f"{cat.factions[other.faction].name} already plays {faction.home}")
    state.players[p].faction = fid
    ctx.holdings_changed(state, p)


def reserve_faction(ctx: Context, state: GameState, p: int, fid: str) -> None:
    """Auction set-up: factions are first picked for the table, then bid for."""
    picked = [f for f, in state.setup_queue]
    trial_taken = [ctx.catalogue.factions[f] for f in picked]
    if fid not in ctx.catalogue.factions:
        raise IllegalMoveError("faction", f"unknown faction '{fid}'")
    if any(f.id == fid or f.home == ctx.catalogue.factions[fid].home for f in trial_taken):
        raise IllegalMoveError("faction", f"{fid} or its home planet is already picked")
    state.setup_queue.append([fid])


def bid(ctx: Context, state: GameState, move: Move) -> None:
    fid, amount = _arg(move, 0), _arg(move, 1)
    if [fid] not in state.setup_queue:
        raise IllegalMoveError("bid", f"{fid} was not picked for this game")
    if any(p.faction == fid for p in state.players):
        raise IllegalMoveError("bid", f"{fid} already has a player")
    try:
        value = int(amount)
    except ValueError:
        raise IllegalMoveError("syntax", f"a bid is a number of VP, not '{amount}'") from None
    if value < 0:
        raise IllegalMoveError("bid", "a bid cannot be negative")
    player = state.players[move.player]
    player.faction, player.bid = fid, value
    ctx.holdings_changed(state, move.player)


def init_player(ctx: Context, state: GameState, p: int) -> None:
    """Starting resources, power and research of a faction (once every faction is chosen)."""
    cat = ctx.catalogue
    player = state.players[p]
    faction = cat.factions[player.faction]
    player.vp = faction.start["vp"]
    player.credits = faction.start["credits"]
    player.ore = faction.start["ore"]
    player.knowledge = faction.start["knowledge"]
    player.qic = faction.start["qic"]
    player.power = dict(faction.power)
    player.token = faction.special_token.start if faction.special_token else None
    player.research = {t: 0 for t in cat.tracks}
    ctx.holdings_changed(state, p)
    for track in faction.research:
        research.advance(ctx, state, p, track, free=True, setup=True)


def setup_placement(ctx: Context, state: GameState, move: Move) -> None:
    p, piece = state.setup_queue[0]
    if move.args[:1] != (piece,):
        raise IllegalMoveError("setup", f"place a starting {ctx.structure(state.players[p], piece).name} (build {piece} <hex>)")
    name = _hex(ctx, _arg(move, 1))
    player = state.players[p]
    if ctx.planet_at(state, name) != ctx.faction(player).home:
        raise IllegalMoveError("setup", f"starting pieces go on your home planet type ({ctx.faction(player).home})")
    if _occupied(state, name):
        raise IllegalMoveError("setup", f"{name} is already taken")
    h = state.hex(name)
    h.owner, h.piece = p, piece
    ctx.holdings_changed(state, p)
    state.setup_queue.pop(0)


def take_starting_booster(ctx: Context, state: GameState, move: Move) -> None:
    booster = _arg(move, 0)
    if booster not in state.boosters_table:
        raise IllegalMoveError("booster", f"{booster} is not on the table")
    state.boosters_table.remove(booster)
    state.players[move.player].booster = booster
    ctx.holdings_changed(state, move.player)
    state.setup_queue.pop(0)


# ------------------------------------------------------------------ hexes

def _hex(ctx: Context, text: str) -> str:
    from ..board import UnknownHex

    try:
        return ctx.map.hexes[ctx.map.hex(text)].name
    except UnknownHex as err:
        raise IllegalMoveError("hex", str(err)) from None


def _occupied(state: GameState, name: str) -> bool:
    h = state.board.get(name)
    return h is not None and h.piece is not None


def range_origins(ctx: Context, state: GameState, p: int) -> list[str]:
    player = state.players[p]
    out = [n for n, h in state.board.items()
           if h.owner == p and h.piece is not None and ctx.structure(player, h.piece).is_range_origin]
    out += [n for n, h in state.board.items() if p in h.guests]
    return out


@dataclass(frozen=True)
class Reach:
    """Where player p's range is measured from and how far it goes, read once for many hexes."""

    origins: tuple[tuple[int, int], ...]
    reach: int           # range, temporary range included
    per_qic: int         # extra range per Q.I.C. paid
    names: tuple[str, ...] = ()   # the origins' hex names

    def qic_for(self, ctx: Context, name: str) -> int:
        """Q.I.C. needed to reach `name` (0 if within range)."""
        if not self.origins:
            return 0
        target = ctx.map.by_name[name]
        dist = min(distance(o, target) for o in self.origins)
        if dist <= self.reach:
            return 0
        return math.ceil((dist - self.reach) / self.per_qic)

    def hexes(self, ctx: Context, qic: int) -> frozenset[str] | None:
        """Hexes reachable paying at most `qic` Q.I.C. (None: no origin yet, so every hex)."""
        if not self.origins:
            return None
        far = self.reach + max(0, qic) * self.per_qic
        out: set[str] = set()
        for name in self.names:
            out.update(ctx.within(name, far))
        return frozenset(out)


def reach_of(ctx: Context, state: GameState, p: int) -> Reach:
    names = tuple(range_origins(ctx, state, p))
    return Reach(tuple(ctx.map.by_name[n] for n in names), ctx.param(state, p, "range") + state.temp.get("range", 0),
                 ctx.param(state, p, "range_per_qic"), names)


def check_temporary_range(ctx: Context, state: GameState, p: int, name: str) -> None:
    """Under `temporary_range_must_help`, temporary range must save Q.I.C. on this hex."""
    extra = state.temp.get("range", 0)
    if not extra or not ctx.game_params.get("temporary_range_must_help"):
        return
    without = dict(state.temp)
    without.pop("range")
    saved, state.temp = state.temp, without
    try:
        plain = qic_for_range(ctx, state, p, name)
    finally:
        state.temp = saved
    if plain == qic_for_range(ctx, state, p, name):
        raise IllegalMoveError("temporary-range", f"{name} is as cheap to reach without the extra range")


def qic_for_range(ctx: Context, state: GameState, p: int, name: str) -> int:
    """Q.I.C. needed to reach `name` (0 if within range, incl. temporary range)."""
    return reach_of(ctx, state, p).qic_for(ctx, name)


# ------------------------------------------------------------------ building

def _build_main(ctx: Context, state: GameState, move: Move) -> None:
    piece = _arg(move, 0)
    build_piece(ctx, state, move.player, piece, _hex(ctx, _arg(move, 1)))


def build_piece(ctx: Context, state: GameState, p: int, piece: str, name: str, allowed: dict | None = None) -> None:
    player = state.players[p]
    faction = ctx.faction(player)
    if piece not in faction.structures:
        raise IllegalMoveError("build", f"unknown structure '{piece}'")
    s = faction.structures[piece]
    if s.upgrades_from is None and s.place_on == "planet":
        return build_mine(ctx, state, p, name)
    if s.place_on == "transdim":
        return start_gaia_project(ctx, state, p, name)
    if s.place_on == "space":
        return place_station(ctx, state, p, piece, name)
    if allowed is not None and allowed.get("from"):
        return downgrade(ctx, state, p, piece, name, allowed["from"])
    return upgrade(ctx, state, p, piece, name)


def terraform_steps(ctx: Context, home: str, target: str) -> int:
    wheel = ctx.catalogue.wheel
    if target not in wheel or home not in wheel:
        return 0
    d = abs(wheel.index(home) - wheel.index(target))
    return min(d, len(wheel) - d)


@dataclass(frozen=True)
class MinePlan:
    """What building a mine on a hex takes, found without changing anything."""

    planet: str
    guest: bool          # a guest mine on another player's structure
    steps: int           # terraforming steps of the planet (each fires `on step`)
    costs: tuple         # everything paid: the mine, terraforming ore, the Gaia planet price, range Q.I.C.


def mine_plan(ctx: Context, state: GameState, p: int, name: str, reach: Reach | None = None) -> MinePlan:
    """The checks and the price of a mine on `name`; raises `IllegalMoveError` naming the rule it breaks.

    The price is not checked against the player's resources (`mine_problem` does that).
    `reach` is the player's `reach_of` when the caller has it already.
    """
    player = state.players[p]
    faction = ctx.faction(player)
    mine = ctx.mine_id
    s = faction.structures[mine]
    h = state.board.get(name)
    planet = ctx.planet_at(state, name)
    kind = ctx.kind_at(state, name)
    guest = False
    own_gf = False
    if h is not None and h.piece is not None:
        if h.owner == p and ctx.structure(player, h.piece).place_on == "transdim" and kind == "gaia":
            own_gf = True
        elif h.owner != p and ctx.param(state, p, "guest_mines") and ctx.is_structure(state.players[h.owner], h.piece):
            if p in h.guests:
                raise IllegalMoveError("guest-mine", f"you already have a mine on {name}")
            guest = True
        else:
            raise IllegalMoveError("occupied", f"{name} is already occupied")
    elif kind not in ("home", "gaia"):
        raise IllegalMoveError("habitable", f"a mine cannot be built on {name} ({planet})")
    if ctx.supply_used(state, p, mine) >= s.supply:
        raise IllegalMoveError("supply", "no mine left on your faction board")
    steps = 0 if guest or kind != "home" else terraform_steps(ctx, faction.home, planet)
    free_steps = state.temp.get("step", 0)
    if free_steps and (guest or kind != "home" or steps == 0):
        raise IllegalMoveError("free-steps", "free terraforming steps need a planet that needs terraforming")
    paid_steps = max(0, steps - free_steps)
    costs = list(s.cost)
    ore = paid_steps * ctx.param(state, p, "terraform_cost")
    if ore:
        costs.append(ast.Pay(ore, "o"))
    if kind == "gaia" and not own_gf and not guest:
        value = ctx.param(state, p, "gaia_planet_cost")
        count, res = value if isinstance(value, tuple) else parse_price(value)[0] and (parse_price(value)[0].count, parse_price(value)[0].resource)
        costs.append(ast.Pay(count, res))
    if not own_gf:
        check_temporary_range(ctx, state, p, name)
    qic = 0 if own_gf else (reach or reach_of(ctx, state, p)).qic_for(ctx, name)
    if qic:
        costs.append(ast.Pay(qic, "q"))
    return MinePlan(planet, guest, steps, tuple(costs))


def mine_problem(ctx: Context, state: GameState, p: int, name: str, reach: Reach | None = None) -> str | None:
    """Why a mine cannot be built on `name` now (a rule or an unpaid price), or None.

    None does not promise the build is accepted: what it sets off comes later.
    """
    try:
        plan = mine_plan(ctx, state, p, name, reach)
    except IllegalMoveError as err:
        return err.message
    return effects.can_pay(ctx, state, p, plan.costs)


def build_mine(ctx: Context, state: GameState, p: int, name: str) -> None:
    plan = mine_plan(ctx, state, p, name)
    faction = ctx.faction(state.players[p])
    mine = ctx.mine_id
    planet, guest, steps, costs = plan.planet, plan.guest, plan.steps, plan.costs
    h = state.board.get(name)
    effects.pay(ctx, state, p, costs)
    if guest:
        h.guests.append(p)
        ctx.holdings_changed(state, p)
    else:
        h = state.hex(name)
        h.owner, h.piece = p, mine
        ctx.holdings_changed(state, p)
    state.temp.pop("step", None)
    state.temp.pop("range", None)
    state.turn_builds.append(name)
    _join_federation(ctx, state, p, name)
    follow: list[Pending] = []
    if steps:
        effects.fire(ctx, state, p, lambda ev: isinstance(ev, ast.NamedEvent) and ev.name == "step", steps, follow)
    where = {"guest"} if guest else set()
    if not guest and ctx.kind_at(state, name) == "gaia":
        where.add("gaia")
    if not guest and planet == faction.home:
        where.add("home")
    if not guest and _new_type(ctx, state, p, name, planet):
        where.add("new-type")
    _fire_build(ctx, state, p, mine, where, follow)
    _queue(state, follow)


def _new_type(ctx: Context, state: GameState, p: int, name: str, planet: str) -> bool:
    return all(ctx.planet_at(state, n) != planet for n in ctx.colonized(state, p) if n != name)


def _fire_build(ctx: Context, state: GameState, p: int, piece: str, where: set[str], follow: list[Pending]) -> None:
    def matches(ev) -> bool:
        return isinstance(ev, ast.BuildEvent) and piece in ev.pieces and (ev.where is None or ev.where in where)

    s = ctx.structure(state.players[p], piece)
    for eff in s.effects:
        for st in eff.statements:
            if isinstance(st.clause, ast.Now):
                effects.apply_gains(ctx, state, p, st.clause.gains, f"structure:{piece}", follow)
    faction = ctx.faction(state.players[p])
    if piece == faction.planetary_institute_structure:
        for eff in faction.planetary_institute:
            for st in eff.statements:
                if isinstance(st.clause, ast.Now):
                    effects.apply_gains(ctx, state, p, st.clause.gains, faction.id, follow)
    effects.fire(ctx, state, p, matches, 1, follow)


def _gaiaformer_id(ctx: Context, player) -> str:
    return next(sid for sid, s in ctx.faction(player).structures.items() if s.place_on == "transdim")


def start_gaia_project(ctx: Context, state: GameState, p: int, name: str) -> None:
    player = state.players[p]
    if ctx.kind_at(state, name) != "gaia-project" or _occupied(state, name):
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs an empty Transdim planet; {name} is not one")
    free = player.gaiaformers - player.gaiaformers_in_gaia - ctx.count(state, p, "gf")
    if free <= 0:
        raise IllegalMoveError("gaia-project", "you have no available Gaiaformer")
    if state.temp.get("step"):
        raise IllegalMoveError("free-steps", "free terraforming steps cannot start a Gaia Project")
    check_temporary_range(ctx, state, p, name)
    qic = qic_for_range(ctx, state, p, name)
    if qic:
        effects.pay(ctx, state, p, [ast.Pay(qic, "q")])
    n = ctx.param(state, p, "gaia_project_cost")
    total = sum(player.power[a] for a in ("area1", "area2", "area3")) + (1 if player.token in ("area1", "area2", "area3") else 0)
    if total < n:
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs {n} power tokens, you have {total}")
    follow: list[Pending] = []
    choices.take_with_choice(ctx, state, p, n, "gaia", follow)
    h = state.hex(name)
    h.owner, h.piece = p, _gaiaformer_id(ctx, player)
    ctx.holdings_changed(state, p)
    state.temp.pop("range", None)
    _queue(state, follow)


def place_station(ctx: Context, state: GameState, p: int, piece: str, name: str) -> None:
    s = ctx.structure(state.players[p], piece)
    if ctx.kind_at(state, name) != "space" or _occupied(state, name):
        raise IllegalMoveError("space-station", f"{name} is not an empty space hex")
    if ctx.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left")
    qic = qic_for_range(ctx, state, p, name)
    if qic:
        effects.pay(ctx, state, p, [ast.Pay(qic, "q")])
    h = state.hex(name)
    h.owner, h.piece = p, piece
    ctx.holdings_changed(state, p)
    _join_federation(ctx, state, p, name)


def upgrade(ctx: Context, state: GameState, p: int, piece: str, name: str) -> None:
    player = state.players[p]
    s = ctx.structure(player, piece)
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != s.upgrades_from:
        have = "nothing of yours" if h is None or h.owner != p else f"your {h.piece}"
        raise IllegalMoveError("upgrade", f"a {s.name} upgrades a {s.upgrades_from}; {name} holds {have}")
    if name == player.lost_planet:
        raise IllegalMoveError("upgrade", "the Lost Planet mine cannot be upgraded")
    if ctx.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    cost = s.cost
    if s.cost_near_opponent is not None and _opponent_near(ctx, state, p, name):
        cost = s.cost_near_opponent
    effects.pay(ctx, state, p, cost)
    h.piece = piece
    ctx.holdings_changed(state, p)
    state.turn_builds.append(name)
    follow: list[Pending] = []
    _fire_build(ctx, state, p, piece, set(), follow)
    _queue(state, follow)


def downgrade(ctx: Context, state: GameState, p: int, piece: str, name: str, source: str) -> None:
    """`build X from Y`: turn your Y back into an X; it counts as building an X."""
    player = state.players[p]
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != source:
        raise IllegalMoveError("downgrade", f"{name} does not hold your {source}")
    if ctx.count(state, p, piece) >= ctx.structure(player, piece).supply:
        raise IllegalMoveError("supply", f"no {ctx.structure(player, piece).name} left on your faction board")
    h.piece = piece
    ctx.holdings_changed(state, p)
    state.turn_builds.append(name)
    follow: list[Pending] = []
    _fire_build(ctx, state, p, piece, set(), follow)
    _queue(state, follow)


def _opponent_near(ctx: Context, state: GameState, p: int, name: str) -> bool:
    board = state.board
    for other in ctx.within(name, ctx.catalogue.game.get("near_opponent_distance", 2)):
        h = board.get(other)
        if h is None:
            continue
        owners = ([h.owner] if h.owner is not None and h.piece is not None and ctx.is_structure(state.players[h.owner], h.piece) else []) + h.guests
        if any(o != p for o in owners):
            return True
    return False


def _join_federation(ctx: Context, state: GameState, p: int, name: str) -> None:
    """A piece built next to one of your federations joins it."""
    coord = ctx.map.by_name[name]
    from ..board import neighbours

    for n in neighbours(coord):
        if n in ctx.map.hexes:
            other = state.board.get(ctx.map.hexes[n].name)
            if other is not None and p in other.federations:
                h = state.hex(name)
                if p not in h.federations:
                    h.federations.append(p)
                for fed in state.players[p].federations:
                    if ctx.map.hexes[n].name in fed and name not in fed:
                        fed.append(name)
                return


# ------------------------------------------------------------------ charges

def offer_charges(ctx: Context, state: GameState, builder: int, name: str) -> None:
    """Each opponent with a structure within reach may charge power, clockwise from the builder."""
    seats = state.seats
    i = seats.index(builder)
    near = [(other, h) for other in ctx.within(name, ctx.catalogue.game.get("charge", {}).get("distance", 2))
            if (h := state.board.get(other)) is not None]
    for p in seats[i + 1:] + seats[:i]:
        player = state.players[p]
        best = 0
        for other, h in near:  # p's structures (not Gaiaformers or stations) and guest mines in reach
            if (h.owner == p and h.piece is not None and ctx.is_structure(player, h.piece)) or p in h.guests:
                best = max(best, ctx.power_value(state, p, other))
        if best == 0:
            continue
        extra = [h for h in ctx.held(state, p) if isinstance(h.statement.clause, ast.On)
                 and isinstance(h.statement.clause.event, ast.NamedEvent) and h.statement.clause.event.name == "charge"]
        amount = min(best, power.charge_capacity(player), player.vp + 1)
        if amount <= 0 and not extra:
            continue
        state.decisions.append(Pending("charge", p, {"amount": amount, "max": best, "extra": bool(extra)}))


def charge_offers(ctx: Context, state: GameState, decision: Pending) -> list[str]:
    """The texts of the charges a decision offers (`2pw`, or `3pw,1t` / `1t,2pw` with an extra gain)."""
    p = decision.player
    player = state.players[p]
    amount = decision.data["amount"]
    if not decision.data.get("extra"):
        return [f"{amount}pw"]
    gains = _charge_extras(ctx, state, p)
    text = ",".join(f"{g.count}{g.resource}" for g in gains)
    trial = player.__class__(p, power=dict(player.power), token=player.token, vp=player.vp)
    for g in gains:
        if g.resource == "t":
            power.gain_tokens(trial, g.count)
    after = min(decision.data["max"], power.charge_capacity(trial), player.vp + 1)
    return [f"{amount}pw,{text}", f"{text},{after}pw"]


def _charge_extras(ctx: Context, state: GameState, p: int) -> list[ast.Amount]:
    out = []
    for h in ctx.held(state, p):
        cl = h.statement.clause
        if isinstance(cl, ast.On) and isinstance(cl.event, ast.NamedEvent) and cl.event.name == "charge":
            out.extend(g for g in cl.gains if isinstance(g, ast.Amount))
    return out


def _charge(ctx: Context, state: GameState, move: Move, decision: Pending) -> None:
    """Accept the offered charge (its VP cost is paid after the power moves) or decline it."""
    p = move.player
    offers = charge_offers(ctx, state, decision)
    if move.command == "decline":
        state.decisions.pop(0)
        return
    offer = _arg(move, 0)
    norm = _norm_offer(offer)
    match = next((o for o in offers if _norm_offer(o) == norm), None)
    if match is None:
        raise IllegalMoveError("charge", f"the offer is {' or '.join(offers)}, not {offer}")
    state.decisions.pop(0)
    offset = ctx.catalogue.game.get("charge", {}).get("vp_cost_offset", 1)
    items = []
    cost = 0
    for part in match.split(","):
        count, res = _split_amount(part)
        if res == "pw":
            cost += max(0, count - offset)
        items.append([res, count, "charge"])
    if cost:
        items.append(["vp", -cost, "charge"])
    follow: list[Pending] = []
    choices.apply_sequence(ctx, state, p, items, follow)
    state.decisions[:0] = follow


def _norm_offer(text: str) -> tuple:
    return tuple(_split_amount(x) for x in text.split(","))


def _split_amount(text: str) -> tuple[int, str]:
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    return (int(text[:i]) if i else 1), text[i:]


# ------------------------------------------------------------------ decisions outside the turn

def _decision(ctx: Context, state: GameState, move: Move, decision: Pending) -> None:
    kind = decision.kind
    if kind == "charge":
        _expect(move, "charge", "decline")
        return _charge(ctx, state, move, decision)
    if kind == "income":
        _expect(move, "income")
        return _income_choice(ctx, state, move, decision)
    if kind == choices.KIND:
        _expect(move, choices.KIND)
        state.decisions.pop(0)
        follow: list[Pending] = []
        choices.resolve(ctx, state, move.player, _arg(move, 0), decision, follow)
        state.decisions[:0] = follow
        return
    if kind == "gaia-phase":
        return _gaia_phase_choice(ctx, state, move, decision)
    if kind in FOLLOW_UPS:  # follow-ups of a decision (e.g. a tech tile bought in the Gaia phase)
        if move.command == "decline" and kind == "up":
            state.decisions.pop(0)
            after = state.decisions[0] if state.decisions else None
            if (after is not None and after.kind == "gaia-phase" and after.player == move.player
                    and ctx.game_params.get("gaia_phase_decline_ends")):
                from . import phases

                state.decisions.pop(0)
                phases.return_gaia_tokens(ctx, state, move.player)
            return
        _expect(move, *FOLLOW_UP_COMMANDS[kind])
        state.decisions.pop(0)
        before = list(state.pending)
        state.pending = []
        FOLLOW_UPS[kind](ctx, state, move, decision)
        state.decisions[:0] = state.pending
        state.pending = before
        return
    raise IllegalMoveError("sequence", f"unexpected decision '{kind}'")


def _income_choice(ctx: Context, state: GameState, move: Move, decision: Pending) -> None:
    """`income a,b`: apply the income events these name, in this order; the rest follows automatically."""
    from .phases import income_choice_needed, income_options

    p = move.player
    events = decision.data["events"]
    chosen: list = []  # events, in the order named
    for part in _arg(move, 0).split(","):
        want = _split_amount(part)
        options = income_options(events)
        if not any(_split_amount(o) == want for o in options):
            raise IllegalMoveError("income", f"'{part}' is not in the available income: {', '.join(options)}")
        idx = next(i for i, e in enumerate(events) if any(res == want[1] and n == want[0] for res, n, _ in e)
                   and (want[1] == "t" or not any(r == "t" for r, _, _ in e)))
        chosen.append(events.pop(idx))
    follow: list[Pending] = []
    if not income_choice_needed(events):
        state.decisions.pop(0)
        chosen.extend(events)
    choices.apply_events(ctx, state, p, chosen, follow)
    state.decisions[:0] = follow


def gaia_phase_declinable(ctx: Context, state: GameState, p: int) -> bool:
    """Gaia-phase conversions may be declined unless they only move tokens where they return anyway."""
    back = ctx.param(state, p, "gaia_return_area")
    for costs, _gains in conversions(ctx, state, p, gaia_phase=True):
        if any(not isinstance(c, ast.Move) or c.target != back for c in costs):
            return True
    return False


def _gaia_phase_choice(ctx: Context, state: GameState, move: Move, decision: Pending) -> None:
    from . import phases

    p = move.player
    if move.command == "decline":
        if not gaia_phase_declinable(ctx, state, p):
            raise IllegalMoveError("gaia-phase", "these conversions cost nothing (the tokens return there anyway): use them all")
        state.decisions.pop(0)
        phases.return_gaia_tokens(ctx, state, p)
        return
    _expect(move, "spend")
    follow = free_conversion(ctx, state, move, gaia_phase=True)
    if not phases.gaia_choice_open(ctx, state, p) or state.players[p].power["gaia"] == 0:
        state.decisions.pop(0)
        rest = follow
        state.decisions[:0] = rest
        phases.return_gaia_tokens(ctx, state, p)
    else:
        state.decisions[:0] = follow


# ------------------------------------------------------------------ free actions

def _spend(ctx: Context, state: GameState, move: Move) -> None:
    follow = free_conversion(ctx, state, move, gaia_phase=False)
    _queue(state, follow)


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


def _vector(items) -> dict[str, int]:
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


def _direct(target_cost: dict, target_gain: dict, convs: list[tuple[dict, dict]]) -> list[int] | None:
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


def _conversion_table(ctx: Context, state: GameState, p: int, gaia_phase: bool) -> tuple[list, list]:
    """The open conversions that cost something, and their (cost, gain) vectors; cached by what they depend on."""
    held = ctx.held(state, p)
    cache = ctx.__dict__.setdefault("_conversion_tables", {})
    key = (id(held), gaia_phase)
    hit = cache.get(key)
    if hit is not None and hit[0] is held:
        return hit[1], hit[2]
    real = [cg for cg in conversions(ctx, state, p, gaia_phase) if _vector(cg[0])]
    vectors = [(_vector(c), _vector(g)) for c, g in real]
    if len(cache) > 4096:
        cache.clear()
    cache[key] = (held, real, vectors)
    return real, vectors


def free_conversion(ctx: Context, state: GameState, move: Move, gaia_phase: bool) -> list[Pending]:
    """`spend COST for GAIN`: any sum of open conversions that adds up exactly."""
    p = move.player
    pay_list, power, then = _spend_plan(ctx, state, p, _arg(move, 0), _arg(move, 1), gaia_phase)
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
    cache = ctx.__dict__.setdefault("_spend_plans", {})
    key = (id(held), gaia_phase, cost_text, gain_text)
    hit = cache.get(key)
    if hit is not None and hit[0] is held:
        return hit[1]
    try:
        costs = parse_price(cost_text)
        gains = parse_effect(f"now: {gain_text}").statements[0].clause.gains
    except EffectSyntaxError as err:
        raise IllegalMoveError("syntax", f"cannot read 'spend {cost_text} for {gain_text}': {err.message}") from None
    want_cost, want_gain = _vector(costs), _vector(gains)
    real, convs = _conversion_table(ctx, state, p, gaia_phase)
    counts = _direct(want_cost, want_gain, convs)
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
    if len(cache) > 4096:
        cache.clear()
    cache[key] = (held, plan)
    return plan


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
        costs = parse_price(move.args[0])
        gains = parse_effect(f"now: {move.args[1]}").statements[0].clause.gains
    except EffectSyntaxError:
        return move
    real, convs = _conversion_table(ctx, state, move.player, gaia_phase)
    counts = _direct(_vector(costs), _vector(gains), convs)
    if counts is None:
        return move
    i = next(j for j, k in enumerate(counts) if k)
    k = counts[i]
    c, g = real[i]
    if k > 1 and not all(isinstance(x, ast.Amount) and not x.per for x in g):
        return move
    many_costs = [replace(x, count=x.count * k) for x in c]
    many_gains = [replace(x, count=x.count * k) for x in g] if k > 1 else list(g)
    return Move(move.player, "spend", (price_text(many_costs), gain_text(many_gains)))


def _burn(ctx: Context, state: GameState, move: Move) -> None:
    try:
        times = int(_arg(move, 0))
    except ValueError:
        raise IllegalMoveError("syntax", f"burn takes a number, not '{move.args[0]}'") from None
    power.burn(state.players[move.player], times, ctx.param(state, move.player, "burn_discard_to"))


FREE = {"spend": _spend, "burn": _burn}


# ------------------------------------------------------------------ board actions, specials, research, pass

def board_action(ctx: Context, state: GameState, move: Move) -> None:
    aid = _arg(move, 0)
    action = ctx.catalogue.board_actions.get(aid)
    if action is None:
        raise IllegalMoveError("board-action", f"unknown board action '{aid}'")
    if aid in state.board_actions_used:
        raise IllegalMoveError("board-action", f"{aid} has been taken this round")
    p = move.player
    gains = action.effect.statements[0].clause.gains
    if ctx.game_params.get("refuse_wasted_board_actions") and _all_capped(ctx, state, p, gains):
        raise IllegalMoveError("board-action", f"everything {aid} gives would be lost to resource caps")
    if any(isinstance(g, ast.Fed) and g.token is None for g in gains) and not state.players[p].fed_tokens:
        raise IllegalMoveError("board-action", f"{aid} needs a federation token of yours")
    follow: list[Pending] = []
    pw = sum(c.count for c in action.cost if isinstance(c, ast.Pay) and c.resource == "pw")
    problem = effects.can_pay(ctx, state, p, action.cost)
    if problem:
        raise IllegalMoveError("cost", problem)
    effects.pay(ctx, state, p, [c for c in action.cost if not (isinstance(c, ast.Pay) and c.resource == "pw")])
    state.board_actions_used.append(aid)
    plain = [g for g in gains if isinstance(g, ast.Amount)]
    others = [g for g in gains if not isinstance(g, ast.Amount)]
    items = choices.items_of(plain, aid) + [[g.resource, g.count * ctx.count_per(state, p, g.per), aid] for g in plain if g.per]
    if pw:
        choices.spend_with_choice(ctx, state, p, pw, items, follow)
    else:
        choices.apply_sequence(ctx, state, p, items, follow)
    effects.apply_gains(ctx, state, p, others, aid, follow)
    _queue(state, follow)


def _all_capped(ctx: Context, state: GameState, p: int, gains) -> bool:
    player = state.players[p]
    plain = [g for g in gains if isinstance(g, ast.Amount)]
    if not plain or len(plain) != len(gains):
        return False
    for g in plain:
        cap = ctx.caps.get(g.resource)
        field = effects.RESOURCE_FIELDS.get(g.resource)
        if cap is None or field is None or getattr(player, field) < cap:
            return False
    return True


def special_action_name(ctx: Context, p, statement: ast.Statement) -> str:
    """A special action named by what it gives: `4pw`, `q,5c`, `step`, `range+3`, `up-lowest`, ..."""
    parts = []
    for g in statement.clause.gains:
        if isinstance(g, ast.Amount):
            if g.resource == "step":
                parts.append("step")
            elif g.resource == "range":
                parts.append(f"range+{g.count}")
            else:
                parts.append(f"{g.count if g.count != 1 or g.resource == 'pw' else ''}{g.resource}")
        elif isinstance(g, ast.Up):
            parts.append(f"up-{g.track}")
        elif isinstance(g, ast.Swap):
            parts.append(f"swap-{g.first}")
            break
        elif isinstance(g, ast.Build):
            if g.source is not None:
                parts.append(f"down-{g.source}")
                break
            if parts:
                continue  # "step" / "range" already name it
            name = ctx.structure(p, g.pieces[0]).name
            parts.append(name.replace(" ", "-"))
    return ",".join(parts)


def held_specials(ctx: Context, state: GameState, p: int) -> list[tuple[str, ast.Statement]]:
    """(key, statement) of each special action player p holds; key marks it used for the round."""
    return [(f"{h.source}#{h.index}", h.statement) for h in ctx.held(state, p) if isinstance(h.statement.clause, ast.Action)]


def special_action(ctx: Context, state: GameState, move: Move) -> None:
    p = move.player
    player = state.players[p]
    want = _norm_offer(_arg(move, 0)) if "+" not in move.args[0] else move.args[0]
    found = None
    for key, st in held_specials(ctx, state, p):
        name = special_action_name(ctx, player, st)
        if name == move.args[0] or ("+" not in name and "-" not in name and name and _norm_offer(name) == want):
            if key in player.specials_used:
                found = found or ("used", key)
                continue
            found = (key, st)
            break
    if found is None:
        raise IllegalMoveError("special-action", f"you have no special action '{move.args[0]}'")
    if found[0] == "used":
        raise IllegalMoveError("special-action", f"'{move.args[0]}' has been used this round")
    key, st = found
    player.specials_used.append(key)
    follow = effects.apply_gains(ctx, state, p, st.clause.gains, key.split("#")[0])
    _queue(state, follow)


def research_main(ctx: Context, state: GameState, move: Move) -> None:
    p = move.player
    track = _arg(move, 0)
    research.check_advance(ctx, state, p, track)
    effects.pay(ctx, state, p, ctx.catalogue.research.cost)
    _queue(state, research.advance(ctx, state, p, track))


def pass_turn(ctx: Context, state: GameState, move: Move) -> None:
    p = move.player
    player = state.players[p]
    last = state.round >= ctx.catalogue.game["rounds"]
    new = move.args[0] if move.args and not last else None
    if not last:
        if new is None:
            raise IllegalMoveError("pass", "choose a booster to take when passing")
        if new not in state.boosters_table:
            raise IllegalMoveError("pass", f"{new} is not on the table")
    for h in list(ctx.held(state, p)):
        if isinstance(h.statement.clause, ast.OnPass):
            effects.apply_gains(ctx, state, p, h.statement.clause.gains, h.source)
    old = player.booster
    if not last:
        state.boosters_table.remove(new)
        player.booster = new
        ctx.holdings_changed(state, player.index)
    else:
        player.booster = None
        ctx.holdings_changed(state, player.index)
    if old is not None:
        state.boosters_table.append(old)
    player.passed = True
    state.pass_order.append(p)
    state.turn_done = True


MAIN = {
    "build": _build_main,
    "action": board_action,
    "special": special_action,
    "up": research_main,
    "pass": pass_turn,
}


def _federation_main(ctx: Context, state: GameState, move: Move) -> None:
    from .federations import form_federation

    form_federation(ctx, state, move)


MAIN["federation"] = _federation_main


# ------------------------------------------------------------------ follow-ups

def _f_up(ctx, state, move, follow):
    track = _arg(move, 0)
    allowed = follow.data["track"]
    if allowed == "lowest":
        levels = state.players[move.player].research
        low = min(levels.values())
        if levels.get(track) != low:
            raise IllegalMoveError("up-lowest", f"{track} is not one of your lowest tracks")
    elif allowed != "any" and track != allowed:
        raise IllegalMoveError("up", f"this step must go up on {allowed}")
    research.check_advance(ctx, state, move.player, track)
    _queue(state, research.advance(ctx, state, move.player, track))


def _f_tech(ctx, state, move, follow):
    from .tech import take_tech

    _queue(state, take_tech(ctx, state, move.player, _arg(move, 0), follow))


def _f_cover(ctx, state, move, follow):
    from .tech import cover_tech

    _queue(state, cover_tech(ctx, state, move.player, _arg(move, 0), follow))


def _f_build(ctx, state, move, follow):
    piece = _arg(move, 0)
    if piece not in follow.data["pieces"]:
        raise IllegalMoveError("build", f"this action builds {' or '.join(follow.data['pieces'])}, not {piece}")
    build_piece(ctx, state, move.player, piece, _hex(ctx, _arg(move, 1)), follow.data)


def _f_swap(ctx, state, move, follow):
    p = move.player
    name = _hex(ctx, _arg(move, 0))
    first, second = follow.data["first"], follow.data["second"]
    h = state.board.get(name)
    player = state.players[p]
    if h is None or h.owner != p or h.piece != second or name == player.lost_planet:
        raise IllegalMoveError("swap", f"{name} does not hold your {second}")
    origin = next((n for n, x in state.board.items() if x.owner == p and x.piece == first), None)
    if origin is None:
        raise IllegalMoveError("swap", f"you have no {first} to swap")
    state.board[origin].piece, h.piece = second, first
    ctx.holdings_changed(state, p)


def _f_fedtile(ctx, state, move, follow):
    p = move.player
    token = _arg(move, 0)
    if not any(t.tile == token for t in state.players[p].fed_tokens):
        raise IllegalMoveError("fedtile", f"you have no federation token {token}")
    fed = ctx.catalogue.federation_tokens[token]
    out: list[Pending] = []
    for eff in fed.effects:
        for st in eff.statements:
            effects.apply_gains(ctx, state, p, st.clause.gains, "qic2", out)
    _queue(state, out)


def _f_lost_planet(ctx, state, move, follow):
    p = move.player
    name = _hex(ctx, _arg(move, 0))
    h = state.board.get(name)
    if ctx.kind_at(state, name) != "space" or (h is not None and (h.piece is not None or h.satellites)):
        raise IllegalMoveError("lost-planet", f"the Lost Planet goes on an empty space hex; {name} is not one")
    qic = qic_for_range(ctx, state, p, name)
    if qic:
        effects.pay(ctx, state, p, [ast.Pay(qic, "q")])
    h = state.hex(name)
    h.owner, h.piece, h.planet = p, ctx.mine_id, ctx.planet_of_kind["lost"]
    state.players[p].lost_planet = name
    ctx.holdings_changed(state, p)
    state.turn_builds.append(name)
    _join_federation(ctx, state, p, name)
    out: list[Pending] = []
    _fire_build(ctx, state, p, ctx.mine_id, {"new-type"}, out)
    _queue(state, out)


def _f_areas(ctx, state, move, question):
    split = _arg(move, 0)
    options = question.data["options"]
    if split not in options:
        raise IllegalMoveError("token-areas", f"take the tokens as one of: {'; '.join(options)}")
    choices.take_from_areas(state.players[move.player], split, question.data["to"])


def _f_token(ctx, state, move, question):
    follow: list[Pending] = []
    choices.resolve(ctx, state, move.player, _arg(move, 0), question, follow)
    _queue(state, follow)


FOLLOW_UPS = {
    "up": _f_up, "tech": _f_tech, "cover": _f_cover, "build": _f_build, "swap": _f_swap,
    "fedtile": _f_fedtile, "lostPlanet": _f_lost_planet, choices.KIND: _f_token,
    choices.AREAS_KIND: _f_areas,
}
FOLLOW_UP_COMMANDS = {
    "up": ("up",), "tech": ("tech",), "cover": ("cover",), "build": ("build",), "swap": ("swap-PI",),
    "fedtile": ("fedtile",), "lostPlanet": ("lostPlanet",), choices.KIND: (choices.KIND,),
    choices.AREAS_KIND: ("areas",),
}
