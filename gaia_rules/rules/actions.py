"""Every command a player can give, each in its own small function.

`dispatch` decides which commands are open now (a pending decision, a
follow-up of the turn, a main action, free actions, the end of the turn) and
calls the handler. Handlers check the rule first and raise `IllegalMoveError`
naming it; they mutate the state (a clone made by the engine).
"""
from __future__ import annotations

from ..language import ast
from ..state import Pending
from . import auction, charges, choices, effects, holdings, phases, rescoring, research
from .building import build_main, build_piece, fire_build, join_federation, qic_for_range
from .common import arg, expect, hex_name, occupied, queue
from .bound import Bound
from .conversions import FREE, conversions, free_conversion
from .errors import IllegalMoveError, MoveSyntaxError
from .federations import form_federation
from .moves import Move, swap_command
from .tech import cover_tech, take_tech

FREE_COMMANDS = ("spend", "burn")


# ------------------------------------------------------------------ dispatch

# commands of set-up options of the site (sectors turned by the last player, a hand-made set-up):
# the notation reads them, but a game here is drawn or given whole before the first move
UNPLAYED_OPTIONS = {"rotate": "turning sectors before factions are chosen (the site's advanced set-up)",
                    "set": "placing set-up items by hand (the site's custom set-up)"}


def dispatch(b: Bound, move: Move) -> None:
    """Play `move` through `b`, the view the engine bound for it (the mover's)."""
    ctx, state = b.ctx, b.state
    if move.command in UNPLAYED_OPTIONS:
        raise IllegalMoveError("option", f"'{move.command}' belongs to a set-up option this engine does not "
                                         f"play: {UNPLAYED_OPTIONS[move.command]}; give the set-up as it ended up")
    if ctx.seats.for_move(state, move).play(b, move):   # a seat that plays by its own deck
        return
    if state.decisions:
        return _decision(b, move, state.decisions[0])
    phase = state.phase
    if phase == "factions":
        expect(move, "faction")
        if state.setup.auction:
            return auction.choose(b, arg(move, 0))
        return phases.choose_faction(b, arg(move, 0))
    if phase == "bids":
        expect(move, "bid", "faction")
        if move.command == "faction":
            return auction.choose(b, arg(move, 0))
        return auction.bid(b, move)
    if phase == "setup":
        expect(move, "build")
        return setup_placement(b, move)
    if phase == "boosters":
        expect(move, "booster")
        return take_starting_booster(b, move)
    if phase == "actions":
        return _turn(b, move)
    raise IllegalMoveError("phase", f"no move is expected in the {phase} phase")


def _turn(b: Bound, move: Move) -> None:
    state = b.state
    if move.command in FREE_COMMANDS:
        if state.pending:
            raise IllegalMoveError("sequence", f"first answer the '{state.pending[0].kind}' your action needs")
        return FREE[move.command](b, move)
    if state.pending:
        follow = state.pending[0]
        handler = FOLLOW_UPS.get(follow.kind)
        if move.command == "decline" and follow.kind == "up":
            state.pending.pop(0)
            queue(state, research.refused_step(b, follow.data["track"]))
            return
        expect(move, *follow_up_commands(follow))
        state.pending.pop(0)
        return handler(b, move, follow)
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
    handler(b, move)  # its follow-ups are queued in state.pending
    state.main_done = True


# ------------------------------------------------------------------ set-up

def setup_placement(b: Bound, move: Move) -> None:
    """A starting piece of the bound seat (the first of the set-up queue, whose turn it is) on its home type."""
    state, p = b.state, b.p
    piece = state.setup_queue[0][1]
    home = b.faction.home
    if move.args[:1] != (piece,):
        raise IllegalMoveError("setup", f"place a starting {b.faction.structures[piece].name} (build {piece} <hex>)")
    name = hex_name(b.ctx, arg(move, 1))
    if b.map.planet_at(state, name) != home:
        raise IllegalMoveError("setup", f"starting pieces go on your home planet type ({home})")
    if occupied(state, name):
        raise IllegalMoveError("setup", f"{name} is already taken")
    holdings.place(state, name, p, piece)
    state.setup_queue.pop(0)
    state.decisions.extend(effects.fire(b, effects.Event("setup", frozenset((piece,)), hexes=(name,))))


def take_starting_booster(b: Bound, move: Move) -> None:
    state = b.state
    booster = arg(move, 0)
    if booster not in state.boosters_table:
        raise IllegalMoveError("booster", f"{booster} is not on the table")
    state.boosters_table.remove(booster)
    holdings.set_booster(state, b.p, booster)
    state.setup_queue.pop(0)


