"""The flow of a game: set-up, rounds (income, Gaia phase, actions, clean-up), the end.

`advance` moves the game forward until someone must decide something. The
order of every automatic step is written here once, top-down, as the rulebook
tells it.
"""
from __future__ import annotations

from typing import Callable

from ..content.spelling import did_you_mean
from ..language import ast
from ..state import GameState, Pending
from . import auction, charges, choices, conversions, effects, holdings, research, scoring, special_token
from .content_view import RESOURCE_FIELDS
from .bound import Bound, bind
from .context import Context
from .errors import IllegalMoveError

RoundObserver = Callable[[GameState, int], None]

# Follow-ups that are moves on the board; at the end of the game there is none left to make.
FOLLOW_UP_KINDS = frozenset({"up", "tech", "build", "swap", "fedtile", "lostPlanet"})


# ------------------------------------------------------------------ set-up

def start(ctx: Context, state: GameState) -> None:
    """The game begins: given factions are taken (each seat bound once as it takes its own), or the choice
    or auction opens. Takes `ctx`: no seat acts yet."""
    state.seats = list(range(len(state.players)))
    if state.setup.factions:
        for i, f in enumerate(state.setup.factions):
            choose_faction(bind(ctx, state, i), f)
        begin_placements(ctx, state)
    elif state.setup.auction:
        auction.start(ctx.content, state)
    else:
        state.phase = "factions"


def choose_faction(b: Bound, fid: str) -> None:
    """The bound seat takes a faction (a `faction` move, or the set-up's given factions); one per home planet
    type. (The view's `faction` stays None: it was bound before the choice.)"""
    cat = b.content.catalogue
    if fid not in cat.factions:
        raise IllegalMoveError("faction", f"unknown faction '{fid}'{did_you_mean(fid, cat.factions)}")
    state = b.state
    for other in state.players:
        clash = b.ctx.seat(state, other.index).faction_clash(cat, other.faction, fid)
        if clash is not None:
            raise IllegalMoveError("faction", clash)
    holdings.set_faction(state, b.p, fid)


def init_player(b: Bound) -> None:
    """Starting resources, power and research of the bound seat's faction (once every faction is chosen)."""
    cat = b.content.catalogue
    player, faction = b.player, b.faction
    player.vp = faction.start["vp"]
    caps = b.content.caps   # a start above a cap is cut to it, as any amount above it is lost
    for code, attr in RESOURCE_FIELDS.items():
        if attr != "vp":
            setattr(player, attr, min(faction.start[attr], caps.get(code, faction.start[attr])))
    player.power = dict(faction.power)
    special_token.start(player, faction)
    holdings.set_research(b.state, b.p, {t: 0 for t in cat.tracks})
    for track in faction.research:
        research.advance(b, track, setup=True)


def begin_placements(ctx: Context, state: GameState) -> None:
    """Starting pieces, as each faction's `setup` says: pass by pass (the game's `setup_order` gives each
    pass's direction: `forward` in seat order, `reverse` from the last seat), then the pieces placed at a
    given place of the whole sequence (`at`). Takes `ctx`: it orders every seat's pieces."""
    for p in range(len(state.players)):
        ctx.seat(state, p).start(ctx, state, p)
    order = ctx.content.catalogue.game["setup_order"]
    plans = [ctx.seat(state, p).starting_pieces(ctx, state, p) for p in range(len(state.players))]
    passes = max([len(order)] + [pl.pass_number(len(order)) or 0 for plan in plans for pl in plan])
    queue: list[list] = []
    seats = list(state.seats)
    for k in range(1, passes + 1):
        direction = order[k - 1] if k <= len(order) else "forward"
        for p in (seats if direction == "forward" else list(reversed(seats))):
            queue.extend([p, pl.piece] for pl in plans[p] if pl.pass_number(len(order)) == k)
    placed_at = sorted(((pl.at, [p, pl.piece]) for p in seats for pl in plans[p] if pl.at is not None),
                       key=lambda x: x[0])
    for position, item in placed_at:
        queue.insert(min(position, len(queue)), item)
    state.setup_queue = queue
    state.phase = "setup"
    if not queue:
        begin_boosters(state)


def begin_boosters(state: GameState) -> None:
    state.phase = "boosters"
    state.setup_queue = [[p, "booster"] for p in reversed(state.seats)]


