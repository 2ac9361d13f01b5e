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
from dataclasses import dataclass, field
from typing import Mapping

from ..board import distance
from ..content.catalogue import Structure
from ..language import ast
from ..language.english_words import with_article
from ..state import Pending
from . import charges, choices, effects, federations, holdings, power, sharing
from .common import queue
from .context import Context
from .errors import IllegalMoveError
from .map_view import MapView
from .moves import Move
from .bound import Bound

MAIN_ACTION = "main-action"  # the `by` of a build that is the turn's main action (any other is a follow-up)


def range_origins(b: Bound) -> list[str]:
    """The hexes seat b.p's range is measured from: its pieces that are range origins, and its guest pieces
    that count for range."""
    p, state = b.p, b.state
    pieces = b.faction.range_origins
    out = []
    for n, h in state.board.items():   # a plain loop: read on every build and every listing
        if h.owner == p and h.piece in pieces:
            out.append(n)
    # every seat asks (most have no guests): a rule no faction alone reaches (tests/rules/slow_rules_reach.py)
    out += [n for n in sharing.guest_hexes(state, p) if sharing.has_structure(b.content, state, state.board[n], p, "range")]
    return out


@dataclass(frozen=True)
class Reach:
    """Where player p's range is measured from and how far it goes, read once for many hexes."""

    origins: tuple[str, ...]   # hexes the range is measured from
    reach: int                 # range, temporary range included
    per_qic: int               # extra range per Q.I.C. paid

    def qic_for(self, game_map: MapView, name: str) -> int:
        """Q.I.C. needed to reach `name` (0 if within range)."""
        if not self.origins:
            return 0
        at = game_map.by_name
        target = at[name]
        dist = min(distance(at[o], target) for o in self.origins)
        if dist <= self.reach:
            return 0
        return math.ceil((dist - self.reach) / self.per_qic)

    def hexes(self, game_map: MapView, qic: int) -> frozenset[str] | None:
        """Hexes reachable paying at most `qic` Q.I.C. (None: no origin yet, so every hex)."""
        if not self.origins:
            return None
        far = self.reach + max(0, qic) * self.per_qic
        out: set[str] = set()
        for name in self.origins:
            out.update(game_map.within(name, far))
        return frozenset(out)


def reach_of(b: Bound) -> Reach:
    state, p = b.state, b.p
    reach = b.holdings.param(state, p, "range") + state.temp.get("range", 0)
    per_qic = b.holdings.param(state, p, "range_per_qic")
    return Reach(tuple(range_origins(b)), reach, per_qic)


def check_temporary_range(b: Bound, name: str, reach: Reach | None = None) -> None:
    """Under `temporary_range_must_help`, temporary range must save Q.I.C. on this hex.

    `reach` is the player's `reach_of` (temporary range included) when the caller has it already.
    """
    extra = b.state.temp.get("range", 0)
    if not extra or not b.content.game_params["temporary_range_must_help"]:
        return
    reach = reach or reach_of(b)
    plain = dataclasses.replace(reach, reach=reach.reach - extra)  # the same reach without the temporary range
    if plain.qic_for(b.map, name) == reach.qic_for(b.map, name):
        raise IllegalMoveError("temporary-range", f"{name} is as cheap to reach without the extra range")


def qic_for_range(b: Bound, name: str) -> int:
    """Q.I.C. needed to reach `name` (0 if within range, incl. temporary range)."""
    return reach_of(b).qic_for(b.map, name)


def builds_new(s: Structure) -> bool:
    """A piece built new (placed on a hex by its placement fields), not in place of another."""
    return s.upgrades_from is None


def build_main(b: Bound, move: Move) -> None:
    piece, text = move.args   # a build has its two arguments (`moves.check_move`)
    s = b.faction.structures.get(piece)
    if s is not None and s.action_only:
        raise IllegalMoveError("build", f"a {s.name} is placed only by an action that places it, not as a build")
    build_piece(b, piece, b.map.named(text))


def build_piece(b: Bound, piece: str, name: str, allowed: dict | None = None) -> None:
    """Build `piece` on `name`: the turn's main action, or a follow-up `allowed` by what gave it (its `by`)."""
    by = MAIN_ACTION if allowed is None else allowed.get("by", "reward")
    structures = b.faction.structures
    if piece not in structures:
        raise IllegalMoveError("build", f"unknown structure '{piece}'")
    s = structures[piece]
    if allowed is not None and allowed.get("from"):
        return downgrade(b, piece, name, allowed["from"], by)
    if builds_new(s):
        return place_new(b, piece, name, by)
    return upgrade(b, piece, name, by)