# ------------------------------------------------------------------ hexes


# ------------------------------------------------------------------ building


# ------------------------------------------------------------------ charges

def _charge(b: Bound, move: Move, decision: Pending) -> None:
    """Accept the offered charge (its VP cost is paid after the power moves) or decline it."""
    ctx, state, p = b.ctx, b.state, b.p
    offers = charges.charge_offers(b, decision)
    if move.command == "decline":
        state.decisions.pop(0)
        return
    offer = arg(move, 0)
    norm = _norm_offer(offer)
    match = next((o for o in offers if _norm_offer(o) == norm), None)
    if match is None:
        raise IllegalMoveError("charge", f"the offer is {' or '.join(offers)}, not {offer}")
    state.decisions.pop(0)
    free = ctx.holdings.param(state, p, "charge_free_power")
    items = []
    cost = charged = 0
    for part in match.split(","):
        count, res = _split_amount(part)
        if res == "pw":
            cost += max(0, count - free)
            charged += count
        items.append([res, count, "charge"])
    if cost:
        items.append(["vp", -cost, "charge"])
    follow: list[Pending] = []
    with effects.hearing_refusals(b, follow):
        choices.apply_sequence(b, items, follow)
    # the rest of the `on charge` statements (their power-cycle gains came with the offer)
    builder = decision.data.get("builder")
    tags = frozenset(t for t in (decision.data.get("piece"),
                                 None if builder is None else state.players[builder].faction) if t is not None)
    effects.fire(b, effects.Event("charge", tags, {"pw": charged}), 1, follow, without=charges.POWER_CYCLE)
    state.decisions[:0] = follow


def _norm_offer(text: str) -> tuple:
    return tuple(_split_amount(x) for x in text.split(","))


def _split_amount(text: str) -> tuple[int, str]:
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    if i > 9:  # no count in a game has that many digits (and Python refuses to read some that long)
        raise MoveSyntaxError(text, 1, f"'{text[:12]}...' is not an amount")
    return (int(text[:i]) if i else 1), text[i:]


# ------------------------------------------------------------------ decisions outside the turn

def _decision(b: Bound, move: Move, decision: Pending) -> None:
    ctx, state = b.ctx, b.state
    kind = decision.kind
    if kind == "charge":
        expect(move, "charge", "decline")
        return _charge(b, move, decision)
    if kind == "income":
        expect(move, "income")
        return _income_choice(b, move, decision)
    if kind == choices.KIND:
        expect(move, choices.KIND)
        state.decisions.pop(0)
        follow: list[Pending] = []
        with effects.hearing_refusals(b, follow):
            choices.resolve(b, arg(move, 0), decision, follow)
        state.decisions[:0] = follow
        return
    if kind == "gaia-phase":
        return _gaia_phase_choice(b, move, decision)
    if kind in FOLLOW_UPS:  # follow-ups of a decision (e.g. a tech tile bought in the Gaia phase)
        if move.command == "decline" and kind == "up":
            state.decisions.pop(0)
            instead = research.refused_step(b, decision.data["track"])
            after = state.decisions[0] if state.decisions else None
            if (after is not None and after.kind == "gaia-phase" and after.player == move.player
                    and ctx.content.game_params["gaia_phase_decline_ends"]):
                state.decisions.pop(0)
                phases.return_gaia_tokens(b)
            state.decisions[:0] = instead
            return
        expect(move, *follow_up_commands(decision))
        state.decisions.pop(0)
        before = list(state.pending)
        state.pending = []
        FOLLOW_UPS[kind](b, move, decision)
        state.decisions[:0] = state.pending
        state.pending = before
        return
    raise IllegalMoveError("sequence", f"unexpected decision '{kind}'")


def _income_choice(b: Bound, move: Move, decision: Pending) -> None:
    """`income a,b`: apply the income events these name, in this order; the rest follows automatically."""
    state = b.state
    events = decision.data["events"]
    chosen: list = []  # events, in the order named
    for part in arg(move, 0).split(","):
        want = _split_amount(part)
        options = phases.income_options(events)
        if not any(_split_amount(o) == want for o in options):
            raise IllegalMoveError("income", f"'{part}' is not in the available income: {', '.join(options)}")
        idx = next(i for i, e in enumerate(events) if any(res == want[1] and n == want[0] for res, n, _ in e)
                   and (want[1] == "t" or not any(r == "t" for r, _, _ in e)))
        chosen.append(events.pop(idx))
    follow: list[Pending] = []
    if not phases.income_choice_needed(events):
        state.decisions.pop(0)
        chosen.extend(events)
    with effects.hearing_refusals(b, follow):
        choices.apply_events(b, chosen, follow)
    state.decisions[:0] = follow


