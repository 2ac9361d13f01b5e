"""Building: new pieces (where their placement fields let them go, terraforming, range), upgrades.

A new piece (mine, Gaiaformer, space station, or any piece a designer writes) is placed by one rule
read from its data (content: the structure's `place_on`, `guest_on`, `place_price`, `becomes`,
`gaia_project`, `holds_planet` and what it counts for). It is checked before anything changes
(`place_plan`), paid, placed, and then sets off what building sets off: terraforming steps, `on build`
triggers (or the start of a Gaia Project), joining a federation next to it. The charge offers to
neighbours come after the turn (`phases`).
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Mapping

from ..board import distance
from ..content.catalogue import Structure
from ..language import ast
from ..language.english_words import with_article
from ..state import GameState, Pending
from . import charges, choices, effects, federations, holdings, power, sharing
from .common import arg, hex_name, queue
from .context import Context
from .errors import IllegalMoveError
from .moves import Move

MAIN_ACTION = "main-action"  # the `by` of a build that is the turn's main action (any other is a follow-up)


def range_origins(ctx: Context, state: GameState, p: int) -> list[str]:
    player = state.players[p]
    out = [n for n, h in state.board.items()
           if h.owner == p and h.piece is not None and ctx.content.structure(player, h.piece).is_range_origin]
    return out + [n for n in sharing.guest_hexes(state, p)
                  if sharing.has_structure(ctx.content, state, state.board[n], p, "range")]


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


def check_temporary_range(ctx: Context, state: GameState, p: int, name: str, reach: Reach | None = None) -> None:
    """Under `temporary_range_must_help`, temporary range must save Q.I.C. on this hex.

    `reach` is the player's `reach_of` (temporary range included) when the caller has it already.
    """
    extra = state.temp.get("range", 0)
    if not extra or not ctx.content.game_params["temporary_range_must_help"]:
        return
    reach = reach or reach_of(ctx, state, p)
    plain = dataclasses.replace(reach, reach=reach.reach - extra)  # the same reach without the temporary range
    if plain.qic_for(ctx, name) == reach.qic_for(ctx, name):
        raise IllegalMoveError("temporary-range", f"{name} is as cheap to reach without the extra range")


def qic_for_range(ctx: Context, state: GameState, p: int, name: str) -> int:
    """Q.I.C. needed to reach `name` (0 if within range, incl. temporary range)."""
    return reach_of(ctx, state, p).qic_for(ctx, name)


def builds_new(s: Structure) -> bool:
    """A piece built new (placed on a hex by its placement fields), not in place of another."""
    return s.upgrades_from is None


def build_main(ctx: Context, state: GameState, move: Move) -> None:
    piece = arg(move, 0)
    s = ctx.content.faction(state.players[move.player]).structures.get(piece)
    if s is not None and s.action_only:
        raise IllegalMoveError("build", f"a {s.name} is placed only by an action that places it, not as a build")
    build_piece(ctx, state, move.player, piece, hex_name(ctx, arg(move, 1)))


def build_piece(ctx: Context, state: GameState, p: int, piece: str, name: str, allowed: dict | None = None) -> None:
    """Build `piece` on `name`: the turn's main action, or a follow-up `allowed` by what gave it (its `by`)."""
    by = MAIN_ACTION if allowed is None else allowed.get("by", "reward")
    player = state.players[p]
    faction = ctx.content.faction(player)
    if piece not in faction.structures:
        raise IllegalMoveError("build", f"unknown structure '{piece}'")
    s = faction.structures[piece]
    if allowed is not None and allowed.get("from"):
        return downgrade(ctx, state, p, piece, name, allowed["from"], by)
    if builds_new(s):
        return place_new(ctx, state, p, piece, name, by)
    return upgrade(ctx, state, p, piece, name, by)


def terraform_steps(ctx: Context, home: str, target: str, off_wheel: Mapping[str, int] | None = None) -> int:
    """Terraforming steps from `home` to `target` the short way round the wheel. A planet off the wheel
    needs none, unless `off_wheel` counts it (the Automa's rules: its count there, else the wheel's size)."""
    wheel = ctx.content.catalogue.wheel
    if target not in wheel or home not in wheel:
        return 0 if off_wheel is None else off_wheel.get(target, len(wheel))
    d = abs(wheel.index(home) - wheel.index(target))
    return min(d, len(wheel) - d)


