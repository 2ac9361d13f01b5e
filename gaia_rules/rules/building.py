"""Building: mines (terraforming, Gaia planets, range), Gaia Projects, space stations, upgrades.

A build is checked before anything changes (`mine_plan` for mines, the
first lines of the others), paid, placed, and then sets off what building
sets off: terraforming steps, `on build` triggers, joining a federation next
to it. The charge offers to neighbours come after the turn (`phases`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..board import distance
from ..content.catalogue import Structure
from ..language import ast
from ..state import GameState, Pending
from . import choices, effects, holdings, power, sharing
from .common import arg, hex_name, occupied, queue
from .context import Context
from .errors import IllegalMoveError
from .moves import Move


def range_origins(ctx: Context, state: GameState, p: int) -> list[str]:
    player = state.players[p]
    out = [n for n, h in state.board.items()
           if h.owner == p and h.piece is not None and ctx.content.structure(player, h.piece).is_range_origin]
    return out + sharing.guest_hexes(state, p)


@dataclass(frozen=True)
class Reach:
    """Where player p's range is measured from and how far it goes, read once for many hexes."""

    origins: tuple[str, ...]   # hexes the range is measured from
    reach: int                 # range, temporary range included
    per_qic: int               # extra range per Q.I.C. paid

    def qic_for(self, ctx: Context, name: str) -> int:
        """Q.I.C. needed to reach `name` (0 if within range)."""
        if not self.origins:
            return 0
        target, at = ctx.map.by_name[name], ctx.map.by_name
        dist = min(distance(at[o], target) for o in self.origins)
        if dist <= self.reach:
            return 0
        return math.ceil((dist - self.reach) / self.per_qic)

    def hexes(self, ctx: Context, qic: int) -> frozenset[str] | None:
        """Hexes reachable paying at most `qic` Q.I.C. (None: no origin yet, so every hex)."""
        if not self.origins:
            return None
        far = self.reach + max(0, qic) * self.per_qic
        out: set[str] = set()
        for name in self.origins:
            out.update(ctx.map.within(name, far))
        return frozenset(out)


def reach_of(ctx: Context, state: GameState, p: int) -> Reach:
    return Reach(tuple(range_origins(ctx, state, p)), ctx.holdings.param(state, p, "range") + state.temp.get("range", 0),
                 ctx.holdings.param(state, p, "range_per_qic"))


def check_temporary_range(ctx: Context, state: GameState, p: int, name: str) -> None:
    """Under `temporary_range_must_help`, temporary range must save Q.I.C. on this hex."""
    extra = state.temp.get("range", 0)
    if not extra or not ctx.content.game_params["temporary_range_must_help"]:
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


def is_mine(s: Structure) -> bool:
    """The structure built on planets from nothing (what terraforming, range and Gaia planets are for)."""
    return s.upgrades_from is None and s.place_on == "planet"


def action_only(s: Structure) -> bool:
    """A piece for empty space: placed only by an action that places it, never as a plain build."""
    return s.upgrades_from is None and s.place_on == "space"


def build_main(ctx: Context, state: GameState, move: Move) -> None:
    piece = arg(move, 0)
    s = ctx.content.faction(state.players[move.player]).structures.get(piece)
    if s is not None and action_only(s):
        raise IllegalMoveError("build", f"a {s.name} is placed only by an action that places it, not as a build")
    build_piece(ctx, state, move.player, piece, hex_name(ctx, arg(move, 1)))


def build_piece(ctx: Context, state: GameState, p: int, piece: str, name: str, allowed: dict | None = None) -> None:
    """Build `piece` on `name`: the turn's main action, or a follow-up `allowed` by what gave it (its `by`)."""
    by = "main-action" if allowed is None else allowed.get("by", "reward")
    player = state.players[p]
    faction = ctx.content.faction(player)
    if piece not in faction.structures:
        raise IllegalMoveError("build", f"unknown structure '{piece}'")
    s = faction.structures[piece]
    if allowed is not None and allowed.get("from"):
        return downgrade(ctx, state, p, piece, name, allowed["from"], by)
    if is_mine(s):
        return build_mine(ctx, state, p, name, by)
    if s.place_on == "transdim":
        return start_gaia_project(ctx, state, p, name)
    if s.place_on == "space":
        return place_station(ctx, state, p, piece, name, by)
    return upgrade(ctx, state, p, piece, name, by)


def terraform_steps(ctx: Context, home: str, target: str) -> int:
    wheel = ctx.content.catalogue.wheel
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
    free: int            # of them, the free steps used (the rest are paid with ore)
    costs: tuple         # everything paid: the mine, terraforming ore, the Gaia planet price, range Q.I.C.