def gaia_phase_declinable(b: Bound) -> bool:
    """Gaia-phase conversions may be declined unless they only move tokens where they return anyway."""
    back = b.holdings.param(b.state, b.p, "token_route", "gaia")
    for costs, _gains in conversions(b, gaia_phase=True):
        if any(not isinstance(c, ast.Move) or c.target != back for c in costs):
            return True
    return False


def _gaia_phase_choice(b: Bound, move: Move, decision: Pending) -> None:
    state = b.state
    if move.command == "decline":
        if not gaia_phase_declinable(b):
            raise IllegalMoveError("gaia-phase", "these conversions cost nothing (the tokens return there anyway): use them all")
        state.decisions.pop(0)
        phases.return_gaia_tokens(b)
        return
    expect(move, "spend")
    follow = free_conversion(b, move, gaia_phase=True)
    if not phases.gaia_choice_open(b) or b.player.power["gaia"] == 0:
        state.decisions.pop(0)
        rest = follow
        state.decisions[:0] = rest
        phases.return_gaia_tokens(b)
    else:
        state.decisions[:0] = follow


# ------------------------------------------------------------------ free actions


# ------------------------------------------------------------------ board actions, specials, research, pass

def board_action(b: Bound, move: Move) -> None:
    ctx, state = b.ctx, b.state
    aid = arg(move, 0)
    action = ctx.content.catalogue.board_actions.get(aid)
    if action is None:
        raise IllegalMoveError("board-action", f"unknown board action '{aid}'")
    if aid in state.board_actions_used:
        raise IllegalMoveError("board-action", f"{aid} has been taken this round")
    p = move.player
    gains = action.effect.statements[0].clause.gains
    if ctx.content.game_params["refuse_wasted_board_actions"] and all_capped(b, gains):
        raise IllegalMoveError("board-action", f"everything {aid} gives would be lost to resource caps")
    if rescoring.needs_token(state, p, gains):
        raise IllegalMoveError("board-action", f"{aid} needs a federation token of yours")
    follow: list[Pending] = []
    cost = ctx.holdings.price(state, p, "board_action_cost", action.cost, aid)
    pw = sum(c.count for c in cost if isinstance(c, ast.Pay) and c.resource == "pw")
    problem = effects.can_pay(b, cost, "power-action")
    if problem:
        raise IllegalMoveError("cost", problem)
    effects.pay(b, [c for c in cost if not (isinstance(c, ast.Pay) and c.resource == "pw")], aid)
    state.board_actions_used.append(aid)
    plain = [g for g in gains if isinstance(g, ast.Amount)]
    others = [g for g in gains if not isinstance(g, ast.Amount)]
    items = choices.items_of(plain, aid) + [[g.resource, g.count * ctx.holdings.count_per(state, p, g.per), aid] for g in plain if g.per]
    if pw:
        effects.fire(b, effects.Event("spend", data={"pw": pw}), 1, follow)
    with effects.hearing_refusals(b, follow):
        if pw:
            choices.spend_with_choice(b, pw, items, follow, "power-action")
        else:
            choices.apply_sequence(b, items, follow)
    effects.apply_gains(b, others, aid, follow, by="board-action")
    effects.fire(b, effects.Event("board-action", frozenset((aid,))), 1, follow)
    queue(state, follow)


def all_capped(b: Bound, gains) -> bool:
    """Whether every gain is a plain amount of a resource the bound seat holds at its cap (all would be lost)."""
    player = b.player
    plain = [g for g in gains if isinstance(g, ast.Amount)]
    if not plain or len(plain) != len(gains):
        return False
    caps = b.content.caps
    for g in plain:
        cap = caps.get(g.resource)
        field = effects.RESOURCE_FIELDS.get(g.resource)
        if cap is None or field is None or getattr(player, field) < cap:
            return False
    return True