def terraform_steps(ctx: Context, home: str, target: str, off_wheel: Mapping[str, int] | None = None) -> int:
    """Terraforming steps from `home` to `target` the short way round the wheel (`ContentView.terraform_steps`).
    Takes `ctx`: a question about the content alone, asked for any seat (the Automa's too)."""
    return ctx.content.terraform_steps(home, target, off_wheel)


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
    becomes: dict[str, str] = field(default_factory=dict)   # the piece's `becomes` (`Placement.becomes`)


def place_plan(b: Bound, piece: str, name: str, reach: Reach | None = None) -> PlacePlan:
    """The checks and the price of placing a new `piece` on `name`; raises `IllegalMoveError` naming the
    rule it breaks.

    The price is not checked against the player's resources (`place_problem` does that).
    `reach` is the player's `reach_of` when the caller has it already.
    """
    state, p, player, structures = b.state, b.p, b.player, b.faction.structures
    s = structures[piece]
    planet = b.map.planet_at(state, name)
    where = b.content.placement(player, piece)
    h = state.board.get(name)
    guest = over = completes = False
    if h is not None and h.piece is not None:
        holder = structures[h.piece] if h.owner == p else None
        done = planet
        if holder is not None and holder.holds_planet and name in player.gaia_projects:
            done = b.content.placement(player, h.piece).becomes.get(planet, planet)
        if done != planet and s.structure and (planet in where.on or done in where.on):
            if not s.over_gaia_project or done not in where.on:
                raise IllegalMoveError("gaia-project", f"the Gaia Project on {name} is still under way: a {s.name} "
                                                       f"goes there once it is complete")
            planet, completes = done, True   # the project completes first: the full price of what it became
        elif holder is not None and s.structure and planet in where.on and holder.holds_planet:
            over = True
        else:
            guest = sharing.may_join(b.content, state, p, h, planet, piece)
            if guest is None:
                raise IllegalMoveError("guest-mine", f"you already have a {s.name} on {name}")
            if not guest:
                raise IllegalMoveError("occupied", f"{name} is already occupied")
    elif planet not in where.on:
        raise IllegalMoveError("habitable", f"a {s.name} cannot be built on {name} ({planet})")
    price = None if guest or over else where.price.get(planet)
    steps = where.steps.get(planet, 0) if price is not None and "terraform_cost" in price.parameters else 0
    free_steps = state.temp.get("step", 0)
    costs, tokens = _held_price(b, s, piece, planet, price, steps, free_steps)
    if not over:
        reach = reach or reach_of(b)
        check_temporary_range(b, name, reach)
    qic = 0 if over else reach.qic_for(b.map, name)
    if qic:
        costs.append(ast.Pay(qic, "q"))
    if tokens and power.tokens_in_cycle(player) < tokens:
        raise IllegalMoveError("gaia-project", f"a Gaia Project needs {tokens} power tokens, "
                                               f"you have {power.tokens_in_cycle(player)}")
    return PlacePlan(planet, guest, over, steps, min(free_steps, steps), tuple(costs), tokens, completes, where.becomes)