@dataclass(frozen=True)
class PlacePlan:
    """What placing a new piece on a hex takes, found without changing anything."""

    planet: str          # the planet type of the hex now
    guest: bool          # beside another player's colonised planet (`guest_on`)
    over: bool           # in place of the player's own piece that holds the planet (`holds_planet`)
    steps: int           # terraforming steps of the planet (each fires `on step`)
    free: int            # of them, the free steps used (the rest are paid with ore)
    costs: tuple         # everything paid: the piece's cost, its place price, terraforming ore, range Q.I.C.
    tokens: int | None   # power tokens moved to the Gaia area (a place price naming `gaia_project_cost`)
    completes: bool = False   # over a Gaia Project under way (`over_gaia_project`): it completes first


def place_plan(ctx: Context, state: GameState, p: int, piece: str, name: str, reach: Reach | None = None) -> PlacePlan:
    """The checks and the price of placing a new `piece` on `name`; raises `IllegalMoveError` naming the
    rule it breaks.

    The price is not checked against the player's resources (`place_problem` does that).
    `reach` is the player's `reach_of` when the caller has it already.
    """
    player = state.players[p]
    faction = ctx.content.faction(player)
    s = faction.structures[piece]
    where = ctx.content.placement(player, piece)
    h = state.board.get(name)
    planet = ctx.map.planet_at(state, name)
    guest = over = completes = False
    if h is not None and h.piece is not None:
        holder = ctx.content.structure(player, h.piece) if h.owner == p else None
        done = planet
        if holder is not None and holder.holds_planet and name in player.gaia_projects:
            done = ctx.content.placement(player, h.piece).becomes.get(planet, planet)
        if done != planet and s.structure and (planet in where.on or done in where.on):
            if not s.over_gaia_project or done not in where.on:
                raise IllegalMoveError("gaia-project", f"the Gaia Project on {name} is still under way: a {s.name} "
                                                       f"goes there once it is complete")
            planet, completes = done, True   # the project completes first: the full price of what it became
        elif holder is not None and s.structure and planet in where.on and holder.holds_planet:
            over = True
        else:
            guest = sharing.may_join(ctx.content, state, p, h, planet, piece)
            if guest is None:
                raise IllegalMoveError("guest-mine", f"you already have a {s.name} on {name}")
            if not guest:
                raise IllegalMoveError("occupied", f"{name} is already occupied")
    elif planet not in where.on:
        raise IllegalMoveError("habitable", f"a {s.name} cannot be built on {name} ({planet})")
    if s.gaiaformer:
        if ctx.holdings.free_gaiaformers(state, p) <= 0:
            raise IllegalMoveError("supply", f"you have no available {s.name}")
    elif ctx.holdings.supply_used(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    price = None if guest or over else where.price.get(planet)
    terraform = price is not None and "terraform_cost" in price.parameters
    steps = terraform_steps(ctx, faction.home, planet) if terraform else 0
    free_steps = state.temp.get("step", 0)
    if free_steps and steps == 0:
        raise IllegalMoveError("free-steps", "free terraforming steps need a planet that needs terraforming")
    costs = list(ctx.holdings.structure_cost(state, p, piece, planet=planet))
    tokens = None
    if price is not None:
        costs.extend(price.costs)
        for param in price.parameters:
            if param == "terraform_cost":
                ore = max(0, steps - free_steps) * ctx.holdings.param(state, p, "terraform_cost")
                if ore:
                    costs.append(ast.Pay(ore, "o"))
            elif param == "gaia_project_cost":
                tokens = (tokens or 0) + ctx.holdings.param(state, p, "gaia_project_cost")
            else:
                costs.extend(ctx.holdings.param(state, p, param))
    if not over:
        reach = reach or reach_of(ctx, state, p)
        check_temporary_range(ctx, state, p, name, reach)
    qic = 0 if over else reach.qic_for(ctx, name)
    if qic:
        costs.append(ast.Pay(qic, "q"))
    if tokens and power.tokens_in_cycle(player) < tokens:
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs {tokens} power tokens, "
                                               f"you have {power.tokens_in_cycle(player)}")
    return PlacePlan(planet, guest, over, steps, min(free_steps, steps), tuple(costs), tokens, completes)