def special_action_name(b: Bound, statement: ast.Statement) -> str:
    """A special action of the bound seat named by what it gives: `4pw`, `q,5c`, `step`, `range+3`,
    `up-lowest`, ...; a piece turned into another: `down-lab` when it becomes one it was upgraded from
    (as the site names it), else `ts-from-m`."""
    structures = b.faction.structures
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
                built = g.pieces[0]
                downward = _upgraded_from(structures, g.source, built)
                parts.append(f"down-{g.source}" if downward else f"{built}-from-{g.source}")
                break
            if parts:
                continue  # "step" / "range" already name it
            name = structures[g.pieces[0]].name
            parts.append(name.replace(" ", "-"))
    return ",".join(parts)


def _upgraded_from(structures: dict, piece: str, lower: str) -> bool:
    """Whether `piece` is upgraded, in one or more steps, from `lower` among a faction's `structures`."""
    seen = set()
    while piece is not None and piece not in seen:
        seen.add(piece)
        piece = structures[piece].upgrades_from
        if piece == lower:
            return True
    return False


def held_specials(b: Bound) -> list[tuple[str, ast.Statement]]:
    """(key, statement) of each special action the bound seat holds now; key marks it used for the round.

    An action with a condition is offered while it holds; one limited to once per game, until used.
    """
    return [(f"{h.source}#{h.index}", h.statement) for h in b.holdings.held(b.state, b.p)
            if isinstance(h.statement.clause, ast.Action)
            and (h.statement.condition is None and h.statement.once is None or _offered(b, h))]


def _offered(b: Bound, h) -> bool:
    """A limited special action: its condition holds and its once-per limit is not used up."""
    st = h.statement
    cond = st.condition
    if cond is not None and not cond.holds(b.holdings.count_per(b.state, b.p, cond.counters, cond.each, cond.within,
                                                                 None, cond.near)):
        return False
    return st.once is None or f"{st.once}:{h.source}#{h.index}" not in b.player.marks


def special_action(b: Bound, move: Move) -> None:
    state = b.state
    p = move.player
    player = state.players[p]
    want = _norm_offer(arg(move, 0)) if "+" not in move.args[0] else move.args[0]
    found = None
    for key, st in held_specials(b):
        name = special_action_name(b, st)
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
    if st.once is not None:
        effects.may_fire(b, st, key)  # marks its once-per use
    follow = effects.apply_gains(b, st.clause.gains, key.split("#")[0], by="special-action")
    effects.fire(b, effects.Event("special-action"), 1, follow)
    queue(state, follow)


def research_main(b: Bound, move: Move) -> None:
    ctx, state = b.ctx, b.state
    p = move.player
    track = arg(move, 0)
    research.check_advance(b, track)
    effects.pay(b, ctx.holdings.price(state, p, "research_cost", ctx.content.catalogue.research.cost),
                f"research:{track}")
    queue(state, research.advance(b, track))


def pass_turn(b: Bound, move: Move) -> None:
    ctx, state = b.ctx, b.state
    p = move.player
    player = state.players[p]
    last = state.round >= ctx.content.catalogue.game["rounds"]
    new = move.args[0] if move.args and not last else None
    if not last:
        if new is None:
            raise IllegalMoveError("pass", "choose a booster to take when passing")
        if new not in state.boosters_table:
            raise IllegalMoveError("pass", f"{new} is not on the table")
    elif move.args and move.args[0] not in ctx.content.catalogue.boosters:
        # the site's notation names a booster there (and takes none): a booster id is let through, nothing else
        raise IllegalMoveError("pass", f"in the last round a pass takes no booster: write 'pass', not "
                                       f"'pass {' '.join(move.args)}'")
    for h in list(ctx.holdings.held(state, p)):
        if isinstance(h.statement.clause, ast.OnPass) and effects.may_fire(b, h.statement, f"{h.source}#{h.index}"):
            effects.apply_gains(b, h.statement.clause.gains, h.source)
    queue(state, effects.fire(b, effects.Event("pass")))
    old = player.booster
    if not last:
        state.boosters_table.remove(new)
    holdings.set_booster(state, p, new)  # none in the last round
    if old is not None:
        state.boosters_table.append(old)
    player.passed = True
    state.pass_order.append(p)
    state.turn_done = True


MAIN = {
    "build": build_main,
    "action": board_action,
    "special": special_action,
    "up": research_main,
    "pass": pass_turn,
}


def _federation_main(b: Bound, move: Move) -> None:
    form_federation(b, move)


MAIN["federation"] = _federation_main


# ------------------------------------------------------------------ follow-ups