def expected_player(state: GameState) -> int | None:
    if state.phase == "factions":
        if state.setup.auction:  # choices in seat order
            return state.seats[len(state.offers)] if len(state.offers) < len(state.players) else None
        return next((p.index for p in state.players if p.faction is None), None)
    if state.phase == "bids":
        return state.current
    if state.phase in ("setup", "boosters"):
        return state.setup_queue[0][0] if state.setup_queue else None
    if state.phase == "actions":
        return state.current
    return None


# ------------------------------------------------------------------ the loop

def advance(ctx: Context, state: GameState, observer: RoundObserver | None = None) -> None:
    """Play every automatic step until a decision is needed or the game ends. Takes `ctx`: no seat acts;
    a step one seat takes (its income, its Gaia phase) binds that seat's view once."""
    while not state.decisions and not state.ended:
        if state.phase == "actions":  # first: the phase of nearly every move
            if state.charge_sources:
                builder, name = state.charge_sources.pop(0)
                charges.offer_charges(ctx, state, builder, name)  # each source's offers start from the bowls of now
                continue
            if state.current is not None and not state.turn_done:
                return
            if state.turn_done:
                finish_turn(state)
                continue
            # nobody left to play: the round is over
            end_round(ctx, state, observer)
            continue
        if state.phase == "factions":
            if not state.setup.auction and all(p.faction is not None for p in state.players):
                begin_placements(ctx, state)
                continue
            return
        if state.phase == "bids":
            if auction.over(state):
                auction.finish(state)
                begin_placements(ctx, state)
                continue
            return
        if state.phase == "setup":
            if not state.setup_queue:
                begin_boosters(state)
                continue
            return
        if state.phase == "boosters":
            if not state.setup_queue:
                state.turn_order = list(state.seats)
                if observer is not None:
                    observer(state, 0)  # set-up complete, before the first income
                start_round(ctx, state, 1)
                continue
            return
        if state.phase == "income":
            if state.setup_queue:
                p = state.setup_queue.pop(0)[0]
                income(bind(ctx, state, p))
                continue
            begin_gaia_phase(ctx, state)
            continue
        if state.phase == "gaia":
            if state.setup_queue:
                p = state.setup_queue.pop(0)[0]
                gaia_phase_player(bind(ctx, state, p))
                continue
            begin_actions(state)
            continue
        return


def start_round(ctx: Context, state: GameState, number: int) -> None:
    """A round begins for every seat (takes `ctx`): each seat's new round, limits reset, the events, income."""
    sync_income_order(ctx, state)
    state.round = number
    if number > 1:
        for p in state.seats:
            ctx.seat(state, p).new_round(ctx, state, number)
    for player in state.players:  # statements limited to once per round may fire again
        if player.marks:
            player.marks = [m for m in player.marks if not m.startswith("round:")]
    if number == 1:
        everyone(ctx, state, effects.Event("game-start"))
    everyone(ctx, state, effects.Event("round-start"))
    state.phase = "income"
    state.setup_queue = [[p, "income"] for p in state.turn_order]


def everyone(ctx: Context, state: GameState, event) -> None:
    """Fire an event of the whole table for each player, in turn order; follow-ups become decisions.
    Takes `ctx`: it binds each seat that hears events once (none when firing it would do nothing)."""
    if effects.silent(ctx.content, event.name):
        return
    for p in state.turn_order or state.seats:
        if ctx.seat(state, p).takes_events:  # the Automa scores nothing of what the events give
            state.decisions.extend(effects.fire(bind(ctx, state, p), event))


# ------------------------------------------------------------------ income

def _income_key(h) -> str:
    """Identity of an income source; copies of a structure share one (the site drops the oldest copy first)."""
    if h.source.startswith("structure:"):
        sid = h.source.split(":")[1]
        return f"structure:{sid}:{h.statement.clause.gains}#{h.index}"
    return f"{h.source}#{h.index}"


def income_events(b: Bound) -> list[tuple[str, tuple]]:
    """(source, gains) of every income statement the bound seat holds, in the order they were gained."""
    order = b.player.income_order
    held = [(key, h.source, h.statement.clause.gains) for key, h in b.holdings.derived(b.state, b.p, _income_held)
            if h.statement.condition is None and h.statement.once is None
            or effects.may_fire(b, h.statement, f"{h.source}#{h.index}")]
    positions: dict[str, list[int]] = {}
    for i, key in enumerate(order):
        positions.setdefault(key, []).append(i)
    used: dict[str, int] = {}
    ranked = []
    for key, source, gains in held:
        k = used.get(key, 0)
        used[key] = k + 1
        slots = positions.get(key, [])
        ranked.append((slots[k] if k < len(slots) else len(order) + len(ranked), source, gains))
    ranked.sort(key=lambda r: r[0])
    return [(source, gains) for _, source, gains in ranked]