def mine_plan(ctx: Context, state: GameState, p: int, name: str, reach: Reach | None = None) -> MinePlan:
    """The checks and the price of a mine on `name`; raises `IllegalMoveError` naming the rule it breaks.

    The price is not checked against the player's resources (`mine_problem` does that).
    `reach` is the player's `reach_of` when the caller has it already.
    """
    player = state.players[p]
    faction = ctx.content.faction(player)
    mine = ctx.content.mine_id
    s = faction.structures[mine]
    h = state.board.get(name)
    planet = ctx.map.planet_at(state, name)
    kind = ctx.map.kind_at(state, name)
    guest = False
    own_gf = False
    if h is not None and h.piece is not None:
        if h.owner == p and ctx.content.structure(player, h.piece).place_on == "transdim" and kind == "gaia":
            own_gf = True
        else:
            guest = sharing.may_join(ctx.content, state, p, h, planet, mine)
            if guest is None:
                raise IllegalMoveError("guest-mine", f"you already have a mine on {name}")
            if not guest:
                raise IllegalMoveError("occupied", f"{name} is already occupied")
    elif kind not in ("home", "gaia"):
        raise IllegalMoveError("habitable", f"a mine cannot be built on {name} ({planet})")
    if ctx.holdings.supply_used(state, p, mine) >= s.supply:
        raise IllegalMoveError("supply", "no mine left on your faction board")
    steps = 0 if guest or kind != "home" else terraform_steps(ctx, faction.home, planet)
    free_steps = state.temp.get("step", 0)
    if free_steps and (guest or kind != "home" or steps == 0):
        raise IllegalMoveError("free-steps", "free terraforming steps need a planet that needs terraforming")
    paid_steps = max(0, steps - free_steps)
    costs = list(ctx.holdings.structure_cost(state, p, mine))
    ore = paid_steps * ctx.holdings.param(state, p, "terraform_cost")
    if ore:
        costs.append(ast.Pay(ore, "o"))
    if kind == "gaia" and not own_gf and not guest:
        costs.extend(ctx.holdings.param(state, p, "gaia_planet_cost"))
    if not own_gf:
        check_temporary_range(ctx, state, p, name)
    qic = 0 if own_gf else (reach or reach_of(ctx, state, p)).qic_for(ctx, name)
    if qic:
        costs.append(ast.Pay(qic, "q"))
    return MinePlan(planet, guest, steps, steps - paid_steps, tuple(costs))


def mine_problem(ctx: Context, state: GameState, p: int, name: str, reach: Reach | None = None) -> str | None:
    """Why a mine cannot be built on `name` now (a rule or an unpaid price), or None.

    None does not promise the build is accepted: what it sets off comes later.
    """
    try:
        plan = mine_plan(ctx, state, p, name, reach)
    except IllegalMoveError as err:
        return err.message
    return effects.can_pay(ctx, state, p, plan.costs)


def build_mine(ctx: Context, state: GameState, p: int, name: str, by: str = "main-action") -> None:
    plan = mine_plan(ctx, state, p, name)
    faction = ctx.content.faction(state.players[p])
    mine = ctx.content.mine_id
    planet, guest, steps, costs = plan.planet, plan.guest, plan.steps, plan.costs
    effects.pay(ctx, state, p, costs)
    holdings.place(state, name, p, mine, guest)
    state.temp.pop("step", None)
    state.temp.pop("range", None)
    state.turn_builds.append(name)
    join_federation(ctx, state, p, name)
    follow: list[Pending] = []
    # each step fires `on step`, tagged: the free steps used first, then the steps paid for with ore
    effects.fire(ctx, state, p, effects.Event("step", frozenset(("free",)), {"step": 1}), plan.free, follow)
    effects.fire(ctx, state, p, effects.Event("step", frozenset(("paid",)), {"step": 1}), steps - plan.free, follow)
    where = {"guest"} if guest else set()
    if not guest and ctx.content.kinds.get(planet) == "gaia":
        where.add("gaia")
    if not guest and planet == faction.home:
        where.add("home")
    if not guest and _new_type(ctx, state, p, name, planet):
        where.add("new-type")
    fire_build(ctx, state, p, mine, where, follow, name=name, steps=steps, free_steps=plan.free, by=by)
    queue(state, follow)


def _new_type(ctx: Context, state: GameState, p: int, name: str, planet: str) -> bool:
    return all(ctx.map.planet_at(state, n) != planet for n in ctx.holdings.colonized(state, p) if n != name)


def fire_build(ctx: Context, state: GameState, p: int, piece: str, where: set[str], follow: list[Pending],
               name: str | None = None, source: str | None = None, steps: int = 0, free_steps: int = 0,
               by: str = "main-action") -> None:
    """A piece was built (from `source` when it replaced one; `by` what gave it, `vocabulary.BUILD_BY`):
    its `now` effects, then the `build` event."""
    event = effects.Event("build", frozenset(where | {by}),
                          {"step": steps, "paid-step": steps - free_steps, "free-step": free_steps},
                          (name,) if name else (), piece, source)
    s = ctx.content.structure(state.players[p], piece)
    effects.apply_now(ctx, state, p, s.effects, f"structure:{piece}", follow)
    faction = ctx.content.faction(state.players[p])
    if piece == faction.planetary_institute_structure:
        effects.apply_now(ctx, state, p, faction.planetary_institute, faction.id, follow, "pi")
    effects.fire(ctx, state, p, event, 1, follow)