def _f_up(b, move, follow):
    state = b.state
    track = arg(move, 0)
    allowed = follow.data["track"]
    if allowed == "lowest":
        levels = state.players[move.player].research
        low = min(levels.values())
        if levels.get(track) != low:
            raise IllegalMoveError("up-lowest", f"{track} is not one of your lowest tracks")
    elif allowed != "any" and track != allowed:
        raise IllegalMoveError("up", f"this step must go up on {allowed}")
    research.check_advance(b, track)
    queue(state, research.advance(b, track))


def _f_tech(b, move, follow):
    queue(b.state, take_tech(b, arg(move, 0)))


def _f_cover(b, move, follow):
    queue(b.state, cover_tech(b, arg(move, 0), follow))


def _f_build(b, move, follow):
    piece = arg(move, 0)
    if piece not in follow.data["pieces"]:
        raise IllegalMoveError("build", f"this action builds {' or '.join(follow.data['pieces'])}, not {piece}")
    build_piece(b, piece, b.map.named(arg(move, 1)), follow.data)


def _f_swap(b, move, follow):
    ctx, state = b.ctx, b.state
    p = move.player
    name = hex_name(ctx, arg(move, 0))
    first, second = follow.data["first"], follow.data["second"]
    h = state.board.get(name)
    player = state.players[p]
    if h is None or h.owner != p or h.piece != second or name == player.lost_planet:
        raise IllegalMoveError("swap", f"{name} does not hold your {second}")
    origin = next((n for n, x in state.board.items() if x.owner == p and x.piece == first), None)
    if origin is None:
        raise IllegalMoveError("swap", f"you have no {first} to swap")
    holdings.replace(state, origin, p, second)
    holdings.replace(state, name, p, first)
    queue(state, effects.fire(b, effects.Event("swap", frozenset((first, second)), hexes=(origin, name))))


def _f_fedtile(b, move, follow):
    state = b.state
    gains, source = rescoring.reward(b, move, follow)
    out: list[Pending] = []
    for each in gains:
        effects.apply_gains(b, each, source, out)
    queue(state, out)


def _f_lost_planet(b, move, follow):
    ctx, state, p = b.ctx, b.state, b.p
    name = hex_name(ctx, arg(move, 0))
    h = state.board.get(name)
    if ctx.map.kind_at(state, name) != "space" or (h is not None and (h.piece is not None or h.satellites)):
        raise IllegalMoveError("lost-planet", f"the Lost Planet goes on an empty space hex; {name} is not one")
    qic = qic_for_range(b, name)
    if qic:
        effects.pay(b, [ast.Pay(qic, "q")], "range")
    holdings.place_lost_planet(state, name, p, ctx.content.mine_id, ctx.content.planet_of_kind["lost"])
    charges.record_build(state, name, in_follow_up=True)
    join_federation(b, name)
    out: list[Pending] = []
    fire_build(b, ctx.content.mine_id, {"new-type"}, out, name=name, by=follow.data.get("by", "reward"))
    queue(state, out)


def _f_areas(b, move, question):
    state = b.state
    split = arg(move, 0)
    options = question.data["options"]
    if split not in options:
        raise IllegalMoveError("token-areas", f"take the tokens as one of: {'; '.join(options)}")
    choices.take_from_areas(state.players[move.player], split, question.data["to"])


def _f_token(b, move, question):
    state = b.state
    follow: list[Pending] = []
    with effects.hearing_refusals(b, follow):
        choices.resolve(b, arg(move, 0), question, follow)
    queue(state, follow)


FOLLOW_UPS = {
    "up": _f_up, "tech": _f_tech, "cover": _f_cover, "build": _f_build, "swap": _f_swap,
    rescoring.KIND: _f_fedtile, "lostPlanet": _f_lost_planet, choices.KIND: _f_token,
    choices.AREAS_KIND: _f_areas,
}
FOLLOW_UP_COMMANDS = {
    "up": ("up",), "tech": ("tech",), "cover": ("cover",), "build": ("build",),
    rescoring.KIND: (rescoring.KIND,), "lostPlanet": ("lostPlanet",), choices.KIND: (choices.KIND,),
    choices.AREAS_KIND: ("areas",),
}


def follow_up_commands(follow: Pending) -> tuple[str, ...]:
    """The commands that answer a follow-up; a swap's names the piece that moves (`swap-PI`)."""
    if follow.kind == "swap":
        return (swap_command(follow.data["first"]),)
    return FOLLOW_UP_COMMANDS[follow.kind]