def income_totals(b: Bound) -> dict[str, int]:
    """What the bound seat's income would pay now, by resource code (`pw` charges and `t` tokens included);
    only plain amounts: a gain that is a choice or an action has no amount."""
    totals: dict[str, int] = {}
    for _source, gains in income_events(b):
        for g in gains:
            if isinstance(g, ast.Amount):
                totals[g.resource] = totals.get(g.resource, 0) + g.count * (_per(b, g.per) if g.per else 1)
    return totals


def end_move(ctx: Context, state: GameState, since: tuple, observer=None) -> None:
    """What follows every move: the builds whose follow-ups it finished close, the income sources gained
    or lost since `holdings.revision` gave `since` join or leave their owner's order, and the game
    advances as far as it goes without a decision (`advance`). Takes `ctx`: the move's seat is done."""
    charges.close_builds(state)
    changed = holdings.changed_since(state, since)
    if changed:
        sync_income_order(ctx, state, changed)
    advance(ctx, state, observer)


def sync_income_order(ctx: Context, state: GameState, only: tuple[int, ...] | None = None) -> None:
    """Keep each player's income sources in the order gained: new ones last, lost ones dropped (oldest first).

    `only` limits the check to these players (those whose holdings a move changed). Takes `ctx`: it
    goes over every seat and needs only each one's holdings, no bound view.
    """
    for p in range(len(state.players)) if only is None else only:
        player = state.players[p]
        if player.faction is None:
            continue
        want, need = ctx.holdings.derived(state, p, _income_keys)
        if len(want) == len(player.income_order) and want == tuple(sorted(player.income_order)):
            continue
        have: dict[str, int] = {}
        for key in player.income_order:
            have[key] = have.get(key, 0) + 1
        order = list(player.income_order)
        for key, n in have.items():
            for _ in range(n - need.get(key, 0)):
                order.remove(key)  # the oldest copy goes first
        for key, n in need.items():
            order.extend([key] * (n - have.get(key, 0)))
        player.income_order = order


def _income_held(_content, held) -> tuple[tuple[str, object], ...]:
    """(source key, held statement) of each income statement held, in the order held (a key writes out
    the gains: worked out once per holding, not at each income)."""
    return tuple((_income_key(h), h) for h in held if isinstance(h.statement.clause, ast.Income))


def _income_keys(content, held) -> tuple[tuple[str, ...], dict[str, int]]:
    """The income sources held, sorted, and how many of each (in the order held)."""
    need: dict[str, int] = {}
    for key, _h in _income_held(content, held):
        need[key] = need.get(key, 0) + 1
    return tuple(sorted(k for k, n in need.items() for _ in range(n))), need


def _kinds(events: list) -> tuple[bool, bool]:
    tokens = any(res == "t" for e in events for res, _, _ in e)
    charges = any(res == "pw" for e in events for res, _, _ in e)
    return tokens, charges


def income_choice_needed(events: list) -> bool:
    """The order is the player's when some income gives tokens and some gives charges."""
    return all(_kinds(events))


def income_options(events: list) -> list[str]:
    """What can be named next: each token event's tokens, then each charge event's charge."""
    out = [f"{n}t" for e in events for res, n, _ in e if res == "t"]
    out += [f"{n}pw" for e in events for res, n, _ in e if res == "pw" and not any(r == "t" for r, _, _ in e)]
    return out


def income(b: Bound) -> None:
    """Gain every income event in order; with tokens and charges both due, the bound seat orders them."""
    events = [[[g.resource, g.count * (_per(b, g.per) if g.per else 1), source]
               for g in gains if isinstance(g, ast.Amount)]
              for source, gains in income_events(b)]
    events = [e for e in events if e]
    if income_choice_needed(events):
        b.state.decisions.append(Pending("income", b.p, {"events": events}))
        return
    follow: list[Pending] = []
    with effects.hearing_refusals(b, follow):
        choices.apply_events(b, events, follow)
    b.state.decisions.extend(follow)


def _per(b: Bound, counters) -> int:
    """What the bound seat counts of `counters` now (an income amount's `per`)."""
    return b.holdings.count_per(b.state, b.p, counters)


# ------------------------------------------------------------------ Gaia phase