def start_gaia_project(ctx: Context, state: GameState, p: int, name: str) -> None:
    player = state.players[p]
    if ctx.map.kind_at(state, name) != "gaia-project" or occupied(state, name):
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs an empty Transdim planet; {name} is not one")
    free = ctx.holdings.free_gaiaformers(state, p)
    if free <= 0:
        raise IllegalMoveError("gaia-project", "you have no available Gaiaformer")
    if state.temp.get("step"):
        raise IllegalMoveError("free-steps", "free terraforming steps cannot start a Gaia Project")
    check_temporary_range(ctx, state, p, name)
    qic = qic_for_range(ctx, state, p, name)
    if qic:
        effects.pay(ctx, state, p, [ast.Pay(qic, "q")])
    n = ctx.holdings.param(state, p, "gaia_project_cost")
    total = power.tokens_in_cycle(player)
    if total < n:
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs {n} power tokens, you have {total}")
    follow: list[Pending] = []
    choices.take_with_choice(ctx, state, p, n, "gaia", follow)
    holdings.place(state, name, p, ctx.content.gaiaformer_id(player))
    player.gaia_projects = {**player.gaia_projects, name: state.round}  # replaced: clones share it
    state.temp.pop("range", None)
    effects.fire(ctx, state, p, effects.Event("gaia-start", hexes=(name,)), 1, follow)
    queue(state, follow)


def place_station(ctx: Context, state: GameState, p: int, piece: str, name: str, by: str = "main-action") -> None:
    s = ctx.content.structure(state.players[p], piece)
    if ctx.map.kind_at(state, name) != "space" or occupied(state, name):
        raise IllegalMoveError("space-station", f"{name} is not an empty space hex")
    if ctx.holdings.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left")
    qic = qic_for_range(ctx, state, p, name)
    if qic:
        effects.pay(ctx, state, p, [ast.Pay(qic, "q")])
    holdings.place(state, name, p, piece)
    join_federation(ctx, state, p, name)
    follow: list[Pending] = []
    fire_build(ctx, state, p, piece, set(), follow, name=name, by=by)
    queue(state, follow)


def upgrade(ctx: Context, state: GameState, p: int, piece: str, name: str, by: str = "main-action") -> None:
    player = state.players[p]
    s = ctx.content.structure(player, piece)
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != s.upgrades_from:
        have = "nothing of yours" if h is None or h.owner != p else f"your {h.piece}"
        raise IllegalMoveError("upgrade", f"a {s.name} upgrades a {s.upgrades_from}; {name} holds {have}")
    if name == player.lost_planet:
        raise IllegalMoveError("upgrade", "the Lost Planet mine cannot be upgraded")
    if ctx.holdings.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    near = s.cost_near_opponent is not None and _opponent_near(ctx, state, p, name)
    effects.pay(ctx, state, p, ctx.holdings.structure_cost(state, p, piece, near))
    _replace_piece(ctx, state, p, name, piece, s.upgrades_from, by)


def downgrade(ctx: Context, state: GameState, p: int, piece: str, name: str, source: str,
              by: str = "reward") -> None:
    """`build X from Y`: turn your Y back into an X; it counts as building an X."""
    player = state.players[p]
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != source:
        raise IllegalMoveError("downgrade", f"{name} does not hold your {source}")
    if ctx.holdings.count(state, p, piece) >= ctx.content.structure(player, piece).supply:
        raise IllegalMoveError("supply", f"no {ctx.content.structure(player, piece).name} left on your faction board")
    _replace_piece(ctx, state, p, name, piece, source, by)


def _replace_piece(ctx: Context, state: GameState, p: int, name: str, piece: str, source: str | None,
                   by: str) -> None:
    """Put `piece` in place of p's `source` on `name`; it counts as building it (triggers, charges)."""
    holdings.replace(state, name, p, piece)
    state.turn_builds.append(name)
    follow: list[Pending] = []
    fire_build(ctx, state, p, piece, set(), follow, name=name, source=source, by=by)
    queue(state, follow)


def _opponent_near(ctx: Context, state: GameState, p: int, name: str) -> bool:
    board = state.board
    for other in ctx.map.within(name, ctx.map.near_opponent_distance):
        h = board.get(other)
        if h is None:
            continue
        if any(o != p for o in sharing.with_structures(ctx.content, state, h)):
            return True
    return False


def join_federation(ctx: Context, state: GameState, p: int, name: str) -> None:
    """A piece built next to one of your federations joins it."""
    for near in ctx.map.neighbour_names[name]:
        other = state.board.get(near)
        if other is not None and p in other.federations:
            h = state.hex(name)
            if p not in h.federations:
                h.federations.append(p)
            for fed in state.players[p].federations:
                if near in fed and name not in fed:
                    fed.append(name)
            return