def _held_price(b: Bound, s: Structure, piece: str, planet: str, price, steps: int,
                free_steps: int) -> tuple[list, int | None]:
    """(what placing `piece` on `planet` costs, the power tokens it moves to the Gaia area), as seat b.p's
    holdings set it: its supply and free steps checked, the structure's cost, the place price and its
    parameters (`steps` terraforming steps, the first `free_steps` of them free)."""
    holdings, state, p = b.holdings, b.state, b.p
    if s.gaiaformer:
        if holdings.free_gaiaformers(state, p) <= 0:
            raise IllegalMoveError("supply", f"you have no available {s.name}")
    elif holdings.supply_used(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    if free_steps and steps == 0:
        raise IllegalMoveError("free-steps", "free terraforming steps need a planet that needs terraforming")
    paid_steps = max(0, steps - free_steps)
    costs = list(holdings.structure_cost(state, p, piece, planet=planet))
    tokens = None
    if price is not None:
        costs.extend(price.costs)
        for param in price.parameters:
            if param == "terraform_cost":
                ore = paid_steps * holdings.param(state, p, "terraform_cost")
                if ore:
                    costs.append(ast.Pay(ore, "o"))
            elif param == "gaia_project_cost":
                tokens = (tokens or 0) + holdings.param(state, p, "gaia_project_cost")
            else:
                costs.extend(holdings.param(state, p, param))
    return costs, tokens


def place_problem(b: Bound, piece: str, name: str, reach: Reach | None = None) -> str | None:
    """Why a new `piece` cannot be placed on `name` now (a rule or an unpaid price), or None.

    None does not promise the build is accepted: what it sets off comes later.
    """
    try:
        plan = place_plan(b, piece, name, reach)
    except IllegalMoveError as err:
        return err.message
    return effects.can_pay(b, plan.costs)


def place_new(b: Bound, piece: str, name: str, by: str = MAIN_ACTION) -> None:
    """A new piece on a hex: paid, placed, the planet changed as its data says, then what a build sets
    off (or, for a Gaia Project, its start)."""
    plan = place_plan(b, piece, name)
    state, player = b.state, b.player
    s = b.faction.structures[piece]
    effects.pay(b, plan.costs, f"structure:{piece}")
    follow: list[Pending] = []
    if plan.tokens is not None:
        choices.take_with_choice(b, plan.tokens, "gaia", follow)
    if plan.completes:   # never half done: the project under the piece completes before it is replaced
        complete_project(b, name, plan.planet, follow)
    becomes = None if plan.guest or s.gaia_project else plan.becomes.get(plan.planet)
    put_piece(b, piece, name, becomes, plan.guest, by != MAIN_ACTION)
    state.temp.pop("step", None)
    state.temp.pop("range", None)
    if "federation" in s.counts_for:
        join_federation(b, name)
    # each step fires `on step`, tagged: the free steps used first, then the steps paid for with ore
    if plan.free:
        effects.fire(b, effects.Event("step", frozenset(("free",)), {"step": 1}), plan.free, follow)
    if plan.steps > plan.free:
        effects.fire(b, effects.Event("step", frozenset(("paid",)), {"step": 1}), plan.steps - plan.free,
                     follow)
    if s.gaia_project:
        effects.apply_now(b, s.effects, f"structure:{piece}", follow)
        player.gaia_projects = {**player.gaia_projects, name: state.round}  # replaced: clones share it
        effects.fire(b, effects.Event("gaia-start", hexes=(name,)), 1, follow)
        if b.holdings.param(state, b.p, "gaia_project_rounds") == 0:   # a project of 0 rounds completes at once
            becomes = plan.becomes.get(plan.planet, plan.planet)
            complete_project(b, name, becomes, follow)
    else:
        fire_build(b, piece, _where(b, s, name, plan.guest), follow, name=name, steps=plan.steps, free_steps=plan.free, by=by)
    queue(state, follow)


def put_piece(b: Bound, piece: str, name: str, becomes: str | None = None, guest: bool = False,
              in_follow_up: bool = False) -> bool:
    """The board change of every new piece, a player's or the Automa's: the piece on the hex, the planet
    turned into `becomes` (when given), the build recorded for the charges it offers. Whether the
    planet changed."""
    state = b.state
    changed = becomes is not None and becomes != b.map.planet_at(state, name)
    holdings.place(state, name, b.p, piece, guest)
    if changed:
        state.hex(name).planet = becomes
    if "charge" in b.faction.structures[piece].counts_for:
        charges.record_build(state, name, in_follow_up)
    return changed


def complete_project(b: Bound, name: str, planet: str, follow: list[Pending]) -> None:
    """Player p's Gaia Project on `name` completes now: the planet becomes `planet`, `gaia-complete` fires."""
    player = b.player
    player.gaia_projects = {k: v for k, v in player.gaia_projects.items() if k != name}   # replaced: clones share it
    b.state.hex(name).planet = planet
    effects.fire(b, effects.Event("gaia-complete", hexes=(name,)), 1, follow)


def _where(b: Bound, s: Structure, name: str, guest: bool) -> set[str]:
    """The build filters a new piece on `name` matches (`on build X on ...`): guest; or gaia, home, new-type."""
    if guest:
        return {"guest"}
    state = b.state
    colonized = b.holdings.colonized(state, b.p) if "planet" in s.counts_for else None
    at = b.map.planet_at
    planet = at(state, name)
    where = set()
    if b.content.kinds.get(planet) == "gaia":
        where.add("gaia")
    if planet == b.faction.home:
        where.add("home")
    if colonized is not None and all(at(state, n) != planet for n in colonized if n != name):
        where.add("new-type")   # no other planet of this type colonised: a new type
    return where


def fire_build(b: Bound, piece: str, where: set[str], follow: list[Pending], name: str | None = None,
               source: str | None = None, steps: int = 0, free_steps: int = 0, by: str = MAIN_ACTION) -> None:
    """A piece was built (from `source` when it replaced one; `by` what gave it, `vocabulary.BUILD_BY`):
    its `now` effects, then the `build` event."""
    faction = b.faction
    event = effects.Event("build", frozenset(where | {by}),
                          {"step": steps, "paid-step": steps - free_steps, "free-step": free_steps},
                          (name,) if name else (), piece, source)
    effects.apply_now(b, faction.structures[piece].effects, f"structure:{piece}", follow)
    if piece == faction.planetary_institute_structure:
        effects.apply_now(b, faction.planetary_institute, faction.id, follow, "pi")
    effects.fire(b, event, 1, follow)


def upgrade(b: Bound, piece: str, name: str, by: str = MAIN_ACTION) -> None:
    state, p, player, structures = b.state, b.p, b.player, b.faction.structures
    s = structures[piece]
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != s.upgrades_from:
        have = "nothing of yours" if h is None or h.owner != p else f"your {structures[h.piece].name}"
        raise IllegalMoveError("upgrade", f"{with_article(s.name)} upgrades "
                                          f"{with_article(structures[s.upgrades_from].name)}; {name} holds {have}")
    if name == player.lost_planet:
        raise IllegalMoveError("upgrade", "the Lost Planet mine cannot be upgraded")
    if b.holdings.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    near = s.cost_near_opponent is not None and _opponent_near(b, name)
    effects.pay(b, b.holdings.structure_cost(state, p, piece, near, b.map.planet_at(state, name)),
                f"structure:{piece}")
    _replace_piece(b, name, piece, s.upgrades_from, by)


def downgrade(b: Bound, piece: str, name: str, source: str, by: str = "reward") -> None:
    """`build X from Y`: turn your Y back into an X; it counts as building an X."""
    state, p = b.state, b.p
    h = state.board.get(name)
    if h is None or h.owner != p or h.piece != source:
        raise IllegalMoveError("downgrade", f"{name} does not hold your {source}")
    s = b.faction.structures[piece]
    if b.holdings.count(state, p, piece) >= s.supply:
        raise IllegalMoveError("supply", f"no {s.name} left on your faction board")
    _replace_piece(b, name, piece, source, by)


def _replace_piece(b: Bound, name: str, piece: str, source: str | None, by: str) -> None:
    """Put `piece` in place of p's `source` on `name`; it counts as building it (triggers, charges)."""
    change_piece(b, name, piece, by != MAIN_ACTION)
    follow: list[Pending] = []
    fire_build(b, piece, set(), follow, name=name, source=source, by=by)
    queue(b.state, follow)


def change_piece(b: Bound, name: str, piece: str, in_follow_up: bool = False) -> None:
    """The board change of an upgrade or a downgrade, a player's or the Automa's: `piece` in place of p's
    piece on `name`, the build recorded for the charges it offers."""
    holdings.replace(b.state, name, b.p, piece)
    if "charge" in b.faction.structures[piece].counts_for:
        charges.record_build(b.state, name, in_follow_up)


def _opponent_near(b: Bound, name: str) -> bool:
    board, p = b.state.board, b.p
    for other in b.map.within(name, b.map.near_opponent_distance):
        h = board.get(other)
        if h is None:
            continue
        if any(o != p for o in sharing.with_structures(b.content, b.state, h)):
            return True
    return False


def join_federation(b: Bound, name: str) -> None:
    """A piece built next to one of your federations joins it, and with it every piece of yours connected
    to it that is in no federation yet (its whole group).

    The printed rules say only that a planet colonized next to a federation enlarges it; which other
    pieces come along they leave open. The reference engine (boardgamers.space, player.build: the new
    piece's building group) settles it, and the recorded games follow it (regression game
    federation-join-group-4p): the group spreads through p's pieces with a federation power value and
    through the hexes of p's federations, and each of its pieces joins."""
    state, p = b.state, b.p
    if p in state.board[name].federations:
        return
    feds = b.player.federations
    if not feds:
        return
    joined = next((fed for near in b.map.neighbour_names[name] for fed in feds if near in fed), None)
    if joined is None:
        return
    for member in sorted(_building_group(b, name)):
        if p not in state.board[member].federations:
            state.hex(member).federations.append(p)
            joined.append(member)


def _building_group(b: Bound, name: str) -> set[str]:
    """`name` and p's pieces connected to it through p's pieces (federation value > 0) and federation hexes."""
    state, p = b.state, b.p
    group, frontier = {name}, [name]
    while frontier:
        for near in b.map.neighbour_names[frontier.pop()]:
            h = state.board.get(near)
            if near in group or h is None:
                continue
            if p in h.federations or federations.piece_value(b, near) > 0:
                group.add(near)
                frontier.append(near)
    return group