def place_problem(ctx: Context, state: GameState, p: int, piece: str, name: str, reach: Reach | None = None) -> str | None:
    """Why a new `piece` cannot be placed on `name` now (a rule or an unpaid price), or None.

    None does not promise the build is accepted: what it sets off comes later.
    """
    try:
        plan = place_plan(ctx, state, p, piece, name, reach)
    except IllegalMoveError as err:
        return err.message
    return effects.can_pay(ctx, state, p, plan.costs)


def place_new(ctx: Context, state: GameState, p: int, piece: str, name: str, by: str = MAIN_ACTION) -> None:
    """A new piece on a hex: paid, placed, the planet changed as its data says, then what a build sets
    off (or, for a Gaia Project, its start)."""
    plan = place_plan(ctx, state, p, piece, name)
    player = state.players[p]
    s = ctx.content.structure(player, piece)
    effects.pay(ctx, state, p, plan.costs, f"structure:{piece}")
    follow: list[Pending] = []
    if plan.tokens is not None:
        choices.take_with_choice(ctx, state, p, plan.tokens, "gaia", follow)
    if plan.completes:   # never half done: the project under the piece completes before it is replaced
        complete_project(ctx, state, p, name, plan.planet, follow)
    becomes = None if plan.guest or s.gaia_project else ctx.content.placement(player, piece).becomes.get(plan.planet)
    put_piece(ctx, state, p, piece, name, becomes, plan.guest, by != MAIN_ACTION)
    state.temp.pop("step", None)
    state.temp.pop("range", None)
    if "federation" in s.counts_for:
        join_federation(ctx, state, p, name)
    # each step fires `on step`, tagged: the free steps used first, then the steps paid for with ore
    effects.fire(ctx, state, p, effects.Event("step", frozenset(("free",)), {"step": 1}), plan.free, follow)
    effects.fire(ctx, state, p, effects.Event("step", frozenset(("paid",)), {"step": 1}), plan.steps - plan.free,
                 follow)
    if s.gaia_project:
        effects.apply_now(ctx, state, p, s.effects, f"structure:{piece}", follow)
        player.gaia_projects = {**player.gaia_projects, name: state.round}  # replaced: clones share it
        effects.fire(ctx, state, p, effects.Event("gaia-start", hexes=(name,)), 1, follow)
        if ctx.holdings.param(state, p, "gaia_project_rounds") == 0:   # a project of 0 rounds completes at once
            becomes = ctx.content.placement(player, piece).becomes.get(plan.planet, plan.planet)
            complete_project(ctx, state, p, name, becomes, follow)
    else:
        fire_build(ctx, state, p, piece, _where(ctx, state, p, piece, name, plan.guest), follow, name=name,
                   steps=plan.steps, free_steps=plan.free, by=by)
    queue(state, follow)


def put_piece(ctx: Context, state: GameState, p: int, piece: str, name: str, becomes: str | None = None,
              guest: bool = False, in_follow_up: bool = False) -> bool:
    """The board change of every new piece, a player's or the Automa's: the piece on the hex, the planet
    turned into `becomes` (when given), the build recorded for the charges it offers. Whether the
    planet changed."""
    holdings.place(state, name, p, piece, guest)
    changed = becomes is not None and becomes != ctx.map.planet_at(state, name)
    if changed:
        state.hex(name).planet = becomes
    if "charge" in ctx.content.structure(state.players[p], piece).counts_for:
        charges.record_build(state, name, in_follow_up)
    return changed


def complete_project(ctx: Context, state: GameState, p: int, name: str, planet: str, follow: list[Pending]) -> None:
    """Player p's Gaia Project on `name` completes now: the planet becomes `planet`, `gaia-complete` fires."""
    player = state.players[p]
    player.gaia_projects = {k: v for k, v in player.gaia_projects.items() if k != name}   # replaced: clones share it
    state.hex(name).planet = planet
    effects.fire(ctx, state, p, effects.Event("gaia-complete", hexes=(name,)), 1, follow)