def begin_gaia_phase(ctx: Context, state: GameState) -> None:
    """Gaia Projects complete (the planet under a `gaia_project` piece becomes what its `becomes` says),
    then each player's tokens return. Takes `ctx`: it goes over every seat's projects, binding an owner
    once for each project that completes."""
    done: list[tuple[int, str]] = []
    for name, h in state.board.items():
        if h.piece is not None and h.owner is not None and ctx.content.structure(state.players[h.owner], h.piece).gaia_project:
            owner = state.players[h.owner]
            started = owner.gaia_projects.get(name)
            if started is not None and state.round - started < ctx.holdings.param(state, h.owner, "gaia_project_rounds"):
                continue  # still under way
            if started is not None:  # replaced, not changed: clones share it
                owner.gaia_projects = {k: v for k, v in owner.gaia_projects.items() if k != name}
            planet = ctx.map.planet_at(state, name)
            becomes = ctx.content.placement(owner, h.piece).becomes.get(planet)
            if becomes is not None and becomes != planet:
                state.hex(name).planet = becomes
                done.append((h.owner, name))
    for owner, name in done:
        state.decisions.extend(effects.fire(bind(ctx, state, owner), effects.Event("gaia-complete", hexes=(name,))))
    everyone(ctx, state, effects.Event("gaia-phase"))
    state.phase = "gaia"
    state.setup_queue = [[p, "gaia"] for p in state.turn_order]


def gaia_phase_player(b: Bound) -> None:
    """The bound seat's Gaia phase: its choice of Gaia-phase conversions when it has one, else its tokens return."""
    choices = [h for h in b.holdings.held(b.state, b.p) if isinstance(h.statement.clause, ast.GaiaPhase)]
    if choices and gaia_choice_open(b):
        b.state.decisions.append(Pending("gaia-phase", b.p, {}))
        return
    return_gaia_tokens(b)


def gaia_choice_open(b: Bound) -> bool:
    """Whether some Gaia-phase conversion open to the bound seat now (its condition holds, its limit allows)
    could be paid."""
    power = b.player.power
    for costs, _gains in conversions.conversions(b, gaia_phase=True):
        if effects.can_pay(b, costs, "conversion") is None:
            if all(not isinstance(c, ast.Move) or power.get(c.source, 0) >= c.count for c in costs):
                return True
    return False


def return_gaia_tokens(b: Bound) -> None:
    """The bound seat's tokens in the Gaia area go where its token route says (area I unless changed)."""
    player = b.player
    target = b.holdings.param(b.state, b.p, "token_route", "gaia")
    n = player.power["gaia"]
    player.power["gaia"] = 0
    player.power[target] += n
    player.gaiaformers_in_gaia = 0
    special_token.leave_gaia(player, target)


# ------------------------------------------------------------------ actions phase

def begin_actions(state: GameState) -> None:
    state.phase = "actions"
    state.pass_order = []
    state.current = next((p for p in state.turn_order if not state.players[p].passed), None)
    state.turn_done = False
    state.main_done = False


def finish_turn(state: GameState) -> None:
    """After a turn: charge offers for what was built (one source at a time), then the next player."""
    builder = state.current
    state.turn_done = False
    state.main_done = False
    state.temp = {}
    state.charge_sources = [[builder, name] for name in state.turn_builds]  # kept in charge order
    state.turn_builds, state.open_builds = [], []
    state.current = next_player(state, builder)


def next_player(state: GameState, after: int) -> int | None:
    order = state.turn_order
    i = order.index(after)
    for k in range(1, len(order) + 1):
        p = order[(i + k) % len(order)]
        if not state.players[p].passed:
            return p
    return None


def end_round(ctx: Context, state: GameState, observer: RoundObserver | None) -> None:
    """Clean-up, then the next round (turn order per the variant) or the final scoring. Takes `ctx`: every
    seat's round ends."""
    for p in state.players:
        p.specials_used = []
    state.board_actions_used = []
    everyone(ctx, state, effects.Event("round-end"))
    if observer is not None:
        observer(state, state.round)
    last = ctx.content.catalogue.game["rounds"]
    if state.round >= last:
        everyone(ctx, state, effects.Event("final-scoring"))
        state.decisions = [d for d in state.decisions if d.kind not in FOLLOW_UP_KINDS]  # no more moves to make
        scoring.final_scoring(ctx, state)
        state.ended = True
        state.phase = "end"
        state.current = None
        return
    if ctx.content.game_params["turn_order"] == "pass-order":
        order = list(state.pass_order)
    else:
        seats = state.seats
        i = seats.index(state.pass_order[0])
        order = seats[i:] + seats[:i]
    for p in state.players:
        p.passed = False
    state.turn_order = order
    start_round(ctx, state, state.round + 1)