def _where(ctx: Context, state: GameState, p: int, piece: str, name: str, guest: bool) -> set[str]:
    """The build filters a new piece matches (`on build X on ...`): guest; or gaia, home, new-type."""
    if guest:
        return {"guest"}
    player = state.players[p]
    planet = ctx.map.planet_at(state, name)
    where = set()
    if ctx.content.kinds.get(planet) == "gaia":
        where.add("gaia")
    if planet == ctx.content.faction(player).home:
        where.add("home")
    if ctx.content.counts(player, piece, "planet") and _new_type(ctx, state, p, name, planet):
        where.add("new-type")
    return where


def _new_type(ctx: Context, state: GameState, p: int, name: str, planet: str) -> bool:
    return all(ctx.map.planet_at(state, n) != planet for n in ctx.holdings.colonized(state, p) if n != name)


def fire_build(ctx: Context, state: GameState, p: int, piece: str, where: set[str], follow: list[Pending],
               name: str | None = None, source: str | None = None, steps: int = 0, free_steps: int = 0,
               by: str = MAIN_ACTION) -> None:
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


def upgrade(ctx: Context, state: GameState, p: int, piece: str, name: str, by: str = MAIN_ACTION) -> None:
    player = state.players[p]
    s = ctx.content.structure(player, piece)
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != s.upgrades_from:
        def named(code: str) -> str:
            return ctx.content.structure(player, code).name
        have = "nothing of yours" if h is None or h.owner != p else f"your {named(h.piece)}"
        raise IllegalMoveError("upgrade", f"{with_article(s.name)} upgrades {with_article(named(s.upgrades_from))}; "
                                          f"{name} holds {have}")
    if name == player.lost_planet:
        raise IllegalMoveError("upgrade", "the Lost Planet mine cannot be upgraded")
    if ctx.holdings.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    near = s.cost_near_opponent is not None and _opponent_near(ctx, state, p, name)
    effects.pay(ctx, state, p, ctx.holdings.structure_cost(state, p, piece, near, ctx.map.planet_at(state, name)),
                f"structure:{piece}")
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
    change_piece(ctx, state, p, name, piece, by != MAIN_ACTION)
    follow: list[Pending] = []
    fire_build(ctx, state, p, piece, set(), follow, name=name, source=source, by=by)
    queue(state, follow)


def change_piece(ctx: Context, state: GameState, p: int, name: str, piece: str, in_follow_up: bool = False) -> None:
    """The board change of an upgrade or a downgrade, a player's or the Automa's: `piece` in place of p's
    piece on `name`, the build recorded for the charges it offers."""
    holdings.replace(state, name, p, piece)
    if ctx.content.counts(state.players[p], piece, "charge"):
        charges.record_build(state, name, in_follow_up)


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
    """A piece built next to one of your federations joins it, and with it every piece of yours connected
    to it that is in no federation yet (its whole group).

    The printed rules say only that a planet colonized next to a federation enlarges it; which other
    pieces come along they leave open. The reference engine (boardgamers.space, player.build: the new
    piece's building group) settles it, and the recorded games follow it (regression game
    federation-join-group-4p): the group spreads through p's pieces with a federation power value and
    through the hexes of p's federations, and each of its pieces joins."""
    if p in state.board[name].federations:
        return
    joined = next((fed for near in ctx.map.neighbour_names[name] for fed in state.players[p].federations
                   if near in fed), None)
    if joined is None:
        return
    for member in sorted(_building_group(ctx, state, p, name)):
        if p not in state.board[member].federations:
            state.hex(member).federations.append(p)
            joined.append(member)


def _building_group(ctx: Context, state: GameState, p: int, name: str) -> set[str]:
    """`name` and p's pieces connected to it through p's pieces (federation value > 0) and federation hexes."""
    group, frontier = {name}, [name]
    while frontier:
        for near in ctx.map.neighbour_names[frontier.pop()]:
            h = state.board.get(near)
            if near in group or h is None:
                continue
            if p in h.federations or federations.piece_value(ctx, state, p, near) > 0:
                group.add(near)
                frontier.append(near)
    return group
